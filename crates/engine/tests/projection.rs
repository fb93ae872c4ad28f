//! The cut-line projection (issue 27) against a brute-force oracle: random small events
//! (up to 16 players, every ruleset, results of every kind, late entries and drops) with one
//! Swiss round left; every outcome of the last round is enumerated (one result for each
//! outcome a table can have that the standings tell apart: points, win or loss, and whether
//! a default counts for the tiebreakers) and the standings computed exactly. A player
//! answered **locked** is in the top N in every outcome, **out** in none, **in with a win**
//! in every outcome where they win. The share of players answered **depends** whom the
//! enumeration shows to be locked or out is reported.

mod support;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use support::random_event;
use tablekeeper_engine::model::{PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::projection::{CutLine, Projection, project, project_by_bounds};
use tablekeeper_engine::rules::scoring::score;
use tablekeeper_engine::{Action, Event};

/// Where a player ends in one outcome: surely in (their tie group fits), surely out, or a
/// draw at the line decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    In,
    Out,
    Drawn,
}

fn places(event: &Event, cut: usize) -> Vec<(PlayerId, Place)> {
    let standings = tablekeeper_engine::standings::compute(event).expect("standings");
    let eligible: Vec<_> = standings.rows.iter().filter(|r| !r.dropped).collect();
    eligible
        .iter()
        .map(|row| {
            let ahead = eligible
                .iter()
                .filter(|o| o.tied_rank < row.tied_rank)
                .count();
            let with_tie = eligible
                .iter()
                .filter(|o| o.tied_rank <= row.tied_rank)
                .count();
            let place = if with_tie <= cut {
                Place::In
            } else if ahead >= cut {
                Place::Out
            } else {
                Place::Drawn
            };
            (row.player, place)
        })
        .collect()
}

/// One entry for each outcome a played match can have that the standings tell apart.
fn entries(event: &Event, seats: &Seats) -> Vec<(ResultEntry, Option<Side>)> {
    let mut candidates: Vec<(ResultEntry, Option<Side>)> = vec![
        (
            ResultEntry::Win {
                winner: Side::A,
                games: None,
                reason: None,
            },
            Some(Side::A),
        ),
        (
            ResultEntry::Win {
                winner: Side::B,
                games: None,
                reason: None,
            },
            Some(Side::B),
        ),
        (
            ResultEntry::Draw {
                reason: tablekeeper_engine::model::DrawReason::Time,
                games: None,
                graded_reason: None,
            },
            None,
        ),
        (ResultEntry::DoubleLoss, None),
    ];
    for winner in [Side::A, Side::B] {
        candidates.push((
            ResultEntry::Default {
                winner,
                reason: tablekeeper_engine::model::DefaultReason::NoShow,
            },
            Some(winner),
        ));
    }
    for graded in &event.ruleset.points.graded {
        if graded.outcome == "win" {
            for winner in [Side::A, Side::B] {
                candidates.push((
                    ResultEntry::Win {
                        winner,
                        games: None,
                        reason: Some(graded.id.clone()),
                    },
                    Some(winner),
                ));
            }
        }
    }
    // Two results are the same outcome for the standings when each seat has the same
    // points and outcome and its category counts alike in both of the ruleset's exclusion
    // lists (opponents' averages, own match-win).
    let ruleset = &event.ruleset;
    let key = |seat: &tablekeeper_engine::model::SeatResult| {
        (
            seat.points,
            seat.outcome,
            ruleset.opponents.exclude.contains(&seat.category),
            ruleset.match_win.exclude_own.contains(&seat.category),
        )
    };
    let mut seen = Vec::new();
    let mut kept = Vec::new();
    for (entry, winner) in candidates {
        let Ok(result) = score(ruleset, seats, entry.clone()) else {
            continue;
        };
        let outcome = (key(&result.seats[0]), key(&result.seats[1]));
        if !seen.contains(&outcome) {
            seen.push(outcome);
            kept.push((entry, winner));
        }
    }
    kept
}

#[derive(Default)]
struct Tally {
    players: usize,
    locked_or_out_by_enumeration: usize,
    answered_depends_of_those: usize,
    /// Of those, answered "depends on the tiebreakers" (a tie on points at the line).
    of_those_on_ties: usize,
    events: usize,
}

/// Checks one event with its last round pending, as the product answers (the bounds, and
/// every outcome tried where there are few) and from the bounds alone.
fn check(event: &Event, cut: usize, answers: &mut Tally, bounds_alone: &mut Tally) {
    let round = event.rounds.len() as u32;
    let pending: Vec<(u32, Seats)> = event.rounds.last().map_or(Vec::new(), |r| {
        r.matches
            .iter()
            .filter(|m| m.result.is_none())
            .filter_map(|m| m.table.map(|t| (t, m.seats)))
            .collect()
    });
    let options: Vec<Vec<(ResultEntry, Option<Side>)>> = pending
        .iter()
        .map(|(_, seats)| entries(event, seats))
        .collect();
    let total: usize = options.iter().map(Vec::len).product();
    if total == 0 || total > 20_000 {
        return;
    }
    let lines: [(CutLine, &str); 2] = [
        (project(event, cut as u32).expect("projection"), "answer"),
        (
            project_by_bounds(event, cut as u32).expect("projection"),
            "bounds alone",
        ),
    ];
    // Every outcome: the places, and for each player whether they won.
    let mut always_in: std::collections::HashMap<PlayerId, bool> = Default::default();
    let mut always_out: std::collections::HashMap<PlayerId, bool> = Default::default();
    for n in 0..total {
        let mut outcome = event.clone();
        let mut rest = n;
        let mut winners: Vec<PlayerId> = Vec::new();
        for ((table, seats), choices) in pending.iter().zip(&options) {
            let (entry, winner) = &choices[rest % choices.len()];
            rest /= choices.len();
            if let (Seats::Pair { a, b }, Some(side)) = (seats, winner) {
                winners.push(if *side == Side::A { *a } else { *b });
            }
            outcome
                .apply(&Action::RecordResult {
                    round,
                    table: *table,
                    entry: entry.clone(),
                    replace: false,
                    player: None,
                })
                .expect("an outcome records");
        }
        for (player, place) in places(&outcome, cut) {
            *always_in.entry(player).or_insert(true) &= place == Place::In;
            *always_out.entry(player).or_insert(true) &= place == Place::Out;
            for (line, how) in &lines {
                let answered = line
                    .players
                    .iter()
                    .find(|p| p.player == player)
                    .map(|p| p.projection.clone());
                match answered {
                    Some(Projection::Locked) => {
                        assert_eq!(
                            place,
                            Place::In,
                            "player {player} locked ({how}) but not in: {outcome:?}"
                        )
                    }
                    Some(Projection::Out) => {
                        assert_eq!(place, Place::Out, "player {player} out ({how}) but not out")
                    }
                    Some(Projection::InWithWin) | Some(Projection::InWithDraw)
                        if winners.contains(&player) =>
                    {
                        assert_eq!(
                            place,
                            Place::In,
                            "player {player} in with a win ({how}), won, not in"
                        )
                    }
                    _ => {}
                }
            }
        }
    }
    for ((line, _), tally) in lines.iter().zip([answers, bounds_alone]) {
        tally.events += 1;
        for answer in &line.players {
            tally.players += 1;
            let decided = always_in.get(&answer.player).copied().unwrap_or(false)
                || always_out.get(&answer.player).copied().unwrap_or(false);
            if decided {
                tally.locked_or_out_by_enumeration += 1;
                if !matches!(answer.projection, Projection::Locked | Projection::Out) {
                    tally.answered_depends_of_those += 1;
                    if matches!(
                        answer.projection,
                        Projection::Depends {
                            tiebreakers: true,
                            ..
                        }
                    ) {
                        tally.of_those_on_ties += 1;
                    }
                }
            }
        }
    }
}

#[test]
fn locked_and_out_are_never_wrong_against_every_outcome_of_the_last_round() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut answers = Tally::default();
    let mut bounds_alone = Tally::default();
    for case in 0..400u64 {
        let players = rng.random_range(4..=16usize);
        let rounds = rng.random_range(1..=3u32);
        let choices: Vec<u8> = (0..32).map(|_| rng.random()).collect();
        let mut event = random_event(case as usize, players, rounds, &choices, case);
        if event.settings.planned_rounds != event.rounds.len() as u32 + 1 {
            continue;
        }
        let Ok(pairing) = pair_next_round(&event, case, true) else {
            continue;
        };
        if event
            .apply(&Action::PairRound {
                seed: case,
                seats: pairing.seats,
                tables: pairing.tables,
            })
            .is_err()
        {
            continue;
        }
        let active = event.active_players().count();
        let cut = [2usize, 4, 8][rng.random_range(0..3usize)]
            .min(active.saturating_sub(1))
            .max(1);
        check(&event, cut, &mut answers, &mut bounds_alone);
    }
    let share = |tally: &Tally| {
        tally.answered_depends_of_those as f64 / tally.locked_or_out_by_enumeration.max(1) as f64
    };
    for (tally, how) in [(&answers, "answers"), (&bounds_alone, "bounds alone")] {
        eprintln!(
            "projection oracle ({how}): {} events, {} players; {} locked or out by enumeration, {} of them answered otherwise ({:.1} %), {} of those on a tie in points",
            tally.events,
            tally.players,
            tally.locked_or_out_by_enumeration,
            tally.answered_depends_of_those,
            share(tally) * 100.0,
            tally.of_those_on_ties
        );
    }
    assert!(
        answers.events >= 100,
        "enough events were checked: {}",
        answers.events
    );
    // Issue 27: at most 5 % of the players enumeration shows locked or out are answered
    // otherwise. The bounds alone (no outcome tried one by one, as at a large event) are
    // held to what they reach today, so a change that loosens them fails here.
    assert!(
        share(&answers) <= 0.05,
        "answers: {:.1} %",
        share(&answers) * 100.0
    );
    assert!(
        share(&bounds_alone) <= 0.07,
        "bounds alone: {:.1} %",
        share(&bounds_alone) * 100.0
    );
}
