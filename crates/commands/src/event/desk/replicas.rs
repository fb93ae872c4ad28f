//! Stations' replicas, the main laptop's side (`crate::session::replica`): a joined station asks for
//! what its copy of the event lacks, and the Share screen shows how far each station's copy
//! is. docs/lan.md, "The replica".

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::session::replica::{Held, ReplicaChunk, ReplicaSeen, WaitingAsk};

/// A station's ask: its name (chosen when it joined) and what its copies hold (the copy of
/// this event once it has one; before, every copy it keeps, at most a few).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReplicaRequest {
    pub station: String,
    #[serde(default)]
    pub held: Vec<Held>,
    /// The port this station would share the event on if it took over (`null`: the main
    /// laptop's own); with the station's address, where phones and laptops look for it.
    #[serde(default)]
    pub port: Option<u16>,
}

/// Copies a station may offer in one ask (a longer list is refused; the body limit bounds it).
const HOLDS_AT_MOST: usize = 8;

/// How far one station's copy is, as the Share screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReplicaStatusView {
    pub station: String,
    /// The step its copy holds (`null`: none yet, or a copy of something else).
    #[ts(type = "number | null")]
    pub step: Option<i64>,
    /// Steps its copy lacks now (0: up to date).
    #[ts(type = "number")]
    pub behind: i64,
    /// When it last asked (milliseconds since 1970).
    #[ts(type = "number")]
    pub seen_at: i64,
    /// It stopped answering while it kept the copy in step: changes here are not said
    /// saved until it answers again or the organizer lets it go (`let_station_go`).
    pub unanswered: bool,
}

/// A station's name as it is kept and shown: trimmed, at most 40 characters.
pub fn station_name(typed: &str) -> String {
    let name: String = typed
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect();
    if name.is_empty() { "?".into() } else { name }
}

/// A station not heard from for this long is not waited for (its ask waits at most a
/// second on the main laptop, so one in step asks far more often).
pub const IN_STEP_FOR_MS: i64 = 3_000;

/// A station asks at least every second or so (its ask waits at most a second here); one
/// silent for this long has lost the main laptop, or was closed.
pub const SILENT_AFTER_MS: i64 = 10_000;

/// A station silent this long is no longer named in the attention bar (Share still lists it).
pub const SILENT_FORGOTTEN_MS: i64 = 30 * 60_000;

/// Stations remembered at most (a device inventing names cannot grow the list).
const STATIONS_KEPT: usize = 16;

impl Desk {
    /// What a station's copy lacks (the rows after it, or a whole copy); what it holds is
    /// remembered for the Share screen.
    pub fn replica(&mut self, request: ReplicaRequest) -> Result<ReplicaChunk, CommandError> {
        if request.held.len() > HOLDS_AT_MOST {
            return Err(CommandError::input(
                tablekeeper_words::ErrorKind::InvalidRequest,
                tablekeeper_words::msg!(
                    "error.replica.too-many-copies",
                    "a station offers at most {count} copies of events at once",
                    count = HOLDS_AT_MOST.to_string()
                ),
            ));
        }
        self.note_replica(&request, None)?;
        let mut chunk = self.session()?.replica_chunk(&request.held)?;
        chunk.hosts = self.known_hosts();
        chunk.room = Some(self.carried_room());
        Ok(chunk)
    }

    /// A station's ask says what its copy holds: remembered (its acknowledgement) before
    /// the server holds the ask. When its copy holds every row, the answer as it stands (the
    /// ask then waits for the next change, which is added to it). A request that does not
    /// read is heard as nothing.
    /// `address` is where it would carry the event on (`ip:port`).
    pub fn replica_heard(
        &mut self,
        request: &serde_json::Value,
        address: &str,
    ) -> Option<WaitingAsk> {
        let request = serde_json::from_value::<ReplicaRequest>(request.clone())
            .ok()
            .filter(|request| request.held.len() <= HOLDS_AT_MOST)?;
        let up_to_date = self
            .note_replica(&request, Some(address))
            .ok()
            .is_some_and(|up| up);
        if !up_to_date {
            return None;
        }
        let mut waiting = self.session().ok()?.up_to_date_chunk();
        waiting.chunk.hosts = self.known_hosts();
        waiting.chunk.room = Some(self.carried_room());
        Some(waiting)
    }

    /// Remembers what a station's copy holds; whether it holds every row. A station stays
    /// in step once it was (its ask held for a change is answered after that change) until
    /// a change waits for it in vain (`replicas_out_of_step`). `address`: where the asking
    /// station would carry the event on, when the server says (`None`: unknown here).
    fn note_replica(
        &mut self,
        request: &ReplicaRequest,
        address: Option<&str>,
    ) -> Result<bool, CommandError> {
        let session = self.session()?;
        let newest = session.log_rows();
        let recognized = request
            .held
            .iter()
            .find_map(|held| session.held_step(held).map(|step| (step, held.rows)));
        let (step, rows) = (recognized.map(|r| r.0), recognized.map(|r| r.1));
        let up_to_date = rows.is_some_and(|rows| rows >= newest);
        let seen = &mut self.event_room_mut().replicas;
        let name = station_name(&request.station);
        // In step until a change waited for it in vain: a copy that holds more than before
        // but not yet the newest (changes came meanwhile) is catching up, not lagging.
        let before = seen.get(&name).cloned();
        let was_in_step = before
            .as_ref()
            .is_some_and(|before| before.in_step && rows >= before.rows);
        // A station left unanswered is cleared only by an ask from where it would carry the
        // event on: another laptop of the same name proves nothing about it.
        let unanswered = before.as_ref().is_some_and(|before| {
            before.unanswered
                && match (address, &before.address) {
                    (Some(now), Some(then)) => now != then,
                    (Some(_), None) => false,
                    (None, _) => true,
                }
        });
        let address = match &before {
            Some(before) if unanswered => before.address.clone(),
            _ => address
                .map(str::to_string)
                .or_else(|| before.as_ref().and_then(|b| b.address.clone())),
        };
        if before.is_none() && seen.len() >= STATIONS_KEPT {
            // The station heard from longest ago gives way; never one left unanswered (a
            // station cut off would be forgotten, and "saved" said without it).
            let Some(oldest) = seen
                .iter()
                .filter(|(_, s)| !s.unanswered)
                .min_by_key(|(_, s)| s.seen_at)
                .map(|(k, _)| k.clone())
            else {
                return Ok(up_to_date);
            };
            seen.remove(&oldest);
        }
        seen.insert(
            name,
            ReplicaSeen {
                step,
                rows,
                seen_at: chrono::Utc::now().timestamp_millis(),
                in_step: (up_to_date || was_in_step) && !unanswered,
                address,
                // Heard again from its own laptop: it asks as a station, so it did not
                // take the event over.
                unanswered,
            },
        );
        Ok(up_to_date)
    }

    /// The stations in step (heard from in the last [`IN_STEP_FOR_MS`]) whose copy holds
    /// fewer than `rows` rows: a change is said saved once none is left.
    pub fn replicas_behind(&self, rows: i64) -> Vec<String> {
        let now = chrono::Utc::now().timestamp_millis();
        self.event_room()
            .replicas
            .iter()
            .filter(|(_, seen)| {
                seen.in_step
                    && now - seen.seen_at <= IN_STEP_FOR_MS
                    && seen.rows.unwrap_or(0) < rows
            })
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The stations still counted in step that have not asked for longer than
    /// [`IN_STEP_FOR_MS`] (this laptop was frozen or cut off, or they were): they are waited
    /// for no longer, and returned, so the change at hand asks where the event is first.
    pub fn replicas_gone_quiet(&mut self) -> Vec<String> {
        let now = chrono::Utc::now().timestamp_millis();
        let quiet: Vec<String> = self
            .event_room()
            .replicas
            .iter()
            .filter(|(_, seen)| seen.in_step && now - seen.seen_at > IN_STEP_FOR_MS)
            .map(|(name, _)| name.clone())
            .collect();
        self.replicas_out_of_step(&quiet);
        quiet
    }

    /// The room a station keeps beside its copy for a takeover: this event's codes' secret
    /// and its room's settings (sent over the stations' encrypted link only).
    fn carried_room(&mut self) -> crate::room::carried::CarriedRoom {
        crate::room::carried::CarriedRoom {
            secret: self.room_secret().to_hex(),
            settings: self.event_room().settings,
        }
    }

    /// The stations counted in step — their copy held every row, and no change waited
    /// for them in vain since — however long ago they asked: a change every one of them
    /// acknowledged may be said saved at once; one gone quiet sends it the desk's way.
    pub fn replicas_in_step(&self) -> Vec<String> {
        self.event_room()
            .replicas
            .iter()
            .filter(|(_, seen)| seen.in_step)
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// Stations that did not hold a change in time are waited for no longer, until their
    /// copy catches up again (a station that hangs never holds the desk up twice).
    pub fn replicas_out_of_step(&mut self, names: &[String]) {
        for name in names {
            if let Some(seen) = self.event_room_mut().replicas.get_mut(name) {
                seen.in_step = false;
            }
        }
    }

    /// How far each station's copy is.
    pub fn replicas(&mut self, _: Nothing) -> Result<Vec<ReplicaStatusView>, CommandError> {
        let newest = self.session()?.log_step();
        Ok(self
            .event_room()
            .replicas
            .iter()
            .map(|(station, seen)| ReplicaStatusView {
                station: station.clone(),
                step: seen.step,
                behind: newest - seen.step.unwrap_or(0),
                seen_at: seen.seen_at,
                unanswered: seen.unanswered,
            })
            .collect())
    }
}
