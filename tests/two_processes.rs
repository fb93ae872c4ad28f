//! While one process records results, other processes read the same
//! event (`standings`, `status`, `history`) for 10 seconds. No read is ever told the file is
//! damaged, and every read shows a state the writer had committed: the history a reader
//! sees has as many steps as the writer had committed when the read started, or more, but
//! never more than it had committed when the read ended (plus the one it may have been
//! committing). Bounded: 10 seconds of writing, then the readers stop.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
const WRITING: Duration = Duration::from_secs(10);

fn tablekeeper(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--json")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run tablekeeper")
}

fn answer(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or(Value::Null)
}

/// Runs a change until it is done: a reader holding the file for a moment makes the writer
/// wait and try again (`file-in-use`), as a scorekeeper would.
fn change(args: &[&str]) -> bool {
    for _ in 0..200 {
        let output = tablekeeper(args);
        let reply = answer(&output);
        if reply["ok"] == true {
            return true;
        }
        let kind = reply["error"]["kind"].as_str().unwrap_or("");
        assert!(
            matches!(kind, "file-in-use" | "read-only"),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

fn steps(file: &Path) -> usize {
    answer(&tablekeeper(&["history", &file.display().to_string()]))["data"]
        .as_array()
        .map_or(0, Vec::len)
}

#[test]
fn readers_beside_a_writer_never_see_damage_or_a_state_that_was_not_committed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("busy.tkevent");
    let path = file.display().to_string();
    assert!(change(&[
        "create", &path, "--name", "Busy", "--rounds", "30"
    ]));
    let names: Vec<String> = (1..=64).map(|i| format!("Player {i}")).collect();
    for name in &names {
        assert!(change(&["add-player", &path, name]));
    }
    let committed = Arc::new(AtomicUsize::new(steps(&file)));
    let done = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..2)
        .map(|n| {
            let (committed, done, path) = (Arc::clone(&committed), Arc::clone(&done), path.clone());
            std::thread::spawn(move || {
                let (mut reads, mut damaged, mut unseen) = (0usize, Vec::new(), Vec::new());
                let commands: [&[&str]; 3] = [&["history"], &["standings"], &["status"]];
                while !done.load(Ordering::Acquire) {
                    let command = commands[(reads + n) % commands.len()];
                    let before = committed.load(Ordering::Acquire);
                    let mut args: Vec<&str> = command.to_vec();
                    args.push(&path);
                    let output = tablekeeper(&args);
                    let after = committed.load(Ordering::Acquire);
                    reads += 1;
                    let reply = answer(&output);
                    if reply["ok"] != true {
                        damaged.push(format!(
                            "{:?}: {} {}",
                            output.status,
                            String::from_utf8_lossy(&output.stdout),
                            String::from_utf8_lossy(&output.stderr)
                        ));
                        continue;
                    }
                    if command == ["history"] {
                        let seen = reply["data"].as_array().map_or(0, Vec::len);
                        if seen < before || seen > after + 1 {
                            unseen.push(format!("{seen} steps read between {before} and {after}"));
                        }
                    }
                }
                (reads, damaged, unseen)
            })
        })
        .collect();
    // The writer: every table of a round, then the next round.
    let started = Instant::now();
    let mut written = 0;
    'rounds: while started.elapsed() < WRITING {
        assert!(change(&["pair", &path, "--allow-rematches"]));
        committed.fetch_add(1, Ordering::AcqRel);
        for table in 1..=32 {
            if started.elapsed() >= WRITING {
                break 'rounds;
            }
            let result = if table % 5 == 0 { "draw" } else { "a" };
            assert!(change(&["result", &path, &table.to_string(), result]));
            committed.fetch_add(1, Ordering::AcqRel);
            written += 1;
        }
    }
    done.store(true, Ordering::Release);
    let (mut reads, mut damaged, mut unseen) = (0, Vec::new(), Vec::new());
    for reader in readers {
        let (r, d, u) = reader.join().expect("a reader");
        reads += r;
        damaged.extend(d);
        unseen.extend(u);
    }
    eprintln!("two processes: {written} results written, {reads} reads");
    assert!(
        written > 20 && reads > 20,
        "{written} results, {reads} reads"
    );
    assert!(
        damaged.is_empty(),
        "{} of {reads} reads failed: {:?}",
        damaged.len(),
        damaged.first()
    );
    assert!(unseen.is_empty(), "{unseen:?}");
    assert_eq!(steps(&file), committed.load(Ordering::Acquire));
}
