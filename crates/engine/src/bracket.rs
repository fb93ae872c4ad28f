//! Playing a single-elimination bracket (the top cut) round by round.
//!
//! The finalists are fixed when the cut starts (no refill afterwards, 000 §3.2.4.1); the
//! first round follows standard seeding with byes to the top seeds ([`crate::cut`]). Each
//! later round pairs the winners of neighbouring slots, so seeds 1 and 2 can meet only in
//! the final. There are no draws: a time-up ends with a winner or, where the ruleset's
//! time-up procedure says so, with both players losing (then the neighbouring slot's
//! winner advances on a bye). An optional third-place match between the semifinal losers
//! is played beside the final (decision 10).
//!
//! Bracket rounds continue the event's round numbers after the Swiss rounds but are kept
//! apart from them, so Swiss standings and Swiss pairing never see them.

use crate::cut::{Opening, first_round};
use crate::error::EngineError;
use crate::model::{Match, Outcome, PlayerId, Round, Seats};

/// The cut: its finalists in seed order and the bracket rounds played so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// Seed 1 first.
    pub seeds: Vec<PlayerId>,
    pub third_place: bool,
    pub rounds: Vec<BracketRound>,
}

/// One round of the bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketRound {
    pub round: Round,
    /// The players entering this round in bracket order, two per slot; `None` where a
    /// slot's earlier match ended with both players losing (or the seed does not exist).
    pub entrants: Vec<Option<PlayerId>>,
    /// The table of the third-place match, in the final's round.
    pub third_place_table: Option<u32>,
}

impl BracketRound {
    /// Number of slots (matches or byes) in this round.
    pub fn slots(&self) -> usize {
        self.entrants.len() / 2
    }

    /// The match (or bye) of slot `index`, if the slot has any player.
    pub fn slot_match(&self, index: usize) -> Option<&Match> {
        let (a, b) = (self.entrants[2 * index], self.entrants[2 * index + 1]);
        let player = a.or(b)?;
        // The third-place match holds the semifinal losers, never a slot's entrants.
        self.round.matches.iter().find(|m| m.seats.contains(player))
    }

    pub fn is_final(&self) -> bool {
        self.entrants.len() == 2
    }
}

impl Cut {
    /// Starts a cut with `seeds` (seed 1 first). Needs at least two distinct players.
    pub fn new(seeds: Vec<PlayerId>, third_place: bool) -> Result<Cut, EngineError> {
        if seeds.len() < 2 {
            return Err(EngineError::InvalidCut(
                "a top cut needs at least 2 players".into(),
            ));
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = seeds.iter().find(|p| !seen.insert(**p)) {
            return Err(EngineError::InvalidCut(format!(
                "player {twice} is seeded twice"
            )));
        }
        Ok(Cut {
            seeds,
            third_place,
            rounds: Vec::new(),
        })
    }

    pub fn current(&self) -> Option<&BracketRound> {
        self.rounds.last()
    }

    pub fn round_mut(&mut self, number: u32) -> Option<&mut Round> {
        self.rounds
            .iter_mut()
            .map(|r| &mut r.round)
            .find(|r| r.number == number)
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds
            .iter()
            .map(|r| &r.round)
            .find(|r| r.number == number)
    }

    /// The bracket is decided: its final has a result.
    pub fn is_finished(&self) -> bool {
        self.current()
            .is_some_and(|r| r.is_final() && r.round.is_complete())
    }

    /// The winner of the final, once it is played (`None` if both finalists lost).
    pub fn champion(&self) -> Option<PlayerId> {
        let last = self.current()?;
        if !last.is_final() || !last.round.is_complete() {
            return None;
        }
        slot_winner(last, 0)
    }

    /// Pairs the next bracket round as event round `number`.
    pub fn pair_next(&mut self, number: u32) -> Result<(), EngineError> {
        let (entrants, previous) = match self.rounds.last() {
            None => {
                let size = self.seeds.len().next_power_of_two().max(2);
                (opening_entrants(&self.seeds, size), None)
            }
            Some(last) => {
                if !last.round.is_complete() {
                    return Err(EngineError::RoundIncomplete(last.round.number));
                }
                if last.is_final() {
                    return Err(EngineError::InvalidCut(
                        "the bracket is finished; there is no further round".into(),
                    ));
                }
                let winners = (0..last.slots()).map(|i| slot_winner(last, i)).collect();
                (winners, Some(last))
            }
        };
        let mut matches = Vec::new();
        let mut table = 0u32;
        for pair in entrants.chunks(2) {
            match (pair[0], pair[1]) {
                (Some(a), Some(b)) => {
                    table += 1;
                    matches.push(open_match(Some(table), Seats::Pair { a, b }));
                }
                (Some(player), None) | (None, Some(player)) => {
                    matches.push(bye(player));
                }
                (None, None) => {}
            }
        }
        let mut third_place_table = None;
        if entrants.len() == 2
            && self.third_place
            && let Some(semis) = previous
        {
            let losers: Vec<PlayerId> = (0..semis.slots())
                .filter_map(|i| semis.slot_match(i))
                .filter_map(single_loser)
                .collect();
            if let [a, b] = losers[..] {
                table += 1;
                third_place_table = Some(table);
                matches.push(open_match(Some(table), Seats::Pair { a, b }));
            }
        }
        self.rounds.push(BracketRound {
            round: Round {
                number,
                pairing_seed: 0,
                matches,
            },
            entrants,
            third_place_table,
        });
        Ok(())
    }

    /// Drops `player` from the bracket: their unplayed match is lost by default. Returns
    /// the table and the winning side, for the caller to record.
    pub fn open_match_of(&self, player: PlayerId) -> Option<(u32, u32, crate::model::Side)> {
        let current = self.current()?;
        current
            .round
            .matches
            .iter()
            .find_map(|m| match (m.seats, &m.result, m.table) {
                (Seats::Pair { a, .. }, None, Some(table)) if a == player => {
                    Some((current.round.number, table, crate::model::Side::B))
                }
                (Seats::Pair { b, .. }, None, Some(table)) if b == player => {
                    Some((current.round.number, table, crate::model::Side::A))
                }
                _ => None,
            })
    }
}

/// First-round entrants in bracket order: seeds, with `None` for the missing seeds.
fn opening_entrants(seeds: &[PlayerId], size: usize) -> Vec<Option<PlayerId>> {
    let mut entrants = Vec::with_capacity(size);
    let mut openings = first_round(seeds).into_iter();
    for pair in crate::cut::bracket_order(size).chunks(2) {
        let exists = |seed: usize| seed <= seeds.len();
        if exists(pair[0]) || exists(pair[1]) {
            match openings.next() {
                Some(Opening::Match { higher, lower }) => {
                    entrants.extend([Some(higher), Some(lower)]);
                }
                Some(Opening::Bye { player }) => entrants.extend([Some(player), None]),
                None => entrants.extend([None, None]),
            }
        } else {
            entrants.extend([None, None]);
        }
    }
    entrants
}

fn open_match(table: Option<u32>, seats: Seats) -> Match {
    Match {
        table,
        seats,
        result: None,
        first: None,
    }
}

/// A bye slot; the caller records its result with the ruleset's scoring.
fn bye(player: PlayerId) -> Match {
    open_match(None, Seats::Single { player })
}

/// Who advances from slot `index` of a completed round (`None`: both lost or empty).
fn slot_winner(round: &BracketRound, index: usize) -> Option<PlayerId> {
    let found = round.slot_match(index)?;
    let result = found.result.as_ref()?;
    found
        .seats
        .players()
        .into_iter()
        .zip(&result.seats)
        .find(|(_, seat)| seat.outcome == Outcome::Win)
        .map(|(player, _)| player)
}

/// The one player who lost a played match, if exactly one did.
fn single_loser(found: &Match) -> Option<PlayerId> {
    let result = found.result.as_ref()?;
    let Seats::Pair { .. } = found.seats else {
        return None;
    };
    let losers: Vec<PlayerId> = found
        .seats
        .players()
        .into_iter()
        .zip(&result.seats)
        .filter(|(_, seat)| seat.outcome == Outcome::Loss)
        .map(|(player, _)| player)
        .collect();
    match losers[..] {
        [one] => Some(one),
        _ => None,
    }
}
