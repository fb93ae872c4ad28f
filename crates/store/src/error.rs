//! Errors of the event file layer, each with a stable kind.

use std::path::PathBuf;

use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};

/// Why an event file could not be created, opened, read or written.
#[derive(Debug)]
pub enum StoreError {
    AlreadyExists {
        path: PathBuf,
    },
    NotFound {
        path: PathBuf,
    },
    NotAnEventFile {
        path: PathBuf,
    },
    NewerVersion {
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    Damaged {
        path: PathBuf,
        damage: Damage,
    },
    ReadOnly {
        path: PathBuf,
        why: String,
    },
    DiskFull {
        path: PathBuf,
    },
    Sqlite(rusqlite::Error),
    Migration(rusqlite_migration::Error),
    Data(String),
    SameFile {
        path: PathBuf,
    },
    InUse {
        path: PathBuf,
        holder: String,
    },
    /// Another program holds the file open and will not let it be replaced (Windows: a PDF
    /// viewer, a backup or antivirus tool, a second copy of SQLite), even after waiting.
    HeldOpen {
        path: PathBuf,
    },
    /// The event was taken over by the laptop at `to`.
    Moved {
        path: PathBuf,
        to: String,
    },
    Io {
        path: PathBuf,
        detail: String,
    },
    /// A file given as a player library that is not one.
    NotALibrary {
        path: PathBuf,
    },
    UnknownLibraryPlayer {
        number: u32,
    },
}

/// What is wrong with a damaged event file, found when it is opened or checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    Empty,
    CutShort { bytes: u64, page_size: u64 },
    MissingPages { found: u64, expected: u64 },
    Header(String),
    Integrity(String),
    EventRecord(String),
    Entry { seq: i64, problem: String },
    Gap { seq: i64 },
    Steps { seq: i64 },
    Checksum { seq: i64 },
    Truncated { found: i64, expected: i64 },
    Replay { step: i64, problem: String },
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError::Sqlite(error)
    }
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(error: rusqlite_migration::Error) -> Self {
        StoreError::Migration(error)
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text)
    }
}

impl std::error::Error for StoreError {}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text)
    }
}

impl Damage {
    /// What is wrong, in words.
    pub fn message(&self) -> Message {
        match self {
            Damage::Empty => msg!("damage.empty", "the file is empty"),
            Damage::CutShort { bytes, page_size } => msg!(
                "damage.cut-short",
                "the file is cut short: {bytes} bytes, not a whole number of {page_size}-byte pages",
                bytes = *bytes,
                page_size = *page_size
            ),
            Damage::MissingPages { found, expected } => msg!(
                "damage.missing-pages",
                "the file is cut short: {found} of its {expected} pages are there",
                found = *found,
                expected = *expected
            ),
            Damage::Header(detail) => {
                msg!(
                    "damage.header",
                    "its header is damaged: {detail}",
                    detail = detail
                )
            }
            Damage::Integrity(detail) => {
                msg!(
                    "damage.integrity",
                    "SQLite finds it damaged: {detail}",
                    detail = detail
                )
            }
            Damage::EventRecord(problem) => msg!(
                "damage.event-record",
                "the event record cannot be read: {problem}",
                problem = problem
            ),
            Damage::Entry { seq, problem } => msg!(
                "damage.entry",
                "log entry {seq} cannot be read: {problem}",
                seq = *seq,
                problem = problem
            ),
            Damage::Gap { seq } => {
                msg!(
                    "damage.gap",
                    "log entries are missing before entry {seq}",
                    seq = *seq
                )
            }
            Damage::Steps { seq } => msg!(
                "damage.steps",
                "the log's steps are out of order at entry {seq}",
                seq = *seq
            ),
            Damage::Checksum { seq } => msg!(
                "damage.checksum",
                "log entry {seq} was changed after it was written (its checksum does not match)",
                seq = *seq
            ),
            Damage::Truncated { found, expected } => msg!(
                "damage.truncated",
                "the log ends after entry {found}, but the file recorded {expected} entries (the newest are lost)",
                found = *found,
                expected = *expected
            ),
            Damage::Replay { step, problem } => msg!(
                "damage.replay",
                "the log does not replay: step {step}: {problem}",
                step = *step,
                problem = problem
            ),
        }
    }
}

impl StoreError {
    /// The words for people.
    pub fn message(&self) -> Message {
        let path = |p: &std::path::Path| p.display().to_string();
        match self {
            StoreError::AlreadyExists { path: p } => msg!(
                "error.file-exists",
                "{path} already exists; choose another file name or open the existing event",
                path = path(p)
            ),
            StoreError::NotFound { path: p } => msg!(
                "error.file-not-found",
                "{path} does not exist; check the path or create the event first",
                path = path(p)
            ),
            StoreError::NotAnEventFile { path: p } => msg!(
                "error.not-an-event-file",
                "{path} is not a Tablekeeper event file; it was left unchanged",
                path = path(p)
            ),
            StoreError::NewerVersion {
                path: p,
                found,
                supported,
            } => msg!(
                "error.newer-version",
                "{path} was written by a newer Tablekeeper (event file version {found}, this app reads up to {supported}); update Tablekeeper to open it",
                path = path(p),
                found = *found,
                supported = *supported
            ),
            StoreError::Damaged { path: p, damage } => msg!(
                "error.damaged-file",
                "{path} is damaged ({damage}); it was left unchanged. Restore a backup to go on",
                path = path(p),
                damage = Param::message(&damage.message())
            ),
            StoreError::ReadOnly { path: p, why } => msg!(
                "error.read-only",
                "{path} is read-only ({why}); nothing was changed. Save a copy to a folder you can write to and open that copy to go on",
                path = path(p),
                why = why
            ),
            StoreError::DiskFull { path: p } => msg!(
                "error.disk-full",
                "the disk holding {path} is full; nothing was changed. Free some space (or save a copy to another disk) and try again",
                path = path(p)
            ),
            StoreError::Sqlite(error) => msg!(
                "error.storage",
                "the event file could not be read or written: {detail}",
                detail = error.to_string()
            ),
            StoreError::Migration(error) => msg!(
                "error.migration",
                "the event file could not be upgraded: {detail}",
                detail = error.to_string()
            ),
            StoreError::Data(detail) => msg!(
                "error.stored-data",
                "stored data could not be read: {detail}",
                detail = detail
            ),
            StoreError::SameFile { path: p } => msg!(
                "error.same-file",
                "{path} is the event file itself; choose another file",
                path = path(p)
            ),
            StoreError::InUse { path: p, holder } => msg!(
                "error.file-in-use",
                "{path} is open in another Tablekeeper ({holder}); close it there first",
                path = path(p),
                holder = holder
            ),
            StoreError::HeldOpen { path: p } => msg!(
                "error.file-held-open",
                "{path} is open in another program (a PDF viewer, a backup or antivirus tool), so it cannot be replaced; close it there and try again",
                path = path(p)
            ),
            StoreError::Moved { path: p, to } => msg!(
                "error.event-moved",
                "{path} was taken over by the laptop at {to}: the event goes on there, so nothing is changed here; join that laptop as a station",
                path = path(p),
                to = to
            ),
            StoreError::Io { path: p, detail } => {
                msg!(
                    "error.io",
                    "{path}: {detail}",
                    path = path(p),
                    detail = detail
                )
            }
            StoreError::NotALibrary { path: p } => msg!(
                "error.not-a-library",
                "{path} is not a Tablekeeper player library; it was left unchanged",
                path = path(p)
            ),
            StoreError::UnknownLibraryPlayer { number } => msg!(
                "error.unknown-player.library",
                "the library has no player {number}; find them by name or add them",
                number = number
            ),
        }
    }

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
            StoreError::InUse { .. } | StoreError::HeldOpen { .. } => ErrorKind::FileInUse,
            StoreError::Moved { .. } => ErrorKind::EventMoved,
            StoreError::Io { .. } => ErrorKind::Io,
            StoreError::NotALibrary { .. } => ErrorKind::NotALibrary,
            StoreError::UnknownLibraryPlayer { .. } => ErrorKind::UnknownPlayer,
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
