//! Deck checks on the open event: tables of a round picked with a recorded seed (so the
//! pick replays), and the time extension a checked table was given. The pick is the
//! engine's (`rules/deck_check.rs`). docs/deck-checks.md.

use tablekeeper_engine::Action;

use super::open::Session;
use crate::error::CommandError;
use crate::views::deck_checks::DeckCheckView;

impl Session {
    /// Picks `count` tables of the round for a deck check, recorded with its seed.
    pub fn check_decks(
        &mut self,
        round: Option<u32>,
        count: u32,
        seed: u64,
    ) -> Result<DeckCheckView, CommandError> {
        let round = self.round_or_current(round)?;
        // Fewer tables left than asked: the log (and its history line) records how many were
        // picked. The pick is a prefix of the seeded order, so the smaller count picks the
        // same tables on replay.
        let left =
            tablekeeper_engine::rules::deck_check::pick(self.event(), round, count as usize, seed)
                .len();
        let count = match u32::try_from(left) {
            Ok(left) if left > 0 => count.min(left),
            _ => count,
        };
        self.commit(vec![Action::CheckDecks { round, count, seed }], None)?;
        let event = self.event();
        event
            .deck_checks
            .last()
            .map(|check| DeckCheckView::of(event, check))
            .ok_or_else(crate::session::no_round_yet)
    }

    /// Records a checked table's time extension; the round's deck checks as they stand.
    pub fn extend_checked_table(
        &mut self,
        round: Option<u32>,
        table: u32,
        minutes: u32,
    ) -> Result<Vec<DeckCheckView>, CommandError> {
        let round = self.round_or_current(round)?;
        self.commit(
            vec![Action::ExtendCheckedTable {
                round,
                table,
                minutes,
            }],
            None,
        )?;
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
            .map(|check| DeckCheckView::of(event, check))
            .collect())
    }
}
