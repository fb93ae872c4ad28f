//! Double-elimination finals (003 §6b-vi, "Appendix: Finals Matching and Progression";
//! decision 23; digest E15): upper and lower bracket, the grand final, and bracket 7 played
//! only when the winner of bracket 3 loses bracket 6.

use std::collections::HashMap;

use proptest::prelude::*;
use tablekeeper_engine::model::{Outcome, PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::{Action, EngineError, Event};

use crate::support::{event_with_players, play_round};

fn win(side: Side) -> ResultEntry {
    ResultEntry::Win {
        winner: side,
        games: None,
        reason: None,
    }
}

/// A FoW event with `players` and one Swiss round, then a double-elimination cut of
/// `finalists` (player ids 1, 2, … as seeds 1, 2, …).
fn double_cut(finalists: u32) -> Event {
    let mut event = event_with_players("fow", 10, 3, 3);
    play_round(&mut event, 1, false, |_| win(Side::A));
    event
        .apply(&Action::StartCut {
            finalists: (1..=finalists).map(PlayerId).collect(),
            third_place: false,
            double: true,
            draw: None,
            repair_seed: None,
        })
        .expect("start the double-elimination cut");
    event.apply(&Action::PairBracketRound).expect("pair");
    event
}

/// The current round's pairs as (table, a, b).
fn tables(event: &Event) -> Vec<(u32, u32, u32)> {
    event
        .current_round()
        .expect("round")
        .matches
        .iter()
        .filter_map(|m| match (m.seats, m.table) {
            (Seats::Pair { a, b }, Some(t)) => Some((t, a.0, b.0)),
            _ => None,
        })
        .collect()
}

/// Records a result at every table of the current round: `winner(a, b)` picks the winner.
fn finish(event: &mut Event, mut winner: impl FnMut(u32, u32) -> u32) {
    let round = event.current_round().expect("round").number;
    for (table, a, b) in tables(event) {
        let side = if winner(a, b) == a { Side::A } else { Side::B };
        event
            .apply(&Action::RecordResult {
                round,
                table,
                entry: win(side),
                replace: false,
                player: None,
            })
            .expect("result");
    }
}

fn champion(event: &Event) -> Option<u32> {
    event.cut.as_ref().and_then(|c| c.champion()).map(|p| p.0)
}

#[test]
fn fow_finals_top_4_reset_is_not_played_when_the_upper_finalist_wins_the_grand_final() {
    let mut event = double_cut(4);
    // Brackets 1 and 2: seeds 1 v 4 and 2 v 3.
    assert_eq!(tables(&event), vec![(1, 1, 4), (2, 2, 3)]);
    finish(&mut event, |a, b| a.min(b)); // 1 and 2 win
    event.apply(&Action::PairBracketRound).expect("round 2");
    // Bracket 3 (upper final) 1 v 2 and bracket 4 (lower) 4 v 3 share a round.
    assert_eq!(tables(&event), vec![(1, 1, 2), (2, 4, 3)]);
    finish(&mut event, |a, b| a.min(b)); // 1 and 3 win
    event.apply(&Action::PairBracketRound).expect("round 3");
    // Bracket 5 (lower final): the loser of 3 against the winner of 4.
    assert_eq!(tables(&event), vec![(1, 2, 3)]);
    finish(&mut event, |_, _| 3);
    event.apply(&Action::PairBracketRound).expect("round 4");
    // Bracket 6 (grand final): the winner of 3 against the winner of 5.
    assert_eq!(tables(&event), vec![(1, 1, 3)]);
    finish(&mut event, |_, _| 1);
    assert_eq!(champion(&event), Some(1));
    assert!(event.cut.as_ref().is_some_and(|c| c.is_finished()));
    let refused = event.apply(&Action::PairBracketRound);
    assert!(
        matches!(refused, Err(EngineError::InvalidCut(_))),
        "no bracket 7: {refused:?}"
    );
}

#[test]
fn fow_finals_top_4_reset_is_played_when_the_winner_of_bracket_3_loses_bracket_6() {
    let mut event = double_cut(4);
    finish(&mut event, |a, b| a.min(b));
    event.apply(&Action::PairBracketRound).expect("round 2");
    finish(&mut event, |a, b| a.min(b));
    event.apply(&Action::PairBracketRound).expect("round 3");
    finish(&mut event, |_, _| 3);
    event.apply(&Action::PairBracketRound).expect("round 4");
    finish(&mut event, |_, _| 3); // the lower-bracket player wins the grand final
    assert_eq!(champion(&event), None, "one loss each: not decided yet");
    event.apply(&Action::PairBracketRound).expect("bracket 7");
    assert_eq!(
        tables(&event),
        vec![(1, 3, 1)],
        "bracket 7 replays the grand final"
    );
    finish(&mut event, |_, _| 3);
    assert_eq!(champion(&event), Some(3));
}

/// Who plays first in the finals (003 §6b-vii, digest E15; docs/decisions.md 33). Round 1
/// of the finals: the higher Swiss rank (the higher seed, seat A) chooses first or second.
/// Later rounds: Player Arrangement Control assigns the player with fewer game-1 firsts. The
/// reset (bracket 7): the player who went second in bracket 6 goes first.
#[test]
fn fow_6b_vii_finals_first_players_and_the_e15_reset() {
    let mut event = double_cut(4);
    let first_round = event.current_round().expect("round 1").clone();
    for m in &first_round.matches {
        assert_eq!(m.chooses, Some(Side::A), "the higher seed chooses");
        assert_eq!(m.first, None, "a choice, not an assignment");
    }
    finish(&mut event, |a, b| a.min(b));
    event.apply(&Action::PairBracketRound).expect("round 2");
    for m in &event.current_round().expect("round 2").matches {
        assert!(
            m.first.is_some() && m.chooses.is_none(),
            "assigned by balance"
        );
    }
    finish(&mut event, |a, b| a.min(b));
    event.apply(&Action::PairBracketRound).expect("round 3");
    finish(&mut event, |_, _| 3);
    event.apply(&Action::PairBracketRound).expect("round 4");
    let grand_final = event.current_round().expect("grand final").matches[0].clone();
    let Seats::Pair { a, b } = grand_final.seats else {
        unreachable!("a pair")
    };
    let second = match grand_final.first.expect("assigned") {
        Side::A => b,
        Side::B => a,
    };
    finish(&mut event, |_, _| 3); // the lower-bracket player wins: bracket 7 is played
    event.apply(&Action::PairBracketRound).expect("bracket 7");
    let reset = event.current_round().expect("reset").matches[0].clone();
    let Seats::Pair { a, b } = reset.seats else {
        unreachable!("a pair")
    };
    let first = match reset.first.expect("assigned (E15)") {
        Side::A => a,
        Side::B => b,
    };
    assert_eq!(first, second, "the grand final's second player goes first");
}

/// Under rulesets that assign nobody (Bandai), the finals carry no first player.
#[test]
fn bandai_finals_leave_the_first_player_to_the_players() {
    let mut event = event_with_players("bandai", 8, 3, 3);
    play_round(&mut event, 1, false, |_| win(Side::A));
    event
        .apply(&Action::StartCut {
            finalists: (1..=4).map(PlayerId).collect(),
            third_place: false,
            double: false,
            draw: None,
            repair_seed: None,
        })
        .expect("cut");
    event.apply(&Action::PairBracketRound).expect("pair");
    for m in &event.current_round().expect("round").matches {
        assert_eq!((m.first, m.chooses), (None, None));
    }
}

#[test]
fn double_elimination_takes_4_or_8_and_no_third_place_match() {
    let mut event = event_with_players("fow", 10, 3, 3);
    play_round(&mut event, 1, false, |_| win(Side::A));
    for (size, third_place) in [(6u32, false), (4, true)] {
        let refused = event.clone().apply(&Action::StartCut {
            finalists: (1..=size).map(PlayerId).collect(),
            third_place,
            double: true,
            draw: None,
            repair_seed: None,
        });
        assert!(
            matches!(refused, Err(EngineError::InvalidCut(_))),
            "{size}: {refused:?}"
        );
    }
}

/// Plays a double-elimination cut of `finalists` to the end with winners from `choices`;
/// returns each player's finals losses and the champion.
fn play_out(finalists: u32, choices: &[bool]) -> (HashMap<u32, usize>, u32, Event) {
    let mut event = double_cut(finalists);
    let mut pick = choices.iter().copied().cycle();
    let mut rounds = 0;
    loop {
        finish(
            &mut event,
            |a, b| if pick.next().unwrap_or(true) { a } else { b },
        );
        if event.cut.as_ref().is_some_and(|c| c.is_finished()) {
            break;
        }
        event
            .apply(&Action::PairBracketRound)
            .expect("next bracket round");
        rounds += 1;
        assert!(rounds < 20, "the finals end");
    }
    let mut losses: HashMap<u32, usize> = HashMap::new();
    for round in &event.cut.as_ref().expect("cut").rounds {
        for m in &round.round.matches {
            let result = m.result.as_ref().expect("played");
            for (player, seat) in m.seats.players().into_iter().zip(&result.seats) {
                if seat.outcome == Outcome::Loss {
                    *losses.entry(player.0).or_default() += 1;
                }
            }
        }
    }
    let champion = champion(&event).expect("champion");
    (losses, champion, event)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every seed enters exactly once; nobody is out before their second loss; everyone
    /// but the champion ends with exactly two losses; the champion has at most one.
    #[test]
    fn double_elimination_eliminates_only_at_the_second_loss(
        top_8 in any::<bool>(),
        choices in proptest::collection::vec(any::<bool>(), 1..40),
    ) {
        let finalists = if top_8 { 8 } else { 4 };
        let (losses, champion, event) = play_out(finalists, &choices);
        let cut = event.cut.as_ref().expect("cut");
        let first: Vec<u32> = cut.rounds[0]
            .round
            .matches
            .iter()
            .flat_map(|m| m.seats.players())
            .map(|p| p.0)
            .collect();
        let mut sorted = first.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (1..=finalists).collect::<Vec<_>>());
        for player in 1..=finalists {
            let count = losses.get(&player).copied().unwrap_or(0);
            if player == champion {
                prop_assert!(count <= 1, "champion {} lost {} times", player, count);
            } else {
                prop_assert_eq!(count, 2, "player {} left with {} losses", player, count);
            }
        }
        // Nobody plays after their second loss.
        let mut seen: HashMap<u32, usize> = HashMap::new();
        for round in &cut.rounds {
            for m in &round.round.matches {
                let result = m.result.as_ref().expect("played");
                for (player, seat) in m.seats.players().into_iter().zip(&result.seats) {
                    let before = seen.get(&player.0).copied().unwrap_or(0);
                    prop_assert!(before < 2, "player {} played after two losses", player.0);
                    if seat.outcome == Outcome::Loss {
                        seen.insert(player.0, before + 1);
                    }
                }
            }
        }
    }
}
