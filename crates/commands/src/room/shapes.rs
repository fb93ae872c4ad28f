//! What the room view is made of, as the phones receive it: the tables and their seats and
//! results, the clock, the published standings and season, the title's name, the decks
//! once revealed, the list of open events, and the snapshot served as JSON.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::settings::Reporting;
use crate::views::bracket::BracketView;

/// A season's table as the phones show it: rank, name, points and events
/// played; computed when the organizer publishes it (publishing again refreshes it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeason {
    pub name: String,
    pub events: u32,
    pub rows: Vec<RoomSeasonRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeasonRow {
    /// `null`: fewer events than the season's minimum.
    pub rank: Option<u32>,
    pub name: String,
    #[ts(type = "number")]
    pub points: i64,
    pub events_played: u32,
}

impl RoomSeason {
    /// The phones' part of a season's standings (no records, no files).
    pub fn of(view: &crate::views::prizes::SeasonView) -> RoomSeason {
        RoomSeason {
            name: view.name.clone(),
            events: u32::try_from(view.events.len()).unwrap_or(u32::MAX),
            rows: view
                .rows
                .iter()
                .map(|row| RoomSeasonRow {
                    rank: row.rank,
                    name: row.name.clone(),
                    points: row.points,
                    events_played: row.events_played,
                })
                .collect(),
        }
    }
}

/// A player as the room sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomSeat {
    /// The player number (what a player types to find their table).
    pub number: u32,
    pub name: String,
}

/// A table's result as the room sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomResult {
    /// `win`, `draw`, `double-loss`, `double-win` or `team` (a default or a penalty
    /// reads as a win: the room does not show how a result came about).
    pub kind: crate::vocabulary::ResultKind,
    /// The winning seat, for a win.
    pub winner: Option<tablekeeper_engine::model::Side>,
    /// Games won by seat A and by seat B, when a game score was entered.
    pub games: Option<[u8; 2]>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomTable {
    pub table: u32,
    pub a: RoomSeat,
    pub b: RoomSeat,
    pub result: Option<RoomResult>,
    /// Where players' reports for this table stand (only while reporting is on).
    pub report: Option<super::reports::ReportStatus>,
}

/// The round clock as a phone shows it: time left when the view was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomClock {
    #[ts(type = "number")]
    pub remaining_ms: i64,
    pub running: bool,
    pub round: Option<u32>,
    /// Whether the clock ever ran for its round: one set but never started is "not
    /// started", never "paused" (a main laptop of an earlier version leaves it out).
    #[serde(default)]
    pub started: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomStandingsRow {
    pub rank: u32,
    pub number: u32,
    pub name: String,
    pub points: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub dropped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomStandings {
    pub completed_rounds: u32,
    pub rows: Vec<RoomStandingsRow>,
}

/// A title preset's name in each language, with its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TitleName {
    pub id: String,
    pub en: String,
    pub ja: String,
}

impl TitleName {
    /// The names of title preset `id`, else of ruleset `id` (an id no longer in the
    /// catalogue shows as itself).
    pub fn of(id: &str) -> TitleName {
        match tablekeeper_engine::ruleset::catalogue::title(id) {
            Ok(preset) => TitleName {
                id: preset.id,
                en: preset.name_en,
                ja: preset.name_ja,
            },
            // A game rated by its ruleset (no title chosen) is named as its ruleset is.
            Err(_) => match tablekeeper_engine::ruleset::catalogue::ruleset(id) {
                Ok(ruleset) => TitleName {
                    id: id.to_string(),
                    en: ruleset.name_en,
                    ja: ruleset.name_ja,
                },
                Err(_) => TitleName {
                    id: id.to_string(),
                    en: id.to_string(),
                    ja: id.to_string(),
                },
            },
        }
    }
}

/// What a phone shows that comes from the event and the organizer's settings: built once
/// per change and kept (with its JSON) until the next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomBase {
    pub event: String,
    /// The card game's name in each language (the page header shows the phone's), never
    /// the preset's id.
    pub title: Option<TitleName>,
    /// The current round, or `null` before round 1 is paired.
    pub round: Option<u32>,
    /// For a top-cut round: `quarterfinal`, `semifinal`, `final`, …
    pub bracket_round: Option<String>,
    pub tables: Vec<RoomTable>,
    pub byes: Vec<RoomSeat>,
    pub reporting: Reporting,
    /// Only once the organizer publishes them.
    pub standings: Option<RoomStandings>,
    pub bracket: Option<BracketView>,
    /// The season, once the organizer publishes it.
    pub season: Option<RoomSeason>,
    /// Each player's deck label, once the organizer reveals the decks (`null` until then:
    /// no deck reaches a phone or the projector before).
    pub decks: Option<Vec<RoomDeck>>,
}

/// A player's deck as the room shows it once the decks are revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomDeck {
    pub number: u32,
    pub name: String,
    /// The deck label, as the meta counts it (the ruleset's deck parts, or a free name).
    pub deck: String,
}

/// Everything a phone shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomView {
    /// The round clock at the time of the answer.
    pub clock: Option<RoomClock>,
    /// Changes whenever anything on the page would: a phone redraws only then.
    pub version: String,
    /// Every event open on the main laptop: a phone follows any of them, by
    /// its code (the `X-Event` header); empty while only one is open.
    #[serde(default)]
    pub events: Vec<RoomEventLink>,
    /// Where the page looks if this laptop stops answering: the joined stations'
    /// addresses (`ip:port`), any of which may take the event over (docs/lan.md).
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Set when this laptop learned that a station took the event over: that address (the
    /// page moves there).
    #[serde(default)]
    pub moved_to: Option<String>,
    #[serde(flatten)]
    #[ts(flatten)]
    pub base: RoomBase,
}

/// An open event as the players' page lists it: its code (never its file), name and round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoomEventLink {
    pub code: String,
    pub name: String,
    pub round: Option<u32>,
}

/// The room view with its event part already as JSON (shared, not copied): what the LAN
/// server answers the many phones' polls with, serializing outside the desk's lock.
#[derive(Debug, Clone)]
pub struct RoomSnapshot {
    pub clock: Option<RoomClock>,
    pub version: String,
    pub events: Vec<RoomEventLink>,
    pub hosts: Vec<String>,
    pub moved_to: Option<String>,
    /// `RoomBase` as a JSON object.
    pub base_json: Arc<str>,
}

impl RoomSnapshot {
    /// The JSON of the whole `RoomView` (the same object `room` gives, field for field).
    pub fn to_json(&self) -> String {
        let clock = serde_json::to_string(&self.clock).unwrap_or_else(|_| "null".into());
        let version = serde_json::Value::String(self.version.clone()).to_string();
        let events = serde_json::to_string(&self.events).unwrap_or_else(|_| "[]".into());
        let hosts = serde_json::to_string(&self.hosts).unwrap_or_else(|_| "[]".into());
        let moved_to = serde_json::to_string(&self.moved_to).unwrap_or_else(|_| "null".into());
        // `base_json` is a non-empty object: put the other fields in front of its members.
        let members = self.base_json.strip_prefix('{').unwrap_or("}");
        format!(
            "{{\"clock\":{clock},\"version\":{version},\"events\":{events},\"hosts\":{hosts},\"moved_to\":{moved_to},{members}"
        )
    }
}
