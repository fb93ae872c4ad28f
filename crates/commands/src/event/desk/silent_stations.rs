//! Stations that stopped answering, the main laptop's side (docs/lan.md, "Never two
//! writers"): one left unanswered after a change waited for it in vain — it may have taken
//! the event over while cut off, so no change is said saved until it asks again or the
//! organizer lets it go (decision 91) — and the stations the attention bar names as silent.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::views::attention::SilentStation;

use super::replicas::{ReplicaStatusView, SILENT_AFTER_MS, SILENT_FORGOTTEN_MS, station_name};

/// The station to let go, by the name it joined with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LetStationGoRequest {
    pub station: String,
}

impl Desk {
    /// The stations that did not answer where the event is after a change waited for them in
    /// vain, with where they would carry the event on (as they said last).
    pub fn replicas_unanswered(&self) -> Vec<(String, Option<String>)> {
        self.event_room()
            .replicas
            .iter()
            .filter(|(_, seen)| seen.unanswered)
            .map(|(name, seen)| (name.clone(), seen.address.clone()))
            .collect()
    }

    /// Stations waited for in vain (they did not acknowledge a change in time, or went
    /// quiet while in step): left unanswered — no change is said saved — until they are
    /// asked where the event is and answer, ask again, or are let go. Where they would carry
    /// the event on, to ask them.
    pub fn replicas_waited_in_vain(&mut self, names: &[String]) -> Vec<String> {
        let mut addresses = Vec::new();
        for name in names {
            if let Some(seen) = self.event_room_mut().replicas.get_mut(name) {
                seen.in_step = false;
                seen.unanswered = true;
                addresses.extend(seen.address.clone());
            }
        }
        addresses
    }

    /// The stations were asked where the event is: those at one of `answered` (an answer
    /// that this laptop's epoch is the newest, or nobody serving there) are cleared. The
    /// stations still unanswered.
    pub fn replicas_asked(&mut self, answered: &[String]) -> Vec<String> {
        let mut unanswered = Vec::new();
        for (name, seen) in self.event_room_mut().replicas.iter_mut() {
            if seen.unanswered && seen.address.as_ref().is_some_and(|a| answered.contains(a)) {
                seen.unanswered = false;
            }
            if seen.unanswered {
                unanswered.push(name.clone());
            }
        }
        unanswered
    }

    /// The organizer lets a station go (it is switched off, or left without saying so, and
    /// did not take the event over): it is no longer waited for, and changes are said saved
    /// again. Its address stays known, so the fence still asks it. The stations' copies.
    pub fn let_station_go(
        &mut self,
        request: LetStationGoRequest,
    ) -> Result<Vec<ReplicaStatusView>, CommandError> {
        let name = station_name(&request.station);
        if self.event_room_mut().replicas.remove(&name).is_none() {
            return Err(CommandError::input(
                tablekeeper_words::ErrorKind::InvalidRequest,
                tablekeeper_words::msg!(
                    "error.replica.unknown-station",
                    "no station named '{station}' has joined this event; choose one from the list on Share",
                    station = name
                ),
            ));
        }
        self.changes.bump();
        self.replicas(())
    }

    /// The stations heard from in the last [`SILENT_FORGOTTEN_MS`] that have not asked for
    /// [`SILENT_AFTER_MS`] at `now`, the quietest first: the attention bar names them (a
    /// station closed on purpose is named too, until it is forgotten).
    pub fn stations_silent(&self, now: i64) -> Vec<SilentStation> {
        let mut silent: Vec<SilentStation> = self
            .event_room()
            .replicas
            .iter()
            .filter(|(_, seen)| {
                let quiet = now - seen.seen_at;
                quiet > SILENT_AFTER_MS && quiet <= SILENT_FORGOTTEN_MS
            })
            .map(|(name, seen)| SilentStation {
                station: name.clone(),
                silent_for_s: u32::try_from((now - seen.seen_at) / 1000).unwrap_or(u32::MAX),
            })
            .collect();
        silent.sort_by(|a, b| {
            b.silent_for_s
                .cmp(&a.silent_for_s)
                .then(a.station.cmp(&b.station))
        });
        silent
    }

    /// The stations heard from in the last [`SILENT_FORGOTTEN_MS`] at `now`.
    pub fn stations_known(&self, now: i64) -> u32 {
        let known = self
            .event_room()
            .replicas
            .values()
            .filter(|seen| now - seen.seen_at <= SILENT_FORGOTTEN_MS)
            .count();
        u32::try_from(known).unwrap_or(u32::MAX)
    }
}
