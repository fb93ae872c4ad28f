//! Crash safety: the CLI is killed with SIGKILL at random moments while it runs an event,
//! more than 200 times. After every kill the event file passes `PRAGMA integrity_check`,
//! the log replays, and every result the CLI had reported as saved is there.

#[path = "support/process.rs"]
mod process;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use tablekeeper_commands::Session;
use tablekeeper_store::EventFile;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
const KILLS: usize = 220;

fn run_ok(args: &[&str]) {
    let status = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run");
    assert!(status.success(), "{args:?}");
}

/// The next command that moves the event forward, or `None` when it is finished.
fn next_command(session: &Session) -> Option<Vec<String>> {
    let event = session.event();
    match event.current_round() {
        Some(round) if !round.is_complete() => {
            let table = round
                .matches
                .iter()
                .find(|m| m.result.is_none())
                .and_then(|m| m.table)?;
            Some(vec![
                "result".into(),
                table.to_string(),
                if table % 3 == 0 {
                    "draw".into()
                } else {
                    "a".into()
                },
            ])
        }
        _ if event.rounds.len() < event.settings.planned_rounds as usize => {
            Some(vec!["pair".into()])
        }
        _ => None,
    }
}

fn verify(file: &Path, saved: &[(u32, u32)]) -> Session {
    let check = EventFile::inspect(file);
    assert!(check.is_ok(), "integrity after a kill: {check:?}");
    let session = Session::open(file).expect("the log replays after a kill");
    for (round, table) in saved {
        let present = session
            .event()
            .rounds
            .iter()
            .find(|r| r.number == *round)
            .and_then(|r| r.match_at_table(*table))
            .is_some_and(|m| m.result.is_some());
        assert!(
            present,
            "round {round} table {table} was reported saved but is missing"
        );
    }
    session
}

#[test]
fn sigkill_at_random_points_never_loses_a_saved_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261122);
    let mut kills = 0;
    let mut events = 0;
    // Kills land anywhere in a run: within the time a whole command takes here (at least
    // 12 ms; a process starts far slower under Wine than on Linux).
    let mut window_us: u64 = 12_000;
    while kills < KILLS {
        events += 1;
        let file = dir.path().join(format!("crash-{events}.tkevent"));
        let path = file.to_str().expect("path").to_string();
        let started = std::time::Instant::now();
        run_ok(&[
            "create",
            &path,
            "--name",
            "Crash",
            "--ruleset",
            "bandai",
            "--rounds",
            "4",
            "--seed",
            "1",
        ]);
        let whole_command = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        window_us = window_us.max(whole_command);
        for n in 0..12 {
            run_ok(&["add-player", &path, &format!("Player {n}")]);
        }
        let mut saved: Vec<(u32, u32)> = Vec::new();
        loop {
            let session = verify(&file, &saved);
            let Some(command) = next_command(&session) else {
                break;
            };
            let round = session.event().current_round().map_or(0, |r| r.number);
            drop(session);
            let mut child = process::spawn(
                Command::new(BIN)
                    .arg(&command[0])
                    .arg(&path)
                    .args(&command[1..])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null()),
            )
            .expect("spawn");
            std::thread::sleep(Duration::from_micros(rng.random_range(0..window_us)));
            let finished = child.try_wait().expect("wait");
            let status = match finished {
                Some(status) => status,
                None => {
                    child.kill().expect("SIGKILL");
                    kills += 1;
                    child.wait().expect("reap")
                }
            };
            if status.success() && command[0] == "result" {
                saved.push((round, command[1].parse().expect("table")));
            }
        }
        verify(&file, &saved);
    }
    eprintln!("{kills} SIGKILLs over {events} events; every saved result survived");
    assert!(kills >= KILLS);
}
