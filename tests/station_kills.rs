//! A second scorekeeper station killed mid-entry: the station (`tablekeeper
//! station`, talking to the main laptop's server on 127.0.0.1 only) is killed with SIGKILL
//! at random moments while it sends a round of results. Every result it printed as saved is
//! in the main laptop's event, and no table is ever recorded twice: the log grows by one row
//! per recorded table. A last station run completes the round. Bounded: 12 kills over a round of 200 tables.

use std::io::{BufRead, BufReader, Write};
use std::net::IpAddr;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_lan::{ServeOptions, Server};

#[path = "support/event_files.rs"]
mod event_files;

use event_files::{event_file_in, rows};

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
const KILLS: usize = 12;

/// Tables of the current round without a result.
fn open_tables(desk: &Mutex<Desk>) -> Vec<u64> {
    open_tables_and_revision(desk).0
}

/// The open tables and the log's revision read under one lock: a request the killed station
/// sent just before dying may still be recorded by the main laptop between two reads.
fn open_tables_and_revision(desk: &Mutex<Desk>) -> (Vec<u64>, usize) {
    let mut desk = desk.lock().expect("desk");
    let pairings = surface::dispatch(&mut desk, "pairings", json!({ "round": null }))
        .unwrap_or_else(|e| panic!("pairings: {:?}", e.to_view()));
    let revision = desk.session().map(|s| s.revision()).expect("open event");
    (open_in(&pairings), revision)
}

fn open_in(pairings: &Value) -> Vec<u64> {
    pairings["tables"]
        .as_array()
        .map(|tables| {
            tables
                .iter()
                .filter(|t| t["result"].is_null())
                .filter_map(|t| t["table"].as_u64())
                .collect()
        })
        .unwrap_or_default()
}

fn revision(desk: &Mutex<Desk>) -> usize {
    desk.lock()
        .expect("desk")
        .session()
        .map(|s| s.revision())
        .expect("open event")
}

/// Runs a station on the open tables; kills it after `kill_after` if given. The tables it
/// said were saved.
fn station(port: u16, code: &str, tables: &[u64], kill_after: Option<Duration>) -> Vec<u64> {
    let mut child = Command::new(BIN)
        .args([
            "--lang",
            "en",
            "station",
            &format!("127.0.0.1:{port}"),
            "--code",
            code,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the station");
    let mut input = child.stdin.take().expect("stdin");
    let lines: String = tables.iter().map(|t| format!("{t} a\n")).collect();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(lines.as_bytes());
    });
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter_map(|line| {
                line.strip_prefix("saved table ")
                    .and_then(|t| t.trim().parse().ok())
            })
            .collect::<Vec<u64>>()
    });
    match kill_after {
        Some(after) => {
            std::thread::sleep(after);
            let _ = child.kill();
        }
        None => {
            let _ = writer.join();
        }
    }
    let _ = child.wait();
    reader.join().unwrap_or_default()
}

/// A Bandai event of `names` in round 1, in `dir`, shared on 127.0.0.1.
fn shared_round(
    dir: &std::path::Path,
    event: &str,
    names: &[String],
) -> (Arc<Mutex<Desk>>, Server) {
    let mut desk = Desk::new(dir.join("data"), dir.join("events"));
    let file = dir.join(format!("{event}.tkevent")).display().to_string();
    for (name, request) in [
        (
            "create_event",
            json!({ "name": event, "ruleset": "bandai", "planned_rounds": 3, "path": file }),
        ),
        ("add_players", json!({ "names": names })),
        ("pair_round", json!({ "allow_rematches": false })),
    ] {
        surface::dispatch(&mut desk, name, request)
            .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()));
    }
    let desk = Arc::new(Mutex::new(desk));
    let server = Server::start(
        Arc::clone(&desk),
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 0,
        },
    )
    .expect("serve on loopback");
    (desk, server)
}

#[test]
fn a_station_killed_mid_entry_loses_nothing_it_showed_as_saved_and_records_nothing_twice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=400).map(|i| format!("Player {i}")).collect();
    let (desk, server) = shared_round(dir.path(), "Stations", &names);
    let (port, code) = (server.port(), server.join_code().to_string());
    let start = revision(&desk);
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    let mut saved_so_far: Vec<u64> = Vec::new();
    let mut kills_mid_round = 0;
    for _ in 0..KILLS {
        let tables = open_tables(&desk);
        if tables.is_empty() {
            break;
        }
        let after = Duration::from_millis(rng.random_range(5..80));
        saved_so_far.extend(station(port, &code, &tables, Some(after)));
        let (open, revision_now) = open_tables_and_revision(&desk);
        if !open.is_empty() {
            kills_mid_round += 1;
        }
        for table in &saved_so_far {
            assert!(
                !open.contains(table),
                "table {table} was shown as saved but is not in the event"
            );
        }
        let recorded = 200 - open.len();
        assert_eq!(
            revision_now - start,
            recorded,
            "one row per recorded table: nothing twice"
        );
    }
    let rest = open_tables(&desk);
    station(port, &code, &rest, None);
    assert!(
        open_tables(&desk).is_empty(),
        "the last station run completes the round"
    );
    assert_eq!(revision(&desk) - start, 200, "200 tables, 200 rows");
    assert!(
        kills_mid_round >= 3,
        "only {kills_mid_round} kills fell inside the round"
    );
    server.stop();
}

/// The main laptop (`tablekeeper serve`, a process of its own on 127.0.0.1) killed while a
/// station sends results: every result the station printed as saved is in the event file,
/// which opens intact; the station reports the lost connection. Bounded: 4 kills.
#[test]
fn the_main_laptop_killed_mid_entry_keeps_everything_it_answered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("main.tkevent");
    let file_text = file.display().to_string();
    let run = |args: &[&str]| {
        let status = Command::new(BIN)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run");
        assert!(status.success(), "{args:?}");
    };
    run(&[
        "create",
        &file_text,
        "--name",
        "Main",
        "--ruleset",
        "bandai",
    ]);
    let players = dir.path().join("players.csv");
    let csv: String = std::iter::once("name\n".to_string())
        .chain((1..=200).map(|i| format!("Player {i}\n")))
        .collect();
    std::fs::write(&players, csv).expect("players.csv");
    run(&["import-players", &file_text, &players.display().to_string()]);
    run(&["pair", &file_text]);
    let mut rng = rand::rngs::StdRng::seed_from_u64(16);
    let mut saved: Vec<u64> = Vec::new();
    for _ in 0..4 {
        let mut main = Command::new(BIN)
            .args([
                "--json",
                "serve",
                &file_text,
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
            ])
            .env("TABLEKEEPER_HOME", dir.path().join("home"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the main laptop");
        let mut first = String::new();
        BufReader::new(main.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("the sharing line");
        let sharing: Value = serde_json::from_str(&first).expect("json");
        let port = sharing["sharing"]["port"].as_u64().expect("port") as u16;
        let code = sharing["sharing"]["join_code"]
            .as_str()
            .expect("code")
            .to_string();
        let open: Vec<u64> = (1..=100).filter(|t| !saved.contains(t)).collect();
        let killer = {
            let after = Duration::from_millis(rng.random_range(20..150));
            std::thread::spawn(move || {
                std::thread::sleep(after);
                let _ = main.kill();
                let _ = main.wait();
            })
        };
        saved.extend(station(port, &code, &open, None));
        let _ = killer.join();
        // The file opens intact and has every result the station was told was saved.
        let session = tablekeeper_commands::Session::open(&file).expect("the event opens");
        let round = session.event().current_round().expect("round 1");
        for table in &saved {
            let recorded = round
                .match_at_table(*table as u32)
                .is_some_and(|m| m.result.is_some());
            assert!(
                recorded,
                "table {table} was shown as saved but is not in the file"
            );
        }
    }
    assert!(
        !saved.is_empty(),
        "the station saved results between the kills"
    );
}

/// `--json station` prints one JSON document and nothing else: the tables saved as `data`,
/// each refused line as a notice (point 6).
#[test]
fn json_station_prints_only_its_json_document() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    let (_desk, server) = shared_round(dir.path(), "Json", &names);
    let mut child = Command::new(BIN)
        .args([
            "--json",
            "station",
            &format!("127.0.0.1:{}", server.port()),
            "--code",
            &server.join_code(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the station");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1 a\nnot a line\n1 b\n2 b\n")
        .expect("lines");
    let output = child.wait_with_output().expect("the station ends");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let document: Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("one JSON document, not {stdout:?}: {e}"));
    assert_eq!(stdout.trim().lines().count(), 1, "{stdout}");
    assert_eq!(document["ok"], true);
    assert_eq!(document["data"], json!([1, 2]));
    let refused: Vec<&str> = document["notices"]
        .as_array()
        .map(|n| n.iter().filter_map(|n| n["key"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(refused, ["station.line-refused", "station.line-refused"]);
    server.stop();
}

/// `station --replica DIR` keeps the live copy as the app's station does: after its result
/// lines the copy in DIR holds every row of the main laptop's event; when the main laptop
/// stops, the run does not end in an error — it keeps the last whole copy and says where
/// it stands.
#[test]
fn a_station_without_a_window_keeps_the_live_copy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let replica = tempfile::tempdir().expect("replica folder");
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    let (desk, server) = shared_round(dir.path(), "Copied", &names);
    let event = dir.path().join("Copied.tkevent");
    let mut child = Command::new(BIN)
        .args([
            "--json",
            "station",
            &format!("127.0.0.1:{}", server.port()),
            "--code",
            &server.join_code(),
            "--replica",
            replica.path().to_str().expect("utf-8"),
            "--for",
            "15",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the station");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1 a\n2 b\n")
        .expect("lines");
    // Once the copy holds both results, the main laptop stops while the station keeps it.
    let the_copy = || event_file_in(replica.path());
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let copy = loop {
        let recorded = desk
            .lock()
            .map(|mut desk| surface::dispatch(&mut desk, "summary", Value::Null))
            .ok()
            .and_then(Result::ok)
            .is_some_and(|summary| summary["current_round_complete"] == true);
        if let Some(copy) = the_copy()
            && recorded
            && rows(&copy) == rows(&event)
        {
            break copy;
        }
        assert!(std::time::Instant::now() < deadline, "the copy catches up");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(
        rows(&copy),
        rows(&event),
        "every row of the main laptop's event"
    );
    server.stop();
    let output = child.wait_with_output().expect("the station ends");
    let document: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    assert_eq!(document["ok"], true, "{document}");
    assert_eq!(document["data"], json!([1, 2]));
    let said: Vec<&str> = document["notices"]
        .as_array()
        .map(|n| n.iter().filter_map(|n| n["key"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(said, ["station.copy-held"], "{document}");
    assert_eq!(rows(&copy), rows(&event), "the copy stays whole");
}
