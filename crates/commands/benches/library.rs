//! Player-library benchmark: find-as-you-type over a library of 50,000 players
//! through the command layer (`Desk::library_find`, what the app calls on each keystroke),
//! one keystroke at a time for names typed letter by letter, in Latin and in kana. Goal:
//! at most 16 ms per keystroke (one frame) on this machine kind.
//!
//! Times are also printed as a ratio to a baseline measured in the same run: reading one
//! library player by number (one SQLite row). Also: registering 5,000 players in the app,
//! each linked to the library (matched or added, one transaction), against the same
//! registration with no library (a script's desk).
//! `cargo bench -p tablekeeper-commands --bench library` (`LIBRARY_BENCH_PLAYERS=N` for
//! another size).

use std::time::{Duration, Instant};

use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::library::LibraryFindRequest;
use tablekeeper_store::library::{Library, LibraryDetails, default_library};

const GIVEN: [&str; 12] = [
    "Emma", "Noah", "Olivia", "Liam", "Ava", "Lucas", "Mia", "Ivan", "Ólafur", "Nguyễn", "Hana",
    "Min",
];
const FAMILY: [&str; 10] = [
    "Novak", "Carter", "Tanaka", "Petrov", "Olsen", "Kim", "Garcia", "Müller", "Rossi", "Silva",
];
const KANA: [&str; 8] = [
    "さとう",
    "すずき",
    "たかはし",
    "たなか",
    "いとう",
    "わたなべ",
    "やまもと",
    "なかむら",
];

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    let index = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[index]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let players: usize = std::env::var("LIBRARY_BENCH_PLAYERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50_000);
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let details: Vec<LibraryDetails> = (0..players)
        .map(|i| {
            let japanese = i % 5 == 0;
            let kana = KANA[i % KANA.len()];
            LibraryDetails {
                person: tablekeeper_engine::PlayerDetails {
                    name: if japanese {
                        format!("{kana} {}", i / 5)
                    } else {
                        format!(
                            "{} {} {}",
                            GIVEN[i % GIVEN.len()],
                            FAMILY[(i / 7) % FAMILY.len()],
                            i
                        )
                    },
                    reading: japanese.then(|| format!("{kana} {}", i / 5)),
                    publisher_id: (i % 3 == 0).then(|| format!("BN-{i:06}")),
                    nickname: None,
                    members: Vec::new(),
                },
                note: None,
                ..Default::default()
            }
        })
        .collect();
    let start = Instant::now();
    let mut library = Library::open_or_create(&default_library(&data)).expect("library");
    library
        .add_many(&details, "2026-11-26T10:00:00+00:00")
        .expect("players");
    drop(library);
    let built = start.elapsed();

    let mut desk = Desk::new(data.clone(), dir.path().to_path_buf());
    let start = Instant::now();
    let info = desk.library_info(()).expect("open");
    let opened = start.elapsed();
    assert_eq!(info.players as usize, players);

    // Baseline: one player read by number.
    let mut baseline: Vec<Duration> = (0..200)
        .map(|i| {
            let start = Instant::now();
            desk.library_player(1 + (i * 97) % players as u32)
                .expect("player");
            start.elapsed()
        })
        .collect();
    let baseline = percentile(&mut baseline, 0.5);

    let typed = [
        "emma novak",
        "emmanovak",
        "さとう12",
        "olafur",
        "ngu",
        "さとう",
        "たかは",
        "bn-0123",
        "12345",
        "zzz",
    ];
    let mut keystrokes: Vec<Duration> = Vec::new();
    for word in typed {
        let mut text = String::new();
        for c in word.chars() {
            text.push(c);
            let start = Instant::now();
            let found = desk
                .library_find(LibraryFindRequest {
                    typed: text.clone(),
                    limit: None,
                })
                .expect("find");
            keystrokes.push(start.elapsed());
            if std::env::var_os("LIBRARY_BENCH_VERBOSE").is_some() {
                println!(
                    "{text:?}: {:.2} ms, {} found",
                    ms(start.elapsed()),
                    found.len()
                );
            }
            std::hint::black_box(found);
        }
    }
    let p50 = percentile(&mut keystrokes, 0.5);
    let p99 = percentile(&mut keystrokes, 0.99);
    let max = percentile(&mut keystrokes, 1.0);
    // Registration with the library (the app) against without it (a script's desk).
    let register = |desk: &mut Desk, file: &str| {
        let request = serde_json::json!({ "name": "Bench", "ruleset": "bandai", "path": dir.path().join(file) });
        desk.create_event(serde_json::from_value(request).expect("request"))
            .expect("event");
        let names: Vec<String> = (0..5_000)
            .map(|i| {
                if i % 2 == 0 {
                    details[i].person.name.clone()
                } else {
                    format!("Newcomer {i}")
                }
            })
            .collect();
        let start = Instant::now();
        desk.add_players(tablekeeper_commands::desk::AddPlayersRequest {
            names,
            players: Vec::new(),
        })
        .expect("players");
        start.elapsed()
    };
    let mut plain =
        Desk::new(dir.path().join("plain-data"), dir.path().to_path_buf()).without_app_state();
    let without = register(&mut plain, "plain.tkevent");
    let linked = register(&mut desk, "linked.tkevent");
    // A regular typed without their reading is a new player (name and reading are the key).
    let new = 2_500
        + (0..5_000)
            .step_by(2)
            .filter(|i| details[*i].person.reading.is_some())
            .count();
    assert_eq!(
        desk.library_info(()).expect("library").players as usize,
        players + new
    );
    println!(
        "registering 5,000 players (half regulars, half new): {:.0} ms with the library, {:.0} ms without ({:.2}x)",
        ms(linked),
        ms(without),
        ms(linked) / ms(without)
    );
    println!(
        "library of {players} players: built in {:.0} ms, opened (index loaded) in {:.0} ms",
        ms(built),
        ms(opened)
    );
    println!(
        "baseline, one player read by number: {:.3} ms",
        ms(baseline)
    );
    println!(
        "find as you type, {} keystrokes: p50 {:.2} ms ({:.0}x), p99 {:.2} ms ({:.0}x), max {:.2} ms; goal <= 16 ms",
        keystrokes.len(),
        ms(p50),
        ms(p50) / ms(baseline),
        ms(p99),
        ms(p99) / ms(baseline),
        ms(max)
    );
}
