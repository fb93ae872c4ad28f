//! Top cut: choosing the finalists and seeding a single-elimination bracket.
//!
//! Selection by ranking (000 §3.2.4.1, 001 第3部 第2章 第4節 第1項, digest E1): the top
//! `size` advance; an excluded player (declined, absent, organizer's decision) is skipped
//! and the next one moves up; players tied on the cut line are drawn at random (seeded).
//! The bracket uses standard seeding, so seeds 1 and 2 can meet only in the final, and
//! byes go to the top seeds when the field is not a power of two (002 §3.4.1, decision 10).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use serde::{Deserialize, Serialize};

use crate::model::PlayerId;
use crate::standings::Standings;

/// The seeded draw among players tied on the cut line (000 §3.2.4.1, 003 §6d, digest E1):
/// the cut's seed shuffles `among` and the first `places` advance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutDraw {
    pub seed: u64,
    /// The tied players, in standings order.
    pub among: Vec<PlayerId>,
    /// How many of them advanced.
    pub places: u32,
}

/// The finalists in seed order and the draw on the cut line, if one was needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Seed 1 first.
    pub finalists: Vec<PlayerId>,
    /// Players tied on the cut line, when a random draw decided among them.
    pub drawn_among: Vec<PlayerId>,
    /// The draw itself (the same players, the seed and how many advanced).
    pub draw: Option<CutDraw>,
}

/// Selects `size` finalists by ranking. `excluded` players are skipped. Players tied on
/// every tiebreaker of the chain at the last place are drawn with `seed` when not all of
/// them fit (E1, 003 §6d): the cut's seed decides every cut-line draw, also under rulesets
/// whose chain ends in a random order (their standings order the tied players by the
/// event's standings seed for display only; docs/decisions.md 32).
pub fn select_by_ranking(
    standings: &Standings,
    size: usize,
    excluded: &[PlayerId],
    seed: u64,
) -> Selection {
    let eligible: Vec<(u32, PlayerId)> = standings
        .rows
        .iter()
        .filter(|row| !excluded.contains(&row.player) && !row.dropped)
        .map(|row| (row.tied_rank, row.player))
        .collect();
    if eligible.len() <= size || size == 0 {
        return Selection {
            finalists: eligible.into_iter().take(size).map(|(_, p)| p).collect(),
            drawn_among: Vec::new(),
            draw: None,
        };
    }
    let line_rank = eligible[size - 1].0;
    let mut finalists: Vec<PlayerId> = eligible
        .iter()
        .filter(|(rank, _)| *rank < line_rank)
        .map(|(_, p)| *p)
        .collect();
    let mut tied: Vec<PlayerId> = eligible
        .iter()
        .filter(|(rank, _)| *rank == line_rank)
        .map(|(_, p)| *p)
        .collect();
    let places = size - finalists.len();
    let (drawn_among, draw) = if tied.len() > places {
        let draw = CutDraw {
            seed,
            among: tied.clone(),
            places: u32::try_from(places).unwrap_or(u32::MAX),
        };
        tied.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        (draw.among.clone(), Some(draw))
    } else {
        (Vec::new(), None)
    };
    finalists.extend(tied.into_iter().take(places));
    Selection {
        finalists,
        drawn_among,
        draw,
    }
}

/// Seeds assigned at random (002 §3.4.1 "Players are assigned seeds at random"): a
/// ChaCha8 shuffle of `players` (taken in id order) from `seed`, seed 1 first.
pub fn random_seeds(players: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    let mut seeds = players.to_vec();
    seeds.sort();
    seeds.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    seeds
}

/// Seed numbers (1-based) in bracket order for a bracket of `size` (a power of two):
/// 1 v 8, 4 v 5, 2 v 7, 3 v 6 for 8 (decision 10).
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1usize];
    while order.len() < size {
        let total = order.len() * 2 + 1;
        order = order
            .iter()
            .flat_map(|&seed| [seed, total - seed])
            .collect();
    }
    order
}

/// One first-round slot pair: two seeds, or a seed with a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    Match { higher: PlayerId, lower: PlayerId },
    Bye { player: PlayerId },
}

/// The first round of a single-elimination bracket for `finalists` in seed order. When
/// the field is not a power of two, the missing seeds are byes, which therefore fall to
/// the top seeds.
pub fn first_round(finalists: &[PlayerId]) -> Vec<Opening> {
    let size = finalists.len().next_power_of_two().max(2);
    let order = bracket_order(size);
    order
        .chunks(2)
        .filter_map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let player = |seed: usize| finalists.get(seed - 1).copied();
            match (player(a.min(b)), player(a.max(b))) {
                (Some(higher), Some(lower)) => Some(Opening::Match { higher, lower }),
                (Some(player), None) | (None, Some(player)) => Some(Opening::Bye { player }),
                (None, None) => None,
            }
        })
        .collect()
}
