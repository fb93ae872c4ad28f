//! Why a round is paired as it is: the pairing's explanation, its steps and notes, for the
//! scorekeeper and the printout.

use crate::error::CommandError;
use crate::session::timeline::Timeline;
use crate::views::ExplanationView;
use tablekeeper_engine::Action;
use tablekeeper_engine::model::{ResultEntry, Seats};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_words::ErrorKind;
use tablekeeper_words::msg;

use super::open::Session;

/// Seats with the two players in id order, to compare pairings regardless of seat order.
fn normalized(seats: Seats) -> (u32, u32) {
    match seats {
        Seats::Pair { a, b } => (a.0.min(b.0), a.0.max(b.0)),
        Seats::Single { player } => (player.0, 0),
    }
}

impl Session {
    /// Explains a round's pairing by pairing it again from the event as it was before,
    /// with the round's stored seed (which also audits that it regenerates exactly).
    pub fn explain(&self, round: Option<u32>) -> Result<ExplanationView, CommandError> {
        let stored = self.pairings(round)?;
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let effective = timeline.effective_actions();
        let mut rounds_seen = 0;
        let cut = effective
            .iter()
            .position(|action| {
                // A round entered as given is a Swiss round too (paper re-entry).
                if matches!(
                    action,
                    Action::PairRound { .. } | Action::EnterPairing { .. }
                ) {
                    rounds_seen += 1;
                }
                rounds_seen == stored.round
            })
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.round-has-pairing-log",
                        "round {round} has no pairing in the log",
                        round = stored.round
                    ),
                )
            })?;
        let before = self.replay(effective[..cut].to_vec())?;
        let seed = match effective[cut] {
            Action::PairRound { seed, .. } => *seed,
            // Entered as given: nothing of the pairer's to explain; the warnings of the
            // entry (rematches, second byes) are the round's own view.
            Action::EnterPairing { .. } => {
                return Ok(ExplanationView::entered_as_given(stored.round));
            }
            _ => {
                return Err(CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.log-entry-pairing",
                        "the log entry is not a pairing"
                    ),
                ));
            }
        };
        let again = pair_next_round(&before, seed, true)?;
        // The stored round may have been changed by hand since (swap, give-bye, re-pair).
        let current = self
            .event
            .rounds
            .iter()
            .find(|r| r.number == stored.round)
            .map(|r| {
                r.matches
                    .iter()
                    .filter(|m| {
                        m.table.is_some()
                            || matches!(m.seats, Seats::Single { .. })
                                && m.result
                                    .as_ref()
                                    .is_some_and(|x| matches!(x.entry, ResultEntry::Bye))
                    })
                    .map(|m| normalized(m.seats))
                    .collect::<std::collections::BTreeSet<_>>()
            });
        let regenerated: std::collections::BTreeSet<_> =
            again.seats.iter().map(|s| normalized(*s)).collect();
        Ok(ExplanationView::from_explanation(
            &self.event,
            &again.explanation,
            current == Some(regenerated),
        ))
    }
}
