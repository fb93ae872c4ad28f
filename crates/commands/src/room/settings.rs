//! What the organizer decides for the room (reporting, published standings) and the round
//! clock the app shares with it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

tablekeeper_words::choice_enum! {
    /// Whether players may report results from their phones, and what a pair of agreeing
    /// reports does.
    #[derive(TS, Default)]
    #[ts(export)]
    pub enum Reporting {
        /// Only the scorekeepers enter results (the default).
        #[default]
        Off = "off",
        /// Two agreeing reports are recorded at once.
        Agree = "agree",
        /// Two agreeing reports wait for a scorekeeper to confirm them.
        Confirm = "confirm",
    }
}

/// What the organizer shares with the room.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSettings {
    /// Standings appear on the phones only once the organizer publishes them.
    pub publish_standings: bool,
    pub reporting: Reporting,
    /// When the players' decks are revealed on the phones and the projector (milliseconds
    /// since 1970; a time already past reveals them at once). `null`: hidden, as until the
    /// organizer reveals them (docs/meta.md).
    #[serde(default)]
    #[ts(type = "number | null")]
    pub decks_revealed_at: Option<i64>,
}

impl RoomSettings {
    /// Whether the decks are revealed at `now` (milliseconds since 1970).
    pub fn decks_revealed(&self, now: i64) -> bool {
        self.decks_revealed_at.is_some_and(|at| now >= at)
    }
}

/// The round clock as the app runs it (its timer's state), in milliseconds; times are the
/// app's own clock (milliseconds since 1970), which the server shares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ClockState {
    /// Round length plus extensions for everyone.
    #[ts(type = "number")]
    pub duration_ms: i64,
    /// Time used before `running_since`.
    #[ts(type = "number")]
    pub used_ms: i64,
    /// When the clock last started, or `null` while stopped or paused.
    #[ts(type = "number | null")]
    pub running_since: Option<i64>,
    pub round: Option<u32>,
}

impl ClockState {
    /// Time left at `now` (never below zero).
    pub fn remaining_ms(&self, now: i64) -> i64 {
        let used = self.used_ms + self.running_since.map_or(0, |since| (now - since).max(0));
        (self.duration_ms - used).max(0)
    }
}
