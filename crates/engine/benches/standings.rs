//! Standings benchmark: 1024 players × 10 rounds for every ruleset (goal ≤ 5 ms).
//!
//! Criterion measures each case; at the end the bench prints each time as a ratio to a
//! baseline measured in the same process (one pass summing every match's points), so the
//! figures compare across machines.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tablekeeper_engine::model::{DrawReason, ResultEntry, Side};
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Event, Exact, standings};

const PLAYERS: usize = 1024;
const ROUNDS: u32 = 10;

fn generated_event(ruleset: &str) -> Event {
    let mut event = support::event_with_players(ruleset, PLAYERS, ROUNDS, 1);
    for round in 1..=ROUNDS {
        support::play_round(&mut event, u64::from(round), true, |table| {
            match (table + round) % 7 {
                0 => ResultEntry::DoubleLoss,
                1 => ResultEntry::Draw {
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
    event
}

/// The baseline: one pass over every match, summing points.
fn baseline(event: &Event) -> Exact {
    let mut total = Exact::ZERO;
    for m in event.rounds.iter().flat_map(|r| &r.matches) {
        for seat in m.result.iter().flat_map(|r| &r.seats) {
            total = total.checked_add(seat.points).unwrap_or(total);
        }
    }
    total
}

fn median_of(run: impl FnMut()) -> Duration {
    support::median_time(31, run)
}

fn bench(c: &mut Criterion) {
    let rulesets = catalogue::ruleset_ids();
    let events: Vec<(&str, Event)> = rulesets
        .iter()
        .map(|id| (*id, generated_event(id)))
        .collect();
    let mut group = c.benchmark_group("standings_1024x10");
    group.bench_function("baseline_points_sum", |b| {
        b.iter(|| baseline(black_box(&events[0].1)))
    });
    for (id, event) in &events {
        group.bench_function(*id, |b| {
            b.iter(|| standings::compute(black_box(event)).expect("standings"))
        });
    }
    group.finish();

    let base = median_of(|| {
        black_box(baseline(black_box(&events[0].1)));
    });
    println!(
        "\nstandings 1024 players x 10 rounds (median of 31; baseline = one pass summing points: {base:?})"
    );
    for (id, event) in &events {
        let time = median_of(|| {
            black_box(standings::compute(black_box(event)).expect("standings"));
        });
        let ratio = time.as_secs_f64() / base.as_secs_f64().max(1e-9);
        println!("  {id:<16} {time:>10.3?}  = {ratio:>6.0} x baseline  (goal <= 5 ms)");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(2)).warm_up_time(Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
