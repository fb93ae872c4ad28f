//! Seeding a single-elimination bracket: standard seeding, so seeds 1 and 2 can meet only
//! in the final, and byes to the top seeds when the field is not a power of two (002
//! §3.4.1, decision 10); or seeds drawn at random where the seed says so.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::model::PlayerId;

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
