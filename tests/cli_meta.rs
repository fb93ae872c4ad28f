//! The meta through the real `tablekeeper` binary (docs/meta.md): decks registered with
//! `deck`, an event played and cut to a top 4, then each deck's share and conversion and
//! the matchup matrix read back, as JSON, as CSV and as an SVG picture, each counted by
//! hand here from the same results.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;

use cli::ok;
use serde_json::Value;

fn text(path: &Path) -> &str {
    path.to_str().expect("path")
}

/// Page 1 of a printed picture as PNG in `ci-artifacts/pictures/`, to look at.
fn keep_page_as_png(pdf: &Path, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ci-artifacts/pictures");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::process::Command::new("pdftoppm")
            .args(["-png", "-r", "60", "-singlefile"])
            .arg(pdf)
            .arg(dir.join(name))
            .status();
    }
}

#[test]
fn the_meta_of_an_event_with_decks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("week.tkevent");
    let file = text(&file);
    ok(&[
        "create",
        file,
        "--name",
        "Week",
        "--ruleset",
        "bushiroad-en",
        "--rounds",
        "3",
    ]);
    // Eight players: four on one deck, two on another, one on a third, one without deck data.
    let decks: [(&str, Option<(&str, &str)>); 8] = [
        ("Aiko", Some(("Dragon Empire", "Overdress"))),
        ("Ben", Some(("Dragon Empire", "Overdress"))),
        ("Chloé", Some(("Dragon Empire", "Overdress"))),
        ("Dmitri", Some(("Dragon Empire", "Overdress"))),
        ("Emma", Some(("Stoicheia", "Sylvan Horned Beast"))),
        ("Felix", Some(("Stoicheia", "Sylvan Horned Beast"))),
        ("佐藤", Some(("Keter Sanctuary", "Bastion"))),
        ("김민준", None),
    ];
    for (name, deck) in decks {
        ok(&["add-player", file, name]);
        if let Some((nation, ride)) = deck {
            ok(&["deck", file, name, "--nation", nation, "--ride-line", ride]);
        }
    }
    let label = |name: &str| -> String {
        decks
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, deck)| deck.map(|(nation, ride)| format!("{nation} / {ride}")))
            .unwrap_or_default()
    };
    // Seat A wins every table; count each matchup by hand as it is played.
    let mut counted: std::collections::BTreeMap<(String, String), (u32, u32)> = Default::default();
    for _ in 0..3 {
        let pairings = ok(&["pair", file]);
        for table in pairings["tables"].as_array().expect("tables") {
            let (a, b) = (
                label(table["a"]["name"].as_str().unwrap_or("")),
                label(table["b"]["name"].as_str().unwrap_or("")),
            );
            ok(&["result", file, &table["table"].to_string(), "a"]);
            counted.entry((a.clone(), b.clone())).or_default().0 += 1;
            counted.entry((b, a)).or_default().1 += 1;
        }
    }
    let cut = ok(&["cut", file, "--size", "4"]);
    let seeds: Vec<String> = cut["seeds"]
        .as_array()
        .expect("seeds")
        .iter()
        .map(|s| label(s["name"].as_str().unwrap_or("")))
        .collect();
    // docs/meta.md, "from every played match, Swiss and top cut": the semifinals and the
    // final are counted as the Swiss rounds are.
    for stage in 0..2 {
        let pairings = if stage == 0 {
            ok(&["pairings", file])
        } else {
            ok(&["pair", file])
        };
        let tables = pairings["tables"].as_array().expect("tables");
        assert_eq!(tables.len(), 2 - stage, "{pairings}");
        for table in tables {
            let (a, b) = (
                label(table["a"]["name"].as_str().unwrap_or("")),
                label(table["b"]["name"].as_str().unwrap_or("")),
            );
            ok(&["result", file, &table["table"].to_string(), "a"]);
            counted.entry((a.clone(), b.clone())).or_default().0 += 1;
            counted.entry((b, a)).or_default().1 += 1;
        }
    }

    let csv = dir.path().join("meta.csv");
    let svg = dir.path().join("meta.svg");
    let view = ok(&["meta", file, "--csv", text(&csv), "--svg", text(&svg)]);
    assert_eq!(
        (
            view["events"].as_u64(),
            view["players"].as_u64(),
            view["top_cut"].as_u64()
        ),
        (Some(1), Some(8), Some(4)),
        "{view}"
    );
    let decks_view = view["decks"].as_array().expect("decks");
    assert_eq!(decks_view[0]["label"], "Dragon Empire / Overdress");
    assert_eq!(
        (
            decks_view[0]["players"].as_u64(),
            decks_view[0]["share"].as_u64()
        ),
        (Some(4), Some(500))
    );
    for deck in decks_view {
        let label = deck["label"].as_str().unwrap_or("");
        let in_cut = seeds.iter().filter(|s| s.as_str() == label).count();
        assert_eq!(
            deck["top_cut"].as_u64(),
            Some(in_cut as u64),
            "{label}: {view}"
        );
    }
    // Every cell equals the count made while playing.
    let matchups = view["matchups"].as_array().expect("matchups");
    assert_eq!(matchups.len(), counted.len(), "{view}");
    for cell in matchups {
        let key = (
            cell["row"].as_str().unwrap_or("").to_string(),
            cell["column"].as_str().unwrap_or("").to_string(),
        );
        let (wins, losses) = counted.get(&key).copied().unwrap_or_default();
        assert_eq!(
            (cell["wins"].as_u64(), cell["losses"].as_u64()),
            (Some(u64::from(wins)), Some(u64::from(losses))),
            "{key:?}"
        );
        let interval = &cell["interval"];
        let (low, high) = (
            interval[0].as_f64().unwrap_or(-1.0),
            interval[1].as_f64().unwrap_or(-1.0),
        );
        assert!(
            (0.0..=1.0).contains(&low) && low <= high && high <= 1.0,
            "{cell}"
        );
    }

    // The CSV has a row per matchup (and per deck that met nobody); the picture names each deck.
    let written = std::fs::read_to_string(&csv).expect("csv");
    assert!(
        written
            .trim_start_matches('\u{feff}')
            .starts_with("deck,players,share_percent")
    );
    assert!(
        written.contains("Dragon Empire / Overdress,4,50.0"),
        "{written}"
    );
    let drawing = std::fs::read_to_string(&svg).expect("svg");
    assert!(drawing.starts_with("<svg"));
    for label in [
        "Dragon Empire / Overdress",
        "Stoicheia / Sylvan Horned Beast",
        "Keter Sanctuary / Bastion",
        "No deck data",
    ] {
        assert!(drawing.contains(label), "{label} in the picture");
    }
    // The same picture printed, in English and in Japanese: every deck named on the page.
    for (lang, heading) in [("en", "Meta share"), ("ja", "デッキ分布")] {
        let pdf = dir.path().join(format!("meta-{lang}.pdf"));
        ok(&["--lang", lang, "meta", file, "--pdf", text(&pdf)]);
        if let Some(printed) = cli::pdf_text(&pdf) {
            assert!(printed.contains(heading), "{lang}: {printed}");
            for label in ["Dragon Empire / Overdress", "Keter Sanctuary / Bastion"] {
                assert!(
                    printed.contains(label),
                    "{label} printed in {lang}: {printed}"
                );
            }
            assert!(printed.contains("50.0%"), "{printed}");
        }
        keep_page_as_png(&pdf, &format!("meta-{lang}"));
    }
    let json: Value = ok(&["meta", file, file]);
    assert_eq!(json["events"], 1, "an event listed twice counts once");
}
