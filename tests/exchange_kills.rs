//! Importing bundles under SIGKILL: `tablekeeper exchange import` is killed at random
//! moments (and stopped at its failpoint just before it commits). After every kill the
//! library opens and holds what it held before a bundle or what it holds after it, never
//! half; every shared event it records has its whole copy on disk; and the next import
//! finishes the job.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use tablekeeper_commands::shop::exchange;
use tablekeeper_engine::PlayerDetails;
use tablekeeper_store::library::{Library, LibraryDetails};

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
const KILLS: usize = 30;
const ATTEMPTS: usize = 240;
const NOW: &str = "2026-11-28T10:00:00+09:00";

#[path = "../crates/commands/tests/support/mod.rs"]
mod support;

/// A finished event of `players` (two rounds, seat A wins), registered in `library`.
fn event(library: &mut Library, path: &Path, seed: u64, players: &[PlayerDetails]) {
    let linked = support::finished_event(path, &format!("Weekly {seed}"), seed, 2, players);
    library.link(linked, NOW).expect("linked");
}

/// A shop with `events` events of 16 of its 200 regulars, exported to `outbox`.
fn shop(root: &Path, name: &str, events: u64, outbox: &Path) -> String {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).expect("dir");
    let mut library = Library::open_or_create(&dir.join("players.tklibrary")).expect("library");
    library.set_shop_name(name).expect("name");
    let regulars: Vec<LibraryDetails> = (0..200)
        .map(|n| LibraryDetails {
            person: PlayerDetails {
                name: format!("{name} regular {n}"),
                ..PlayerDetails::default()
            },
            note: None,
            ..Default::default()
        })
        .collect();
    library.add_many(&regulars, NOW).expect("regulars");
    for seed in 0..events {
        let players: Vec<PlayerDetails> = (0..16)
            .map(|k| regulars[((seed * 7 + k) % 200) as usize].person.clone())
            .collect();
        event(
            &mut library,
            &dir.join(format!("weekly-{seed}.tkevent")),
            seed + 1,
            &players,
        );
    }
    exchange::export(&mut library, outbox, NOW).expect("export");
    library.shop().expect("shop").key
}

fn copy_file(from: &Path, to: &Path) {
    std::fs::copy(from, to).expect("copy");
}

/// The library's shared contents and the shared events it records, each copy checked whole.
fn state(path: &Path) -> String {
    let library =
        Library::open(path).unwrap_or_else(|e| panic!("{} must open: {e}", path.display()));
    for event in library.shared_events().expect("events") {
        let bytes = std::fs::read(&event.file).expect("a recorded event's copy is on disk");
        assert_eq!(
            exchange_sha256(&bytes),
            event.sha256,
            "a recorded event's copy is whole"
        );
    }
    library.shared_contents().expect("contents")
        + &format!(
            "events {}\n",
            library.shared_events().expect("events").len()
        )
}

fn exchange_sha256(bytes: &[u8]) -> String {
    tablekeeper_commands::formats::bundle::sha256(bytes)
}

fn import(library: &Path, folder: &Path) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(["exchange", "--library"])
        .arg(library)
        .arg("import")
        .arg(folder)
        .env(
            "TABLEKEEPER_HOME",
            library.parent().unwrap_or(Path::new(".")),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

#[test]
fn sigkill_during_import_leaves_the_library_before_or_after_each_bundle() {
    let started = Instant::now();
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let inbox = root.join("inbox");
    std::fs::create_dir_all(&inbox).expect("dir");
    let a = shop(root, "Shop A", 4, &inbox);
    let b = shop(root, "Shop B", 3, &inbox);
    // The laptop that imports: trusts both shops; its starting library kept aside.
    let start = root.join("start.tklibrary");
    {
        let mut library = Library::open_or_create(&start).expect("start");
        library.trust(&a, "Shop A", NOW).expect("trust");
        library.trust(&b, "Shop B", NOW).expect("trust");
    }
    // Every state a whole import can leave: nothing, either bundle, both.
    let bundles: Vec<PathBuf> = std::fs::read_dir(&inbox)
        .expect("read")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(bundles.len(), 2);
    let mut allowed = BTreeSet::new();
    for taken in [vec![], vec![0], vec![1], vec![0, 1]] {
        let work = root.join(format!("reference-{taken:?}"));
        let folder = work.join("inbox");
        std::fs::create_dir_all(&folder).expect("dir");
        for i in &taken {
            copy_file(
                &bundles[*i],
                &folder.join(bundles[*i].file_name().expect("name")),
            );
        }
        let path = work.join("players.tklibrary");
        copy_file(&start, &path);
        let mut library = Library::open(&path).expect("reference");
        exchange::import(&mut library, &folder, NOW).expect("import");
        drop(library);
        allowed.insert(state(&path));
    }
    let full = {
        let path = root.join("reference-[0, 1]").join("players.tklibrary");
        state(&path)
    };
    // How long a whole import takes, to kill within it.
    let timing = root.join("timing");
    std::fs::create_dir_all(&timing).expect("dir");
    copy_file(&start, &timing.join("players.tklibrary"));
    let clock = Instant::now();
    assert!(
        import(&timing.join("players.tklibrary"), &inbox)
            .status()
            .expect("run")
            .success()
    );
    let whole = clock.elapsed().as_micros().max(2_000) as u64;

    let mut rng = rand::rngs::StdRng::seed_from_u64(20261128);
    let mut kills = 0;
    let mut stops = 0;
    for attempt in 0..ATTEMPTS {
        if kills >= KILLS || started.elapsed() > Duration::from_secs(240) {
            break;
        }
        let work = root.join(format!("attempt-{attempt}"));
        std::fs::create_dir_all(&work).expect("dir");
        let path = work.join("players.tklibrary");
        copy_file(&start, &path);
        // Every fifth attempt stops at the failpoint before the commit (the first or the
        // second bundle); the others are killed at a random moment.
        let status = if attempt % 5 == 0 {
            let mut command = import(&path, &inbox);
            command.env(
                "TABLEKEEPER_FAILPOINT",
                format!("exchange.before-commit@{}", 1 + attempt % 2),
            );
            let status = command.status().expect("run");
            if status.code() == Some(tablekeeper_store::failpoint::EXIT_CODE) {
                stops += 1;
            }
            status
        } else {
            let mut child = import(&path, &inbox).spawn().expect("spawn");
            std::thread::sleep(Duration::from_micros(rng.random_range(0..whole)));
            match child.try_wait().expect("wait") {
                Some(status) => status,
                None => {
                    child.kill().expect("SIGKILL");
                    kills += 1;
                    child.wait().expect("reap")
                }
            }
        };
        let after = state(&path);
        assert!(
            allowed.contains(&after),
            "attempt {attempt} ({status:?}) left a library no whole import leaves"
        );
        if status.success() {
            assert_eq!(after, full, "an import that finished took both bundles");
        }
        // The next import finishes the job.
        assert!(import(&path, &inbox).status().expect("run").success());
        assert_eq!(
            state(&path),
            full,
            "attempt {attempt}: the import after a kill"
        );
        std::fs::remove_dir_all(&work).expect("clean");
    }
    assert!(kills >= KILLS / 2, "only {kills} kills landed");
    assert!(stops >= 2, "the failpoint stopped only {stops} imports");
    eprintln!(
        "{kills} SIGKILLs and {stops} failpoint stops during imports in {:.1?}; every library whole",
        started.elapsed()
    );
}
