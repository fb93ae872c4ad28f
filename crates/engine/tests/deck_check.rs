//! Deck checks: K tables of a round picked at random with a recorded seed; a
//! player checked before in the event is not checked again while another table can be taken;
//! the same event, round and seed pick the same tables, also when the log is replayed.

use std::collections::HashSet;

use crate::support::{event_with_players, play_round};
use proptest::prelude::*;
use tablekeeper_engine::model::{PlayerId, ResultEntry, Side};
use tablekeeper_engine::{Action, Event};

fn a_wins(_: u32) -> ResultEntry {
    ResultEntry::Win {
        winner: Side::A,
        games: None,
        reason: None,
    }
}

fn checked_players(event: &Event) -> Vec<PlayerId> {
    event
        .deck_checks
        .iter()
        .flat_map(|c| c.tables.iter().flat_map(|t| t.players.iter().copied()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Over several rounds, each check takes tables whose players were never checked while
    /// the round has enough such tables; a repeat happens only when it cannot be avoided.
    #[test]
    fn no_player_is_checked_twice_while_it_can_be_avoided(
        players in 6usize..40,
        rounds in 1u32..5,
        count in 1u32..4,
        seeds in proptest::collection::vec(any::<u64>(), 5),
    ) {
        let mut event = event_with_players("bandai", players, 5, seeds[0]);
        for round in 1..=rounds {
            play_round(&mut event, seeds[0].wrapping_add(u64::from(round)), true, a_wins);
            let before: HashSet<PlayerId> = checked_players(&event).into_iter().collect();
            let fresh_tables = event
                .round(round)
                .expect("round")
                .matches
                .iter()
                .filter(|m| m.table.is_some())
                .filter(|m| match m.seats {
                    tablekeeper_engine::model::Seats::Pair { a, b } => !before.contains(&a) && !before.contains(&b),
                    _ => false,
                })
                .count();
            event
                .apply(&Action::CheckDecks { round, count, seed: seeds[(round as usize) % seeds.len()] })
                .expect("check");
            let check = event.deck_checks.last().expect("a check");
            let repeats = check
                .tables
                .iter()
                .filter(|t| t.players.iter().any(|p| before.contains(p)))
                .count();
            let wanted = count as usize;
            prop_assert!(check.tables.len() <= wanted);
            // Tables with no player checked before come first: a repeat only past them.
            prop_assert!(
                repeats == 0 || fresh_tables < wanted,
                "round {round}: {repeats} repeats with {fresh_tables} fresh tables for {wanted}"
            );
            prop_assert_eq!(repeats, check.tables.len().saturating_sub(fresh_tables.min(wanted)));
            // Each picked table is a table of the round, once.
            let picked: HashSet<u32> = check.tables.iter().map(|t| t.table).collect();
            prop_assert_eq!(picked.len(), check.tables.len());
        }
    }

    /// The same event, round and seed pick the same tables; replaying the log does too.
    #[test]
    fn the_same_seed_picks_the_same_tables(players in 8usize..40, seed in any::<u64>(), other in any::<u64>()) {
        let mut event = event_with_players("bandai", players, 3, 5);
        play_round(&mut event, 1, false, a_wins);
        let mut first = event.clone();
        first.apply(&Action::CheckDecks { round: 1, count: 3, seed }).expect("check");
        let mut second = event.clone();
        second.apply(&Action::CheckDecks { round: 1, count: 3, seed }).expect("check");
        prop_assert_eq!(&first.deck_checks, &second.deck_checks);
        // Another seed usually picks otherwise; the tables are the round's all the same.
        let mut third = event.clone();
        third.apply(&Action::CheckDecks { round: 1, count: 3, seed: other }).expect("check");
        prop_assert_eq!(third.deck_checks[0].tables.len(), first.deck_checks[0].tables.len());
    }
}

/// A table is not picked twice in one round; an extension is recorded for a checked table
/// only, and at most an hour.
#[test]
fn extensions_only_for_checked_tables() {
    let mut event = event_with_players("bandai", 8, 3, 5);
    play_round(&mut event, 1, false, a_wins);
    event
        .apply(&Action::CheckDecks {
            round: 1,
            count: 4,
            seed: 9,
        })
        .expect("every table");
    assert_eq!(event.deck_checks[0].tables.len(), 4);
    assert!(
        event
            .clone()
            .apply(&Action::CheckDecks {
                round: 1,
                count: 1,
                seed: 10
            })
            .is_err(),
        "no table of round 1 is left to check"
    );
    let table = event.deck_checks[0].tables[0].table;
    event
        .apply(&Action::ExtendCheckedTable {
            round: 1,
            table,
            minutes: 5,
        })
        .expect("extension");
    assert_eq!(event.deck_checks[0].tables[0].extension_minutes, 5);
    assert!(
        event
            .clone()
            .apply(&Action::ExtendCheckedTable {
                round: 1,
                table,
                minutes: 61
            })
            .is_err()
    );
    assert!(
        event
            .clone()
            .apply(&Action::ExtendCheckedTable {
                round: 1,
                table: 99,
                minutes: 3
            })
            .is_err()
    );
    assert!(
        event
            .clone()
            .apply(&Action::CheckDecks {
                round: 2,
                count: 1,
                seed: 1
            })
            .is_err(),
        "round 2 is not paired"
    );
}
