//! The room: what the event shows the players' phones on the shop's network (issue 15) —
//! the round's tables, the clock, standings once the organizer publishes them and the
//! bracket — and the results players report with their table's code.
//!
//! This module holds the room's state and builds its views; the commands that use them are
//! on the desk (`desk::room_commands`), and the HTTP server that serves them is a host
//! (`crates/lan`). The room view is built for anyone in the shop to see: it names players
//! by name and player number only and never carries publisher IDs, penalties or the
//! pairing seed (the table codes are derived from it).

pub mod codes;
pub mod reports;
mod view;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use reports::ReportStatus;
pub use view::*;

tablekeeper_engine::choice_enum! {
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

/// The room's state while an event is open.
#[derive(Debug, Default)]
pub struct Room {
    pub settings: RoomSettings,
    pub clock: Option<ClockState>,
    pub reports: reports::Reports,
    /// Bumped whenever a report changes (the view's cache key has it).
    pub report_revision: u64,
    /// The event's part of the view, for the event's revision, the settings and reports.
    cached: Option<view::Cached>,
}
