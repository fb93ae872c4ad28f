//! An event's final order for prizes and seasons: the top cut's players by how
//! far they went (a bracket round's losers together), the third-place match deciding 3rd and
//! 4th where it is played, then the Swiss standings.

use crate::support::{event_with_players, play_round};
use tablekeeper_engine::model::{PlayerId, ResultEntry, Side};
use tablekeeper_engine::rules::final_order::final_order;
use tablekeeper_engine::{Action, Event};

fn a_wins() -> ResultEntry {
    ResultEntry::Win {
        winner: Side::A,
        games: None,
        reason: None,
    }
}

/// Ten players, one Swiss round, a top 8 of players 1–8 played with seat A (the higher
/// seed) winning every match.
fn played(third_place: bool) -> Event {
    let mut event = event_with_players("bandai", 10, 3, 7);
    play_round(&mut event, 1, false, |_| a_wins());
    event
        .apply(&Action::StartCut {
            finalists: (1..=8).map(PlayerId).collect(),
            third_place,
            double: false,
            draw: None,
            repair_seed: None,
        })
        .expect("cut");
    loop {
        if event.cut.as_ref().is_some_and(|c| c.is_finished()) {
            break;
        }
        event.apply(&Action::PairBracketRound).expect("pair");
        let round = event.current_round().expect("round").clone();
        for found in &round.matches {
            if let (Some(table), None) = (found.table, &found.result) {
                event
                    .apply(&Action::RecordResult {
                        round: round.number,
                        table,
                        entry: a_wins(),
                        replace: false,
                        player: None,
                    })
                    .expect("result");
            }
        }
    }
    event
}

fn ids(groups: &[Vec<tablekeeper_engine::rules::final_order::Finisher>]) -> Vec<Vec<u32>> {
    groups
        .iter()
        .map(|g| g.iter().map(|f| f.player.0).collect())
        .collect()
}

#[test]
fn the_cut_orders_by_how_far_each_went_then_the_swiss_standings() {
    let event = played(false);
    let groups = ids(&final_order(&event, false).expect("order"));
    // Seeds 1 and 2 meet in the final; 3 and 4 lose the semifinals, 5–8 the quarterfinals.
    assert_eq!(groups[0], vec![1]);
    assert_eq!(groups[1], vec![2]);
    let mut semis = groups[2].clone();
    semis.sort();
    assert_eq!(semis, vec![3, 4]);
    let mut quarters = groups[3].clone();
    quarters.sort();
    assert_eq!(quarters, vec![5, 6, 7, 8]);
    assert_eq!(groups.len(), 6, "then players 9 and 10, each alone");
    assert_eq!(groups[4].len() + groups[5].len(), 2);
}

#[test]
fn a_third_place_match_separates_third_and_fourth() {
    let event = played(true);
    let groups = ids(&final_order(&event, false).expect("order"));
    // Seat A won the third-place match (every match here): it is third, the other fourth.
    let last = event
        .cut
        .as_ref()
        .and_then(|c| c.rounds.last())
        .expect("final round");
    let table = last.third_place_table.expect("a third-place match");
    let third = last
        .round
        .matches
        .iter()
        .find(|m| m.table == Some(table))
        .and_then(|m| match m.seats {
            tablekeeper_engine::model::Seats::Pair { a, b } => Some((a.0, b.0)),
            _ => None,
        })
        .expect("two seats");
    assert_eq!(
        &groups[..4],
        &[vec![1], vec![2], vec![third.0], vec![third.1]]
    );
}
