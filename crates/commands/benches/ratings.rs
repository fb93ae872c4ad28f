//! Ratings and meta benchmark (docs/ratings.md, docs/meta.md): Glicko-2 over a year of weekly events — 52 event
//! files of 64 players and 5 Swiss rounds each, the players drawn from a library of 5,000 —
//! through the command layer (`ratings` with `library: true`: every file read from disk,
//! each person matched by the library). Goal: at most 200 ms in a release build on this
//! machine kind; and the meta report over the same files (goal: at most 100 ms). Each time is also printed as a ratio to a baseline measured in the same
//! run: reading the same 52 files and replaying their logs into events (what any report over
//! them costs at least).
//! `cargo bench -p tablekeeper-commands --bench ratings`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::surface::dispatch;
use tablekeeper_store::library::{Library, LibraryDetails, default_library};

const EVENTS: usize = 52;
const FIELD: usize = 64;
const ROUNDS: usize = 5;
const LIBRARY: usize = 5_000;

fn call(desk: &mut Desk, name: &str, request: Value) -> Value {
    dispatch(desk, name, request.clone())
        .unwrap_or_else(|e| panic!("{name} {request}: {:?}", e.to_view()))
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let mut library = Library::open_or_create(&default_library(&data)).expect("library");
    let people: Vec<LibraryDetails> = (0..LIBRARY)
        .map(|i| LibraryDetails {
            person: tablekeeper_engine::PlayerDetails {
                name: format!("Player {i:05}"),
                reading: None,
                publisher_id: None,
                nickname: None,
                members: Vec::new(),
            },
            note: None,
            ..Default::default()
        })
        .collect();
    library
        .add_many(&people, "2026-01-01T00:00:00Z")
        .expect("players");
    drop(library);

    let mut desk = Desk::new(data, dir.path().join("events"));
    let setup = Instant::now();
    let mut files: Vec<PathBuf> = Vec::with_capacity(EVENTS);
    for week in 0..EVENTS {
        let path = dir.path().join(format!("week{week:02}.tkevent"));
        call(
            &mut desk,
            "create_event",
            json!({ "path": path, "name": format!("Week {week}"), "title": "vanguard", "ruleset": null, "planned_rounds": ROUNDS }),
        );
        // A regular crowd: most weeks draw from the first 400 people, the rest from all.
        let numbers: Vec<usize> = (0..FIELD)
            .map(|i| {
                if i < 48 {
                    1 + (week * 7 + i * 13) % 400
                } else {
                    1 + (week * 97 + i * 389) % LIBRARY
                }
            })
            .collect();
        let mut unique = numbers.clone();
        unique.sort_unstable();
        unique.dedup();
        call(
            &mut desk,
            "register_from_library",
            json!({ "numbers": unique }),
        );
        for round in 0..ROUNDS {
            let pairings = call(&mut desk, "pair_round", json!({ "allow_rematches": true }));
            let lines: Vec<String> = pairings["tables"]
                .as_array()
                .map(|tables| {
                    tables
                        .iter()
                        .filter(|t| !t["b"].is_null())
                        .map(|t| {
                            let n = t["table"].as_u64().unwrap_or(0);
                            format!(
                                "{n} {}",
                                if (n + round as u64 + week as u64).is_multiple_of(3) {
                                    "b"
                                } else {
                                    "a"
                                }
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            call(
                &mut desk,
                "record_results",
                json!({ "round": null, "lines": lines }),
            );
        }
        call(&mut desk, "close_event", Value::Null);
        files.push(path);
    }
    println!(
        "setup: {EVENTS} events written in {:.1} s",
        setup.elapsed().as_secs_f64()
    );

    let runs = 7;
    let mut reading = Vec::with_capacity(runs);
    let mut rating = Vec::with_capacity(runs);
    let mut meta = Vec::with_capacity(runs);
    let mut rows = 0;
    for _ in 0..runs {
        let start = Instant::now();
        for file in &files {
            let stored = tablekeeper_store::EventFile::load_read_only(file).expect("read");
            std::hint::black_box(
                tablekeeper_commands::session::replay::replay_stored(&stored, file)
                    .expect("replay"),
            );
        }
        reading.push(start.elapsed());
        let start = Instant::now();
        let view = call(
            &mut desk,
            "ratings",
            json!({ "files": [], "library": true }),
        );
        rating.push(start.elapsed());
        rows = view["titles"][0]["rows"].as_array().map_or(0, Vec::len);
        let start = Instant::now();
        std::hint::black_box(call(&mut desk, "meta", json!({ "files": files })));
        meta.push(start.elapsed());
    }
    let (reading, rating, meta) = (median(reading), median(rating), median(meta));
    println!(
        "reading the {EVENTS} files (baseline): {:.1} ms",
        reading.as_secs_f64() * 1000.0
    );
    println!(
        "ratings over them ({rows} players rated): {:.1} ms = {:.2} × the baseline (goal ≤ 200 ms)",
        rating.as_secs_f64() * 1000.0,
        rating.as_secs_f64() / reading.as_secs_f64()
    );
    println!(
        "the meta report over them: {:.1} ms = {:.2} × the baseline (goal ≤ 100 ms)",
        meta.as_secs_f64() * 1000.0,
        meta.as_secs_f64() / reading.as_secs_f64()
    );
}
