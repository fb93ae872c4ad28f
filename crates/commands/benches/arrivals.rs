//! Arrivals benchmark: how players come in, measured so that a quadratic step shows.
//!
//! - Importing 5,000 and 50,000 players from a CSV file (what `tablekeeper import-players`
//!   does), as a ratio to reading the same CSV with the `csv` crate alone (a baseline that
//!   shares none of the import's code, so a slow import cannot hide in it). A linear import
//!   keeps the ratio about the same at both sizes; the goal is 50,000 players in 1 s.
//! - A door filling to its 4,096-entry limit (the engine's `Enter` steps, a cap of 3,000 so
//!   the last thousand wait), as the time of the last 512 entries against the first 512.
//!
//! `cargo bench -p tablekeeper-commands --bench arrivals`.

use std::fmt::Write;
use std::hint::black_box;
use std::time::{Duration, Instant};

use tablekeeper_commands::formats::csv_import;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::model::{DoorSettings, DropRequests, EntryMode};
use tablekeeper_engine::rules::door::MAX_ENTRIES;
use tablekeeper_engine::{Action, Event, EventSettings, PlayerDetails};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn roster(players: usize) -> Vec<u8> {
    let mut text = String::from("name,reading,publisher_id\n");
    for n in 0..players {
        let _ = writeln!(text, "Player {n:05},ぷれいやー {n:05},BN-{n:06}");
    }
    text.into_bytes()
}

/// (import, parse) for `players` rows: medians of three runs each.
fn import_against_parse(players: usize) -> (Duration, Duration) {
    let bytes = roster(players);
    let parse = median(
        (0..3)
            .map(|_| {
                let start = Instant::now();
                let (text, _) = csv_import::decode(&bytes).expect("text");
                let rows = csv::ReaderBuilder::new()
                    .flexible(true)
                    .from_reader(text.as_bytes())
                    .records()
                    .count();
                black_box(rows);
                start.elapsed()
            })
            .collect(),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let import = median(
        (0..3)
            .map(|run| {
                let mut session = Session::create(
                    &dir.path().join(format!("import-{run}.tkevent")),
                    CreateOptions {
                        name: "Bench".into(),
                        ruleset: Some(RulesetSource::Embedded("bandai".into())),
                        planned_rounds: Some(10),
                        standings_seed: Some(1),
                        ..CreateOptions::default()
                    },
                )
                .expect("create");
                let start = Instant::now();
                let added = session.import_players(&bytes).expect("import");
                let took = start.elapsed();
                assert_eq!(added.len(), players);
                took
            })
            .collect(),
    );
    (import, parse)
}

/// (first 512 entries, last 512 entries) of a door filling to its limit.
fn door_filling() -> (Duration, Duration) {
    let ruleset = tablekeeper_engine::ruleset::catalogue::ruleset("bandai").expect("ruleset");
    let settings = EventSettings {
        name: "Door".into(),
        planned_rounds: 5,
        standings_seed: 1,
        ..EventSettings::default()
    };
    let mut event = Event::new(settings, ruleset).expect("event");
    event
        .apply(&Action::SetDoor(DoorSettings {
            open: true,
            mode: EntryMode::Open,
            seats: Some(3_000),
            waiting_limit: None,
            closes_at: None,
            check_in: true,
            drop_requests: DropRequests::Automatic,
        }))
        .expect("door");
    let mut times = Vec::with_capacity(MAX_ENTRIES);
    for n in 0..MAX_ENTRIES {
        let step = Action::Enter {
            details: PlayerDetails {
                name: format!("Entrant {n:04}"),
                ..PlayerDetails::default()
            },
            at: 1_800_000_000,
        };
        let start = Instant::now();
        event.apply(&step).expect("entry");
        times.push(start.elapsed());
    }
    let first: Duration = times[..512].iter().sum();
    let last: Duration = times[MAX_ENTRIES - 512..].iter().sum();
    (first, last)
}

fn main() {
    let (small, small_parse) = import_against_parse(5_000);
    let (large, large_parse) = import_against_parse(50_000);
    let small_ratio = small.as_secs_f64() / small_parse.as_secs_f64();
    let large_ratio = large.as_secs_f64() / large_parse.as_secs_f64();
    println!(
        "importing  5,000 players: {:>7.1} ms, {small_ratio:.1}x reading the same CSV ({:.1} ms)",
        ms(small),
        ms(small_parse)
    );
    println!(
        "importing 50,000 players: {:>7.1} ms, {large_ratio:.1}x reading the same CSV ({:.1} ms); goal <= 1000 ms",
        ms(large),
        ms(large_parse)
    );
    println!(
        "growth of the ratio from 5,000 to 50,000 players: {:.2}x (linear: about 1; the quadratic import was about 10)",
        large_ratio / small_ratio
    );
    let (first, last) = door_filling();
    println!(
        "a door filling to {MAX_ENTRIES} entries: first 512 in {:.1} ms, last 512 in {:.1} ms ({:.2}x)",
        ms(first),
        ms(last),
        last.as_secs_f64() / first.as_secs_f64()
    );
}
