//! Projection benchmark: the cut-line projection with one Swiss round left and
//! that round paired, at 64 players (goal ≤ 100 ms) and 1024 players (goal ≤ 250 ms), cuts of 8,
//! 16 and 32, for every ruleset.
//!
//! Criterion measures each case; at the end the bench prints each time as a ratio to a
//! baseline measured in the same process (the standings of the same event), so the figures
//! compare across machines.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tablekeeper_engine::model::{DrawReason, ResultEntry, Side};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::projection::project;
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, Event, standings};

/// An event of `players` with all rounds but the last played, and the last one paired.
fn event_before_last_round(ruleset: &str, players: usize, rounds: u32) -> Event {
    let mut event = support::event_with_players(ruleset, players, rounds, 1);
    for round in 1..rounds {
        support::play_round(&mut event, u64::from(round), true, |table| {
            match (table + round) % 9 {
                0 => ResultEntry::Draw {
                    reason: DrawReason::Time,
                    games: None,
                    graded_reason: None,
                },
                n if n % 2 == 0 => ResultEntry::Win {
                    winner: Side::A,
                    games: None,
                    reason: None,
                },
                _ => ResultEntry::Win {
                    winner: Side::B,
                    games: None,
                    reason: None,
                },
            }
        });
    }
    let pairing = pair_next_round(&event, 99, true).expect("the last round pairs");
    event
        .apply(&Action::PairRound {
            seed: 99,
            seats: pairing.seats,
            tables: pairing.tables,
        })
        .expect("paired");
    event
}

fn median_of(run: impl FnMut()) -> Duration {
    support::median_time(11, run)
}

fn bench(c: &mut Criterion) {
    let sizes = [(64usize, 6u32, 100u64), (1024, 10, 250)];
    // `PROJECTION_ONLY=moncolle-legacy PROJECTION_CUT=32` measures one ruleset and one cut
    // (to profile them).
    let only = std::env::var("PROJECTION_ONLY").ok();
    let cuts: Vec<u32> = match std::env::var("PROJECTION_CUT")
        .ok()
        .and_then(|c| c.parse().ok())
    {
        Some(cut) => vec![cut],
        None => vec![8, 16, 32],
    };
    let mut events: Vec<(String, usize, u64, Event)> = Vec::new();
    for (players, rounds, goal) in sizes {
        for id in catalogue::ruleset_ids() {
            if only.as_deref().is_some_and(|only| only != id) {
                continue;
            }
            events.push((
                id.to_string(),
                players,
                goal,
                event_before_last_round(id, players, rounds),
            ));
        }
    }
    let mut group = c.benchmark_group("projection");
    for (id, players, _, event) in events.iter().filter(|e| e.0 == "bushiroad-en") {
        group.bench_function(format!("standings_{players}"), |b| {
            b.iter(|| standings::compute(black_box(event)).expect("standings"))
        });
        group.bench_function(format!("{id}_{players}_cut8"), |b| {
            b.iter(|| project(black_box(event), 8).expect("projection"))
        });
    }
    group.finish();

    println!(
        "\nprojection with the last round paired (median of 11; baseline = the standings of the same event)"
    );
    for (id, players, goal, event) in &events {
        let base = median_of(|| {
            black_box(standings::compute(black_box(event)).expect("standings"));
        });
        for cut in cuts.iter().copied() {
            let time = median_of(|| {
                black_box(project(black_box(event), cut).expect("projection"));
            });
            let ratio = time.as_secs_f64() / base.as_secs_f64().max(1e-9);
            println!(
                "  {id:<16} {players:>5} players cut {cut:>2}: {time:>10.3?} = {ratio:>6.1} x standings (goal <= {goal} ms)"
            );
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(300));
    targets = bench
}
criterion_main!(benches);
