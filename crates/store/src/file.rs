//! Creating, opening, reading and appending to an event file.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use tablekeeper_engine::ruleset::parse_ruleset;
use tablekeeper_engine::{Action, EventSettings, Ruleset};

use crate::error::StoreError;
use crate::lock::HolderLock;
use crate::migrations::{LATEST_SCHEMA_VERSION, migrations};

/// File name extension of event files.
pub const EVENT_FILE_EXTENSION: &str = "tkevent";

/// `PRAGMA application_id` of event files: "TKEV". Tells our files from other SQLite files.
const APPLICATION_ID: i64 = 0x544B_4556;

/// An open event file.
pub struct EventFile {
    conn: Connection,
    path: PathBuf,
    _lock: HolderLock,
}

/// One row of the log: an action, or the undo/redo of a whole earlier step.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "entry")]
pub enum Entry {
    Action {
        action: Action,
    },
    /// Takes back step `step` (serialized as `target`, beside the entry's own `step`).
    Undo {
        #[serde(rename = "target")]
        step: i64,
    },
    Redo {
        #[serde(rename = "target")]
        step: i64,
    },
}

/// One logged entry with its sequence number, step (entries appended by one command share
/// it), time and reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedAction {
    pub seq: i64,
    pub step: i64,
    pub recorded_at: String,
    pub entry: Entry,
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
        let lock = HolderLock::acquire(path)?;
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
            _lock: lock,
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
        let mut conn = validated(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let lock = HolderLock::acquire(path)?;
        configure(&conn)?;
        migrations().to_latest(&mut conn)?;
        Ok(EventFile {
            conn,
            path: path.to_path_buf(),
            _lock: lock,
        })
    }

    /// Checks that `path` is a readable event file of a version this app reads, without
    /// writing to it (used before restoring a backup).
    pub fn inspect(path: &Path) -> Result<(), StoreError> {
        validated(path, OpenFlags::SQLITE_OPEN_READ_ONLY).map(|_| ())
    }

    /// Writes a consistent copy of the event to `target` (which must not exist).
    pub fn backup_to(&self, target: &Path) -> Result<(), StoreError> {
        let target_text = target.to_str().ok_or_else(|| StoreError::Io {
            path: target.to_path_buf(),
            detail: "backup paths must be valid UTF-8".into(),
        })?;
        self.conn.execute("VACUUM INTO ?1", params![target_text])?;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads settings, ruleset and the whole action log.
    pub fn load(&self) -> Result<StoredEvent, StoreError> {
        load_from(&self.conn, &self.path)
    }

    /// Reads an event file without locking or writing it (to look at a file another
    /// process has open, and for tests that check what is on disk).
    pub fn load_read_only(path: &Path) -> Result<StoredEvent, StoreError> {
        EventFile::inspect(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        load_from(&conn, path)
    }

    /// Appends entries as one step in one durable transaction: all are stored, or none.
    /// Returns the step number and the sequence number of the first entry.
    pub fn append(
        &mut self,
        entries: &[Entry],
        reason: Option<&str>,
        now: &str,
    ) -> Result<(i64, i64), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let step: i64 = tx.query_row(
            "SELECT COALESCE(MAX(step), 0) + 1 FROM action_log",
            [],
            |row| row.get(0),
        )?;
        let first_seq: i64 = tx.query_row(
            "SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log",
            [],
            |row| row.get(0),
        )?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO action_log (recorded_at, kind, payload_json, reason, step) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for entry in entries {
                let data =
                    |e: serde_json::Result<String>| e.map_err(|e| StoreError::Data(e.to_string()));
                let (kind, payload) = match entry {
                    Entry::Action { action } => {
                        (action_kind(action), data(serde_json::to_string(action))?)
                    }
                    Entry::Undo { step } => (
                        "undo",
                        data(serde_json::to_string(&StepPayload { step: *step }))?,
                    ),
                    Entry::Redo { step } => (
                        "redo",
                        data(serde_json::to_string(&StepPayload { step: *step }))?,
                    ),
                };
                insert.execute(params![now, kind, payload, reason, step])?;
            }
        }
        tx.commit()?;
        Ok((step, first_seq))
    }

    /// Appends entries in one durable transaction, each as its own step (several undos
    /// at once). Returns `(step, seq)` of each.
    pub fn append_steps(
        &mut self,
        entries: &[Entry],
        now: &str,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut written = Vec::with_capacity(entries.len());
        for entry in entries {
            let (kind, payload) = match entry {
                Entry::Action { action } => (action_kind(action), serde_json::to_string(action)),
                Entry::Undo { step } => {
                    ("undo", serde_json::to_string(&StepPayload { step: *step }))
                }
                Entry::Redo { step } => {
                    ("redo", serde_json::to_string(&StepPayload { step: *step }))
                }
            };
            let payload = payload.map_err(|e| StoreError::Data(e.to_string()))?;
            tx.execute(
                "INSERT INTO action_log (recorded_at, kind, payload_json, reason, step)
                 VALUES (?1, ?2, ?3, NULL, (SELECT COALESCE(MAX(step), 0) + 1 FROM action_log))",
                params![now, kind, payload],
            )?;
            let seq = tx.last_insert_rowid();
            let step: i64 = tx.query_row(
                "SELECT step FROM action_log WHERE seq = ?1",
                params![seq],
                |row| row.get(0),
            )?;
            written.push((step, seq));
        }
        tx.commit()?;
        Ok(written)
    }

    /// `PRAGMA integrity_check`, for tests and diagnostics.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))?)
    }
}

/// Payload of undo/redo rows.
#[derive(serde::Serialize, serde::Deserialize)]
struct StepPayload {
    step: i64,
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
        Action::OverrideResultLock { .. } => "override-result-lock",
        Action::RecordPenalty { .. } => "record-penalty",
        Action::SetDeck { .. } => "set-deck",
        Action::StartCut { .. } => "start-cut",
        Action::PairBracketRound => "pair-bracket-round",
    }
}

/// Reads settings, ruleset and the whole log through `conn`.
fn load_from(conn: &Connection, path: &Path) -> Result<StoredEvent, StoreError> {
    let damaged = |detail: String| StoreError::Damaged {
        path: path.to_path_buf(),
        detail,
    };
    let row = conn
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
    let ruleset =
        parse_ruleset("event file ruleset", &ruleset_toml).map_err(|e| damaged(e.to_string()))?;
    let mut statement = conn.prepare(
        "SELECT seq, recorded_at, kind, payload_json, reason, COALESCE(step, seq) FROM action_log ORDER BY seq",
    )?;
    let rows = statement.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, String>(3)?,
            row.get::<_, Option<String>>(4)?,
            row.get::<_, i64>(5)?,
        ))
    })?;
    let mut actions = Vec::new();
    for row in rows {
        let (seq, recorded_at, kind, payload, reason, step) = row?;
        let entry = match kind.as_str() {
            "undo" | "redo" => {
                let target: StepPayload = serde_json::from_str(&payload)
                    .map_err(|e| damaged(format!("entry {seq}: {e}")))?;
                if kind == "undo" {
                    Entry::Undo { step: target.step }
                } else {
                    Entry::Redo { step: target.step }
                }
            }
            _ => Entry::Action {
                action: serde_json::from_str(&payload)
                    .map_err(|e| damaged(format!("action {seq}: {e}")))?,
            },
        };
        actions.push(LoggedAction {
            seq,
            step,
            recorded_at,
            entry,
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

/// Opens `path` and checks, without writing anything, that it is an event file of a
/// version this app reads, that SQLite finds it intact and that every row parses.
fn validated(path: &Path, mode: OpenFlags) -> Result<Connection, StoreError> {
    let foreign = || StoreError::NotAnEventFile {
        path: path.to_path_buf(),
    };
    let damaged = |detail: String| StoreError::Damaged {
        path: path.to_path_buf(),
        detail,
    };
    let conn = Connection::open_with_flags(path, mode | OpenFlags::SQLITE_OPEN_NO_MUTEX)
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
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .map_err(|e| damaged(e.to_string()))?;
    if check != "ok" {
        return Err(damaged(check));
    }
    check_rows(&conn, path)?;
    Ok(conn)
}

/// Reads every stored row and parses it, with the columns every schema version has.
fn check_rows(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |detail: String| StoreError::Damaged {
        path: path.to_path_buf(),
        detail,
    };
    let (settings_json, ruleset_toml): (String, String) = conn
        .query_row(
            "SELECT settings_json, ruleset_toml FROM event WHERE singleton = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .map_err(|e| damaged(format!("event record: {e}")))?;
    serde_json::from_str::<EventSettings>(&settings_json)
        .map_err(|e| damaged(format!("settings: {e}")))?;
    parse_ruleset("event file ruleset", &ruleset_toml).map_err(|e| damaged(e.to_string()))?;
    let mut statement =
        conn.prepare("SELECT seq, kind, payload_json FROM action_log ORDER BY seq")?;
    let rows = statement.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (seq, kind, payload) = row.map_err(|e| damaged(e.to_string()))?;
        let parsed = match kind.as_str() {
            "undo" | "redo" => serde_json::from_str::<StepPayload>(&payload).map(|_| ()),
            _ => serde_json::from_str::<Action>(&payload).map(|_| ()),
        };
        parsed.map_err(|e| damaged(format!("entry {seq}: {e}")))?;
    }
    Ok(())
}
