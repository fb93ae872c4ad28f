//! Pairing a round (the pairer's, or one entered as given), replacing a round's pairing,
//! table numbers and who goes first.

use crate::error::EngineError;
use crate::exact::MAX_ROUNDS;
use crate::model::{Match, PlayerId, ResultEntry, Round, Seats, Side, Structure};
use crate::rules::scoring::score;
use crate::rules::structure;
use tablekeeper_words::msg;

use super::action::Action;
use crate::state::Event;
use tablekeeper_words::message::Message;

impl Event {
    pub(super) fn pair_round(
        &mut self,
        seed: u64,
        seats: &[Seats],
        tables: &[u32],
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::CutStarted);
        }
        if self.settings.structure == Structure::SingleElimination {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.single-elimination-event-played-bracket",
                "a single-elimination event is played as a bracket, not in Swiss rounds"
            )));
        }
        if let Some(last) = self.rounds.last()
            && !last.is_complete()
        {
            return Err(EngineError::RoundIncomplete(last.number));
        }
        let number =
            u32::try_from(self.rounds.len() + 1).map_err(|_| EngineError::TooManyRounds)?;
        if number > MAX_ROUNDS {
            return Err(EngineError::TooManyRounds);
        }
        if let Some(reason) = structure::finished(self)? {
            return Err(EngineError::StructureFinished(reason));
        }
        if number > self.settings.planned_rounds {
            return Err(EngineError::AllRoundsPlayed(self.settings.planned_rounds));
        }
        if self.settings.structure == Structure::RoundRobin {
            // The schedule decides every round; only it is accepted.
            if seats != structure::round_robin_seats(self, number as usize).as_slice() {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.round-round-robin-must-follow",
                    "round {number} of a round robin must follow the schedule",
                    number = number
                )));
            }
        } else {
            self.check_pairing(seats)?;
        }
        let numbers = table_numbers(seats, tables, self.settings.first_table())?;
        let mut matches = Vec::with_capacity(seats.len());
        let mut pair_index = 0;
        for seat in seats {
            match seat {
                Seats::Pair { a, b } => {
                    let first = self.first_turn(*a, *b, seed);
                    matches.push(Match {
                        table: Some(numbers[pair_index]),
                        seats: *seat,
                        result: None,
                        first,
                        chooses: None,
                    });
                    pair_index += 1;
                }
                Seats::Single { .. } => {
                    let result = score(&self.ruleset, seat, ResultEntry::Bye)?;
                    matches.push(Match {
                        table: None,
                        seats: *seat,
                        result: Some(result),
                        first: None,
                        chooses: None,
                    });
                }
            }
        }
        self.rounds.push(Round {
            number,
            pairing_seed: seed,
            matches,
        });
        Ok(())
    }

    pub(super) fn replace_pairing(
        &mut self,
        number: u32,
        seats: &[Seats],
        tables: &[u32],
        seed: Option<u64>,
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.bracket-pairings-follow-seeds-cannot",
                "bracket pairings follow the seeds and cannot be changed by hand; undo to before the cut to change the finalists"
            )));
        }
        let Some(round) = self.rounds.last() else {
            return Err(EngineError::UnknownRound(number));
        };
        if round.number != number {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.only-current-round-can-re",
                "only the current round ({round}) can be re-paired; correct earlier rounds result by result",
                round = round.number
            )));
        }
        let late: Vec<PlayerId> = round
            .matches
            .iter()
            .filter(|m| {
                matches!(
                    m.result.as_ref().map(|r| &r.entry),
                    Some(ResultEntry::LateEntryLoss)
                )
            })
            .flat_map(|m| m.seats.players())
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut byes = 0;
        for seat in seats {
            if matches!(seat, Seats::Single { .. }) {
                byes += 1;
            }
            if let Seats::Pair { a, b } = seat
                && a == b
            {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.player-paired-against-themselves",
                    "player {a} is paired against themselves",
                    a = a
                )));
            }
            for player in seat.players() {
                if !self.player(player)?.is_active() {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-has-dropped",
                        "player {player} has dropped",
                        player = player
                    )));
                }
                if !seen.insert(player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-twice",
                        "player {player} is paired twice",
                        player = player
                    )));
                }
            }
        }
        if let Some(missing) = self
            .active_players()
            .find(|p| !seen.contains(&p.id) && !late.contains(&p.id))
        {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.not-paired",
                "{name} is not paired",
                name = &missing.details.name
            )));
        }
        if byes > usize::from(seen.len() % 2 == 1) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.more-byes-than-player-count",
                "more byes than the player count needs"
            )));
        }
        // Results already entered stay with their table and players. The current round's
        // pairs are looked up by their two players (in id order), so a change costs one
        // pass over the round however large it is.
        let by_pair: std::collections::HashMap<(PlayerId, PlayerId), &Match> = round
            .matches
            .iter()
            .filter_map(|m| match m.seats {
                Seats::Pair { a, b } => Some(((a.min(b), a.max(b)), m)),
                Seats::Single { .. } => None,
            })
            .collect();
        let mut matches = Vec::with_capacity(seats.len());
        let numbers = table_numbers(seats, tables, self.settings.first_table())?;
        let mut pair_index = 0;
        for seat in seats {
            match seat {
                Seats::Pair { a, b } => {
                    let table = numbers[pair_index];
                    pair_index += 1;
                    let before = by_pair.get(&((*a).min(*b), (*a).max(*b))).copied();
                    let first = before
                        .and_then(|m| kept_first(m, *a))
                        .or_else(|| self.first_turn(*a, *b, seed.unwrap_or(round.pairing_seed)));
                    let kept = before.filter(|m| m.table == Some(table) && m.result.is_some());
                    matches.push(Match {
                        table: Some(table),
                        seats: kept.map_or(*seat, |m| m.seats),
                        result: kept.and_then(|m| m.result.clone()),
                        first,
                        chooses: None,
                    });
                }
                Seats::Single { .. } => {
                    let result = score(&self.ruleset, seat, ResultEntry::Bye)?;
                    matches.push(Match {
                        table: None,
                        seats: *seat,
                        result: Some(result),
                        first: None,
                        chooses: None,
                    });
                }
            }
        }
        let now_seated: std::collections::HashSet<(Option<u32>, Seats)> =
            matches.iter().map(|m| (m.table, m.seats)).collect();
        for old in round
            .matches
            .iter()
            .filter(|m| m.table.is_some() && m.result.is_some())
        {
            if !now_seated.contains(&(old.table, old.seats)) {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.table-already-has-result-correct",
                    "table {table} already has a result; correct or keep that table",
                    table = old.table.unwrap_or(0)
                )));
            }
        }
        for m in round.matches.iter().filter(|m| {
            matches!(
                m.result.as_ref().map(|r| &r.entry),
                Some(ResultEntry::LateEntryLoss)
            )
        }) {
            if !m.seats.players().iter().any(|p| seen.contains(p)) {
                matches.push(m.clone());
            }
        }
        if let Some(last) = self.rounds.last_mut() {
            last.matches = matches;
            if let Some(seed) = seed {
                last.pairing_seed = seed;
            }
        }
        // Sheets printed before the change show the old tables: the round is to print again.
        self.printed.retain(|p| p.round != number);
        Ok(())
    }

    /// Every pairable player exactly once, nobody else, at most one bye.
    pub(super) fn check_pairing(&self, seats: &[Seats]) -> Result<(), EngineError> {
        let active: std::collections::HashSet<PlayerId> =
            self.pairable_players()?.into_iter().collect();
        if active.len() < 2 {
            return Err(EngineError::NotEnoughPlayers);
        }
        let mut seen = std::collections::HashSet::new();
        let mut byes = 0;
        for seat in seats {
            if let Seats::Pair { a, b } = seat {
                if a == b {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-against-themselves",
                        "player {a} is paired against themselves",
                        a = a
                    )));
                }
            } else {
                byes += 1;
            }
            for player in seat.players() {
                if !active.contains(&player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-active-player",
                        "player {player} is not an active player",
                        player = player
                    )));
                }
                if !seen.insert(player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-twice",
                        "player {player} is paired twice",
                        player = player
                    )));
                }
            }
        }
        if seen.len() != active.len() {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.every-active-player-paired",
                "not every active player is paired"
            )));
        }
        if byes > usize::from(active.len() % 2 == 1) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.more-byes-than-player-count",
                "more byes than the player count needs"
            )));
        }
        Ok(())
    }
}

/// Table numbers for the pairs among `seats`: the given ones (checked), or the event's
/// range from `first` on.
pub(super) fn table_numbers(
    seats: &[Seats],
    given: &[u32],
    first: u32,
) -> Result<Vec<u32>, EngineError> {
    let pairs = seats
        .iter()
        .filter(|s| matches!(s, Seats::Pair { .. }))
        .count();
    if given.is_empty() {
        return (0..pairs)
            .map(|t| {
                u32::try_from(t)
                    .ok()
                    .and_then(|t| t.checked_add(first))
                    .ok_or(EngineError::TooManyRounds)
            })
            .collect();
    }
    if given.len() != pairs {
        return Err(EngineError::InvalidPairing(msg!(
            "error.invalid-pairing.table-numbers-pairs",
            "{given} table numbers for {pairs} pairs",
            given = given.len(),
            pairs = pairs
        )));
    }
    let mut seen = std::collections::HashSet::new();
    for table in given {
        if *table == 0 || !seen.insert(*table) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.table-used-twice-table-number",
                "table {table} is used twice or is not a table number",
                table = table
            )));
        }
    }
    Ok(given.to_vec())
}

/// Who went first in an existing match of the same two players (kept by a swap).
/// Who goes first when `a` takes seat A of the pair that `earlier` already seated: the
/// same player as before.
pub(super) fn kept_first(earlier: &Match, a: PlayerId) -> Option<Side> {
    match earlier.seats {
        Seats::Pair { a: x, .. } if x == a => earlier.first,
        Seats::Pair { .. } => earlier.first.map(Side::other),
        Seats::Single { .. } => None,
    }
}

/// FoW "Player Arrangement Control" (003 §6b-vii, digest D10): the player who has gone
/// first in game 1 fewer times goes first; equal counts (and round 1) are decided at
/// random from the round's seed.
pub fn first_by_balance(first_count_a: u32, first_count_b: u32, tie_break: u64) -> Side {
    match first_count_a.cmp(&first_count_b) {
        std::cmp::Ordering::Less => Side::A,
        std::cmp::Ordering::Greater => Side::B,
        std::cmp::Ordering::Equal => {
            if tie_break.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            }
        }
    }
}

impl Event {
    /// Who goes first in game 1 of a new match, where the ruleset balances it.
    pub(super) fn first_turn(&self, a: PlayerId, b: PlayerId, seed: u64) -> Option<Side> {
        if !self.ruleset.pairing.balance_first_turn {
            return None;
        }
        let bracket = self.cut.iter().flat_map(|c| &c.rounds).map(|r| &r.round);
        let count = |player: PlayerId| -> u32 {
            let n = self
                .rounds
                .iter()
                .chain(bracket.clone())
                .flat_map(|r| &r.matches)
                .filter(|m| match (m.seats, m.first) {
                    (Seats::Pair { a: x, .. }, Some(Side::A)) => x == player,
                    (Seats::Pair { b: y, .. }, Some(Side::B)) => y == player,
                    _ => false,
                })
                .count();
            u32::try_from(n).unwrap_or(u32::MAX)
        };
        let tie_break = seed
            ^ u64::from(a.0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(b.0).rotate_left(29);
        Some(first_by_balance(
            count(a),
            count(b),
            tie_break.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 17,
        ))
    }
}

impl Event {
    /// The number of Swiss rounds announced: never below the rounds already paired.
    pub(super) fn set_planned_rounds(&mut self, rounds: u32) -> Result<(), EngineError> {
        if rounds > MAX_ROUNDS {
            return Err(EngineError::TooManyRounds);
        }
        let played = u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        if rounds < played {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.rounds-already-paired-planned-rounds",
                "{played} rounds are already paired; planned rounds cannot be lower",
                played = played
            )));
        }
        self.settings.planned_rounds = rounds;
        Ok(())
    }

    /// The event's first table number (events side by side use ranges that do not overlap).
    pub(super) fn set_first_table(&mut self, first: u32) -> Result<(), EngineError> {
        if !(1..=super::MAX_FIRST_TABLE).contains(&first) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.first-table",
                "the first table number is from 1 to {max}",
                max = super::MAX_FIRST_TABLE
            )));
        }
        self.settings.first_table = first;
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::PairRound {
            seed,
            seats,
            tables,
        } => event.pair_round(*seed, seats, tables),
        Action::EnterPairing { seats, tables } => event.pair_round(0, seats, tables),
        Action::ReplacePairing {
            round,
            seats,
            tables,
            seed,
        } => event.replace_pairing(*round, seats, tables, *seed),
        Action::SetPlannedRounds { rounds } => event.set_planned_rounds(*rounds),
        Action::SetFirstTable { first } => event.set_first_table(*first),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(_: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::PairRound { seats, .. } => msg!(
            "history.paired",
            "paired a round ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::SetPlannedRounds { rounds } => msg!(
            "history.planned-rounds",
            "set the planned rounds to {rounds}",
            rounds = *rounds
        ),
        Action::ReplacePairing { round, seed, .. } => {
            if seed.is_some() {
                msg!(
                    "history.repaired",
                    "re-paired round {round}",
                    round = *round
                )
            } else {
                msg!(
                    "history.pairing-changed",
                    "changed the pairing of round {round}",
                    round = *round
                )
            }
        }
        Action::EnterPairing { seats, .. } => msg!(
            "history.entered-pairing",
            "entered a round's pairings as given ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::SetFirstTable { first } => msg!(
            "history.first-table",
            "numbered the tables from {first}",
            first = first
        ),
        _ => return None,
    })
}
