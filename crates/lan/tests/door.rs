//! The door over the shop's network, on loopback only: players enter from their
//! own phones against a cap with a waiting list, one withdraws and the first waiting moves
//! up, an absent player is not paired, a drop request takes effect at the next pairing, a
//! judge call reaches the desk and "a judge is coming" reaches the phone, a phone follows
//! its player to the next table, and the bad-input corpus of the door's requests is refused
//! with a clear kind, changing nothing. A bounded load run: 300 phones entering while the
//! scorekeeper enters results.

use crate::support;

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::{Latencies, Reply, local, phone_address, post_from, serve};
use serde_json::{Value, json};
use tablekeeper_commands::desk::Desk;

/// A fresh event (no players yet) shared on loopback, with the door set as given.
fn door_event(dir: &std::path::Path, door: Value) -> Arc<Mutex<Desk>> {
    let mut desk = Desk::new(dir.join("data"), dir.join("events"));
    let file = dir.join("door.tkevent").display().to_string();
    for (name, request) in [
        (
            "create_event",
            json!({ "name": "Friday", "ruleset": "bandai", "planned_rounds": 4, "path": file }),
        ),
        ("set_door", door),
        (
            "set_room",
            json!({ "publish_standings": true, "reporting": "agree" }),
        ),
    ] {
        tablekeeper_commands::desk::surface::dispatch(&mut desk, name, request)
            .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()));
    }
    Arc::new(Mutex::new(desk))
}

fn door(seats: Option<u32>, waiting_limit: Option<u32>, check_in: bool) -> Value {
    json!({
        "open": true, "mode": "open", "seats": seats, "waiting_limit": waiting_limit,
        "closes_at": null, "check_in": check_in, "drop_requests": "automatic"
    })
}

fn call(port: u16, phone: usize, name: &str, request: Value) -> Reply {
    post_from(
        phone_address(phone),
        port,
        &format!("/api/call/{name}"),
        &request.to_string(),
    )
}

fn enter(port: u16, phone: usize, name: &str) -> Reply {
    call(port, phone, "enter", json!({ "name": name }))
}

fn code_of(reply: &Reply) -> String {
    reply.json()["data"]["code"]
        .as_str()
        .expect("an entry's code")
        .to_string()
}

fn me(port: u16, phone: usize, code: &str) -> Value {
    let reply = call(port, phone, "me", json!({ "code": code }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["data"].clone()
}

#[test]
fn thirty_phones_enter_against_a_cap_of_24_and_the_waiting_list_moves_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let desk = door_event(dir.path(), door(Some(24), None, false));
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    let codes: Vec<String> = (0..30)
        .map(|i| {
            let reply = enter(port, i, &format!("Entrant {i}"));
            assert_eq!(reply.status, 200, "{}", reply.body);
            code_of(&reply)
        })
        .collect();
    for (i, code) in codes.iter().enumerate() {
        let view = me(port, i, code);
        if i < 24 {
            assert_eq!(view["entry"]["state"], "accepted", "entry {i}");
            assert!(
                view["player"].is_u64(),
                "accepted without check-in: a player"
            );
            assert!(
                view["player_code"].is_string(),
                "the phone gets the player's own code"
            );
        } else {
            assert_eq!(view["entry"]["state"], "waiting", "entry {i}");
            assert_eq!(view["entry"]["place_in_line"], (i - 23) as u64);
        }
    }
    // Entrant 5 withdraws from their phone: the first waiting (entrant 24) gets the seat.
    let reply = call(port, 5, "withdraw_by_code", json!({ "code": codes[5] }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(me(port, 24, &codes[24])["entry"]["state"], "accepted");
    assert_eq!(me(port, 25, &codes[25])["entry"]["place_in_line"], 1);
    let players = local(&desk, "players", Value::Null);
    let active = players
        .as_array()
        .map(|p| p.iter().filter(|p| p["status"] == "active").count())
        .unwrap_or(0);
    assert_eq!(active, 24);
    let page = call(port, 99, "door", Value::Null).json();
    assert_eq!(page["data"]["seats_left"], 0);
    assert_eq!(page["data"]["waiting"], 5);
    server.stop();
}

#[test]
fn check_in_drop_request_judge_call_and_the_next_table_reach_the_phone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let desk = door_event(dir.path(), door(None, None, true));
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    let codes: Vec<String> = (0..7)
        .map(|i| code_of(&enter(port, i, &format!("Player {i}"))))
        .collect();
    // Six check in from their phones; the seventh never comes.
    for (i, code) in codes.iter().enumerate().take(6) {
        let view = me(port, i, code);
        assert_eq!(view["can_check_in"], true);
        let reply = call(port, i, "check_in_by_code", json!({ "code": code }));
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let absent = me(port, 6, &codes[6]);
    assert_eq!(absent["entry"]["state"], "accepted");
    assert!(absent["player"].is_null(), "not present: not a player");
    let paired = local(&desk, "pair_round", json!({ "allow_rematches": false }));
    let seated = paired["tables"].as_array().map_or(0, |t| t.len() * 2)
        + paired["byes"].as_array().map_or(0, Vec::len);
    assert_eq!(seated, 6, "the absent entry is not paired");

    // From now on each phone holds its player's own code.
    let own: Vec<String> = (0..6)
        .map(|i| {
            me(port, i, &codes[i])["player_code"]
                .as_str()
                .expect("the player's code")
                .to_string()
        })
        .collect();
    let first = me(port, 0, &own[0]);
    let table = first["table"]["table"].as_u64().expect("a table");
    assert!(first["table"]["opponent"]["name"].is_string());

    // A judge call appears at the desk; the claim reaches the phone.
    let reply = call(
        port,
        0,
        "call_judge",
        json!({ "code": own[0], "reason": "rules question" }),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let calls = local(&desk, "judge_calls", Value::Null);
    let listed = &calls["calls"][0];
    assert_eq!(listed["table"], table);
    assert_eq!(listed["reason"], "rules question");
    assert_eq!(me(port, 0, &own[0])["call"]["claimed"], false);
    local(&desk, "claim_call", json!({ "call": 1 }));
    assert_eq!(me(port, 0, &own[0])["call"]["claimed"], true);
    // Another phone's view never carries the call.
    assert!(me(port, 1, &own[1])["call"].is_null());

    // Player 2 asks to drop after this round; it takes effect at the next pairing.
    let reply = call(port, 2, "request_drop", json!({ "code": own[2] }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let dropping = me(port, 2, &own[2])["player"].as_u64().expect("player");
    assert_eq!(me(port, 2, &own[2])["drop_request"], "confirmed");
    finish_round(&desk);
    let second = local(&desk, "pair_round", json!({ "allow_rematches": false }));
    let in_round_two: Vec<u64> = second["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|t| [t["a"]["player"].as_u64(), t["b"]["player"].as_u64()])
        .flatten()
        .chain(
            second["byes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|b| b["player"].as_u64()),
        )
        .collect();
    assert!(!in_round_two.contains(&dropping), "the drop took effect");
    assert_eq!(me(port, 2, &own[2])["dropped"], true);
    // The phone follows its player to the next round's table without being told anything.
    let next = me(port, 0, &own[0]);
    assert_eq!(next["round"], 2);
    assert!(next["table"]["table"].is_u64() || next["bye"] == true);
    // Round 1's result, and round 2's bye when it got one (a bye is recorded when paired).
    let results = 1 + u64::from(next["bye"] == true);
    assert_eq!(
        next["record"]["wins"].as_u64().unwrap_or(0)
            + next["record"]["losses"].as_u64().unwrap_or(0),
        results,
        "{next}"
    );
    server.stop();
}

/// Records a win for seat A at every open table of the current round.
fn finish_round(desk: &Mutex<Desk>) {
    let pairings = local(desk, "pairings", json!({ "round": null }));
    for table in pairings["tables"].as_array().into_iter().flatten() {
        if table["result"].is_null() {
            local(
                desk,
                "record_result",
                json!({ "round": null, "table": table["table"], "result": "a", "replace": false }),
            );
        }
    }
}

#[test]
fn the_doors_bad_requests_are_refused_with_their_kind_and_change_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let closes_at = chrono_like_now() + 3600;
    let desk = door_event(
        dir.path(),
        json!({
            "open": true, "mode": "open", "seats": 2, "waiting_limit": 1,
            "closes_at": closes_at, "check_in": false, "drop_requests": "automatic"
        }),
    );
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    let a = code_of(&enter(port, 0, "Ann"));
    let b = code_of(&enter(port, 1, "Ben"));
    let _waiting = code_of(&enter(port, 2, "Cid"));
    let rows = |desk: &Mutex<Desk>| {
        desk.lock()
            .map(|d| d.session().map(|s| s.revision()).unwrap_or(0))
            .unwrap_or(0)
    };
    let before = rows(&desk);
    let cases: Vec<(&str, usize, &str, Value, &str)> = vec![
        (
            "a full waiting list",
            3,
            "enter",
            json!({ "name": "Dee" }),
            "door-closed",
        ),
        (
            "the same name twice",
            4,
            "enter",
            json!({ "name": "Ann" }),
            "duplicate-player",
        ),
        (
            "an empty name",
            5,
            "enter",
            json!({ "name": "   " }),
            "empty-name",
        ),
        (
            "a name far too long",
            5,
            "enter",
            json!({ "name": "x".repeat(500) }),
            "name-too-long",
        ),
        (
            "members in an individual event",
            5,
            "enter",
            json!({ "name": "Eve", "members": ["a", "b"] }),
            "invalid-team",
        ),
        (
            "a forged code",
            6,
            "me",
            json!({ "code": "ZZZZZ-ZZZZZ" }),
            "wrong-code",
        ),
        (
            "a forged code dropping",
            6,
            "request_drop",
            json!({ "code": "ZZZZZZZZZZ" }),
            "wrong-code",
        ),
        (
            "a forged code calling a judge",
            6,
            "call_judge",
            json!({ "code": "2345623456" }),
            "wrong-code",
        ),
        (
            "checking in twice",
            0,
            "check_in_by_code",
            json!({ "code": a }),
            "invalid-step",
        ),
        (
            "a forged code withdrawing",
            6,
            "withdraw_by_code",
            json!({ "code": "3456734567" }),
            "wrong-code",
        ),
        (
            "a forged code checking in",
            6,
            "check_in_by_code",
            json!({ "code": "4567845678" }),
            "wrong-code",
        ),
        (
            "a code of another type",
            0,
            "me",
            json!({ "code": 12345 }),
            "invalid-request",
        ),
        (
            "a request that is a bare name",
            0,
            "enter",
            json!("Ann"),
            "invalid-request",
        ),
        (
            "a second drop request",
            1,
            "request_drop",
            json!({ "code": b }),
            "ok-then-invalid-step",
        ),
        (
            "a reason of another type",
            0,
            "call_judge",
            json!({ "code": a, "reason": 7 }),
            "invalid-request",
        ),
        ("no code at all", 0, "me", json!({}), "invalid-request"),
    ];
    let mut changed = 0;
    for (what, phone, name, request, expected) in cases {
        let reply = call(port, phone, name, request.clone());
        if expected == "ok-then-invalid-step" {
            assert_eq!(reply.status, 200, "{what}: {}", reply.body);
            changed += 1;
            let again = call(port, phone, name, request);
            assert_eq!(again.kind(), "invalid-step", "{what}: {}", again.body);
            continue;
        }
        assert_eq!(reply.kind(), expected, "{what}: {}", reply.body);
        assert!(
            (400..500).contains(&reply.status),
            "{what}: status {}",
            reply.status
        );
        let message = reply.json()["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_string();
        assert!(!message.is_empty(), "{what}: a message for people");
    }
    assert_eq!(rows(&desk), before + changed, "refusals record nothing");
    // Another player's code answers for that player only: the view names its own player.
    let view = me(port, 7, &b);
    assert_eq!(view["name"], "Ben");
    // Desk-only steps are not open to phones.
    for name in [
        "set_door",
        "decide_entry",
        "check_in",
        "draw_lottery",
        "judge_calls",
        "claim_call",
        "door_view",
    ] {
        let reply = call(port, 8, name, json!({}));
        assert_eq!(reply.kind(), "not-allowed", "{name}: {}", reply.body);
    }
    // Entries after the deadline.
    local(
        &desk,
        "set_door",
        json!({
            "open": true, "mode": "open", "seats": null, "waiting_limit": null,
            "closes_at": chrono_like_now() - 1, "check_in": false, "drop_requests": "automatic"
        }),
    );
    assert_eq!(enter(port, 9, "Late Larry").kind(), "door-closed");
    // A closed page.
    local(
        &desk,
        "set_door",
        door(None, None, false)
            .as_object()
            .map(|o| {
                let mut o = o.clone();
                o.insert("open".into(), json!(false));
                Value::Object(o)
            })
            .unwrap_or(Value::Null),
    );
    let closed = enter(port, 10, "Closed Carl");
    assert_eq!(closed.kind(), "door-closed");
    // Thirty entries a minute from one device, then it waits.
    local(&desk, "set_door", door(None, None, false));
    let mut limited = None;
    for i in 0..40 {
        let reply = enter(port, 11, &format!("Family {i}"));
        if reply.status != 200 {
            limited = Some((i, reply.kind()));
            break;
        }
    }
    assert_eq!(limited, Some((30, "too-many-attempts".to_string())));
    // The same device still polls and reads its own view.
    assert_eq!(call(port, 11, "room", Value::Null).status, 200);
    server.stop();
}

/// Seconds since the epoch now.
fn chrono_like_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// 300 phones enter within a few seconds (each from its own address, as phones on the
/// shop's Wi-Fi do) while the scorekeeper enters results of a running round: no errors, and
/// the scorekeeper's entries stay quick. Bounded: it stops by itself.
#[test]
fn three_hundred_phones_enter_while_the_scorekeeper_enters_results() {
    let dir = tempfile::tempdir().expect("tempdir");
    let desk = door_event(dir.path(), door(None, None, true));
    // A running side of the day: 64 players registered at the desk, round 1 paired.
    let names: Vec<String> = (1..=64).map(|i| format!("Desk player {i}")).collect();
    local(&desk, "add_players", json!({ "names": names }));
    local(&desk, "pair_round", json!({ "allow_rematches": false }));
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    let stop = Arc::new(AtomicBool::new(false));
    let errors = Arc::new(AtomicU64::new(0));
    let spread = Duration::from_secs(6);
    let threads: Vec<_> = (0..300)
        .map(|i| {
            let (stop, errors) = (Arc::clone(&stop), Arc::clone(&errors));
            std::thread::spawn(move || {
                std::thread::sleep(spread.mul_f64(i as f64 / 300.0));
                let mut latencies = Latencies::default();
                let t = Instant::now();
                let reply = enter(port, 1000 + i, &format!("Phone {i}"));
                latencies.push(t.elapsed());
                if reply.status != 200 {
                    eprintln!("entry {i}: {}", reply.body);
                    errors.fetch_add(1, Ordering::Relaxed);
                    return latencies;
                }
                let code = code_of(&reply);
                // Then it follows its entry like the page does, until the run ends.
                while !stop.load(Ordering::Relaxed) {
                    let reply = call(port, 1000 + i, "me", json!({ "code": code }));
                    if reply.status != 200 {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_secs(2));
                }
                latencies
            })
        })
        .collect();
    let mut entries = Latencies::default();
    let started = Instant::now();
    let pairings = local(&desk, "pairings", json!({ "round": null }));
    let tables: Vec<u64> = pairings["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["table"].as_u64())
        .collect();
    for table in tables {
        if started.elapsed() > spread + Duration::from_secs(2) {
            break;
        }
        let t = Instant::now();
        local(
            &desk,
            "record_result",
            json!({ "round": null, "table": table, "result": "a", "replace": false }),
        );
        entries.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(150));
    }
    std::thread::sleep(spread.saturating_sub(started.elapsed()) + Duration::from_secs(1));
    stop.store(true, Ordering::Relaxed);
    let mut phones = Latencies::default();
    for thread in threads {
        phones.merge(thread.join().expect("a phone"));
    }
    server.stop();
    let view = local(&desk, "door_view", Value::Null);
    let accepted = view["entries"]
        .as_array()
        .map_or(0, |e| e.iter().filter(|e| e["state"] == "accepted").count());
    eprintln!(
        "300 phones entering: {} entries, phone entry p50 {:.1} ms p99 {:.1} ms; scorekeeper entries {} p50 {:.1} ms p99 {:.1} ms; errors {}",
        accepted,
        phones.percentile_ms(50.0),
        phones.percentile_ms(99.0),
        entries.count(),
        entries.percentile_ms(50.0),
        entries.percentile_ms(99.0),
        errors.load(Ordering::Relaxed)
    );
    assert_eq!(errors.load(Ordering::Relaxed), 0);
    assert_eq!(accepted, 300, "every entry kept");
    assert!(
        entries.count() >= 20,
        "the scorekeeper entered results meanwhile"
    );
}

/// While the organizer publishes the standings and a cut is planned, each phone
/// shows its own player's line against the cut (never another player's); unpublished, none.
#[test]
fn a_phone_shows_its_own_line_against_the_planned_cut_only_while_standings_are_published() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"));
    let file = dir.path().join("cut.tkevent").display().to_string();
    for (name, request) in [
        (
            "create_event",
            json!({ "name": "Cut", "ruleset": "bandai", "planned_rounds": 2, "planned_cut": 4, "path": file }),
        ),
        ("set_door", door(None, None, false)),
        (
            "set_room",
            json!({ "publish_standings": true, "reporting": "off" }),
        ),
    ] {
        tablekeeper_commands::desk::surface::dispatch(&mut desk, name, request)
            .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()));
    }
    let desk = Arc::new(Mutex::new(desk));
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    let codes: Vec<String> = (0..8)
        .map(|i| code_of(&enter(port, 200 + i, &format!("Cutter {i}"))))
        .collect();
    local(&desk, "pair_round", json!({ "allow_rematches": false }));
    finish_round(&desk);
    local(&desk, "pair_round", json!({ "allow_rematches": false }));
    let line = local(&desk, "projection", json!({ "cut": null }));
    for (i, code) in codes.iter().enumerate() {
        let view = me(port, 200 + i, code);
        let player = view["player"].as_u64().expect("a player");
        let row = line["rows"]
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["player"] == player))
            .expect("the player's row");
        assert_eq!(view["cut_line"]["cut"], 4);
        assert_eq!(view["cut_line"]["chance"], row["chance"], "{view}");
        // Nothing of another player's line: the view names no other player's chance.
        assert_eq!(view.to_string().matches("\"chance\"").count(), 1);
    }
    local(
        &desk,
        "set_room",
        json!({ "publish_standings": false, "reporting": "off" }),
    );
    assert!(me(port, 200, &codes[0])["cut_line"].is_null());
    server.stop();
}

/// Wherever the event is shared — here the server alone, as `tablekeeper serve` runs it —
/// the desk knows the players' page: the door has its entry address and QR code, and a
/// player's ticket its link; once sharing stops, neither.
#[test]
fn the_entry_address_and_ticket_links_exist_wherever_the_event_is_shared() {
    let dir = tempfile::tempdir().expect("tempdir");
    let desk = door_event(dir.path(), door(Some(8), None, false));
    let server = serve(&desk, IpAddr::from(support::LOOPBACK));
    let port = server.port();
    code_of(&enter(port, 0, "Ann"));
    let view = local(&desk, "door_view", Value::Null);
    let entry_url = view["entry_url"]
        .as_str()
        .expect("an entry address")
        .to_string();
    assert!(
        entry_url.ends_with("/enter") && entry_url.contains(&port.to_string()),
        "{view}"
    );
    assert!(view["entry_qr_svg"].is_string(), "{view}");
    let ticket = local(&desk, "player_ticket", json!({ "player": "Ann" }));
    let link = ticket["url"].as_str().expect("the ticket's link");
    assert!(link.contains("#p="), "{ticket}");
    server.stop();
    assert_eq!(
        local(&desk, "door_view", Value::Null)["entry_url"],
        Value::Null
    );
    assert_eq!(
        local(&desk, "player_ticket", json!({ "player": "Ann" }))["url"],
        Value::Null
    );
}
