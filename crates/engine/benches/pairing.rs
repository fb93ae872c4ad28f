//! Pairing benchmark: the final round of generated events with ~log2(N) rounds played, at
//! N = 64, 256, 1024, 4096 (and 16384). Prints the sparse-with-certificate time, the
//! dense exact oracle's time in the same run (while it stays affordable), and their ratio.
//! Goals (release, this 2-core machine kind, one thread): ≤ 15 ms @4096, ≤ 100 ms @16384
//! (docs/benchmarks.md, "Pairing"). `PAIRING_BENCH_SIZES`, `PAIRING_BENCH_SEEDS`,
//! `PAIRING_BENCH_PLAYED` and `PAIRING_BENCH_NO_ROUNDS` choose what runs.

#[path = "../tests/support/mod.rs"]
mod support;

use std::hash::{Hash, Hasher};
use std::hint::black_box;
use std::time::{Duration, Instant};

use tablekeeper_engine::model::Seats;
use tablekeeper_engine::pairing::{Phase, Strategy, pair_probed, pair_with};
use tablekeeper_engine::{Event, standings};

/// An event of `players` with `rounds` rounds played, paired quickly in standings order
/// (history only needs to look like a Swiss event; rematches in it are allowed).
fn generated_event(players: usize, rounds: u32) -> Event {
    let mut event = support::event_with_players("bandai", players, rounds + 1, 3);
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
        support::apply_round(&mut event, u64::from(round), seats, Vec::new(), |_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            support::result_from(u8::try_from(state % 251).unwrap_or(0), 1)
        });
    }
    event
}

/// The median time of each part of pairing the round (`Phase`), over `runs` pairings: the
/// probe is told when a part ends, and the time since the previous mark is that part's.
fn parts(event: &Event, runs: usize) -> ([(Phase, Duration); 5], usize) {
    const PHASES: [Phase; 5] = [
        Phase::Context,
        Phase::Graph,
        Phase::Matching,
        Phase::Certificate,
        Phase::Explanation,
    ];
    let mut samples: Vec<[Duration; 5]> = Vec::with_capacity(runs);
    let mut matchings = 0;
    for _ in 0..runs {
        let mut spent = [Duration::ZERO; 5];
        let mut last = Instant::now();
        matchings = 0;
        let mut probe = |phase: Phase| {
            let now = Instant::now();
            matchings += usize::from(phase == Phase::Matching);
            if let Some(slot) = PHASES.iter().position(|p| *p == phase) {
                spent[slot] += now - last;
            }
            last = now;
        };
        black_box(pair_probed(event, 99, true, Strategy::Sparse, &mut probe).expect("pairing"));
        samples.push(spent);
    }
    let medians = std::array::from_fn(|slot| {
        let mut times: Vec<Duration> = samples.iter().map(|s| s[slot]).collect();
        times.sort();
        (PHASES[slot], times[times.len() / 2])
    });
    (medians, matchings)
}

fn time(runs: usize, f: impl FnMut()) -> Duration {
    support::median_time(runs, f)
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
        // PAIRING_BENCH_PLAYED=K: measure after K rounds instead of the final round.
        let played = std::env::var("PAIRING_BENCH_PLAYED")
            .ok()
            .and_then(|k| k.parse().ok())
            .unwrap_or(rounds);
        let event = generated_event(n, played);
        let runs = if n >= 16384 { 3 } else { 15 };
        let sparse_pairing = pair_with(&event, 99, true, Strategy::Sparse).expect("pairing");
        let sparse = time(runs, || {
            black_box(pair_with(black_box(&event), 99, true, Strategy::Sparse).expect("pairing"));
        });
        // Each part, so a regression shows where it is (medians of each part separately).
        let standings_time = time(runs, || {
            black_box(standings::compute(black_box(&event)).expect("standings"));
        });
        // What the pairer asks of the standings: the order with exact values, no words.
        let order_time = time(runs, || {
            let records = standings::records::Records::collect(black_box(&event));
            black_box(standings::order(&event, &records).expect("standings"));
        });
        let (medians, matchings) = parts(&event, runs);
        let split: Vec<String> = medians
            .iter()
            .map(|(phase, spent)| format!("{phase:?} {spent:.2?}"))
            .collect();
        println!(
            "{n:>6} parts: {} (standings alone {standings_time:.2?}, their order without words {order_time:.2?}); {matchings} matching(s) and certificate(s); {} sparse edges{}",
            split.join(", "),
            sparse_pairing.explanation.sparse_edges,
            if sparse_pairing.explanation.used_complete_graph {
                "; FELL BACK TO THE COMPLETE GRAPH"
            } else {
                ""
            }
        );
        // Other seeds (the app draws one per round): the slowest, and how it was solved.
        let seeds: u64 = std::env::var("PAIRING_BENCH_SEEDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(if n >= 16384 { 3 } else { 20 });
        let mut slowest = (Duration::ZERO, 0u64, 0usize, false);
        let mut seed_times = Vec::new();
        // Every seed's seats hashed: a change made for speed must leave it as it was.
        let mut fingerprint = std::collections::hash_map::DefaultHasher::new();
        for seed in 1..=seeds {
            let mut matchings = 0;
            let start = Instant::now();
            let pairing = pair_probed(&event, seed, true, Strategy::Sparse, &mut |phase| {
                matchings += usize::from(phase == Phase::Matching);
            })
            .expect("pairing");
            let took = start.elapsed();
            seed_times.push(took);
            pairing.seats.hash(&mut fingerprint);
            if took > slowest.0 {
                slowest = (
                    took,
                    seed,
                    matchings,
                    pairing.explanation.used_complete_graph,
                );
            }
        }
        seed_times.sort();
        println!(
            "{n:>6} over {seeds} seeds: median {:.2?}, slowest {:.2?} (seed {}, {} matching(s){}); pairings' fingerprint {:016x}",
            seed_times[seed_times.len() / 2],
            slowest.0,
            slowest.1,
            slowest.2,
            if slowest.3 {
                ", FELL BACK TO THE COMPLETE GRAPH"
            } else {
                ""
            },
            fingerprint.finish()
        );
        // Every round of the event, not only the last (the standings and history grow).
        if std::env::var_os("PAIRING_BENCH_NO_ROUNDS").is_none() {
            let mut per_round = Vec::new();
            for played in 0..rounds {
                let earlier = generated_event(n, played);
                let runs = if n >= 16384 { 1 } else { 3 };
                per_round.push(time(runs, || {
                    black_box(
                        pair_with(black_box(&earlier), 99, true, Strategy::Sparse)
                            .expect("pairing"),
                    );
                }));
            }
            let (slowest_round, slowest_time) = per_round
                .iter()
                .enumerate()
                .max_by_key(|(_, t)| **t)
                .map(|(r, t)| (r + 1, *t))
                .unwrap_or((0, Duration::ZERO));
            let listed: Vec<String> = per_round.iter().map(|t| format!("{t:.1?}")).collect();
            println!(
                "{n:>6} every round: slowest round {slowest_round} {slowest_time:.2?} ({})",
                listed.join(" ")
            );
        }
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
