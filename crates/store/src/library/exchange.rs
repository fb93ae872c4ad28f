//! What a library sends to other shops and takes from them. Its own changes since its last
//! export leave as an SQLite session changeset of journal rows (`changes`); another shop's
//! changeset is checked row by row (its own journal rows only, each one readable) and
//! applied with a conflict handler: a row already here with the same content is skipped
//! (re-importing changes nothing); the same row with other content is said, never picked.
//! Events that arrive are recorded with their players; then the journal is added up again
//! (`super::fold`) and the players and histories rewritten to what it gives, all in one
//! transaction: a killed import leaves the library as it was before it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rusqlite::fallible_streaming_iterator::FallibleStreamingIterator;
use rusqlite::hooks::Action;
use rusqlite::session::{ChangesetIter, ConflictAction, ConflictType, Session};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension, params};

use super::fold::{ChangeBody, EventPlayer, FoldConflict, Folded, fold};
use super::handle::Library;
use super::ledger::{self, Shop, change_id};
use super::search;
use crate::error::StoreError;

/// An event shared between shops: an immutable copy, by the SHA-256 of its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedEvent {
    pub sha256: String,
    /// The event's identity (a copy of one event is the same event).
    pub identity: String,
    /// The key of the shop that ran it.
    pub shop: String,
    pub name: String,
    /// When it was held (the identity's creation time).
    pub date: String,
    /// Where its copy is on this laptop.
    pub file: PathBuf,
    pub players: Vec<SharedPlayer>,
}

/// A player of a shared event, as its file has them: their number there and who they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPlayer {
    pub number: u32,
    pub details: tablekeeper_engine::PlayerDetails,
}

/// A shop this laptop trusts, by its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustedShop {
    pub key: String,
    pub name: String,
    pub trusted_at: String,
}

/// This shop's changes not yet sent: a changeset of journal rows.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub changeset: Vec<u8>,
    pub count: u32,
    /// The shop's count up to which they go (recorded once the bundle is written).
    pub up_to: i64,
}

/// A bundle file: its content address, name and size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleFile {
    /// The SHA-256 of the whole file (so each bundle is taken once).
    pub sha256: String,
    pub name: String,
    pub size: i64,
}

/// What one bundle brings, checked by the caller (signature, content addresses).
#[derive(Debug, Clone)]
pub struct Incoming {
    pub bundle: BundleFile,
    /// The key of the shop that signed it.
    pub shop: String,
    pub shop_name: String,
    pub changeset: Vec<u8>,
    pub events: Vec<SharedEvent>,
}

/// Why a journal row in a bundle was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowConflict {
    /// A change already here under the same identity with other content.
    Different { id: String },
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Taken {
    /// False when the bundle had been taken before (nothing changed).
    pub new: bool,
    pub changes: u32,
    pub events: u32,
    /// The same event (identity) already here with other contents: (identity, name).
    pub event_conflicts: Vec<(String, String)>,
    pub row_conflicts: Vec<RowConflict>,
}

/// The changes a bundle carries could not be read or are not that shop's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignRows(pub String);

const CHANGES_TABLE: &str = "CREATE TABLE changes (id TEXT PRIMARY KEY, clock INTEGER NOT NULL, shop TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL)";

impl Library {
    /// This shop: its name and key.
    pub fn shop(&self) -> Result<Shop, StoreError> {
        ledger::shop(&self.conn)
    }

    /// Names this shop (as other shops will see it).
    pub fn set_shop_name(&mut self, name: &str) -> Result<Shop, StoreError> {
        self.conn
            .execute("UPDATE shop SET name = ?1", params![name])?;
        self.shop()
    }

    /// This shop's signing key; `None` in a library copied by export.
    pub fn signing_key(&self) -> Result<Option<ed25519_dalek::SigningKey>, StoreError> {
        ledger::signing_key(&self.conn)
    }

    /// The shops this laptop trusts.
    pub fn trusted_shops(&self) -> Result<Vec<TrustedShop>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT key, name, trusted_at FROM trusted_shops ORDER BY name, key")?;
        let rows = statement.query_map([], |row| {
            Ok(TrustedShop {
                key: row.get(0)?,
                name: row.get(1)?,
                trusted_at: row.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Whether the shop with `key` is this one or a trusted one.
    pub fn is_trusted(&self, key: &str) -> Result<bool, StoreError> {
        if self.shop()?.key == key {
            return Ok(true);
        }
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM trusted_shops WHERE key = ?1",
                params![key],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// Trusts the shop with `key` (its bundles then count).
    pub fn trust(&mut self, key: &str, name: &str, now: &str) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO trusted_shops (key, name, trusted_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name",
            params![key, name, now],
        )?;
        tx.execute("DELETE FROM waiting_shops WHERE key = ?1", params![key])?;
        tx.commit()?;
        Ok(())
    }

    /// Notes a shop whose bundle waits for a person to trust it.
    pub fn note_waiting(&mut self, key: &str, name: &str, now: &str) -> Result<(), StoreError> {
        self.conn.execute(
            "INSERT INTO waiting_shops (key, name, seen_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (key) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at",
            params![key, name, now],
        )?;
        Ok(())
    }

    /// Shops whose bundles wait to be trusted: (key, name).
    pub fn waiting_shops(&self) -> Result<Vec<(String, String)>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT key, name FROM waiting_shops ORDER BY name, key")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The exchange folder chosen in Settings, if any.
    pub fn exchange_folder(&self) -> Result<Option<PathBuf>, StoreError> {
        let folder: Option<String> = self
            .conn
            .query_row("SELECT folder FROM shop", [], |row| row.get(0))?;
        Ok(folder.map(PathBuf::from))
    }

    /// Chooses (or clears) the exchange folder.
    pub fn set_exchange_folder(
        &mut self,
        folder: Option<&std::path::Path>,
    ) -> Result<(), StoreError> {
        self.conn.execute(
            "UPDATE shop SET folder = ?1",
            params![folder.map(|f| f.to_string_lossy().into_owned())],
        )?;
        Ok(())
    }

    /// This shop's changes since its last export, as one changeset.
    pub fn outgoing_changes(&self) -> Result<Outgoing, StoreError> {
        let shop = self.shop()?;
        let (from, to): (i64, i64) =
            self.conn
                .query_row("SELECT exported_seq, seq FROM shop", [], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })?;
        let scratch = Connection::open_in_memory()?;
        scratch.execute_batch(CHANGES_TABLE)?;
        let mut session = Session::new(&scratch)?;
        session.attach(Some("changes"))?;
        let mut count = 0u32;
        {
            let mut rows = self.conn.prepare(
                "SELECT id, clock, shop, seq, body FROM changes WHERE shop = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
            )?;
            let mut insert = scratch.prepare(
                "INSERT INTO changes (id, clock, shop, seq, body) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            let mut found = rows.query(params![shop.key, from, to])?;
            while let Some(row) = found.next()? {
                insert.execute(params![
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, String>(2)?,
                    row.get::<_, i64>(3)?,
                    row.get::<_, String>(4)?
                ])?;
                count += 1;
            }
        }
        let mut changeset = Vec::new();
        session.changeset_strm(&mut changeset)?;
        Ok(Outgoing {
            changeset,
            count,
            up_to: to,
        })
    }

    /// The events of this shop already sent (by identity).
    pub fn sent_identities(&self) -> Result<Vec<String>, StoreError> {
        let key = self.shop()?.key;
        let mut statement = self
            .conn
            .prepare("SELECT identity FROM shared_events WHERE shop = ?1")?;
        let rows = statement.query_map(params![key], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The events another shop ran and shared (by identity): never sent as this shop's own.
    pub fn received_identities(&self) -> Result<Vec<String>, StoreError> {
        let key = self.shop()?.key;
        let mut statement = self
            .conn
            .prepare("SELECT DISTINCT identity FROM shared_events WHERE shop <> ?1")?;
        let rows = statement.query_map(params![key], |row| row.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Records a bundle written: its changes count as sent, its events as shared (their
    /// copies kept in the exchange store), in one transaction.
    pub fn sent(
        &mut self,
        up_to: i64,
        events: &[SharedEvent],
        bundle: &BundleFile,
        now: &str,
    ) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE shop SET exported_seq = MAX(exported_seq, ?1)",
            params![up_to],
        )?;
        let key = ledger::shop(&tx)?.key;
        insert_events(&tx, events)?;
        // The events just shared link their players by publisher ID here as on every
        // laptop that takes them, not only after the next bundle taken.
        materialize(&tx)?;
        tx.execute(
            "INSERT OR IGNORE INTO bundles (sha256, shop, imported_at, file, size) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![bundle.sha256, key, now, bundle.name, bundle.size],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Whether a bundle file of this name and size was taken (or written) here: the folder
    /// is checked often, and a bundle's name carries its content address, so such a file is
    /// not read again.
    pub fn has_bundle_file(&self, file: &str, size: u64) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM bundles WHERE file = ?1 AND size = ?2",
                params![file, i64::try_from(size).unwrap_or(i64::MAX)],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// Whether the bundle with this SHA-256 was taken (or written) here before.
    pub fn has_bundle(&self, sha256: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM bundles WHERE sha256 = ?1",
                params![sha256],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// Every shared event here (this shop's sent ones and the ones received), oldest first.
    pub fn shared_events(&self) -> Result<Vec<SharedEvent>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT sha256, identity, shop, name, date, file FROM shared_events ORDER BY date, identity, sha256",
        )?;
        let rows = statement.query_map([], shared_event)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Takes one bundle's changes and events, all or nothing; a bundle taken before changes
    /// nothing. `rows` must be `shop`'s own journal rows: [`ForeignRows`] otherwise.
    /// `accept` checks each change's contents as the desk checks what a person types (a
    /// bundle is another laptop's input).
    pub fn take_bundle(
        &mut self,
        incoming: &Incoming,
        now: &str,
        accept: &dyn Fn(&ChangeBody) -> bool,
    ) -> Result<Result<Taken, ForeignRows>, StoreError> {
        if self.has_bundle(&incoming.bundle.sha256)? {
            return Ok(Ok(Taken::default()));
        }
        if let Err(refused) = check_rows(&incoming.changeset, &incoming.shop, accept) {
            return Ok(Err(refused));
        }
        let taken = self.take_in_one_transaction(incoming, now);
        // The in-memory index follows the file, whatever happened.
        self.index = search::Index::new(&self.players()?);
        taken.map(Ok)
    }

    fn take_in_one_transaction(
        &mut self,
        incoming: &Incoming,
        now: &str,
    ) -> Result<Taken, StoreError> {
        let tx = self.conn.transaction()?;
        let conflicts: Arc<Mutex<Vec<RowConflict>>> = Arc::default();
        let heard = Arc::clone(&conflicts);
        let before: i64 = tx.query_row("SELECT COUNT(*) FROM changes", [], |row| row.get(0))?;
        tx.apply_strm(
            &mut incoming.changeset.as_slice(),
            Some(|table: &str| table == "changes"),
            move |kind, item| {
                if kind == ConflictType::SQLITE_CHANGESET_CONFLICT {
                    // The same row already here: the same content is this bundle again.
                    let same = (0..5).all(|col| match (item.new_value(col), item.conflict(col)) {
                        (Ok(a), Ok(b)) => a == b,
                        _ => false,
                    });
                    // A change whose person was removed here has its details erased: the
                    // same change all the same.
                    let erased_here = matches!(
                        item.conflict(4),
                        Ok(ValueRef::Text(body)) if body.starts_with(br#"{"kind":"redacted""#)
                    );
                    let same = same || erased_here;
                    if !same
                        && let Ok(ValueRef::Text(id)) = item.conflict(0)
                        && let Ok(mut heard) = heard.lock()
                    {
                        heard.push(RowConflict::Different {
                            id: String::from_utf8_lossy(id).into_owned(),
                        });
                    }
                }
                ConflictAction::SQLITE_CHANGESET_OMIT
            },
        )?;
        let after: i64 = tx.query_row("SELECT COUNT(*) FROM changes", [], |row| row.get(0))?;
        // This shop's clock moves past every change it has heard of (Lamport).
        tx.execute(
            "UPDATE shop SET clock = MAX(clock, COALESCE((SELECT MAX(clock) FROM changes), 0))",
            [],
        )?;
        let mut event_conflicts = Vec::new();
        for event in &incoming.events {
            let other: Option<String> = tx
                .query_row(
                    "SELECT sha256 FROM shared_events WHERE identity = ?1 AND sha256 <> ?2 LIMIT 1",
                    params![event.identity, event.sha256],
                    |row| row.get(0),
                )
                .optional()?;
            if other.is_some() {
                event_conflicts.push((event.identity.clone(), event.name.clone()));
            }
        }
        let events = insert_events(&tx, &incoming.events)?;
        tx.execute(
            "INSERT INTO bundles (sha256, shop, imported_at, file, size) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![incoming.bundle.sha256, incoming.shop, now, incoming.bundle.name, incoming.bundle.size],
        )?;
        materialize(&tx)?;
        crate::failpoint::hit("exchange.before-commit");
        tx.commit()?;
        let row_conflicts = conflicts.lock().map(|c| c.clone()).unwrap_or_default();
        Ok(Taken {
            new: true,
            changes: u32::try_from(after - before).unwrap_or(0),
            events,
            event_conflicts,
            row_conflicts,
        })
    }

    /// What the journal adds up to now, with the changes it could not apply.
    pub fn folded(&self) -> Result<Folded, StoreError> {
        Ok(fold(
            ledger::changes(&self.conn)?,
            &event_players(&self.conn)?,
        ))
    }

    /// Changes not applied (to a removed or unknown person), each with who made it.
    pub fn library_conflicts(&self) -> Result<Vec<FoldConflict>, StoreError> {
        Ok(self.folded()?.conflicts)
    }

    /// The shared library as text, the same bytes on every laptop that holds the same
    /// changes and events: each person by global identity with their details and the
    /// events they played. (Library numbers, notes and tickets are this laptop's own.)
    pub fn shared_contents(&self) -> Result<String, StoreError> {
        let mut text = String::new();
        let mut people = self.conn.prepare(
            "SELECT uid, name, COALESCE(reading, ''), COALESCE(publisher_id, ''), COALESCE(nickname, ''), added_at,
             COALESCE(tcgplus_id, ''), COALESCE(pokemon_id, '') FROM players ORDER BY uid",
        )?;
        let mut rows = people.query([])?;
        while let Some(row) = rows.next()? {
            let fields: Vec<String> = (0..8)
                .map(|i| row.get::<_, String>(i))
                .collect::<Result<_, _>>()?;
            text.push_str(&format!("person\t{}\n", fields.join("\t")));
        }
        let mut played = self.conn.prepare(
            "SELECT p.uid, a.event, a.event_player, a.event_name, a.date FROM appearances a JOIN players p ON p.number = a.player ORDER BY p.uid, a.event",
        )?;
        let mut rows = played.query([])?;
        while let Some(row) = rows.next()? {
            text.push_str(&format!(
                "played\t{}\t{}\t{}\t{}\t{}\n",
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, u32>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?
            ));
        }
        Ok(text)
    }

    /// Every library player's global identity, by library number (the same person on every
    /// laptop of a league, where library numbers are each laptop's own).
    pub fn uids(&self) -> Result<HashMap<u32, String>, StoreError> {
        let mut statement = self.conn.prepare("SELECT number, uid FROM players")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Shared events' players no one in the library is (no publisher ID match, no link).
    pub fn unlinked_players(&self) -> Result<Vec<(SharedEvent, SharedPlayer)>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT e.sha256, e.identity, e.shop, e.name, e.date, e.file, s.event_player, s.name, s.reading, s.publisher_id
             FROM shared_players s JOIN shared_events e ON e.sha256 = s.sha256
             WHERE NOT EXISTS (SELECT 1 FROM appearances a WHERE a.event = e.identity AND a.event_player = s.event_player)
               AND NOT EXISTS (SELECT 1 FROM removed_players r WHERE r.event = e.identity AND r.event_player = s.event_player)
             ORDER BY e.date, e.identity, s.event_player",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                shared_event(row)?,
                SharedPlayer {
                    number: row.get(6)?,
                    details: tablekeeper_engine::PlayerDetails {
                        name: row.get(7)?,
                        reading: row.get(8)?,
                        publisher_id: row.get(9)?,
                        ..Default::default()
                    },
                },
            ))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// A shared event from a row's first six columns (sha256, identity, shop, name, date,
/// file); its players are read apart.
fn shared_event(row: &rusqlite::Row<'_>) -> rusqlite::Result<SharedEvent> {
    Ok(SharedEvent {
        sha256: row.get(0)?,
        identity: row.get(1)?,
        shop: row.get(2)?,
        name: row.get(3)?,
        date: row.get(4)?,
        file: PathBuf::from(row.get::<_, String>(5)?),
        players: Vec::new(),
    })
}

/// Refuses a changeset holding anything but `shop`'s own, readable journal rows.
fn check_rows(
    changeset: &[u8],
    shop: &str,
    accept: &dyn Fn(&ChangeBody) -> bool,
) -> Result<(), ForeignRows> {
    let refuse = |why: &str| ForeignRows(why.to_string());
    let mut input: &[u8] = changeset;
    let reader: &mut dyn std::io::Read = &mut input;
    let mut rows = ChangesetIter::start_strm(&reader).map_err(|e| refuse(&e.to_string()))?;
    while let Some(item) = rows.next().map_err(|e| refuse(&e.to_string()))? {
        let op = item.op().map_err(|e| refuse(&e.to_string()))?;
        if op.table_name() != "changes" || op.code() != Action::SQLITE_INSERT {
            return Err(refuse("a change to something other than the journal"));
        }
        let text = |col| match item.new_value(col) {
            Ok(ValueRef::Text(t)) => Ok(String::from_utf8_lossy(t).into_owned()),
            _ => Err(refuse("a journal row without its text")),
        };
        let number = |col| match item.new_value(col) {
            Ok(ValueRef::Integer(n)) if n > 0 => Ok(n),
            _ => Err(refuse("a journal row without its numbers")),
        };
        let (id, _clock, from, seq, body) = (text(0)?, number(1)?, text(2)?, number(3)?, text(4)?);
        if from != shop || id != change_id(&from, seq) {
            return Err(refuse("a journal row of another shop"));
        }
        let body = serde_json::from_str::<ChangeBody>(&body)
            .map_err(|_| refuse("a journal row that cannot be read"))?;
        if !accept(&body) {
            return Err(refuse("a change whose details this laptop refuses"));
        }
    }
    Ok(())
}

/// Records events (and their players) not recorded yet; returns how many were new.
fn insert_events(conn: &Connection, events: &[SharedEvent]) -> Result<u32, StoreError> {
    let mut new = 0u32;
    let mut event = conn.prepare(
        "INSERT OR IGNORE INTO shared_events (sha256, identity, shop, name, date, file) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let mut player = conn.prepare(
        "INSERT OR IGNORE INTO shared_players (sha256, event_player, name, reading, publisher_id) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for shared in events {
        let added = event.execute(params![
            shared.sha256,
            shared.identity,
            shared.shop,
            shared.name,
            shared.date,
            shared.file.to_string_lossy()
        ])?;
        if added == 0 {
            continue;
        }
        new += 1;
        for p in &shared.players {
            player.execute(params![
                shared.sha256,
                p.number,
                p.details.name,
                p.details.reading,
                p.details.publisher_id
            ])?;
        }
    }
    Ok(new)
}

/// Every player of a shared event, for linking by publisher ID (one copy per identity:
/// the lowest SHA-256, as everywhere).
fn event_players(conn: &Connection) -> Result<Vec<EventPlayer>, StoreError> {
    let mut statement = conn.prepare(
        "SELECT e.identity, e.name, e.date, s.event_player, s.publisher_id FROM shared_players s
         JOIN shared_events e ON e.sha256 = s.sha256
         WHERE e.sha256 = (SELECT MIN(sha256) FROM shared_events f WHERE f.identity = e.identity)
         ORDER BY e.identity, s.event_player",
    )?;
    let rows = statement.query_map([], |row| {
        Ok(EventPlayer {
            event: row.get(0)?,
            event_name: row.get(1)?,
            date: row.get(2)?,
            player: row.get(3)?,
            publisher_id: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Erases the details of people removed on request from every change that held them (the
/// change stays, as what it was, so the journal adds up as before).
fn redact(conn: &Connection, folded: &Folded) -> Result<(), StoreError> {
    if folded.to_redact.is_empty() {
        return Ok(());
    }
    let mut read = conn.prepare("SELECT body FROM changes WHERE id = ?1")?;
    let mut write = conn.prepare("UPDATE changes SET body = ?2 WHERE id = ?1")?;
    for (shop, seq) in &folded.to_redact {
        let id = change_id(shop, i64::try_from(*seq).unwrap_or(i64::MAX));
        let body: String = read.query_row(params![id], |row| row.get(0))?;
        let body = serde_json::from_str::<ChangeBody>(&body).ok();
        if let Some(ChangeBody::Appear { event, player, .. }) = &body {
            keep_removed_seat(conn, event, *player)?;
        }
        let redacted = body.and_then(|b| b.redacted());
        if let Some(redacted) = redacted {
            let text =
                serde_json::to_string(&redacted).map_err(|e| StoreError::Data(e.to_string()))?;
            write.execute(params![id, text])?;
        }
    }
    Ok(())
}

/// Rewrites the players and their events to what the journal adds up to (inside the
/// caller's transaction). Library numbers, notes and tickets already here stay.
pub(super) fn materialize(conn: &Connection) -> Result<(), StoreError> {
    let folded = fold(ledger::changes(conn)?, &event_players(conn)?);
    redact(conn, &folded)?;
    let current: BTreeMap<String, u32> = {
        let mut statement = conn.prepare("SELECT uid, number FROM players")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<Result<_, _>>()?
    };
    // A seat someone still holds (a merge moved it) is not a removed person's.
    let held: HashSet<(&str, u32)> = folded
        .appearances
        .iter()
        .map(|((_, event), appearance)| (event.as_str(), appearance.player))
        .collect();
    for (uid, number) in &current {
        if !folded.people.contains_key(uid) {
            let seats: Vec<(String, u32)> = {
                let mut statement =
                    conn.prepare("SELECT event, event_player FROM appearances WHERE player = ?1")?;
                let rows =
                    statement.query_map(params![number], |row| Ok((row.get(0)?, row.get(1)?)))?;
                rows.collect::<Result<_, _>>()?
            };
            for (event, seat) in seats {
                if !held.contains(&(event.as_str(), seat)) {
                    keep_removed_seat(conn, &event, seat)?;
                }
            }
            conn.execute("DELETE FROM appearances WHERE player = ?1", params![number])?;
            conn.execute("DELETE FROM players WHERE number = ?1", params![number])?;
        }
    }
    let mut numbers: BTreeMap<&str, u32> = BTreeMap::new();
    for (uid, person) in &folded.people {
        let (details, ids, added_at) = (&person.details, &person.ids, &person.added_at);
        let number = match current.get(uid) {
            Some(number) => {
                conn.execute(
                    "UPDATE players SET name = ?2, reading = ?3, publisher_id = ?4, nickname = ?5, added_at = ?6,
                     tcgplus_id = ?7, pokemon_id = ?8
                     WHERE number = ?1 AND (name IS NOT ?2 OR reading IS NOT ?3 OR publisher_id IS NOT ?4 OR nickname IS NOT ?5
                     OR added_at IS NOT ?6 OR tcgplus_id IS NOT ?7 OR pokemon_id IS NOT ?8)",
                    params![number, details.name, details.reading, details.publisher_id, details.nickname, added_at,
                        ids.tcgplus_id, ids.pokemon_id],
                )?;
                *number
            }
            None => {
                conn.execute(
                    "INSERT INTO players (name, reading, publisher_id, nickname, added_at, uid, tcgplus_id, pokemon_id)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![details.name, details.reading, details.publisher_id, details.nickname, added_at, uid,
                        ids.tcgplus_id, ids.pokemon_id],
                )?;
                u32::try_from(conn.last_insert_rowid())
                    .map_err(|_| StoreError::Data("the library is full".into()))?
            }
        };
        numbers.insert(uid, number);
    }
    // The events played: what the journal says, with this laptop's files and tickets kept.
    let files: HashMap<String, String> = {
        let mut statement = conn.prepare(
            "SELECT identity, MIN(file) FROM shared_events GROUP BY identity
             UNION ALL SELECT event, MIN(file) FROM appearances GROUP BY event",
        )?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        let mut files = HashMap::new();
        for row in rows {
            let (event, file): (String, String) = row?;
            files.entry(event).or_insert(file);
        }
        files
    };
    let existing: BTreeMap<(u32, String), (u32, String, String)> = {
        let mut statement =
            conn.prepare("SELECT player, event, event_player, event_name, date FROM appearances")?;
        let rows = statement.query_map([], |row| {
            Ok((
                (row.get(0)?, row.get(1)?),
                (row.get(2)?, row.get(3)?, row.get(4)?),
            ))
        })?;
        rows.collect::<Result<_, _>>()?
    };
    let mut wanted: BTreeMap<(u32, String), (u32, String, String)> = BTreeMap::new();
    for ((uid, event), appearance) in &folded.appearances {
        if let Some(number) = numbers.get(uid.as_str()) {
            wanted.insert(
                (*number, event.clone()),
                (
                    appearance.player,
                    appearance.event_name.clone(),
                    appearance.date.clone(),
                ),
            );
        }
    }
    for key in existing.keys() {
        if !wanted.contains_key(key) {
            conn.execute(
                "DELETE FROM appearances WHERE player = ?1 AND event = ?2",
                params![key.0, key.1],
            )?;
        }
    }
    for (key, value) in &wanted {
        match existing.get(key) {
            Some(had) if had == value => {}
            Some(_) => {
                conn.execute(
                    "UPDATE appearances SET event_player = ?3, event_name = ?4, date = ?5 WHERE player = ?1 AND event = ?2",
                    params![key.0, key.1, value.0, value.1, value.2],
                )?;
            }
            None => {
                let file = files.get(&key.1).cloned().unwrap_or_default();
                conn.execute(
                    "INSERT INTO appearances (player, event, file, event_name, date, event_player, ticket) VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL)",
                    params![key.0, key.1, file, value.1, value.2, value.0],
                )?;
            }
        }
    }
    // A history row whose event's copy arrived after the person's registration there reads
    // that copy, as one made after it does (docs/exchange.md: the same history whatever the
    // order things arrived in).
    conn.execute(
        "UPDATE appearances SET file = (SELECT MIN(file) FROM shared_events s WHERE s.identity = appearances.event)
         WHERE file = '' AND EXISTS (SELECT 1 FROM shared_events s WHERE s.identity = appearances.event)",
        [],
    )?;
    // A removed person's name leaves every shared event's copy of their seat.
    conn.execute(
        "UPDATE shared_players SET name = '', reading = NULL, publisher_id = NULL
         WHERE (name <> '' OR reading IS NOT NULL OR publisher_id IS NOT NULL)
           AND EXISTS (SELECT 1 FROM removed_players r JOIN shared_events e ON e.identity = r.event
                       WHERE e.sha256 = shared_players.sha256 AND r.event_player = shared_players.event_player)",
        [],
    )?;
    Ok(())
}

/// Keeps the seats `player` holds in events as seats of a person removed on request.
pub(super) fn keep_removed_seats(conn: &Connection, player: u32) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR IGNORE INTO removed_players (event, event_player)
         SELECT event, event_player FROM appearances WHERE player = ?1",
        params![player],
    )?;
    Ok(())
}

fn keep_removed_seat(conn: &Connection, event: &str, seat: u32) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR IGNORE INTO removed_players (event, event_player) VALUES (?1, ?2)",
        params![event, seat],
    )?;
    Ok(())
}
