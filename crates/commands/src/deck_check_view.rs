//! Deck checks as hosts show them: the tables picked for a round's deck check,
//! who sits there, and the time extension each was given; the desk's commands to pick them
//! (with a recorded seed) and to record an extension.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Action;
use tablekeeper_engine::model::DeckCheck;
use ts_rs::TS;

use crate::error::CommandError;
use crate::session::Session;

/// Picks tables of a round for a deck check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckCheckRequest {
    /// How many tables to check.
    pub count: u32,
    /// `null`: the current round.
    #[serde(default)]
    pub round: Option<u32>,
    /// A 64-bit seed as text, to pick again as before (`null`: a fresh one, recorded).
    #[serde(default)]
    pub seed: Option<String>,
}

/// The time extension given to a checked table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckCheckExtensionRequest {
    pub table: u32,
    pub minutes: u32,
    /// `null`: the current round.
    #[serde(default)]
    pub round: Option<u32>,
}

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

impl Session {
    /// Picks `count` tables of the round for a deck check, recorded with its seed.
    pub fn check_decks(
        &mut self,
        request: DeckCheckRequest,
    ) -> Result<DeckCheckView, CommandError> {
        let round = self.round_or_current(request.round)?;
        let seed = crate::seed::from_text(request.seed.as_deref())?;
        // Fewer tables left than asked: the log (and its history line) records how many were
        // picked. The pick is a prefix of the seeded order, so the smaller count picks the
        // same tables on replay.
        let left = tablekeeper_engine::rules::deck_check::pick(
            self.event(),
            round,
            request.count as usize,
            seed,
        )
        .len();
        let count = match u32::try_from(left) {
            Ok(left) if left > 0 => request.count.min(left),
            _ => request.count,
        };
        self.door_step(Action::CheckDecks { round, count, seed })?;
        let event = self.event();
        event
            .deck_checks
            .last()
            .map(|check| view(event, check))
            .ok_or_else(crate::session::no_round_yet)
    }

    /// Records a checked table's time extension; the round's deck checks as they stand.
    pub fn extend_checked_table(
        &mut self,
        request: DeckCheckExtensionRequest,
    ) -> Result<Vec<DeckCheckView>, CommandError> {
        let round = self.round_or_current(request.round)?;
        self.door_step(Action::ExtendCheckedTable {
            round,
            table: request.table,
            minutes: request.minutes,
        })?;
        self.deck_checks(Some(round))
    }

    /// The deck checks of a round (`None`: the current round), oldest first.
    pub fn deck_checks(&self, round: Option<u32>) -> Result<Vec<DeckCheckView>, CommandError> {
        let round = self.round_or_current(round)?;
        let event = self.event();
        Ok(event
            .deck_checks
            .iter()
            .filter(|check| check.round == round)
            .map(|check| view(event, check))
            .collect())
    }
}

fn view(event: &tablekeeper_engine::Event, check: &DeckCheck) -> DeckCheckView {
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
                            .map(|p| p.name.clone())
                            .unwrap_or_default(),
                    })
                    .collect(),
                extension_minutes: table.extension_minutes,
            })
            .collect(),
    }
}
