//! The cut-line projection against a brute-force oracle: random small events (4–16 players,
//! every ruleset, results of every kind, late entries and drops) with one Swiss round left;
//! every outcome of the last round is enumerated (one result for each outcome a table can
//! have that the standings tell apart: points, win or loss, and whether a default counts for
//! the tiebreakers; graded wins and graded draws included) and the standings computed
//! exactly. A player answered **locked** is in the top N in every outcome, **out** in none,
//! **in with a win** in every outcome where they win.
//!
//! It also measures precision: the share of players the enumeration shows to be locked or
//! out whom the projection answers otherwise, for the product's answers, for the bounds
//! alone, and for the product's answers on the events whose last round has more outcomes
//! than the product tries one by one (there the bounds alone answer, as at every larger
//! event). docs/projection.md quotes these figures as this test prints them, and the test
//! fails when it quotes others: the documented figure is always the measured one.

use std::collections::HashMap;
use std::ops::{Range, RangeInclusive};
use std::path::Path;

use crate::support::random_event;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tablekeeper_engine::model::{DrawReason, PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::projection::{
    CutLine, Projection, SCENARIO_LIMIT, project, project_by_bounds,
};
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
                reason: DrawReason::Time,
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
    // Every graded reason, wins and draws alike: the product tries a graded draw (4 points
    // each in moncolle-legacy, against 3 for a plain one), so the oracle does too.
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
        } else if graded.outcome == "draw" {
            candidates.push((
                ResultEntry::Draw {
                    reason: DrawReason::Time,
                    games: None,
                    graded_reason: Some(graded.id.clone()),
                },
                None,
            ));
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

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.players += other.players;
        self.locked_or_out_by_enumeration += other.locked_or_out_by_enumeration;
        self.answered_depends_of_those += other.answered_depends_of_those;
        self.of_those_on_ties += other.of_those_on_ties;
        self.events += other.events;
    }

    /// The share of the players locked or out by enumeration answered otherwise (pooled
    /// over players, not averaged over events).
    fn share(&self) -> f64 {
        self.answered_depends_of_those as f64 / self.locked_or_out_by_enumeration.max(1) as f64
    }
}

/// The oracle's figures over one sample of events.
#[derive(Default)]
struct Sample {
    /// The product's answers: every outcome tried up to [`SCENARIO_LIMIT`], else the bounds.
    answers: Tally,
    /// The bounds alone, at every event.
    bounds_alone: Tally,
    /// The product's answers at the events whose last round has more outcomes than
    /// [`SCENARIO_LIMIT`]: the bounds alone, as every event too large to enumerate gets.
    beyond_limit: Tally,
}

impl Sample {
    fn add(&mut self, other: &Sample) {
        self.answers.add(&other.answers);
        self.bounds_alone.add(&other.bounds_alone);
        self.beyond_limit.add(&other.beyond_limit);
    }

    /// Each figure's line as docs/projection.md quotes it; each is printed with how many
    /// of those answered otherwise were answered "depends on the tiebreakers".
    fn report(&self) -> Vec<String> {
        let beyond = format!("beyond {SCENARIO_LIMIT} outcomes, the bounds alone");
        [
            (&self.answers, "answers"),
            (&self.bounds_alone, "bounds alone"),
            (&self.beyond_limit, beyond.as_str()),
        ]
        .into_iter()
        .map(|(tally, how)| {
            let line = format!(
                "projection oracle ({how}): {} events, {} players; {} locked or out by enumeration, {} of them answered otherwise ({:.1} %)",
                tally.events,
                tally.players,
                tally.locked_or_out_by_enumeration,
                tally.answered_depends_of_those,
                tally.share() * 100.0
            );
            eprintln!(
                "{line}; {} of those on a tie in points",
                tally.of_those_on_ties
            );
            line
        })
        .collect()
    }
}

/// Counts one event's answers against what the enumeration showed.
fn count_answers(
    line: &CutLine,
    always_in: &HashMap<PlayerId, bool>,
    always_out: &HashMap<PlayerId, bool>,
    tally: &mut Tally,
) {
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

/// Checks one event with its last round pending, as the product answers (the bounds, and
/// every outcome tried where there are few) and from the bounds alone; an event of more
/// than `most_outcomes` outcomes is skipped.
fn check(event: &Event, cut: usize, most_outcomes: usize, sample: &mut Sample) {
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
    if total == 0 || total > most_outcomes {
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
    let mut always_in: HashMap<PlayerId, bool> = Default::default();
    let mut always_out: HashMap<PlayerId, bool> = Default::default();
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
    let [(answers, _), (bounds_alone, _)] = &lines;
    count_answers(answers, &always_in, &always_out, &mut sample.answers);
    count_answers(
        bounds_alone,
        &always_in,
        &always_out,
        &mut sample.bounds_alone,
    );
    // The product tries no outcome one by one beyond its limit: what it answers there is
    // what every event too large to enumerate gets.
    if total > SCENARIO_LIMIT {
        count_answers(answers, &always_in, &always_out, &mut sample.beyond_limit);
    }
}

/// The oracle over the events `cases` numbers, drawn from `seed`: `sizes` players
/// registered before round 1, a cut of 2, 4 or 8 (below the field), events of more than
/// `most_outcomes` last-round outcomes skipped. Case `n` plays ruleset `n` in turn.
fn oracle(
    seed: u64,
    cases: Range<u64>,
    sizes: RangeInclusive<usize>,
    most_outcomes: usize,
) -> Sample {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample = Sample::default();
    for case in cases {
        let players = rng.random_range(sizes.clone());
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
        check(&event, cut, most_outcomes, &mut sample);
    }
    sample
}

#[test]
fn locked_and_out_are_never_wrong_against_every_outcome_of_the_last_round() {
    let sample = oracle(27, 0..400, 4..=16, 20_000);
    let lines = sample.report();
    assert!(
        sample.answers.events >= 100,
        "enough events were checked: {}",
        sample.answers.events
    );
    // The goal: at most 5 % of the players enumeration shows locked or out are answered
    // otherwise. The bounds alone are held to 7 % on this sample: it is fixed by its seed,
    // so a change of the figure is a change of the code, and a change that loosens the
    // bounds fails here. 7 % is no promise for other samples (see docs/projection.md: the
    // same test over 4–12 players measured 7.3 %); `the_figures_over_more_samples` measures
    // how far they spread.
    assert!(
        sample.answers.share() <= 0.05,
        "answers: {:.1} %",
        sample.answers.share() * 100.0
    );
    assert!(
        sample.bounds_alone.share() <= 0.07,
        "bounds alone: {:.1} %",
        sample.bounds_alone.share() * 100.0
    );
    assert!(
        sample.beyond_limit.share() <= 0.07,
        "beyond the enumeration's limit: {:.1} %",
        sample.beyond_limit.share() * 100.0
    );
    // The page quotes what this run measured, line for line.
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/projection.md");
    let docs = std::fs::read_to_string(&page).expect("docs/projection.md");
    let unquoted: Vec<&String> = lines
        .iter()
        .filter(|line| !docs.contains(line.as_str()))
        .collect();
    assert!(
        unquoted.is_empty(),
        "docs/projection.md quotes other figures than this run measured; quote these lines there:\n{}",
        lines.join("\n")
    );
}

/// How far the figures spread from sample to sample, by hand and in release (minutes):
/// `cargo test --release -p tablekeeper-engine --test projection -- --ignored`. Eight more
/// samples like the guarded one (400 cases each), then eight of larger fields (100 cases of
/// 12–16 players each, events of up to 50,000 outcomes, so that more of them lie beyond what
/// the product tries one by one): each sample's lines, the pooled lines and each figure's
/// least and greatest share. The spread docs/projection.md gives, and where the guards sit,
/// come from this output.
#[test]
#[ignore = "a measurement over many samples: minutes in release"]
fn the_figures_over_more_samples() {
    let kinds: [(&str, RangeInclusive<usize>, u64, usize); 2] = [
        ("4–16 players", 4..=16, 400, 20_000),
        ("12–16 players", 12..=16, 100, 50_000),
    ];
    for (kind, sizes, cases, most_outcomes) in kinds {
        let mut pooled = Sample::default();
        let mut spread: [Vec<f64>; 3] = Default::default();
        for k in 1..=8u64 {
            eprintln!("{kind}, seed {}:", 27 + k);
            // Case numbers of their own (past the guarded sample's), so the events differ.
            let numbers = k * 400..k * 400 + cases;
            let sample = oracle(27 + k, numbers, sizes.clone(), most_outcomes);
            sample.report();
            let figures = [&sample.answers, &sample.bounds_alone, &sample.beyond_limit];
            for (shares, tally) in spread.iter_mut().zip(figures) {
                if tally.locked_or_out_by_enumeration > 0 {
                    shares.push(tally.share());
                }
            }
            pooled.add(&sample);
        }
        eprintln!("{kind}, the eight samples pooled:");
        pooled.report();
        for (shares, how) in spread
            .iter()
            .zip(["answers", "bounds alone", "beyond the limit"])
        {
            let least = shares.iter().copied().fold(f64::INFINITY, f64::min);
            let greatest = shares.iter().copied().fold(0.0, f64::max);
            eprintln!(
                "{kind}, {how}: {:.1} % to {:.1} % over {} samples",
                least * 100.0,
                greatest * 100.0,
                shares.len()
            );
        }
    }
}
