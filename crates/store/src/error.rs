//! Errors of the event file layer, each with a stable kind.

use std::path::PathBuf;

/// Why an event file could not be created, opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path} already exists; choose another file name or open the existing event")]
    AlreadyExists { path: PathBuf },
    #[error("{path} does not exist; check the path or create the event first")]
    NotFound { path: PathBuf },
    #[error("{path} is not a Tablekeeper event file; it was left unchanged")]
    NotAnEventFile { path: PathBuf },
    #[error(
        "{path} was written by a newer Tablekeeper (event file version {found}, this app reads up to {supported}); update Tablekeeper to open it"
    )]
    NewerVersion {
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    #[error("{path} is damaged ({detail}); restore a backup. The file was left unchanged")]
    Damaged { path: PathBuf, detail: String },
    #[error("the event file could not be written: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the event file could not be migrated: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("stored data could not be read: {0}")]
    Data(String),
    #[error("{path} is open in another Tablekeeper ({holder}); close it there first")]
    InUse { path: PathBuf, holder: String },
    #[error("{path}: {detail}")]
    Io { path: PathBuf, detail: String },
}

impl StoreError {
    /// Stable machine-readable kind for the command layer and the UI.
    pub fn kind(&self) -> &'static str {
        match self {
            StoreError::AlreadyExists { .. } => "file-exists",
            StoreError::NotFound { .. } => "file-not-found",
            StoreError::NotAnEventFile { .. } => "not-an-event-file",
            StoreError::NewerVersion { .. } => "newer-version",
            StoreError::Damaged { .. } => "damaged-file",
            StoreError::Sqlite(_) => "storage",
            StoreError::Migration(_) => "migration",
            StoreError::Data(_) => "stored-data",
            StoreError::InUse { .. } => "file-in-use",
            StoreError::Io { .. } => "io",
        }
    }
}
