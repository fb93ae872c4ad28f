//! The door and the desk as one: a person's details get the same checks whichever way they
//! arrive (the entry page, an entry typed at the desk, a registration), a seat freed by a
//! drop goes to the first in line and the history says so, and a judge call's reason is
//! bounded before anything is stored. Called as the hosts call them, by name with JSON.

use std::path::Path;

use serde_json::{Value, json};
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::surface::dispatch;

fn desk(dir: &Path) -> Desk {
    let mut desk = Desk::new(dir.join("data"), dir.join("events"));
    let path = dir.join("door.tkevent").display().to_string();
    dispatch(
        &mut desk,
        "create_event",
        json!({ "name": "Door", "ruleset": "bandai", "planned_rounds": 3, "path": path }),
    )
    .expect("create");
    desk
}

fn ok(desk: &mut Desk, name: &str, request: Value) -> Value {
    dispatch(desk, name, request.clone()).unwrap_or_else(|e| panic!("{name} {request}: {e:?}"))
}

fn kind(desk: &mut Desk, name: &str, request: Value) -> String {
    match dispatch(desk, name, request.clone()) {
        Ok(answer) => panic!("{name} {request} should be refused: {answer}"),
        Err(error) => error_kind(&error),
    }
}

fn error_kind(error: &CommandError) -> String {
    serde_json::to_value(error.kind())
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn steps(desk: &mut Desk) -> usize {
    ok(desk, "history", Value::Null)
        .as_array()
        .map_or(0, Vec::len)
}

fn open_door(desk: &mut Desk, seats: u32) {
    ok(
        desk,
        "set_door",
        json!({ "open": true, "mode": "open", "seats": seats, "check_in": false }),
    );
}

/// The desk's bad-input corpus for a person's details, each with the kind the desk answers:
/// control characters, a right-to-left override, only zero-width characters, too long, in
/// the name, the reading and the publisher ID.
fn corpus() -> Vec<(Value, &'static str)> {
    let long = "x".repeat(10_000);
    vec![
        (json!({ "name": "Desk\u{7}Bell" }), "invalid-name"),
        (json!({ "name": "Sa\u{0}to" }), "invalid-name"),
        (json!({ "name": "ab\u{202E}cd" }), "invalid-name"),
        (json!({ "name": "\u{200B}\u{200D}" }), "empty-name"),
        (json!({ "name": "   " }), "empty-name"),
        (json!({ "name": "y".repeat(201) }), "name-too-long"),
        (
            json!({ "name": "Reading", "reading": "ta\u{1b}[31m" }),
            "invalid-name",
        ),
        (
            json!({ "name": "Reading", "reading": long.clone() }),
            "name-too-long",
        ),
        (
            json!({ "name": "Id", "publisher_id": long.clone() }),
            "name-too-long",
        ),
        (
            json!({ "name": "Id", "publisher_id": "BN\u{0}1" }),
            "invalid-name",
        ),
    ]
}

/// Every entry of the corpus is refused by the entry page (`enter`), by an entry typed at
/// the desk (`desk_enter`) and by a registration (`add_players`) with the same kind, and the
/// event file is unchanged.
#[test]
fn the_door_refuses_what_the_desk_refuses_with_the_same_kind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = desk(dir.path());
    open_door(&mut desk, 8);
    let before = steps(&mut desk);
    for (details, expected) in corpus() {
        let mut player = details.clone();
        player["nickname"] = Value::Null;
        let desk_kind = kind(
            &mut desk,
            "add_players",
            json!({ "names": [], "players": [player] }),
        );
        assert_eq!(desk_kind, expected, "add_players {details}");
        assert_eq!(
            kind(&mut desk, "enter", details.clone()),
            desk_kind,
            "enter {details}"
        );
        assert_eq!(
            kind(&mut desk, "desk_enter", details.clone()),
            desk_kind,
            "desk_enter {details}"
        );
    }
    assert_eq!(steps(&mut desk), before, "nothing was stored");
    // A name the desk cleans (spaces and invisible characters at either end) is stored
    // cleaned by the door as well.
    ok(
        &mut desk,
        "enter",
        json!({ "name": "\u{200B} Aiko Tanaka \u{3000}" }),
    );
    let door = ok(&mut desk, "door_view", Value::Null);
    assert_eq!(door["entries"][0]["name"], "Aiko Tanaka", "{door}");
}

/// Two seats, check-in off: A and B are seated and C waits; B drops, and the seat is C's at
/// once (the history says who took it); D, arriving after, waits.
#[test]
fn a_seat_freed_by_a_drop_goes_to_the_waiting_list_not_a_newcomer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = desk(dir.path());
    open_door(&mut desk, 2);
    for name in ["Ann", "Bob", "Cai"] {
        ok(&mut desk, "desk_enter", json!({ "name": name }));
    }
    ok(&mut desk, "drop_player", json!({ "player": "Bob" }));
    let door = ok(&mut desk, "desk_enter", json!({ "name": "Dee" }));
    let state = |name: &str| {
        door["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .find(|e| e["name"] == name)
            .map(|e| e["state"].clone())
            .unwrap_or_default()
    };
    assert_eq!(state("Cai"), "accepted", "{door}");
    assert_eq!(state("Dee"), "waiting", "{door}");
    let history = ok(&mut desk, "history", Value::Null).to_string();
    assert!(
        history.contains("Cai"),
        "the history names who took the seat: {history}"
    );
}

/// A judge call's reason is bounded by what the desk shows (200 characters): one longer is
/// refused in words before anything is stored; one at the limit is kept whole.
#[test]
fn a_judge_calls_reason_past_its_limit_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = desk(dir.path());
    ok(&mut desk, "add_players", json!({ "names": ["Ann", "Bob"] }));
    let before = steps(&mut desk);
    let error = dispatch(
        &mut desk,
        "desk_call_judge",
        json!({ "player": "Ann", "reason": "r".repeat(200_000) }),
    )
    .expect_err("refused");
    assert_eq!(error_kind(&error), "request-too-large");
    assert!(error.to_string().contains("200"), "{error}");
    assert_eq!(steps(&mut desk), before);
    let calls = ok(
        &mut desk,
        "desk_call_judge",
        json!({ "player": "Ann", "reason": format!("line one\nline two{}", "z".repeat(183)) }),
    );
    let reason = calls["calls"][0]["reason"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(reason.chars().count(), 200, "{calls}");
    assert!(!reason.contains('\n'), "a line break is a space: {reason}");
}

/// Reissuing a player's ticket (a lost or stolen phone) retires every code that led to the
/// old one at once: the entry code the phone kept from the entry page no longer opens the
/// player's view, nor hands out the new ticket; the new ticket works.
#[test]
fn a_reissued_ticket_retires_the_entry_code_that_led_to_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = desk(dir.path());
    open_door(&mut desk, 8);
    let entered = ok(&mut desk, "enter", json!({ "name": "Emma Novak" }));
    let entry_code = entered["code"].clone();
    let me = ok(&mut desk, "me", json!({ "code": entry_code }));
    let old_ticket = me["player_code"].clone();
    assert!(old_ticket.is_string(), "{me}");
    let ticket = ok(
        &mut desk,
        "reissue_player_code",
        json!({ "player": "Emma Novak" }),
    );
    assert_ne!(ticket["code"], old_ticket);
    for code in [&entry_code, &old_ticket] {
        let error = dispatch(&mut desk, "me", json!({ "code": code })).expect_err("retired");
        assert_eq!(error_kind(&error), "wrong-code", "{code}");
    }
    for code in [&entry_code, &old_ticket] {
        let refused = dispatch(&mut desk, "me", json!({ "code": code })).expect_err("retired");
        assert_eq!(refused.message().key, "error.wrong-code.replaced", "{code}");
    }
    let me = ok(&mut desk, "me", json!({ "code": ticket["code"] }));
    assert_eq!(me["name"], "Emma Novak", "{me}");
}

/// A drop request the scorekeeper declines is said on the player's phone (not silently
/// gone), and the player may ask again.
#[test]
fn a_declined_drop_request_is_told_to_the_phone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = desk(dir.path());
    open_door(&mut desk, 8);
    ok(
        &mut desk,
        "set_door",
        json!({ "open": true, "mode": "open", "seats": 8, "check_in": false, "drop_requests": "confirmed" }),
    );
    let code = ok(&mut desk, "enter", json!({ "name": "Emma" }))["code"].clone();
    ok(
        &mut desk,
        "add_players",
        json!({ "names": ["Noah", "Liam", "Ava"] }),
    );
    ok(&mut desk, "pair_round", json!({ "allow_rematches": false }));
    let asked = ok(&mut desk, "request_drop", json!({ "code": code }));
    assert_eq!(asked["drop_request"], "asked", "{asked}");
    let player = asked["player"].clone();
    ok(
        &mut desk,
        "decide_drop_request",
        json!({ "player": player.to_string(), "accept": false }),
    );
    let me = ok(&mut desk, "me", json!({ "code": code }));
    assert_eq!(me["drop_request"], "declined", "{me}");
    let again = ok(&mut desk, "request_drop", json!({ "code": code }));
    assert_eq!(again["drop_request"], "asked", "{again}");
}

/// The players' page names the card game, never the preset's id ("Browser Cup — vanguard"):
/// both names come with the room, and the page shows the phone's language's.
#[test]
fn the_room_names_the_title_in_each_language() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"));
    let path = dir.path().join("cup.tkevent").display().to_string();
    ok(
        &mut desk,
        "create_event",
        json!({ "name": "Browser Cup", "title": "vanguard", "planned_rounds": 3, "path": path }),
    );
    let room = ok(&mut desk, "room", Value::Null);
    assert_eq!(room["title"]["en"], "Cardfight!! Vanguard", "{room}");
    assert_eq!(
        room["title"]["ja"], "カードファイト!! ヴァンガード",
        "{room}"
    );
}
