//! Fixed tables (accessibility) and FoW first-turn balancing (003 §6b-vii, digest D10).

use crate::support;

use tablekeeper_engine::model::{PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::transitions::pairing::first_by_balance;
use tablekeeper_engine::{Action, Event};

#[test]
fn fow_6b_vii_fewer_game_one_firsts_goes_first() {
    // D10: A has gone first twice, B once → B goes first; the order of seats does not matter.
    assert_eq!(first_by_balance(2, 1, 0), Side::B);
    assert_eq!(first_by_balance(1, 2, 0), Side::A);
    // Equal counts (and round 1) are random: both outcomes occur.
    assert_eq!(first_by_balance(1, 1, 2), Side::A);
    assert_eq!(first_by_balance(1, 1, 3), Side::B);
}

#[test]
fn fow_6b_vii_first_turns_stay_balanced_over_an_event() {
    let mut event = event("fow", 10, 6);
    for round in 1..=6u64 {
        play_round(&mut event, round * 7);
    }
    let mut firsts = [0u32; 11];
    let mut matches_played = [0u32; 11];
    for round in &event.rounds {
        for m in &round.matches {
            if let Seats::Pair { a, b } = m.seats {
                let first = m.first.expect("FoW assigns the first player");
                let (before_a, before_b) = (firsts[a.0 as usize], firsts[b.0 as usize]);
                match first {
                    Side::A => assert!(
                        before_a <= before_b,
                        "round {}: A had gone first more often",
                        round.number
                    ),
                    Side::B => assert!(
                        before_b <= before_a,
                        "round {}: B had gone first more often",
                        round.number
                    ),
                }
                firsts[if first == Side::A { a.0 } else { b.0 } as usize] += 1;
                matches_played[a.0 as usize] += 1;
                matches_played[b.0 as usize] += 1;
            }
        }
    }
    for player in 1..=10 {
        let gap = i64::from(2 * firsts[player]) - i64::from(matches_played[player]);
        assert!(
            gap.abs() <= 2,
            "player {player}: {} firsts in {} matches",
            firsts[player],
            matches_played[player]
        );
    }
}

#[test]
fn rulesets_without_the_rule_assign_no_first_player() {
    let mut event = event("bandai", 6, 1);
    play_round(&mut event, 1);
    assert!(event.rounds[0].matches.iter().all(|m| m.first.is_none()));
}

#[test]
fn a_fixed_table_player_keeps_their_table_every_round() {
    let mut event = event("bushiroad-en", 12, 4);
    event
        .apply(&Action::SetFixedTable {
            player: PlayerId(7),
            table: Some(5),
        })
        .expect("fixed table");
    for round in 1..=4u64 {
        play_round(&mut event, round);
        let current = event.rounds.last().expect("round");
        let table = current.match_of(PlayerId(7)).and_then(|m| m.table);
        assert_eq!(table, Some(5), "round {round}");
        let mut tables: Vec<u32> = current.matches.iter().filter_map(|m| m.table).collect();
        tables.sort();
        assert_eq!(tables, vec![1, 2, 3, 4, 5, 6], "every table used once");
    }
    assert!(
        event
            .apply(&Action::SetFixedTable {
                player: PlayerId(7),
                table: Some(0)
            })
            .is_err()
    );
}

fn event(ruleset: &str, players: usize, rounds: u32) -> Event {
    support::event_with_players(ruleset, players, rounds, 9)
}

fn play_round(event: &mut Event, seed: u64) {
    let winner = if seed.is_multiple_of(2) {
        Side::A
    } else {
        Side::B
    };
    support::play_round(event, seed, false, |_| ResultEntry::Win {
        winner,
        games: None,
        reason: None,
    });
}
