//! Scenario tests through the real `tablekeeper` binary: whole events, every ruleset.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;
use std::process::Command;

use cli::{BIN, error_kind, ok};
use serde_json::Value;

fn write_players_csv(path: &Path) {
    let mut csv = String::from("\u{feff}name,reading,publisher_id\n");
    for n in 1..=13 {
        csv.push_str(&format!("Player {n:02},,ID{n:04}\n"));
    }
    for (name, reading) in [
        ("佐藤 花子", "さとう はなこ"),
        ("鈴木 一郎", "すずき いちろう"),
        ("高橋 美咲", "たかはし みさき"),
        ("伊藤 翔", "いとう しょう"),
    ] {
        csv.push_str(&format!("{name},{reading},\n"));
    }
    std::fs::write(path, csv).expect("write CSV");
}

/// 17 players, 5 rounds, a late entry, a drop, every kind of result, for one ruleset.
fn seventeen_players_five_rounds(ruleset: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join(format!("{ruleset}.tkevent"));
    let file = file.to_str().expect("utf-8 path");
    let csv = dir.path().join("players.csv");
    write_players_csv(&csv);
    ok(&[
        "create",
        file,
        "--name",
        "Scenario",
        "--ruleset",
        ruleset,
        "--rounds",
        "5",
        "--seed",
        "42",
    ]);
    let added = ok(&["import-players", file, csv.to_str().expect("path")]);
    assert_eq!(added.as_array().map(Vec::len), Some(17));
    let results = ["a", "b", "draw", "dl", "noshow-b", "a", "b", "a"];
    let mut cursor = 0;
    for round in 1..=5u32 {
        if round == 3 {
            let late = ok(&["add-player", file, "Late Comer"]);
            assert_eq!(late["joined_round"], 3, "add-player returns the player");
        }
        let pairings = ok(&["pair", file, "--seed", &round.to_string()]);
        assert_eq!(pairings["round"], round);
        assert!(
            pairings["rematches"].as_array().is_some_and(Vec::is_empty),
            "no rematch expected: {pairings}"
        );
        let tables: Vec<u64> = pairings["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .filter_map(|t| t["table"].as_u64())
            .collect();
        assert_eq!(error_kind(&["pair", file]), "round-incomplete");
        for table in tables {
            let result = results[cursor % results.len()];
            cursor += 1;
            let recorded = ok(&["result", file, &table.to_string(), result]);
            assert!(recorded["result"].is_object());
        }
        assert_eq!(error_kind(&["result", file, "99", "a"]), "unknown-table");
        if round == 3 {
            // Rulesets that drop no-shows may already have dropped someone; drop an active player.
            let players = ok(&["players", file]);
            let active = players
                .as_array()
                .and_then(|list| {
                    list.iter()
                        .find(|p| p["status"] == "active" && p["name"] != "Late Comer")
                })
                .and_then(|p| p["id"].as_u64())
                .expect("an active player");
            let dropped = ok(&["drop", file, &active.to_string()]);
            assert_eq!(dropped["status"], "dropped");
        }
    }
    assert_eq!(error_kind(&["pair", file]), "all-rounds-played");
    let standings = ok(&["standings", file]);
    assert_eq!(standings["completed_rounds"], 5);
    let rows = standings["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 18);
    let chain = standings["chain"].as_array().expect("chain").len();
    for (index, row) in rows.iter().enumerate() {
        assert!(
            row["rank"]
                .as_u64()
                .is_some_and(|r| r as usize <= index + 1)
        );
        assert_eq!(row["tiebreakers"].as_array().map(Vec::len), Some(chain));
        let games: u64 = ["wins", "losses", "draws"]
            .iter()
            .map(|k| row[*k].as_u64().unwrap_or(0))
            .sum();
        assert!(games <= 5, "at most one record per round: {row}");
    }
    let late = rows
        .iter()
        .find(|r| r["name"] == "Late Comer")
        .expect("late entry in standings");
    assert!(
        late["losses"].as_u64().unwrap_or(0) >= 2,
        "two missed rounds are recorded as losses: {late}"
    );
    assert!(rows.iter().any(|r| r["name"] == "佐藤 花子"));
    let archive_path = dir.path().join("archive.json");
    ok(&[
        "export",
        file,
        "--output",
        archive_path.to_str().expect("path"),
    ]);
    let archive: Value =
        serde_json::from_str(&std::fs::read_to_string(&archive_path).expect("archive"))
            .expect("archive JSON");
    assert_eq!(archive["format"], "tablekeeper-archive");
    assert_eq!(archive["version"], 1);
    assert_eq!(archive["ruleset"]["id"], ruleset);
    assert_eq!(archive["standings"], standings);
    assert_eq!(archive["rounds"].as_array().map(Vec::len), Some(5));
}

macro_rules! every_ruleset {
    ($($name:ident => $id:literal),* $(,)?) => {
        $(#[test] fn $name() { seventeen_players_five_rounds($id); })*
    };
}

every_ruleset! {
    scenario_17_players_5_rounds_bushiroad_en => "bushiroad-en",
    scenario_17_players_5_rounds_bushiroad_ja => "bushiroad-ja",
    scenario_17_players_5_rounds_bushinavi => "bushinavi",
    scenario_17_players_5_rounds_dream_order => "dream-order",
    scenario_17_players_5_rounds_bandai => "bandai",
    scenario_17_players_5_rounds_fow => "fow",
    scenario_17_players_5_rounds_crossover => "crossover",
    scenario_17_players_5_rounds_moncolle_legacy => "moncolle-legacy",
}

#[test]
fn every_embedded_ruleset_has_a_scenario() {
    let listed = ok(&["rulesets"]);
    let source = include_str!("cli_scenarios.rs");
    for ruleset in listed.as_array().expect("list") {
        let id = ruleset["id"].as_str().expect("id");
        assert!(
            source.contains(&format!("=> \"{id}\"")),
            "no scenario for {id}"
        );
    }
}

#[test]
fn verify_rules_passes_for_every_ruleset() {
    let groups = ok(&["verify-rules"]);
    for group in groups.as_array().expect("groups") {
        assert_eq!(group["failed"], 0, "{group}");
        assert!(group["passed"].as_u64().unwrap_or(0) > 0, "{group}");
    }
}

#[test]
fn bad_input_gets_a_kind_and_a_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("path");
    assert_eq!(
        error_kind(&["create", file, "--name", "X", "--ruleset", "nope"]),
        "unknown-ruleset"
    );
    assert!(!Path::new(file).exists());
    ok(&[
        "create",
        file,
        "--name",
        "X",
        "--ruleset",
        "crossover",
        "--rounds",
        "3",
    ]);
    ok(&["add-player", file, "Ann"]);
    assert_eq!(error_kind(&["add-player", file, "Ann"]), "duplicate-player");
    assert_eq!(error_kind(&["add-player", file, "   "]), "empty-name");
    ok(&["add-player", file, "Bob"]);
    ok(&["pair", file, "--seed", "1"]);
    assert_eq!(error_kind(&["result", file, "1", "3-0"]), "invalid-result");
    assert_eq!(
        error_kind(&["result", file, "1", "banana"]),
        "invalid-result"
    );
    ok(&["result", file, "1", "2-1"]);
    assert_eq!(error_kind(&["result", file, "1", "0-2"]), "result-exists");
    ok(&["result", file, "1", "0-2", "--replace"]);
    let not_event = dir.path().join("notes.txt");
    std::fs::write(&not_event, "hello").expect("write");
    assert_eq!(
        error_kind(&["status", not_event.to_str().expect("path")]),
        "not-an-event-file"
    );
    assert_eq!(std::fs::read_to_string(&not_event).expect("read"), "hello");
    // Text mode: the message goes to stderr and the exit code is 1.
    let output = Command::new(BIN)
        .args(["standings", "/nonexistent/x.tkevent"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not exist"));
}

/// Through the binary: the demo event's payout from a rules file (and as CSV), the
/// same raffle from the same seed, and a season over the event and a copy of it (one event).
#[test]
fn prizes_and_a_season_from_rules_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("demo.tkevent");
    let event = event.to_str().expect("path");
    ok(&["demo", event]);
    let rules = dir.path().join("prizes.toml");
    std::fs::write(
        &rules,
        "currency = \"JPY\"\nties = \"shared\"\nplace = [{ down_to = 1, amount = 3000 }, { down_to = 4, amount = 1000 }]\n[raffle]\nprizes = [\"playmat\"]\n",
    )
    .expect("rules");
    let rules = rules.to_str().expect("path");
    let csv = dir.path().join("payout.csv");
    let payout = ok(&[
        "prizes",
        event,
        "--rules",
        rules,
        "--raffle-seed",
        "9",
        "--csv",
        csv.to_str().expect("path"),
    ]);
    // The ladder pays 3000 + 3 × 1000 over places 1–4, shared or not: 6000 in all.
    assert_eq!(payout["credit_paid"], 6000, "{payout}");
    assert_eq!(payout["raffle_seed"], "9");
    let again = ok(&["prizes", event, "--rules", rules, "--raffle-seed", "9"]);
    assert_eq!(again["lines"], payout["lines"]);
    let written = std::fs::read(&csv).expect("csv");
    assert!(written.starts_with(&[0xEF, 0xBB, 0xBF]), "UTF-8 with a BOM");
    assert!(String::from_utf8_lossy(&written).contains("place,tied,player,name,credit"));
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "ties = \"evenly\"\n").expect("rules");
    assert_eq!(
        error_kind(&["prizes", event, "--rules", bad.to_str().expect("path")]),
        "invalid-prizes"
    );
    // Recorded in the event: the sheet prints from the file, the raffle is drawn once and
    // replays from the recorded seed.
    assert_eq!(error_kind(&["prizes", event]), "invalid-prizes");
    let recorded = ok(&["prizes", event, "--rules", rules, "--record"]);
    assert_eq!(recorded["raffle_pending"], true, "{recorded}");
    let drawn = ok(&["prizes", event, "--draw-raffle", "--raffle-seed", "9"]);
    assert_eq!(drawn["lines"], payout["lines"], "{drawn}");
    assert_eq!(ok(&["prizes", event])["raffle_seed"], "9");
    assert_eq!(
        error_kind(&["prizes", event, "--draw-raffle"]),
        "invalid-prizes"
    );
    let sheet = dir.path().join("payout.pdf");
    ok(&[
        "print",
        event,
        "payout",
        "-o",
        sheet.to_str().expect("path"),
    ]);
    assert!(std::fs::read(&sheet).expect("pdf").starts_with(b"%PDF"));

    let copy = dir.path().join("copy.tkevent");
    std::fs::copy(event, &copy).expect("copy");
    let season_rules = dir.path().join("season.toml");
    std::fs::write(
        &season_rules,
        "name = \"League\"\nparticipation = 1\nper_win = 3\n",
    )
    .expect("rules");
    let season_pdf = dir.path().join("season.pdf");
    let season_csv = dir.path().join("season.csv");
    let season = ok(&[
        "season",
        season_rules.to_str().expect("path"),
        event,
        copy.to_str().expect("path"),
        "--pdf",
        season_pdf.to_str().expect("path"),
        "--csv",
        season_csv.to_str().expect("path"),
    ]);
    assert!(
        std::fs::read(&season_pdf)
            .expect("pdf")
            .starts_with(b"%PDF")
    );
    assert!(
        std::fs::read_to_string(&season_csv)
            .expect("csv")
            .contains("rank,name")
    );
    assert_eq!(
        season["events"].as_array().map(Vec::len),
        Some(1),
        "{season}"
    );
    let first = &season["rows"][0];
    assert_eq!(first["rank"], 1);
    assert_eq!(
        first["points"],
        1 + 3 * first["wins"].as_i64().expect("wins")
    );
    // Recomputing changes nothing; a corrected result changes the season when recomputed.
    let args = [
        "season",
        season_rules.to_str().expect("path"),
        event,
        copy.to_str().expect("path"),
    ];
    assert_eq!(ok(&args), season, "recomputing is idempotent");
    let pairings = ok(&["pairings", event, "--round", "3"]);
    let table = &pairings["tables"][0];
    let loser = if table["result"]["winner"] == "a" {
        "b"
    } else {
        "a"
    };
    let number = table["table"].to_string();
    ok(&["result", event, &number, loser, "--round", "3", "--replace"]);
    let corrected = ok(&args);
    assert_ne!(corrected["rows"], season["rows"], "{corrected}");
}

/// Plays the current event's rounds: pair, seat A wins every table.
fn play_rounds(file: &str, rounds: u32, dir: &Path) {
    for round in 1..=rounds {
        let pairings = ok(&["pair", file]);
        let lines: Vec<String> = pairings["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .map(|t| format!("{} a", t["table"]))
            .collect();
        let results = dir.join(format!("results-{round}.txt"));
        std::fs::write(&results, lines.join("\n")).expect("results");
        ok(&["results", file, results.to_str().expect("path")]);
    }
}

/// Four weekly events registered from the shop's library, each name typed once
/// (into the library), ever; a duplicate found and merged; a player removed on request
/// (the event files keep their copy); a player's history shows the four events.
#[test]
fn four_weekly_events_from_the_player_library() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = library.to_str().expect("path");
    let lib = |args: &[&str]| -> Value {
        let mut all = vec!["library", "--library", library];
        all.extend_from_slice(args);
        ok(&all)
    };
    let typed = [
        ("Emma Novak", None, Some("BN-1")),
        ("佐藤 花子", Some("さとう はなこ"), None),
        ("Иван Петров", None, None),
        ("Ben Carter", None, None),
        ("Aiko Tanaka", Some("たなか あいこ"), None),
        ("Noah Olsen", None, None),
    ];
    for (name, reading, id) in typed {
        let mut args = vec!["add", name];
        if let Some(reading) = reading {
            args.extend(["--reading", reading]);
        }
        if let Some(id) = id {
            args.extend(["--player-id", id]);
        }
        lib(&args);
    }
    // Found as the app finds them while typing: two letters, a reading, a number, an ID.
    assert_eq!(lib(&["find", "em"])[0]["name"], "Emma Novak");
    assert_eq!(lib(&["find", "さと"])[0]["name"], "佐藤 花子");
    assert_eq!(lib(&["find", "タナカ"])[0]["name"], "Aiko Tanaka");
    assert_eq!(lib(&["find", "3"])[0]["name"], "Иван Петров");
    assert_eq!(lib(&["find", "bn-1"])[0]["name"], "Emma Novak");
    // The same person again is refused at once.
    let again = cli::error(&["library", "--library", library, "add", "emma  NOVAK"]);
    assert_eq!(again["kind"], "duplicate-player", "{again}");
    // Emma was once added at the door as "Emma N." without her ID (a new library player).
    let door = lib(&["add", "Emma N."]);
    let door_number = door["number"].as_u64().expect("number").to_string();

    let week_players: [&[&str]; 4] = [
        &["1", "2", "3", "4", "5", "6"],
        &["2", "3", "4", "6", &door_number],
        &["1", "2", "3", "5"],
        &["1", "2", "4", "5"],
    ];
    let mut files = Vec::new();
    for (week, numbers) in week_players.iter().enumerate() {
        let file = dir.path().join(format!("week{}.tkevent", week + 1));
        let file = file.to_str().expect("path").to_string();
        ok(&[
            "create",
            &file,
            "--name",
            &format!("Friday week {}", week + 1),
            "--ruleset",
            "bandai",
            "--rounds",
            "2",
        ]);
        let mut args = vec!["register", file.as_str(), "--library", library];
        args.extend_from_slice(numbers);
        let registered = ok(&args);
        assert_eq!(registered.as_array().map(Vec::len), Some(numbers.len()));
        play_rounds(&file, 2, dir.path());
        files.push(file);
    }
    // Deck checks on week 1: two tables of round 1, then round 2 avoids their four players
    // while it can: of six players two were not checked, so the table picked holds at most
    // one player checked before (none when those two sit together).
    let first = ok(&[
        "deck-check",
        &files[0],
        "--tables",
        "2",
        "--round",
        "1",
        "--seed",
        "3",
    ]);
    assert_eq!(
        first[0]["tables"].as_array().map(Vec::len),
        Some(2),
        "{first}"
    );
    let again = ok(&["deck-check", &files[0], "--list", "--round", "1"]);
    assert_eq!(again, first, "the recorded pick is listed as made");
    let checked: Vec<Value> = first[0]["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .flat_map(|t| t["players"].as_array().cloned().unwrap_or_default())
        .map(|p| p["number"].clone())
        .collect();
    let second = ok(&["deck-check", &files[0], "--tables", "1", "--round", "2"]);
    let players = second[0]["tables"][0]["players"]
        .as_array()
        .expect("players")
        .clone();
    assert!(
        players
            .iter()
            .filter(|p| checked.contains(&p["number"]))
            .count()
            <= 1,
        "round 2 checks a table of players all checked in round 1: {second}"
    );
    let table = second[0]["tables"][0]["table"].to_string();
    let extended = ok(&[
        "deck-check",
        &files[0],
        "--extend",
        &table,
        "--minutes",
        "5",
        "--round",
        "2",
    ]);
    assert_eq!(extended[0]["tables"][0]["extension_minutes"], 5);
    let sheet = dir.path().join("deck-checks.pdf");
    ok(&[
        "print",
        &files[0],
        "deck-checks",
        "--round",
        "2",
        "-o",
        sheet.to_str().expect("path"),
    ]);
    assert!(std::fs::read(&sheet).expect("pdf").starts_with(b"%PDF"));

    // Her ID typed later is refused as a duplicate that names her first entry, as adding
    // it would be; the two are merged into one person.
    let refused = cli::error(&[
        "library",
        "--library",
        library,
        "edit",
        &door_number,
        "--player-id",
        "BN-1",
    ]);
    assert_eq!(refused["kind"], "duplicate-player", "{refused}");
    assert_eq!(refused["params"]["number"], "1", "{refused}");
    let merged = lib(&["merge", "1", &door_number]);
    assert_eq!(merged["events"], 4, "{merged}");
    assert_eq!(lib(&["duplicates"]), serde_json::json!([]));

    // Her history: the four weeks, oldest first, each read from its file.
    let history = lib(&["history", "1"]);
    let events = history["events"].as_array().expect("events");
    assert_eq!(events.len(), 4, "{history}");
    for (week, event) in events.iter().enumerate() {
        assert_eq!(event["name"], format!("Friday week {}", week + 1));
        assert_eq!(event["readable"], true);
        assert!(event["place"].as_u64().is_some_and(|p| p >= 1));
        assert_eq!(
            event["wins"].as_u64().unwrap_or(0)
                + event["losses"].as_u64().unwrap_or(0)
                + event["draws"].as_u64().unwrap_or(0),
            2,
            "two rounds played (a bye counts as a win): {event}"
        );
    }

    // A season over the library's events of these weeks (created today): all four.
    let league = dir.path().join("league.toml");
    std::fs::write(&league, "name = \"Friday league\"\nper_win = 3\n").expect("rules");
    let today = chrono_today();
    let season = ok(&[
        "season",
        league.to_str().expect("path"),
        "--library",
        library,
        "--from",
        &today,
        "--to",
        &today,
    ]);
    assert_eq!(
        season["events"].as_array().map(Vec::len),
        Some(4),
        "{season}"
    );
    assert_eq!(
        error_kind(&[
            "season",
            league.to_str().expect("path"),
            "--library",
            library,
            "--from",
            "2026-13-01"
        ]),
        "invalid-season"
    );

    // Noah asks to be removed: his details leave the library; the weeks keep their copy.
    lib(&["remove", "6"]);
    assert!(lib(&["find", "noah"]).as_array().is_some_and(Vec::is_empty));
    assert_eq!(
        error_kind(&["library", "--library", library, "history", "6"]),
        "unknown-player"
    );
    let week1 = ok(&["players", &files[0]]);
    assert!(
        week1
            .as_array()
            .expect("players")
            .iter()
            .any(|p| p["name"] == "Noah Olsen")
    );
    let raw = std::fs::read(library).expect("library bytes");
    assert!(
        !raw.windows(b"Noah Olsen".len()).any(|w| w == b"Noah Olsen"),
        "the removed player's name is gone from the library file"
    );

    // Moving laptops: an export imported into an empty library brings everyone and their events.
    let moved = dir.path().join("moved.tklibrary");
    lib(&["export", moved.to_str().expect("path")]);
    let other = dir.path().join("other.tklibrary");
    let imported = ok(&[
        "library",
        "--library",
        other.to_str().expect("path"),
        "import",
        moved.to_str().expect("path"),
    ]);
    assert_eq!(
        imported["added"], 5,
        "six typed, one added at the door and merged, one removed: {imported}"
    );
    let there = ok(&[
        "library",
        "--library",
        other.to_str().expect("path"),
        "history",
        "1",
    ]);
    assert_eq!(there["events"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        error_kind(&["library", "--library", files[0].as_str(), "list"]),
        "not-a-library"
    );
}

/// Today's date as the event files record it (local time, `YYYY-MM-DD`).
fn chrono_today() -> String {
    chrono::Local::now().format("%Y-%m-%d").to_string()
}
