//! Picking tables for deck checks: K tables of the round at random, never a
//! player checked before in the event while another table can be taken instead. Tables are
//! ranked by how many of their players were already checked (none first), and shuffled
//! within each rank by a ChaCha8 generator seeded with the recorded seed, so the same event,
//! round and seed always pick the same tables. Byes are not tables and are never picked.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::model::{PlayerId, Seats};
use crate::state::Event;

/// The tables of round `round` to check: at most `count`, in the order picked, each with its
/// players.
pub fn pick(event: &Event, round: u32, count: usize, seed: u64) -> Vec<(u32, Vec<PlayerId>)> {
    let Some(found) = event.round(round) else {
        return Vec::new();
    };
    let checked: std::collections::HashSet<PlayerId> = event
        .deck_checks
        .iter()
        .flat_map(|check| check.tables.iter().flat_map(|t| t.players.iter().copied()))
        .collect();
    let mut tables: Vec<(u32, Vec<PlayerId>)> = found
        .matches
        .iter()
        .filter_map(|m| match (m.seats, m.table) {
            (Seats::Pair { a, b }, Some(table)) => Some((table, vec![a, b])),
            _ => None,
        })
        .collect();
    // Tables already checked this round are not picked again.
    let this_round: Vec<u32> = event
        .deck_checks
        .iter()
        .filter(|check| check.round == round)
        .flat_map(|check| check.tables.iter().map(|t| t.table))
        .collect();
    tables.retain(|(table, _)| !this_round.contains(table));
    tables.sort_by_key(|(table, _)| *table);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    tables.shuffle(&mut rng);
    // A stable sort keeps the shuffled order within each rank.
    tables.sort_by_key(|(_, players)| players.iter().filter(|p| checked.contains(p)).count());
    tables.truncate(count);
    tables
}
