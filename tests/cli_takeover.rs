//! A takeover without a window, as a new user would run it from the command line: the main
//! laptop serves, a station keeps the live copy (`station --replica`), the main laptop is
//! killed, `takeover COPY --from ADDR` carries the event on (refused while the main laptop
//! answers, and for an address that is none) on the port the station announced, with a new
//! epoch; and the old main laptop's command line, fenced like the app, refuses a change with
//! `event-moved` and the new address.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "support/event_files.rs"]
mod event_files;

use event_files::event_file_in;

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

fn answer(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or(Value::Null)
}

fn ok(home: &Path, args: &[&str]) -> Value {
    let output = tablekeeper(home, args);
    let reply = answer(&output);
    assert_eq!(
        reply["ok"],
        true,
        "{args:?}: {reply} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    reply["data"].clone()
}

/// Starts a sharing command (`serve`, `takeover`) and reads its first line.
fn sharing(home: &Path, args: &[&str]) -> (Child, Value) {
    let mut child = Command::new(BIN)
        .arg("--json")
        .args(args)
        .env("TABLEKEEPER_HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start sharing");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the sharing line");
    let line: Value = serde_json::from_str(&first).unwrap_or(Value::Null);
    (child, line)
}

fn log_rows(path: &Path) -> usize {
    tablekeeper_store::EventFile::load_read_only(path)
        .map(|stored| stored.rows.len())
        .unwrap_or(0)
}

#[test]
fn a_takeover_from_the_command_line_carries_the_event_on_and_fences_the_old_laptop() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Two laptops: each its own app folder.
    let (main_home, station_home) = (dir.path().join("main"), dir.path().join("station"));
    let replica = dir.path().join("replica");
    let file = dir.path().join("night.tkevent");
    let f = file.to_str().expect("utf-8");
    ok(
        &main_home,
        &[
            "create",
            f,
            "--name",
            "Night",
            "--ruleset",
            "bandai",
            "--rounds",
            "3",
        ],
    );
    for n in 1..=8 {
        ok(&main_home, &["add-player", f, &format!("Player {n}")]);
    }
    ok(&main_home, &["pair", f]);
    let before = log_rows(&file);
    let (mut main, shared) = sharing(
        &main_home,
        &["serve", f, "--bind", "127.0.0.1", "--port", "0"],
    );
    let port = shared["sharing"]["port"].as_u64().expect("port");
    let address = format!("127.0.0.1:{port}");
    let code = shared["sharing"]["join_code"]
        .as_str()
        .expect("code")
        .to_string();

    // The station keeps the live copy and enters two results; it would carry the event on
    // at a port of its own, which the main laptop notes for the phones and its own fence.
    let carry_port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|free| free.local_addr())
        .expect("a free port")
        .port()
        .to_string();
    let mut station = Command::new(BIN)
        .args([
            "--json",
            "station",
            &address,
            "--code",
            &code,
            "--port",
            &carry_port,
        ])
        .args(["--replica", replica.to_str().expect("utf-8"), "--for", "30"])
        .env("TABLEKEEPER_HOME", &station_home)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the station");
    station
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1 a\n2 b\n")
        .expect("lines");
    let the_copy = || event_file_in(&replica);
    let deadline = Instant::now() + Duration::from_secs(15);
    let copy = loop {
        if let Some(copy) = the_copy()
            && log_rows(&file) == before + 2
            && log_rows(&copy) == log_rows(&file)
        {
            break copy;
        }
        assert!(
            Instant::now() < deadline,
            "the copy catches up: {:?} {} {}",
            the_copy(),
            log_rows(&file),
            before
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let c = copy.to_str().expect("utf-8");

    // Refused while the main laptop answers, and for an address that is none.
    let refused = answer(&tablekeeper(
        &station_home,
        &["takeover", c, "--from", &address],
    ));
    assert_eq!(refused["error"]["kind"], "not-allowed", "{refused}");
    let typed = format!("http://{address}/");
    let refused = answer(&tablekeeper(
        &station_home,
        &["takeover", c, "--from", &typed],
    ));
    assert_eq!(
        refused["error"]["kind"], "not-allowed",
        "the typed form is read: {refused}"
    );
    let nowhere = answer(&tablekeeper(
        &station_home,
        &["takeover", c, "--from", "main laptop"],
    ));
    assert_eq!(nowhere["error"]["kind"], "invalid-request", "{nowhere}");

    // The main laptop dies; the station stops following and takes over on its own port.
    main.kill().expect("kill the main laptop");
    main.wait().expect("reap");
    station.kill().expect("stop the station");
    station.wait().expect("reap");
    let (mut carried, took) = sharing(
        &station_home,
        &[
            "takeover",
            c,
            "--from",
            &address,
            "--bind",
            "127.0.0.1",
            "--port",
            &carry_port,
            "--for",
            "20",
        ],
    );
    let new_port = took["sharing"]["port"]
        .as_u64()
        .expect("the takeover shares");
    assert_eq!(
        new_port.to_string(),
        carry_port,
        "on the port the station announced"
    );
    let new_address = format!("127.0.0.1:{new_port}");
    let there = tablekeeper_lan::whereabouts_at(&new_address, Duration::from_secs(2))
        .expect("the new main laptop answers");
    assert!(there.epoch >= 1, "a new epoch: {there:?}");
    assert!(there.by.is_some(), "named after the station: {there:?}");

    // The old main laptop's command line learns of it and refuses a change.
    let moved = answer(&tablekeeper(&main_home, &["result", f, "3", "a"]));
    assert_eq!(moved["error"]["kind"], "event-moved", "{moved}");
    assert!(
        moved["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains(&new_address)),
        "says where: {moved}"
    );
    // The copy is the takeover's event now: no other program writes it.
    let recorded = answer(&tablekeeper(&station_home, &["result", c, "3", "a"]));
    assert_eq!(
        recorded["error"]["kind"], "file-in-use",
        "the takeover holds the copy: {recorded}"
    );
    carried.kill().expect("stop");
    carried.wait().expect("reap");
}
