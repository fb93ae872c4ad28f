//! Deck checks: tables picked for a check and the time extension each was given.
//! The pick is recomputed from the event, the round and the seed (`rules::deck_check`), so
//! replaying the log gives the same tables.

use tablekeeper_words::msg;

use super::action::Action;
use crate::error::EngineError;
use crate::model::{CheckedTable, DeckCheck};
use crate::rules::deck_check::pick;
use crate::state::Event;
use tablekeeper_words::message::Message;

/// The longest time extension a deck check may give one table, in minutes.
pub const MAX_EXTENSION_MINUTES: u32 = 60;

impl Event {
    pub(super) fn check_decks(
        &mut self,
        round: u32,
        count: u32,
        seed: u64,
    ) -> Result<(), EngineError> {
        if self.round(round).is_none() {
            return Err(EngineError::UnknownRound(round));
        }
        if count == 0 {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.deck-check-count",
                "ask for at least one table to check"
            )));
        }
        let picked = pick(self, round, count as usize, seed);
        if picked.is_empty() {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.deck-check-none",
                "round {round} has no table left to check",
                round = round
            )));
        }
        self.deck_checks.push(DeckCheck {
            round,
            seed,
            tables: picked
                .into_iter()
                .map(|(table, players)| CheckedTable {
                    table,
                    players,
                    extension_minutes: 0,
                })
                .collect(),
        });
        Ok(())
    }

    pub(super) fn extend_checked_table(
        &mut self,
        round: u32,
        table: u32,
        minutes: u32,
    ) -> Result<(), EngineError> {
        if minutes > MAX_EXTENSION_MINUTES {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.deck-check-extension",
                "a deck check's time extension is at most {max} minutes",
                max = MAX_EXTENSION_MINUTES
            )));
        }
        let checked = self
            .deck_checks
            .iter_mut()
            .filter(|check| check.round == round)
            .flat_map(|check| check.tables.iter_mut())
            .find(|t| t.table == table)
            .ok_or_else(|| {
                EngineError::InvalidStep(msg!(
                    "error.invalid-step.deck-check-table",
                    "table {table} was not picked for a deck check in round {round}",
                    table = table,
                    round = round
                ))
            })?;
        checked.extension_minutes = minutes;
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::CheckDecks { round, count, seed } => event.check_decks(*round, *count, *seed),
        Action::ExtendCheckedTable {
            round,
            table,
            minutes,
        } => event.extend_checked_table(*round, *table, *minutes),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(_: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::CheckDecks { round, count, seed } => msg!(
            "history.deck-check",
            "picked {count} tables of round {round} for a deck check (seed {seed})",
            count = count,
            round = round,
            seed = seed.to_string()
        ),
        Action::ExtendCheckedTable {
            round,
            table,
            minutes,
        } => msg!(
            "history.deck-check-extension",
            "gave table {table} of round {round} {minutes} extra minutes for its deck check",
            table = table,
            round = round,
            minutes = minutes
        ),
        _ => return None,
    })
}
