//! The command surface over a temporary event file, called the way the hosts call it: by
//! name with a JSON request (`desk::surface::dispatch`). Every command of `COMMANDS` is
//! run at least once (checked at the end of the day), and the result preview is compared
//! with the recorded result over the whole result grammar (a property test).

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use serde_json::{Value, json};
use tablekeeper_commands::desk::surface::{COMMANDS, dispatch, dispatch_for};
use tablekeeper_commands::desk::{Desk, PrintContext, PrintRequest};
use tablekeeper_commands::{CommandError, Session};

/// A stand-in for the printing crate (which builds on this one): the document's name.
fn printer(
    _: &Session,
    request: &PrintRequest,
    context: &PrintContext,
) -> Result<Vec<u8>, CommandError> {
    Ok(format!("%PDF-1.7 {} {}", request.document.id(), context.printed_at).into_bytes())
}

/// A stand-in for the printing crate's season table: the season's name and row count.
fn season_printer(
    view: &tablekeeper_commands::views::prizes::SeasonView,
    _: tablekeeper_commands::vocabulary::Paper,
    _: tablekeeper_words::Language,
    printed_at: &str,
) -> Result<Vec<u8>, CommandError> {
    Ok(format!(
        "%PDF-1.7 season {} {} {printed_at}",
        view.name,
        view.rows.len()
    )
    .into_bytes())
}

/// A stand-in for the printing crate's pictures: what is drawn, in which format.
fn picture_printer(
    pictures: &tablekeeper_commands::desk::Pictures,
    format: tablekeeper_commands::desk::PictureFormat,
    _: tablekeeper_commands::vocabulary::Paper,
    _: tablekeeper_words::Language,
    _: &str,
) -> Result<Vec<u8>, CommandError> {
    let what = match pictures {
        tablekeeper_commands::desk::Pictures::Meta(view) => format!("meta {}", view.decks.len()),
        tablekeeper_commands::desk::Pictures::Ratings(view) => {
            format!("ratings {}", view.titles.len())
        }
    };
    Ok(format!("{} {what}", format.id()).into_bytes())
}

/// The desk and the names of the commands called on it.
struct Host {
    desk: Desk,
    called: BTreeSet<String>,
}

impl Host {
    fn new(dir: &Path) -> Host {
        Host {
            desk: Desk::new(dir.join("data"), dir.join("events"))
                .with_printer(printer)
                .with_season_printer(season_printer)
                .with_picture_printer(picture_printer),
            called: BTreeSet::new(),
        }
    }

    fn call(&mut self, name: &str, request: Value) -> Result<Value, CommandError> {
        self.called.insert(name.to_string());
        dispatch(&mut self.desk, name, request)
    }

    fn ok(&mut self, name: &str, request: Value) -> Value {
        self.call(name, request.clone())
            .unwrap_or_else(|e| panic!("{name} {request}: {:?}", e.to_view()))
    }

    fn kind(&mut self, name: &str, request: Value) -> String {
        match self.call(name, request) {
            Ok(view) => panic!("{name} should fail: {view}"),
            Err(error) => error.to_view().kind.as_str().to_string(),
        }
    }
}

/// A stand-in for the printing crate's font check: no font has private-use characters.
fn no_font_has_private_use(name: &str) -> Vec<char> {
    name.chars()
        .filter(|c| ('\u{E000}'..='\u{F8FF}').contains(c))
        .collect()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// The table a `record_result` answer shows (its progress and step left out), to
/// compare with the preview's table.
fn table_of(mut recorded: Value) -> Value {
    if let Some(fields) = recorded.as_object_mut() {
        for extra in ["progress", "step"] {
            fields.remove(extra);
        }
    }
    recorded
}

fn tables(view: &Value) -> Vec<u64> {
    view["tables"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["table"].as_u64()).collect())
        .unwrap_or_default()
}

#[test]
fn every_command_of_the_surface_works_over_an_event_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let mut host = Host::new(dir);

    // The start screen: no event yet, the app's state and the catalogue.
    let info = host.ok("app_info", Value::Null);
    assert!(info["open_event"].is_null());
    assert_eq!(host.kind("summary", Value::Null), "no-event");
    let catalogue = host.ok("catalogue", Value::Null);
    assert!(
        catalogue["rulesets"]
            .as_array()
            .is_some_and(|r| r.len() >= 8)
    );
    assert!(
        catalogue["languages"]
            .as_array()
            .is_some_and(|l| l.len() == tablekeeper_words::Language::ALL.len())
    );
    assert_eq!(
        host.kind(
            "set_preferences",
            json!({ "default_ruleset": "no-such-ruleset" })
        ),
        "unknown-ruleset"
    );
    let info = host.ok(
        "set_preferences",
        json!({ "default_ruleset": "bushiroad-en", "default_title": null }),
    );
    assert_eq!(info["preferences"]["default_ruleset"], "bushiroad-en");
    assert_eq!(host.kind("no_such_command", Value::Null), "unknown-command");
    assert_eq!(
        host.kind("create_event", json!({ "nom": 1 })),
        "invalid-request"
    );

    // A new event takes the preferred ruleset and goes to the default folder.
    let created = host.ok("create_event", json!({ "name": "Friday locals" }));
    assert_eq!(host.ok("attention", Value::Null)["next"], "register");
    assert_eq!(created["ruleset"]["id"], "bushiroad-en");
    let file = host.ok("app_info", Value::Null)["open_event"]["file"]
        .as_str()
        .map(str::to_string)
        .expect("open event path");
    assert!(file.starts_with(&path(dir, "events")), "{file}");
    assert_eq!(host.ok("app_info", Value::Null)["recent"][0], file);

    // Registration.
    let added = host.ok(
        "add_players",
        json!({ "names": ["Ann", "Bob", "  ", "Cid", "Dee", "Eve", "Fay", "Gus"] }),
    );
    assert_eq!(added.as_array().map(Vec::len), Some(7));
    assert_eq!(
        host.kind("add_players", json!({ "names": [" "] })),
        "empty-name"
    );
    assert_eq!(
        host.kind("add_team", json!({ "name": "T", "members": ["x", "y"] })),
        "invalid-team"
    );
    let edited = host.ok(
        "edit_player",
        json!({ "player": "Gus", "name": "Gustav", "reading": "ぐすたふ" }),
    );
    assert_eq!(
        (edited["name"].as_str(), edited["reading"].as_str()),
        (Some("Gustav"), Some("ぐすたふ"))
    );
    let csv = "name,reading\n佐藤 花子,さとう はなこ\nАнна Иванова,\n"
        .as_bytes()
        .to_vec();
    let preview = host.ok("import_preview", json!({ "bytes": csv }));
    assert_eq!(preview["players"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        host.ok("players", Value::Null).as_array().map(Vec::len),
        Some(7),
        "a preview changes nothing"
    );
    host.ok("import_players", json!({ "bytes": csv }));
    let players = host.ok("players", Value::Null);
    assert_eq!(players.as_array().map(Vec::len), Some(9));
    let deck = host.ok("set_deck", json!({ "player": "Ann", "nation_clan": "Dragon Empire", "ride_line": "", "title": "", "oshi": "" }));
    assert_eq!(
        host.ok("deck_parts", Value::Null)["nation_clan"],
        json!(["Dragon Empire"])
    );
    assert_eq!(deck["name"], "Ann");
    let fixed = host.ok("set_fixed_table", json!({ "player": "Bob", "table": 4 }));
    assert_eq!(fixed["fixed_table"], 4);
    let tardy = host.ok(
        "tardiness",
        json!({ "player": "Cid", "minutes": 1, "apply": false }),
    );
    assert_eq!(tardy["minutes"], 1);
    assert!(tardy["recorded"].is_null());
    let rounds = host.ok("set_rounds", json!({ "rounds": 3 }));
    assert_eq!(rounds["planned_rounds"], 3);

    // Round 1: paired, explained, changed by hand, results with a preview.
    let round = host.ok("pair_round", json!({ "allow_rematches": false }));
    // A scanned slip of this round names its table; another event's is refused.
    let code = host.ok("summary", Value::Null)["slip_code"]
        .as_str()
        .map(str::to_string)
        .expect("slip code");
    let first = tables(&round)[0];
    let scanned = host.ok(
        "read_slip",
        json!({ "code": format!("TK-{code}-1-{first}") }),
    );
    assert_eq!(scanned, json!({ "round": 1, "table": first }));
    assert_eq!(
        host.kind(
            "read_slip",
            json!({ "code": format!("TK-{code}X-1-{first}") })
        ),
        "wrong-slip"
    );
    assert_eq!(round["round"], 1);
    // Bob plays at his fixed table, unless the random draw of nine gave him the bye.
    let bob_has_the_bye = round["byes"][0]["name"] == "Bob";
    assert!(
        bob_has_the_bye
            || round["tables"]
                .as_array()
                .expect("tables")
                .iter()
                .any(|t| t["table"] == 4 && (t["a"]["name"] == "Bob" || t["b"]["name"] == "Bob")),
        "{round}"
    );
    assert_eq!(round["byes"].as_array().map(Vec::len), Some(1));
    let shown = host.ok("pairings", json!({ "round": null }));
    assert_eq!(tables(&shown), tables(&round));
    assert!(
        shown["explanation"].is_null(),
        "no explanation unless asked"
    );
    let explained = host.ok("pairings", json!({ "round": null, "explain": true }));
    assert!(explained["explanation"].is_object());
    assert!(host.ok("explain", json!({ "round": 1 })).is_object());
    let repaired = host.ok(
        "repair_round",
        json!({ "reason": "wrong list", "allow_rematches": false }),
    );
    assert_eq!(repaired["round"], 1);
    let first = &repaired["tables"][0];
    let (a, b) = (first["a"]["name"].clone(), first["b"]["name"].clone());
    let swapped = host.ok(
        "swap",
        json!({ "a": a, "b": repaired["tables"][1]["a"]["name"], "reason": "seat mix-up" }),
    );
    assert_eq!(swapped["tables"][1]["a"]["name"], a);
    let bye = repaired["byes"][0]["name"].clone();
    let given = host.ok(
        "give_bye",
        json!({ "player": b, "reason": "asked to leave early" }),
    );
    assert_eq!(given["byes"][0]["name"], b);
    assert_ne!(given["byes"][0]["name"], bye);
    assert_eq!(
        host.kind("swap", json!({ "a": "Ann", "b": "Ann", "reason": "" })),
        "reason-required"
    );
    let numbers = tables(&given);
    let preview = host.ok("preview_result", json!({ "round": null, "table": numbers[0], "result": "a", "replace": false, "override_reason": null }));
    let recorded = host.ok("record_result", json!({ "round": null, "table": numbers[0], "result": "a", "replace": false, "override_reason": null }));
    // One round trip: the answer also says where the round stands and what step it was.
    assert_eq!(recorded["progress"]["entered"], 1, "{recorded}");
    assert_eq!(recorded["progress"]["complete"], false);
    assert_eq!(recorded["step"]["description"][0]["key"], "history.entered");
    assert_eq!(preview, table_of(recorded));
    assert_eq!(host.kind("record_result", json!({ "round": null, "table": numbers[0], "result": "b", "replace": false, "override_reason": null })), "result-exists");
    let lines: Vec<String> = numbers[1..].iter().map(|t| format!("{t} b")).collect();
    let bulk = host.ok("record_results", json!({ "round": 1, "lines": lines }));
    assert_eq!(bulk.as_array().map(Vec::len), Some(numbers.len() - 1));
    let penalty = host.ok(
        "penalty",
        json!({ "player": "Dee", "penalty": "caution", "infraction": "slow play", "note": null }),
    );
    assert_eq!(penalty["penalty"], "caution");
    assert_eq!(
        host.ok("penalties", Value::Null).as_array().map(Vec::len),
        Some(1)
    );
    let standings = host.ok("standings", json!({ "first": null }));
    assert_eq!(standings["completed_rounds"], 1);
    // The top rows alone (what the window shows first) are the full table's first rows.
    let top = host.ok("standings", json!({ "first": 2 }));
    assert_eq!(top["rows"].as_array().map(Vec::len), Some(2));
    assert_eq!(top["rows"][0], standings["rows"][0]);
    assert_eq!(top["rows"][1], standings["rows"][1]);
    assert!(
        standings["rows"]
            .as_array()
            .is_some_and(|rows| rows.len() > 2)
    );
    let breakdown = host.ok("breakdown", Value::Null);
    assert_eq!(breakdown["players"].as_array().map(Vec::len), Some(9));

    // Prizes: the first place's credit, ties in the standings' order; the rules
    // are refused in words when a record is not one or the pool is short.
    let rules = "currency = \"JPY\"\nties = \"standings\"\nplace = [{ down_to = 1, amount = 500 }, { down_to = 4, amount = 100 }]\n[raffle]\nprizes = [\"playmat\"]\n";
    let payout = host.ok("prizes", json!({ "rules": rules, "raffle_seed": "7" }));
    assert_eq!(
        payout["lines"].as_array().map(Vec::len),
        Some(9),
        "{payout}"
    );
    assert_eq!(payout["credit_paid"], 800, "{payout}");
    assert_eq!(payout["lines"][0]["credit"], 500);
    assert_eq!(payout["raffle_seed"], "7");
    let again = host.ok("prizes", json!({ "rules": rules, "raffle_seed": "7" }));
    assert_eq!(
        again["lines"], payout["lines"],
        "the same seed draws the same raffle"
    );
    assert_eq!(
        host.kind("prizes", json!({ "rules": format!("pool = 700\n{rules}") })),
        "invalid-prizes"
    );
    // A season over this event, listed twice: it counts once.
    let season = host.ok(
        "season",
        json!({
            "rules": "name = \"Friday league\"\nparticipation = 1\nper_win = 3\n",
            "files": [file.clone(), file.clone()],
        }),
    );
    assert_eq!(
        season["events"].as_array().map(Vec::len),
        Some(1),
        "{season}"
    );
    assert_eq!(season["rows"].as_array().map(Vec::len), Some(9));
    assert_eq!(
        host.kind("season", json!({ "rules": "best = 0", "files": [] })),
        "invalid-season"
    );
    // Ratings over the same file: its played matches rated, the event counted once.
    let rated = host.ok("ratings", json!({ "files": [file.clone(), file.clone()] }));
    assert_eq!(
        rated["titles"][0]["events"].as_array().map(Vec::len),
        Some(1),
        "{rated}"
    );
    assert!(
        rated["titles"][0]["rows"]
            .as_array()
            .is_some_and(|rows| !rows.is_empty()),
        "{rated}"
    );
    assert_eq!(
        host.kind(
            "ratings",
            json!({ "rules": "tau = -1", "files": [file.clone()] })
        ),
        "invalid-ratings"
    );
    // The meta of the same file: one player registered a deck, the other eight none.
    let meta = host.ok("meta", json!({ "files": [file.clone(), file.clone()] }));
    assert_eq!(meta["events"], 1, "{meta}");
    assert_eq!(meta["decks"][0]["label"], "", "{meta}");
    assert_eq!(meta["decks"][0]["share"], 889, "8 of 9: {meta}");
    assert_eq!(meta["decks"][1]["label"], "Dragon Empire", "{meta}");
    // As the projector may show it: the open event's decks are left out until revealed.
    let projected = host.ok("meta", json!({ "files": [file.clone()], "for_room": true }));
    assert_eq!(projected["events"], 0, "{projected}");
    let settings = host.ok("room_settings", Value::Null);
    let mut revealed = settings.clone();
    revealed["decks_revealed_at"] = json!(0);
    host.ok("set_room", revealed);
    let projected = host.ok("meta", json!({ "files": [file.clone()], "for_room": true }));
    assert_eq!(projected["events"], 1, "{projected}");
    host.ok("set_room", settings);
    // Their pictures: written where asked, in the format asked.
    let picture = dir.join("meta.svg");
    host.ok(
        "print_meta",
        json!({ "meta": { "files": [file.clone()] }, "format": "svg", "paper": "a4", "language": "ja", "output": picture }),
    );
    assert_eq!(
        std::fs::read_to_string(&picture).ok().as_deref(),
        Some("svg meta 2")
    );
    let printed = host.ok(
        "print_ratings",
        json!({ "ratings": { "files": [file.clone()] }, "paper": "letter", "language": "en" }),
    );
    let drawn = host.ok(
        "ratings_picture",
        json!({ "ratings": { "files": [file.clone()] }, "language": "en" }),
    );
    assert_eq!(drawn, "svg ratings 1");
    let written = printed["path"].as_str().unwrap_or_default().to_string();
    assert!(written.ends_with("ratings-en.pdf"), "{printed}");
    assert_eq!(
        std::fs::read_to_string(&written).ok().as_deref(),
        Some("pdf ratings 1")
    );

    // Undo is real, redo brings it back; going back to a round shows what it would undo.
    let undone = host.ok("undo", Value::Null);
    assert!(undone["description"].is_array(), "{undone}");
    assert_eq!(
        host.ok("penalties", Value::Null).as_array().map(Vec::len),
        Some(0)
    );
    host.ok("redo", Value::Null);
    assert_eq!(
        host.ok("penalties", Value::Null).as_array().map(Vec::len),
        Some(1)
    );
    let history = host.ok("history", Value::Null);
    assert!(history.as_array().is_some_and(|h| h.len() >= 10));
    let would = host.ok("back_to_round", json!({ "round": 1, "confirm": false }));
    assert!(would.as_array().is_some_and(|w| !w.is_empty()));
    assert_eq!(
        host.ok("summary", Value::Null)["rounds_paired"],
        1,
        "a preview undoes nothing"
    );

    // The event's prize rules are recorded; the raffle is drawn once, recorded, and replays
    // from its seed; undo takes the draw back.
    assert_eq!(
        host.kind("prizes", json!({ "rules": null })),
        "invalid-prizes"
    );
    let set = host.ok("set_prizes", json!({ "rules": rules }));
    assert_eq!(set["recorded"], true, "{set}");
    assert_eq!(set["raffle_pending"], true);
    assert_eq!(set["raffle_seed"], Value::Null);
    let drawn = host.ok("draw_raffle", json!({ "seed": "7" }));
    assert_eq!(
        drawn["lines"], payout["lines"],
        "the recorded draw is the tried one"
    );
    assert_eq!(host.ok("prizes", json!({}))["raffle_seed"], "7");
    assert_eq!(
        host.kind("draw_raffle", json!({ "seed": "8" })),
        "invalid-prizes"
    );
    host.ok("undo", Value::Null);
    assert_eq!(host.ok("prizes", json!({}))["raffle_pending"], true);
    host.ok("redo", Value::Null);
    assert_eq!(
        host.kind(
            "set_prizes",
            json!({ "rules": "place = [{ down_to = 0, amount = 1 }]" })
        ),
        "invalid-prizes"
    );
    assert_eq!(
        host.ok("prizes", json!({}))["raffle_seed"],
        "7",
        "a refused change changes nothing"
    );
    let sheet = host.ok(
        "print",
        json!({ "document": "payout", "round": null, "paper": "a4", "language": "ja", "open": false }),
    );
    assert!(
        sheet["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("payout-ja.pdf")),
        "{sheet}"
    );
    let csv = dir.join("payout.csv");
    host.ok(
        "export",
        json!({ "format": "payout-csv", "path": csv, "encoding": null }),
    );
    let text = std::fs::read_to_string(&csv).expect("payout csv");
    assert!(text.contains("playmat"), "{text}");
    let season_request = json!({
        "rules": "name = \"Friday league\"\nparticipation = 1\n",
        "files": [file.clone()],
    });
    let printed = host.ok(
        "print_season",
        json!({ "season": season_request, "paper": "a4", "language": "en" }),
    );
    let pdf = std::fs::read(printed["path"].as_str().expect("path")).expect("season pdf");
    assert!(String::from_utf8_lossy(&pdf).contains("season Friday league 9"));
    let season_csv = dir.join("season.csv");
    host.ok(
        "export_season",
        json!({ "season": season_request, "path": season_csv, "encoding": "shift-jis" }),
    );
    assert!(std::fs::metadata(&season_csv).is_ok_and(|m| m.len() > 0));
    // Published to the phones: the room shows the season until it is taken down.
    let published = host.ok("publish_season", season_request.clone());
    assert_eq!(
        published["rows"].as_array().map(Vec::len),
        Some(9),
        "{published}"
    );
    let room = host.ok("room", Value::Null);
    assert_eq!(room["season"]["name"], "Friday league", "{room}");
    assert_eq!(room["season"]["events"], 1);
    assert_eq!(host.ok("publish_season", Value::Null), Value::Null);
    let after = host.ok("room", Value::Null);
    assert_eq!(after["season"], Value::Null);
    assert_ne!(after["version"], room["version"], "phones redraw");
    // A station's replica: a whole copy first, then the rows after it; the Share screen's list.
    let first = host.ok("replica", json!({ "station": "Desk 2", "held": [] }));
    assert!(
        first["base"].is_array(),
        "a whole copy for a station with none"
    );
    let status = host.ok("replicas", Value::Null);
    assert_eq!(status[0]["station"], "Desk 2", "{status}");
    // What this laptop says of the event to other laptops: never taken over yet.
    let whereabouts = host.ok("whereabouts", Value::Null);
    assert_eq!(whereabouts["identity"], first["identity"], "{whereabouts}");
    assert_eq!(whereabouts["epoch"], 0);
    assert_eq!(whereabouts["moved_to"], Value::Null);
    assert_eq!(
        host.kind("replica", json!({ "station": "Desk 2", "held": vec![json!({ "identity": "x", "rows": 0, "checksum": "" }); 9] })),
        "invalid-request"
    );
    // The organizer lets a station go (it stopped answering): gone from the list; a name
    // that never joined is refused.
    let left = host.ok("let_station_go", json!({ "station": "Desk 2" }));
    assert_eq!(left, json!([]), "{left}");
    assert_eq!(
        host.kind("let_station_go", json!({ "station": "Desk 2" })),
        "invalid-request"
    );
    // A mirror folder: chosen once, every step copied there, the choice kept for the next event.
    let stick = dir.join("stick");
    std::fs::create_dir_all(&stick).expect("stick");
    assert_eq!(
        host.kind(
            "set_mirror",
            json!({ "folder": dir.join("no stick").display().to_string() })
        ),
        "file-not-found"
    );
    let mirrored = host.ok(
        "set_mirror",
        json!({ "folder": stick.display().to_string() }),
    );
    assert_eq!(
        mirrored["folder"],
        stick.display().to_string(),
        "{mirrored}"
    );
    host.ok("take_notices", Value::Null);
    let now = host.ok("mirror", Value::Null);
    assert!(now["newest"].as_i64().is_some(), "{now}");
    // The copy is written by the mirror's own thread after the change: waited for (under
    // Wine it took longer than the next line of the test).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !std::fs::read_dir(&stick).is_ok_and(|mut d| d.next().is_some())
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        std::fs::read_dir(&stick).is_ok_and(|mut d| d.next().is_some()),
        "a copy on the stick"
    );
    host.ok("set_mirror", json!({ "folder": null }));
    assert_eq!(host.ok("mirror", Value::Null)["folder"], Value::Null);
    // Ratings published to the phones: each player's own, over the open event.
    let rated = host.ok("publish_ratings", json!({ "library": false }));
    assert_eq!(rated["players"], 9, "{rated}");
    assert!(
        rated["rated_players"].as_u64().is_some_and(|n| n > 0),
        "{rated}"
    );
    assert_eq!(host.ok("publish_ratings", Value::Null), Value::Null);

    // Round 2 entered as played on paper, with a rematch warned about.
    let played: Vec<Value> = host.ok("pairings", json!({ "round": 1 }))["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .map(|t| json!({ "table": t["table"], "a": t["a"]["name"], "b": t["b"]["name"] }))
        .collect();
    let mut given_tables = played.clone();
    given_tables.push(json!({ "table": 0, "a": given["byes"][0]["name"], "b": null }));
    let entered = host.ok(
        "enter_pairing",
        json!({ "tables": given_tables, "reason": "played on paper" }),
    );
    assert_eq!(entered["round"], 2);
    assert!(entered["warnings"].as_array().is_some_and(|w| {
        w.iter()
            .any(|w| w["key"].as_str().is_some_and(|k| k.contains("rematch")))
    }));
    let lines: Vec<String> = tables(&entered)
        .iter()
        .map(|t| format!("{t} draw"))
        .collect();
    host.ok("record_results", json!({ "round": null, "lines": lines }));
    // The pairings view of a round entered as given explains that it is not the pairer's.
    let shown = host.ok("pairings", json!({ "round": 2, "explain": true }));
    assert_eq!(
        shown["explanation"]["notes"][0]["key"], "explain.entered-as-given",
        "{shown}"
    );

    // Round 3, then the cut and its bracket rounds.
    let round3 = host.ok("pair_round", json!({ "allow_rematches": true }));
    // Round 3 is the pairer's again (counted past the round entered as given).
    let shown = host.ok("pairings", json!({ "round": 3, "explain": true }));
    assert_eq!(
        shown["explanation"]["regenerated_identically"], true,
        "{shown}"
    );
    let lines: Vec<String> = tables(&round3).iter().map(|t| format!("{t} a")).collect();
    host.ok("record_results", json!({ "round": null, "lines": lines }));
    let dropped = host.ok("drop_player", json!({ "player": "Fay" }));
    assert_eq!(dropped["dropped_after_round"], 3);
    assert!(host.ok("bracket", Value::Null).is_null());
    let bracket = host.ok(
        "start_cut",
        json!({ "size": 4, "third_place": false, "excluded": [] }),
    );
    assert_eq!(bracket["size"], 4);
    let semis = host.ok("pairings", json!({ "round": null }));
    assert!(semis["bracket_round"].is_string());
    for t in tables(&semis) {
        host.ok("record_result", json!({ "round": null, "table": t, "result": "a", "replace": false, "override_reason": null }));
    }
    let final_round = host.ok("pair_bracket_round", Value::Null);
    assert_eq!(final_round["bracket_round"], "final");
    host.ok("record_result", json!({ "round": null, "table": tables(&final_round)[0], "result": "b", "replace": false, "override_reason": null }));
    assert!(host.ok("bracket", Value::Null)["champion"].is_object());

    // Files: export, print, save a copy, backups and a restore, an archive imported.
    let archive = path(dir, "friday.json");
    let exported = host.ok(
        "export",
        json!({ "format": "archive", "path": archive, "encoding": null }),
    );
    assert_eq!(exported["written"], archive);
    let printed = host.ok("print", json!({ "document": "standings", "round": null, "paper": "a4", "language": "ja", "open": false }));
    let printout = printed["path"].as_str().expect("printout path");
    assert!(printout.ends_with("standings-ja.pdf"), "{printout}");
    assert!(std::fs::read(printout).is_ok_and(|b| b.starts_with(b"%PDF")));
    let copy = path(dir, "usb-copy.tkevent");
    host.ok("save_copy", json!({ "path": copy, "replace": false }));
    assert_eq!(
        host.kind("save_copy", json!({ "path": copy, "replace": false })),
        "file-exists"
    );
    // The roster into a TOM file: nobody here has a Play! Pokémon ID, so the file stays.
    let tdf = path(dir, "cup.tdf");
    let created =
        "<tournament><data><startdate>12/12/2026</startdate></data><players /></tournament>";
    std::fs::write(&tdf, created).expect("a TOM file");
    let roster = host.ok("tom_roster", json!({ "path": tdf }));
    assert_eq!(roster["changed"], false, "{roster}");
    assert_eq!(
        host.kind("tom_roster", json!({ "path": path(dir, "none.tdf") })),
        "io"
    );
    assert_eq!(std::fs::read_to_string(&tdf).ok().as_deref(), Some(created));
    let backups = host.ok("backups", Value::Null);
    let oldest = backups.as_array().and_then(|b| b.last()).expect("a backup")["file"].clone();
    let restored = host.ok("restore_backup", json!({ "backup": oldest }));
    assert!(restored["previous_saved_as"].is_string(), "{restored}");
    assert!(host.ok("summary", Value::Null)["rounds_paired"].as_u64() < Some(4));
    let imported = host.ok(
        "import_archive",
        json!({ "archive": archive, "path": path(dir, "imported.tkevent") }),
    );
    assert_eq!(imported["name"], "Friday locals");
    assert!(host.ok("bracket", Value::Null)["champion"].is_object());
    room_commands(&mut host, dir);
    door_commands(&mut host, dir);
    library_commands(&mut host, dir);
    exchange_commands(&mut host, dir);
    several_events(&mut host, dir);
    host.ok("open_event", json!({ "path": file }));
    // A name the printouts cannot show is registered, with a notice, once.
    tablekeeper_commands::names::set_print_check(no_font_has_private_use);
    host.ok("add_players", json!({ "names": ["Zed\u{F8FF}"] }));
    let notices = host.ok("take_notices", Value::Null);
    assert_eq!(notices[0]["key"], "notice.unprintable-name", "{notices}");
    assert_eq!(host.ok("take_notices", Value::Null), json!([]));
    let archive = host.ok("archive", Value::Null);
    assert_eq!(archive["format"], "tablekeeper-archive");
    assert!(archive["log"].as_array().is_some_and(|log| !log.is_empty()));
    let report = host.ok("report", Value::Null);
    assert_eq!(report["event"], archive["event"]["name"]);
    // The shop's printer (round_printer.rs sends a job to a scheduler of its own): here
    // only what needs no print service.
    let printers = host.ok("printers", Value::Null);
    assert!(printers["printers"].is_array(), "{printers}");
    assert_eq!(
        host.kind("print_round", json!({ "round": null, "sheets": ["pairings"], "paper": "a4", "language": "en", "printer": "counter", "copies": 0 })),
        "invalid-request"
    );
    host.ok("close_event", Value::Null);
    assert_eq!(host.kind("players", Value::Null), "no-event");

    let missing: Vec<&str> = COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|name| !host.called.contains(*name))
        .collect();
    assert!(missing.is_empty(), "commands never run here: {missing:?}");
}

/// The player library: players registered in the app join it by themselves;
/// found as typed, registered into the next event by number, a duplicate merged, a player
/// removed, the library moved to another file and back.
fn library_commands(host: &mut Host, dir: &Path) {
    let before = host.ok("library_info", Value::Null);
    assert!(
        before["players"].as_u64().is_some_and(|n| n >= 9),
        "the players registered in the app's events joined the library: {before}"
    );
    let first = host.ok("library_find", json!({ "typed": "an" }));
    assert_eq!(first[0]["name"], "Ann", "{first}");
    assert_eq!(first[0]["events"], 1);
    let bo = host.ok("library_add", json!({ "name": "Bo Lind", "reading": null, "publisher_id": "X-9", "nickname": null, "note": "prefers sleeves" }));
    assert_eq!(
        host.kind("library_add", json!({ "name": "bo lind" })),
        "duplicate-player"
    );
    let number = bo["number"].as_u64().expect("number");
    host.ok("create_event", json!({ "name": "Next week", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, "library.tkevent") }));
    let ann = first[0]["number"].as_u64().expect("Ann's number");
    let registered = host.ok("register_from_library", json!({ "numbers": [ann, number] }));
    assert_eq!(registered[1]["name"], "Bo Lind");
    assert_eq!(registered[1]["publisher_id"], "X-9");
    // A scanned player ticket (its QR code carries the page address with the code) finds
    // its regular first.
    let ticket = host.ok(
        "player_ticket",
        json!({ "player": registered[0]["id"].to_string() }),
    );
    let scanned = format!(
        "http://192.168.1.5:8080/#p={}",
        ticket["code"].as_str().expect("code")
    );
    let found = host.ok("library_find", json!({ "typed": scanned }));
    assert_eq!(found[0]["number"], ann, "{found}");
    let history = host.ok("library_history", json!({ "number": ann }));
    assert_eq!(
        history["events"].as_array().map(Vec::len),
        Some(2),
        "{history}"
    );
    assert_eq!(history["events"][1]["name"], "Next week");
    // The events a season can be picked from: each once, oldest first, with its file.
    let events = host.ok("library_events", json!({}));
    let names: Vec<&str> = events
        .as_array()
        .map(|events| events.iter().filter_map(|e| e["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["Friday locals", "Room", "Next week"], "{events}");
    assert_eq!(events[2]["players"], 2, "{events}");
    // "Bo" came to the door another day and was typed as new; his ID typed later is refused
    // as a duplicate of his first entry (as adding it would be), and the two are merged.
    let twin = host.ok("add_players", json!({ "names": ["Bo L."] }));
    let twin = host.ok("library_find", json!({ "typed": twin[0]["name"] }))[0]["number"].clone();
    assert_eq!(
        host.kind(
            "library_edit",
            json!({ "number": twin, "details": { "name": "Bo L.", "publisher_id": "x-9" } }),
        ),
        "duplicate-player"
    );
    // A TOM event's players: none carries a Play! Pokémon ID the library knows; Bo is
    // confirmed as one of them, and that ID is his alone from then on.
    let tom = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tom/2026-11-29 League Challenge.tdf");
    let waiting = host.ok("tool_players_unmatched", json!({ "files": [tom] }));
    assert_eq!(waiting.as_array().map(Vec::len), Some(10), "{waiting}");
    let confirmed = host.ok(
        "tool_player_confirm",
        json!({ "tool": "pokemon", "id": "1000001", "name": "Ash Ketchum", "number": number }),
    );
    assert_eq!(confirmed["pokemon_id"], "1000001", "{confirmed}");
    let waiting = host.ok("tool_players_unmatched", json!({ "files": [tom] }));
    assert_eq!(waiting.as_array().map(Vec::len), Some(9), "{waiting}");
    assert_eq!(
        host.kind(
            "tool_player_confirm",
            json!({ "tool": "pokemon", "id": "01000001", "name": "Ash", "number": null }),
        ),
        "tool-number"
    );

    // Deck checks in this event's round 1: one table picked with a recorded seed, its
    // extension recorded, the list printed for the judges.
    host.ok("pair_round", json!({ "allow_rematches": false }));
    let check = host.ok("deck_check", json!({ "count": 1, "seed": "5" }));
    assert_eq!(check["tables"].as_array().map(Vec::len), Some(1), "{check}");
    assert_eq!(check["seed"], "5");
    let table = check["tables"][0]["table"].clone();
    let extended = host.ok(
        "deck_check_extension",
        json!({ "table": table, "minutes": 4 }),
    );
    assert_eq!(extended[0]["tables"][0]["extension_minutes"], 4);
    assert_eq!(host.ok("deck_checks", json!({ "round": null })), extended);
    assert_eq!(
        host.kind("deck_check", json!({ "count": 1 })),
        "invalid-step",
        "no table left"
    );
    let sheet = host.ok("print", json!({ "document": "deck-checks", "round": null, "paper": "a4", "language": "en", "open": false }));
    assert!(
        sheet["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("deck-checks-en.pdf")),
        "{sheet}"
    );
    // "Bo L." shares neither an ID nor a name with Bo Lind: no duplicate is suggested.
    let groups = host.ok("library_duplicates", Value::Null);
    assert_eq!(groups.as_array().map(Vec::len), Some(0), "{groups}");
    assert_eq!(
        host.kind("library_merge", json!({ "keep": number, "other": number })),
        "invalid-request"
    );
    let merged = host.ok("library_merge", json!({ "keep": number, "other": twin }));
    assert_eq!(merged["name"], "Bo Lind");
    assert_eq!(
        merged["events"], 1,
        "one event, registered twice, counts once"
    );
    let all = host.ok("library_players", Value::Null);
    let removed = host.ok("library_remove", json!({ "number": number }));
    assert_eq!(removed["name"], "Bo Lind");
    assert_eq!(
        host.ok("library_players", Value::Null)
            .as_array()
            .map(Vec::len),
        all.as_array().map(|a| a.len() - 1)
    );
    let copy = dir.join("moved.tklibrary");
    host.ok("library_export", json!({ "path": copy }));
    let other = host.ok(
        "open_library",
        json!({ "path": dir.join("second.tklibrary") }),
    );
    assert_eq!(other["players"], 0);
    let imported = host.ok("library_import", json!({ "path": copy }));
    assert_eq!(
        imported["library"]["players"],
        all.as_array().map(|a| a.len() - 1).unwrap_or(0) as u64
    );
    host.ok("open_library", json!({ "path": null }));
    host.ok("close_event", Value::Null);
}

/// Two shops exchanging through a folder: this laptop's library (shop A) exports to it, a
/// second library (shop B) waits until it trusts A, then takes A's bundle; bad requests
/// are refused with their kind.
fn exchange_commands(host: &mut Host, dir: &Path) {
    let info = host.ok("exchange_info", Value::Null);
    assert_eq!(
        info["shop"]["fingerprint"].as_str().map(str::len),
        Some(19),
        "{info}"
    );
    assert_eq!(
        host.kind("set_shop_name", json!({ "name": "  " })),
        "exchange-refused"
    );
    let named = host.ok("set_shop_name", json!({ "name": "Card Shop A" }));
    assert_eq!(named["shop"]["name"], "Card Shop A");
    let folder = dir.join("exchange folder");
    assert_eq!(
        host.kind("set_exchange_folder", json!({ "folder": folder })),
        "exchange-refused",
        "a folder that is not there"
    );
    std::fs::create_dir_all(&folder).expect("folder");
    let chosen = host.ok("set_exchange_folder", json!({ "folder": folder }));
    assert_eq!(chosen["folder"], json!(folder));
    let written = host.ok("exchange_export", json!({ "folder": null }));
    assert!(written["written"].is_string(), "{written}");
    assert!(
        written["changes"].as_u64().is_some_and(|n| n > 0),
        "{written}"
    );
    let again = host.ok("exchange_import", json!({ "folder": null }));
    assert_eq!(again["bundles"][0]["outcome"], "already-here", "{again}");
    assert_eq!(
        host.kind(
            "trust_shop",
            json!({ "fingerprint": "0000-0000-0000-0000" })
        ),
        "exchange-refused"
    );
    // Shop B, on its own library.
    host.ok(
        "open_library",
        json!({ "path": dir.join("shop-b.tklibrary") }),
    );
    let waiting = host.ok("exchange_import", json!({ "folder": folder }));
    assert_eq!(waiting["bundles"][0]["outcome"], "waiting", "{waiting}");
    assert_eq!(
        waiting["bundles"][0]["said"]["key"],
        "exchange.bundle.waiting"
    );
    let info = host.ok("exchange_info", Value::Null);
    assert_eq!(info["waiting"][0]["name"], "Card Shop A", "{info}");
    let trusted = host.ok(
        "trust_shop",
        json!({ "fingerprint": named["shop"]["fingerprint"].as_str().map(str::to_lowercase) }),
    );
    assert_eq!(trusted["name"], "Card Shop A");
    let taken = host.ok("exchange_import", json!({ "folder": folder }));
    assert_eq!(taken["bundles"][0]["outcome"], "taken", "{taken}");
    assert_eq!(taken["players"], info_players(host, dir));
    let unmatched = host.ok("exchange_unmatched", Value::Null);
    assert!(unmatched.is_array(), "{unmatched}");
    assert_eq!(
        host.kind(
            "exchange_confirm",
            json!({ "event": "nowhere", "player": 1, "number": null })
        ),
        "exchange-refused"
    );
    host.ok("open_library", json!({ "path": null }));
}

/// Shop A's players, read from its own library (B took all of them).
fn info_players(host: &mut Host, _dir: &Path) -> Value {
    host.ok("library_info", Value::Null)["players"].clone()
}

/// Closes every open event (each was left open beside the next one created).
fn close_all(host: &mut Host) {
    while host
        .ok("open_events", Value::Null)
        .as_array()
        .is_some_and(|e| !e.is_empty())
    {
        host.ok("close_event", Value::Null);
    }
}

/// A main event and a side event open together: the side event's tables start
/// after the main event's, rounds interleave without a table number used twice, switching
/// keeps each event's own state, and closing one leaves the other.
fn several_events(host: &mut Host, dir: &Path) {
    while host
        .ok("open_events", Value::Null)
        .as_array()
        .is_some_and(|e| !e.is_empty())
    {
        host.ok("close_event", Value::Null);
    }
    let names =
        |prefix: &str, n: usize| (1..=n).map(|i| format!("{prefix} {i}")).collect::<Vec<_>>();
    let main = path(dir, "main.tkevent");
    let side = path(dir, "side.tkevent");
    host.ok(
        "create_event",
        json!({ "name": "Main", "ruleset": "bandai", "planned_rounds": 3, "path": main }),
    );
    host.ok("add_players", json!({ "names": names("Main", 12) }));
    let created = host.ok(
        "create_event",
        json!({ "name": "Side", "ruleset": "bandai", "planned_rounds": 3, "path": side }),
    );
    assert_eq!(created["first_table"], 101, "{created}");
    host.ok("add_players", json!({ "names": names("Side", 8) }));
    // A player of the main event also entered here while the main round is under way.
    let open = host.ok("open_events", Value::Null);
    assert_eq!(open.as_array().map(Vec::len), Some(2), "{open}");
    assert_eq!(open[0]["name"], "Side");
    assert_eq!(open[0]["active"], true);
    assert_eq!(open[1]["first_table"], 1);
    let side_round = host.ok("pair_round", json!({ "allow_rematches": false }));
    host.ok("switch_event", json!({ "path": main }));
    assert_eq!(host.ok("summary", Value::Null)["name"], "Main");
    let main_round = host.ok("pair_round", json!({ "allow_rematches": false }));
    host.ok("switch_event", json!({ "path": side }));
    host.ok("add_players", json!({ "names": ["Main 3"] }));
    let notices = host.ok("take_notices", Value::Null);
    assert!(
        notices
            .as_array()
            .is_some_and(|n| n.iter().any(|m| m["key"] == "notice.plays-elsewhere")),
        "{notices}"
    );
    let tables = |view: &Value| -> Vec<u64> {
        view["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .filter_map(|t| t["table"].as_u64())
            .collect()
    };
    let (main_tables, side_tables) = (tables(&main_round), tables(&side_round));
    assert_eq!(main_tables, (1..=6).collect::<Vec<_>>());
    assert_eq!(side_tables, (101..=104).collect::<Vec<_>>());
    // Another range for the side event's later rounds; one that overlaps is a notice.
    let moved = host.ok("set_table_range", json!({ "first": 5 }));
    assert_eq!(moved["first_table"], 5);
    let notices = host.ok("take_notices", Value::Null);
    assert!(
        notices
            .as_array()
            .is_some_and(|n| n.iter().any(|m| m["key"] == "notice.tables-overlap")),
        "{notices}"
    );
    host.ok("set_table_range", json!({ "first": 201 }));
    // A host serving the main event (the LAN server for its phones) works on it and its room
    // while the side event stays active; nothing moves, not even the switcher's order.
    let order = host.ok("open_events", Value::Null);
    {
        let mut serving = host
            .desk
            .serving(Path::new(&main))
            .expect("the main event is open");
        let served = dispatch(&mut serving, "summary", Value::Null).expect("summary");
        assert_eq!(served["name"], "Main");
        let clock =
            json!({ "duration_ms": 3_000_000, "used_ms": 0, "running_since": null, "round": 1 });
        dispatch(&mut serving, "set_clock", json!({ "clock": clock })).expect("its clock");
        assert!(dispatch(&mut serving, "room", Value::Null).is_ok());
        {
            // A guard inside a guard gives back the outer one's event, not the active one.
            let mut inner = serving.serving(Path::new(&side)).expect("the side event");
            let inner_name = dispatch(&mut inner, "summary", Value::Null).expect("summary");
            assert_eq!(inner_name["name"], "Side");
        }
        let again = dispatch(&mut serving, "summary", Value::Null).expect("summary");
        assert_eq!(again["name"], "Main");
    }
    assert_eq!(host.ok("summary", Value::Null)["name"], "Side");
    // The clock went to the main event's room, the side event's room has none.
    let open_now = host.ok("open_events", Value::Null);
    let clock_of = |name: &str| {
        open_now
            .as_array()
            .and_then(|events| events.iter().find(|e| e["name"] == name))
            .map(|e| e["clock"].clone())
    };
    assert_eq!(clock_of("Side"), Some(Value::Null), "{open_now}");
    assert_eq!(
        clock_of("Main").map(|c| c["round"].clone()),
        Some(json!(1)),
        "{open_now}"
    );
    host.desk
        .serving(Path::new(&main))
        .map(|mut serving| dispatch(&mut serving, "set_clock", json!({ "clock": null })))
        .expect("open")
        .expect("its clock stopped");
    assert_eq!(host.ok("open_events", Value::Null), order);
    // The window names the event its screen shows: an event's command runs on it while the
    // other is active, a shop's command runs as it is, and an event no longer open is refused
    // rather than served by the active one.
    let named = |host: &mut Host, event: &str, name: &str| {
        dispatch_for(&mut host.desk, Some(Path::new(event)), name, Value::Null)
    };
    let main_summary = named(host, &main, "summary").expect("the main event's summary");
    assert_eq!(main_summary.data["name"], "Main");
    assert_eq!(host.ok("summary", Value::Null)["name"], "Side");
    let listed = named(host, &main, "open_events").expect("the shop's list");
    assert_eq!(listed.data, order);
    let nowhere = path(dir, "nowhere.tkevent");
    let refused = named(host, &nowhere, "summary").expect_err("not open");
    assert_eq!(refused.kind(), tablekeeper_words::ErrorKind::NoEvent);
    assert!(
        host.desk
            .serving(Path::new(&path(dir, "nowhere.tkevent")))
            .is_none()
    );
    assert_eq!(
        host.kind(
            "switch_event",
            json!({ "path": path(dir, "nowhere.tkevent") })
        ),
        "no-event"
    );
    host.ok("close_event", Value::Null);
    assert_eq!(
        host.ok("summary", Value::Null)["name"],
        "Main",
        "the main event is active again"
    );
    host.ok("close_event", Value::Null);
}

/// Which event is active after each close: the one active most recently before it (not
/// the one opened before it); a file that cannot be opened leaves the active one active.
#[test]
fn closing_an_event_makes_the_one_active_before_it_active_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut host = Host::new(dir.path());
    for name in ["A", "B", "C"] {
        host.ok(
            "create_event",
            json!({ "name": name, "ruleset": "bandai", "planned_rounds": 3, "path": path(dir.path(), &format!("{name}.tkevent")) }),
        );
    }
    let name = |host: &mut Host| host.ok("summary", Value::Null)["name"].clone();
    host.ok(
        "switch_event",
        json!({ "path": path(dir.path(), "A.tkevent") }),
    );
    assert_eq!(
        host.kind(
            "open_event",
            json!({ "path": path(dir.path(), "missing.tkevent") })
        ),
        "file-not-found"
    );
    assert_eq!(
        name(&mut host),
        "A",
        "a failed open leaves the active event active"
    );
    host.ok("close_event", Value::Null);
    assert_eq!(name(&mut host), "C", "C was active before A");
    host.ok("close_event", Value::Null);
    assert_eq!(name(&mut host), "B");
    host.ok("close_event", Value::Null);
    assert_eq!(host.kind("summary", Value::Null), "no-event");
}

/// Every command that changes something counts one change on the desk's revision, which
/// hosts wait on; a read or a refused change counts none.
#[test]
fn the_desks_revision_counts_each_change_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut host = Host::new(dir.path());
    let changes = host.desk.changes();
    host.ok(
        "create_event",
        json!({ "name": "Count", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir.path(), "count.tkevent") }),
    );
    let after_create = changes.revision();
    assert_eq!(after_create, 1);
    host.ok("players", Value::Null);
    host.ok("attention", Value::Null);
    assert_eq!(changes.revision(), after_create, "reads change nothing");
    host.ok("add_players", json!({ "names": ["Ann", "Bob"] }));
    assert_eq!(changes.revision(), after_create + 1);
    assert_eq!(
        host.kind("drop_player", json!({ "player": "Nobody" })),
        "unknown-player"
    );
    assert_eq!(
        changes.revision(),
        after_create + 1,
        "a refusal changes nothing"
    );
    let waiter = {
        let changes = changes.clone();
        let seen = changes.revision();
        std::thread::spawn(move || changes.wait_past(seen, std::time::Duration::from_secs(10)))
    };
    host.ok("drop_player", json!({ "player": "Bob" }));
    assert_eq!(
        waiter.join().ok(),
        Some(after_create + 2),
        "a waiting host is woken"
    );
}

/// The room's commands on a fresh event: what phones see, reports that agree waiting for
/// the scorekeeper, confirming them, the clock and the codes.
fn room_commands(host: &mut Host, dir: &Path) {
    // The room's event is the only one open (its tables from 1).
    close_all(host);
    host.ok("create_event", json!({ "name": "Room", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, "room.tkevent") }));
    host.ok(
        "add_players",
        json!({ "names": ["Aki", "Ben", "Cho", "Dan"] }),
    );
    assert_eq!(host.ok("room", Value::Null)["round"], Value::Null);
    let round = host.ok("pair_round", json!({ "allow_rematches": false }));
    let table = &round["tables"][0];
    let (a, b) = (table["a"]["player"].clone(), table["b"]["player"].clone());
    assert_eq!(
        host.kind(
            "report_result",
            json!({ "round": 1, "table": 1, "code": "X", "player": a, "result": "a" })
        ),
        "reporting-off"
    );
    host.ok(
        "set_room",
        json!({ "publish_standings": true, "reporting": "confirm" }),
    );
    assert_eq!(
        host.ok("room_settings", Value::Null)["reporting"],
        "confirm"
    );
    host.ok("set_clock", json!({ "clock": { "duration_ms": 3_000_000, "used_ms": 0, "running_since": null, "round": 1 } }));
    let codes = host.ok("table_codes", json!({ "round": null }));
    let code = codes[0]["code"].as_str().expect("a code").to_string();
    // The secret every code is derived from is readable by the laptop's owner alone.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let secret = std::fs::metadata(dir.join("data").join("room-secret")).expect("secret");
        assert_eq!(secret.permissions().mode() & 0o777, 0o600);
    }
    assert_eq!(
        host.kind(
            "report_result",
            json!({ "round": 1, "table": 1, "code": "WRONG", "player": a, "result": "a" })
        ),
        "wrong-code"
    );
    let first = host.ok(
        "report_result",
        json!({ "round": 1, "table": 1, "code": code, "player": a, "result": "a" }),
    );
    assert_eq!(first["status"], "waiting-for-opponent");
    let second = host.ok(
        "report_result",
        json!({ "round": 1, "table": 1, "code": code.to_lowercase(), "player": b, "result": "a" }),
    );
    assert_eq!(second["status"], "waiting-for-scorekeeper");
    let view = host.ok("room", Value::Null);
    assert_eq!(view["clock"]["remaining_ms"], 3_000_000);
    assert_eq!(view["tables"][0]["report"], "waiting-for-scorekeeper");
    assert!(view["standings"]["rows"].is_array());
    assert_eq!(
        host.ok("reports", Value::Null)[0]["status"],
        "waiting-for-scorekeeper"
    );
    let recorded = host.ok("confirm_report", json!({ "round": 1, "table": 1 }));
    assert_eq!(recorded["result"]["winner"], "a");
    assert_eq!(host.ok("reports", Value::Null), json!([]));
    // Player tickets: each player's own code, whose it is, a reissue that retires it.
    let ticket = host.ok("player_ticket", json!({ "player": a.to_string() }));
    assert_eq!(ticket["player"], a);
    let own = ticket["code"].as_str().expect("a code").to_string();
    assert_eq!(
        host.ok("player_by_code", json!({ "code": own }))["player"],
        a
    );
    let all = host.ok("player_tickets", Value::Null);
    assert!(
        all.as_array()
            .is_some_and(|t| t.iter().any(|t| t["code"] == own.as_str()))
    );
    let renewed = host.ok("reissue_player_code", json!({ "player": a.to_string() }));
    assert_ne!(renewed["code"], own.as_str());
    assert_eq!(
        host.kind("player_by_code", json!({ "code": own })),
        "wrong-code"
    );
    assert_eq!(
        host.ok("room", Value::Null)["tables"][0]["result"]["winner"],
        "a"
    );
    let printout = host.ok(
        "printout",
        json!({ "document": "slips", "round": null, "paper": "a4", "language": "en", "open": false }),
    );
    assert_eq!(printout["file_name"], "slips-round-1-en.pdf");
    assert!(printout["bytes"].as_array().is_some_and(|b| !b.is_empty()));
}

/// The deck boxes offer the parts and names used before: in the open event and in the
/// library's earlier events of the same game, never another game's.
#[test]
fn deck_boxes_offer_what_earlier_events_of_the_same_game_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let mut host = Host::new(dir);
    host.ok("create_event", json!({ "name": "Week 1", "ruleset": "bushiroad-en", "planned_rounds": 3, "path": path(dir, "week1.tkevent") }));
    host.ok("add_players", json!({ "names": ["Ann", "Bea"] }));
    host.ok("set_deck", json!({ "player": "Ann", "nation_clan": "Keter Sanctuary", "ride_line": "Bastion", "title": "", "oshi": "" }));
    host.ok("set_deck", json!({ "player": "Bea", "nation_clan": "", "ride_line": "", "title": "", "oshi": "", "name": "Blue Knights" }));
    let own = host.ok("deck_parts", Value::Null);
    assert_eq!(own["nation_clan"], json!(["Keter Sanctuary"]), "{own}");
    assert_eq!(own["name"], json!(["Blue Knights"]), "{own}");
    host.ok("create_event", json!({ "name": "Week 2", "ruleset": "bushiroad-en", "planned_rounds": 3, "path": path(dir, "week2.tkevent") }));
    let earlier = host.ok("deck_parts", Value::Null);
    assert_eq!(
        earlier["nation_clan"],
        json!(["Keter Sanctuary"]),
        "{earlier}"
    );
    assert_eq!(earlier["ride_line"], json!(["Bastion"]), "{earlier}");
    host.ok("create_event", json!({ "name": "Digimon", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, "digimon.tkevent") }));
    let other_game = host.ok("deck_parts", Value::Null);
    assert_eq!(other_game["nation_clan"], json!([]), "{other_game}");
    assert_eq!(other_game["name"], json!([]), "{other_game}");
}

#[test]
fn a_team_event_and_a_failed_restore_keep_the_event_open() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let mut host = Host::new(dir);
    host.ok("create_event", json!({ "name": "Trio", "ruleset": "bushiroad-ja", "team_size": 3, "planned_rounds": 1, "path": path(dir, "trio.tkevent") }));
    for t in 1..=2 {
        host.ok("add_team", json!({ "name": format!("Team {t}"), "members": [format!("{t}a"), format!("{t}b"), format!("{t}c")] }));
    }
    let round = host.ok("pair_round", json!({ "allow_rematches": false }));
    let table = tables(&round)[0];
    // Team A won 2 of 3 seats, so team A wins.
    let preview = host.ok("preview_result", json!({ "round": null, "table": table, "result": "1,2,1", "replace": false, "override_reason": null }));
    assert_eq!(preview["a"]["outcome"], "win", "{preview}");
    let recorded = host.ok("record_result", json!({ "round": null, "table": table, "result": "1,2,1", "replace": false, "override_reason": null }));
    assert_eq!(preview, table_of(recorded));
    let kind = host.kind(
        "restore_backup",
        json!({ "backup": path(dir, "no-such-backup.tkevent") }),
    );
    assert!(!kind.is_empty());
    assert_eq!(
        host.ok("summary", Value::Null)["name"],
        "Trio",
        "the event is open again"
    );
}

/// Every form of the result grammar (`result_input::RESULT_SYNTAX`), in the shapes a
/// keyboard produces: case, full-width digits and letters, spaces, Japanese long dashes.
fn typed_result() -> impl Strategy<Value = String> {
    let forms = prop::sample::select(vec![
        "a",
        "b",
        "1",
        "2",
        "1-0",
        "0-1",
        "2-1",
        "1-2",
        "2-0",
        "0-2",
        "1-1",
        "0-0",
        "draw",
        "d",
        "id",
        "dl",
        "x",
        "dw",
        "noshow-a",
        "noshow-b",
        "ns1",
        "ns2",
        "nsa",
        "nsb",
        "penalty-a",
        "penalty-b",
        "dq-a",
        "dq-b",
        "double-loss",
        "double-win",
        "3-0",
        "q",
        "",
        "a-b",
    ]);
    (forms, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(form, upper, wide, spaced)| {
        let mut text: String = form
            .chars()
            .map(|c| {
                let c = if upper { c.to_ascii_uppercase() } else { c };
                match (wide, c) {
                    (true, '-') => 'ー',
                    (true, c) if c.is_ascii_alphanumeric() => {
                        char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c)
                    }
                    (_, c) => c,
                }
            })
            .collect();
        if spaced {
            text = format!(" {text} ");
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// The preview is what will be recorded, for every form typed, on a
    /// best-of-one and a best-of-three ruleset; a form refused in the preview is refused
    /// when recorded, with the same kind.
    #[test]
    fn the_preview_is_what_is_recorded(typed in typed_result(), three in any::<bool>(), replace in any::<bool>()) {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut host = Host::new(dir.path());
        let ruleset = if three { "crossover" } else { "bushiroad-en" };
        host.ok("create_event", json!({ "name": "P", "ruleset": ruleset, "planned_rounds": 2, "path": path(dir.path(), "p.tkevent") }));
        host.ok("add_players", json!({ "names": ["A1", "B1", "C1", "D1"] }));
        let round = host.ok("pair_round", json!({ "allow_rematches": false }));
        let table = tables(&round)[0];
        if replace {
            host.ok("record_result", json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null }));
        }
        let request = json!({ "round": null, "table": table, "result": typed, "replace": replace, "override_reason": null });
        let before = host.ok("pairings", json!({ "round": null }));
        let preview = host.call("preview_result", request.clone());
        prop_assert_eq!(&host.ok("pairings", json!({ "round": null })), &before, "a preview changes nothing");
        let recorded = host.call("record_result", request);
        match (preview, recorded) {
            (Ok(preview), Ok(recorded)) => prop_assert_eq!(preview, table_of(recorded)),
            (Err(preview), Err(recorded)) => prop_assert_eq!(preview.to_view().kind, recorded.to_view().kind),
            (preview, recorded) => prop_assert!(false, "preview {:?} but recorded {:?}", preview.map_err(|e| e.to_view()), recorded.map_err(|e| e.to_view())),
        }
    }
}

/// A backup listed from an event in a folder whose name is not UTF-8 is
/// restored from the app (the listed path is text, so the folder's name does not survive;
/// the backup's own name does, and it is found in the event's backups folder).
#[cfg(unix)]
#[test]
fn a_backup_in_a_folder_named_in_no_utf8_restores_from_its_listing() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"caf\xe9 events"));
    std::fs::create_dir_all(&folder).expect("a folder named in Latin-1");
    let file = folder.join("locals.tkevent");
    let mut session = tablekeeper_commands::Session::create(
        &file,
        tablekeeper_commands::CreateOptions {
            name: "Locals".into(),
            planned_rounds: Some(3),
            ..Default::default()
        },
    )
    .expect("create");
    for name in ["A", "B", "C", "D"] {
        session
            .add_players(vec![tablekeeper_engine::PlayerDetails {
                name: name.into(),
                ..Default::default()
            }])
            .expect("player");
    }
    session.pair_next_round(None, false).expect("pair");
    drop(session);
    let mut host = Host::new(dir.path());
    host.desk.open_for_host(&file).expect("open");
    let listed = host.ok("backups", Value::Null);
    let backup = listed[0]["file"].as_str().expect("a backup").to_string();
    assert!(
        !std::path::Path::new(&backup).exists(),
        "the listing is lossy text"
    );
    let restored = host.ok("restore_backup", json!({ "backup": backup }));
    assert!(restored["previous_saved_as"].is_string(), "{restored}");
    assert_eq!(host.ok("summary", Value::Null)["name"], "Locals");
}

/// The door's commands on a fresh event: entries from phones against a cap, the
/// desk's steps, a lottery replayed from its seed, a drop request taken at the next pairing,
/// and a judge call claimed and resolved.
fn door_commands(host: &mut Host, dir: &Path) {
    close_all(host);
    host.ok("create_event", json!({ "name": "Door", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, "door.tkevent") }));
    let settings = |mode: &str, seats: Value, closes_at: Value| {
        json!({ "open": true, "mode": mode, "seats": seats, "waiting_limit": null,
                "closes_at": closes_at, "check_in": true, "drop_requests": "confirmed" })
    };
    host.ok("set_door", settings("open", json!(3), Value::Null));
    let page = host.ok("door", Value::Null);
    assert_eq!(page["seats_left"], 3);
    let mut codes = Vec::new();
    for name in ["Ann", "Ben", "Cid", "Dee"] {
        let entered = host.ok("enter", json!({ "name": name }));
        codes.push(entered["code"].as_str().expect("a code").to_string());
    }
    assert_eq!(
        host.ok("me", json!({ "code": codes[3] }))["entry"]["state"],
        "waiting"
    );
    host.ok(
        "desk_enter",
        json!({ "name": "Eve", "reading": null, "publisher_id": null, "members": [] }),
    );
    let view = host.ok("check_in_by_code", json!({ "code": codes[0] }));
    assert!(
        view["player"].is_u64(),
        "checked in from the phone: a player"
    );
    host.ok("check_in", json!({ "entry": 2 }));
    host.ok("decide_entry", json!({ "entry": 3, "accept": false }));
    // Entry 3's seat went to the first waiting (Dee), who withdraws; then Eve moves up.
    assert_eq!(
        host.ok("me", json!({ "code": codes[3] }))["entry"]["state"],
        "accepted"
    );
    host.ok("withdraw_by_code", json!({ "code": codes[3] }));
    let door = host.ok("withdraw_entry", json!({ "entry": 5 }));
    assert_eq!(door["entries"][4]["state"], "withdrawn");
    assert_eq!(
        host.kind("check_in", json!({ "entry": 9 })),
        "unknown-entry"
    );
    // Two players; round 1; Ann asks to drop, the scorekeeper confirms, round 2 has no Ann.
    host.ok("pair_round", json!({ "allow_rematches": false }));
    // Two players, three rounds, a cut of 2: both are in whatever happens.
    let line = host.ok("projection", json!({ "cut": 2 }));
    assert_eq!(line["rounds_left"], 3, "{line}");
    assert_eq!(line["paired"], true);
    assert!(
        line["rows"]
            .as_array()
            .is_some_and(|rows| rows.len() == 2 && rows.iter().all(|r| r["chance"] == "locked")),
        "{line}"
    );
    let ann = host.ok("me", json!({ "code": codes[0] }));
    let own = ann["player_code"]
        .as_str()
        .expect("the player's own code")
        .to_string();
    host.ok("request_drop", json!({ "code": own }));
    let door = host.ok(
        "decide_drop_request",
        json!({ "player": "Ann", "accept": true }),
    );
    assert_eq!(door["drop_requests"][0]["state"], "confirmed");
    // A judge call from the phone, and one from the desk.
    host.ok("call_judge", json!({ "code": own, "reason": "clock" }));
    host.ok(
        "desk_call_judge",
        json!({ "player": "Ben", "reason": null }),
    );
    let calls = host.ok("judge_calls", Value::Null);
    assert_eq!(calls["calls"].as_array().map(Vec::len), Some(2));
    host.ok("claim_call", json!({ "call": 1 }));
    assert_eq!(
        host.ok("me", json!({ "code": own }))["call"]["claimed"],
        true
    );
    let calls = host.ok("resolve_call", json!({ "call": 1 }));
    assert!(calls["calls"][1]["resolved_at"].is_number(), "{calls}");
    // Undo takes back the scorekeeper's own last step, not the players'.
    let undone = host.ok("undo", Value::Null);
    assert_eq!(
        undone["description"][0]["key"], "history.drop-request-confirmed",
        "{undone}"
    );
    host.ok("redo", Value::Null);
    let door = host.ok("door_view", Value::Null);
    assert!(
        door["entry_url"].is_null(),
        "not shared: no entry page address"
    );
    // Everything the door did is in the event file: opened again, it is the same.
    let calls = host.ok("judge_calls", Value::Null)["calls"].clone();
    host.ok("open_event", json!({ "path": path(dir, "door.tkevent") }));
    assert_eq!(
        host.ok("door_view", Value::Null)["entries"],
        door["entries"]
    );
    let reopened = host.ok("judge_calls", Value::Null)["calls"].clone();
    // The event report keeps the calls, in the order called.
    let report = host.ok("report", Value::Null);
    assert_eq!(report["judge_calls"][0]["reason"], "clock", "{report}");
    assert_eq!(report["judge_calls"][1]["name"], "Ben");
    assert_eq!(
        reopened.as_array().map(Vec::len),
        calls.as_array().map(Vec::len)
    );
    // A lottery replayed from its seed gives the same draw.
    let mut draws = Vec::new();
    for copy in ["a", "b"] {
        host.ok("create_event", json!({ "name": "Lottery", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, &format!("lottery-{copy}.tkevent")) }));
        host.ok(
            "set_door",
            settings("lottery", json!(4), json!(4_000_000_000_i64)),
        );
        for n in 0..9 {
            host.ok("desk_enter", json!({ "name": format!("Entrant {n}"), "reading": null, "publisher_id": null, "members": [] }));
        }
        let seed = draws
            .first()
            .map(|d: &Value| d["lottery_seed"].clone())
            .unwrap_or(Value::Null);
        draws.push(host.ok("draw_lottery", json!({ "seed": seed })));
    }
    // The same draw: who got a seat and who waits where (the entries' times differ when
    // the two events were filled in different seconds).
    let drawn = |view: &Value| -> Vec<(Value, Value, Value)> {
        view["entries"]
            .as_array()
            .map(|entries| {
                entries
                    .iter()
                    .map(|e| {
                        (
                            e["number"].clone(),
                            e["state"].clone(),
                            e["place_in_line"].clone(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(drawn(&draws[0]), drawn(&draws[1]));
    assert_eq!(drawn(&draws[0]).len(), 9);
    assert_eq!(draws[0]["lottery_seed"], draws[1]["lottery_seed"]);
}

/// A damaged player library never stops a registration: the players are saved in
/// the event, the window gets a notice, and the damaged file is left as it was.
#[test]
fn a_damaged_library_never_stops_a_registration() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let mut host = Host::new(dir);
    std::fs::create_dir_all(dir.join("data")).expect("data");
    let library = dir.join("data").join("players.tklibrary");
    std::fs::write(&library, b"this is not a library, it was damaged").expect("damage");
    host.ok(
        "create_event",
        json!({ "name": "Friday", "ruleset": "bandai", "planned_rounds": 3, "path": path(dir, "friday.tkevent") }),
    );
    let added = host.ok("add_players", json!({ "names": ["Ann", "Bo"] }));
    assert_eq!(added.as_array().map(Vec::len), Some(2));
    assert_eq!(
        host.ok("players", Value::Null).as_array().map(Vec::len),
        Some(2)
    );
    let notices = host.ok("take_notices", Value::Null);
    assert!(
        notices
            .as_array()
            .is_some_and(|n| n.iter().any(|m| m["key"] == "notice.library-failed")),
        "{notices}"
    );
    assert_eq!(host.kind("library_info", Value::Null), "not-a-library");
    assert_eq!(
        std::fs::read(&library).expect("bytes"),
        b"this is not a library, it was damaged"
    );
}

/// The attention bar's view follows the night: register, results coming in, pair the next
/// round, the cut once every planned round is played, the payout once the champion is
/// known; a judge call counts until it is dealt with.
#[test]
fn the_attention_view_follows_the_night() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let mut host = Host::new(dir);
    host.ok("create_event", json!({ "name": "Night", "ruleset": "bandai", "planned_rounds": 2, "path": path(dir, "night.tkevent") }));
    host.ok(
        "add_players",
        json!({ "names": ["Ann", "Ben", "Cat", "Dan"] }),
    );
    let attention = |host: &mut Host| host.ok("attention", Value::Null);
    let seen = attention(&mut host);
    assert_eq!(seen["next"], "register", "{seen}");
    assert!(seen["round"].is_null());
    let record_all = |host: &mut Host, round: &Value| {
        for t in tables(round) {
            host.ok("record_result", json!({ "round": null, "table": t, "result": "a", "replace": false, "override_reason": null }));
        }
    };
    for number in 1..=2 {
        let round = host.ok("pair_round", json!({ "allow_rematches": false }));
        let seen = attention(&mut host);
        assert_eq!(seen["next"], "results", "{seen}");
        assert_eq!(seen["round"]["round"], number);
        assert_eq!(seen["round"]["entered"], 0);
        assert_eq!(seen["round"]["tables"], 2);
        record_all(&mut host, &round);
        let seen = attention(&mut host);
        let after = if number == 1 { "pair-round" } else { "cut" };
        assert_eq!(seen["next"], after, "{seen}");
        assert_eq!(seen["round"]["entered"], 2);
    }
    host.ok(
        "desk_call_judge",
        json!({ "player": "Ben", "reason": null }),
    );
    let seen = attention(&mut host);
    assert_eq!(
        (seen["judge_calls"].clone(), seen["newest_call"].clone()),
        (json!(1), json!(1))
    );
    host.ok("resolve_call", json!({ "call": 1 }));
    let seen = attention(&mut host);
    assert_eq!(
        (seen["judge_calls"].clone(), seen["newest_call"].clone()),
        (json!(0), Value::Null)
    );
    host.ok(
        "start_cut",
        json!({ "size": 2, "third_place": false, "excluded": [] }),
    );
    let final_round = host.ok("pairings", json!({ "round": null }));
    assert_eq!(attention(&mut host)["next"], "results");
    record_all(&mut host, &final_round);
    let seen = attention(&mut host);
    assert_eq!(seen["next"], "payout", "{seen}");
}

/// Failures show where the owner is: the attention bar says the stick's copy is behind
/// (and that it could not be written) while a change is not on it, and names a station that
/// kept a copy and stopped asking, the quietest first, until it is forgotten.
#[test]
fn the_attention_view_names_the_sticks_copy_behind_and_stations_gone_quiet() {
    let dir = tempfile::tempdir().expect("tempdir");
    let dir = dir.path();
    let stick = dir.join("stick");
    std::fs::create_dir(&stick).expect("stick");
    let mut host = Host::new(dir);
    host.ok("create_event", json!({ "name": "Night", "ruleset": "bandai", "planned_rounds": 2, "path": path(dir, "night.tkevent") }));
    host.ok(
        "add_players",
        json!({ "names": ["Ann", "Ben", "Cat", "Dan"] }),
    );
    let seen = host.ok("attention", Value::Null);
    assert!(
        seen["mirror"].is_null(),
        "no mirror, nothing behind: {seen}"
    );
    assert_eq!(seen["silent_stations"], json!([]));

    host.ok(
        "set_mirror",
        json!({ "folder": stick.display().to_string() }),
    );
    // The copy is written on the mirror's own thread: whole within a moment.
    let whole = (0..200).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        host.ok("attention", Value::Null)["mirror"].is_null()
    });
    assert!(whole, "the stick's copy whole after set_mirror");

    // The stick is pulled out: the next change is saved, and the bar says the copy is behind.
    std::fs::remove_dir_all(&stick).expect("pull the stick");
    host.ok("pair_round", json!({ "allow_rematches": false }));
    let failed = (0..200).find_map(|_| {
        std::thread::sleep(std::time::Duration::from_millis(10));
        let seen = host.ok("attention", Value::Null);
        (seen["mirror"]["failed"] == json!(true)).then_some(seen)
    });
    let failed = failed.expect("the failed copy in the attention bar");
    assert!(
        failed["mirror"]["changes"].as_i64().unwrap_or(0) >= 1,
        "{failed}"
    );

    // Two stations keep a copy; neither is quiet yet.
    for station in ["Desk 2", "Desk 3"] {
        host.ok("replica", json!({ "station": station, "held": [] }));
    }
    let seen = host.ok("attention", Value::Null);
    assert_eq!(seen["silent_stations"], json!([]), "{seen}");
    assert_eq!(seen["stations_known"], 2, "{seen}");
    let now = chrono::Utc::now().timestamp_millis();
    assert!(
        host.desk.stations_silent(now + 5_000).is_empty(),
        "5 s is not quiet"
    );
    let quiet = host.desk.stations_silent(now + 60_000);
    assert_eq!(
        quiet.iter().map(|s| s.station.as_str()).collect::<Vec<_>>(),
        ["Desk 2", "Desk 3"]
    );
    assert!(
        quiet.iter().all(|s| (59..=61).contains(&s.silent_for_s)),
        "{quiet:?}"
    );
    assert!(
        host.desk.stations_silent(now + 31 * 60_000).is_empty(),
        "forgotten after half an hour"
    );
    assert_eq!(host.desk.stations_known(now + 31 * 60_000), 0);
}

/// A phone's code finds the one open event that handed it out, whichever is active and
/// without making another active: a player's code, the code a reissue retired, a code typed
/// loosely; a code no event handed out finds none.
#[test]
fn a_phone_code_finds_its_own_event_among_the_open_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut host = Host::new(dir.path());
    let main = path(dir.path(), "main.tkevent");
    let side = path(dir.path(), "side.tkevent");
    host.ok(
        "create_event",
        json!({ "name": "Main", "ruleset": "bandai", "planned_rounds": 3, "path": main }),
    );
    host.ok(
        "add_players",
        json!({ "names": ["Aiko", "Ben", "Chiara", "Dmitri"] }),
    );
    let main_code = host.ok("player_ticket", json!({ "player": "1" }))["code"]
        .as_str()
        .expect("main's code")
        .to_string();
    host.ok(
        "create_event",
        json!({ "name": "Side", "ruleset": "bandai", "planned_rounds": 3, "path": side }),
    );
    host.ok("add_players", json!({ "names": ["Emi", "Farid"] }));
    let side_code = host.ok("player_ticket", json!({ "player": "2" }))["code"]
        .as_str()
        .expect("side's code")
        .to_string();
    let owner = |host: &mut Host, code: &str| {
        host.desk
            .event_of_code(code)
            .map(|p| p.display().to_string())
    };
    assert_eq!(owner(&mut host, &main_code), Some(main.clone()));
    assert_eq!(owner(&mut host, &side_code), Some(side.clone()));
    assert_eq!(
        host.ok("summary", Value::Null)["name"],
        "Side",
        "still active"
    );
    let loosely = format!(" {} ", main_code.to_lowercase());
    assert_eq!(owner(&mut host, &loosely), Some(main.clone()));
    // A reissue on the main event: its new code and the retired one are both its own (the
    // retired one is then refused there as replaced, not as another event's).
    host.ok("switch_event", json!({ "path": main }));
    let renewed = host.ok("reissue_player_code", json!({ "player": "1" }))["code"]
        .as_str()
        .expect("renewed")
        .to_string();
    assert_eq!(owner(&mut host, &renewed), Some(main.clone()));
    assert_eq!(owner(&mut host, &main_code), Some(main.clone()));
    assert_eq!(owner(&mut host, "ZZZZZ-ZZZZZ"), None);
    // A closed event hands out nothing any more.
    host.ok("switch_event", json!({ "path": side }));
    host.ok("close_event", Value::Null);
    assert_eq!(owner(&mut host, &side_code), None);
    assert_eq!(owner(&mut host, &renewed), Some(main));
}
