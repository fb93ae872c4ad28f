//! Exchange benchmark (docs/exchange.md): importing the bundles of four shops that hold
//! 1,000 finished events (16 players, one round each) and 20,000 library changes (each
//! shop's 1,000 regulars added and their 4,000 events played) into a new laptop's library.
//! Goal: at most 5 s in a release build on this machine kind. The time is also printed as
//! a ratio to a baseline measured in the same run: reading the same 1,000 event files and
//! replaying their logs (what any report over them costs at least).
//! `cargo bench -p tablekeeper-commands --bench exchange`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tablekeeper_commands::shop::exchange;
use tablekeeper_engine::PlayerDetails;
use tablekeeper_store::EventFile;
use tablekeeper_store::library::{Library, LibraryDetails};

const SHOPS: usize = 4;
const EVENTS_PER_SHOP: usize = 250;
const FIELD: usize = 16;
const REGULARS: usize = 1_000;
const NOW: &str = "2026-11-28T10:00:00+09:00";
const RUNS: usize = 3;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

#[path = "../tests/support/mod.rs"]
mod support;

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inbox = dir.path().join("inbox");
    std::fs::create_dir_all(&inbox).expect("dir");
    let setup = Instant::now();
    let mut keys = Vec::new();
    let mut files: Vec<PathBuf> = Vec::new();
    for shop in 0..SHOPS {
        let folder = dir.path().join(format!("shop{shop}"));
        std::fs::create_dir_all(&folder).expect("dir");
        let mut library =
            Library::open_or_create(&folder.join("players.tklibrary")).expect("library");
        library
            .set_shop_name(&format!("Shop {shop}"))
            .expect("name");
        let regulars: Vec<LibraryDetails> = (0..REGULARS)
            .map(|n| LibraryDetails {
                person: PlayerDetails {
                    name: format!("Shop {shop} player {n:04}"),
                    publisher_id: (n % 3 == 0).then(|| format!("{shop}{n:09}")),
                    ..PlayerDetails::default()
                },
                note: None,
                ..Default::default()
            })
            .collect();
        library.add_many(&regulars, NOW).expect("regulars");
        let mut linked = Vec::new();
        for number in 0..EVENTS_PER_SHOP {
            let players: Vec<PlayerDetails> = (0..FIELD)
                .map(|k| regulars[(number * 5 + k * 3) % REGULARS].person.clone())
                .collect();
            let path = folder.join(format!("weekly-{number:03}.tkevent"));
            let seed = (shop * 10_000 + number) as u64;
            linked.extend(support::finished_event(
                &path,
                &format!("Weekly {seed}"),
                seed,
                1,
                &players,
            ));
            files.push(path);
        }
        library.link(linked, NOW).expect("linked");
        let written = exchange::export(&mut library, &inbox, NOW).expect("export");
        assert_eq!(written.events as usize, EVENTS_PER_SHOP);
        assert_eq!(written.changes as usize, REGULARS + EVENTS_PER_SHOP * FIELD);
        keys.push(library.shop().expect("shop").key);
    }
    println!(
        "setup: {} events and {} library changes in {} bundles, made in {:.1?}",
        SHOPS * EVENTS_PER_SHOP,
        SHOPS * (REGULARS + EVENTS_PER_SHOP * FIELD),
        SHOPS,
        setup.elapsed()
    );

    let mut reading = Vec::new();
    let mut importing = Vec::new();
    for run in 0..RUNS {
        // Baseline: reading and replaying the same event files.
        let clock = Instant::now();
        for file in &files {
            let stored = EventFile::load_read_only(file).expect("stored");
            tablekeeper_commands::session::replay::replay_stored(&stored, file).expect("replayed");
        }
        reading.push(clock.elapsed());
        // A new laptop that trusts the four shops takes their bundles.
        let laptop = dir.path().join(format!("laptop{run}"));
        std::fs::create_dir_all(&laptop).expect("dir");
        let mut library =
            Library::open_or_create(&laptop.join("players.tklibrary")).expect("library");
        for (shop, key) in keys.iter().enumerate() {
            library
                .trust(key, &format!("Shop {shop}"), NOW)
                .expect("trust");
        }
        let clock = Instant::now();
        let taken = exchange::import(&mut library, &inbox, NOW).expect("import");
        importing.push(clock.elapsed());
        assert_eq!(taken.events as usize, SHOPS * EVENTS_PER_SHOP);
        assert_eq!(
            taken.changes as usize,
            SHOPS * (REGULARS + EVENTS_PER_SHOP * FIELD)
        );
        println!(
            "run {run}: reading the files {:.1?}, importing the bundles {:.1?} ({:.2}×)",
            reading[run],
            importing[run],
            importing[run].as_secs_f64() / reading[run].as_secs_f64()
        );
    }
    let (read, import) = (median(reading), median(importing));
    println!(
        "median: reading {read:.1?}; importing {import:.1?} = {:.2}× reading (goal: at most 5 s)",
        import.as_secs_f64() / read.as_secs_f64()
    );
}
