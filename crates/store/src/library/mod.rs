//! The shop's player library: its regulars in one SQLite file of the app's data
//! folder (`players.tklibrary`; another can be opened, exported and imported), so a weekly
//! local types each name once, ever. Each player has a library number (what a player card
//! carries), name, reading, publisher ID, nickname and a note, and the events they played
//! (each by its identity, file and player number there). An event file never depends on the
//! library: registration copies the details into the event.
//!
//! Every write is one transaction committed with `synchronous=FULL`; a new library and an
//! export are built in a temporary file and renamed into place. Search is in memory
//! ([`search::Index`]), so find-as-you-type never waits on the disk.

mod exchange;
pub mod fold;
mod handle;
mod ledger;
mod records;
mod schema;
pub mod search;
mod transfer;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;

pub use exchange::{
    BundleFile, ForeignRows, Incoming, Outgoing, RowConflict, SharedEvent, SharedPlayer, Taken,
    TrustedShop,
};
use fold::ChangeBody;
pub use fold::PublisherIds;
pub use handle::Library;
pub use ledger::{Shop, fingerprint, normalize_fingerprint};
use records::DETAILS_COLUMNS;
pub use records::{Appearance, ImportSummary, LibraryDetails, LibraryEvent, LibraryPlayer};

/// The library file's extension.
pub const LIBRARY_EXTENSION: &str = "tklibrary";

impl Library {
    /// Opens the library at `path`, creating an empty one (through a temporary file renamed
    /// into place) when there is none.
    pub fn open_or_create(path: &Path) -> Result<Library, StoreError> {
        if !path.exists() {
            schema::create(path)?;
        }
        Library::open(path)
    }

    /// Opens an existing library; a file that is not one is refused and left unchanged.
    pub fn open(path: &Path) -> Result<Library, StoreError> {
        let mut conn = schema::open(path)?;
        ledger::ensure_shop(&mut conn)?;
        let mut library = Library {
            conn,
            path: path.to_path_buf(),
            index: search::Index::default(),
        };
        let players = library.players()?;
        library.index = search::Index::new(&players);
        Ok(library)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every player, by number.
    pub fn players(&self) -> Result<Vec<LibraryPlayer>, StoreError> {
        let mut statement = self.conn.prepare(&format!(
            "SELECT number, {DETAILS_COLUMNS}, added_at FROM players ORDER BY number"
        ))?;
        let rows = statement.query_map([], row_player)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Player `number`.
    pub fn player(&self, number: u32) -> Result<LibraryPlayer, StoreError> {
        self.conn
            .query_row(
                &format!(
                    "SELECT number, {DETAILS_COLUMNS}, added_at FROM players WHERE number = ?1"
                ),
                params![number],
                row_player,
            )
            .optional()?
            .ok_or(StoreError::UnknownLibraryPlayer { number })
    }

    /// The players matching what was typed (two letters of a name, reading or nickname, a
    /// library number or a publisher ID), best first, at most `limit`.
    pub fn find(&self, typed: &str, limit: usize) -> Result<Vec<LibraryPlayer>, StoreError> {
        self.index
            .find(typed, limit)
            .into_iter()
            .map(|number| self.player(number))
            .collect()
    }

    /// Adds a player (the caller checked the details); returns them with their number.
    pub fn add(
        &mut self,
        details: &LibraryDetails,
        now: &str,
    ) -> Result<LibraryPlayer, StoreError> {
        let tx = self.conn.transaction()?;
        let number = insert_player(&tx, details, now)?;
        tx.commit()?;
        let player = self.player(number)?;
        self.index.put(&player);
        Ok(player)
    }

    /// Adds many players in one transaction (a list brought from elsewhere); returns their
    /// numbers in order.
    pub fn add_many(
        &mut self,
        players: &[LibraryDetails],
        now: &str,
    ) -> Result<Vec<u32>, StoreError> {
        let tx = self.conn.transaction()?;
        let mut numbers = Vec::with_capacity(players.len());
        for details in players {
            numbers.push(insert_player(&tx, details, now)?);
        }
        tx.commit()?;
        for (number, details) in numbers.iter().zip(players) {
            self.index.put(&LibraryPlayer {
                number: *number,
                details: details.clone(),
                added_at: now.to_string(),
            });
        }
        Ok(numbers)
    }

    /// Replaces a player's details.
    pub fn edit(
        &mut self,
        number: u32,
        details: &LibraryDetails,
    ) -> Result<LibraryPlayer, StoreError> {
        let before = self.player(number)?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE players SET name = ?2, reading = ?3, publisher_id = ?4, nickname = ?5, note = ?6,
             tcgplus_id = ?7, pokemon_id = ?8 WHERE number = ?1",
            params![
                number,
                details.person.name,
                details.person.reading,
                details.person.publisher_id,
                details.person.nickname,
                details.note,
                details.ids.tcgplus_id,
                details.ids.pokemon_id
            ],
        )?;
        ledger::append(
            &tx,
            &ChangeBody::Edit {
                person: ledger::uid(&tx, number)?,
                details: ledger::shared(details),
                // Said when there are any or they changed; an edit of a card without them
                // is written as it always was (older laptops read it).
                ids: (!details.ids.is_empty() || before.details.ids != details.ids)
                    .then(|| details.ids.clone()),
            },
        )?;
        tx.commit()?;
        let player = self.player(number)?;
        self.index.put(&player);
        Ok(player)
    }

    /// The library player these details are (the same publisher ID, else the same name and
    /// reading), if any.
    pub fn same_as(&self, details: &LibraryDetails) -> Result<Option<LibraryPlayer>, StoreError> {
        match self.index.same_as(details) {
            Some(number) => self.player(number).map(Some),
            None => Ok(None),
        }
    }

    /// Another library player (not `number`) these details are, if any: what an edit
    /// would make a duplicate of.
    pub fn same_as_other(
        &self,
        details: &LibraryDetails,
        number: u32,
    ) -> Result<Option<LibraryPlayer>, StoreError> {
        match self.index.same_as_except(details, Some(number)) {
            Some(other) => self.player(other).map(Some),
            None => Ok(None),
        }
    }

    /// Records that player `number` played an event (once per event).
    pub fn record_appearance(
        &mut self,
        number: u32,
        appearance: &Appearance,
    ) -> Result<(), StoreError> {
        self.player(number)?;
        let tx = self.conn.transaction()?;
        record(&tx, number, appearance)?;
        tx.commit()?;
        Ok(())
    }

    /// Records many appearances (player number, event) in one transaction.
    pub fn record_appearances(&mut self, items: &[(u32, Appearance)]) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        for (number, appearance) in items {
            record(&tx, *number, appearance)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The events player `number` played, oldest first.
    pub fn appearances(&self, number: u32) -> Result<Vec<Appearance>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT event, file, event_name, date, event_player, ticket FROM appearances WHERE player = ?1 ORDER BY date, event",
        )?;
        let rows = statement.query_map(params![number], |row| {
            Ok(Appearance {
                event: row.get(0)?,
                file: PathBuf::from(row.get::<_, String>(1)?),
                event_name: row.get(2)?,
                date: row.get(3)?,
                player: row.get(4)?,
                ticket: row.get(5)?,
            })
        })?;
        let mut appearances: Vec<Appearance> = rows.collect::<Result<_, _>>()?;
        appearances.sort_by_cached_key(|appearance| instant(&appearance.date));
        Ok(appearances)
    }

    /// Who is who in every event the library has seen: (the event's identity, the player's
    /// number in that event) → the library player, so ratings follow one person across
    /// events however each registered them.
    pub fn people_in_events(
        &self,
    ) -> Result<std::collections::HashMap<(String, u32), u32>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT event, event_player, player FROM appearances")?;
        let rows = statement.query_map([], |row| Ok(((row.get(0)?, row.get(1)?), row.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The library player whose player ticket (of any event they played) carries `code`
    /// (normalized as the ticket's code is).
    pub fn find_by_ticket(&self, code: &str) -> Result<Option<u32>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT player FROM appearances WHERE ticket = ?1 ORDER BY date DESC LIMIT 1",
                params![code],
                |row| row.get(0),
            )
            .optional()?)
    }

    /// How many events each player played and when they were last seen (only players with
    /// events), in one query.
    pub fn seen(&self) -> Result<std::collections::HashMap<u32, (u32, String)>, StoreError> {
        let mut statement = self
            .conn
            .prepare("SELECT player, COUNT(*), MAX(date) FROM appearances GROUP BY player")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, (row.get(1)?, row.get(2)?))))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many events player `number` played and when they were last seen.
    pub fn seen_one(&self, number: u32) -> Result<Option<(u32, String)>, StoreError> {
        let (count, last): (u32, Option<String>) = self.conn.query_row(
            "SELECT COUNT(*), MAX(date) FROM appearances WHERE player = ?1",
            params![number],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        Ok(last.map(|last| (count, last)))
    }

    /// The library's events created from `from` to `to` (dates `YYYY-MM-DD`, both
    /// included; either open), each event once, oldest first.
    pub fn events_between(
        &self,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<Vec<LibraryEvent>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT event, MIN(file), MIN(event_name), MIN(date), COUNT(*) FROM appearances
             WHERE (?1 IS NULL OR substr(date, 1, 10) >= ?1) AND (?2 IS NULL OR substr(date, 1, 10) <= ?2)
             GROUP BY event ORDER BY MIN(date), event",
        )?;
        let rows = statement.query_map(params![from, to], |row| {
            Ok(LibraryEvent {
                file: PathBuf::from(row.get::<_, String>(1)?),
                name: row.get(2)?,
                date: row.get(3)?,
                players: row.get(4)?,
            })
        })?;
        let mut events: Vec<LibraryEvent> = rows.collect::<Result<_, _>>()?;
        // Oldest first by the instant, not the clock text: events made under other UTC
        // offsets (a laptop that travelled, daylight saving) sort as they happened.
        events.sort_by_cached_key(|event| instant(&event.date));
        Ok(events)
    }

    /// Groups of players who look like one person: the same publisher ID, or the same name
    /// and reading. Each group by number, the lowest first.
    pub fn duplicates(&self) -> Vec<Vec<u32>> {
        self.index.duplicates()
    }

    /// Merges player `other` into `keep`: `keep`'s details stay, the ones it lacks come from
    /// `other`, the events of both are `keep`'s; `other` leaves the library. One transaction.
    pub fn merge(&mut self, keep: u32, other: u32) -> Result<LibraryPlayer, StoreError> {
        if keep == other {
            return Err(StoreError::Data(
                "a player cannot be merged with themselves".into(),
            ));
        }
        let kept = self.player(keep)?;
        let gone = self.player(other)?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE players SET reading = ?2, publisher_id = ?3, nickname = ?4, note = ?5,
             tcgplus_id = ?6, pokemon_id = ?7 WHERE number = ?1",
            params![
                keep,
                kept.details.person.reading.or(gone.details.person.reading),
                kept.details
                    .person
                    .publisher_id
                    .or(gone.details.person.publisher_id),
                kept.details
                    .person
                    .nickname
                    .or(gone.details.person.nickname),
                match (kept.details.note, gone.details.note) {
                    (Some(a), Some(b)) if a != b => Some(format!("{a}\n{b}")),
                    (a, b) => a.or(b),
                },
                kept.details.ids.tcgplus_id.or(gone.details.ids.tcgplus_id),
                kept.details.ids.pokemon_id.or(gone.details.ids.pokemon_id)
            ],
        )?;
        // An event both played (one registered twice) stays once, as `keep`'s.
        tx.execute(
            "INSERT OR IGNORE INTO appearances (player, event, file, event_name, date, event_player, ticket)
             SELECT ?1, event, file, event_name, date, event_player, ticket FROM appearances WHERE player = ?2",
            params![keep, other],
        )?;
        tx.execute("DELETE FROM appearances WHERE player = ?1", params![other])?;
        let body = ChangeBody::Merge {
            keep: ledger::uid(&tx, keep)?,
            other: ledger::uid(&tx, other)?,
        };
        tx.execute("DELETE FROM players WHERE number = ?1", params![other])?;
        ledger::append(&tx, &body)?;
        // The journal's way of adding up a merge is the one every laptop uses.
        exchange::materialize(&tx)?;
        tx.commit()?;
        self.index.remove(other);
        let player = self.player(keep)?;
        self.index.put(&player);
        Ok(player)
    }

    /// Removes a player on request: their details and their list of events leave the
    /// library (event files keep their own copy). The file is vacuumed so the details do not
    /// stay in free pages.
    pub fn remove(&mut self, number: u32) -> Result<LibraryPlayer, StoreError> {
        let player = self.player(number)?;
        let tx = self.conn.transaction()?;
        let body = ChangeBody::Remove {
            person: ledger::uid(&tx, number)?,
        };
        exchange::keep_removed_seats(&tx, number)?;
        tx.execute("DELETE FROM appearances WHERE player = ?1", params![number])?;
        tx.execute("DELETE FROM players WHERE number = ?1", params![number])?;
        ledger::append(&tx, &body)?;
        // Their details leave the journal too (the changes stay, erased).
        exchange::materialize(&tx)?;
        tx.commit()?;
        self.index.remove(number);
        self.conn
            .execute_batch("PRAGMA secure_delete = ON; VACUUM;")?;
        Ok(player)
    }

    /// Writes a copy of the library to `target` (through a temporary file renamed into place;
    /// an existing file is not replaced).
    pub fn export(&self, target: &Path) -> Result<(), StoreError> {
        transfer::export(&self.conn, target)
    }

    /// Adds the players of the library at `source` (another laptop's): each one already here
    /// (same publisher ID, or same name and reading) gets the events they played there; the
    /// others are added. Nothing here is removed or overwritten.
    pub fn import(&mut self, source: &Path, now: &str) -> Result<ImportSummary, StoreError> {
        if transfer::same_file(&self.path, source) {
            return Err(StoreError::SameFile {
                path: source.to_path_buf(),
            });
        }
        let linked = self.link(transfer::read(source)?, now)?;
        let added = linked.iter().filter(|(_, added)| *added).count();
        Ok(ImportSummary {
            added: u32::try_from(added).unwrap_or(u32::MAX),
            matched: u32::try_from(linked.len() - added).unwrap_or(u32::MAX),
        })
    }

    /// Each of `players` as the library player they are (the same publisher ID, else the
    /// same name and reading; one added earlier in the list counts), the others added, and
    /// the events given for each recorded — all in one transaction, so registering or
    /// importing thousands costs one synced write. Returns each one's number and whether it
    /// was added.
    pub fn link(
        &mut self,
        players: Vec<(LibraryDetails, Vec<Appearance>)>,
        now: &str,
    ) -> Result<Vec<(u32, bool)>, StoreError> {
        let linked = self.link_in_one_transaction(players, now);
        if linked.is_err() {
            // Players put into the index before a failed commit are not in the file.
            self.index = search::Index::new(&self.players()?);
        }
        linked
    }

    fn link_in_one_transaction(
        &mut self,
        players: Vec<(LibraryDetails, Vec<Appearance>)>,
        now: &str,
    ) -> Result<Vec<(u32, bool)>, StoreError> {
        let tx = self.conn.transaction()?;
        let mut linked = Vec::with_capacity(players.len());
        for (details, appearances) in players {
            let (number, added) = match self.index.same_as(&details) {
                Some(number) => {
                    transfer::fill_numbers(&tx, number, &details.ids)?;
                    (number, false)
                }
                None => {
                    let number = insert_player(&tx, &details, now)?;
                    self.index.put(&LibraryPlayer {
                        number,
                        details,
                        added_at: now.to_string(),
                    });
                    (number, true)
                }
            };
            for appearance in &appearances {
                record(&tx, number, appearance)?;
            }
            linked.push((number, added));
        }
        tx.commit()?;
        Ok(linked)
    }
}

/// Adds a player with a new global identity, and the change that says so.
fn insert_player(tx: &Connection, details: &LibraryDetails, now: &str) -> Result<u32, StoreError> {
    let person = ledger::new_uid();
    tx.execute(
        "INSERT INTO players (name, reading, publisher_id, nickname, note, added_at, uid,
         tcgplus_id, pokemon_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            details.person.name,
            details.person.reading,
            details.person.publisher_id,
            details.person.nickname,
            details.note,
            now,
            person,
            details.ids.tcgplus_id,
            details.ids.pokemon_id
        ],
    )?;
    let number = u32::try_from(tx.last_insert_rowid())
        .map_err(|_| StoreError::Data("the library is full".into()))?;
    ledger::append(
        tx,
        &ChangeBody::Add {
            person,
            details: ledger::shared(details),
            added_at: now.to_string(),
            ids: details.ids.clone(),
        },
    )?;
    Ok(number)
}

/// Records one event a player played, and the change that says so when it is new to the
/// library (a ticket code alone is this laptop's).
fn record(tx: &Connection, number: u32, appearance: &Appearance) -> Result<(), StoreError> {
    let had: Option<u32> = tx
        .query_row(
            "SELECT event_player FROM appearances WHERE player = ?1 AND event = ?2",
            params![number, appearance.event],
            |row| row.get(0),
        )
        .optional()?;
    tx.execute(APPEARANCE_UPSERT, appearance_params(number, appearance))?;
    if had != Some(appearance.player) {
        ledger::append(
            tx,
            &ChangeBody::Appear {
                person: ledger::uid(tx, number)?,
                event: appearance.event.clone(),
                player: appearance.player,
                event_name: appearance.event_name.clone(),
                date: appearance.date.clone(),
            },
        )?;
    }
    Ok(())
}

/// Records (or updates) one event a player played; a ticket code once known is kept.
const APPEARANCE_UPSERT: &str = "INSERT INTO appearances (player, event, file, event_name, date, event_player, ticket) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
     ON CONFLICT (player, event) DO UPDATE SET file = excluded.file, event_name = excluded.event_name, event_player = excluded.event_player, ticket = COALESCE(excluded.ticket, ticket)";

fn appearance_params(number: u32, appearance: &Appearance) -> impl rusqlite::Params + '_ {
    (
        number,
        appearance.event.as_str(),
        appearance.file.to_string_lossy(),
        appearance.event_name.as_str(),
        appearance.date.as_str(),
        appearance.player,
        appearance.ticket.as_deref(),
    )
}

fn row_player(row: &rusqlite::Row<'_>) -> rusqlite::Result<LibraryPlayer> {
    Ok(LibraryPlayer {
        number: row.get(0)?,
        details: LibraryDetails::from_row(row, 1)?,
        added_at: row.get(8)?,
    })
}

/// The library's default place: `players.tklibrary` in the app's data folder.
pub fn default_library(data_dir: &Path) -> PathBuf {
    data_dir.join(format!("players.{LIBRARY_EXTENSION}"))
}

/// When an event was created, as an instant (RFC 3339 text carries its UTC offset): lists
/// are oldest first by this, not by the clock text. A date that cannot be read sorts last.
fn instant(date: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(date)
        .map(|when| when.timestamp_millis())
        .unwrap_or(i64::MAX)
}
