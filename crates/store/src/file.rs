//! Opening, reading and appending to an event file (creating one is `new_file.rs`).
//!
//! Every write path leaves the old file or the complete new one after a kill or a power
//! cut: appends are one transaction each; a new event is built in a temporary file and
//! renamed into place; copies (backups, "save a copy", restores) are written beside their
//! target, synced, then renamed. Opening reads and checks the whole file first
//! ([`crate::log::read`]); a file on read-only media, one held by another Tablekeeper, or
//! one on a full disk opens for reading and refuses changes with the reason.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, MAIN_DB, OpenFlags, TransactionBehavior, params};

use crate::access::{Access, ReadOnlyReason, refusal, why_not_writable};
use crate::checks::{
    check_integrity, configure, confirmed, identify, in_one_read, migration_error, private_copy,
};
use crate::copies::{PinnedState, copy_database, save_copy_from};
use crate::error::StoreError;
use crate::failpoint;
use crate::header;
use crate::lock::HolderLock;
use crate::log::{self, Entry, Head, LAST_STEP_SQL, Payloads, Steps, StoredEvent, StoredRow};
use crate::migrations::{LATEST_SCHEMA_VERSION, migrations};
use crate::replica_row::ReplicaRow;

/// File name extension of event files.
pub const EVENT_FILE_EXTENSION: &str = "tkevent";

/// An open event file.
pub struct EventFile {
    conn: Connection,
    path: PathBuf,
    access: Access,
    head: Head,
    _lock: Option<HolderLock>,
    /// A private copy opened instead of the file when the media allows no reading in place.
    _private_copy: Option<tempfile::TempDir>,
}

/// A replica's log is folded by the commit that grows it past this many pages only when the
/// station was never idle meanwhile (about 40 MB, thousands of results).
const REPLICA_FOLDS_AT_PAGES: i64 = 10_000;

impl EventFile {
    /// Opens an existing event file after checking all of it. Foreign, damaged or newer
    /// files are refused before anything is written to them. When the file cannot be
    /// written (read-only media, another Tablekeeper has it, a full disk) it opens for
    /// reading and [`EventFile::access`] says why.
    pub fn open(path: &Path) -> Result<(Self, StoredEvent), StoreError> {
        confirmed(|| Self::open_once(path))
    }

    fn open_once(path: &Path) -> Result<(Self, StoredEvent), StoreError> {
        if !path.exists() {
            return Err(StoreError::NotFound {
                path: path.to_path_buf(),
            });
        }
        header::check(path)?;
        let reason = match HolderLock::acquire(path) {
            Ok(lock) => match Self::open_writable(path, lock) {
                Ok(opened) => return Ok(opened),
                Err(
                    error @ (StoreError::NotAnEventFile { .. } | StoreError::NewerVersion { .. }),
                ) => return Err(error),
                // If the file reads well, writing is what failed (read-only media, a
                // full disk); otherwise the file itself is at fault and reading says how.
                Err(error) => match Self::open_reading(path, ReadOnlyReason::Inspection) {
                    Ok((mut file, stored)) => {
                        file.access = Access::ReadOnly(why_not_writable(path, &error));
                        return Ok((file, stored));
                    }
                    Err(reading) => return Err(reading),
                },
            },
            Err(StoreError::InUse { holder, .. }) => ReadOnlyReason::InUse { holder },
            Err(error @ (StoreError::ReadOnly { .. } | StoreError::DiskFull { .. })) => {
                why_not_writable(path, &error)
            }
            Err(error) => return Err(error),
        };
        Self::open_reading(path, reason)
    }

    /// Opens an event file for reading without locking it or writing anything (to check a
    /// backup, or to look at a file another process has open).
    pub fn open_read_only(path: &Path) -> Result<(Self, StoredEvent), StoreError> {
        confirmed(|| {
            if !path.exists() {
                return Err(StoreError::NotFound {
                    path: path.to_path_buf(),
                });
            }
            header::check(path)?;
            Self::open_reading(path, ReadOnlyReason::Inspection)
        })
    }

    /// Checks that `path` is a whole, readable event file of a version this app reads,
    /// without writing to it.
    pub fn inspect(path: &Path) -> Result<StoredEvent, StoreError> {
        Self::open_read_only(path).map(|(_, stored)| stored)
    }

    /// Reads an event file without locking or writing it.
    pub fn load_read_only(path: &Path) -> Result<StoredEvent, StoreError> {
        Self::inspect(path)
    }

    pub(crate) fn open_writable(
        path: &Path,
        lock: HolderLock,
    ) -> Result<(Self, StoredEvent), StoreError> {
        let mut conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| StoreError::writing(path, e))?;
        if conn.is_readonly(MAIN_DB).unwrap_or(false) {
            return Err(StoreError::ReadOnly {
                path: path.to_path_buf(),
                why: "the file is write-protected".into(),
            });
        }
        let (schema, mut stored, mut head) = in_one_read(&conn, || {
            let schema = identify(&conn, path)?;
            check_integrity(&conn, path)?;
            let (stored, head) = log::read(&conn, path, schema, Payloads::AfterSnapshot)?;
            Ok((schema, stored, head))
        })?;
        configure(&conn).map_err(|e| StoreError::writing(path, e))?;
        if schema < LATEST_SCHEMA_VERSION {
            migrations()
                .to_latest(&mut conn)
                .map_err(|e| migration_error(path, e))?;
            (stored, head) =
                log::read(&conn, path, LATEST_SCHEMA_VERSION, Payloads::AfterSnapshot)?;
        }
        Ok((
            EventFile {
                conn,
                path: path.to_path_buf(),
                access: Access::Write,
                head,
                _lock: Some(lock),
                _private_copy: None,
            },
            stored,
        ))
    }

    /// Opens for reading: in place when SQLite can, else from a private copy (a WAL file
    /// on write-protected media cannot be read in place without its shared-memory file).
    fn open_reading(
        path: &Path,
        reason: ReadOnlyReason,
    ) -> Result<(Self, StoredEvent), StoreError> {
        let in_place = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(StoreError::Sqlite)
        .and_then(|conn| identify(&conn, path).map(|schema| (conn, schema)));
        let (conn, schema, private) = match in_place {
            Ok((conn, schema)) => (conn, schema, None),
            Err(error @ (StoreError::NotAnEventFile { .. } | StoreError::NewerVersion { .. })) => {
                return Err(error);
            }
            Err(_) => {
                let (conn, folder) = private_copy(path)?;
                let schema = identify(&conn, path)?;
                (conn, schema, Some(folder))
            }
        };
        conn.busy_timeout(std::time::Duration::from_secs(2))?;
        // Another process may be appending: every check reads the same committed state.
        let (stored, head) = in_one_read(&conn, || {
            check_integrity(&conn, path)?;
            log::read(&conn, path, schema, Payloads::All)
        })?;
        Ok((
            EventFile {
                conn,
                path: path.to_path_buf(),
                access: Access::ReadOnly(reason),
                head,
                _lock: None,
                _private_copy: private,
            },
            stored,
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The last step and the checksum of the whole log (names a state exactly).
    pub fn head(&self) -> (i64, String) {
        (self.head.step, self.head.chain.to_hex())
    }

    /// Whether changes can be written, and if not, why.
    pub fn access(&self) -> &Access {
        &self.access
    }

    /// Changes are refused from now on: a station took the event over and serves it at `to`
    /// (found by the takeover's fence; nothing in the file changes).
    pub fn set_moved(&mut self, to: &str) {
        self.access = Access::ReadOnly(ReadOnlyReason::Moved { to: to.to_string() });
    }

    /// The error a change gets when the file was opened for reading only.
    pub(crate) fn writable(&self) -> Result<(), StoreError> {
        match &self.access {
            Access::Write => Ok(()),
            Access::ReadOnly(reason) => Err(refusal(&self.path, reason)),
        }
    }

    /// Reads settings, ruleset and the whole action log again (with every check).
    pub fn load(&self) -> Result<StoredEvent, StoreError> {
        in_one_read(&self.conn, || {
            let schema = identify(&self.conn, &self.path)?;
            Ok(log::read(&self.conn, &self.path, schema, Payloads::All)?.0)
        })
    }

    /// Appends entries as one step in one durable transaction: all are stored, or none.
    /// Returns the rows written.
    pub fn append(
        &mut self,
        entries: &[Entry],
        reason: Option<&str>,
        now: &str,
    ) -> Result<Vec<StoredRow>, StoreError> {
        self.append_with(entries, reason, now, Steps::One)
    }

    /// Appends entries in one durable transaction, each as its own step (several undos
    /// at once). Returns the rows written.
    pub fn append_steps(
        &mut self,
        entries: &[Entry],
        now: &str,
    ) -> Result<Vec<StoredRow>, StoreError> {
        self.append_with(entries, None, now, Steps::Each)
    }

    /// Stores `state` as the snapshot of the event after every row written so far (the
    /// command layer's serialized state). A snapshot only speeds up opening; failing to
    /// write one loses nothing.
    pub fn write_snapshot(&mut self, state: &str) -> Result<(), StoreError> {
        self.writable()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::writing(&self.path, e))?;
        log::write_snapshot(&tx, self.head, state)
            .map_err(|e| StoreError::writing(&self.path, e))?;
        tx.commit()
            .map_err(|e| StoreError::writing(&self.path, e))?;
        self.checkpoint();
        Ok(())
    }

    /// The log's head as stored (rows, last step, chain).
    pub(crate) fn log_head_raw(&self) -> Head {
        self.head
    }

    /// After rows were appended by another path (`replica.rs`): the new head. Not
    /// checkpointed here: a replica's append is waited for by the main laptop, and its copy
    /// is folded when it is idle ([`EventFile::fold_log`]).
    pub(crate) fn adopt_head(&mut self, head: Head) {
        self.head = head;
    }

    /// Copies the write-ahead log into the file now, synced (a replica between changes).
    pub fn fold_log(&self) {
        self.checkpoint();
    }

    /// Keeps this file as a station's replica of the main laptop's: a commit is in the
    /// file (a killed process loses nothing) without waiting for the disk, which gets it
    /// when the log is folded ([`EventFile::fold_log`], once the station is idle) — the main
    /// laptop's own file, synced at every commit, holds every step anyway (docs/lan.md,
    /// "The replica").
    pub fn keep_as_replica(&self) {
        let _ = self.conn.pragma_update(None, "synchronous", "NORMAL");
        // Folded when idle, not by the commit that fills the log: that commit is waited for.
        let _ = self
            .conn
            .pragma_update(None, "wal_autocheckpoint", REPLICA_FOLDS_AT_PAGES);
    }

    pub(crate) fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The connection to write with (callers check [`EventFile::writable`] first).
    pub(crate) fn connection_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    /// The number of log rows written.
    pub fn rows(&self) -> i64 {
        self.head.rows
    }

    /// The stored content of log rows `1..=up_to` by sequence number (for rows whose content was
    /// not kept when the file was opened).
    pub fn payloads(&self, up_to: i64) -> Result<BTreeMap<i64, String>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT seq, payload_json FROM action_log WHERE seq <= ?1 ORDER BY seq")?;
        let payloads = statement
            .query_map(params![up_to], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
            })?
            .collect::<Result<BTreeMap<_, _>, _>>()?;
        Ok(payloads)
    }

    fn append_with(
        &mut self,
        entries: &[Entry],
        reason: Option<&str>,
        now: &str,
        steps: Steps,
    ) -> Result<Vec<StoredRow>, StoreError> {
        self.writable()?;
        let path = self.path.clone();
        let writing = |error: StoreError| match error {
            StoreError::Sqlite(e) => StoreError::writing(&path, e),
            other => other,
        };
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::writing(&path, e))?;
        let (head, written, checksums) =
            log::insert(&tx, self.head, entries, reason, now, steps).map_err(writing)?;
        failpoint::hit("append.before-commit");
        tx.commit().map_err(|e| StoreError::writing(&path, e))?;
        failpoint::hit("append.after-commit");
        let before = self.head.chain.to_hex();
        self.head = head;
        // Told before the log is folded: stations' copies take the rows meanwhile.
        crate::listeners::tell(&self.path, &before, || {
            written
                .iter()
                .zip(&checksums)
                .map(|(row, checksum)| ReplicaRow {
                    seq: row.seq,
                    step: row.step,
                    recorded_at: row.recorded_at.clone(),
                    kind: row.kind.clone(),
                    payload_json: row.payload.clone().unwrap_or_default(),
                    reason: row.reason.clone(),
                    checksum: checksum.clone(),
                })
                .collect()
        });
        self.checkpoint();
        Ok(written)
    }

    /// Copies committed pages from the write-ahead log into the event file, so the
    /// `.tkevent` file alone holds every step (a user may copy just that file). A
    /// checkpoint that cannot run now (a reader is busy) is done by the next one.
    fn checkpoint(&self) {
        let _ = self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }

    /// Writes a consistent copy of the event to `target` with SQLite's backup API: into a
    /// temporary file beside it, synced, then renamed into place. `replace` allows
    /// replacing an existing file; a failed copy leaves nothing behind.
    pub fn save_copy(&self, target: &Path, replace: bool) -> Result<(), StoreError> {
        save_copy_from(&self.conn, &self.path, target, replace)
    }

    /// The event as it stands now, held on a connection of its own: a copy written from
    /// it (on another thread) is exactly this step even while this file takes more changes.
    pub fn pin(&self) -> Result<PinnedState, StoreError> {
        let reading = |e| StoreError::writing(&self.path, e);
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(reading)?;
        conn.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(reading)?;
        // A read transaction's first read fixes the snapshot (write-ahead log mode); the
        // backup API reads through the open transaction. The head is the snapshot's own:
        // a reader's file may hold steps committed by another process since it opened.
        conn.execute_batch("BEGIN").map_err(reading)?;
        let stored: (i64, Option<String>) = conn
            .query_row(
                &format!("SELECT {LAST_STEP_SQL}, log_checksum FROM event"),
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .map_err(reading)?;
        let head = match stored {
            (step, Some(checksum)) => (step, checksum),
            (_, None) => self.head(),
        };
        Ok(PinnedState {
            conn,
            path: self.path.clone(),
            head,
        })
    }
    /// Writes a consistent, synced copy of the event into the new file `temporary`.
    pub(crate) fn copy_into(&self, temporary: &Path, target: &Path) -> Result<(), StoreError> {
        copy_database(&self.conn, temporary, target)
    }

    /// `PRAGMA integrity_check`, for tests and diagnostics.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))?)
    }
}

impl Drop for EventFile {
    /// Leaves everything in the `.tkevent` file (closing the last connection then removes
    /// the empty write-ahead log).
    fn drop(&mut self) {
        if self.access == Access::Write {
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        }
    }
}
