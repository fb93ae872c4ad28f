//! Event-file benchmark: importing 10,000 and 50,000 players, and what one command costs
//! on a 1024-player event as the rounds go by (open the file, do the command, close it:
//! what the CLI does for every command), plus the size of the backups folder after a
//! 10-round event with 100 manual changes.
//!
//! Every time is also printed as a ratio to a baseline measured in the same run: parsing
//! the same CSV without importing it, and opening the event after round 1.
//! `cargo bench -p tablekeeper-commands --bench event_file` (`EVENT_BENCH_QUICK=1` for a
//! smaller run).

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session, csv_import};

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
    let mut session = create(&path, rounds);
    session
        .import_players(&roster(players))
        .expect("import players");
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
    let backups = tablekeeper_commands::backup::backup_dir(&path);
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

fn main() {
    let quick = std::env::var_os("EVENT_BENCH_QUICK").is_some();
    if quick {
        import(2_000);
        commands_as_rounds_go_by(256, 4, 20);
    } else {
        import(10_000);
        import(50_000);
        commands_as_rounds_go_by(1024, 10, 100);
    }
}
