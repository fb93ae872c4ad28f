//! The mirror on every write path of the command line: `create`, `import-archive`,
//! `restore` and `serve` with `--mirror` leave the stick holding the event as its file
//! does; a restore replaces the copy that held what was restored away; a stick pulled out
//! never stops a change (docs/mirror.md). A reader's older state never replacing a newer
//! copy is `crates/commands/tests/mirror.rs`.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

#[path = "support/event_files.rs"]
mod event_files;

use event_files::rows;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");

fn tablekeeper(home: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--json")
        .args(args)
        .env("TABLEKEEPER_HOME", home)
        .stdin(Stdio::null())
        .output()
        .expect("run tablekeeper")
}

/// The answer of a command that must succeed, with its notices.
fn ok(home: &Path, args: &[&str]) -> Value {
    let output = tablekeeper(home, args);
    let reply: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    assert_eq!(
        reply["ok"],
        true,
        "{args:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    reply
}

fn text(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// An event of 8 players with round 1 paired and played (a backup at its start).
fn played(home: &Path, file: &Path, mirror: &[&str]) {
    let f = text(file);
    let with = |args: &[&str]| -> Vec<String> {
        mirror
            .iter()
            .chain(args)
            .map(|s| (*s).to_string())
            .collect()
    };
    let run = |args: &[&str]| {
        let args = with(args);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(home, &args)
    };
    run(&[
        "create",
        f,
        "--name",
        "Mirrored",
        "--ruleset",
        "bandai",
        "--rounds",
        "3",
        "--seed",
        "1",
    ]);
    for n in 1..=8 {
        run(&["add-player", f, &format!("Player {n}")]);
    }
    run(&["pair", f, "--seed", "1"]);
    for table in 1..=4 {
        run(&["result", f, &table.to_string(), "a"]);
    }
}

#[test]
fn create_import_and_restore_with_mirror_leave_the_stick_holding_the_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let home = dir.path().join("home");
    let mirror = ["--mirror", text(stick.path())];
    let file = dir.path().join("friday.tkevent");
    let copy = stick.path().join("friday.tkevent");

    // `create` writes the copy at once; every change after it keeps it whole.
    ok(
        &home,
        &[
            "--mirror",
            text(stick.path()),
            "create",
            text(&file),
            "--name",
            "Friday",
        ],
    );
    assert_eq!(rows(&copy), rows(&file), "created, mirrored");
    let file = dir.path().join("saturday.tkevent");
    let copy = stick.path().join("saturday.tkevent");
    played(&home, &file, &mirror);
    assert_eq!(rows(&copy), rows(&file), "every change mirrored");

    // A restore to the start of round 1 replaces the copy, which held round 1's results.
    let backups = ok(&home, &["backups", text(&file)]);
    let oldest = backups["data"]
        .as_array()
        .and_then(|b| b.last())
        .and_then(|b| b["file"].as_str())
        .expect("a backup")
        .to_string();
    let before = rows(&copy).len();
    ok(
        &home,
        &[
            "--mirror",
            text(stick.path()),
            "restore",
            text(&file),
            &oldest,
        ],
    );
    assert!(rows(&file).len() < before, "restored to an earlier step");
    assert_eq!(
        rows(&copy),
        rows(&file),
        "the stick holds the restored event, not what was restored away"
    );

    // `import-archive` writes the copy of the event it makes.
    let archive = dir.path().join("saturday.json");
    ok(&home, &["export", text(&file), "--output", text(&archive)]);
    let imported = dir.path().join("imported.tkevent");
    ok(
        &home,
        &[
            "--mirror",
            text(stick.path()),
            "import-archive",
            text(&archive),
            text(&imported),
        ],
    );
    assert_eq!(
        rows(&stick.path().join("imported.tkevent")),
        rows(&imported)
    );
}

#[test]
fn a_pulled_stick_never_stops_a_change() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let home = dir.path().join("home");
    let file = dir.path().join("friday.tkevent");
    let f = text(&file);
    played(&home, &file, &[]);

    // The stick is out: the change is saved in the event file, and the notice says so.
    let gone = stick.path().join("pulled-out");
    let reply = ok(
        &home,
        &["--mirror", text(&gone), "add-player", f, "Late Comer"],
    );
    let notices = reply["notices"].as_array().cloned().unwrap_or_default();
    assert!(
        notices
            .iter()
            .any(|n| n["key"] == "notice.mirror-not-started"),
        "{reply}"
    );
    assert!(
        ok(&home, &["players", f])["data"]
            .as_array()
            .is_some_and(|p| p.iter().any(|p| p["name"] == "Late Comer")),
        "the change is saved"
    );

    // A reader of the newest state leaves the stick's copy as it is.
    let copy = stick.path().join("friday.tkevent");
    ok(
        &home,
        &["--mirror", text(stick.path()), "add-player", f, "On Time"],
    );
    let newest = rows(&copy);
    assert_eq!(newest, rows(&file));
    ok(&home, &["--mirror", text(stick.path()), "standings", f]);
    assert_eq!(rows(&copy), newest);
}

#[test]
fn serve_with_mirror_keeps_the_copy_of_what_the_phones_and_the_desk_saved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let home = dir.path().join("home");
    let file = dir.path().join("served.tkevent");
    played(&home, &file, &[]);
    let copy = stick.path().join("served.tkevent");
    assert!(!copy.exists());
    let mut server = Command::new(BIN)
        .args([
            "--json",
            "--mirror",
            text(stick.path()),
            "serve",
            text(&file),
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--for",
            "2",
        ])
        .env("TABLEKEEPER_HOME", &home)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut first = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the sharing line");
    assert!(first.contains("sharing"), "{first}");
    // Mirrored as soon as it serves, before anything changes.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !copy.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(server.wait().expect("stops").success());
    assert_eq!(rows(&copy), rows(&file), "the stick holds the served event");
}
