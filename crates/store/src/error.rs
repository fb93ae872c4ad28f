//! Errors of the event file layer, each with a stable kind.

use std::path::PathBuf;

use tablekeeper_engine::ErrorKind;

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
    #[error("{path} is damaged ({damage}); it was left unchanged. Restore a backup to go on")]
    Damaged { path: PathBuf, damage: Damage },
    #[error(
        "{path} is read-only ({why}); nothing was changed. Save a copy to a folder you can write to and open that copy to go on"
    )]
    ReadOnly { path: PathBuf, why: String },
    #[error(
        "the disk holding {path} is full; nothing was changed. Free some space (or save a copy to another disk) and try again"
    )]
    DiskFull { path: PathBuf },
    #[error("the event file could not be written: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the event file could not be migrated: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error("stored data could not be read: {0}")]
    Data(String),
    #[error("{path} is the event file itself; choose another file")]
    SameFile { path: PathBuf },
    #[error("{path} is open in another Tablekeeper ({holder}); close it there first")]
    InUse { path: PathBuf, holder: String },
    #[error("{path}: {detail}")]
    Io { path: PathBuf, detail: String },
}

/// What is wrong with a damaged event file, found when it is opened or checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    #[error("the file is empty")]
    Empty,
    #[error("the file is cut short: {bytes} bytes, not a whole number of {page_size}-byte pages")]
    CutShort { bytes: u64, page_size: u64 },
    #[error("the file is cut short: {found} of its {expected} pages are there")]
    MissingPages { found: u64, expected: u64 },
    #[error("its header is damaged: {0}")]
    Header(String),
    #[error("SQLite finds it damaged: {0}")]
    Integrity(String),
    #[error("the event record cannot be read: {0}")]
    EventRecord(String),
    #[error("log entry {seq} cannot be read: {problem}")]
    Entry { seq: i64, problem: String },
    #[error("log entries are missing before entry {seq}")]
    Gap { seq: i64 },
    #[error("the log's steps are out of order at entry {seq}")]
    Steps { seq: i64 },
    #[error("log entry {seq} was changed after it was written (its checksum does not match)")]
    Checksum { seq: i64 },
    #[error(
        "the log ends after entry {found}, but the file recorded {expected} entries (the newest are lost)"
    )]
    Truncated { found: i64, expected: i64 },
    #[error("the log does not replay: step {step}: {problem}")]
    Replay { step: i64, problem: String },
}

impl StoreError {
    /// Stable machine-readable kind for the command layer and the UI.
    pub fn kind(&self) -> ErrorKind {
        match self {
            StoreError::AlreadyExists { .. } => ErrorKind::FileExists,
            StoreError::NotFound { .. } => ErrorKind::FileNotFound,
            StoreError::NotAnEventFile { .. } => ErrorKind::NotAnEventFile,
            StoreError::NewerVersion { .. } => ErrorKind::NewerVersion,
            StoreError::Damaged { .. } => ErrorKind::DamagedFile,
            StoreError::ReadOnly { .. } => ErrorKind::ReadOnly,
            StoreError::DiskFull { .. } => ErrorKind::DiskFull,
            StoreError::Sqlite(_) => ErrorKind::Storage,
            StoreError::Migration(_) => ErrorKind::Migration,
            StoreError::Data(_) => ErrorKind::StoredData,
            StoreError::SameFile { .. } => ErrorKind::SameFile,
            StoreError::InUse { .. } => ErrorKind::FileInUse,
            StoreError::Io { .. } => ErrorKind::Io,
        }
    }

    pub(crate) fn damaged(path: &std::path::Path, damage: Damage) -> StoreError {
        StoreError::Damaged {
            path: path.to_path_buf(),
            damage,
        }
    }

    /// A SQLite error while writing `path`, told apart by what the user can do about it.
    pub(crate) fn writing(path: &std::path::Path, error: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode;
        match error.sqlite_error_code() {
            Some(ErrorCode::DiskFull) => StoreError::DiskFull {
                path: path.to_path_buf(),
            },
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly {
                path: path.to_path_buf(),
                why: "the disk or folder does not allow changes".into(),
            },
            _ => StoreError::Sqlite(error),
        }
    }

    /// A file-system error on `path`, told apart the same way.
    pub(crate) fn io(path: &std::path::Path, error: &std::io::Error) -> StoreError {
        use std::io::ErrorKind;
        match error.kind() {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => StoreError::DiskFull {
                path: path.to_path_buf(),
            },
            ErrorKind::ReadOnlyFilesystem => StoreError::ReadOnly {
                path: path.to_path_buf(),
                why: "the disk is write-protected or mounted read-only".into(),
            },
            ErrorKind::PermissionDenied => StoreError::ReadOnly {
                path: path.to_path_buf(),
                why: "you are not allowed to change files in this folder".into(),
            },
            _ => StoreError::Io {
                path: path.to_path_buf(),
                detail: error.to_string(),
            },
        }
    }
}
