//! Creating, opening, reading and appending to an event file.
//!
//! Every write path leaves the old file or the complete new one after a kill or a power
//! cut: appends are one transaction each; a new event is built in a temporary file and
//! renamed into place; copies (backups, "save a copy", restores) are written beside their
//! target, synced, then renamed. Opening reads and checks the whole file first
//! ([`crate::log::read`]); a file on read-only media, one held by another Tablekeeper, or
//! one on a full disk opens for reading and refuses changes with the reason.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, MAIN_DB, OpenFlags, TransactionBehavior, params};
use tablekeeper_engine::{EventSettings, Ruleset};

use crate::chain::{Chain, EventRecord};
use crate::error::{Damage, StoreError};
use crate::failpoint;
use crate::header;
use crate::lock::HolderLock;
use crate::log::{self, Entry, Head, Payloads, Steps, StoredEvent, StoredRow};
use crate::migrations::{LATEST_SCHEMA_VERSION, migrations};
use crate::sidecar;

/// File name extension of event files.
pub const EVENT_FILE_EXTENSION: &str = "tkevent";

/// `PRAGMA application_id` of event files: "TKEV". Tells our files from other SQLite files.
const APPLICATION_ID: i64 = 0x544B_4556;
const _: () = assert!(APPLICATION_ID == u32::from_be_bytes(header::APPLICATION_ID) as i64);

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
}

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

impl EventFile {
    /// Creates a new event file with no log entries; refuses to overwrite an existing file.
    pub fn create(
        path: &Path,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<Self, StoreError> {
        Ok(NewEventFile::begin(path, settings, ruleset, now)?
            .finish()?
            .0)
    }

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

    fn open_writable(path: &Path, lock: HolderLock) -> Result<(Self, StoredEvent), StoreError> {
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

    /// The error a change gets when the file was opened for reading only.
    fn writable(&self) -> Result<(), StoreError> {
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
        let (head, written) =
            log::insert(&tx, self.head, entries, reason, now, steps).map_err(writing)?;
        failpoint::hit("append.before-commit");
        tx.commit().map_err(|e| StoreError::writing(&path, e))?;
        failpoint::hit("append.after-commit");
        self.head = head;
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
        // backup API reads through the open transaction.
        conn.execute_batch("BEGIN")
            .and_then(|()| conn.query_row("SELECT log_rows FROM event", [], |_| Ok(())))
            .map_err(reading)?;
        Ok(PinnedState {
            conn,
            path: self.path.clone(),
            head: self.head(),
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

/// The error a change to a read-only event gets.
fn refusal(path: &Path, reason: &ReadOnlyReason) -> StoreError {
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
        ReadOnlyReason::Inspection => StoreError::ReadOnly {
            path: path.to_path_buf(),
            why: "it was opened only to be read".into(),
        },
    }
}

/// Why a file that reads well could not be opened for writing: what the failed attempt
/// said, else what a small test write in its folder shows.
fn why_not_writable(path: &Path, error: &StoreError) -> ReadOnlyReason {
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

fn migration_error(path: &Path, error: rusqlite_migration::Error) -> StoreError {
    match error {
        rusqlite_migration::Error::RusqliteError { err, .. } => StoreError::writing(path, err),
        other => StoreError::Migration(other),
    }
}

/// Checks that `conn` is an event file of a schema this app reads; returns the schema.
/// The header was checked already ([`header::check`]), so SQLite refusing the file now
/// means it is damaged. The schema version in the header must match the tables: a file
/// that claims a newer version but has exactly this version's tables had its header
/// damaged, and one that claims an older version than its tables show likewise.
fn identify(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    let damaged = |detail: String| StoreError::damaged(path, Damage::Integrity(detail));
    let application_id: i64 = conn
        .pragma_query_value(None, "application_id", |row| row.get(0))
        .map_err(|e| damaged(e.to_string()))?;
    if application_id != APPLICATION_ID {
        return Err(StoreError::NotAnEventFile {
            path: path.to_path_buf(),
        });
    }
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| damaged(e.to_string()))?;
    let (structure, unknown) = structure(conn).map_err(|e| damaged(e.to_string()))?;
    if version > LATEST_SCHEMA_VERSION && unknown {
        return Err(StoreError::NewerVersion {
            path: path.to_path_buf(),
            found: version,
            supported: LATEST_SCHEMA_VERSION,
        });
    }
    if version != structure || unknown {
        return Err(StoreError::damaged(
            path,
            Damage::Header(format!(
                "it says schema version {version}, but its tables are those of version {structure}"
            )),
        ));
    }
    Ok(version)
}

/// The schema version the file's tables show, and whether it has tables or columns this
/// version does not know (a newer schema).
fn structure(conn: &Connection) -> Result<(i64, bool), rusqlite::Error> {
    const KNOWN_TABLES: [&str; 4] = ["event", "action_log", "snapshot", "sqlite_sequence"];
    const KNOWN_COLUMNS: [&str; 18] = [
        "name",
        "singleton",
        "created_at",
        "app_version",
        "settings_json",
        "ruleset_id",
        "ruleset_toml",
        "log_rows",
        "log_checksum",
        "seq",
        "recorded_at",
        "kind",
        "payload_json",
        "reason",
        "step",
        "checksum",
        "state",
        "state_checksum",
    ];
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    let columns = |table: &str| -> Result<Vec<String>, rusqlite::Error> {
        conn.prepare(&format!("PRAGMA table_info({table})"))?
            .query_map([], |row| row.get::<_, String>(1))?
            .collect()
    };
    let mut unknown = tables.iter().any(|t| !KNOWN_TABLES.contains(&t.as_str()));
    for table in &tables {
        if KNOWN_TABLES.contains(&table.as_str()) {
            unknown |= columns(table)?
                .iter()
                .any(|c| !KNOWN_COLUMNS.contains(&c.as_str()));
        }
    }
    let log = columns("action_log")?;
    let event = columns("event")?;
    let has = |list: &[String], name: &str| list.iter().any(|c| c == name);
    let version = if log.is_empty() || event.is_empty() {
        0
    } else if has(&log, "checksum")
        && has(&event, "log_rows")
        && tables.iter().any(|t| t == "snapshot")
    {
        3
    } else if has(&log, "step") {
        2
    } else {
        1
    };
    Ok((version, unknown))
}

/// Runs `read` in one read transaction: every statement in it sees the same committed state
/// of the file, however many steps another process appends meanwhile (in write-ahead-log
/// mode the transaction's first read fixes its snapshot). Without it, the event record
/// could be read before an append and the rows after it, and a good file would look
/// damaged.
fn in_one_read<T>(
    conn: &Connection,
    read: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    conn.execute_batch("BEGIN DEFERRED")?;
    let result = read();
    // A read transaction has nothing to keep; ending it only releases the snapshot.
    let _ = conn.execute_batch("COMMIT");
    result
}

/// How often damage is looked for again before a file is called damaged.
const DAMAGE_CONFIRMATIONS: u32 = 2;

/// Runs `open`, and when it finds damage, runs it again (up to [`DAMAGE_CONFIRMATIONS`]
/// more times, a moment apart): a file another process was writing to at that instant (its
/// length and header are read before SQLite's locks are) is damaged only if it still is
/// when read again. Damage that is real stays; it costs a scorekeeper a fraction of a
/// second, where a false alarm would send them to a backup and lose every result since.
fn confirmed<T>(mut open: impl FnMut() -> Result<T, StoreError>) -> Result<T, StoreError> {
    let mut attempt = 0;
    loop {
        match open() {
            Err(StoreError::Damaged { .. }) if attempt < DAMAGE_CONFIRMATIONS => {
                attempt += 1;
                std::thread::sleep(std::time::Duration::from_millis(25));
            }
            outcome => return outcome,
        }
    }
}

/// SQLite's own check of every page and index.
fn check_integrity(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |detail: String| StoreError::damaged(path, Damage::Integrity(detail));
    // quick_check checks every page and b-tree (the log has no secondary index whose
    // content integrity_check would add) in a fraction of the time.
    let mut statement = conn
        .prepare("PRAGMA quick_check")
        .map_err(|e| damaged(e.to_string()))?;
    let problems: Vec<String> = statement
        .query_map([], |row| row.get::<_, String>(0))
        .and_then(|rows| rows.collect::<Result<_, _>>())
        .map_err(|e| damaged(e.to_string()))?;
    if problems != ["ok"] {
        return Err(damaged(problems.join("; ")));
    }
    Ok(())
}

/// Connection settings, in one place: WAL, full fsync on commit, foreign keys on.
fn configure(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.busy_timeout(std::time::Duration::from_secs(2))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// A copy of the file (and its write-ahead log) in a private folder, opened there.
fn private_copy(path: &Path) -> Result<(Connection, tempfile::TempDir), StoreError> {
    let folder = tempfile::Builder::new()
        .prefix("tablekeeper-read-")
        .tempdir()
        .map_err(|e| StoreError::io(path, &e))?;
    let copy = folder.path().join("event.tkevent");
    std::fs::copy(path, &copy).map_err(|e| StoreError::io(path, &e))?;
    let wal = sidecar::wal(path);
    if sidecar::has_content(&wal) {
        std::fs::copy(&wal, sidecar::wal(&copy)).map_err(|e| StoreError::io(&wal, &e))?;
    }
    let conn = Connection::open_with_flags(
        &copy,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|_| StoreError::NotAnEventFile {
        path: path.to_path_buf(),
    })?;
    Ok((conn, folder))
}

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
    conn: Connection,
    path: PathBuf,
    head: (i64, String),
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
}

/// Writes the database behind `source` (the event at `path`) to `target`: into a temporary
/// file beside it, synced, then renamed into place. `replace` allows replacing an existing
/// file; a failed copy leaves nothing behind.
fn save_copy_from(
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
    let temporary = sidecar::temporary(target, "partial");
    sidecar::remove_database(&temporary);
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
fn copy_database(source: &Connection, temporary: &Path, target: &Path) -> Result<(), StoreError> {
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
    copy.close()
        .map_err(|(_, e)| StoreError::writing(target, e))?;
    failpoint::hit("copy.written");
    sidecar::sync_file(temporary)?;
    failpoint::hit("copy.synced");
    Ok(())
}

/// A new event file being built in a temporary file beside its target; renamed into place
/// by [`NewEventFile::finish`]. Dropped unfinished, it removes the temporary file, so a
/// failed or killed creation never leaves a file at the target.
pub struct NewEventFile {
    conn: Option<Connection>,
    temporary: PathBuf,
    target: PathBuf,
    head: Head,
    lock: Option<HolderLock>,
}

impl NewEventFile {
    pub fn begin(
        path: &Path,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<NewEventFile, StoreError> {
        let exists = || path.exists() || sidecar::wal(path).exists();
        if exists() {
            return Err(StoreError::AlreadyExists {
                path: path.to_path_buf(),
            });
        }
        let lock = HolderLock::acquire(path)?;
        if exists() {
            return Err(StoreError::AlreadyExists {
                path: path.to_path_buf(),
            });
        }
        let temporary = sidecar::temporary(path, "creating");
        // A creation killed earlier left this; we hold the lock, so it is nobody's.
        sidecar::remove_database(&temporary);
        let mut new = NewEventFile {
            conn: None,
            temporary,
            target: path.to_path_buf(),
            head: Head {
                rows: 0,
                step: 0,
                chain: Chain::start(&EventRecord {
                    created_at: "",
                    settings_json: "",
                    ruleset_id: "",
                    ruleset_toml: "",
                }),
            },
            lock: Some(lock),
        };
        new.build(settings, ruleset, now)?;
        Ok(new)
    }

    fn build(
        &mut self,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<(), StoreError> {
        let target = self.target.clone();
        let writing = |e| StoreError::writing(&target, e);
        let mut conn = Connection::open_with_flags(
            &self.temporary,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(writing)?;
        // Nothing reads this file before it is complete and synced: no journal needed.
        conn.pragma_update(None, "journal_mode", "OFF")
            .map_err(writing)?;
        conn.pragma_update(None, "synchronous", "OFF")
            .map_err(writing)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(writing)?;
        migrations()
            .to_latest(&mut conn)
            .map_err(|e| migration_error(&target, e))?;
        let settings_json =
            serde_json::to_string(settings).map_err(|e| StoreError::Data(e.to_string()))?;
        let chain = Chain::start(&EventRecord {
            created_at: now,
            settings_json: &settings_json,
            ruleset_id: &ruleset.id,
            ruleset_toml: &ruleset.source_text,
        });
        conn.execute(
            "INSERT INTO event (singleton, created_at, app_version, settings_json, ruleset_id, ruleset_toml, log_rows, log_checksum)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, 0, ?6)",
            params![
                now,
                env!("CARGO_PKG_VERSION"),
                settings_json,
                ruleset.id,
                ruleset.source_text,
                chain.to_hex()
            ],
        )
        .map_err(writing)?;
        self.head = Head {
            rows: 0,
            step: 0,
            chain,
        };
        self.conn = Some(conn);
        Ok(())
    }

    /// Appends entries as one step (an imported archive keeps its steps, times and reasons).
    pub fn append(
        &mut self,
        entries: &[Entry],
        reason: Option<&str>,
        now: &str,
    ) -> Result<i64, StoreError> {
        let target = self.target.clone();
        let conn = self
            .conn
            .as_mut()
            .ok_or_else(|| StoreError::Data("the new event is already closed".into()))?;
        let tx = conn
            .transaction()
            .map_err(|e| StoreError::writing(&target, e))?;
        let (head, _) =
            log::insert(&tx, self.head, entries, reason, now, Steps::One).map_err(|error| {
                match error {
                    StoreError::Sqlite(e) => StoreError::writing(&target, e),
                    other => other,
                }
            })?;
        tx.commit().map_err(|e| StoreError::writing(&target, e))?;
        self.head = head;
        Ok(head.step)
    }

    /// Makes the new file durable and moves it to its name, then opens it.
    pub fn finish(mut self) -> Result<(EventFile, StoredEvent), StoreError> {
        let target = self.target.clone();
        if let Some(conn) = self.conn.take() {
            conn.pragma_update(None, "journal_mode", "WAL")
                .map_err(|e| StoreError::writing(&target, e))?;
            conn.close()
                .map_err(|(_, e)| StoreError::writing(&target, e))?;
        }
        failpoint::hit("create.built");
        sidecar::sync_file(&self.temporary)?;
        failpoint::hit("create.synced");
        if target.exists() {
            return Err(StoreError::AlreadyExists { path: target });
        }
        sidecar::rename_into_place(&self.temporary, &target)?;
        failpoint::hit("create.renamed");
        let lock = self
            .lock
            .take()
            .ok_or_else(|| StoreError::Data("the new event lost its lock".into()))?;
        EventFile::open_writable(&target, lock).map_err(|error| {
            // The file was made and synced a moment ago and is nobody's yet: what failed
            // is the disk (full, or taken away), not the file. It is taken away again, so no
            // half-usable event stays, and the disk is named as the cause.
            let reason = why_not_writable(&target, &error);
            sidecar::remove_database(&target);
            let _ = std::fs::remove_file(crate::lock::lock_path(&target));
            refusal(&target, &reason)
        })
    }
}

impl Drop for NewEventFile {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            drop(conn);
        }
        if self.temporary.exists() {
            sidecar::remove_database(&self.temporary);
        }
        // A creation that did not finish leaves no lock file beside a file that does not
        // exist (removed while still held, so nobody else holds it).
        if let Some(lock) = self.lock.take() {
            if !self.target.exists() {
                let _ = std::fs::remove_file(crate::lock::lock_path(&self.target));
            }
            drop(lock);
        }
    }
}
