//! The shop's player library as hosts show it: players with how many events
//! they played and when they were last seen, and a player's history across the library's
//! events read from the event files as they are on disk (records, placings, penalties).
//!
//! The history is the organizer's: penalties of other events are shown for information and
//! never counted in this one (every seed counts earlier penalties within one tournament
//! only: docs/penalty-history-seeds.md).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_store::library::LibraryPlayer;
pub use tablekeeper_store::library::{LibraryDetails, PublisherIds};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryPlayerView {
    /// The library number (on the player's card).
    pub number: u32,
    #[serde(flatten)]
    #[ts(flatten)]
    pub details: LibraryDetails,
    pub added_at: String,
    /// Events of the library this player played.
    pub events: u32,
    /// When the last of them was created (RFC 3339).
    pub last_seen: Option<String>,
}

impl LibraryPlayerView {
    pub fn of(player: LibraryPlayer, seen: Option<(u32, String)>) -> LibraryPlayerView {
        let (events, last_seen) = match seen {
            Some((events, last)) => (events, Some(last)),
            None => (0, None),
        };
        LibraryPlayerView {
            number: player.number,
            details: player.details,
            added_at: player.added_at,
            events,
            last_seen,
        }
    }
}

/// The open library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryView {
    #[ts(type = "string")]
    pub path: PathBuf,
    pub players: u32,
    /// Groups of players that look like one person, to merge.
    pub duplicate_groups: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LibraryImportView {
    pub added: u32,
    pub matched: u32,
    pub library: LibraryView,
}

/// One penalty of a player's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryPenaltyView {
    pub round: u32,
    pub penalty: PenaltyType,
    pub infraction: String,
    pub late_minutes: Option<u32>,
}

/// One event of a player's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryEventView {
    pub name: String,
    #[ts(type = "string")]
    pub file: PathBuf,
    pub date: String,
    /// `false`: the file is gone or cannot be read now (the rest is then empty).
    pub readable: bool,
    pub players: u32,
    /// The player's place in the final order (the first place of a tied group).
    pub place: Option<u32>,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub dropped: bool,
    pub penalties: Vec<HistoryPenaltyView>,
}

/// A library player's history across the library's events, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerHistoryView {
    pub player: LibraryPlayerView,
    pub events: Vec<HistoryEventView>,
}

/// A publisher's tool a player is known to by number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum PublisherTool {
    /// Bandai's TCG+ (a TCG+ organizer CSV): the membership number.
    Tcgplus,
    /// TOM (a `.tdf`): the Play! Pokémon ID.
    Pokemon,
}

impl PublisherTool {
    /// The tool's name as its publisher prints it (the same in every language).
    pub fn name(self) -> &'static str {
        match self {
            PublisherTool::Tcgplus => "TCG+",
            PublisherTool::Pokemon => "Play! Pokémon",
        }
    }
}

/// A player of a TCG+ or TOM file whom no library player carries the number of, with who
/// they may be (the library players whose names match theirs), to confirm by a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ToolPlayerView {
    pub tool: PublisherTool,
    /// Their number in that tool, as the file gives it.
    pub id: String,
    /// Their name as the file gives it.
    pub name: String,
    /// The first event (by day) that names them, and its day (`YYYY-MM-DD`).
    pub event_name: String,
    pub date: String,
    /// Library players who may be them, best first (at most 5).
    pub suggestions: Vec<LibraryPlayerView>,
}
