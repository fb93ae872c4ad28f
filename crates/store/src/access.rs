//! Whether an open event may be changed, why not, and the error a refused change gets.

use std::path::Path;

use crate::error::StoreError;
use crate::sidecar;

/// Whether this process may change the event, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Access {
    Write,
    ReadOnly(ReadOnlyReason),
}

/// Why an event opened for reading only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadOnlyReason {
    /// Write-protected media, a read-only file or a folder the user cannot write to.
    Media { why: String },
    /// The disk has no room left for the event's side files.
    DiskFull,
    /// Another Tablekeeper has the event open.
    InUse { holder: String },
    /// Opened on purpose without changing anything (checks, restores, another process).
    Inspection,
    /// A station took the event over (a newer epoch is served at `to`): changes are made
    /// there now, never here (docs/lan.md, "Never two writers").
    Moved { to: String },
}

/// The error a change to a read-only event gets.
pub(crate) fn refusal(path: &Path, reason: &ReadOnlyReason) -> StoreError {
    match reason {
        ReadOnlyReason::Media { why } => StoreError::ReadOnly {
            path: path.to_path_buf(),
            why: why.clone(),
        },
        ReadOnlyReason::DiskFull => StoreError::DiskFull {
            path: path.to_path_buf(),
        },
        ReadOnlyReason::InUse { holder } => StoreError::InUse {
            path: path.to_path_buf(),
            holder: holder.clone(),
        },
        ReadOnlyReason::Moved { to } => StoreError::Moved {
            path: path.to_path_buf(),
            to: to.clone(),
        },
        ReadOnlyReason::Inspection => StoreError::ReadOnly {
            path: path.to_path_buf(),
            why: "it was opened only to be read".into(),
        },
    }
}

/// Why a file that reads well could not be opened for writing: what the failed attempt
/// said, else what a small test write in its folder shows.
pub(crate) fn why_not_writable(path: &Path, error: &StoreError) -> ReadOnlyReason {
    match error {
        StoreError::DiskFull { .. } => return ReadOnlyReason::DiskFull,
        StoreError::ReadOnly { why, .. } => {
            return ReadOnlyReason::Media { why: why.clone() };
        }
        _ => {}
    }
    let probe = sidecar::temporary(path, "probe");
    let written = std::fs::write(&probe, vec![0u8; 64 * 1024]);
    let _ = std::fs::remove_file(&probe);
    match written.map_err(|e| StoreError::io(path, &e)) {
        Err(StoreError::DiskFull { .. }) => ReadOnlyReason::DiskFull,
        Err(StoreError::ReadOnly { why, .. }) => ReadOnlyReason::Media { why },
        _ => ReadOnlyReason::Media {
            why: format!("it could not be opened for changes: {error}"),
        },
    }
}
