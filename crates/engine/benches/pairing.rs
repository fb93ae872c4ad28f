//! Pairing benchmark: the final round of generated events with ~log2(N) rounds played, at
//! N = 64, 256, 1024, 4096 (and 16384). Prints the sparse-with-certificate time, the
//! dense exact oracle's time in the same run (while it stays affordable), and their ratio.
//! Goals (release, one core): ≤ 5 ms @256, ≤ 25 ms @1024, ≤ 150 ms @4096.

use std::hint::black_box;
use std::time::{Duration, Instant};

use tablekeeper_engine::model::{ResultEntry, Seats, Side};
use tablekeeper_engine::pairing::{Strategy, pair_with};
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, Event, EventSettings, PlayerDetails, standings};

/// An event of `players` with `rounds` rounds played, paired quickly in standings order
/// (history only needs to look like a Swiss event; rematches in it are allowed).
fn generated_event(players: usize, rounds: u32) -> Event {
    let settings = EventSettings {
        name: "bench".into(),
        planned_rounds: rounds + 1,
        standings_seed: 3,
        title: None,
    };
    let mut event =
        Event::new(settings, catalogue::ruleset("bandai").expect("ruleset")).expect("event");
    for n in 0..players {
        let details = PlayerDetails {
            name: format!("P{n}"),
            ..PlayerDetails::default()
        };
        event
            .apply(&Action::RegisterPlayer(details))
            .expect("register");
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for round in 1..=rounds {
        let order: Vec<_> = standings::compute(&event)
            .expect("standings")
            .rows
            .iter()
            .map(|r| r.player)
            .collect();
        let mut seats: Vec<Seats> = order
            .chunks(2)
            .filter_map(|c| match c {
                [a, b] => Some(Seats::Pair { a: *a, b: *b }),
                _ => None,
            })
            .collect();
        if order.len() % 2 == 1 {
            seats.push(Seats::Single {
                player: order[order.len() - 1],
            });
        }
        let tables = seats
            .iter()
            .filter(|s| matches!(s, Seats::Pair { .. }))
            .count();
        event
            .apply(&Action::PairRound {
                tables: Vec::new(),
                seed: u64::from(round),
                seats,
            })
            .expect("pair");
        for table in 1..=u32::try_from(tables).expect("tables") {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let entry = match state % 10 {
                0 => ResultEntry::Draw {
                    reason: tablekeeper_engine::model::DrawReason::Time,
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
            };
            event
                .apply(&Action::RecordResult {
                    round,
                    table,
                    entry,
                    replace: false,
                })
                .expect("result");
        }
    }
    event
}

fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let sizes: Vec<usize> = match std::env::var("PAIRING_BENCH_SIZES") {
        Ok(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect(),
        Err(_) => vec![64, 256, 1024, 4096],
    };
    println!(
        "pairing the final round (release build; median of runs; dense = complete-graph exact oracle)"
    );
    println!(
        "{:>6} {:>7} {:>12} {:>12} {:>8}  notes",
        "N", "rounds", "sparse", "dense", "ratio"
    );
    for n in sizes {
        let rounds = usize::BITS - n.leading_zeros() - 1;
        let event = generated_event(n, rounds);
        let runs = if n >= 16384 { 3 } else { 15 };
        let sparse_pairing = pair_with(&event, 99, true, Strategy::Sparse).expect("pairing");
        let sparse = time(runs, || {
            black_box(pair_with(black_box(&event), 99, true, Strategy::Sparse).expect("pairing"));
        });
        let dense_affordable = n <= 1024;
        let (dense_text, ratio_text, note) = if dense_affordable {
            let dense_pairing = pair_with(&event, 99, true, Strategy::Complete).expect("pairing");
            assert_eq!(
                dense_pairing.total_weight, sparse_pairing.total_weight,
                "sparse optimum differs from dense"
            );
            let dense = time(if n >= 1024 { 1 } else { 3 }, || {
                black_box(
                    pair_with(black_box(&event), 99, true, Strategy::Complete).expect("pairing"),
                );
            });
            (
                format!("{dense:.2?}"),
                format!("{:.1}x", dense.as_secs_f64() / sparse.as_secs_f64()),
                "same weight as dense",
            )
        } else {
            (
                "skipped".to_string(),
                "-".to_string(),
                "dense oracle too slow at this size",
            )
        };
        let complete = if sparse_pairing.explanation.used_complete_graph {
            "; fell back to complete graph"
        } else {
            ""
        };
        println!(
            "{n:>6} {rounds:>7} {:>12} {dense_text:>12} {ratio_text:>8}  {note}{complete}",
            format!("{sparse:.2?}")
        );
    }
}
