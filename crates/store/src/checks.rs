//! What opening an event file checks before trusting it: that it is ours (application id,
//! schema), SQLite's page check, damage confirmed by reading again, and the connection's
//! settings; plus the private copy a file on media that allows no reading in place is read
//! from.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use crate::error::{Damage, StoreError};
use crate::header;
use crate::migrations::LATEST_SCHEMA_VERSION;
use crate::sidecar;

/// `PRAGMA application_id` of event files: "TKEV". Tells our files from other SQLite files.
pub(crate) const APPLICATION_ID: i64 = 0x544B_4556;
const _: () = assert!(APPLICATION_ID == u32::from_be_bytes(header::APPLICATION_ID) as i64);

pub(crate) fn migration_error(path: &Path, error: rusqlite_migration::Error) -> StoreError {
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
pub(crate) fn identify(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
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
pub(crate) fn structure(conn: &Connection) -> Result<(i64, bool), rusqlite::Error> {
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
pub(crate) fn in_one_read<T>(
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
pub(crate) fn confirmed<T>(
    mut open: impl FnMut() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
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
pub(crate) fn check_integrity(conn: &Connection, path: &Path) -> Result<(), StoreError> {
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
pub(crate) fn configure(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.busy_timeout(std::time::Duration::from_secs(2))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// A copy of the file (and its write-ahead log) in a private folder, opened there.
pub(crate) fn private_copy(path: &Path) -> Result<(Connection, tempfile::TempDir), StoreError> {
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
