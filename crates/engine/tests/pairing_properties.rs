//! Pairing properties over 10 000 random events (sizes 2–300, every ruleset, draws, double
//! losses, no-shows, drops and late entries): every active player is seated exactly once;
//! no rematch when a rematch-free pairing exists; no second bye while a player without
//! one could take it; and the sparse solver's weight equals the complete-graph optimum.
//! Small events are also checked against exhaustive search.

use crate::support::random_event;
use proptest::prelude::*;
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{PlayerId, Seats};
use tablekeeper_engine::pairing::{Strategy as Solver, pair_next_round, pair_with};

/// Whether a perfect pairing of `players` (plus a bye to one of `bye_ok` when odd) exists
/// with no rematch: exhaustive search for small events.
fn rematch_free_exists(
    event: &Event,
    players: &[PlayerId],
    bye_ok: &dyn Fn(PlayerId) -> bool,
) -> bool {
    fn search(
        event: &Event,
        left: &mut Vec<PlayerId>,
        bye_used: bool,
        bye_ok: &dyn Fn(PlayerId) -> bool,
    ) -> bool {
        let Some(first) = left.pop() else { return true };
        if !bye_used
            && left.len().is_multiple_of(2)
            && bye_ok(first)
            && search(event, left, true, bye_ok)
        {
            left.push(first);
            return true;
        }
        for index in 0..left.len() {
            let other = left[index];
            if event.have_met(first, other) {
                continue;
            }
            left.remove(index);
            let found = search(event, left, bye_used, bye_ok);
            left.insert(index, other);
            if found {
                left.push(first);
                return true;
            }
        }
        left.push(first);
        false
    }
    let mut left = players.to_vec();
    search(event, &mut left, players.len().is_multiple_of(2), bye_ok)
}

fn sizes() -> impl Strategy<Value = usize> {
    prop_oneof![14 => 2usize..20, 5 => 20usize..80, 1 => 80usize..301]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, .. ProptestConfig::default() })]

    #[test]
    fn pairings_are_complete_rule_abiding_and_optimal(
        ruleset_index in 0usize..8,
        players in sizes(),
        rounds in 0u32..7,
        choices in proptest::collection::vec(any::<u8>(), 1..48),
        seed in any::<u64>(),
    ) {
        let event = random_event(ruleset_index, players, rounds, &choices, seed);
        let active: Vec<PlayerId> = event.active_players().map(|p| p.id).collect();
        prop_assume!(active.len() >= 2);
        let pairing = pair_next_round(&event, seed ^ 0xABCD, true).expect("pairing with rematches allowed");

        // Every active player exactly once, nobody else.
        let mut seated: Vec<PlayerId> = pairing.seats.iter().flat_map(|s| s.players()).collect();
        seated.sort();
        let mut expected = active.clone();
        expected.sort();
        prop_assert_eq!(seated, expected);

        // Equal to the complete-graph optimum.
        let dense = pair_with(&event, seed ^ 0xABCD, true, Solver::Complete).expect("dense pairing");
        prop_assert_eq!(pairing.total_weight, dense.total_weight);

        let rematches = pairing.explanation.rematches.len();
        let strict = pair_next_round(&event, seed ^ 0xABCD, false);
        prop_assert_eq!(strict.is_ok(), rematches == 0, "refused only when rematches are forced");

        let fewest = active.iter().map(|p| event.byes_of(*p)).min().unwrap_or(0);
        let bye = pairing.seats.iter().find_map(|s| match s { Seats::Single { player } => Some(*player), Seats::Pair { .. } => None });
        if active.len() <= 12 {
            let free = rematch_free_exists(&event, &active, &|_| true);
            prop_assert_eq!(rematches == 0, free, "a rematch-free pairing exists iff none is used");
            if let Some(bye) = bye
                && rematches == 0 && event.byes_of(bye) > fewest {
                    let fair = rematch_free_exists(&event, &active, &|p| event.byes_of(p) == fewest);
                    prop_assert!(!fair, "second bye although a player without one could take it");
                }
        }
        if let Some(bye) = bye
            && event.byes_of(bye) > fewest {
                prop_assert!(pairing.explanation.forced_second_byes.contains(&bye), "a second bye is always reported");
            }
    }
}
