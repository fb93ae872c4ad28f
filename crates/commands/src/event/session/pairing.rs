//! Rounds on an open event: pairing the next one (the pairer's optimum), changing it by
//! hand (swap, a given bye, a re-pair), entering one played on paper, and explaining one.

use crate::error::CommandError;
use crate::views::{EventView, ExplanationView, PairingsView};
use rand::RngExt;
use tablekeeper_engine::model::{PlayerId, ResultEntry, Seats};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::{Action, standings};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::msg;

use super::open::{Session, no_round_yet, required_reason};

impl Session {
    pub fn set_planned_rounds(&mut self, rounds: u32) -> Result<EventView, CommandError> {
        self.commit(vec![Action::SetPlannedRounds { rounds }], None)?;
        Ok(self.summary())
    }

    /// Pairs whatever comes next: the next bracket round once the top cut (or a
    /// single-elimination event) has started, a single-elimination event seeded in `order`,
    /// else the next Swiss (or structure) round. The one place hosts send "pair" to.
    pub fn pair(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
        order: Option<Vec<String>>,
    ) -> Result<PairingsView, CommandError> {
        if order.is_some() {
            self.start_single_elimination(seed, order)
        } else if self.event.cut.is_some() {
            self.pair_bracket_round()
        } else {
            self.pair_next_round(seed, allow_rematches)
        }
    }

    /// Pairs the next round. The first pairing fixes the planned rounds from the
    /// publisher's table when none were announced.
    pub fn pair_next_round(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
    ) -> Result<PairingsView, CommandError> {
        if self.event.settings.structure == Structure::SingleElimination {
            return self.start_single_elimination(seed, None);
        }
        let mut actions = Vec::new();
        let mut scratch = self.event.clone();
        if scratch.settings.planned_rounds == 0 {
            // With fewer than 2 players nothing is suggested; the pairer then says so.
            let rounds = self.recommended_rounds().max(1);
            let action = Action::SetPlannedRounds { rounds };
            scratch.apply(&action)?;
            actions.push(action);
        }
        if let Some(last) = scratch.current_round()
            && !last.is_complete()
        {
            return Err(tablekeeper_engine::EngineError::RoundIncomplete(last.number).into());
        }
        // Players who asked to drop after the last round leave before this pairing.
        for action in tablekeeper_engine::rules::door::drops_due(&scratch) {
            scratch.apply(&action)?;
            actions.push(action);
        }
        // The structure's own end (an elimination decided, a round robin complete) says more
        // than "all planned rounds played".
        if let Some(reason) = tablekeeper_engine::rules::structure::finished(&scratch)? {
            return Err(tablekeeper_engine::EngineError::StructureFinished(reason).into());
        }
        let next_round = u32::try_from(scratch.rounds.len() + 1).unwrap_or(u32::MAX);
        if next_round > scratch.settings.planned_rounds {
            return Err(tablekeeper_engine::EngineError::AllRoundsPlayed(
                scratch.settings.planned_rounds,
            )
            .into());
        }
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        let pairing = pair_next_round(&scratch, seed, allow_rematches)?;
        let pair = Action::PairRound {
            seed,
            seats: pairing.seats.clone(),
            tables: in_range(&scratch, &pairing.seats, &pairing.tables),
        };
        // The copy already holds every action before this one.
        scratch.apply(&pair)?;
        actions.push(pair);
        self.commit_applied(scratch, actions, None)?;
        let mut view = self.pairings(None)?;
        view.explanation = Some(ExplanationView::from_explanation(
            &self.event,
            &pairing.explanation,
            true,
        ));
        Ok(view)
    }

    /// Exchanges two players' seats in the current round (or moves the bye, when one of
    /// them has it). Needs a reason; tables with a result cannot change.
    pub fn swap_players(
        &mut self,
        first: &str,
        second: &str,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?;
        let (a, b) = (self.find_player(first)?, self.find_player(second)?);
        if a == b {
            return Err(CommandError::input(
                ErrorKind::InvalidPairing,
                msg!(
                    "error.invalid-pairing.name-two-different-players-swap",
                    "name two different players to swap"
                ),
            ));
        }
        let round = self.event.current_round().ok_or_else(no_round_yet)?;
        let swap = |p: PlayerId| {
            if p == a {
                b
            } else if p == b {
                a
            } else {
                p
            }
        };
        let mut seats: Vec<(u32, Seats)> = round
            .matches
            .iter()
            .filter(|m| {
                !matches!(
                    m.result.as_ref().map(|r| &r.entry),
                    Some(ResultEntry::LateEntryLoss)
                )
            })
            .map(|m| {
                let seats = match m.seats {
                    Seats::Pair { a: x, b: y } => Seats::Pair {
                        a: swap(x),
                        b: swap(y),
                    },
                    Seats::Single { player } => Seats::Single {
                        player: swap(player),
                    },
                };
                (m.table.unwrap_or(u32::MAX), seats)
            })
            .collect();
        if !seats.iter().any(|(_, s)| s.contains(a)) || !seats.iter().any(|(_, s)| s.contains(b)) {
            return Err(CommandError::input(
                ErrorKind::InvalidPairing,
                msg!(
                    "error.invalid-pairing.both-players-must-seated-current",
                    "both players must be seated in the current round"
                ),
            ));
        }
        seats.sort_by_key(|(table, _)| *table);
        let number = round.number;
        // Keep the table numbers (fixed tables stay where they are); the bye has none.
        let tables = seats
            .iter()
            .filter(|(_, s)| matches!(s, Seats::Pair { .. }))
            .map(|(t, _)| *t)
            .collect();
        let seats = seats.into_iter().map(|(_, s)| s).collect();
        self.commit(
            vec![Action::ReplacePairing {
                round: number,
                seats,
                tables,
                seed: None,
            }],
            Some(reason),
        )?;
        self.changed_pairings(number)
    }

    /// Moves the current round's bye to `player` (they take each other's seats).
    pub fn give_bye(&mut self, player: &str, reason: &str) -> Result<PairingsView, CommandError> {
        let current = self.pairings(None)?;
        let holder = current.byes.first().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NoBye,
                msg!(
                    "error.no-bye.round-has-bye-use-swap",
                    "this round has no bye; use `swap` to exchange two players"
                ),
            )
        })?;
        let holder = holder.player.to_string();
        self.swap_players(player, &holder, reason)
    }

    /// Pairs the current round again from scratch (no result may exist yet).
    pub fn repair_round(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?;
        let round = self.event.current_round().ok_or_else(no_round_yet)?;
        if round
            .matches
            .iter()
            .any(|m| m.table.is_some() && m.result.is_some())
        {
            return Err(CommandError::input(
                ErrorKind::ResultsExist,
                msg!(
                    "error.results-exist.round-already-has-results-swap",
                    "round {round} already has results; swap players instead, or correct the results first",
                    round = round.number
                ),
            ));
        }
        let number = round.number;
        let mut before = self.event.clone();
        before.rounds.pop();
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        let pairing = pair_next_round(&before, seed, allow_rematches)?;
        let action = Action::ReplacePairing {
            round: number,
            seats: pairing.seats.clone(),
            tables: pairing.tables.clone(),
            seed: Some(seed),
        };
        self.commit(vec![action], Some(reason))?;
        let mut view = self.changed_pairings(number)?;
        view.explanation = Some(ExplanationView::from_explanation(
            &self.event,
            &pairing.explanation,
            true,
        ));
        Ok(view)
    }

    /// The pairings of a changed round with warnings about what the change broke.
    pub(super) fn changed_pairings(&self, round: u32) -> Result<PairingsView, CommandError> {
        let mut view = self.pairings(Some(round))?;
        let mut before = self.event.clone();
        before.rounds.retain(|r| r.number < round);
        let points = standings::compute(&before)?;
        let points_of = |id: u32| {
            points
                .rows
                .iter()
                .find(|r| r.player.0 == id)
                .map(|r| r.points)
        };
        for [a, b] in &view.rematches {
            view.warnings.push(msg!(
                "warning.pairing.rematch",
                "rematch: {a} and {b} have already played each other",
                a = self.name(*a),
                b = self.name(*b)
            ));
        }
        for table in &view.tables {
            if points_of(table.a.player) != points_of(table.b.player) {
                view.warnings.push(msg!(
                    "warning.pairing.different-points",
                    "table {table}: {a} and {b} have different points",
                    table = table.table,
                    a = &table.a.name,
                    b = &table.b.name
                ));
            }
        }
        let fewest = before
            .active_players()
            .map(|p| before.byes_of(p.id))
            .min()
            .unwrap_or(0);
        for bye in &view.byes {
            if before.byes_of(PlayerId(bye.player)) > fewest {
                view.warnings.push(msg!(
                    "warning.pairing.second-bye",
                    "{name} gets a second bye while another player has had none",
                    name = &bye.name
                ));
            }
        }
        Ok(view)
    }

    pub(super) fn name(&self, id: u32) -> String {
        self.event
            .players
            .iter()
            .find(|p| p.id.0 == id)
            .map(|p| p.details.name.clone())
            .unwrap_or_default()
    }

    /// Pairs the next round exactly as given (a round played on paper, entered afterwards)
    /// as one logged step: `tables` are `(table, player, opponent)` with `None` for a bye.
    /// Every active player must be seated once; rematches, second byes and pairs across
    /// score groups are allowed and come back as warnings.
    pub fn enter_pairing(
        &mut self,
        tables: Vec<(u32, String, Option<String>)>,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?.to_string();
        let mut actions = Vec::new();
        if self.event.settings.planned_rounds == 0 {
            actions.push(Action::SetPlannedRounds {
                rounds: self.recommended_rounds(),
            });
        }
        let mut seats = Vec::with_capacity(tables.len());
        let mut numbers = Vec::new();
        let mut pairs: Vec<(u32, Seats)> = Vec::new();
        for (table, a, b) in &tables {
            let a = self.find_player(a)?;
            match b {
                Some(b) => pairs.push((
                    *table,
                    Seats::Pair {
                        a,
                        b: self.find_player(b)?,
                    },
                )),
                None => seats.push(Seats::Single { player: a }),
            }
        }
        pairs.sort_by_key(|(table, _)| *table);
        for (table, pair) in pairs {
            numbers.push(table);
            seats.insert(numbers.len() - 1, pair);
        }
        actions.push(Action::EnterPairing {
            seats,
            tables: numbers,
        });
        self.commit(actions, Some(&reason))?;
        let round = self.event.rounds.len();
        self.changed_pairings(u32::try_from(round).unwrap_or(u32::MAX))
    }
}

/// The pairer's table numbers moved into the event's table range: a pair at a
/// player's fixed table keeps it; the others are numbered from the range's first table, in
/// the pairer's order, skipping the fixed ones.
fn in_range(event: &tablekeeper_engine::Event, seats: &[Seats], tables: &[u32]) -> Vec<u32> {
    let first = event.settings.first_table();
    if first == 1 {
        return tables.to_vec();
    }
    let fixed_of = |player| event.player(player).ok().and_then(|p| p.fixed_table);
    let pairs: Vec<_> = seats
        .iter()
        .filter_map(|s| match s {
            Seats::Pair { a, b } => Some((*a, *b)),
            _ => None,
        })
        .collect();
    let kept: Vec<Option<u32>> = pairs
        .iter()
        .zip(tables)
        .map(|((a, b), table)| {
            (fixed_of(*a) == Some(*table) || fixed_of(*b) == Some(*table)).then_some(*table)
        })
        .collect();
    let taken: std::collections::HashSet<u32> = kept.iter().flatten().copied().collect();
    let mut next = first;
    kept.into_iter()
        .map(|fixed| {
            fixed.unwrap_or_else(|| {
                while taken.contains(&next) {
                    next += 1;
                }
                next += 1;
                next - 1
            })
        })
        .collect()
}
