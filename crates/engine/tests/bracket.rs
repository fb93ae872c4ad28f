//! Playing the top cut: single elimination from the fixed finalists to the champion
//! (000 §3.2.4, 002 §3.4.1, decision 10), with byes to the top seeds, no draws, double
//! losses sending the neighbouring slot through, the third-place match and drops.

use proptest::prelude::*;
use tablekeeper_engine::model::{DrawReason, PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::{Action, EngineError, Event};

use crate::support::{event_with_players, play_round};

fn win(side: Side) -> ResultEntry {
    ResultEntry::Win {
        winner: side,
        games: None,
        reason: None,
    }
}

/// `players` registered and one Swiss round played, seat A winning everywhere.
fn after_swiss(players: usize) -> Event {
    let mut event = event_with_players("bandai", players, 3, 7);
    play_round(&mut event, 1, false, |_| win(Side::A));
    event
}

fn start(event: &mut Event, finalists: &[u32], third_place: bool) {
    event
        .apply(&Action::StartCut {
            finalists: finalists.iter().map(|&p| PlayerId(p)).collect(),
            third_place,
            double: false,
            draw: None,
            repair_seed: None,
        })
        .expect("start the cut");
    event.apply(&Action::PairBracketRound).expect("pair");
}

fn record(event: &mut Event, table: u32, entry: ResultEntry) -> Result<(), EngineError> {
    let round = event.current_round().expect("round").number;
    event.apply(&Action::RecordResult {
        round,
        table,
        entry,
        replace: false,
        player: None,
    })
}

fn pairs(event: &Event) -> Vec<(u32, u32)> {
    event
        .current_round()
        .expect("round")
        .matches
        .iter()
        .filter_map(|m| match m.seats {
            Seats::Pair { a, b } => Some((a.0, b.0)),
            Seats::Single { .. } => None,
        })
        .collect()
}

#[test]
fn decision_10_top_8_quarterfinals_pair_1v8_4v5_2v7_3v6_and_the_higher_seed_sits_a() {
    let mut event = after_swiss(10);
    start(&mut event, &[1, 2, 3, 4, 5, 6, 7, 8], false);
    assert_eq!(pairs(&event), vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert_eq!(event.current_round().expect("round").number, 2);
}

#[test]
fn decision_10_byes_go_to_the_top_seeds_when_the_cut_is_not_a_power_of_two() {
    let mut event = after_swiss(10);
    start(&mut event, &[1, 2, 3, 4, 5, 6], false);
    let round = event.current_round().expect("round");
    let byes: Vec<u32> = round
        .matches
        .iter()
        .filter_map(|m| match m.seats {
            Seats::Single { player } => Some(player.0),
            Seats::Pair { .. } => None,
        })
        .collect();
    assert_eq!(byes, vec![1, 2]);
    assert_eq!(pairs(&event), vec![(4, 5), (3, 6)]);
    assert!(
        !round.is_complete(),
        "byes are decided; the two matches are not"
    );
}

#[test]
fn third_place_match_is_played_beside_the_final_between_the_semifinal_losers() {
    let mut event = after_swiss(10);
    start(&mut event, &[1, 2, 3, 4, 5, 6, 7, 8], true);
    for table in 1..=4 {
        record(&mut event, table, win(Side::A)).expect("quarterfinal");
    }
    event.apply(&Action::PairBracketRound).expect("semifinals");
    assert_eq!(pairs(&event), vec![(1, 4), (2, 3)]);
    record(&mut event, 1, win(Side::B)).expect("semifinal 1: seed 4 wins");
    record(&mut event, 2, win(Side::A)).expect("semifinal 2: seed 2 wins");
    event.apply(&Action::PairBracketRound).expect("final");
    assert_eq!(pairs(&event), vec![(4, 2), (1, 3)]);
    let cut = event.cut.as_ref().expect("cut");
    assert_eq!(
        cut.current().and_then(|r| r.third_place_table),
        Some(2),
        "table 2 is the third-place match"
    );
    assert_eq!(cut.champion(), None);
    record(&mut event, 2, win(Side::A)).expect("third place");
    record(&mut event, 1, win(Side::B)).expect("final");
    let cut = event.cut.as_ref().expect("cut");
    assert!(cut.is_finished());
    assert_eq!(cut.champion(), Some(PlayerId(2)));
    assert!(matches!(
        event.apply(&Action::PairBracketRound),
        Err(EngineError::InvalidCut(_))
    ));
}

#[test]
fn a_top_cut_match_cannot_be_a_draw_but_both_players_may_lose_on_time() {
    let mut event = after_swiss(4);
    start(&mut event, &[1, 2, 3, 4], false);
    let draw = ResultEntry::Draw {
        reason: DrawReason::Time,
        games: None,
        graded_reason: None,
    };
    let refused = record(&mut event, 1, draw);
    assert!(matches!(refused, Err(EngineError::InvalidResult(_))));
    record(&mut event, 1, ResultEntry::DoubleLoss).expect("double loss");
    record(&mut event, 2, win(Side::A)).expect("semifinal 2");
    event.apply(&Action::PairBracketRound).expect("final");
    let final_round = event.current_round().expect("final");
    assert!(final_round.is_complete(), "seed 2 advances on a bye");
    assert_eq!(
        event.cut.as_ref().and_then(|c| c.champion()),
        Some(PlayerId(2))
    );
}

#[test]
fn the_cut_closes_swiss_pairing_and_manual_pairing_changes() {
    let mut event = after_swiss(8);
    start(&mut event, &[1, 2, 3, 4], false);
    let swiss = Action::PairRound {
        seed: 1,
        seats: vec![],
        tables: vec![],
    };
    assert_eq!(event.apply(&swiss), Err(EngineError::CutStarted));
    let manual = Action::ReplacePairing {
        round: 2,
        seats: vec![],
        tables: vec![],
        seed: None,
    };
    assert!(matches!(
        event.apply(&manual),
        Err(EngineError::InvalidCut(_))
    ));
    let again = Action::StartCut {
        finalists: vec![PlayerId(1), PlayerId(2)],
        third_place: false,
        double: false,
        draw: None,
        repair_seed: None,
    };
    assert!(matches!(
        event.apply(&again),
        Err(EngineError::InvalidCut(_))
    ));
}

#[test]
fn a_decided_bracket_round_cannot_change_once_the_next_round_is_paired() {
    let mut event = after_swiss(4);
    start(&mut event, &[1, 2, 3, 4], false);
    record(&mut event, 1, win(Side::A)).expect("semifinal 1");
    record(&mut event, 2, win(Side::A)).expect("semifinal 2");
    event.apply(&Action::PairBracketRound).expect("final");
    let correction = Action::RecordResult {
        round: 2,
        table: 1,
        entry: win(Side::B),
        replace: true,
        player: None,
    };
    assert!(matches!(
        event.apply(&correction),
        Err(EngineError::InvalidCut(_))
    ));
}

#[test]
fn dropping_during_the_cut_concedes_the_open_bracket_match() {
    let mut event = after_swiss(4);
    start(&mut event, &[1, 2, 3, 4], false);
    event
        .apply(&Action::DropPlayer {
            player: PlayerId(4),
            timing: None,
        })
        .expect("drop");
    let round = event.current_round().expect("round");
    let m = round.match_at_table(1).expect("table 1");
    assert!(matches!(
        m.result.as_ref().map(|r| &r.entry),
        Some(ResultEntry::Default {
            winner: Side::A,
            ..
        })
    ));
}

#[test]
fn a_dropped_player_cannot_be_a_finalist() {
    let mut event = after_swiss(4);
    event
        .apply(&Action::DropPlayer {
            player: PlayerId(3),
            timing: None,
        })
        .expect("drop");
    let refused = event.apply(&Action::StartCut {
        finalists: vec![PlayerId(1), PlayerId(3)],
        third_place: false,
        double: false,
        draw: None,
        repair_seed: None,
    });
    assert!(matches!(refused, Err(EngineError::InvalidCut(_))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any field size, any results: every finalist enters once; a player is out after
    /// one loss and never plays again; byes only to the top seeds in the first round;
    /// the bracket ends after ⌈log₂ n⌉ rounds with a champion who never lost.
    #[test]
    fn single_elimination_invariants(
        finalists in 2usize..=40,
        outcomes in proptest::collection::vec(0u8..10, 64),
    ) {
        let mut event = after_swiss(finalists.max(2));
        let seeds: Vec<u32> = (1..=u32::try_from(finalists).expect("size")).collect();
        start(&mut event, &seeds, false);
        let size = finalists.next_power_of_two();
        let first = event.current_round().expect("round").clone();
        let mut entered: Vec<u32> = first.matches.iter().flat_map(|m| m.seats.players()).map(|p| p.0).collect();
        entered.sort_unstable();
        prop_assert_eq!(&entered, &seeds, "each seed exactly once");
        for m in &first.matches {
            if let Seats::Single { player } = m.seats {
                prop_assert!(player.0 as usize <= size - finalists, "bye to seed {} only top seeds", player.0);
            }
        }
        let mut out: Vec<PlayerId> = Vec::new();
        let mut next = outcomes.into_iter().cycle();
        let mut rounds = 0;
        loop {
            rounds += 1;
            let current = event.current_round().expect("round").clone();
            for m in &current.matches {
                for p in m.seats.players() {
                    prop_assert!(!out.contains(&p), "player {} plays after losing", p.0);
                }
            }
            for m in current.matches.iter().filter(|m| m.result.is_none()) {
                let table = m.table.expect("table");
                let entry = match next.next().unwrap_or(0) {
                    0 => ResultEntry::DoubleLoss,
                    n if n % 2 == 0 => win(Side::A),
                    _ => win(Side::B),
                };
                record(&mut event, table, entry).expect("result");
            }
            let played = event.current_round().expect("round").clone();
            for m in &played.matches {
                let result = m.result.as_ref().expect("complete");
                for (p, seat) in m.seats.players().into_iter().zip(&result.seats) {
                    if seat.outcome == tablekeeper_engine::model::Outcome::Loss {
                        out.push(p);
                    }
                }
            }
            if event.cut.as_ref().expect("cut").is_finished() {
                break;
            }
            event.apply(&Action::PairBracketRound).expect("next round");
        }
        prop_assert_eq!(rounds, size.trailing_zeros() as usize);
        if let Some(champion) = event.cut.as_ref().and_then(|c| c.champion()) {
            prop_assert!(!out.contains(&champion));
        }
    }
}
