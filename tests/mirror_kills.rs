//! The mirror folder under SIGKILL: the CLI runs an event with `--mirror` and is killed at
//! random moments, also while it copies the event onto the "stick". After every kill the
//! mirror, if one was written, opens as an event by itself (the integrity check passes, the
//! log replays) and holds a beginning of the event's own log, never a half-written copy;
//! after every run that was not killed, it holds every step.

#[path = "support/event_files.rs"]
mod event_files;
#[path = "support/process.rs"]
mod process;

use event_files::rows;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use tablekeeper_commands::Session;
use tablekeeper_store::EventFile;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
/// Kills to reach (bounded: the run stops after this many events in any case).
const KILLS: usize = 30;
const EVENTS_AT_MOST: usize = 12;

fn run_ok(args: &[&str]) {
    // Wine now and then fails to start a process at all (ERROR_INTERNAL_ERROR, 1359): that
    // is not the program's answer, so starting it is tried again (at most three times).
    let mut tries = 0;
    let status = loop {
        let started = Command::new(BIN)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        match started {
            Ok(status) => break status,
            Err(e) if tries < 2 => {
                tries += 1;
                eprintln!("could not start {BIN} ({e}); trying again");
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
            Err(e) => panic!("run {args:?}: {e}"),
        }
    };
    assert!(status.success(), "{args:?}");
}

/// The mirror opens by itself and is a beginning of the event's log; returns its length.
fn check_mirror(event: &Path, mirror: &Path) -> Option<usize> {
    if !mirror.exists() {
        return None;
    }
    let check = EventFile::inspect(mirror);
    assert!(check.is_ok(), "the mirror is whole after a kill: {check:?}");
    Session::on_disk(mirror).expect("the mirror replays");
    let (theirs, ours) = (rows(mirror), rows(event));
    assert!(
        theirs.len() <= ours.len() && theirs[..] == ours[..theirs.len()],
        "the mirror ({} rows) is a beginning of the event's log ({} rows)",
        theirs.len(),
        ours.len()
    );
    Some(theirs.len())
}

#[test]
fn sigkill_while_mirroring_leaves_a_whole_mirror_of_committed_steps() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let stick_path = stick.path().to_str().expect("path").to_string();
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261128);
    let (mut kills, mut events, mut whole_runs) = (0, 0, 0);
    // Kills land anywhere in a run: within twice the time a whole command takes here (at
    // least 40 ms; a process starts far slower under Wine than on Linux).
    let mut window_us: u64 = 40_000;
    while kills < KILLS && events < EVENTS_AT_MOST {
        events += 1;
        let file = dir.path().join(format!("mirrored-{events}.tkevent"));
        let path = file.to_str().expect("path").to_string();
        let started = std::time::Instant::now();
        run_ok(&[
            "create",
            &path,
            "--name",
            "Mirrored",
            "--ruleset",
            "bandai",
            "--rounds",
            "3",
        ]);
        let whole_command = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        window_us = window_us.max(whole_command.saturating_mul(2));
        for n in 0..10 {
            run_ok(&["add-player", &path, &format!("Player {n}")]);
        }
        let mirror = stick.path().join(file.file_name().expect("name"));
        for _ in 0..24 {
            let session = Session::open(&file).expect("the event opens after a kill");
            let command: Vec<String> = match session.event().current_round() {
                Some(round) if !round.is_complete() => {
                    let table = round
                        .matches
                        .iter()
                        .find(|m| m.result.is_none())
                        .and_then(|m| m.table)
                        .expect("an open table");
                    vec!["result".into(), path.clone(), table.to_string(), "a".into()]
                }
                _ if session.event().rounds.len() < 3 => vec!["pair".into(), path.clone()],
                _ => break,
            };
            drop(session);
            let mut child = process::spawn(
                Command::new(BIN)
                    .args(["--mirror", &stick_path])
                    .args(&command)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null()),
            )
            .expect("spawn");
            std::thread::sleep(Duration::from_micros(rng.random_range(0..window_us)));
            let status = match child.try_wait().expect("wait") {
                Some(status) => status,
                None => {
                    child.kill().expect("SIGKILL");
                    kills += 1;
                    child.wait().expect("reap")
                }
            };
            let held = check_mirror(&file, &mirror);
            if status.success() {
                // A run that ended by itself ended with its change on the stick.
                assert_eq!(held, Some(rows(&file).len()), "every step mirrored");
                whole_runs += 1;
            }
        }
    }
    eprintln!("{kills} SIGKILLs over {events} events, {whole_runs} runs mirrored whole");
    assert!(kills >= 20, "at least 20 kills ({kills})");
    assert!(whole_runs > 0);
}

/// Trials of one writer and two readers keeping one stick (bounded).
const SHARED_STICK_TRIALS: usize = 40;

/// A writer and two readers, each with `--mirror` on one stick, killed together at a random
/// moment: the copy is always whole and a beginning of the event's log, never empty or
/// half-written; when the writer finished, it holds the writer's change; and no run is told
/// the copy could not be written while the stick is fine.
#[test]
fn a_writer_and_two_readers_on_one_stick_leave_a_whole_copy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let stick_path = stick.path().to_str().expect("path").to_string();
    let file = dir.path().join("shared.tkevent");
    let path = file.to_str().expect("path").to_string();
    run_ok(&["create", &path, "--name", "Shared", "--rounds", "30"]);
    let mirror = stick.path().join("shared.tkevent");
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261206);
    let (mut killed, mut finished) = (0, 0);
    // Kills land within twice the time one whole mirrored change takes here (a process
    // starts far slower under Wine than on Linux).
    let started = std::time::Instant::now();
    run_ok(&["--mirror", &stick_path, "add-player", &path, "Warm Up"]);
    let whole = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    let window_us = whole.saturating_mul(2).max(60_000);
    for trial in 0..SHARED_STICK_TRIALS {
        let spawn = |args: &[&str]| {
            process::spawn(
                Command::new(BIN)
                    .args(["--json", "--mirror", &stick_path])
                    .args(args)
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null()),
            )
            .expect("spawn")
        };
        let name = format!("Player {trial}");
        let runs = vec![
            spawn(&["add-player", &path, &name]),
            spawn(&["standings", &path]),
            spawn(&["history", &path]),
        ];
        std::thread::sleep(Duration::from_micros(rng.random_range(0..window_us)));
        let mut writer_done = false;
        for (n, mut child) in runs.into_iter().enumerate() {
            if child.try_wait().expect("wait").is_none() {
                child.kill().expect("SIGKILL");
                killed += 1;
            }
            let output = child.wait_with_output().expect("reap");
            let text = String::from_utf8_lossy(&output.stdout);
            assert!(
                !text.contains("notice.mirror-failed"),
                "told the copy failed while the stick is fine: {text}"
            );
            writer_done |= n == 0 && output.status.success() && text.contains("\"ok\":true");
        }
        let held = check_mirror(&file, &mirror);
        if writer_done {
            finished += 1;
            let names = rows(&mirror)
                .iter()
                .filter(|(_, _, payload)| payload.as_deref().is_some_and(|p| p.contains(&name)))
                .count();
            assert_eq!(
                names, 1,
                "the writer's change is on the stick ({held:?} rows)"
            );
        }
    }
    eprintln!(
        "{SHARED_STICK_TRIALS} trials: {killed} processes killed, {finished} writers finished"
    );
    assert!(
        finished > 0 && killed > 0,
        "both kinds of trial ({finished} finished, {killed} kills)"
    );
}
