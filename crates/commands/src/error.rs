//! The command layer's error: a stable `kind` the UI can act on and a plain message that
//! says what to do.

use serde::Serialize;
use tablekeeper_engine::{EngineError, ErrorKind};
use tablekeeper_store::StoreError;

/// Why a command failed. Nothing was changed when a command returns this.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{message}")]
    Input { kind: ErrorKind, message: String },
    #[error("{path}: {detail}")]
    Io { path: String, detail: String },
    /// A damaged event file, with the newest backup that passes every check.
    #[error("{error}: {}", match backup {
        Some(backup) => format!("the newest good backup is {}", backup.display()),
        None => "no good backup was found beside it; restore a copy kept elsewhere (a USB stick, an exported archive)".to_string(),
    })]
    Damaged {
        error: StoreError,
        backup: Option<std::path::PathBuf>,
    },
}

impl CommandError {
    pub fn input(kind: ErrorKind, message: impl Into<String>) -> Self {
        CommandError::Input {
            kind,
            message: message.into(),
        }
    }

    /// A store error from opening `path`; a damaged file names its newest good backup.
    pub fn damaged(path: &std::path::Path, error: StoreError) -> Self {
        match error {
            StoreError::Damaged { .. } => CommandError::Damaged {
                error,
                backup: crate::backup::newest_good(path),
            },
            other => CommandError::Store(other),
        }
    }

    /// Stable machine-readable kind.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CommandError::Engine(e) => e.kind(),
            CommandError::Store(e) => e.kind(),
            CommandError::Input { kind, .. } => *kind,
            CommandError::Io { .. } => ErrorKind::Io,
            CommandError::Damaged { error, .. } => error.kind(),
        }
    }

    /// The `{kind, message}` shape sent to the UI and printed by `--json`.
    pub fn to_view(&self) -> ErrorView {
        ErrorView {
            kind: self.kind(),
            message: self.to_string(),
        }
    }
}

/// An error as the UI and JSON output see it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, ts_rs::TS)]
#[ts(export)]
pub struct ErrorView {
    pub kind: ErrorKind,
    pub message: String,
}
