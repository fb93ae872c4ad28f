//! The command layer's error: a stable `kind` the UI can act on and a plain message that
//! says what to do.

use serde::Serialize;
use tablekeeper_engine::EngineError;
use tablekeeper_store::StoreError;

/// Why a command failed. Nothing was changed when a command returns this.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{message}")]
    Input { kind: &'static str, message: String },
    #[error("{path}: {detail}")]
    Io { path: String, detail: String },
}

impl CommandError {
    pub fn input(kind: &'static str, message: impl Into<String>) -> Self {
        CommandError::Input {
            kind,
            message: message.into(),
        }
    }

    /// Stable machine-readable kind.
    pub fn kind(&self) -> &'static str {
        match self {
            CommandError::Engine(e) => e.kind(),
            CommandError::Store(e) => e.kind(),
            CommandError::Input { kind, .. } => kind,
            CommandError::Io { .. } => "io",
        }
    }

    /// The `{kind, message}` shape sent to the UI and printed by `--json`.
    pub fn to_view(&self) -> ErrorView {
        ErrorView {
            kind: self.kind().to_string(),
            message: self.to_string(),
        }
    }
}

/// An error as the UI and JSON output see it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, ts_rs::TS)]
#[ts(export)]
pub struct ErrorView {
    pub kind: String,
    pub message: String,
}
