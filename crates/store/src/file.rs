//! Creating, opening, reading and appending to an event file.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use tablekeeper_engine::ruleset::parse_ruleset;
use tablekeeper_engine::{Action, EventSettings, Ruleset};

use crate::error::StoreError;
use crate::migrations::{LATEST_SCHEMA_VERSION, migrations};

/// File name extension of event files.
pub const EVENT_FILE_EXTENSION: &str = "tkevent";

/// `PRAGMA application_id` of event files: "TKEV". Tells our files from other SQLite files.
const APPLICATION_ID: i64 = 0x544B_4556;

/// An open event file.
pub struct EventFile {
    conn: Connection,
    path: PathBuf,
}

/// One logged action with its sequence number, time and reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedAction {
    pub seq: i64,
    pub recorded_at: String,
    pub action: Action,
    pub reason: Option<String>,
}

/// Everything stored in an event file.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub settings: EventSettings,
    pub ruleset: Ruleset,
    pub created_at: String,
    pub actions: Vec<LoggedAction>,
}

impl EventFile {
    /// Creates a new event file; refuses to overwrite an existing file.
    pub fn create(
        path: &Path,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<Self, StoreError> {
        if path.exists() {
            return Err(StoreError::AlreadyExists {
                path: path.to_path_buf(),
            });
        }
        let mut conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        configure(&conn)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        migrations().to_latest(&mut conn)?;
        let settings_json =
            serde_json::to_string(settings).map_err(|e| StoreError::Data(e.to_string()))?;
        conn.execute(
            "INSERT INTO event (singleton, created_at, app_version, settings_json, ruleset_id, ruleset_toml)
             VALUES (1, ?1, ?2, ?3, ?4, ?5)",
            params![now, env!("CARGO_PKG_VERSION"), settings_json, ruleset.id, ruleset.source_text],
        )?;
        Ok(EventFile {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// Opens an existing event file. Foreign, damaged or newer files are refused before
    /// anything is written to them.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if !path.exists() {
            return Err(StoreError::NotFound {
                path: path.to_path_buf(),
            });
        }
        let foreign = || StoreError::NotAnEventFile {
            path: path.to_path_buf(),
        };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|_| foreign())?;
        // Reading a pragma never writes; a non-database file fails here.
        let application_id: i64 = conn
            .pragma_query_value(None, "application_id", |row| row.get(0))
            .map_err(|_| foreign())?;
        if application_id != APPLICATION_ID {
            return Err(foreign());
        }
        let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
        if version > LATEST_SCHEMA_VERSION {
            return Err(StoreError::NewerVersion {
                path: path.to_path_buf(),
                found: version,
                supported: LATEST_SCHEMA_VERSION,
            });
        }
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |row| row.get(0))
            .map_err(|e| StoreError::Damaged {
                path: path.to_path_buf(),
                detail: e.to_string(),
            })?;
        if check != "ok" {
            return Err(StoreError::Damaged {
                path: path.to_path_buf(),
                detail: check,
            });
        }
        let mut conn = conn;
        configure(&conn)?;
        migrations().to_latest(&mut conn)?;
        Ok(EventFile {
            conn,
            path: path.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads settings, ruleset and the whole action log.
    pub fn load(&self) -> Result<StoredEvent, StoreError> {
        let damaged = |detail: String| StoreError::Damaged {
            path: self.path.clone(),
            detail,
        };
        let row = self
            .conn
            .query_row(
                "SELECT created_at, settings_json, ruleset_toml FROM event WHERE singleton = 1",
                [],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                    ))
                },
            )
            .optional()?
            .ok_or_else(|| damaged("the event record is missing".into()))?;
        let (created_at, settings_json, ruleset_toml) = row;
        let settings: EventSettings =
            serde_json::from_str(&settings_json).map_err(|e| damaged(format!("settings: {e}")))?;
        let ruleset = parse_ruleset("event file ruleset", &ruleset_toml)
            .map_err(|e| damaged(e.to_string()))?;
        let mut statement = self.conn.prepare(
            "SELECT seq, recorded_at, payload_json, reason FROM action_log ORDER BY seq",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, Option<String>>(3)?,
            ))
        })?;
        let mut actions = Vec::new();
        for row in rows {
            let (seq, recorded_at, payload, reason) = row?;
            let action: Action = serde_json::from_str(&payload)
                .map_err(|e| damaged(format!("action {seq}: {e}")))?;
            actions.push(LoggedAction {
                seq,
                recorded_at,
                action,
                reason,
            });
        }
        Ok(StoredEvent {
            settings,
            ruleset,
            created_at,
            actions,
        })
    }

    /// Appends actions in one durable transaction: all are stored, or none.
    pub fn append(
        &mut self,
        actions: &[Action],
        reason: Option<&str>,
        now: &str,
    ) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO action_log (recorded_at, kind, payload_json, reason) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for action in actions {
                let payload =
                    serde_json::to_string(action).map_err(|e| StoreError::Data(e.to_string()))?;
                insert.execute(params![now, action_kind(action), payload, reason])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// `PRAGMA integrity_check`, for tests and diagnostics.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))?)
    }
}

/// Connection settings, in one place: WAL, full fsync on commit, foreign keys on.
fn configure(conn: &Connection) -> Result<(), StoreError> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(2))?;
    Ok(())
}

fn action_kind(action: &Action) -> &'static str {
    match action {
        Action::RegisterPlayer(_) => "register-player",
        Action::DropPlayer { .. } => "drop-player",
        Action::PairRound { .. } => "pair-round",
        Action::RecordResult { .. } => "record-result",
        Action::SetPlannedRounds { .. } => "set-planned-rounds",
        Action::ReplacePairing { .. } => "replace-pairing",
        Action::SetFixedTable { .. } => "set-fixed-table",
    }
}
