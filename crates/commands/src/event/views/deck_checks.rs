//! Deck checks as hosts show them: the tables picked for a round's deck check, who sits
//! there, and the time extension each was given.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::DeckCheck;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CheckedPlayerView {
    pub number: u32,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CheckedTableView {
    pub table: u32,
    pub players: Vec<CheckedPlayerView>,
    pub extension_minutes: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckCheckView {
    pub round: u32,
    /// The seed as text: the same event, round and seed pick the same tables.
    pub seed: String,
    pub tables: Vec<CheckedTableView>,
}

impl DeckCheckView {
    /// A recorded deck check with its players named.
    pub fn of(event: &tablekeeper_engine::Event, check: &DeckCheck) -> DeckCheckView {
        DeckCheckView {
            round: check.round,
            seed: check.seed.to_string(),
            tables: check
                .tables
                .iter()
                .map(|table| CheckedTableView {
                    table: table.table,
                    players: table
                        .players
                        .iter()
                        .map(|id| CheckedPlayerView {
                            number: id.0,
                            name: event
                                .player(*id)
                                .map(|p| p.details.name.clone())
                                .unwrap_or_default(),
                        })
                        .collect(),
                    extension_minutes: table.extension_minutes,
                })
                .collect(),
        }
    }
}
