//! The action log as stored: reading every row with its checks, and writing new rows.
//!
//! Reading is the whole-file check of [`crate::EventFile::open`]: every value has the
//! stored type, timestamps parse, sequence numbers and steps are consecutive, each row's
//! kind matches its payload, and the checksum chain ([`crate::chain`]) holds from the
//! event record to the count and checksum the event record keeps.

use std::path::{Path, PathBuf};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use tablekeeper_engine::ruleset::parse_ruleset;
use tablekeeper_engine::{Action, EventSettings, Ruleset};

use crate::chain::{Chain, EventRecord, Row};
use crate::error::{Damage, StoreError};

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
    /// A station took the event over: epoch `epoch` begins, on the laptop of station `by`,
    /// after the main laptop at `from` stopped answering. Changes nothing in the event; the
    /// laptop of an older epoch refuses to write once it learns of a newer one.
    Epoch {
        epoch: i64,
        by: String,
        from: String,
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

/// Everything stored in an event file. Rows are checked (types, times, order, checksum
/// chain) when the file is read; their content is parsed when it is needed
/// ([`StoredEvent::actions`], [`StoredRow::entry`]).
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub path: PathBuf,
    pub settings: EventSettings,
    pub ruleset: Ruleset,
    pub created_at: String,
    pub rows: Vec<StoredRow>,
    /// The replayed state after the first `snapshot.rows` rows, when one was stored and it
    /// belongs to exactly these rows.
    pub snapshot: Option<Snapshot>,
}

/// One stored log row as written (its content not parsed yet). `payload` is `None` for
/// rows the snapshot covers when the file was opened for everyday work; the content is
/// read again when the whole history is needed ([`crate::EventFile::payloads`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRow {
    pub seq: i64,
    pub step: i64,
    pub recorded_at: String,
    pub kind: String,
    pub payload: Option<String>,
    pub reason: Option<String>,
}

/// Which row contents [`read`] keeps in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payloads {
    All,
    /// Only the rows after a snapshot that belongs to the log (all rows when there is none).
    AfterSnapshot,
}

/// The stored state of the event after some rows of its log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The number of log rows the state includes.
    pub rows: i64,
    /// The state, as the command layer wrote it.
    pub state: String,
}

impl StoredRow {
    /// The row's entry.
    pub fn entry(&self) -> Result<Entry, String> {
        let payload = self
            .payload
            .as_deref()
            .ok_or_else(|| "its content was not read".to_string())?;
        parse_entry(&self.kind, payload, self.step)
    }

    /// The row as a logged entry.
    pub fn logged(&self) -> Result<LoggedAction, String> {
        Ok(LoggedAction {
            seq: self.seq,
            step: self.step,
            recorded_at: self.recorded_at.clone(),
            entry: self.entry()?,
            reason: self.reason.clone(),
        })
    }

    /// Whether this row is an undo or a redo (read from its kind, without parsing).
    pub fn is_undo_or_redo(&self) -> bool {
        matches!(self.kind.as_str(), "undo" | "redo")
    }
}

impl StoredEvent {
    /// Every row's entry, parsed and checked against its kind; a row that does not parse
    /// (or whose content was not kept, [`Payloads`]) makes the file damaged.
    pub fn actions(&self) -> Result<Vec<LoggedAction>, StoreError> {
        self.rows
            .iter()
            .map(|row| {
                row.logged().map_err(|problem| {
                    StoreError::damaged(
                        &self.path,
                        Damage::Entry {
                            seq: row.seq,
                            problem,
                        },
                    )
                })
            })
            .collect()
    }
}

/// Where the log ends: the number of rows, the last step and the chain after the last row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Head {
    pub rows: i64,
    pub step: i64,
    pub chain: Chain,
}

/// The log's last step as an SQL expression (0 for an empty log): the step of the last
/// row, since steps never fall along the log ([`read`] refuses a file where they do).
/// `MAX(step)` read every row, and `step`, added after the payload column, sits past
/// each large payload's overflow pages: milliseconds at every round start of a large event.
pub(crate) const LAST_STEP_SQL: &str =
    "COALESCE((SELECT step FROM action_log ORDER BY seq DESC LIMIT 1), 0)";

/// Payload of undo/redo rows.
#[derive(serde::Serialize, serde::Deserialize)]
struct StepPayload {
    step: i64,
}

/// The payload of an `epoch` row.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EpochPayload {
    epoch: i64,
    by: String,
    from: String,
}

/// The `kind` column of an action's row: the action's own tag (`"register-player"`), as
/// its serde declaration names it, so no list here restates the actions.
pub fn action_kind(action: &Action) -> Result<String, StoreError> {
    let payload = serde_json::to_string(action).map_err(|e| StoreError::Data(e.to_string()))?;
    kind_in(&payload)
        .map(str::to_string)
        .ok_or_else(|| StoreError::Data("an action without its tag".into()))
}

/// The tag of a stored action's payload (`{"action":"enter",…}`): read from the front,
/// where serde writes it, else by reading the payload's fields.
fn kind_in(payload: &str) -> Option<&str> {
    #[derive(serde::Deserialize)]
    struct Tagged<'a> {
        #[serde(borrow)]
        action: std::borrow::Cow<'a, str>,
    }
    if let Some(rest) = payload.strip_prefix("{\"action\":\"")
        && let Some(end) = rest.find('"')
        && !rest[..end].contains('\\')
    {
        return Some(&rest[..end]);
    }
    match serde_json::from_str::<Tagged>(payload).ok()?.action {
        std::borrow::Cow::Borrowed(kind) => Some(kind),
        std::borrow::Cow::Owned(_) => None,
    }
}

/// The `kind` and `payload_json` columns of an entry.
fn encode(entry: &Entry) -> Result<(String, String), StoreError> {
    let data = |e: serde_json::Error| StoreError::Data(e.to_string());
    Ok(match entry {
        Entry::Action { action } => {
            let payload = serde_json::to_string(action).map_err(data)?;
            let kind = kind_in(&payload)
                .ok_or_else(|| StoreError::Data("an action without its tag".into()))?
                .to_string();
            (kind, payload)
        }
        Entry::Undo { step } => (
            "undo".to_string(),
            serde_json::to_string(&StepPayload { step: *step }).map_err(data)?,
        ),
        Entry::Redo { step } => (
            "redo".to_string(),
            serde_json::to_string(&StepPayload { step: *step }).map_err(data)?,
        ),
        Entry::Epoch { epoch, by, from } => (
            "epoch".to_string(),
            serde_json::to_string(&EpochPayload {
                epoch: *epoch,
                by: by.clone(),
                from: from.clone(),
            })
            .map_err(data)?,
        ),
    })
}

/// How the steps of appended entries are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Steps {
    /// All entries form one step (one command).
    One,
    /// Each entry is its own step (several undos at once).
    Each,
}

/// Inserts `entries` after `head` inside `tx` and records the new head in the event
/// record. Returns the new head and the rows written.
pub fn insert(
    tx: &Transaction,
    head: Head,
    entries: &[Entry],
    reason: Option<&str>,
    now: &str,
    steps: Steps,
) -> Result<(Head, Vec<StoredRow>, Vec<String>), StoreError> {
    let mut head = head;
    let mut written = Vec::with_capacity(entries.len());
    let mut checksums = Vec::with_capacity(entries.len());
    {
        let mut statement = tx.prepare_cached(
            "INSERT INTO action_log (seq, recorded_at, kind, payload_json, reason, step, checksum)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        let first_step = head.step + 1;
        for (index, entry) in entries.iter().enumerate() {
            let (kind, payload) = encode(entry)?;
            let seq = head.rows + 1;
            let step = match steps {
                Steps::One => first_step,
                Steps::Each => first_step + i64::try_from(index).unwrap_or(i64::MAX),
            };
            let chain = head.chain.next(&Row {
                seq,
                step,
                recorded_at: now,
                kind: &kind,
                payload_json: &payload,
                reason,
            });
            let checksum = chain.to_hex();
            statement.execute(params![seq, now, kind, payload, reason, step, checksum])?;
            checksums.push(checksum);
            head = Head {
                rows: seq,
                step,
                chain,
            };
            written.push(StoredRow {
                seq,
                step,
                recorded_at: now.to_string(),
                kind: kind.to_string(),
                payload: Some(payload),
                reason: reason.map(str::to_string),
            });
        }
    }
    tx.execute(
        "UPDATE event SET log_rows = ?1, log_checksum = ?2 WHERE singleton = 1",
        params![head.rows, head.chain.to_hex()],
    )?;
    Ok((head, written, checksums))
}

/// Text from a column, or the damage that makes it unreadable.
fn text<'a>(value: ValueRef<'a>, what: &str) -> Result<&'a str, String> {
    match value {
        ValueRef::Text(bytes) => {
            std::str::from_utf8(bytes).map_err(|_| format!("{what} is not valid text"))
        }
        _ => Err(format!("{what} is missing")),
    }
}

fn integer(value: ValueRef, what: &str) -> Result<i64, String> {
    match value {
        ValueRef::Integer(n) => Ok(n),
        _ => Err(format!("{what} is not a number")),
    }
}

/// The stored event record and the chain it starts.
struct Record {
    created_at: String,
    settings: EventSettings,
    ruleset: Ruleset,
    /// `(rows, checksum)` recorded by schema 3 and later.
    head: Option<(i64, String)>,
    chain: Chain,
}

fn read_record(conn: &Connection, path: &Path, checksums: bool) -> Result<Record, StoreError> {
    let damaged = |problem: String| StoreError::damaged(path, Damage::EventRecord(problem));
    let sql = if checksums {
        "SELECT created_at, settings_json, ruleset_id, ruleset_toml, log_rows, log_checksum FROM event WHERE singleton = 1"
    } else {
        "SELECT created_at, settings_json, ruleset_id, ruleset_toml, NULL, NULL FROM event WHERE singleton = 1"
    };
    let mut statement = conn.prepare(sql).map_err(|e| damaged(e.to_string()))?;
    let mut rows = statement.query([]).map_err(|e| damaged(e.to_string()))?;
    let row = rows
        .next()
        .map_err(|e| damaged(e.to_string()))?
        .ok_or_else(|| damaged("it is missing".into()))?;
    let value = |index: usize| row.get_ref(index).map_err(|e| damaged(e.to_string()));
    let created_at = text(value(0)?, "the creation time").map_err(damaged)?;
    let settings_json = text(value(1)?, "the settings").map_err(damaged)?;
    let ruleset_id = text(value(2)?, "the ruleset id").map_err(damaged)?;
    let ruleset_toml = text(value(3)?, "the ruleset").map_err(damaged)?;
    let head = match (value(4)?, value(5)?) {
        (ValueRef::Integer(rows), ValueRef::Text(checksum)) => Some((
            rows,
            String::from_utf8(checksum.to_vec()).map_err(|_| damaged("bad checksum".into()))?,
        )),
        (ValueRef::Null, ValueRef::Null) if !checksums => None,
        _ => return Err(damaged("the log's count and checksum are missing".into())),
    };
    chrono::DateTime::parse_from_rfc3339(created_at)
        .map_err(|_| damaged(format!("the creation time '{created_at}' is not a time")))?;
    let settings: EventSettings =
        serde_json::from_str(settings_json).map_err(|e| damaged(format!("the settings: {e}")))?;
    let ruleset = parse_ruleset("event file ruleset", ruleset_toml)
        .map_err(|e| damaged(format!("the ruleset: {e}")))?;
    let chain = Chain::start(&EventRecord {
        created_at,
        settings_json,
        ruleset_id,
        ruleset_toml,
    });
    Ok(Record {
        created_at: created_at.to_string(),
        settings,
        ruleset,
        head,
        chain,
    })
}

/// Reads and checks the whole log of a file with schema `schema`, and the snapshot when it
/// belongs to this log. Undo and redo rows are parsed (they are small and say which steps
/// are in effect); actions are parsed when needed. Every row's bytes go through the
/// checksum chain whether or not `payloads` keeps them.
pub fn read(
    conn: &Connection,
    path: &Path,
    schema: i64,
    payloads: Payloads,
) -> Result<(StoredEvent, Head), StoreError> {
    let checksums = schema >= crate::chain::CHECKSUM_SCHEMA_VERSION;
    let record = read_record(conn, path, checksums)?;
    let damaged = |damage| StoreError::damaged(path, damage);
    let sql = if checksums {
        "SELECT seq, recorded_at, kind, payload_json, reason, step, checksum FROM action_log ORDER BY seq"
    } else if schema >= 2 {
        "SELECT seq, recorded_at, kind, payload_json, reason, COALESCE(step, seq), NULL FROM action_log ORDER BY seq"
    } else {
        // Schema 1 had no steps: each row was its own (as migration 2 numbers them).
        "SELECT seq, recorded_at, kind, payload_json, reason, seq, NULL FROM action_log ORDER BY seq"
    };
    let unreadable = |seq: i64, problem: String| damaged(Damage::Entry { seq, problem });
    let mut statement = conn
        .prepare(sql)
        .map_err(|e| unreadable(0, e.to_string()))?;
    let mut rows = statement
        .query([])
        .map_err(|e| unreadable(0, e.to_string()))?;
    let mut stored_rows = Vec::new();
    let stored_snapshot = if checksums { read_snapshot(conn) } else { None };
    let mut snapshot = None;
    let mut head = Head {
        rows: 0,
        step: 0,
        chain: record.chain,
    };
    loop {
        let next_seq = head.rows + 1;
        let row = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(e) => return Err(unreadable(next_seq, e.to_string())),
        };
        let value = |index: usize| {
            row.get_ref(index)
                .map_err(|e| unreadable(next_seq, e.to_string()))
        };
        let seq = integer(value(0)?, "its number").map_err(|p| unreadable(next_seq, p))?;
        if seq != next_seq {
            return Err(damaged(Damage::Gap { seq }));
        }
        let field =
            |index: usize, what: &str| text(value(index)?, what).map_err(|p| unreadable(seq, p));
        let recorded_at = field(1, "its time")?;
        let kind = field(2, "its kind")?;
        let payload = field(3, "its content")?;
        let reason = match value(4)? {
            ValueRef::Null => None,
            other => Some(text(other, "its reason").map_err(|p| unreadable(seq, p))?),
        };
        let step = integer(value(5)?, "its step").map_err(|p| unreadable(seq, p))?;
        if step != head.step && step != head.step + 1 {
            return Err(damaged(Damage::Steps { seq }));
        }
        // An action's kind is its tag (checked against the payload when it is read);
        // anything else is not a kind this app writes.
        if kind.is_empty() || !kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
            return Err(unreadable(seq, format!("its kind '{kind}' is unknown")));
        }
        if !is_time(recorded_at) {
            return Err(unreadable(
                seq,
                format!("its time '{recorded_at}' is not a time"),
            ));
        }
        let chain = head.chain.next(&Row {
            seq,
            step,
            recorded_at,
            kind,
            payload_json: payload,
            reason,
        });
        if checksums {
            let stored = field(6, "its checksum")?;
            if stored != chain.to_hex() {
                return Err(damaged(Damage::Checksum { seq }));
            }
        }
        let covered = payloads == Payloads::AfterSnapshot
            && stored_snapshot
                .as_ref()
                .is_some_and(|(rows, _, _)| seq <= *rows);
        let undo_or_redo = matches!(kind, "undo" | "redo");
        let stored_row = StoredRow {
            seq,
            step,
            recorded_at: recorded_at.to_string(),
            kind: kind.to_string(),
            payload: (!covered || undo_or_redo).then(|| payload.to_string()),
            reason: reason.map(str::to_string),
        };
        if undo_or_redo {
            stored_row.entry().map_err(|p| unreadable(seq, p))?;
        }
        stored_rows.push(stored_row);
        head = Head {
            rows: seq,
            step,
            chain,
        };
        if let Some((rows, checksum, state)) = &stored_snapshot
            && *rows == seq
            && *checksum == chain.to_hex()
        {
            snapshot = Some(Snapshot {
                rows: *rows,
                state: state.clone(),
            });
        }
    }
    if snapshot.is_none() && stored_rows.iter().any(|r| r.payload.is_none()) {
        // The snapshot did not belong to the log after all: keep every row's content.
        return read(conn, path, schema, Payloads::All);
    }
    if let Some((rows, checksum)) = &record.head {
        if *rows > head.rows {
            return Err(damaged(Damage::Truncated {
                found: head.rows,
                expected: *rows,
            }));
        }
        if *rows != head.rows || *checksum != head.chain.to_hex() {
            return Err(damaged(Damage::Checksum { seq: head.rows }));
        }
    }
    Ok((
        StoredEvent {
            path: path.to_path_buf(),
            settings: record.settings,
            ruleset: record.ruleset,
            created_at: record.created_at,
            rows: stored_rows,
            snapshot,
        },
        head,
    ))
}

/// The stored snapshot `(rows, log checksum at that row, state)` if its own checksum holds;
/// [`read`] keeps it only if the log has that checksum at that row.
fn read_snapshot(conn: &Connection) -> Option<(i64, String, String)> {
    let (rows, log_checksum, state, state_checksum): (i64, String, String, String) = conn
        .query_row(
            "SELECT log_rows, log_checksum, state, state_checksum FROM snapshot WHERE singleton = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .ok()?;
    (crate::chain::digest(&state) == state_checksum).then_some((rows, log_checksum, state))
}

/// Stores `state` as the snapshot after the log's first `head.rows` rows.
pub fn write_snapshot(tx: &Transaction, head: Head, state: &str) -> Result<(), rusqlite::Error> {
    tx.execute(
        "INSERT OR REPLACE INTO snapshot (singleton, log_rows, log_checksum, state, state_checksum)
         VALUES (1, ?1, ?2, ?3, ?4)",
        params![
            head.rows,
            head.chain.to_hex(),
            state,
            crate::chain::digest(state)
        ],
    )?;
    Ok(())
}

/// Whether `text` is an RFC 3339 time as the log writes them (`2026-11-22T10:00:00.123+09:00`);
/// checked by shape, quickly, since every row is checked at every open.
fn is_time(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes
            .get(range)
            .is_some_and(|part| part.iter().all(u8::is_ascii_digit))
    };
    bytes.len() >= 20
        && digits(0..4)
        && bytes[4] == b'-'
        && digits(5..7)
        && bytes[7] == b'-'
        && digits(8..10)
        && matches!(bytes[10], b'T' | b't' | b' ')
        && digits(11..13)
        && bytes[13] == b':'
        && digits(14..16)
        && bytes[16] == b':'
        && digits(17..19)
        && chrono::DateTime::parse_from_rfc3339(text).is_ok()
}

/// Parses one row's payload, checking that it is the kind the row says.
pub(crate) fn parse_entry(kind: &str, payload: &str, step: i64) -> Result<Entry, String> {
    match kind {
        "undo" | "redo" => {
            let target: StepPayload = serde_json::from_str(payload).map_err(|e| e.to_string())?;
            if target.step < 1 || target.step >= step {
                return Err(format!(
                    "it takes back step {}, which is not before it",
                    target.step
                ));
            }
            Ok(if kind == "undo" {
                Entry::Undo { step: target.step }
            } else {
                Entry::Redo { step: target.step }
            })
        }
        "epoch" => {
            let epoch: EpochPayload = serde_json::from_str(payload).map_err(|e| e.to_string())?;
            if epoch.epoch < 1 {
                return Err(format!(
                    "it begins epoch {}, which is not after the first",
                    epoch.epoch
                ));
            }
            Ok(Entry::Epoch {
                epoch: epoch.epoch,
                by: epoch.by,
                from: epoch.from,
            })
        }
        _ => {
            let held = kind_in(payload).unwrap_or_default();
            if held != kind {
                return Err(format!("it says '{kind}' but holds '{held}'"));
            }
            let action: Action = serde_json::from_str(payload).map_err(|e| e.to_string())?;
            Ok(Entry::Action { action })
        }
    }
}

/// Fills in the checksums of a file written before schema 3 (the migration's hook).
pub fn seal(tx: &Transaction) -> Result<(), rusqlite::Error> {
    let record: Option<(String, String, String, String)> = tx
        .query_row(
            "SELECT created_at, settings_json, ruleset_id, ruleset_toml FROM event WHERE singleton = 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .optional()?;
    // A database being created has no event record yet; its rows are written sealed.
    let Some(record) = record else {
        return Ok(());
    };
    let mut chain = Chain::start(&EventRecord {
        created_at: &record.0,
        settings_json: &record.1,
        ruleset_id: &record.2,
        ruleset_toml: &record.3,
    });
    let rows: Vec<(i64, String, String, String, Option<String>, i64)> = tx
        .prepare("SELECT seq, recorded_at, kind, payload_json, reason, step FROM action_log ORDER BY seq")?
        .query_map([], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    let mut count = 0;
    for (seq, recorded_at, kind, payload, reason, step) in &rows {
        chain = chain.next(&Row {
            seq: *seq,
            step: *step,
            recorded_at,
            kind,
            payload_json: payload,
            reason: reason.as_deref(),
        });
        tx.execute(
            "UPDATE action_log SET checksum = ?1 WHERE seq = ?2",
            params![chain.to_hex(), seq],
        )?;
        count = *seq;
    }
    tx.execute(
        "UPDATE event SET log_rows = ?1, log_checksum = ?2 WHERE singleton = 1",
        params![count, chain.to_hex()],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of action (`Action::one_of_each`) is written with its serde tag as its
    /// kind, and read back as itself.
    #[test]
    fn every_kind_of_action_written_is_a_kind_the_log_reads() {
        let samples = Action::one_of_each();
        let mut kinds = Vec::new();
        for action in &samples {
            let kind = action_kind(action).expect("kind");
            let payload = serde_json::to_string(action).expect("payload");
            let tag = serde_json::to_value(action).expect("value")["action"]
                .as_str()
                .map(str::to_string);
            assert_eq!(Some(kind.clone()), tag, "the kind is the serde tag");
            let read = parse_entry(&kind, &payload, 2).expect("read back");
            assert_eq!(
                read,
                Entry::Action {
                    action: action.clone()
                }
            );
            assert!(
                parse_entry("set-door", &payload, 2).is_err() || kind == "set-door",
                "a row whose kind is not its payload's is refused"
            );
            kinds.push(kind);
        }
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), samples.len(), "each action has its own kind");
    }

    #[test]
    fn the_tag_is_read_wherever_it_stands_in_the_payload() {
        assert_eq!(
            kind_in(r#"{"action":"check-in","entry":1}"#),
            Some("check-in")
        );
        assert_eq!(
            kind_in(r#"{"entry":1, "action": "check-in"}"#),
            Some("check-in")
        );
        assert_eq!(kind_in(r#"{"entry":1}"#), None);
    }
}
