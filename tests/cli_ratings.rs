//! Ratings through the real `tablekeeper` binary (docs/ratings.md): two weekly events
//! played from the CLI, rated from their files — the same person across events by
//! publisher ID, byes not rated, a corrected result correcting the ratings, an event listed
//! twice counting once — and "why did my rating move?" in shares that add up to the change.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;

use cli::{error_kind, ok};
use serde_json::Value;

fn text(path: &Path) -> &str {
    path.to_str().expect("path")
}

/// A three-round event of `names` (with their IDs) in which seat A wins every table.
fn play(file: &str, name: &str, players: &[(&str, &str)]) {
    ok(&[
        "create",
        file,
        "--name",
        name,
        "--ruleset",
        "bandai",
        "--rounds",
        "3",
        "--title",
        "digimon",
    ]);
    for (player, id) in players {
        ok(&["add-player", file, player, "--player-id", id]);
    }
    for _ in 0..3 {
        let pairings = ok(&["pair", file]);
        for table in pairings["tables"].as_array().expect("tables") {
            if table["b"].is_null() {
                continue;
            }
            let number = table["table"].to_string();
            ok(&["result", file, &number, "a"]);
        }
    }
}

fn row<'a>(view: &'a Value, name: &str) -> &'a Value {
    view["titles"][0]["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["name"] == name))
        .expect("rated player")
}

#[test]
fn ratings_over_two_weekly_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let one = dir.path().join("week1.tkevent");
    let two = dir.path().join("week2.tkevent");
    let (one, two) = (text(&one), text(&two));
    let players = [
        ("Aiko Tanaka", "0001"),
        ("Иван Петров", "0002"),
        ("김민준", "0003"),
        ("Ben Carter", "0004"),
        ("张伟", "0005"),
    ];
    play(one, "Week 1", &players);
    // Week 2: the same people by ID (one registered under another spelling), one new.
    play(
        two,
        "Week 2",
        &[
            ("Aiko  Tanaka", "0001"),
            ("Иван Петров", "0002"),
            ("Ben Carter", "0004"),
            ("Emma Novak", "0006"),
        ],
    );

    let view = ok(&["ratings", one, two]);
    let table = &view["titles"][0];
    assert_eq!(table["title"], "digimon", "{view}");
    assert_eq!(table["events"].as_array().map(Vec::len), Some(2));
    let rows = table["rows"].as_array().expect("rows");
    // Six people (the ID joins both spellings of Aiko); highest first.
    assert_eq!(rows.len(), 6, "{view}");
    let ratings: Vec<f64> = rows.iter().filter_map(|r| r["rating"].as_f64()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // Five players: one bye each round, not rated — nobody has more than 3 matches an event.
    let aiko = row(&view, "Aiko Tanaka");
    assert!(aiko["matches"].as_u64().unwrap_or(0) <= 6);
    assert_eq!(aiko["provisional"], true);
    assert_eq!(aiko["events"], 2);

    // Listed twice, counted once; in any order, the same table.
    assert_eq!(ok(&["ratings", two, one, one]), view);

    // Why Aiko's rating moved: every match's share, adding up to the change.
    let explained = ok(&["ratings", one, two, "--explain", "aiko tanaka"]);
    let changes = explained["explained"][0]["changes"]
        .as_array()
        .expect("changes");
    assert_eq!(changes.len(), 2, "{explained}");
    for change in changes {
        let moved = change["after"]["rating"].as_f64().unwrap_or(0.0)
            - change["before"]["rating"].as_f64().unwrap_or(0.0);
        let shares: f64 = change["matches"]
            .as_array()
            .expect("matches")
            .iter()
            .filter_map(|m| m["change"].as_f64())
            .sum();
        assert!((moved - shares).abs() < 1e-6, "{moved} vs {shares}");
    }
    assert_eq!(
        error_kind(&["ratings", one, "--explain", "Nobody Here"]),
        "unknown-player"
    );

    // A corrected result corrects the ratings (nothing is stored: the files are the truth).
    let before = row(&view, "Ben Carter")["rating"].as_f64().unwrap_or(0.0);
    let last = ok(&["pairings", two]);
    let table = last["tables"]
        .as_array()
        .and_then(|tables| {
            tables
                .iter()
                .find(|t| t["a"]["name"] == "Ben Carter" || t["b"]["name"] == "Ben Carter")
        })
        .cloned()
        .expect("four players in week 2: Ben has a table");
    {
        let number = table["table"].to_string();
        let ben_is_a = table["a"]["name"] == "Ben Carter";
        // Seat A won every table: seat B winning instead turns Ben's result around.
        ok(&["result", two, &number, "b", "--replace", "--round", "3"]);
        let corrected = ok(&["ratings", one, two]);
        let after = row(&corrected, "Ben Carter")["rating"]
            .as_f64()
            .unwrap_or(0.0);
        if ben_is_a {
            assert!(
                after < before,
                "Ben lost a match he had won: {before} → {after}"
            );
        } else {
            assert!(
                after > before,
                "Ben won a match he had lost: {before} → {after}"
            );
        }
    }

    // Pictures: the leaderboard, and Aiko's history through both events.
    let board = dir.path().join("board.svg");
    ok(&["ratings", one, two, "--svg", text(&board)]);
    let board = std::fs::read_to_string(&board).expect("leaderboard");
    assert!(
        board.starts_with("<svg") && board.contains("Ben Carter"),
        "{board}"
    );
    let history = dir.path().join("aiko.svg");
    ok(&[
        "ratings",
        one,
        two,
        "--explain",
        "Aiko Tanaka",
        "--svg",
        text(&history),
    ]);
    let history = std::fs::read_to_string(&history).expect("history");
    assert!(
        history.contains(">Week 1<") && history.contains(">Week 2<"),
        "{history}"
    );

    // Printed in Japanese: the leaderboard, then Aiko's history, a page each.
    let pdf = dir.path().join("ratings-ja.pdf");
    ok(&[
        "--lang",
        "ja",
        "ratings",
        one,
        two,
        "--explain",
        "Aiko Tanaka",
        "--pdf",
        text(&pdf),
    ]);
    if let Some(printed) = cli::pdf_text(&pdf) {
        let pages: Vec<&str> = printed
            .split('\u{c}')
            .filter(|p| !p.trim().is_empty())
            .collect();
        assert_eq!(pages.len(), 2, "{printed}");
        assert!(
            pages[0].contains("Ben Carter") && pages[0].contains("レーティング"),
            "{printed}"
        );
        assert!(
            pages[1].contains("Week 1") && pages[1].contains("Week 2"),
            "{printed}"
        );
    }

    // Rules with a τ Glicko-2 cannot use are refused in words.
    let rules = dir.path().join("ratings.toml");
    std::fs::write(&rules, "tau = 0\n").expect("rules");
    assert_eq!(
        error_kind(&["ratings", one, "--rules", text(&rules)]),
        "invalid-ratings"
    );
}

/// `--library`: every event the library has seen, without naming a file, each person by
/// their library number (one person however each event registered them).
#[test]
fn ratings_over_the_librarys_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = dir.path().join("shop.tklibrary");
    let library = text(&library);
    for name in ["Aiko Tanaka", "Иван Петров", "김민준", "Ben Carter"] {
        ok(&["library", "--library", library, "add", name]);
    }
    for week in 1..=2 {
        let file = dir.path().join(format!("week{week}.tkevent"));
        let file = text(&file);
        ok(&[
            "create",
            file,
            "--name",
            &format!("Week {week}"),
            "--ruleset",
            "bandai",
            "--rounds",
            "2",
        ]);
        ok(&["register", file, "--library", library, "1", "2", "3", "4"]);
        for _ in 0..2 {
            let pairings = ok(&["pair", file]);
            for table in pairings["tables"].as_array().expect("tables") {
                ok(&["result", file, &table["table"].to_string(), "a"]);
            }
        }
    }
    let view = ok(&["ratings", "--library", "--library-file", library]);
    let table = &view["titles"][0];
    assert_eq!(table["events"].as_array().map(Vec::len), Some(2), "{view}");
    let rows = table["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 4, "{view}");
    assert!(
        rows.iter().all(|row| row["key"]
            .as_str()
            .is_some_and(|k| k.starts_with("library:"))),
        "{view}"
    );
    assert!(
        rows.iter().all(|row| row["matches"] == 4),
        "two matches in each of two events: {view}"
    );
}

/// docs/ratings.md, "What is rated, and why": Swiss and top-cut matches count alike (the
/// semifinals and the final of a top 4 are rated), a single-elimination event is rated, and
/// a match lost to a match-loss penalty is not (it was not decided by play).
#[test]
fn top_cut_matches_are_rated_and_penalty_losses_are_not() {
    let dir = tempfile::tempdir().expect("tempdir");
    let swiss = dir.path().join("swiss.tkevent");
    let knockout = dir.path().join("knockout.tkevent");
    let (swiss, knockout) = (text(&swiss), text(&knockout));
    ok(&[
        "create",
        swiss,
        "--name",
        "Week",
        "--ruleset",
        "bandai",
        "--rounds",
        "3",
        "--title",
        "digimon",
    ]);
    for n in 1..=8 {
        ok(&[
            "add-player",
            swiss,
            &format!("Player {n}"),
            "--player-id",
            &format!("{n:04}"),
        ]);
    }
    let mut penalties = 0;
    let mut swiss_played = std::collections::HashMap::new();
    for _ in 0..3 {
        let pairings = ok(&["pair", swiss]);
        for table in pairings["tables"].as_array().expect("tables") {
            let number = table["table"].to_string();
            // Table 1 of every round: seat B takes a match loss (tardiness).
            let result = if number == "1" { "penalty-b" } else { "a" };
            penalties += usize::from(number == "1");
            if number != "1" {
                for seat in ["a", "b"] {
                    let name = table[seat]["name"].as_str().unwrap_or("").to_string();
                    *swiss_played.entry(name).or_insert(0u64) += 1;
                }
            }
            ok(&["result", swiss, &number, result]);
        }
    }
    ok(&["cut", swiss, "--size", "4"]);
    for stage in 0..2 {
        let pairings = if stage == 0 {
            ok(&["pairings", swiss])
        } else {
            ok(&["pair", swiss])
        };
        for table in pairings["tables"].as_array().expect("tables") {
            ok(&["result", swiss, &table["table"].to_string(), "a"]);
        }
    }
    let view = ok(&["ratings", swiss]);
    let rows = view["titles"][0]["rows"].as_array().expect("rows");
    let rated: u64 = rows.iter().filter_map(|r| r["matches"].as_u64()).sum();
    // 12 Swiss matches less the penalties, 2 semifinals and a final; two seats each.
    assert_eq!(rated, 2 * (12 - penalties as u64 + 3), "{view}");
    let champion = ok(&["bracket", swiss])["champion"]["name"]
        .as_str()
        .map(str::to_string)
        .expect("champion");
    let played = row(&view, &champion)["matches"].as_u64().unwrap_or(0);
    let in_swiss = swiss_played.get(&champion).copied().unwrap_or(0);
    assert_eq!(
        played,
        in_swiss + 2,
        "two cut matches on top of the Swiss: {view}"
    );

    // A single-elimination event of four: two semifinals and a final, all rated.
    ok(&[
        "create",
        knockout,
        "--name",
        "Knockout",
        "--ruleset",
        "bandai",
        "--structure",
        "single-elimination",
        "--title",
        "digimon",
    ]);
    for n in 1..=4 {
        ok(&[
            "add-player",
            knockout,
            &format!("Player {n}"),
            "--player-id",
            &format!("{n:04}"),
        ]);
    }
    for _ in 0..2 {
        let pairings = ok(&["pair", knockout]);
        for table in pairings["tables"].as_array().expect("tables") {
            ok(&["result", knockout, &table["table"].to_string(), "a"]);
        }
    }
    let view = ok(&["ratings", knockout]);
    let rows = view["titles"][0]["rows"].as_array().expect("a rated title");
    let rated: u64 = rows.iter().filter_map(|r| r["matches"].as_u64()).sum();
    assert_eq!(rated, 2 * 3, "{view}");
}
