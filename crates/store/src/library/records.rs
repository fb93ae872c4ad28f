//! The library's records as data: a player, their details as typed, an event they played,
//! and what an import did.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// A player of the library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LibraryPlayer {
    /// The library number (on the player's card; never reused).
    pub number: u32,
    pub name: String,
    pub reading: Option<String>,
    pub publisher_id: Option<String>,
    pub nickname: Option<String>,
    pub note: Option<String>,
    /// When the player was added (RFC 3339).
    pub added_at: String,
}

impl LibraryPlayer {
    /// The player's details as they stand.
    pub fn details(&self) -> LibraryDetails {
        LibraryDetails {
            name: self.name.clone(),
            reading: self.reading.clone(),
            publisher_id: self.publisher_id.clone(),
            nickname: self.nickname.clone(),
            note: self.note.clone(),
        }
    }
}

/// A player's details as typed (a new player, or a correction).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LibraryDetails {
    pub name: String,
    pub reading: Option<String>,
    pub publisher_id: Option<String>,
    pub nickname: Option<String>,
    pub note: Option<String>,
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

/// What an import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportSummary {
    /// Players new to this library.
    pub added: u32,
    /// Players already here (same publisher ID, or same name and reading).
    pub matched: u32,
}
