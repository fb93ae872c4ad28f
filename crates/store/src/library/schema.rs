//! The library file's schema and how it is opened: its own application id ("TKLB"), so an
//! event file or any other SQLite file is refused and left unchanged; migrations as the
//! event file's (`rusqlite_migration`); a new library built in a temporary file and renamed
//! into place.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};
use rusqlite_migration::{M, Migrations};

use crate::error::StoreError;
use crate::sidecar;

/// `PRAGMA application_id` of library files: "TKLB".
const APPLICATION_ID: i64 = 0x544B_4C42;

fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(
            "CREATE TABLE players (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            reading TEXT,
            publisher_id TEXT,
            nickname TEXT,
            note TEXT,
            added_at TEXT NOT NULL
        );
        CREATE TABLE appearances (
            player INTEGER NOT NULL REFERENCES players (number),
            event TEXT NOT NULL,
            file TEXT NOT NULL,
            event_name TEXT NOT NULL,
            date TEXT NOT NULL,
            event_player INTEGER NOT NULL,
            ticket TEXT,
            PRIMARY KEY (player, event)
        );
        CREATE INDEX appearances_by_event ON appearances (event);
        CREATE INDEX appearances_by_ticket ON appearances (ticket);",
        ),
        // Shops exchanging with each other (docs/exchange.md): every player gets a global
        // identity; the library's changes are kept as a journal that travels in bundles.
        M::up(
            "ALTER TABLE players ADD COLUMN uid TEXT;
        UPDATE players SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
        CREATE UNIQUE INDEX players_by_uid ON players (uid);
        CREATE TABLE shop (
            only INTEGER PRIMARY KEY CHECK (only = 1),
            name TEXT NOT NULL,
            secret BLOB,
            public BLOB NOT NULL,
            clock INTEGER NOT NULL DEFAULT 0,
            seq INTEGER NOT NULL DEFAULT 0,
            exported_seq INTEGER NOT NULL DEFAULT 0,
            folder TEXT
        );
        CREATE TABLE waiting_shops (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            seen_at TEXT NOT NULL
        );
        CREATE TABLE trusted_shops (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            trusted_at TEXT NOT NULL
        );
        CREATE TABLE changes (
            id TEXT PRIMARY KEY,
            clock INTEGER NOT NULL,
            shop TEXT NOT NULL,
            seq INTEGER NOT NULL,
            body TEXT NOT NULL
        );
        CREATE INDEX changes_in_order ON changes (clock, shop, seq);
        CREATE TABLE shared_events (
            sha256 TEXT PRIMARY KEY,
            identity TEXT NOT NULL,
            shop TEXT NOT NULL,
            name TEXT NOT NULL,
            date TEXT NOT NULL,
            file TEXT NOT NULL
        );
        CREATE INDEX shared_events_by_identity ON shared_events (identity);
        CREATE TABLE shared_players (
            sha256 TEXT NOT NULL,
            event_player INTEGER NOT NULL,
            name TEXT NOT NULL,
            reading TEXT,
            publisher_id TEXT,
            PRIMARY KEY (sha256, event_player)
        );
        CREATE TABLE bundles (
            sha256 TEXT PRIMARY KEY,
            shop TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            file TEXT,
            size INTEGER
        );
        CREATE INDEX bundles_by_file ON bundles (file, size);",
        ),
        // A player of a shared event who was removed on request (docs/library.md: "the
        // name does not stay"): the seat is kept, never the name, so the shared events'
        // copies of their name are erased and the seat is never offered for a match again,
        // however late another copy of the event arrives.
        M::up(
            "CREATE TABLE removed_players (
            event TEXT NOT NULL,
            event_player INTEGER NOT NULL,
            PRIMARY KEY (event, event_player)
        );",
        ),
        // A person's numbers in the publishers' own tools (TCG+, Play! Pokémon), so a TCG+
        // organizer file and a TOM file name the same person as the shop's events.
        M::up(
            "ALTER TABLE players ADD COLUMN tcgplus_id TEXT;
        ALTER TABLE players ADD COLUMN pokemon_id TEXT;",
        ),
    ])
}

/// Creates an empty library at `path` (never over an existing file).
pub(super) fn create(path: &Path) -> Result<(), StoreError> {
    if path.exists() {
        return Err(StoreError::AlreadyExists {
            path: path.to_path_buf(),
        });
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|e| StoreError::io(folder, &e))?;
    }
    let temporary = sidecar::temporary(path, "creating");
    sidecar::remove_database(&temporary);
    let built = (|| {
        let mut conn =
            Connection::open(&temporary).map_err(|e| StoreError::writing(&temporary, e))?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        migrations()
            .to_latest(&mut conn)
            .map_err(StoreError::Migration)?;
        conn.close()
            .map_err(|(_, e)| StoreError::writing(&temporary, e))?;
        sidecar::sync_file(&temporary)?;
        sidecar::rename_into_place(&temporary, path)
    })();
    if built.is_err() {
        sidecar::remove_database(&temporary);
    }
    built
}

/// Opens the library at `path` for reading and writing, after checking it is one.
pub(super) fn open(path: &Path) -> Result<Connection, StoreError> {
    if !path.exists() {
        return Err(StoreError::NotFound {
            path: path.to_path_buf(),
        });
    }
    let mut conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::writing(path, e))?;
    check(&conn, path)?;
    conn.busy_timeout(std::time::Duration::from_secs(2))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // What a person asked to remove is overwritten, not left in free pages.
    conn.pragma_update(None, "secure_delete", true)?;
    migrations()
        .to_latest(&mut conn)
        .map_err(StoreError::Migration)?;
    Ok(conn)
}

/// Opens another library read-only (an import's source), after checking it is one.
pub(super) fn open_read_only(path: &Path) -> Result<Connection, StoreError> {
    if !path.exists() {
        return Err(StoreError::NotFound {
            path: path.to_path_buf(),
        });
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::writing(path, e))?;
    check(&conn, path)?;
    Ok(conn)
}

fn check(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let not_one = || StoreError::NotALibrary {
        path: path.to_path_buf(),
    };
    let id: i64 = conn
        .pragma_query_value(None, "application_id", |row| row.get(0))
        .map_err(|_| not_one())?;
    if id != APPLICATION_ID {
        return Err(not_one());
    }
    Ok(())
}
