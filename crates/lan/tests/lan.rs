//! The LAN server on loopback only (127.0.0.1 and ::1): players report results with their
//! table's code, a station joins and enters results once even when it sends them twice,
//! and a corpus of bad requests is refused with a clear 4xx, recording nothing.

use crate::support;

use std::net::{IpAddr, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::support::{Reply, exchange};
use serde_json::{Value, json};
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_lan::{ServeOptions, Server};

struct Room {
    desk: Arc<Mutex<Desk>>,
    server: Option<Server>,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Room {
    /// An event of four players in round 1, shared on 127.0.0.1 with `reporting`.
    fn new(reporting: &str) -> Room {
        Room::on(IpAddr::from([127, 0, 0, 1]), reporting)
    }

    fn on(ip: IpAddr, reporting: &str) -> Room {
        let dir = tempfile::tempdir().expect("tempdir");
        // A stand-in printer: the LAN tests check where a printout goes, not what it shows.
        let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events")).with_printer(
            |_, request, _| Ok(format!("%PDF {}", request.document.id()).into_bytes()),
        );
        let file = dir.path().join("room.tkevent").display().to_string();
        for (name, request) in [
            (
                "create_event",
                json!({ "name": "Locals", "ruleset": "bandai", "planned_rounds": 3, "path": file }),
            ),
            (
                "add_players",
                json!({ "names": ["山田 太郎", "Alice", "Борис", "김민준"] }),
            ),
            (
                "edit_player",
                json!({ "player": "Alice", "publisher_id": "BCS-0042-SECRET" }),
            ),
            (
                "penalty",
                json!({ "player": "Alice", "penalty": "warning", "infraction": "slow play", "note": null }),
            ),
            ("pair_round", json!({ "allow_rematches": false })),
            (
                "set_room",
                json!({ "publish_standings": true, "reporting": reporting }),
            ),
        ] {
            surface::dispatch(&mut desk, name, request)
                .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()));
        }
        let desk = Arc::new(Mutex::new(desk));
        let server = Server::start(Arc::clone(&desk), ServeOptions { bind: ip, port: 0 })
            .expect("the server starts on loopback");
        let port = server.port();
        Room {
            desk,
            server: Some(server),
            port,
            _dir: dir,
        }
    }

    /// A station joined with the join code the main laptop shows.
    fn join(&self) -> tablekeeper_lan::Station {
        let code = self
            .server
            .as_ref()
            .map(|s| s.join_code().to_string())
            .expect("code");
        tablekeeper_lan::Station::join(&format!("127.0.0.1:{}", self.port), &code).expect("joined")
    }

    fn local(&self, name: &str, request: Value) -> Value {
        let mut desk = self.desk.lock().expect("desk");
        surface::dispatch(&mut desk, name, request)
            .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()))
    }

    fn post(&self, path: &str, body: &str, headers: &[(&str, &str)]) -> Reply {
        support::post(self.port, path, body, headers)
    }

    fn call(&self, name: &str, request: Value) -> Reply {
        self.post(&format!("/api/call/{name}"), &request.to_string(), &[])
    }

    /// A page file, asked for as a phone's browser does.
    fn get(&self, path: &str) -> Reply {
        exchange(
            self.port,
            IpAddr::from([127, 0, 0, 1]),
            format!(
                "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
                self.port
            )
            .as_bytes(),
        )
    }

    fn table(&self, number: u32) -> (u64, u64, String) {
        let room = self.call("room", Value::Null).json();
        let table = room["data"]["tables"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["table"] == number))
            .cloned()
            .expect("the table");
        let codes = self.local("table_codes", json!({ "round": null }));
        let code = codes
            .as_array()
            .and_then(|c| c.iter().find(|c| c["table"] == number))
            .and_then(|c| c["code"].as_str())
            .expect("a code")
            .to_string();
        (
            table["a"]["number"].as_u64().expect("a"),
            table["b"]["number"].as_u64().expect("b"),
            code,
        )
    }

    /// Rows in the event's log: every change adds one.
    fn log_rows(&self) -> usize {
        self.desk
            .lock()
            .expect("desk")
            .session()
            .map(|s| s.revision())
            .expect("an open event")
    }

    fn result_of(&self, table: u32) -> Value {
        let pairings = self.local("pairings", json!({ "round": null }));
        pairings["tables"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["table"] == table))
            .map(|t| t["result"].clone())
            .unwrap_or(Value::Null)
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}

fn report(room: &Room, table: u32, player: u64, code: &str, result: &str) -> Reply {
    room.call(
        "report_result",
        json!({ "round": 1, "table": table, "code": code, "player": player, "result": result }),
    )
}

#[test]
fn the_players_page_finds_every_script_and_hides_ids_and_penalties() {
    let room = Room::new("agree");
    let page = room.get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("/room.js"));
    let view = room.call("room", Value::Null);
    assert_eq!(view.status, 200, "{}", view.body);
    for name in ["山田 太郎", "Alice", "Борис", "김민준"] {
        assert!(view.body.contains(name), "{name} is on the page");
    }
    assert!(!view.body.contains("BCS-0042"), "a publisher ID was served");
    assert!(
        !view.body.to_lowercase().contains("slow play"),
        "a penalty was served"
    );
    assert!(!view.body.contains("pairing_seed"), "the seed was served");
    assert!(view.json()["data"]["standings"]["rows"].is_array());
}

/// A player's own code, from their ticket (the main laptop's view).
fn own_code(room: &Room, player: u64) -> String {
    room.local("player_ticket", json!({ "player": player.to_string() }))["code"]
        .as_str()
        .expect("a ticket's code")
        .to_string()
}

#[test]
fn two_players_own_codes_record_a_result_and_a_wrong_code_records_nothing() {
    let room = Room::new("agree");
    let (a, b, _) = room.table(1);
    let before = room.log_rows();
    let wrong = report(&room, 1, a, "ZZZZZ", "a");
    assert_eq!((wrong.status, wrong.kind()), (403, "wrong-code".into()));
    let first = report(&room, 1, a, &own_code(&room, a), "a");
    assert_eq!(
        first.json()["data"]["status"],
        "waiting-for-opponent",
        "{}",
        first.body
    );
    assert_eq!(room.log_rows(), before, "one report records nothing");
    let second = report(&room, 1, b, &own_code(&room, b), "a");
    assert_eq!(
        second.json()["data"]["status"],
        "recorded",
        "{}",
        second.body
    );
    assert_eq!(room.result_of(1)["winner"], "a");
    assert_eq!(room.log_rows(), before + 1);
    let again = report(&room, 1, b, &own_code(&room, b), "a");
    assert_eq!((again.status, again.kind()), (409, "result-exists".into()));
}

/// The slip's code is on the table for both players to see, and player
/// numbers are public; one phone sending both seats' reports with it records nothing.
#[test]
fn one_device_with_the_slip_and_both_numbers_cannot_record_a_result() {
    let room = Room::new("agree");
    let (a, b, code) = room.table(1);
    let before = room.log_rows();
    report(&room, 1, a, &code, "a");
    let second = report(&room, 1, b, &code, "a");
    assert_eq!(
        second.json()["data"]["status"],
        "waiting-for-scorekeeper",
        "{}",
        second.body
    );
    assert_eq!(
        room.log_rows(),
        before,
        "nothing recorded without the scorekeeper"
    );
    // One player's own code and the slip's code for the other seat: still the scorekeeper's.
    let mixed = report(&room, 1, a, &own_code(&room, a), "a");
    assert_eq!(mixed.json()["data"]["status"], "waiting-for-scorekeeper");
    assert_eq!(room.log_rows(), before);
    // The slip's code cannot overwrite what a player reported with their own code.
    let overwrite = report(&room, 1, a, &code, "b");
    assert_eq!(
        (overwrite.status, overwrite.kind()),
        (403, "not-allowed".into())
    );
    // The scorekeeper confirms the agreed result.
    room.local("confirm_report", json!({ "round": 1, "table": 1 }));
    assert_eq!(room.result_of(1)["winner"], "a");
}

/// A reissued code works at once and the old one is refused at once; a player's code proves
/// only that player's seat.
#[test]
fn a_revoked_code_is_refused_at_once_and_a_code_proves_one_seat_only() {
    let room = Room::new("agree");
    let (a, b, _) = room.table(1);
    let old = own_code(&room, a);
    let who = room.call("player_by_code", json!({ "code": old.to_lowercase() }));
    assert_eq!(who.json()["data"]["player"], a, "{}", who.body);
    let ticket = room.local("reissue_player_code", json!({ "player": a.to_string() }));
    let new = ticket["code"].as_str().expect("new code").to_string();
    assert_ne!(new, old);
    let refused = report(&room, 1, a, &old, "a");
    assert_eq!((refused.status, refused.kind()), (403, "wrong-code".into()));
    let unknown = room.call("player_by_code", json!({ "code": old }));
    assert_eq!(unknown.kind(), "wrong-code");
    // A's own code reporting as B is no proof for B (nor a table code).
    let as_other = report(&room, 1, b, &new, "a");
    assert_eq!(as_other.kind(), "wrong-code");
    assert_eq!(
        report(&room, 1, a, &new, "a").json()["data"]["status"],
        "waiting-for-opponent"
    );
    // The code never appears in what the room or the players list shows.
    let seen =
        room.call("room", Value::Null).body + &room.local("players", Value::Null).to_string();
    assert!(!seen.contains(&new.replace('-', "")) && !seen.contains(&new));
}

/// A report is checked against the table's kind before it is kept.
#[test]
fn a_team_result_at_a_one_on_one_table_is_refused_from_either_seat() {
    let room = Room::new("agree");
    let (a, b, code) = room.table(1);
    for player in [a, b] {
        let refused = report(&room, 1, player, &code, "team:a,b");
        assert_eq!(
            (refused.status, refused.kind()),
            (400, "invalid-result".into()),
            "{}",
            refused.body
        );
    }
    assert_eq!(
        room.call("room", Value::Null).json()["data"]["tables"][0]["report"],
        Value::Null,
        "nothing kept"
    );
}

#[test]
fn disagreeing_reports_are_flagged_for_the_scorekeeper() {
    let room = Room::new("agree");
    let (a, b, code) = room.table(1);
    report(&room, 1, a, &code, "a");
    let second = report(&room, 1, b, &code, "b");
    assert_eq!(second.json()["data"]["status"], "disagree");
    assert_eq!(room.result_of(1), Value::Null);
    let flagged = room.local("reports", Value::Null);
    assert_eq!(flagged[0]["status"], "disagree");
    assert_eq!(
        room.call("room", Value::Null).json()["data"]["tables"][0]["report"],
        "disagree"
    );
}

#[test]
fn codes_die_with_their_round_and_guessing_is_slowed_down() {
    let room = Room::new("agree");
    let (a, b, code) = room.table(1);
    let (c, d, _) = room.table(2);
    report(&room, 1, a, &own_code(&room, a), "a");
    report(&room, 1, b, &own_code(&room, b), "a");
    report(&room, 2, c, &own_code(&room, c), "b");
    report(&room, 2, d, &own_code(&room, d), "b");
    room.local("pair_round", json!({ "allow_rematches": false }));
    let stale = room.call(
        "report_result",
        json!({ "round": 1, "table": 1, "code": code, "player": a, "result": "a" }),
    );
    assert_eq!(stale.kind(), "wrong-code", "{}", stale.body);
    for _ in 0..12 {
        report(&room, 1, a, "AAAAA", "a");
    }
    let (a2, _, new_code) = {
        let (x, y, z) = room.table(1);
        (x, y, z)
    };
    let limited = room.call(
        "report_result",
        json!({ "round": 2, "table": 1, "code": new_code, "player": a2, "result": "a" }),
    );
    assert_eq!(
        (limited.status, limited.kind()),
        (429, "too-many-attempts".into())
    );
}

#[test]
fn a_station_joins_and_an_entry_sent_twice_is_recorded_once() {
    let room = Room::new("off");
    let join_code = room
        .server
        .as_ref()
        .map(|s| s.join_code().to_string())
        .expect("join code");
    let secret: String = tablekeeper_lan::testing::parse_join_code(&join_code)
        .expect("a join code")
        .0;
    let station = |path: &str, body: &str, headers: &[(&str, &str)]| {
        support::tls_post(room.port, &join_code, path, body, headers)
    };
    // Over plain HTTP no station joins, even with the right code: its token would cross
    // the network in clear.
    let in_clear = room.post("/api/join", &json!({ "code": secret }).to_string(), &[]);
    assert_eq!(
        (in_clear.status, in_clear.kind()),
        (403, "not-allowed".into())
    );
    assert!(
        in_clear.body.contains("station-in-clear"),
        "{}",
        in_clear.body
    );
    let refused = station("/api/join", &json!({ "code": "AAAAAAAA" }).to_string(), &[]);
    assert_eq!(
        (refused.status, refused.kind()),
        (403, "not-allowed".into())
    );
    let joined = station(
        "/api/join",
        &json!({ "code": secret.to_lowercase() }).to_string(),
        &[],
    );
    let token = joined.json()["data"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("a token: {}", joined.body))
        .to_string();
    let bearer = format!("Bearer {token}");
    let entry = |table: u32| {
        json!({ "round": 1, "table": table, "result": "a", "replace": false, "override_reason": null })
            .to_string()
    };
    let without = station("/api/call/record_result", &entry(1), &[]);
    assert_eq!(
        (without.status, without.kind()),
        (403, "not-allowed".into())
    );
    let before = room.log_rows();
    let headers = [
        ("Authorization", bearer.as_str()),
        ("Idempotency-Key", "station-1-entry-1"),
    ];
    let first = station("/api/call/record_result", &entry(1), &headers);
    assert_eq!(first.status, 200, "{}", first.body);
    let second = station("/api/call/record_result", &entry(1), &headers);
    assert_eq!(second.body, first.body, "the same answer, from memory");
    assert_eq!(room.log_rows(), before + 1, "recorded once");
    // Two long keys that share their first 200 characters are two keys.
    let long = "k".repeat(200);
    let (key_a, key_b) = (format!("{long}-a"), format!("{long}-b"));
    let third = station(
        "/api/call/record_result",
        &entry(2),
        &[
            ("Authorization", bearer.as_str()),
            ("Idempotency-Key", &key_a),
        ],
    );
    assert_eq!(third.status, 200, "{}", third.body);
    assert_eq!(room.log_rows(), before + 2);
    assert_eq!(room.result_of(2)["winner"], "a");
    let fourth = station(
        "/api/call/record_result",
        &json!({ "round": 1, "table": 2, "result": "b", "replace": true, "override_reason": null })
            .to_string(),
        &[
            ("Authorization", bearer.as_str()),
            ("Idempotency-Key", &key_b),
        ],
    );
    assert_eq!(fourth.status, 200, "{}", fourth.body);
    assert_eq!(
        room.result_of(2)["winner"],
        "b",
        "the second key was recorded"
    );
    let pairings = station("/api/call/pairings", r#"{"round":null}"#, &headers[..1]);
    assert_eq!(pairings.status, 200);
    let local = station(
        "/api/call/export",
        r#"{"format":"csv","path":"/tmp/x.csv"}"#,
        &headers[..1],
    );
    assert_eq!((local.status, local.kind()), (403, "not-allowed".into()));
    // A token seen in clear is refused there and revoked: anyone may have read it.
    let leaked = room.post("/api/call/pairings", r#"{"round":null}"#, &headers[..1]);
    assert_eq!((leaked.status, leaked.kind()), (403, "not-allowed".into()));
    let after_leak = station("/api/call/pairings", r#"{"round":null}"#, &headers[..1]);
    assert_eq!(
        (after_leak.status, after_leak.kind()),
        (403, "not-allowed".into()),
        "{}",
        after_leak.body
    );
}

/// The phones' fast answer to `room` is the surface's `room`, field for field.
#[test]
fn the_polled_room_is_the_surfaces_room() {
    let room = Room::new("confirm");
    room.local("set_clock", json!({ "clock": { "duration_ms": 60_000, "used_ms": 5_000, "running_since": null, "round": 1 } }));
    let (a, _, code) = room.table(1);
    report(&room, 1, a, &code, "a");
    let served = room.call("room", Value::Null).json()["data"].clone();
    let direct = room.local("room", Value::Null);
    assert_eq!(served, direct);
    assert_eq!(served["clock"]["remaining_ms"], 55_000);
    assert_eq!(served["tables"][0]["report"], "waiting-for-opponent");
}

#[test]
fn bad_requests_get_a_clear_refusal_and_change_nothing() {
    let room = Room::new("agree");
    let (a, _, code) = room.table(1);
    let before = room.log_rows();
    let port = room.port;
    let host = format!("127.0.0.1:{port}");
    let big = "x".repeat(300 * 1024);
    let cases: Vec<(String, u16, &str)> = vec![
        (
            format!(
                "POST /api/call/report_result HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{big}",
                big.len()
            ),
            413,
            "request-too-large",
        ),
        (
            format!(
                "POST /api/call/report_result HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{{\"round\":"
            ),
            400,
            "invalid-request",
        ),
        (
            format!(
                "POST /api/call/report_result HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n[]"
            ),
            400,
            "invalid-request",
        ),
        (
            format!(
                "POST /api/call/report_result HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\nConnection: close\r\n\r\nround=1"
            ),
            400,
            "invalid-request",
        ),
        (
            format!(
                "POST /api/call/report_result HTTP/1.1\r\nHost: {host}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
            ),
            403,
            "not-allowed",
        ),
        (
            format!(
                "POST /api/call/room HTTP/1.1\r\nHost: evil.example:{port}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
            ),
            403,
            "not-allowed",
        ),
        (
            format!("GET /../../etc/passwd HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            404,
            "unknown-command",
        ),
        (
            format!("GET /%2e%2e/Cargo.toml HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            404,
            "unknown-command",
        ),
        (
            format!("GET /api/call/room HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            404,
            "unknown-command",
        ),
        (
            format!(
                "POST /api/call/no_such_command HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
            ),
            404,
            "unknown-command",
        ),
        (
            format!(
                "POST /api/call/set_room HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 44\r\nConnection: close\r\n\r\n{{\"publish_standings\":true,\"reporting\":\"off\"}}"
            ),
            403,
            "not-allowed",
        ),
        (
            format!(
                "POST /api/call/undo HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull",
                "0".repeat(64)
            ),
            403,
            "not-allowed",
        ),
        (
            format!(
                "POST /api/join HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
            ),
            403,
            "not-allowed",
        ),
    ];
    for (raw, status, kind) in &cases {
        let reply = exchange(port, IpAddr::from([127, 0, 0, 1]), raw.as_bytes());
        let first_line = raw.lines().next().unwrap_or("");
        assert_eq!(
            (reply.status, reply.kind().as_str()),
            (*status, *kind),
            "{first_line}: {}",
            reply.body
        );
    }
    // A replayed report of a code for the wrong table, or with a player from elsewhere.
    let other_table = report(&room, 2, a, &code, "a");
    assert_eq!(other_table.kind(), "wrong-code");
    let garbage = exchange(
        port,
        IpAddr::from([127, 0, 0, 1]),
        b"\x00\x01GARBAGE\r\n\r\n",
    );
    assert!(
        garbage.status == 0 || (400..500).contains(&garbage.status),
        "{}",
        garbage.status
    );
    assert_eq!(room.log_rows(), before, "nothing was recorded");
    assert_eq!(room.result_of(1), Value::Null);
}

#[test]
fn the_server_answers_on_ipv6_loopback_and_stops_when_asked() {
    let Ok(listener) = std::net::TcpListener::bind("[::1]:0") else {
        eprintln!("no IPv6 loopback on this machine; skipped");
        return;
    };
    drop(listener);
    let mut room = Room::on("::1".parse().expect("::1"), "off");
    let port = room.port;
    let raw = format!(
        "POST /api/call/room HTTP/1.1\r\nHost: [::1]:{port}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnull"
    );
    let reply = exchange(port, "::1".parse().expect("::1"), raw.as_bytes());
    assert_eq!(reply.status, 200, "{}", reply.body);
    if let Some(server) = room.server.take() {
        server.stop();
    }
    // The listener closes as its accept thread notices (at once, give or take a moment).
    let closed = (0..300).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        TcpStream::connect(("::1", port)).is_err()
    });
    assert!(closed, "stopped means closed");
}

/// The app as a station: its window's own commands run here with the main laptop's event
/// as the open one, results go there, printouts are written here, files and sharing are
/// refused.
#[test]
fn the_app_as_a_station_runs_results_there_and_prints_here() {
    let room = Room::new("off");
    let station = room.join();
    let here = tempfile::tempdir().expect("tempdir");
    let own = Mutex::new(
        Desk::new(here.path().join("data"), here.path().join("documents")).with_printer(
            |_, request, _| Ok(format!("%PDF {}", request.document.id()).into_bytes()),
        ),
    );
    let info = station
        .run_for_app(&own, "app_info", Value::Null)
        .expect("app_info");
    assert_eq!(info["open_event"]["name"], "Locals");
    assert!(
        info["station"]
            .as_str()
            .is_some_and(|s| s.contains("127.0.0.1"))
    );
    let before = room.log_rows();
    let recorded = station
        .run_for_app_counted(&own, "record_result", json!({ "round": null, "table": 1, "result": "a", "replace": false, "override_reason": null }))
        .expect("recorded there");
    assert_eq!(room.log_rows(), before + 1);
    // The answer says how many rows the station's copy must hold: no second ask.
    let rows = room
        .desk
        .lock()
        .expect("desk")
        .session()
        .map(|s| s.log_rows())
        .expect("an open event");
    assert_eq!(recorded.rows, Some(rows));
    let read = station
        .run_for_app_counted(&own, "summary", Value::Null)
        .expect("summary");
    assert_eq!(read.rows, None, "a read changes nothing to wait for");
    assert_eq!(room.result_of(1)["winner"], "a");
    let refused = station
        .run_for_app(
            &own,
            "export",
            json!({ "format": "json", "path": "/tmp/x.json", "encoding": null }),
        )
        .expect_err("a station exports nothing");
    assert_eq!(refused.kind.as_str(), "not-allowed");
    let printed = station
        .run_for_app(&own, "print", json!({ "document": "slips", "round": null, "paper": "a4", "language": "en", "open": false }))
        .expect("printed here");
    let path = printed["path"].as_str().expect("path").to_string();
    assert!(
        path.starts_with(&here.path().display().to_string()),
        "{path}"
    );
    assert!(std::fs::read(&path).is_ok_and(|bytes| bytes.starts_with(b"%PDF")));
}

#[test]
fn an_event_closed_on_the_main_laptop_is_not_served() {
    let room = Room::new("off");
    room.local("close_event", Value::Null);
    let reply = room.call("room", Value::Null);
    assert_eq!((reply.status, reply.kind()), (503, "no-event".into()));
}

/// The page the server sends is the one in the repository (nothing else can be reached).
#[test]
fn only_the_pages_own_files_are_served() {
    let room = Room::new("off");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    for (path, file) in [
        ("/", "index.html"),
        ("/room.js", "room.js"),
        ("/room.css", "room.css"),
    ] {
        let reply = room.get(path);
        let expected = std::fs::read_to_string(root.join(file)).expect("page file");
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (200, expected.as_str()),
            "{path}"
        );
    }
    // The page's words come from the shared catalogues, every language.
    let words = room.get("/words.js");
    assert_eq!(words.status, 200);
    assert!(words.body.starts_with("globalThis.TABLEKEEPER_WORDS = {"));
    for language in tablekeeper_words::Language::ALL {
        let section = tablekeeper_words::catalogue::section(*language, "room").expect("room");
        assert!(
            words.body.contains(&section.to_string()),
            "{language}: the room words are served"
        );
    }
}

/// A port another program listens on is named as such (not as a file problem).
#[test]
fn a_port_in_use_is_said_so() {
    let room = Room::new("off");
    let second = Server::start(
        Arc::clone(&room.desk),
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: room.port,
        },
    )
    .map(|_| ())
    .expect_err("the port is taken");
    let error = tablekeeper_commands::CommandError::from(second).to_view();
    assert_eq!(error.kind.as_str(), "port-in-use");
    assert_eq!(error.params["port"], room.port.to_string());
}

/// A side event opened beside the shared event becomes the scorekeeper's, and the
/// phones still get the shared event; the page lists every open event, follows another by
/// its code, and a code of no open event is refused. The scorekeeper's event is unchanged.
#[test]
fn phones_follow_every_open_event_while_the_scorekeeper_works_on_another() {
    let room = Room::new("agree");
    let side = room._dir.path().join("side.tkevent");
    room.local(
        "create_event",
        json!({ "name": "Side", "ruleset": "bandai", "planned_rounds": 3, "path": side }),
    );
    room.local("add_players", json!({ "names": ["S1", "S2", "S3", "S4"] }));
    room.local("pair_round", json!({ "allow_rematches": false }));
    let shared = room.call("room", Value::Null).json()["data"].clone();
    assert_eq!(
        shared["event"], "Locals",
        "the shared event, not the active one"
    );
    let events = shared["events"].as_array().cloned().unwrap_or_default();
    assert_eq!(events.len(), 2, "{shared}");
    let code = events
        .iter()
        .find(|e| e["name"] == "Side")
        .and_then(|e| e["code"].as_str())
        .expect("the side event's code")
        .to_string();
    let followed = room.post("/api/call/room", "null", &[("X-Event", code.as_str())]);
    let followed = followed.json()["data"].clone();
    assert_eq!(followed["event"], "Side");
    assert_eq!(followed["tables"][0]["table"], 101, "its own table range");
    assert_eq!(
        room.post("/api/call/room", "null", &[("X-Event", "ZZZZZZ")])
            .kind(),
        "no-event"
    );
    assert_eq!(room.local("summary", Value::Null)["name"], "Side");
    // A step from a phone goes to the shared event: reporting is on there (off in the side
    // event), so a wrong code is refused as a wrong code.
    assert_eq!(report(&room, 1, 1, "AAAAA", "a").kind(), "wrong-code");
}

/// A ticket belongs to its event: a side event's player, whose phone holds their own code,
/// sees their table and drops or calls a judge from the phone although another event is
/// shared, with no event chosen on the page. Sharing survives opening and closing events:
/// once the shared event is closed, the phones get the event now active.
#[test]
fn every_phone_step_works_for_whichever_open_event_the_player_is_in() {
    let room = Room::new("agree");
    let side = room._dir.path().join("side.tkevent");
    room.local(
        "create_event",
        json!({ "name": "Side", "ruleset": "bandai", "planned_rounds": 3, "path": side }),
    );
    room.local("add_players", json!({ "names": ["S1", "S2", "S3", "S4"] }));
    room.local("pair_round", json!({ "allow_rematches": false }));
    let ticket = room.local("player_ticket", json!({ "player": "S2" }));
    let code = ticket["code"].as_str().expect("S2's code").to_string();
    let me = room.call("me", json!({ "code": code }));
    assert_eq!(me.status, 200, "{}", me.body);
    let me = me.json()["data"].clone();
    assert_eq!(
        (me["event"].clone(), me["name"].clone()),
        (json!("Side"), json!("S2"))
    );
    assert!(
        me["table"].is_object(),
        "S2's table in the side event: {me}"
    );
    assert!(me["event_code"].is_string(), "{me}");
    let called = room.call(
        "call_judge",
        json!({ "code": code, "reason": "rules question" }),
    );
    assert_eq!(called.status, 200, "{}", called.body);
    let calls = room.local("judge_calls", Value::Null);
    assert_eq!(calls["calls"][0]["reason"], "rules question", "{calls}");
    let asked = room.call("request_drop", json!({ "code": code }));
    assert_eq!(asked.status, 200, "{}", asked.body);
    // A code of no open event is still a wrong code.
    assert_eq!(
        room.call("me", json!({ "code": "AAAAA-AAAAA" })).kind(),
        "wrong-code"
    );
    // The shared event ("Locals") is closed: the page shows the event being worked on,
    // phones reach their own events by their codes, and a station's call is refused rather
    // than moved to another event.
    let join_code = room.server.as_ref().expect("sharing").join_code();
    let station = tablekeeper_lan::Station::join(&format!("127.0.0.1:{}", room.port), &join_code)
        .expect("a station joins");
    assert_eq!(
        station
            .call("summary", &Value::Null)
            .expect("the shared event")["name"],
        "Locals"
    );
    room.local(
        "switch_event",
        json!({ "path": room._dir.path().join("room.tkevent") }),
    );
    room.local("close_event", Value::Null);
    let now = room.call("room", Value::Null);
    assert_eq!(now.status, 200, "{}", now.body);
    assert_eq!(now.json()["data"]["event"], "Side");
    let me = room.call("me", json!({ "code": code }));
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["data"]["name"], "S2");
    let refused = station
        .call("summary", &Value::Null)
        .expect_err("the station's event is closed");
    assert_eq!(
        refused.kind,
        tablekeeper_words::ErrorKind::NoEvent,
        "{refused:?}"
    );
    // A code of no open event is not a wrong code now (the phone keeps it): nothing is shared.
    assert_eq!(
        room.call("me", json!({ "code": "AAAAA-AAAAA" })).kind(),
        "no-event"
    );
    // A new event created meanwhile does not end sharing: the page shows it, and S2's
    // phone still reaches the side event.
    let third = room._dir.path().join("third.tkevent");
    room.local(
        "create_event",
        json!({ "name": "Third", "ruleset": "bandai", "planned_rounds": 3, "path": third }),
    );
    assert_eq!(
        room.call("room", Value::Null).json()["data"]["event"],
        "Third"
    );
    assert_eq!(
        room.call("me", json!({ "code": code })).json()["data"]["event"],
        "Side"
    );
}

/// Decks stay with the scorekeeper: with every player's deck registered under a distinctive
/// label, no answer a phone can ask for — every public command of the surface, the page
/// itself, a player's own view by their code — carries a deck's label or name. (The meta is
/// the desk's, shown on the projector when the organizer sends it there.)
#[test]
fn no_deck_reaches_a_phone() {
    let room = Room::new("agree");
    let decks = register_decks(&room);
    // A reveal set for later hides them until then, as no reveal does.
    let later = now_ms() + 3_600_000;
    room.local(
        "set_room",
        json!({ "publish_standings": true, "reporting": "agree", "decks_revealed_at": later }),
    );
    for body in phone_answers(&room) {
        for label in decks {
            assert!(
                !body.contains(label),
                "{label} was served to a phone: {body}"
            );
        }
    }
}

/// The time now in milliseconds since 1970, as the app's clock gives it.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Four made-up deck labels, one a player, that appear in nothing else the room serves.
fn register_decks(room: &Room) -> [&'static str; 4] {
    let decks = [
        "Zorvex Nation",
        "Quillmoor Ride",
        "Velkarin Oshi",
        "Ombrasque",
    ];
    for (player, label) in ["山田 太郎", "Alice", "Борис", "김민준"]
        .into_iter()
        .zip(decks)
    {
        room.local(
            "set_deck",
            json!({ "player": player, "nation_clan": label, "ride_line": "", "title": "", "oshi": "", "name": format!("{label} deck") }),
        );
    }
    decks
}

/// Once the organizer reveals the decks — at a time set beforehand, or at once — every
/// phone's room (and the projector, which shows the same room) names each player's deck.
#[test]
fn decks_reach_the_phones_once_revealed() {
    let room = Room::new("agree");
    let decks = register_decks(&room);
    let soon = now_ms() + 1_500;
    room.local(
        "set_room",
        json!({ "publish_standings": true, "reporting": "agree", "decks_revealed_at": soon }),
    );
    let hidden = room.call("room", Value::Null).json();
    assert_eq!(hidden["data"]["decks"], Value::Null, "{hidden}");
    // The time passes: the next poll shows them, with no step by the organizer.
    let mut revealed = hidden;
    for _ in 0..40 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        revealed = room.call("room", Value::Null).json();
        if !revealed["data"]["decks"].is_null() {
            break;
        }
    }
    assert_ne!(revealed["data"]["version"], Value::Null);
    let shown = revealed["data"]["decks"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(shown.len(), 4, "{revealed}");
    for label in decks {
        assert!(
            shown
                .iter()
                .any(|d| d["deck"].as_str().is_some_and(|deck| deck.contains(label))),
            "{label} revealed: {revealed}"
        );
    }
    // Hidden again: gone from the next answer.
    room.local(
        "set_room",
        json!({ "publish_standings": true, "reporting": "agree", "decks_revealed_at": null }),
    );
    for body in phone_answers(&room) {
        for label in decks {
            assert!(!body.contains(label), "{label} after hiding: {body}");
        }
    }
}

/// Published ratings reach each player's phone, their own only: the room everyone sees
/// carries none, and a player's code shows theirs, with the match that moved it.
#[test]
fn a_phone_shows_its_own_rating_once_published() {
    let room = Room::new("agree");
    let (a, b, _) = room.table(1);
    let before = room
        .call("me", json!({ "code": own_code(&room, a) }))
        .json();
    assert_eq!(before["data"]["rating"], Value::Null, "{before}");
    for table in [1, 2] {
        room.local(
            "record_result",
            json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null }),
        );
    }
    let published = room.local("publish_ratings", json!({ "library": false }));
    assert_eq!(published["rated_players"], 4, "{published}");
    let mine = room
        .call("me", json!({ "code": own_code(&room, a) }))
        .json();
    let rating = &mine["data"]["rating"];
    assert!(
        rating["rating"].as_i64().is_some_and(|r| r > 1500),
        "{mine}"
    );
    assert_eq!(
        rating["matches"].as_array().map(Vec::len),
        Some(1),
        "{mine}"
    );
    assert_eq!(rating["matches"][0]["result"], "win", "{mine}");
    let theirs = room
        .call("me", json!({ "code": own_code(&room, b) }))
        .json();
    assert!(
        theirs["data"]["rating"]["rating"]
            .as_i64()
            .is_some_and(|r| r < 1500),
        "{theirs}"
    );
    let everyone = room.call("room", Value::Null).body;
    assert!(!everyone.contains("\"rating\""), "{everyone}");
    // Taken down: no phone shows a rating.
    room.local("publish_ratings", Value::Null);
    let after = room
        .call("me", json!({ "code": own_code(&room, a) }))
        .json();
    assert_eq!(after["data"]["rating"], Value::Null, "{after}");
}

/// Every answer a phone can get: the page, its script, and each public command asked with
/// nothing and with a player's own code.
fn phone_answers(room: &Room) -> Vec<String> {
    let (a, _, _) = room.table(1);
    let code = own_code(room, a);
    let mut answers = vec![room.get("/").body, room.get("/room.js").body];
    for command in surface::COMMANDS
        .iter()
        .filter(|c| c.access == surface::Access::Public)
    {
        answers.push(room.call(command.name, Value::Null).body);
        answers.push(room.call(command.name, json!({ "code": code })).body);
    }
    // The phones' own poll is answered, so the check reads real answers.
    assert!(answers.iter().any(|body| body.contains("山田 太郎")));
    answers
}

/// The main laptop's last step, as its own desk says.
fn main_step(room: &Room) -> i64 {
    room.desk
        .lock()
        .expect("desk")
        .session()
        .map(|s| s.log_step())
        .expect("an open event")
}

/// Waits (at most 10 s) until the follower's copy holds step `step`.
fn caught_up(follower: &tablekeeper_lan::Follower, step: i64) -> tablekeeper_lan::FollowState {
    let mut state = follower.state();
    for _ in 0..200 {
        if state.step == Some(step) {
            return state;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        state = follower.state();
    }
    panic!("the copy did not reach step {step}: {state:?}");
}

/// A joined station keeps a replica of the event: it catches up at once, follows each
/// result, is shown on the main laptop as up to date or so many steps behind, carries on
/// from its own copy after a pause (no whole copy sent again), and the copy opens by itself
/// as the same event.
#[test]
fn a_station_keeps_a_replica_that_follows_the_event_and_opens_as_it() {
    let room = Room::new("off");
    let station = room.join();
    let here = tempfile::tempdir().expect("tempdir");
    let folder = here.path().join("Station replicas");
    let every = std::time::Duration::from_millis(50);
    let follower = tablekeeper_lan::Follower::start(
        station.clone(),
        folder.clone(),
        "Station B".into(),
        None,
        every,
    );
    let state = caught_up(&follower, main_step(&room));
    let copy = std::path::PathBuf::from(state.file.expect("a copy"));
    assert_eq!(
        copy.file_name().and_then(|n| n.to_str()),
        Some("room.tkevent")
    );

    // A result entered on the station: once its copy caught up (at once, not after a second),
    // the copy holds it.
    station
        .call("record_result", &json!({ "round": null, "table": 1, "result": "a", "replace": false, "override_reason": null }))
        .expect("recorded on the main laptop");
    let copy_now = follower
        .handle()
        .catch_up(std::time::Duration::from_secs(5));
    assert_eq!(copy_now.step, Some(main_step(&room)), "{copy_now:?}");
    let seen = room.local("replicas", Value::Null);
    assert_eq!(seen[0]["station"], "Station B", "{seen}");
    // The station's next ask acknowledges what it stored.
    follower
        .handle()
        .catch_up(std::time::Duration::from_secs(5));
    assert_eq!(room.local("replicas", Value::Null)[0]["behind"], 0);

    // The station pauses (its laptop sleeps); the event goes on without it.
    follower.stop();
    room.local("record_result", json!({ "round": null, "table": 2, "result": "b", "replace": false, "override_reason": null }));
    room.local("undo", Value::Null);
    let behind = room.local("replicas", Value::Null);
    assert_eq!(behind[0]["behind"], 2, "{behind}");

    // Back: it offers its copy and gets only the rows after it.
    let modified = std::fs::metadata(&copy)
        .and_then(|m| m.modified())
        .expect("copy");
    let follower =
        tablekeeper_lan::Follower::start(station, folder, "Station B".into(), None, every);
    caught_up(&follower, main_step(&room));
    follower.stop();
    let (event, rows) =
        tablekeeper_commands::Session::on_disk(&copy).expect("the copy opens by itself");
    assert_eq!(rows, room.log_rows(), "every row of the main laptop's log");
    let round = event.current_round().expect("round 1");
    assert!(round.match_at_table(1).is_some_and(|m| m.result.is_some()));
    assert!(
        round.match_at_table(2).is_some_and(|m| m.result.is_none()),
        "the undo too"
    );
    assert!(
        std::fs::metadata(&copy)
            .and_then(|m| m.modified())
            .expect("copy")
            >= modified,
        "the same copy, carried on"
    );
}

/// The main laptop stops answering: the station's copy becomes the event on the station's
/// own desk, with every step it held. While the main laptop still answers, a takeover is
/// refused (never two laptops writing one event).
#[test]
fn a_station_takes_over_with_its_copy_once_the_main_laptop_stops() {
    let mut room = Room::new("off");
    let station = room.join();
    let here = tempfile::tempdir().expect("tempdir");
    let own = Mutex::new(Desk::new(
        here.path().join("data"),
        here.path().join("documents"),
    ));
    let every = std::time::Duration::from_millis(50);
    let start = || {
        tablekeeper_lan::Follower::start(
            station.clone(),
            here.path().join("replicas"),
            "Station B".into(),
            None,
            every,
        )
    };
    for table in [1, 2] {
        room.local("record_result", json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null }));
    }
    let follower = start();
    caught_up(&follower, main_step(&room));
    let refused = tablekeeper_lan::take_over(&station, follower, &own, || Ok(()))
        .expect_err("the main laptop answers");
    assert_eq!(refused.key, "error.not-allowed.main-answers");

    // The main laptop dies.
    let follower = start();
    let step = main_step(&room);
    caught_up(&follower, step);
    room.server.take().expect("server").stop();
    let summary =
        tablekeeper_lan::take_over(&station, follower, &own, || Ok(())).expect("taken over");
    assert_eq!(summary["name"], "Locals", "{summary}");
    let mut desk = own.lock().expect("desk");
    let session = desk.session().expect("the copy is the open event here");
    // One step more than the copy held: the takeover's new epoch.
    assert_eq!(session.log_step(), step + 1);
    let begun = session.whereabouts().expect("whereabouts");
    assert_eq!((begun.epoch, begun.by.as_deref()), (1, Some("Station B")));
    let round = session.event().current_round().expect("round 1");
    assert!(round.match_at_table(1).is_some_and(|m| m.result.is_some()));
    assert!(round.match_at_table(2).is_some_and(|m| m.result.is_some()));
    // The day goes on here: the next round is paired on the new main laptop.
    let paired = tablekeeper_commands::desk::surface::dispatch(
        &mut desk,
        "pair_round",
        json!({ "allow_rematches": false }),
    )
    .expect("paired on the new main laptop");
    assert_eq!(paired["round"], 2, "{paired}");
}

/// A player's step reaches their own event whatever event the page follows: a side event's
/// player whose phone shows the shared event (`X-Event`) still sees their own table, and a
/// code no open event handed out is a wrong code in the event the page follows.
#[test]
fn a_phone_step_reaches_the_players_event_whatever_event_the_page_follows() {
    let room = Room::new("agree");
    let side = room._dir.path().join("side.tkevent");
    room.local(
        "create_event",
        json!({ "name": "Side", "ruleset": "bandai", "planned_rounds": 3, "path": side }),
    );
    room.local("add_players", json!({ "names": ["S1", "S2", "S3", "S4"] }));
    room.local("pair_round", json!({ "allow_rematches": false }));
    let ticket = room.local("player_ticket", json!({ "player": "S2" }));
    let code = ticket["code"].as_str().expect("S2's code").to_string();
    let events = room.call("room", Value::Null).json()["data"]["events"].clone();
    let code_of = |name: &str| {
        events
            .as_array()
            .and_then(|all| all.iter().find(|e| e["name"] == name))
            .and_then(|e| e["code"].as_str())
            .unwrap_or_else(|| panic!("{name}'s code in {events}"))
            .to_string()
    };
    let locals = code_of("Locals");
    let body = json!({ "code": code }).to_string();
    let me = room.post("/api/call/me", &body, &[("X-Event", locals.as_str())]);
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["data"]["name"], "S2");
    assert_eq!(me.json()["data"]["event"], "Side");
    let unknown = json!({ "code": "AAAAA-AAAAA" }).to_string();
    let side_code = code_of("Side");
    assert_eq!(
        room.post("/api/call/me", &unknown, &[("X-Event", side_code.as_str())])
            .kind(),
        "wrong-code"
    );
}
