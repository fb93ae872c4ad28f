//! The library's records as data: a player, their details as typed, an event they played,
//! and what an import did.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::PlayerDetails;

use super::fold::PublisherIds;

/// The columns [`LibraryDetails::from_row`] reads, in its order.
pub(super) const DETAILS_COLUMNS: &str =
    "name, reading, publisher_id, nickname, note, tcgplus_id, pokemon_id";

/// A player of the library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LibraryPlayer {
    /// The library number (on the player's card; never reused).
    pub number: u32,
    #[serde(flatten)]
    pub details: LibraryDetails,
    /// When the player was added (RFC 3339).
    pub added_at: String,
}

impl LibraryPlayer {
    /// The person: name, reading, publisher ID and nickname.
    pub fn person(&self) -> &PlayerDetails {
        &self.details.person
    }
}

/// A player's details as typed for the library (a new player, or a correction): the
/// person, as every way a person arrives declares them ([`PlayerDetails`]), and the shop's
/// note.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LibraryDetails {
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub person: PlayerDetails,
    #[serde(default)]
    pub note: Option<String>,
    /// The person's numbers in TCG+ and Play! Pokémon, by which the publishers' own files
    /// (a TCG+ organizer CSV, a TOM `.tdf`) name them.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub ids: PublisherIds,
}

impl LibraryDetails {
    /// The details from the columns `name, reading, publisher_id, nickname, note, tcgplus_id,
    /// pokemon_id` ([`DETAILS_COLUMNS`]), starting at column `first`.
    pub(super) fn from_row(
        row: &rusqlite::Row<'_>,
        first: usize,
    ) -> rusqlite::Result<LibraryDetails> {
        Ok(LibraryDetails {
            person: tablekeeper_engine::PlayerDetails {
                name: row.get(first)?,
                reading: row.get(first + 1)?,
                publisher_id: row.get(first + 2)?,
                nickname: row.get(first + 3)?,
                members: Vec::new(),
            },
            note: row.get(first + 4)?,
            ids: PublisherIds {
                tcgplus_id: row.get(first + 5)?,
                pokemon_id: row.get(first + 6)?,
            },
        })
    }
}

/// One event a library player played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appearance {
    /// The event's identity (its creation time and recorded seed): a copy is the same event.
    pub event: String,
    pub file: PathBuf,
    pub event_name: String,
    /// When the event was created (RFC 3339): the player was seen then.
    pub date: String,
    /// The player's number in that event.
    pub player: u32,
    /// The code on the player ticket printed for that event (normalized), so scanning a
    /// regular's old ticket finds them.
    #[serde(default)]
    pub ticket: Option<String>,
}

/// An event the library has seen players of (for picking a season's events).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct LibraryEvent {
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub file: PathBuf,
    pub name: String,
    /// When the event was created (RFC 3339).
    pub date: String,
    /// How many of the library's players played it.
    pub players: u32,
}

/// What an import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportSummary {
    /// Players new to this library.
    pub added: u32,
    /// Players already here (same publisher ID, or same name and reading).
    pub matched: u32,
}
