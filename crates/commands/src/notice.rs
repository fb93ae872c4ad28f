//! Notices: what a command has to say besides its result (a backup that could not be
//! written), as a stable kind with parameters plus the English words for hosts that show
//! text as it is.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::CommandError;

/// One notice for the person at the keyboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct Notice {
    pub kind: String,
    pub params: BTreeMap<String, String>,
    pub message: String,
}

impl Notice {
    /// An automatic backup failed; the change itself is saved.
    pub fn backup_failed(error: &CommandError) -> Notice {
        Notice {
            kind: "backup-failed".into(),
            params: BTreeMap::from([
                ("error_kind".to_string(), error.kind().to_string()),
                ("error".to_string(), error.to_string()),
            ]),
            message: format!(
                "the change is saved, but the automatic backup could not be written: {error}"
            ),
        }
    }
}
