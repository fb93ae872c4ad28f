//! Pairing the next Swiss round.
//!
//! TEMPORARY: a correct but simple pairer (issue #2 allows one until the optimal
//! maximum-weight-matching pairer of issue #3 replaces it). It pairs in standings order
//! with backtracking so that no rematch happens when one can be avoided within its search
//! budget, and gives the bye by the ruleset's bye rule, never a second bye while another
//! player has none.

use rand::SeedableRng;
pub mod matching;

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::error::EngineError;
use crate::event::Event;
use crate::exact::Exact;
use crate::model::{PlayerId, Seats};
use crate::ruleset::ByeRule;
use crate::standings;

/// Search steps before the backtracking pairer gives up on avoiding rematches.
const SEARCH_BUDGET: usize = 200_000;

/// A proposed pairing for the next round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub seed: u64,
    /// Pairs in table order, then the bye.
    pub seats: Vec<Seats>,
    /// Pairs that repeat an earlier match (only when rematches were allowed).
    pub rematches: Vec<(PlayerId, PlayerId)>,
}

/// Pairs the next round of `event` with randomness from `seed`.
pub fn pair_next_round(
    event: &Event,
    seed: u64,
    allow_rematches: bool,
) -> Result<Pairing, EngineError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let active: Vec<PlayerId> = event.active_players().map(|p| p.id).collect();
    if active.len() < 2 {
        return Err(EngineError::NotEnoughPlayers);
    }
    let standings = standings::compute(event)?;
    let points_of = |p: PlayerId| {
        standings
            .rows
            .iter()
            .find(|r| r.player == p)
            .map_or(Exact::ZERO, |r| r.points)
    };
    // Standings order; players on equal points are shuffled so pairings within a score
    // group are random (seeded), as every seed asks.
    let mut order: Vec<PlayerId> = standings
        .rows
        .iter()
        .map(|r| r.player)
        .filter(|p| active.contains(p))
        .collect();
    order.shuffle(&mut rng);
    order.sort_by_key(|p| std::cmp::Reverse(points_of(*p)));

    let bye_candidates: Vec<Option<PlayerId>> = if order.len() % 2 == 1 {
        bye_candidates(event, &order, &points_of, &mut rng)
            .into_iter()
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    for bye in &bye_candidates {
        let rest: Vec<PlayerId> = order.iter().copied().filter(|p| Some(*p) != *bye).collect();
        let mut budget = SEARCH_BUDGET;
        if let Some(pairs) = pair_without_rematch(event, &rest, &mut budget) {
            return Ok(build(seed, pairs, *bye, Vec::new()));
        }
    }
    if !allow_rematches {
        return Err(EngineError::RematchUnavoidable(
            "every remaining pairing repeats an earlier match; pair with rematches allowed (the fewest are chosen)".into(),
        ));
    }
    let bye = bye_candidates.first().copied().flatten();
    let rest: Vec<PlayerId> = order.iter().copied().filter(|p| Some(*p) != bye).collect();
    let pairs: Vec<(PlayerId, PlayerId)> = rest
        .chunks(2)
        .filter_map(|c| match c {
            [a, b] => Some((*a, *b)),
            _ => None,
        })
        .collect();
    let rematches = pairs
        .iter()
        .copied()
        .filter(|(a, b)| event.have_met(*a, *b))
        .collect();
    Ok(build(seed, pairs, bye, rematches))
}

fn build(
    seed: u64,
    pairs: Vec<(PlayerId, PlayerId)>,
    bye: Option<PlayerId>,
    rematches: Vec<(PlayerId, PlayerId)>,
) -> Pairing {
    let mut seats: Vec<Seats> = pairs
        .into_iter()
        .map(|(a, b)| Seats::Pair { a, b })
        .collect();
    if let Some(player) = bye {
        seats.push(Seats::Single { player });
    }
    Pairing {
        seed,
        seats,
        rematches,
    }
}

/// Players who may receive the bye, best candidate first. Nobody gets a second bye
/// while a player without one exists (decision 1, 003 §6b-iii, decision 26).
fn bye_candidates(
    event: &Event,
    order: &[PlayerId],
    points_of: &dyn Fn(PlayerId) -> Exact,
    rng: &mut ChaCha8Rng,
) -> Vec<PlayerId> {
    let fewest = order.iter().map(|p| event.byes_of(*p)).min().unwrap_or(0);
    let mut eligible: Vec<PlayerId> = order
        .iter()
        .copied()
        .filter(|p| event.byes_of(*p) == fewest)
        .collect();
    match event.ruleset.pairing.bye {
        // Lowest-ranked first: the reverse of standings order.
        ByeRule::LowestRanked => eligible.reverse(),
        ByeRule::LowestPointsRandom | ByeRule::LowestPointsThenSos => {
            eligible.shuffle(rng);
            let sos = |p: PlayerId| -> Exact {
                if event.ruleset.pairing.bye == ByeRule::LowestPointsThenSos {
                    sos_of(event, p)
                } else {
                    Exact::ZERO
                }
            };
            eligible.sort_by(|a, b| {
                points_of(*a)
                    .cmp(&points_of(*b))
                    .then(sos(*a).cmp(&sos(*b)))
            });
        }
    }
    eligible
}

/// Strength of schedule: the sum of the points of the player's opponents.
fn sos_of(event: &Event, player: PlayerId) -> Exact {
    let records = standings::records::Records::collect(event);
    let points = |p: PlayerId| {
        records.of(p).iter().fold(Exact::ZERO, |acc, r| {
            acc.checked_add(r.seat.points).unwrap_or(acc)
        })
    };
    records
        .of(player)
        .iter()
        .filter_map(|r| r.opponent)
        .fold(Exact::ZERO, |acc, o| {
            acc.checked_add(points(o)).unwrap_or(acc)
        })
}

/// Depth-first pairing in the given order, first legal opponent first.
fn pair_without_rematch(
    event: &Event,
    players: &[PlayerId],
    budget: &mut usize,
) -> Option<Vec<(PlayerId, PlayerId)>> {
    let Some((first, rest)) = players.split_first() else {
        return Some(Vec::new());
    };
    for (index, candidate) in rest.iter().enumerate() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if event.have_met(*first, *candidate) {
            continue;
        }
        let remaining: Vec<PlayerId> = rest
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != index)
            .map(|(_, p)| *p)
            .collect();
        if let Some(mut pairs) = pair_without_rematch(event, &remaining, budget) {
            pairs.insert(0, (*first, *candidate));
            return Some(pairs);
        }
    }
    None
}
