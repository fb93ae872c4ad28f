//! Event-file benchmark: importing 10,000 and 50,000 players, and what one command costs
//! on a 1024-player event as the rounds go by (open the file, do the command, close it:
//! what the CLI does for every command), plus the size of the backups folder after a
//! 10-round event with 100 manual changes.
//!
//! Every time is also printed as a ratio to a baseline measured in the same run: parsing
//! the same CSV without importing it, and opening the event after round 1.
//! Also result entry one table at a time on an open 1024-player event in round 10 (p50/p99,
//! against one small synced write), and pairing round 11 of a 1024-player event through the
//! session (against the engine's pairing alone).
//! `cargo bench -p tablekeeper-commands --bench event_file` (`EVENT_BENCH_QUICK=1` for a
//! smaller run, `EVENT_BENCH_ENTRY=1` for the result entry alone, `EVENT_BENCH_PAIR=1` for
//! the pairing alone).

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use tablekeeper_commands::formats::csv_import;
use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time(runs: usize, mut run: impl FnMut()) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                run();
                start.elapsed()
            })
            .collect(),
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn create(path: &Path, rounds: u32) -> Session {
    Session::create(
        path,
        CreateOptions {
            name: "Bench".into(),
            ruleset: Some(RulesetSource::Embedded("bandai".into())),
            planned_rounds: Some(rounds),
            standings_seed: Some(1),
            ..CreateOptions::default()
        },
    )
    .expect("create")
}

/// A new event with `players` registered from a roster.
fn with_players(path: &Path, rounds: u32, players: usize) -> Session {
    let mut session = create(path, rounds);
    session
        .import_players(&roster(players))
        .expect("import players");
    session
}

fn roster(players: usize) -> Vec<u8> {
    let mut text = String::from("name,reading\n");
    for n in 0..players {
        text.push_str(&format!("選手 {n:05},せんしゅ {n:05}\n"));
    }
    text.into_bytes()
}

fn import(players: usize) {
    let csv = roster(players);
    let baseline = time(3, || {
        black_box(csv_import::preview(&csv, &[]).expect("parse"));
    });
    let dir = tempfile::tempdir().expect("tempdir");
    let mut n = 0;
    let took = time(3, || {
        n += 1;
        let mut session = create(&dir.path().join(format!("i{n}.tkevent")), 10);
        black_box(session.import_players(&csv).expect("import"));
    });
    println!(
        "import {players:>6} players: {:>8.1} ms   (parsing the CSV alone {:>7.1} ms; ratio {:.1}x)",
        ms(took),
        ms(baseline),
        took.as_secs_f64() / baseline.as_secs_f64()
    );
}

/// Plays round `round` of the event: pairs it and enters every result as one step.
fn play_round(session: &mut Session, round: u32) {
    let pairings = session
        .pair_next_round(Some(u64::from(round)), true)
        .expect("pair");
    let results = pairings
        .tables
        .iter()
        .map(|t| {
            let text = if (t.table + round).is_multiple_of(3) {
                "b"
            } else {
                "a"
            };
            (t.table, parse_result(text, None).expect("result"))
        })
        .collect();
    session.record_results(None, results).expect("results");
}

/// One CLI command's work: open, do, close.
fn command(path: &Path, what: &str) {
    let mut session = Session::open(path).expect("open");
    match what {
        "status" => {
            black_box(session.summary());
        }
        "standings" => {
            black_box(session.standings().expect("standings"));
        }
        "result" => {
            let table = session
                .pairings(None)
                .expect("pairings")
                .tables
                .iter()
                .find(|t| t.result.is_none())
                .map(|t| t.table)
                .expect("an open table");
            black_box(
                session
                    .record_result(None, table, parse_result("a", None).expect("r"), false)
                    .expect("result"),
            );
        }
        _ => unreachable!(),
    }
}

fn commands_as_rounds_go_by(players: usize, rounds: u32, edits: usize) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.tkevent");
    let mut session = with_players(&path, rounds, players);
    let mut baseline = Duration::ZERO;
    for round in 1..=rounds {
        play_round(&mut session, round);
        if round == rounds {
            // The last round: pair it, then measure with results still to enter.
            break;
        }
        drop(session);
        let opened = time(7, || command(&path, "status"));
        if round == 1 {
            baseline = opened;
        }
        let standings = time(7, || command(&path, "standings"));
        println!(
            "after round {round:>2}: status {:>6.1} ms  standings {:>6.1} ms   (ratio to round 1: {:.2}x)",
            ms(opened),
            ms(standings),
            opened.as_secs_f64() / baseline.as_secs_f64()
        );
        session = Session::open(&path).expect("reopen");
    }
    // Round `rounds` is complete; pair one more to enter results into it.
    session
        .set_planned_rounds(rounds + 1)
        .expect("one more round");
    session.pair_next_round(Some(99), true).expect("pair");
    // Manual changes (swaps), each its own step, as a scorekeeper makes them.
    let tables = session.pairings(None).expect("pairings").tables;
    for edit in 0..edits {
        let a = &tables[edit % tables.len()];
        let b = &tables[(edit + 1) % tables.len()];
        session
            .swap_players(&a.a.player.to_string(), &b.a.player.to_string(), "bench")
            .expect("swap");
    }
    drop(session);
    let mut results = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        command(&path, "result");
        results.push(start.elapsed());
    }
    let status = time(7, || command(&path, "status"));
    println!(
        "round {:>2} ({players} players): status {:>6.1} ms  result {:>6.1} ms   (ratio to round 1: {:.2}x)",
        rounds + 1,
        ms(status),
        ms(median(results)),
        status.as_secs_f64() / baseline.as_secs_f64()
    );
    let event_bytes = std::fs::metadata(&path).expect("event").len();
    let backups = tablekeeper_commands::session::backups::backup_dir(&path);
    let (files, bytes) = std::fs::read_dir(&backups)
        .expect("backups")
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .fold((0, 0), |(n, b), m| (n + 1, b + m.len()));
    println!(
        "backups after {rounds} rounds and {edits} manual changes: {files} files, {:.1} MB = {:.1}x the event file ({:.1} MB)",
        bytes as f64 / 1e6,
        bytes as f64 / event_bytes as f64,
        event_bytes as f64 / 1e6
    );
}

/// A `players` event of `rounds` planned rounds with every round but the last played, in a
/// temporary folder (kept while the returned handle lives).
fn before_last_round(players: usize, rounds: u32) -> (tempfile::TempDir, Session) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = with_players(&dir.path().join("event.tkevent"), rounds, players);
    for round in 1..rounds {
        play_round(&mut session, round);
    }
    (dir, session)
}

/// Result entry on an open event (what the app does: the session stays open): round
/// `rounds` of a `players` event, every table entered one by one, each durably stored
/// before the next. Baseline: writing and syncing a small file, the floor of any durable
/// save on this disk.
fn entry_one_by_one(players: usize, rounds: u32) {
    let (dir, mut session) = before_last_round(players, rounds);
    let pairings = session
        .pair_next_round(Some(u64::from(rounds)), true)
        .expect("pair");
    let mut times: Vec<Duration> = pairings
        .tables
        .iter()
        .map(|t| {
            let entry = parse_result("a", None).expect("result");
            let start = Instant::now();
            black_box(
                session
                    .record_result(None, t.table, entry, false)
                    .expect("result"),
            );
            start.elapsed()
        })
        .collect();
    session.settle_backups();
    times.sort();
    let at = |q: usize| times[(times.len() * q / 100).min(times.len() - 1)];
    let floor = dir.path().join("floor");
    let baseline = time(21, || {
        use std::io::Write;
        let mut file = std::fs::File::create(&floor).expect("floor file");
        file.write_all(&[0u8; 200]).expect("write");
        file.sync_all().expect("sync");
    });
    println!(
        "round {rounds} of {players} players, {} results one by one on the open event: p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms   (one small synced write {:.1} ms; p50 ratio {:.1}x)",
        times.len(),
        ms(at(50)),
        ms(at(99)),
        ms(times[times.len() - 1]),
        ms(baseline),
        at(50).as_secs_f64() / baseline.as_secs_f64()
    );
}

/// Pairing round `rounds` of a `players` event through the session, as the app's Pair button
/// does (the event copied and checked, the engine's pairing, the step committed, the
/// pairings view): each pairing is undone before the next (the undo is not timed). The
/// baseline in the same run is the engine's pairing of the same event alone.
fn pair_through_the_session(players: usize, rounds: u32) {
    let (_dir, mut session) = before_last_round(players, rounds);
    let runs = 9u64;
    let mut paired = Vec::new();
    for seed in 1..=runs {
        let start = Instant::now();
        black_box(session.pair_next_round(Some(seed), true).expect("pair"));
        paired.push(start.elapsed());
        session.undo().expect("undo");
    }
    let mut seed = 0;
    let engine = time(runs as usize, || {
        seed += 1;
        black_box(
            tablekeeper_engine::pairing::pair_next_round(session.event(), seed, true)
                .expect("engine pairing"),
        );
    });
    let pair = median(paired);
    println!(
        "pair round {rounds} of {players} players through the session: {:.1} ms   (the engine's pairing alone {:.1} ms; ratio {:.1}x)",
        ms(pair),
        ms(engine),
        pair.as_secs_f64() / engine.as_secs_f64()
    );
}

/// Pairing the next round of the app measurement's event (`tests/e2e/measure.mjs` (d): rounds
/// of a cycle of wins, losses and draws entered in bulk, the last one with double losses)
/// with many seeds, as the app draws a new seed for every round.
fn pairing_over_seeds(players: usize, rounds: u32, seeds: u64) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = with_players(&dir.path().join("seeds.tkevent"), rounds + 2, players);
    let cycle = ["a", "b", "a", "b", "draw"];
    let last = ["a", "b", "draw", "a", "b", "dl"];
    for round in 1..=rounds {
        let pairings = session
            .pair_next_round(Some(u64::from(round)), false)
            .expect("pair");
        let results = pairings
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let text = if round == rounds {
                    last[i % last.len()]
                } else {
                    cycle[(i + round as usize) % cycle.len()]
                };
                (t.table, parse_result(text, None).expect("result"))
            })
            .collect();
        session.record_results(None, results).expect("results");
    }
    let mut times = Vec::new();
    for seed in 1..=seeds {
        let mut matchings = 0;
        let mut complete = false;
        let start = Instant::now();
        let pairing = tablekeeper_engine::pairing::pair_probed(
            session.event(),
            seed,
            false,
            tablekeeper_engine::pairing::Strategy::Sparse,
            &mut |phase| {
                matchings += usize::from(phase == tablekeeper_engine::pairing::Phase::Matching)
            },
        );
        let took = start.elapsed();
        if let Ok(p) = &pairing {
            complete = p.explanation.used_complete_graph;
        }
        times.push((took, seed, matchings, complete, pairing.is_ok()));
    }
    times.sort();
    for (took, seed, matchings, complete, ok) in times.iter().rev().take(5) {
        println!(
            "pairing round {} of {players} players, seed {seed}: {:.1} ms, {matchings} matching(s){}{}",
            rounds + 1,
            ms(*took),
            if *complete { ", complete graph" } else { "" },
            if *ok { "" } else { ", refused" }
        );
    }
    println!(
        "median over {seeds} seeds: {:.1} ms",
        ms(times[times.len() / 2].0)
    );
    // What the app's Standings and Round screens ask for, and the JSON they receive.
    let standings = time(7, || {
        black_box(session.standings().expect("standings"));
    });
    let view = session.standings().expect("standings");
    let json = serde_json::to_string(&view).expect("json");
    let as_json = time(7, || {
        black_box(serde_json::to_value(&view).expect("json"));
    });
    let pairings = time(7, || {
        black_box(session.pairings(None).expect("pairings"));
    });
    println!(
        "standings view {:.1} ms, as JSON {:.1} ms ({} KB); pairings view {:.1} ms",
        ms(standings),
        ms(as_json),
        json.len() / 1024,
        ms(pairings)
    );
}

fn main() {
    let quick = std::env::var_os("EVENT_BENCH_QUICK").is_some();
    if std::env::var_os("EVENT_BENCH_SEEDS").is_some() {
        pairing_over_seeds(1024, 10, 20);
        return;
    }
    if std::env::var_os("EVENT_BENCH_PAIR").is_some() {
        pair_through_the_session(1024, 11);
        return;
    }
    if std::env::var_os("EVENT_BENCH_ENTRY").is_some() {
        entry_one_by_one(1024, 10);
        return;
    }
    if quick {
        import(2_000);
        commands_as_rounds_go_by(256, 4, 20);
        entry_one_by_one(256, 4);
        pair_through_the_session(256, 5);
    } else {
        entry_one_by_one(1024, 10);
        pair_through_the_session(1024, 11);
        import(10_000);
        import(50_000);
        commands_as_rounds_go_by(1024, 10, 100);
    }
}
