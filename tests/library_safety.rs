//! The player library's write paths under SIGKILL: creating a library, adding a
//! player, importing another library and exporting a copy are killed at random moments.
//! After every kill the library opens, keeps every player the CLI reported as added, and an
//! export is either absent or a complete library; a damaged library is refused, unchanged.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use tablekeeper_store::library::Library;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
/// Kills wanted, and a bound on attempts so the test always stops by itself.
const KILLS: usize = 40;
const ATTEMPTS: usize = 600;

fn library(path: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(["library", "--library"])
        .arg(path)
        .args(args)
        .env("TABLEKEEPER_HOME", path.parent().unwrap_or(Path::new(".")))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Every name in the library at `path` (which must open).
fn names(path: &Path) -> Vec<String> {
    let opened =
        Library::open(path).unwrap_or_else(|e| panic!("{} must open: {e}", path.display()));
    opened
        .players()
        .expect("players")
        .into_iter()
        .map(|p| p.details.person.name)
        .collect()
}

#[test]
fn sigkill_in_library_writes_never_loses_a_saved_player_or_leaves_half_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261126);
    // Another laptop's library, to import.
    let other = dir.path().join("other.tklibrary");
    let mut prepared = Library::open_or_create(&other).expect("other library");
    let details: Vec<_> = (0..300)
        .map(|n| tablekeeper_store::library::LibraryDetails {
            person: tablekeeper_engine::PlayerDetails {
                name: format!("Visitor {n}"),
                ..Default::default()
            },
            note: None,
            ..Default::default()
        })
        .collect();
    prepared
        .add_many(&details, "2026-11-26T10:00:00+00:00")
        .expect("visitors");
    drop(prepared);

    let main = dir.path().join("shop.tklibrary");
    let mut saved: Vec<String> = Vec::new();
    let mut exports: Vec<PathBuf> = Vec::new();
    let mut fresh: Vec<PathBuf> = Vec::new();
    let mut kills = 0;
    for attempt in 0..ATTEMPTS {
        if kills >= KILLS {
            break;
        }
        let name = format!("Regular {attempt}");
        let export = dir.path().join(format!("copy-{attempt}.tklibrary"));
        let new_library = dir.path().join(format!("new-{attempt}.tklibrary"));
        let (mut command, adds) = match attempt % 4 {
            0 | 1 => (library(&main, &["add", &name]), true),
            2 => {
                exports.push(export.clone());
                (
                    library(&main, &["export", export.to_str().expect("path")]),
                    false,
                )
            }
            _ if attempt % 8 == 3 => {
                fresh.push(new_library.clone());
                (library(&new_library, &["list"]), false)
            }
            _ => (
                library(&main, &["import", other.to_str().expect("path")]),
                false,
            ),
        };
        let mut child = command.spawn().expect("spawn");
        std::thread::sleep(Duration::from_micros(rng.random_range(0..40_000)));
        let status = match child.try_wait().expect("wait") {
            Some(status) => status,
            None => {
                child.kill().expect("SIGKILL");
                kills += 1;
                child.wait().expect("reap")
            }
        };
        if status.success() && adds {
            saved.push(name);
        }
        if main.exists() {
            let now = names(&main);
            for name in &saved {
                assert!(now.contains(name), "{name} was reported added and is gone");
            }
        }
    }
    assert!(kills >= KILLS / 2, "only {kills} kills landed");
    for path in exports.iter().chain(&fresh) {
        if path.exists() {
            names(path);
        }
    }
    // An import either happened whole or not at all: the visitors are all there or none.
    if main.exists() {
        let visitors = names(&main)
            .iter()
            .filter(|n| n.starts_with("Visitor"))
            .count();
        assert!(
            visitors == 0 || visitors == 300,
            "{visitors} visitors: half an import"
        );
    }
    eprintln!(
        "{kills} SIGKILLs, {} players saved; every saved player survived, every file whole",
        saved.len()
    );
}

#[test]
fn a_damaged_library_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("shop.tklibrary");
    let mut created = Library::open_or_create(&path).expect("library");
    created
        .add_many(
            &[tablekeeper_store::library::LibraryDetails {
                person: tablekeeper_engine::PlayerDetails {
                    name: "Emma Novak".into(),
                    ..Default::default()
                },
                note: None,
                ..Default::default()
            }],
            "2026-11-26T10:00:00+00:00",
        )
        .expect("player");
    drop(created);
    let mut bytes = std::fs::read(&path).expect("bytes");
    for damage in [0usize, 100] {
        let mut broken = bytes.clone();
        for b in broken.iter_mut().skip(damage).take(64) {
            *b ^= 0x5A;
        }
        std::fs::write(&path, &broken).expect("damage");
        let output = library(&path, &["list"]).output().expect("run");
        assert!(
            !output.status.success(),
            "a damaged library (bytes {damage}..) is refused"
        );
        assert_eq!(
            std::fs::read(&path).expect("bytes"),
            broken,
            "left unchanged"
        );
    }
    // Half a file (a copy cut short).
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&path, &bytes).expect("cut");
    let status = library(&path, &["list"]).status().expect("run");
    assert!(!status.success(), "a library cut short is refused");
    // An event file given as a library is refused as not being one.
    let output = Command::new(BIN)
        .args(["--json", "library", "--library"])
        .arg(dir.path().join("shop.tklibrary"))
        .arg("list")
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("\"ok\":false") || text.contains("\"ok\": false"),
        "{text}"
    );
}
