//! Event structures other than plain Swiss: round robin (000 §3.2.1.1, 004 VIII round-robin
//! tiebreakers), Bushiroad's two-loss elimination (000 §3.2.2–§3.2.2.2) and Force of Will's
//! points-threshold elimination (003 §6b-iv), all paired and replayed by the engine.

use crate::support;

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use tablekeeper_engine::model::{DrawReason, PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::structure::{
    self, EliminationStop, Structure, circle_round, round_robin_rounds,
};
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::standings::elimination;
use tablekeeper_engine::standings::records::Records;
use tablekeeper_engine::{Action, EngineError, Event, EventSettings, PlayerDetails, standings};

fn event(
    ruleset: &str,
    structure: Structure,
    players: usize,
    rounds: u32,
    finalists: u32,
) -> Event {
    let settings = EventSettings {
        name: "structures".into(),
        planned_rounds: rounds,
        standings_seed: 5,
        title: None,
        structure,
        elimination_stop: EliminationStop {
            finalists,
            min_rounds: 0,
        },
        team_size: 0,
        planned_cut: 0,
        first_table: 0,
    };
    let mut event =
        Event::new(settings, catalogue::ruleset(ruleset).expect("ruleset")).expect("event");
    for _ in 0..players {
        support::register(&mut event);
    }
    event
}

fn win(side: Side) -> ResultEntry {
    ResultEntry::Win {
        winner: side,
        games: None,
        reason: None,
    }
}

/// The pairs of a round's seats, in table order.
fn pairs_of(seats: &[Seats]) -> Vec<(PlayerId, PlayerId)> {
    seats
        .iter()
        .filter_map(|s| match s {
            Seats::Pair { a, b } => Some((*a, *b)),
            Seats::Single { .. } => None,
        })
        .collect()
}

/// Pairs the next round with the engine and records `result(a, b)` at every table.
fn play(event: &mut Event, seed: u64, mut result: impl FnMut(PlayerId, PlayerId) -> ResultEntry) {
    let pairing = pair_next_round(event, seed, false).expect("pairing");
    let seats = pairing.seats.clone();
    support::apply_round(event, seed, pairing.seats, pairing.tables, |table| {
        let pairs = pairs_of(&seats);
        let (a, b) = pairs[table as usize - 1];
        result(a, b)
    });
}

fn losses(event: &Event, player: PlayerId) -> usize {
    Records::collect(event)
        .of(player)
        .iter()
        .filter(|r| r.seat.outcome != tablekeeper_engine::model::Outcome::Win)
        .count()
}

#[test]
fn round_robin_schedule_meets_every_pair_exactly_once() {
    for players in 2..=12usize {
        let field: Vec<PlayerId> = (1..=players as u32).map(PlayerId).collect();
        let rounds = round_robin_rounds(players);
        let mut met = HashSet::new();
        for round in 1..=rounds {
            let mut seen = HashSet::new();
            let mut byes = 0;
            for (a, b) in circle_round(&field, round) {
                match (a, b) {
                    (Some(a), Some(b)) => {
                        assert!(
                            met.insert((a.min(b), a.max(b))),
                            "{a} and {b} meet twice ({players} players)"
                        );
                        assert!(seen.insert(a) && seen.insert(b));
                    }
                    (Some(p), None) | (None, Some(p)) => {
                        byes += 1;
                        assert!(seen.insert(p));
                    }
                    (None, None) => unreachable!("two empty slots"),
                }
            }
            assert_eq!(seen.len(), players, "everyone is seated in round {round}");
            assert_eq!(byes, players % 2, "one bye a round when the field is odd");
        }
        assert_eq!(
            met.len(),
            players * (players - 1) / 2,
            "every pair met ({players} players)"
        );
    }
}

#[test]
fn crossover_viii_round_robin_five_players_ranked_by_the_round_robin_chain() {
    let mut rr = event("crossover", Structure::RoundRobin, 5, 5, 0);
    for round in 1..=5u64 {
        // The lower id wins: P0 beats everyone, P4 loses everything.
        play(&mut rr, round, |a, b| {
            win(if a.0 < b.0 { Side::A } else { Side::B })
        });
    }
    let table = standings::compute(&rr).expect("standings");
    assert_eq!(
        table.chain, rr.ruleset.standings.round_robin_tiebreakers,
        "a round robin ranks with the ruleset's round-robin chain (004 VIII)"
    );
    let order: Vec<u32> = table.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(order, vec![1, 2, 3, 4, 5]);
    // Four match wins and the round's bye, which scores as a win (decision 1); with an odd
    // field everyone sits out once, so the byes even out.
    assert_eq!(table.rows[0].wins, 5);
    assert_eq!(table.rows[4].wins, 1);
    // Every player had exactly one bye and met the other four.
    for player in 1..=5 {
        let records = Records::collect(&rr);
        let opponents: BTreeSet<u32> = records
            .of(PlayerId(player))
            .iter()
            .filter_map(|r| r.opponent.map(|o| o.0))
            .collect();
        assert_eq!(opponents.len(), 4, "player {player} met everyone once");
    }
    let refused = pair_next_round(&rr, 9, false).expect_err("the schedule is complete");
    assert_eq!(refused.kind(), "structure-finished");
}

#[test]
fn round_robin_refuses_late_entries_and_gives_a_dropped_players_opponent_the_bye() {
    let mut rr = event("crossover", Structure::RoundRobin, 4, 3, 0);
    play(&mut rr, 1, |_, _| win(Side::A));
    let late = rr.apply(&Action::RegisterPlayer(PlayerDetails {
        name: "Late".into(),
        ..PlayerDetails::default()
    }));
    assert_eq!(late.expect_err("late entry").kind(), "late-entry-refused");
    rr.apply(&Action::DropPlayer {
        player: PlayerId(2),
        timing: None,
    })
    .expect("drop");
    let pairing = pair_next_round(&rr, 2, false).expect("round 2");
    let byes: Vec<PlayerId> = pairing
        .seats
        .iter()
        .filter_map(|s| match s {
            Seats::Single { player } => Some(*player),
            Seats::Pair { .. } => None,
        })
        .collect();
    assert_eq!(
        byes.len(),
        1,
        "the dropped player's opponent sits out with a bye"
    );
    assert!(
        pairing
            .seats
            .iter()
            .all(|s| !s.players().contains(&PlayerId(2)))
    );
    // A pairing that leaves the schedule is refused.
    let swapped = Action::PairRound {
        seed: 2,
        seats: vec![
            Seats::Pair {
                a: PlayerId(1),
                b: PlayerId(3),
            },
            Seats::Single {
                player: PlayerId(4),
            },
        ],
        tables: Vec::new(),
    };
    let expected_first = pairing.seats.first().copied();
    if expected_first
        != Some(Seats::Pair {
            a: PlayerId(1),
            b: PlayerId(3),
        })
    {
        assert!(
            rr.clone().apply(&swapped).is_err(),
            "off-schedule pairing refused"
        );
    }
}

#[test]
fn bushiroad_en_3_2_2_1_two_losses_eliminate_and_one_undefeated_ends_the_event() {
    let mut de = event("bushiroad-en", Structure::TwoLoss, 12, 10, 0);
    let mut round = 0;
    loop {
        round += 1;
        let out = elimination::eliminated(&de).expect("eliminated");
        match pair_next_round(&de, round, true) {
            Ok(pairing) => {
                for seat in &pairing.seats {
                    for player in seat.players() {
                        assert!(
                            !out.contains(&player),
                            "eliminated player {player} paired in round {round}"
                        );
                        assert!(
                            losses(&de, player) < 2,
                            "player {player} with two losses paired"
                        );
                    }
                }
                let seats = pairing.seats.clone();
                support::apply_round(&mut de, round, pairing.seats, pairing.tables, |table| {
                    // Table 1 draws in round 2 (a loss for both, 000 §3.2.2); otherwise the
                    // lower id wins.
                    let pairs = pairs_of(&seats);
                    let (a, b) = pairs[table as usize - 1];
                    if round == 2 && table == 1 {
                        ResultEntry::Draw {
                            reason: DrawReason::Time,
                            games: None,
                            graded_reason: None,
                        }
                    } else {
                        win(if a.0 < b.0 { Side::A } else { Side::B })
                    }
                });
            }
            Err(EngineError::StructureFinished(reason)) => {
                assert!(reason.text.contains("undefeated"), "{reason}");
                break;
            }
            Err(other) => panic!("round {round}: {other}"),
        }
        assert!(round < 10, "the two-loss event ends by itself");
    }
    let undefeated: Vec<PlayerId> = de
        .active_players()
        .map(|p| p.id)
        .filter(|p| losses(&de, *p) == 0)
        .collect();
    assert_eq!(
        undefeated.len(),
        1,
        "exactly one fighter is left undefeated"
    );
    for player in de.active_players() {
        let gone = elimination::eliminated(&de)
            .expect("eliminated")
            .contains(&player.id);
        assert_eq!(
            gone,
            losses(&de, player.id) >= 2,
            "player {} eliminated iff two losses",
            player.id
        );
    }
}

#[test]
fn bushiroad_ja_two_loss_stops_when_undefeated_are_at_most_the_finalists() {
    // 8 fighters, 2 finalists: after round 2 two are undefeated; JA 以下 stops (decision 7),
    // EN "under" needs fewer than two.
    for (ruleset, stops_after_round_2) in [("bushiroad-ja", true), ("bushiroad-en", false)] {
        let mut de = event(ruleset, Structure::TwoLoss, 8, 10, 2);
        for round in 1..=2 {
            play(&mut de, round, |a, b| {
                win(if a.0 < b.0 { Side::A } else { Side::B })
            });
        }
        let finished = structure::finished(&de).expect("finished");
        assert_eq!(
            finished.is_some(),
            stops_after_round_2,
            "{ruleset}: {finished:?}"
        );
    }
}

#[test]
fn fow_6b_iv_players_below_the_threshold_are_not_paired_again() {
    let mut de = event("fow", Structure::PointsThreshold, 10, 6, 0);
    for round in 1..=4u64 {
        let out = elimination::eliminated(&de).expect("eliminated");
        let pairing = pair_next_round(&de, round, true).expect("pairing");
        for seat in &pairing.seats {
            for player in seat.players() {
                assert!(
                    !out.contains(&player),
                    "player {player} below the threshold was paired"
                );
            }
        }
        let seats = pairing.seats.clone();
        support::apply_round(&mut de, round, pairing.seats, pairing.tables, |table| {
            let pairs = pairs_of(&seats);
            let (a, b) = pairs[table as usize - 1];
            win(if a.0 < b.0 { Side::A } else { Side::B })
        });
        // After round r: out iff VP < 3 (r − 1) (digest D5).
        let records = Records::collect(&de);
        let out = elimination::eliminated(&de).expect("eliminated");
        for player in de.active_players() {
            let points: i64 = records
                .of(player.id)
                .iter()
                .map(|r| r.seat.points.numerator() as i64)
                .sum();
            assert_eq!(
                out.contains(&player.id),
                points < 3 * (round as i64 - 1),
                "round {round}: player {} with {points} VP",
                player.id
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// No double-elimination player is eliminated before their second loss (two-loss) or
    /// while at or above the threshold (points-threshold), and nobody eliminated is paired.
    #[test]
    fn elimination_formats_pair_only_players_still_in(
        players in 4usize..=24,
        points_threshold in any::<bool>(),
        choices in proptest::collection::vec(any::<u8>(), 64),
    ) {
        let (ruleset, kind) = if points_threshold {
            ("fow", Structure::PointsThreshold)
        } else {
            ("bushiroad-en", Structure::TwoLoss)
        };
        let mut de = event(ruleset, kind, players, 8, 0);
        let mut pick = choices.into_iter().cycle();
        for round in 1..=8u64 {
            let out = elimination::eliminated(&de).expect("eliminated");
            let pairing = match pair_next_round(&de, round, true) {
                Ok(pairing) => pairing,
                Err(EngineError::StructureFinished(_)) => break,
                Err(other) => panic!("{other}"),
            };
            let mut seated = HashSet::new();
            for seat in &pairing.seats {
                for player in seat.players() {
                    prop_assert!(!out.contains(&player));
                    prop_assert!(seated.insert(player));
                }
            }
            prop_assert_eq!(seated.len(), de.pairable_players().expect("pairable").len());
            support::apply_round(&mut de, round, pairing.seats, pairing.tables, |_| {
                support::result_from(pick.next().unwrap_or(0), 1)
            });
            let records = Records::collect(&de);
            let finished = u32::try_from(de.completed_rounds().count()).unwrap_or(0);
            for player in de.active_players() {
                let gone = elimination::eliminated(&de).expect("eliminated").contains(&player.id);
                let expected = if points_threshold {
                    let points = records
                        .of(player.id)
                        .iter()
                        .fold(tablekeeper_engine::Exact::ZERO, |acc, r| acc.checked_add(r.seat.points).expect("sum"));
                    tablekeeper_engine::rules::elimination::below_points_threshold(&de.ruleset, finished, points).expect("threshold")
                } else {
                    losses(&de, player.id) >= 2
                };
                prop_assert_eq!(gone, expected);
            }
        }
    }
}

#[test]
fn bandai_3_6_variable_rounds_stop_at_one_player_with_only_wins_after_the_minimum() {
    // E10 shape: announced 2–5 rounds; 8 players, the lower id always wins, so after
    // round 3 exactly one player has only wins — but not before the minimum is played.
    let mut swiss = event("bandai", Structure::Swiss, 8, 5, 0);
    swiss.settings.elimination_stop = EliminationStop {
        finalists: 0,
        min_rounds: 4,
    };
    for round in 1..=3u64 {
        play(&mut swiss, round, |a, b| {
            win(if a.0 < b.0 { Side::A } else { Side::B })
        });
    }
    assert_eq!(
        structure::finished(&swiss).expect("finished"),
        None,
        "the minimum (4) is not played yet"
    );
    play(&mut swiss, 4, |a, b| {
        win(if a.0 < b.0 { Side::A } else { Side::B })
    });
    let over = structure::finished(&swiss)
        .expect("finished")
        .expect("stops after round 4");
    assert!(over.text.contains("only wins"), "{over}");
    let refused = pair_next_round(&swiss, 5, false).expect_err("no round 5");
    assert_eq!(refused.kind(), "structure-finished");
    // Fixed rounds (no minimum) never stop early.
    let mut fixed = event("bandai", Structure::Swiss, 8, 5, 0);
    for round in 1..=4u64 {
        play(&mut fixed, round, |a, b| {
            win(if a.0 < b.0 { Side::A } else { Side::B })
        });
    }
    assert_eq!(structure::finished(&fixed).expect("finished"), None);
}

/// A single-elimination event started with `seeds` (and, for a random re-pairing each
/// round, `repair_seed`).
fn single_elimination(ruleset: &str, players: usize, repair_seed: Option<u64>) -> Event {
    let mut event = event(ruleset, Structure::SingleElimination, players, 5, 0);
    let active: Vec<PlayerId> = event.active_players().map(|p| p.id).collect();
    event
        .apply(&Action::StartCut {
            finalists: tablekeeper_engine::top_cut::seeding::random_seeds(&active, 3),
            third_place: false,
            double: false,
            draw: None,
            repair_seed,
        })
        .expect("start");
    event.apply(&Action::PairBracketRound).expect("round 1");
    event
}

/// Records seat A's win at every open table of the current bracket round.
fn finish_bracket_round(event: &mut Event) {
    let current = event.current_round().expect("round").clone();
    for m in current.matches.iter().filter(|m| m.result.is_none()) {
        event
            .apply(&Action::RecordResult {
                round: current.number,
                table: m.table.expect("table"),
                entry: win(Side::A),
                replace: false,
                player: None,
            })
            .expect("result");
    }
}

/// 003 §6b-ii: "At the beginning of each round, all remaining players are randomly made into
/// pairs … that odd person out … is assigned a win without playing." Every round pairs the
/// players still in (each once, at most one without an opponent), a loser never plays
/// again, and the last player left wins; the draw depends on the seed, not on a bracket.
#[test]
fn fow_6b_ii_single_elimination_pairs_the_remaining_players_at_random_each_round() {
    let mut second_rounds = BTreeSet::new();
    for seed in 0..12u64 {
        let mut event = single_elimination("fow", 7, Some(seed));
        let mut remaining: BTreeSet<PlayerId> = event.active_players().map(|p| p.id).collect();
        let mut rounds = 0;
        loop {
            rounds += 1;
            let current = event.current_round().expect("round").clone();
            let seated: Vec<PlayerId> = current
                .matches
                .iter()
                .flat_map(|m| m.seats.players())
                .collect();
            let unique: BTreeSet<PlayerId> = seated.iter().copied().collect();
            assert_eq!(unique.len(), seated.len(), "each player once");
            assert_eq!(unique, remaining, "exactly the remaining players");
            let byes = current
                .matches
                .iter()
                .filter(|m| matches!(m.seats, Seats::Single { .. }))
                .count();
            assert_eq!(byes, remaining.len() % 2, "a bye only for an odd field");
            if rounds == 2 {
                second_rounds.insert(pairs_of(
                    &current.matches.iter().map(|m| m.seats).collect::<Vec<_>>(),
                ));
            }
            finish_bracket_round(&mut event);
            let played = event.current_round().expect("round").clone();
            for m in &played.matches {
                if let (Seats::Pair { b, .. }, Some(_)) = (m.seats, &m.result) {
                    remaining.remove(&b);
                }
            }
            let cut = event.cut.as_ref().expect("cut");
            if cut.is_finished() {
                assert_eq!(
                    cut.champion().map(|c| BTreeSet::from([c])),
                    Some(remaining.clone())
                );
                break;
            }
            event.apply(&Action::PairBracketRound).expect("next round");
        }
        assert_eq!(rounds, 3, "7 players: 4, 2, 1 remain");
    }
    assert!(
        second_rounds.len() > 1,
        "round 2 is drawn again, not fixed by a bracket"
    );
}

/// 002 §3.4.1 "Players are assigned seeds at random and paired up … If the number of players
/// enrolled in the event is not a power of 2, the highest-seeded players will receive byes";
/// 000 §3.2.3 winners advance. Six players: seeds 1 and 2 have byes; the event is one bracket
/// (no Swiss round), takes no late entry and no Swiss pairing.
#[test]
fn bandai_3_4_1_single_elimination_from_round_1_gives_the_top_seeds_byes() {
    let mut event = single_elimination("bandai", 6, None);
    let cut = event.cut.clone().expect("cut");
    let first = &cut.current().expect("round 1").round;
    let byes: Vec<PlayerId> = first
        .matches
        .iter()
        .filter_map(|m| match m.seats {
            Seats::Single { player } => Some(player),
            Seats::Pair { .. } => None,
        })
        .collect();
    assert_eq!(byes, vec![cut.seeds[0], cut.seeds[1]]);
    assert!(event.rounds.is_empty(), "no Swiss round");
    assert!(matches!(
        event.apply(&Action::RegisterPlayer(PlayerDetails {
            name: "Late".into(),
            ..PlayerDetails::default()
        })),
        Err(EngineError::LateEntryRefused(_))
    ));
    let swiss = pair_next_round(&event, 1, false);
    assert!(swiss.is_err(), "no Swiss pairing of a bracket event");
    let by_hand = event.clone().apply(&Action::PairRound {
        seed: 1,
        seats: vec![Seats::Pair {
            a: PlayerId(1),
            b: PlayerId(2),
        }],
        tables: Vec::new(),
    });
    assert!(by_hand.is_err());
    for _ in 0..3 {
        finish_bracket_round(&mut event);
        if event.cut.as_ref().is_some_and(|c| c.is_finished()) {
            break;
        }
        event.apply(&Action::PairBracketRound).expect("next");
    }
    let cut = event.cut.as_ref().expect("cut");
    assert_eq!(
        cut.champion(),
        Some(cut.seeds[0]),
        "seat A (the higher seed) won every match"
    );
    assert!(
        structure::finished(&event).expect("finished").is_some(),
        "the structure is over with the bracket"
    );
}
