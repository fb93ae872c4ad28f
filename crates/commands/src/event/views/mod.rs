//! The shapes commands answer with (documented in `docs/cli-json.md`): pure data built
//! from the event, with no `Session` and no files. The shapes every screen shows are here;
//! each feature's own are in its file.
//!
//! Exact values are strings: fractions such as `"2/3"` or integers such as `"3"`.

pub mod attention;
pub mod bracket;
pub mod breakdown;
pub mod deck_checks;
pub mod door;
pub use crate::shop::views::exchange;
pub use crate::shop::views::library;
pub use crate::shop::views::meta;
pub mod pairings;
pub mod phone;
pub mod players;
pub mod printing;
pub mod prizes;
pub mod projection;
pub use crate::shop::views::ratings;
pub mod results;
pub mod standings;
pub mod takeover;
pub mod tickets;

use serde::{Deserialize, Serialize};
use tablekeeper_words::message::Message;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RulesetRef {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
}

/// `tablekeeper status`: the event at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EventView {
    pub file: String,
    pub name: String,
    pub title: Option<String>,
    pub ruleset: RulesetRef,
    pub planned_rounds: u32,
    pub rounds_paired: u32,
    pub current_round_complete: bool,
    pub players_registered: u32,
    pub players_active: u32,
    /// Swiss rounds the publisher's table suggests for the field (`field`); with a planned
    /// cut, from the "with cut" table. `0` while fewer than 2 players are registered.
    pub recommended_rounds: u32,
    /// Top cut size suggested for the field (0: no cut).
    pub recommended_cut: u32,
    /// The top cut the organizer planned (`create --cut N`; 0: none).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub planned_cut: u32,
    /// The event's first table number (its table range starts there).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub first_table: u32,
    /// With a planned cut, the range of Swiss rounds the publisher's with-cut table gives
    /// (Bushiroad: e.g. `[3, 5]`); `null` when it gives one count or no cut is planned.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub recommended_rounds_range: Option<[u32; 2]>,
    /// `round-robin` when the publisher recommends one instead of Swiss for the field
    /// (Bushiroad, 2–4 players); `null` otherwise.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub recommended_structure: Option<tablekeeper_engine::rules::structure::Structure>,
    /// The finals a plain `cut` plays: `single-elimination`, or `double-elimination` (FoW
    /// with one-game matches, 4 or 8 players).
    #[serde(default)]
    #[ts(as = "Option<crate::vocabulary::Finals>", optional)]
    pub recommended_finals: crate::vocabulary::Finals,
    /// The number of players the suggestions are for: the active players before round 1,
    /// then the field of round 1 (late entries and later drops do not change it).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub field: u32,
    /// `registration` (no round paired), `swiss`, `cut` (bracket running) or `finished`.
    pub stage: crate::vocabulary::Stage,
    /// `swiss`, `round-robin`, `two-loss`, `points-threshold` or `single-elimination`.
    #[serde(default)]
    pub structure: tablekeeper_engine::rules::structure::Structure,
    /// Members per team (2 tag, 3 trio); 0 for an individual event.
    #[serde(default)]
    pub team_size: u8,
    /// Why no further round can be paired under the structure (an elimination decided,
    /// a round robin complete), if so.
    #[serde(default)]
    pub structure_finished: Option<Message>,
    /// `null` when changes are saved to the file; otherwise why the event opened for
    /// reading only (changes are refused with that reason's error kind).
    #[serde(default)]
    pub read_only: Option<ReadOnlyView>,
    /// The event part of the codes on its match slips (`TK-<code>-<round>-<table>`).
    #[serde(default)]
    pub slip_code: String,
    /// The top cut's size once it started (its seeds; 0: no cut yet).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub cut_size: u32,
    /// The bracket round being played or last played (`quarterfinal`, `semifinal`,
    /// `final`, `round-of-16`, `double-elimination`); `null` outside the cut.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub bracket_round: Option<String>,
}

/// Why an event opened for reading only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReadOnlyView {
    /// `media` (write-protected disk, file or folder), `disk-full`, `in-use` (another
    /// Tablekeeper has it open) or `moved` (a station took it over; `detail` is its address).
    pub reason: String,
    /// The details in words (`the disk is write-protected…`, the holder).
    pub detail: String,
}

impl ReadOnlyView {
    pub fn from_reason(reason: &tablekeeper_store::ReadOnlyReason) -> ReadOnlyView {
        use tablekeeper_store::ReadOnlyReason;
        let (kind, detail) = match reason {
            ReadOnlyReason::Media { why } => ("media", why.clone()),
            ReadOnlyReason::DiskFull => ("disk-full", "the disk is full".to_string()),
            ReadOnlyReason::InUse { holder } => ("in-use", holder.clone()),
            ReadOnlyReason::Inspection => ("inspection", "opened to be read".to_string()),
            ReadOnlyReason::Moved { to } => ("moved", to.clone()),
        };
        ReadOnlyView {
            reason: kind.into(),
            detail,
        }
    }
}

pub use pairings::*;
pub use players::*;
pub use results::{GamesView, ResultView};
pub use standings::*;
