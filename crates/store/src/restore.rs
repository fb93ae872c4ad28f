//! Replacing an event file with a copy of another (restoring a backup).
//!
//! Nothing is lost at any moment: the current file is first kept aside under a name that
//! is never reused, the copy is written to a temporary file beside the event and synced,
//! and only then renamed over the event. A kill at any point leaves the old event or the
//! restored one, and the kept copy holds every step the old one had.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

use crate::copies::same_file;
use crate::error::StoreError;
use crate::failpoint;
use crate::file::EventFile;
use crate::lock::HolderLock;
use crate::sidecar;

/// Replaces `event` with a copy of `source` after checking `source` as a whole event file.
/// `check` is the caller's own check of the source's content (that its log replays); it
/// runs before anything is moved. Returns where the previous event was kept, if there was
/// one.
pub fn restore(
    event: &Path,
    source: &Path,
    stamp: &str,
    check: impl FnOnce(&crate::StoredEvent) -> Result<(), StoreError>,
) -> Result<Option<PathBuf>, StoreError> {
    if !source.exists() {
        return Err(StoreError::NotFound {
            path: source.to_path_buf(),
        });
    }
    if same_file(event, source) {
        return Err(StoreError::SameFile {
            path: source.to_path_buf(),
        });
    }
    let _lock = HolderLock::acquire(event)?;
    let (copy_from, stored) = EventFile::open_read_only(source)?;
    check(&stored)?;
    failpoint::hit("restore.validated");
    let kept = if event.exists() {
        Some(keep_aside(event, stamp)?)
    } else {
        None
    };
    failpoint::hit("restore.kept");
    let temporary = sidecar::temporary(event, "restoring");
    sidecar::remove_database(&temporary);
    let copied = copy_from.copy_into(&temporary, event);
    if let Err(error) = copied {
        sidecar::remove_database(&temporary);
        return Err(error);
    }
    failpoint::hit("restore.copied");
    // The old file's side files belong to the kept copy now; SQLite must not apply them
    // to the restored file.
    for suffix in ["-wal", "-shm"] {
        let side = sidecar::with_suffix(event, suffix);
        if side.exists() {
            std::fs::remove_file(&side).map_err(|e| StoreError::io(&side, &e))?;
        }
    }
    sidecar::rename_into_place(&temporary, event)?;
    failpoint::hit("restore.renamed");
    Ok(kept)
}

/// Copies the current event to `<stem>.before-restore-<stamp>[-N].tkevent` (a name that
/// does not exist yet), synced, and returns that name. The event is checkpointed first so
/// the copy is one file; a damaged event is copied with its write-ahead log as it is.
fn keep_aside(event: &Path, stamp: &str) -> Result<PathBuf, StoreError> {
    if let Ok(conn) = Connection::open_with_flags(
        event,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    ) {
        let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        let _ = conn.close();
    }
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event".into());
    let folder = event.parent().unwrap_or_else(|| Path::new("."));
    let kept = sidecar::unused_name(folder, &format!("{stem}.before-restore-{stamp}"), "tkevent");
    let temporary = sidecar::temporary(&kept, "keeping");
    let copy = |from: &Path, to: &Path| -> Result<(), StoreError> {
        std::fs::copy(from, to).map_err(|e| StoreError::io(to, &e))?;
        sidecar::sync_file(to)
    };
    let result = (|| {
        let wal = sidecar::wal(event);
        if sidecar::has_content(&wal) {
            let kept_wal = sidecar::wal(&kept);
            let temporary_wal = sidecar::wal(&temporary);
            copy(&wal, &temporary_wal)?;
            sidecar::replace(&temporary_wal, &kept_wal)?;
        }
        copy(event, &temporary)?;
        sidecar::rename_into_place(&temporary, &kept)
    })();
    if result.is_err() {
        sidecar::remove_database(&temporary);
    }
    result.map(|()| kept)
}
