//! Copies of an open event (backups, "save a copy", a pinned state written later): the
//! database is copied with SQLite's backup API into a temporary file beside the target,
//! synced, then renamed into place, so a kill leaves the old file or the whole new one.

use std::path::{Path, PathBuf};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use crate::error::StoreError;
use crate::failpoint;
use crate::sidecar;

/// Whether two paths name the same file.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// One step of an event, pinned by [`EventFile::pin`]; it may move to another thread.
pub struct PinnedState {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
    pub(crate) head: (i64, String),
}

impl PinnedState {
    /// The event file this state is of.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The step and checksum of this state (as [`EventFile::head`] said when pinned).
    pub fn head(&self) -> (i64, String) {
        self.head.clone()
    }

    /// Writes this state to `target` as [`EventFile::save_copy`] does.
    pub fn save_copy(&self, target: &Path, replace: bool) -> Result<(), StoreError> {
        save_copy_from(&self.conn, &self.path, target, replace)
    }

    /// Writes this state to `target`, a mirror that other processes may keep too (the
    /// app and a command line, two laptops' command lines on one stick), and says which
    /// step the mirror holds after it. One writer at a time (a lock file beside the copy,
    /// waited for at most [`COPY_LOCK_WAIT`]); a copy that already holds this state —
    /// this step or a later one of the same history — is left as it is, so a reader that
    /// opened the event before a change never puts an older copy over a newer one. With
    /// `replace_newer` (after a restore, whose state is an earlier step of the history on
    /// the stick) the copy is written whatever it holds.
    pub fn mirror_to(&self, target: &Path, replace_newer: bool) -> Result<i64, StoreError> {
        let _writing = CopyLock::take(target)?;
        remove_stale_partials(target);
        if !replace_newer && let Some(step) = self.step_on(target) {
            return Ok(step);
        }
        save_copy_from(&self.conn, &self.path, target, true)?;
        Ok(self.head.0)
    }
}

impl PinnedState {
    /// The last step of the copy at `target` when it holds this state or a later one of
    /// the same history; `None` when it does not, or cannot be read (then it is written).
    fn step_on(&self, target: &Path) -> Option<i64> {
        let copy = Connection::open_with_flags(
            target,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .ok()?;
        let (created, last, head) = record_of(&copy)?;
        let holds = if self.head.0 == 0 {
            // No step yet: any state of the same event is this one or a later one.
            record_of(&self.conn).is_some_and(|(ours, _, _)| ours == created)
        } else {
            head.as_deref() == Some(self.head.1.as_str())
                || copy
                    .query_row(
                        "SELECT EXISTS (SELECT 1 FROM action_log WHERE checksum = ?1)",
                        [&self.head.1],
                        |row| row.get::<_, bool>(0),
                    )
                    .ok()?
        };
        holds.then_some(last)
    }
}

/// An event file's creation time, last step and the checksum its record keeps.
fn record_of(conn: &Connection) -> Option<(String, i64, Option<String>)> {
    conn.query_row(
        &format!(
            "SELECT created_at, {}, log_checksum FROM event WHERE singleton = 1",
            crate::log::LAST_STEP_SQL
        ),
        [],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
    .ok()
}

/// How long a mirror's writer waits for another one to finish its copy.
pub const COPY_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs `read` while no other program writes the copy at `target` (the copy lock).
pub fn while_copy_is_still<T>(target: &Path, read: impl FnOnce() -> T) -> Result<T, StoreError> {
    let _still = CopyLock::take(target)?;
    Ok(read())
}

/// Removes the temporary files writers of `target` left when they were killed mid-copy: with
/// the copy lock held nobody else is writing one.
fn remove_stale_partials(target: &Path) {
    let (Some(folder), Some(name)) = (target.parent(), target.file_name()) else {
        return;
    };
    let prefix = format!(".{}.partial-", name.to_string_lossy());
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            sidecar::remove_database(&entry.path());
        }
    }
}

/// The right to write a mirror's copy (an OS lock on a hidden file beside it, released when
/// dropped or when the process dies). `None` where the folder's file system has no locks (some
/// network shares): the copy is written as before, one temporary file per writer.
struct CopyLock {
    _file: Option<std::fs::File>,
}

impl CopyLock {
    fn take(target: &Path) -> Result<CopyLock, StoreError> {
        let path = sidecar::temporary(target, "copy-lock");
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| StoreError::io(&path, &e))?;
        let deadline = std::time::Instant::now() + COPY_LOCK_WAIT;
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(CopyLock { _file: Some(file) }),
                Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(StoreError::HeldOpen {
                        path: target.to_path_buf(),
                    });
                }
                Err(std::fs::TryLockError::Error(error))
                    if error.kind() == std::io::ErrorKind::Unsupported =>
                {
                    return Ok(CopyLock { _file: None });
                }
                Err(std::fs::TryLockError::Error(error)) => {
                    return Err(StoreError::io(&path, &error));
                }
            }
        }
    }
}

/// Writes the database behind `source` (the event at `path`) to `target`: into a temporary
/// file beside it, synced, then renamed into place. `replace` allows replacing an existing
/// file; a failed copy leaves nothing behind.
pub(crate) fn save_copy_from(
    source: &Connection,
    path: &Path,
    target: &Path,
    replace: bool,
) -> Result<(), StoreError> {
    if same_file(path, target) {
        return Err(StoreError::SameFile {
            path: target.to_path_buf(),
        });
    }
    if !replace && target.exists() {
        return Err(StoreError::AlreadyExists {
            path: target.to_path_buf(),
        });
    }
    let temporary = sidecar::own_temporary(target, "partial");
    let result = copy_database(source, &temporary, target).and_then(|()| {
        if !replace && target.exists() {
            return Err(StoreError::AlreadyExists {
                path: target.to_path_buf(),
            });
        }
        sidecar::rename_into_place(&temporary, target)?;
        failpoint::hit("copy.renamed");
        Ok(())
    });
    if result.is_err() {
        sidecar::remove_database(&temporary);
    }
    result
}

/// Writes the database behind `source` into the new file `temporary` (SQLite's backup
/// API, so the copy is consistent even while the event is open) and syncs it.
pub(crate) fn copy_database(
    source: &Connection,
    temporary: &Path,
    target: &Path,
) -> Result<(), StoreError> {
    let mut copy = Connection::open_with_flags(
        temporary,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::writing(target, e))?;
    {
        let backup = Backup::new(source, &mut copy).map_err(|e| StoreError::writing(target, e))?;
        loop {
            match backup
                .step(-1)
                .map_err(|e| StoreError::writing(target, e))?
            {
                StepResult::Done => break,
                StepResult::More | StepResult::Busy | StepResult::Locked => {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                _ => break,
            }
        }
    }
    // A copy is one self-contained file (a rollback journal, not a write-ahead log): reading
    // it — another process checking a mirror, a laptop looking at a stick — leaves no side
    // files beside it, which a copy renamed over it later could meet. Opened for work, it
    // is switched back to a write-ahead log (`checks::configure`).
    copy.pragma_update(None, "journal_mode", "DELETE")
        .map_err(|e| StoreError::writing(target, e))?;
    copy.close()
        .map_err(|(_, e)| StoreError::writing(target, e))?;
    failpoint::hit("copy.written");
    sidecar::sync_file(temporary)?;
    failpoint::hit("copy.synced");
    Ok(())
}

/// A closed event's file as one self-contained byte string (`VACUUM INTO` a temporary
/// file, read, removed): what a bundle carries, whatever the file's write-ahead log holds.
pub fn snapshot_bytes(path: &Path) -> Result<Vec<u8>, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::writing(path, e))?;
    let folder = tempfile::tempdir().map_err(|e| StoreError::io(path, &e))?;
    let copy = folder.path().join("snapshot.tkevent");
    conn.execute("VACUUM INTO ?1", [copy.to_string_lossy()])
        .map_err(|e| StoreError::writing(&copy, e))?;
    std::fs::read(&copy).map_err(|e| StoreError::io(&copy, &e))
}

/// Writes `bytes` as the new file `target` (a temporary file beside it, synced, renamed
/// into place, the folder synced): a kill leaves no file or the whole one.
pub fn write_whole(target: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    if let Some(folder) = target.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| StoreError::io(folder, &e))?;
    }
    let temporary = sidecar::own_temporary(target, "writing");
    let written = (|| {
        std::fs::write(&temporary, bytes).map_err(|e| StoreError::io(&temporary, &e))?;
        sidecar::sync_file(&temporary)?;
        sidecar::rename_into_place(&temporary, target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
