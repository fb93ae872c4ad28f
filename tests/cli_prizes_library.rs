//! Prizes, seasons, deck checks and the library as an organizer meets them through the real
//! `tablekeeper` binary: refused rules leave the event unchanged, amounts have a limit, a
//! deck check records the tables it picked, a library edit cannot make a duplicate, the
//! library keeps where an event file is wherever it was registered from, and Japanese names
//! are found as typed, with or without the space.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;
use std::process::Command;

use cli::{BIN, error_kind, ok};
use serde_json::Value;

fn text(path: &Path) -> &str {
    path.to_str().expect("path")
}

/// The descriptions of the event's history, as the CLI renders them.
fn history(event: &str) -> Vec<String> {
    ok(&["history", event])
        .as_array()
        .expect("history")
        .iter()
        .map(|step| step["description"].to_string())
        .collect()
}

/// `tablekeeper library --library LIBRARY ARGS…`.
fn in_library<'a>(library: &'a str, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["library", "--library", library];
    all.extend_from_slice(args);
    all
}

/// Prize rules whose ladder pays more than the pool are refused when recorded, and the
/// event is left as it was: no "set the prize rules" in its history, no rules recorded.
#[test]
fn refused_prize_rules_are_not_recorded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("demo.tkevent");
    let event = text(&event);
    ok(&["demo", event]);
    let before = history(event);
    let rules = dir.path().join("short.toml");
    std::fs::write(
        &rules,
        "ties = \"standings\"\npool = 100\nplace = [{ down_to = 1, amount = 101 }]\n",
    )
    .expect("rules");
    assert_eq!(
        error_kind(&["prizes", event, "--rules", text(&rules), "--record"]),
        "invalid-prizes"
    );
    assert_eq!(
        history(event),
        before,
        "a refusal leaves the history as it was"
    );
    assert_eq!(
        error_kind(&["prizes", event]),
        "invalid-prizes",
        "no rules were recorded"
    );
}

/// An amount beyond the documented limit is refused in words, never wrapped around: the
/// rules the issue found paid "100, left 0" while their lines added up to 1.8×10¹⁹.
#[test]
fn prize_amounts_beyond_the_limit_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("demo.tkevent");
    let event = text(&event);
    ok(&["demo", event]);
    for ties in ["standings", "shared", "hort"] {
        let rules = dir.path().join(format!("{ties}.toml"));
        std::fs::write(
            &rules,
            format!(
                "ties = \"{ties}\"\npool = 100\nplace = [{{ down_to = 1, amount = 9223372036854775858 }}, {{ down_to = 4, amount = 50 }}]\n"
            ),
        )
        .expect("rules");
        let error = cli::error(&["prizes", event, "--rules", text(&rules), "--record"]);
        assert_eq!(error["kind"], "invalid-prizes", "{error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap_or_default()
                .contains("1000000000000"),
            "the message names the limit: {error}"
        );
    }
    // At the limit itself the rules are accepted and every total is the sum of its lines.
    let rules = dir.path().join("limit.toml");
    std::fs::write(
        &rules,
        "ties = \"shared\"\nparticipation = 1000000000000\nplace = [{ down_to = 3, amount = 1000000000000 }]\n",
    )
    .expect("rules");
    let payout = ok(&["prizes", event, "--rules", text(&rules)]);
    let lines: u64 = payout["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["credit"].as_u64().expect("credit"))
        .sum();
    assert_eq!(payout["credit_paid"].as_u64(), Some(lines), "{payout}");
}

/// With two tables left in the round, asking for three picks two, and the history says so.
#[test]
fn a_deck_check_records_the_tables_it_picked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("six.tkevent");
    let event = text(&event);
    ok(&[
        "create",
        event,
        "--name",
        "Six",
        "--ruleset",
        "bandai",
        "--rounds",
        "3",
    ]);
    for name in ["Ann", "Bob", "Cai", "Dee", "Eve", "Fay"] {
        ok(&["add-player", event, name]);
    }
    ok(&["pair", event]);
    let first = ok(&["deck-check", event, "--tables", "1", "--seed", "5"]);
    assert_eq!(first[0]["tables"].as_array().map(Vec::len), Some(1));
    let rest = ok(&["deck-check", event, "--tables", "3", "--seed", "6"]);
    let picked = rest
        .as_array()
        .expect("checks")
        .last()
        .expect("the new check")["tables"]
        .as_array()
        .map(Vec::len);
    assert_eq!(picked, Some(2), "{rest}");
    let said = history(event).join("\n");
    assert!(said.contains("picked 2 tables"), "{said}");
    assert!(!said.contains("picked 3 tables"), "{said}");
}

/// `library edit` refuses a publisher ID another player holds, as `library add` does; a
/// duplicate the library already holds (added at the door) can still be corrected.
#[test]
fn a_library_edit_cannot_make_a_duplicate() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = text(&library);
    let lib = |args: &[&str]| ok(&in_library(library, args));
    let lib_error = |args: &[&str]| error_kind(&in_library(library, args));
    lib(&["add", "Emma Novak", "--player-id", "BN-1"]);
    lib(&["add", "Noah Olsen"]);
    assert_eq!(
        lib_error(&["add", "Emma Twin", "--player-id", "BN-1"]),
        "duplicate-player"
    );
    assert_eq!(
        lib_error(&["edit", "2", "--player-id", "BN-1"]),
        "duplicate-player"
    );
    assert_eq!(
        lib_error(&["edit", "2", "--name", "Emma Novak"]),
        "duplicate-player",
        "the same name and reading as player 1, neither with a different ID"
    );
    assert_eq!(lib(&["find", "2"])[0]["publisher_id"], Value::Null);
    // The player's own ID, or an ID nobody holds, is fine.
    lib(&["edit", "1", "--player-id", "BN-1", "--note", "regular"]);
    lib(&["edit", "2", "--player-id", "BN-2"]);
}

/// A player registered from an event's own folder with a relative path: the library keeps
/// the event's full path, so their history reads it from any other folder.
#[test]
fn the_library_keeps_the_full_path_of_an_event_registered_by_a_relative_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = text(&library);
    let events = dir.path().join("events");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&events).expect("folder");
    std::fs::create_dir_all(&elsewhere).expect("folder");
    let run_in = |folder: &Path, args: &[&str]| -> Value {
        let output = Command::new(BIN)
            .current_dir(folder)
            .arg("--json")
            .args(args)
            .output()
            .expect("run tablekeeper");
        let envelope: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(envelope["ok"], true, "{args:?}: {envelope}");
        envelope["data"].clone()
    };
    run_in(
        &elsewhere,
        &["library", "--library", library, "add", "Aiko Tanaka"],
    );
    run_in(
        &events,
        &[
            "create",
            "rel.tkevent",
            "--name",
            "Rel",
            "--ruleset",
            "bandai",
        ],
    );
    run_in(
        &events,
        &["register", "rel.tkevent", "--library", library, "1"],
    );
    let history = run_in(
        &elsewhere,
        &["library", "--library", library, "history", "1"],
    );
    let event = &history["events"][0];
    assert_eq!(event["readable"], true, "{history}");
    let file = Path::new(event["file"].as_str().expect("file"));
    assert!(file.is_absolute(), "{history}");
}

/// A season's events are picked from the events the library has seen: each once (however
/// many of its players played it), with its name, file and how many of the library's players
/// played it, oldest first; dates that are not dates are refused in words.
#[test]
fn the_library_lists_its_events_for_a_season() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = text(&library);
    for name in ["Aiko Tanaka", "Иван Петров", "김민준"] {
        ok(&in_library(library, &["add", name]));
    }
    let weeks: Vec<String> = (1..=2)
        .map(|week| text(&dir.path().join(format!("week{week}.tkevent"))).to_string())
        .collect();
    for (week, file) in weeks.iter().enumerate() {
        let name = format!("Friday week {}", week + 1);
        ok(&["create", file, "--name", &name, "--ruleset", "bandai"]);
        let players: &[&str] = if week == 0 { &["1", "2", "3"] } else { &["2"] };
        let mut args = vec!["register", file.as_str(), "--library", library];
        args.extend_from_slice(players);
        ok(&args);
    }
    let events = ok(&in_library(library, &["events"]));
    let events = events.as_array().expect("events");
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[0]["name"], "Friday week 1");
    assert_eq!(events[0]["players"], 3);
    assert_eq!(events[1]["name"], "Friday week 2");
    assert_eq!(events[1]["players"], 1);
    assert_eq!(events[1]["file"], weeks[1].as_str());
    let later = ok(&in_library(library, &["events", "--from", "2999-01-01"]));
    assert_eq!(later.as_array().map(Vec::len), Some(0), "{later}");
    let earlier = ok(&in_library(library, &["events", "--to", "1999-12-31"]));
    assert_eq!(earlier.as_array().map(Vec::len), Some(0), "{earlier}");
    let since = ok(&in_library(library, &["events", "--from", "2000-01-01"]));
    assert_eq!(since.as_array().map(Vec::len), Some(2), "{since}");
    assert_eq!(
        error_kind(&in_library(library, &["events", "--from", "next friday"])),
        "invalid-season"
    );
}

/// Japanese organizers type a full name without the space, or with a full-width one; Latin
/// names are found the same way. A golden list: each typed form finds its player first.
#[test]
fn names_are_found_with_or_without_their_spaces() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = text(&library);
    let lib = |args: &[&str]| ok(&in_library(library, args));
    let players = [
        ("田中 太郎", "たなか たろう"),
        ("佐藤 花子", "さとう はなこ"),
        ("山田 一郎", "ヤマダ イチロウ"),
        ("Anna Maria Berg", ""),
        ("Иван Петров", ""),
        ("김 민준", ""),
        ("王 小明", ""),
        ("田中 次郎", "たなか じろう"),
    ];
    for (name, reading) in players {
        let mut args = vec!["add", name];
        if !reading.is_empty() {
            args.extend(["--reading", reading]);
        }
        lib(&args);
    }
    let golden = [
        ("田中太郎", "田中 太郎"),
        ("田中　太郎", "田中 太郎"),
        ("田中 太郎", "田中 太郎"),
        ("たなかたろう", "田中 太郎"),
        ("たなか　たろう", "田中 太郎"),
        ("タナカタロウ", "田中 太郎"),
        ("佐藤花子", "佐藤 花子"),
        ("さとうはなこ", "佐藤 花子"),
        ("やまだいちろう", "山田 一郎"),
        ("山田一郎", "山田 一郎"),
        ("annamariaberg", "Anna Maria Berg"),
        ("Anna Maria", "Anna Maria Berg"),
        ("ИванПетров", "Иван Петров"),
        ("김민준", "김 민준"),
        ("王小明", "王 小明"),
        ("田中次郎", "田中 次郎"),
    ];
    for (typed, expected) in golden {
        let found = lib(&["find", typed]);
        assert_eq!(found[0]["name"], expected, "{typed}: {found}");
    }
    // "田中" finds both Tanakas; a name typed wrongly finds nobody.
    assert_eq!(lib(&["find", "田中"]).as_array().map(Vec::len), Some(2));
    assert_eq!(lib(&["find", "田中三郎"]).as_array().map(Vec::len), Some(0));
}

/// Every `tablekeeper COMMAND` the documents name is a command the tool has (the door's
/// document once sent the reader to `tablekeeper call`, which never existed).
#[test]
fn every_command_the_documents_name_exists() {
    let help = Command::new(BIN).arg("--help").output().expect("help");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.contains(&"judge"), "{help}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut documents = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root.join("docs"))
        .expect("docs")
        .flatten()
    {
        if entry.path().extension().is_some_and(|e| e == "md") {
            documents.push(entry.path());
        }
    }
    for document in documents {
        let text = std::fs::read_to_string(&document).expect("document");
        for (at, _) in text.match_indices("tablekeeper ") {
            let named: String = text[at + "tablekeeper ".len()..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            if named.len() < 2 || !named.starts_with(|c: char| c.is_ascii_lowercase()) {
                continue;
            }
            assert!(
                commands.contains(&named.as_str()),
                "{} names `tablekeeper {named}`, which is no command",
                document.display()
            );
        }
    }
}

/// `print --help` names its documents in one place, the list of possible values, so the
/// description cannot name fewer of them than the tool prints (it once named 9 of 14).
#[test]
fn print_help_lists_every_document_once() {
    let help = Command::new(BIN)
        .args(["print", "--help"])
        .output()
        .expect("help");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let values = help
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the documents");
    for document in ["pairings", "payout", "deck-checks", "cut-line", "tickets"] {
        assert!(values.contains(document), "{help}");
    }
    let description = help.lines().next().unwrap_or_default();
    assert!(
        !description.contains("pairings-by-name"),
        "the description lists documents by hand: {description}"
    );
}
