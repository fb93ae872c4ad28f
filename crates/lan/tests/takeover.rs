//! Never two writers (docs/lan.md), on loopback only: a station takes the event over when
//! the main laptop stops; the main laptop, back again, learns of the newer epoch and writes
//! nothing (and still refuses after another restart, with nobody to ask); two stations
//! taking over at once end with one main laptop and the other told where the event went;
//! the phones' view names the stations to look for, and the old main laptop's where the
//! event went.

use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::{LOOPBACK, event, local, own_code, post, serve};
use serde_json::{Value, json};
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_lan::{Follower, ServeOptions, Server, Station};

const EVERY: Duration = Duration::from_millis(50);

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("Player {i}")).collect()
}

fn result(table: u32) -> Value {
    json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null })
}

/// A free port on loopback (bound and let go).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A station following `server`'s event into `dir`, to share it on `port` after a takeover.
fn station(server: &Server, dir: &Path, name: &str, port: Option<u16>) -> (Station, Follower) {
    let station = Station::join(&format!("127.0.0.1:{}", server.port()), &server.join_code())
        .expect("the station joins");
    let follower = Follower::start(
        station.clone(),
        dir.join("Station replicas"),
        name.into(),
        port,
        EVERY,
    );
    (station, follower)
}

/// Waits (at most 10 s) until the follower's copy holds `step` and knows `hosts` stations.
fn caught_up(follower: &Follower, step: i64, hosts: usize) {
    for _ in 0..200 {
        let state = follower.state();
        if state.step == Some(step) && state.hosts.len() >= hosts {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the copy did not catch up: {:?}", follower.state());
}

fn step_of(desk: &Mutex<Desk>) -> i64 {
    desk.lock()
        .expect("desk")
        .session()
        .map(|s| s.log_step())
        .expect("an open event")
}

/// A laptop's own desk, with the app's memory in `dir`.
fn laptop(dir: &Path) -> Arc<Mutex<Desk>> {
    Arc::new(Mutex::new(Desk::new(dir.join("data"), dir.join("events"))))
}

fn shares_on(desk: &Arc<Mutex<Desk>>, port: u16) -> Server {
    Server::start(
        Arc::clone(desk),
        ServeOptions {
            bind: IpAddr::from(LOOPBACK),
            port,
        },
    )
    .expect("sharing on loopback")
}

fn record(desk: &Mutex<Desk>, table: u32) -> Result<Value, tablekeeper_commands::ErrorView> {
    let mut desk = desk.lock().expect("desk");
    surface::dispatch(&mut desk, "record_result", result(table)).map_err(|e| e.to_view())
}

#[test]
fn the_old_main_laptop_back_after_a_takeover_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (main_dir, station_dir) = (dir.path().join("main"), dir.path().join("station"));
    let main = event(&main_dir, &names(8), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let port = server.port();
    let (link, follower) = station(&server, &station_dir, "Station B", None);
    local(&main, "record_result", result(1));
    caught_up(&follower, step_of(&main), 1);
    // The phones' view names the station, on the main laptop's port.
    let room = local(&main, "room", Value::Null);
    assert_eq!(
        room["hosts"],
        json!([format!("127.0.0.1:{port}")]),
        "{}",
        room["hosts"]
    );
    assert_eq!(room["moved_to"], Value::Null);
    let file = main_dir.join("room.tkevent");
    let rows = |desk: &Mutex<Desk>| local(desk, "whereabouts", Value::Null)["rows"].clone();
    let before = rows(&main);

    // The main laptop dies; the station takes over and shares on the same port.
    server.stop();
    drop(main);
    let own = laptop(&station_dir);
    let mut sharing = None;
    let summary = tablekeeper_lan::take_over(&link, follower, &own, || {
        sharing = Some(shares_on(&own, port));
        Ok(())
    })
    .expect("taken over");
    assert_eq!(summary["read_only"], Value::Null, "{summary}");
    record(&own, 2).expect("the new main laptop writes");
    let history = local(&own, "history", Value::Null);
    assert!(
        history.to_string().contains("history.epoch"),
        "the takeover is a step of the log: {history}"
    );

    // The old main laptop comes back: its fence asks the station it remembers.
    let back = laptop(&main_dir);
    local(&back, "open_event", json!({ "path": file }));
    let went = tablekeeper_lan::check_fence(&back, Duration::from_secs(2));
    assert_eq!(went.as_deref(), Some(format!("127.0.0.1:{port}").as_str()));
    let refused = record(&back, 3).expect_err("the old main laptop writes nothing");
    assert_eq!(refused.kind.as_str(), "event-moved", "{refused:?}");
    assert_eq!(refused.params.get("to"), went.as_ref());
    let summary = local(&back, "summary", Value::Null);
    assert_eq!(summary["read_only"]["reason"], "moved", "{summary}");
    let room = local(&back, "room", Value::Null);
    assert_eq!(room["moved_to"], json!(went), "the phones are sent on");
    drop(back);

    // Restarted again with the new main laptop gone quiet: it still refuses, at once.
    drop(sharing.take());
    let again = laptop(&main_dir);
    local(&again, "open_event", json!({ "path": file }));
    let refused = record(&again, 3).expect_err("still refused");
    assert_eq!(refused.kind.as_str(), "event-moved");
    assert_eq!(
        rows(&again),
        before,
        "the old main laptop's file is as it was"
    );
}

#[test]
fn two_stations_taking_over_at_once_end_with_one_main_laptop() {
    let dir = tempfile::tempdir().expect("tempdir");
    let main = event(&dir.path().join("main"), &names(8), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let ports = [free_port(), free_port()];
    let mut links = Vec::new();
    for (n, port) in ports.iter().enumerate() {
        let folder = dir.path().join(format!("station {n}"));
        let name = ["Station B", "Station C"][n];
        links.push((station(&server, &folder, name, Some(*port)), folder, *port));
    }
    local(&main, "record_result", result(1));
    let step = step_of(&main);
    for ((_, follower), _, _) in &links {
        caught_up(follower, step, 2);
    }
    server.stop();
    drop(main);

    // Both press Take over at the same moment.
    let outcomes: Vec<_> = std::thread::scope(|scope| {
        let running: Vec<_> = links
            .into_iter()
            .map(|((link, follower), folder, port)| {
                scope.spawn(move || {
                    let own = laptop(&folder);
                    let mut sharing = None;
                    let outcome = tablekeeper_lan::take_over(&link, follower, &own, || {
                        sharing = Some(shares_on(&own, port));
                        Ok(())
                    });
                    (outcome, own, port, sharing)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("a takeover"))
            .collect()
    });
    let won: Vec<_> = outcomes.iter().filter(|(o, ..)| o.is_ok()).collect();
    let lost: Vec<_> = outcomes.iter().filter(|(o, ..)| o.is_err()).collect();
    assert_eq!((won.len(), lost.len()), (1, 1), "one main laptop");
    let (_, winner, winner_port, _) = won[0];
    let (refusal, loser, ..) = lost[0];
    let refusal = refusal.as_ref().expect_err("refused");
    assert_eq!(refusal.kind.as_str(), "event-moved", "{refusal:?}");
    let address = format!("127.0.0.1:{winner_port}");
    assert!(
        refusal.params.values().any(|v| *v == address),
        "the other is told where the event went: {refusal:?}"
    );
    record(winner, 2).expect("the winner writes");
    let refused = record(loser, 2).expect_err("the other writes nothing");
    assert_eq!(refused.kind.as_str(), "event-moved");
}

#[test]
fn a_change_is_said_saved_once_the_stations_in_step_hold_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let main = event(&dir.path().join("main"), &names(16), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let waiter = server.waiter();
    // Asking every 10 s by itself: only the main laptop's answers keep the copy in step.
    let link = Station::join(&format!("127.0.0.1:{}", server.port()), &server.join_code())
        .expect("joined");
    let follower = Follower::start(
        link.clone(),
        dir.path().join("copies"),
        "Station B".into(),
        None,
        Duration::from_secs(10),
    );
    caught_up(&follower, step_of(&main), 0);
    let rows = |desk: &Mutex<Desk>| {
        desk.lock()
            .expect("desk")
            .session()
            .map(|s| s.log_rows())
            .expect("open")
    };
    // At the main laptop's desk: the copy holds each change when it is said saved.
    for table in 1..=3 {
        local(&main, "record_result", result(table));
        waiter.changed_here().expect("still the main laptop");
        assert_eq!(follower.state().rows, Some(rows(&main)), "table {table}");
    }
    // From the station itself.
    link.call("record_result", &result(4)).expect("entered");
    assert_eq!(follower.state().rows, Some(rows(&main)));
    // A station that stops holds a change up once (at most 2 s), then never again.
    follower.stop();
    local(&main, "record_result", result(5));
    let started = std::time::Instant::now();
    waiter.changed_here().expect("still the main laptop");
    assert!(started.elapsed() <= Duration::from_millis(2_500));
    local(&main, "record_result", result(6));
    let started = std::time::Instant::now();
    waiter.changed_here().expect("still the main laptop");
    assert!(
        started.elapsed() < Duration::from_millis(200),
        "{:?}",
        started.elapsed()
    );
}

/// The main laptop stops answering (its lid shut, its process frozen) while the station
/// takes over with its copy; back again, it has not yet learned of the takeover. A change
/// made there must not be said saved: the event goes on at the station, which lacks it.
/// `waited` is how long the main laptop was gone: past the time a station in step is ever
/// quiet (the frozen case), or a moment (then the change waits for the station in vain).
fn a_change_after_an_unseen_takeover(waited: Duration, from_a_station: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (main_dir, station_dir) = (dir.path().join("main"), dir.path().join("station"));
    let main = event(&main_dir, &names(8), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let waiter = server.waiter();
    let carry_port = free_port();
    let (_link, follower) = station(&server, &station_dir, "Station B", Some(carry_port));
    local(&main, "record_result", result(1));
    waiter.changed_here().expect("the station holds it");
    caught_up(&follower, step_of(&main), 1);
    let main_address = format!("127.0.0.1:{}", server.port());

    // While the main laptop cannot answer, the station carries the event on (the second half
    // of a takeover, what `tablekeeper takeover` runs once the main laptop gave no answer).
    let copy = follower.state().file.expect("a copy");
    follower.stop();
    let own = laptop(&station_dir);
    local(&own, "open_event", json!({ "path": copy }));
    let mut sharing = None;
    tablekeeper_lan::carry_on(&own, &main_address, &[], "Station B", || {
        sharing = Some(shares_on(&own, carry_port));
        Ok(())
    })
    .expect("the station carries the event on");
    std::thread::sleep(waited);

    // Back, the main laptop takes a change: it is refused as moved, not said saved.
    let moved = if from_a_station {
        let desk_station = Station::join(&main_address, &server.join_code()).expect("joins");
        desk_station
            .call("record_result", &result(2))
            .expect_err("not said saved")
    } else {
        record(&main, 2).expect("committed on the main laptop's own file");
        waiter.changed_here().expect_err("not said saved").to_view()
    };
    assert_eq!(
        moved.kind,
        tablekeeper_words::ErrorKind::EventMoved,
        "{moved:?}"
    );
    assert_eq!(moved.key, "error.event-moved.not-saved", "{moved:?}");
    assert!(
        moved.message.contains(&format!("127.0.0.1:{carry_port}")),
        "names where the event goes on: {}",
        moved.message
    );
    // It writes nothing from then on, and the event where it goes on lacks the change.
    let refused = record(&main, 3).expect_err("fenced");
    assert_eq!(refused.kind, tablekeeper_words::ErrorKind::EventMoved);
    let pairings = local(&own, "pairings", json!({ "round": null }));
    let tables = pairings["tables"].as_array().expect("tables");
    assert!(
        tables
            .iter()
            .filter(|t| t["table"] == 2 || t["table"] == 3)
            .all(|t| t["result"].is_null()),
        "{pairings}"
    );
    drop(sharing);
}

#[test]
fn a_main_laptop_frozen_while_a_station_took_over_says_nothing_saved_when_back() {
    // Frozen for longer than a station in step is ever quiet: the desk's own change.
    a_change_after_an_unseen_takeover(Duration::from_millis(3_500), false);
}

#[test]
fn a_change_the_stations_never_acknowledge_is_checked_before_it_is_said_saved() {
    // Gone a moment only: a station's change waits for the station in vain, then asks.
    a_change_after_an_unseen_takeover(Duration::ZERO, true);
}

#[test]
fn the_phones_report_with_their_tickets_at_the_laptop_that_took_over() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (main_dir, station_dir) = (dir.path().join("main"), dir.path().join("station"));
    let main = event(&main_dir, &names(8), "agree");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let carry_port = free_port();
    let (link, follower) = station(&server, &station_dir, "Station B", Some(carry_port));
    caught_up(&follower, step_of(&main), 1);
    let pairings = local(&main, "pairings", json!({ "round": null }));
    let table = &pairings["tables"][0];
    let (a, b) = (
        table["a"]["player"].as_u64().expect("a"),
        table["b"]["player"].as_u64().expect("b"),
    );
    // The tickets the players hold, made on the main laptop.
    let codes = [(a, own_code(&main, a)), (b, own_code(&main, b))];
    let copy = follower.state().file.expect("a copy");
    assert!(
        tablekeeper_commands::room::carried::read(std::path::Path::new(&copy)).is_some(),
        "the room is kept beside the copy"
    );

    server.stop();
    drop(main);
    let own = laptop(&station_dir);
    let mut sharing = None;
    tablekeeper_lan::take_over(&link, follower, &own, || {
        sharing = Some(shares_on(&own, carry_port));
        Ok(())
    })
    .expect("taken over");
    let mut status = Value::Null;
    for (player, code) in &codes {
        let body = json!({ "round": 1, "table": table["table"], "code": code, "player": player, "result": "a" });
        let reply = post(
            carry_port,
            "/api/call/report_result",
            &body.to_string(),
            &[],
        );
        assert_eq!(reply.status, 200, "{}", reply.body);
        status = reply.json()["data"]["status"].clone();
    }
    assert_eq!(
        status, "recorded",
        "both seats agreed, as the main laptop's reporting said"
    );
    let after = local(&own, "pairings", json!({ "round": null }));
    assert_eq!(after["tables"][0]["result"]["winner"], "a", "{after}");
    drop(sharing);
}

/// Where a station would carry the event on, cut off: connections are taken and never
/// answered (the listener is held, never accepted from), as across a cut network.
fn silent_port() -> (std::net::TcpListener, u16) {
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = silent.local_addr().expect("address").port();
    (silent, port)
}

/// A station cut off from the main laptop cannot be told from one that took the event over
/// while cut off (decision 91): the main laptop keeps each change in its file but does not
/// say it is saved until the station asks again or the organizer lets it go. A station
/// whose laptop refuses the connection serves nothing, so it costs nothing.
#[test]
fn a_station_that_does_not_answer_stops_saved_until_it_asks_again_or_is_let_go() {
    use tablekeeper_words::ErrorKind;
    let dir = tempfile::tempdir().expect("tempdir");
    let main = event(&dir.path().join("main"), &names(16), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let waiter = server.waiter();
    let (silent, port) = silent_port();
    let station_dir = dir.path().join("station");
    let (_link, follower) = station(&server, &station_dir, "Station B", Some(port));
    local(&main, "record_result", result(1));
    waiter.changed_here().expect("the station holds it");
    caught_up(&follower, step_of(&main), 1);
    let unconfirmed = |table: u32| {
        local(&main, "record_result", result(table));
        let refused = waiter.changed_here().expect_err("not said saved").to_view();
        assert_eq!(refused.kind, ErrorKind::Unconfirmed, "{refused:?}");
        assert!(refused.message.contains("Station B"), "{}", refused.message);
    };

    // Cut off: the change is kept, not said saved; the next one is answered at once.
    follower.stop();
    unconfirmed(2);
    assert!(
        waiter.followed(),
        "the window's own thread must not say a change saved meanwhile"
    );
    let started = std::time::Instant::now();
    unconfirmed(3);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    let pairings = local(&main, "pairings", json!({ "round": null }));
    let kept = pairings["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .filter(|t| (t["table"] == 2 || t["table"] == 3) && !t["result"].is_null())
        .count();
    assert_eq!(kept, 2, "kept in the main laptop's file: {pairings}");
    let copies = local(&main, "replicas", Value::Null);
    assert_eq!(copies[0]["unanswered"], true, "{copies}");

    // The station asks again: it is a station, so it did not take over; saved again.
    let (_link, follower) = station(&server, &station_dir, "Station B", Some(port));
    caught_up(&follower, step_of(&main), 1);
    local(&main, "record_result", result(4));
    waiter.changed_here().expect("saved again");

    // Cut off again, then let go by the organizer: saved again.
    follower.stop();
    unconfirmed(5);
    let copies = local(&main, "let_station_go", json!({ "station": "Station B" }));
    assert_eq!(copies, json!([]), "{copies}");
    local(&main, "record_result", result(6));
    waiter
        .changed_here()
        .expect("saved once the station is let go");
    assert!(!waiter.followed(), "no station left to wait for");
    let unknown = surface::dispatch(
        &mut main.lock().expect("desk"),
        "let_station_go",
        json!({ "station": "Station Z" }),
    )
    .expect_err("no such station");
    assert_eq!(unknown.to_view().kind, ErrorKind::InvalidRequest);

    // A station whose laptop refuses the connection (closed, crashed) holds nothing up.
    let (_link, follower) = station(&server, &station_dir, "Station C", Some(free_port()));
    caught_up(&follower, step_of(&main), 1);
    follower.stop();
    local(&main, "record_result", result(7));
    waiter
        .changed_here()
        .expect("saved: nothing serves the event there");
    drop(silent);
}

/// Another station acknowledging every change at once does not make up for one that went
/// quiet: the quiet one may have taken the event over (decision 91).
#[test]
fn a_station_gone_quiet_is_asked_about_though_another_acknowledges() {
    use tablekeeper_words::ErrorKind;
    let dir = tempfile::tempdir().expect("tempdir");
    let main = event(&dir.path().join("main"), &names(16), "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let waiter = server.waiter();
    let (silent, port) = silent_port();
    let (_cut, cut) = station(&server, &dir.path().join("b"), "Station B", Some(port));
    let (_near, near) = station(
        &server,
        &dir.path().join("c"),
        "Station C",
        Some(free_port()),
    );
    local(&main, "record_result", result(1));
    waiter.changed_here().expect("both hold it");
    caught_up(&cut, step_of(&main), 2);
    caught_up(&near, step_of(&main), 2);
    // B goes quiet for longer than a station in step ever is, while C keeps asking.
    cut.stop();
    std::thread::sleep(Duration::from_millis(3_500));
    local(&main, "record_result", result(2));
    let refused = waiter.changed_here().expect_err("not said saved").to_view();
    assert_eq!(refused.kind, ErrorKind::Unconfirmed, "{refused:?}");
    assert!(refused.message.contains("Station B"), "{}", refused.message);
    assert!(
        !refused.message.contains("Station C"),
        "{}",
        refused.message
    );
    drop(silent);
}
