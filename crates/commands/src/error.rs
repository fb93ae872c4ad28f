//! The command layer's error: a stable `kind` the UI can act on, and its words as a
//! [`Message`] (key, parameters, English text) that each host renders in its language.

use std::collections::BTreeMap;

use serde::Serialize;
use tablekeeper_engine::EngineError;
use tablekeeper_store::StoreError;
use tablekeeper_words::message::Message;
use tablekeeper_words::{ErrorKind, msg};

/// Why a command failed. Nothing was changed when a command returns this.
#[derive(Debug)]
pub enum CommandError {
    Engine(EngineError),
    Store(StoreError),
    Input {
        kind: ErrorKind,
        message: Message,
    },
    Io {
        path: String,
        detail: String,
    },
    /// A damaged event file, with the newest backup that passes every check.
    Damaged {
        error: StoreError,
        backup: Option<std::path::PathBuf>,
    },
}

impl From<EngineError> for CommandError {
    fn from(error: EngineError) -> Self {
        CommandError::Engine(error)
    }
}

impl From<StoreError> for CommandError {
    fn from(error: StoreError) -> Self {
        CommandError::Store(error)
    }
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text)
    }
}

impl std::error::Error for CommandError {}

impl CommandError {
    pub fn input(kind: ErrorKind, message: Message) -> Self {
        CommandError::Input { kind, message }
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

    /// The words for people.
    pub fn message(&self) -> Message {
        match self {
            CommandError::Engine(e) => e.message(),
            CommandError::Store(e) => e.message(),
            CommandError::Input { message, .. } => message.clone(),
            CommandError::Io { path, detail } => {
                msg!("error.io", "{path}: {detail}", path = path, detail = detail)
            }
            CommandError::Damaged { error, backup } => match backup {
                Some(backup) => msg!(
                    "error.damaged-file.with-backup",
                    "{problem}: the newest good backup is {backup}",
                    problem = tablekeeper_words::message::Param::message(&error.message()),
                    backup = backup.display().to_string()
                ),
                None => msg!(
                    "error.damaged-file.no-backup",
                    "{problem}: no good backup was found beside it; restore a copy kept elsewhere (a USB stick, an exported archive)",
                    problem = tablekeeper_words::message::Param::message(&error.message())
                ),
            },
        }
    }

    /// The shape sent to the UI and printed by `--json`.
    pub fn to_view(&self) -> ErrorView {
        let message = self.message();
        ErrorView {
            kind: self.kind(),
            message: message.text,
            key: message.key,
            params: message.params,
        }
    }
}

/// An error as the UI and JSON output see it: `kind` to act on, `key` and `params` to
/// render the words in any language, `message` in English.
#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq, Eq, ts_rs::TS)]
#[ts(export)]
pub struct ErrorView {
    pub kind: ErrorKind,
    pub message: String,
    pub key: String,
    pub params: BTreeMap<String, String>,
}
