//! Starting the top cut and pairing its rounds: the event's side of
//! [`crate::top_cut`].

use crate::error::EngineError;
use crate::model::{DefaultReason, PlayerId, ResultEntry, Seats, Side, Structure};
use crate::rules::scoring::score;
use crate::top_cut::bracket::{Cut, CutDraw};
use tablekeeper_words::msg;

use super::action::Action;
use crate::state::Event;
use tablekeeper_words::message::Message;

impl Event {
    pub(super) fn start_cut(
        &mut self,
        finalists: &[PlayerId],
        third_place: bool,
        double: bool,
        draw: Option<CutDraw>,
        repair_seed: Option<u64>,
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.top-cut-has-already-started",
                "the top cut has already started; undo it to start again"
            )));
        }
        let whole_event = self.settings.structure == Structure::SingleElimination;
        match self.rounds.last() {
            None if whole_event => {}
            None => {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.play-least-one-swiss-round",
                    "play at least one Swiss round before the top cut"
                )));
            }
            Some(last) if !last.is_complete() => {
                return Err(EngineError::RoundIncomplete(last.number));
            }
            Some(_) => {}
        }
        if repair_seed.is_some() && !whole_event {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.random-pairing-every-round-single",
                "random pairing every round is for single-elimination events"
            )));
        }
        for &player in finalists {
            if !self.player(player)?.is_active() {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.player-has-dropped-cannot-finalist",
                    "player {player} has dropped and cannot be a finalist",
                    player = player
                )));
            }
        }
        if whole_event && finalists.len() != self.active_players().count() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.single-elimination-event-seeds-every",
                "a single-elimination event seeds every active player"
            )));
        }
        let mut cut = Cut::new(finalists.to_vec(), third_place, double)?;
        cut.draw = draw;
        cut.repair_seed = repair_seed;
        cut.table_offset = self.settings.first_table().saturating_sub(1);
        self.cut = Some(cut);
        Ok(())
    }

    pub(super) fn pair_bracket_round(&mut self) -> Result<(), EngineError> {
        let swiss = u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        let ruleset = &self.ruleset;
        let cut = self.cut.as_mut().ok_or_else(|| {
            EngineError::InvalidCut(msg!(
                "error.invalid-cut.top-cut-has-started-start",
                "the top cut has not started; start it first"
            ))
        })?;
        let played = u32::try_from(cut.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        cut.pair_next(swiss + played + 1)?;
        let players = &self.players;
        let gone = |id: PlayerId| {
            players
                .iter()
                .find(|p| p.id == id)
                .is_some_and(|p| !p.is_active())
        };
        if let Some(current) = cut.rounds.last_mut() {
            for m in &mut current.round.matches {
                match m.seats {
                    Seats::Single { .. } => {
                        m.result = Some(score(ruleset, &m.seats, ResultEntry::Bye)?);
                    }
                    // A finalist who has dropped (a double-elimination loser carried into the
                    // lower bracket) loses each later match by default (000 §4.5, 003 §6e).
                    Seats::Pair { a, b } if gone(a) || gone(b) => {
                        let winner = if gone(a) { Side::B } else { Side::A };
                        let entry = ResultEntry::Default {
                            winner,
                            reason: DefaultReason::DropAfterPairing,
                        };
                        m.result = Some(score(ruleset, &m.seats, entry)?);
                    }
                    Seats::Pair { .. } => {}
                }
            }
        }
        self.assign_finals_first_players();
        Ok(())
    }

    /// Who plays first in game 1 of the bracket round just paired, where the ruleset says:
    /// in the first finals round after Swiss rounds the higher seed chooses (003 §6b-vii);
    /// in later rounds, under Player Arrangement Control, the player with fewer game-1
    /// firsts goes first (§6b-vii "After players are paired off for each round";
    /// docs/decisions.md 33). The reset's first player (E15) is already set.
    pub(super) fn assign_finals_first_players(&mut self) {
        use crate::ruleset::FinalsFirstPlayer;
        // Only rulesets that say who plays first in the finals (FoW's `[top_cut]`); a ruleset
        // copy from before leaves the finals as they were (docs/decisions.md 37).
        if self.ruleset.top_cut.first_player != FinalsFirstPlayer::HigherSeedChooses {
            return;
        }
        let Some(cut) = &self.cut else { return };
        let Some(current) = cut.current() else { return };
        let first_round = cut.rounds.len() == 1;
        let seed_of = |p: PlayerId| cut.seeds.iter().position(|s| *s == p);
        let chooses = first_round && !self.rounds.is_empty();
        let tie_seed = self.settings.standings_seed ^ u64::from(current.round.number);
        let assigned: Vec<(usize, Option<Side>, Option<Side>)> = current
            .round
            .matches
            .iter()
            .enumerate()
            .filter(|(_, m)| m.result.is_none() && m.first.is_none())
            .filter_map(|(index, m)| {
                let Seats::Pair { a, b } = m.seats else {
                    return None;
                };
                if chooses {
                    let side = if seed_of(a) <= seed_of(b) {
                        Side::A
                    } else {
                        Side::B
                    };
                    return Some((index, None, Some(side)));
                }
                self.first_turn(a, b, tie_seed)
                    .map(|side| (index, Some(side), None))
            })
            .collect();
        if let Some(current) = self.cut.as_mut().and_then(|c| c.rounds.last_mut()) {
            for (index, first, chooses) in assigned {
                if let Some(m) = current.round.matches.get_mut(index) {
                    m.first = first;
                    m.chooses = chooses;
                }
            }
        }
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::StartCut {
            finalists,
            third_place,
            double,
            draw,
            repair_seed,
        } => event.start_cut(finalists, *third_place, *double, draw.clone(), *repair_seed),
        Action::PairBracketRound => event.pair_bracket_round(),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(_: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::StartCut { finalists, .. } => msg!(
            "history.cut",
            "started a top {size}",
            size = finalists.len()
        ),
        Action::PairBracketRound => msg!("history.bracket-round", "paired a top-cut round"),
        _ => return None,
    })
}
