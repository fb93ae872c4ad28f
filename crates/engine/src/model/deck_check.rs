//! Deck checks as the log records them: the tables of a round picked for a deck
//! check (the players seated there then) and the time extension each checked table was given.

use serde::{Deserialize, Serialize};

use super::player::PlayerId;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCheck {
    pub round: u32,
    /// The seed the tables were picked with (the same event, round and seed pick the same).
    pub seed: u64,
    pub tables: Vec<CheckedTable>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckedTable {
    pub table: u32,
    /// Who sat there when it was picked.
    pub players: Vec<PlayerId>,
    /// Minutes added to this table's round clock for the check (0: none yet).
    #[serde(default)]
    pub extension_minutes: u32,
}
