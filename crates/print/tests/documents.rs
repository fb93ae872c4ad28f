//! Every printout, generated from a real event file and read back with poppler's
//! `pdftotext`: every player, table and number present and in order, Japanese names
//! surviving the round trip, long names and 4-digit tables staying inside their columns.
//! Page 1 of each document is rendered to PNG (`pdftoppm`) into `ci-artifacts/printouts/`
//! for a visual check.

use std::path::PathBuf;
use std::process::Command;

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, CutOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_print::Document as What;
use tablekeeper_print::job::{PrintJob, render};
use tablekeeper_print::name_order::sort_text;
use tablekeeper_print::{Language, Paper};

const PLAYERS: [(&str, Option<&str>); 10] = [
    ("佐藤 花子", Some("さとう はなこ")),
    ("鈴木 一郎", Some("すずき いちろう")),
    ("高橋 美咲", Some("たかはし みさき")),
    ("伊藤 翔", Some("いとう しょう")),
    ("ワタナベ ケン", None),
    ("Alice Martin", None),
    ("bob Stone", None),
    ("Chloé Dubois", None),
    ("山田 太郎", Some("やまだ たろう")),
    ("Émile Zola", None),
];

fn session(dir: &tempfile::TempDir, names: &[(String, Option<String>)], ruleset: &str) -> Session {
    let options = CreateOptions {
        name: "Friday Locals 金曜大会".into(),
        ruleset: Some(RulesetSource::Embedded(ruleset.into())),
        title: None,
        planned_rounds: Some(3),
        overrides: Vec::new(),
        standings_seed: Some(1),
        ..CreateOptions::default()
    };
    let mut session = Session::create(&dir.path().join("event.tkevent"), options).expect("create");
    let players = names
        .iter()
        .map(|(name, reading)| PlayerDetails {
            name: name.clone(),
            reading: reading.clone(),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("players");
    session
}

fn standard(dir: &tempfile::TempDir) -> Session {
    let names: Vec<(String, Option<String>)> = PLAYERS
        .iter()
        .map(|(n, r)| (n.to_string(), r.map(str::to_string)))
        .collect();
    session(dir, &names, "bandai")
}

fn finish_round(session: &mut Session) {
    let open: Vec<u32> = session
        .pairings(None)
        .expect("pairings")
        .tables
        .iter()
        .filter(|t| t.result.is_none())
        .map(|t| t.table)
        .collect();
    for table in open {
        let result = if table % 3 == 0 { "b" } else { "a" };
        session
            .record_result(
                None,
                table,
                parse_result(result, None).expect("parse"),
                false,
            )
            .expect("result");
    }
}

fn print(session: &Session, what: What, language: Language, name: &str) -> String {
    let paper = if language == Language::Ja {
        Paper::A4
    } else {
        Paper::Letter
    };
    print_on(session, what, language, paper, name)
}

fn print_on(session: &Session, what: What, language: Language, paper: Paper, name: &str) -> String {
    let job = PrintJob {
        what,
        round: None,
        paper,
        language,
        printed_at: "2026-11-22 10:00".into(),
        table_codes: Default::default(),
        share_url: None,
        tickets: Vec::new(),
    };
    let bytes = render(session, &job).expect("render");
    assert!(bytes.starts_with(b"%PDF"), "{name} is a PDF");
    let out = artifacts().join(format!("{name}.pdf"));
    std::fs::write(&out, &bytes).expect("write pdf");
    let png = artifacts().join(name);
    let rendered = Command::new("pdftoppm")
        .args(["-r", "60", "-png", "-singlefile", "-f", "1", "-l", "1"])
        .arg(&out)
        .arg(&png)
        .status()
        .expect("pdftoppm (poppler-utils) is installed by ./tk setup");
    assert!(rendered.success(), "pdftoppm renders {name}");
    text_of(&out)
}

fn text_of(pdf: &PathBuf) -> String {
    let output = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed by ./tk setup");
    assert!(output.status.success(), "pdftotext reads {}", pdf.display());
    String::from_utf8(output.stdout).expect("utf-8 text")
}

fn pages(pdf: &PathBuf) -> usize {
    text_of(pdf).matches('\u{c}').count().max(1)
}

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ci-artifacts/printouts");
    std::fs::create_dir_all(&dir).expect("artifacts folder");
    dir
}

/// Positions of `needles` in `text`, asserting each is present.
fn positions(text: &str, needles: &[String]) -> Vec<usize> {
    needles
        .iter()
        .map(|n| {
            text.find(n.as_str())
                .unwrap_or_else(|| panic!("'{n}' missing from:\n{text}"))
        })
        .collect()
}

fn assert_in_order(text: &str, needles: &[String]) {
    let found = positions(text, needles);
    assert!(
        found.windows(2).all(|w| w[0] < w[1]),
        "not in order {needles:?}:\n{text}"
    );
}

#[test]
fn pairings_by_table_show_every_table_in_order_with_names_points_and_seed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    session.pair_next_round(Some(3), false).expect("pair");
    finish_round(&mut session);
    let pairings = session.pair_next_round(Some(9), false).expect("pair");
    for (language, name) in [(Language::Ja, "pairings-ja"), (Language::En, "pairings-en")] {
        let text = print(&session, What::Pairings, language, name);
        for table in &pairings.tables {
            let line = text
                .lines()
                .find(|l| l.contains(&table.a.name) && l.contains(&table.b.name))
                .unwrap_or_else(|| panic!("table {} missing:\n{text}", table.table));
            assert!(
                line.trim_start().starts_with(&table.table.to_string()),
                "{line}"
            );
        }
        let order: Vec<String> = pairings.tables.iter().map(|t| t.a.name.clone()).collect();
        assert_in_order(&text, &order);
        assert!(text.contains(&pairings.pairing_seed), "seed in the footer");
        assert!(text.contains("2026-11-22 10:00"), "time in the footer");
    }
    let ja = text_of(&artifacts().join("pairings-ja.pdf"));
    assert!(ja.contains("第2回戦") && ja.contains("対戦表"));
    assert!(ja.contains("佐藤 花子") && ja.contains("山田 太郎"));
}

#[test]
fn pairings_by_name_follow_the_reading_so_japanese_names_sort_in_gojuon_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    session.pair_next_round(Some(3), false).expect("pair");
    let text = print(
        &session,
        What::PairingsByName,
        Language::Ja,
        "pairings-by-name",
    );
    // Readings: いとう < さとう < すずき < たかはし < やまだ; katakana ワタナベ after them;
    // Latin names by family name (Dubois, Martin, Stone; case-insensitive) before kana.
    let order: Vec<String> = [
        "Chloé Dubois",
        "Alice Martin",
        "bob Stone",
        "伊藤 翔",
        "佐藤 花子",
        "鈴木 一郎",
        "高橋 美咲",
        "山田 太郎",
        "ワタナベ ケン",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Each name also appears as someone's opponent: compare the first column only.
    let first_column: Vec<usize> = order
        .iter()
        .map(|name| {
            text.lines()
                .position(|l| l.trim_start().starts_with(name.as_str()))
                .unwrap_or_else(|| panic!("{name} has no line:\n{text}"))
        })
        .collect();
    assert!(
        first_column.windows(2).all(|w| w[0] < w[1]),
        "order {order:?} at lines {first_column:?}:\n{text}"
    );
    assert!(text.contains("Émile Zola"));
    assert_eq!(sort_text("x", Some("あ")), "あ");
}

#[test]
fn match_slips_four_to_a_page_with_both_players_and_every_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<(String, Option<String>)> =
        (1..=20).map(|n| (format!("Player {n:02}"), None)).collect();
    let mut session = session(&dir, &names, "fow");
    let pairings = session.pair_next_round(Some(4), false).expect("pair");
    let text = print(&session, What::Slips, Language::En, "slips-en");
    for table in &pairings.tables {
        assert!(text.contains(&format!("Table {}", table.table)));
        assert!(text.contains(&table.a.name) && text.contains(&table.b.name));
    }
    for field in [
        "Win",
        "Loss",
        "Draw",
        "Drop",
        "Signature",
        "Extra time",
        "Judge",
    ] {
        assert!(text.contains(field), "{field} on the slip");
    }
    assert_eq!(
        pages(&artifacts().join("slips-en.pdf")),
        3,
        "10 slips, 4 a page"
    );
    finish_round(&mut session);
    let text = print(&session, What::Slips, Language::Ja, "slips-ja");
    assert!(text.contains("結果記入票") && text.contains("署名"));
}

#[test]
fn best_of_three_slips_have_a_box_per_game() {
    for (ruleset, name) in [("crossover", "slips-bo"), ("bandai", "slips-b1")] {
        let dir = tempfile::tempdir().expect("tempdir");
        let names: Vec<(String, Option<String>)> =
            (1..=4).map(|n| (format!("P{n}"), None)).collect();
        let mut session = session(&dir, &names, ruleset);
        session.pair_next_round(Some(1), false).expect("pair");
        let games = session.event().ruleset.points.games_to_win;
        let text = print(&session, What::Slips, Language::En, name);
        assert_eq!(text.contains("Games 1 2 3 (W/L/D)"), games > 1, "{ruleset}");
    }
}

#[test]
fn standings_and_breakdown_show_every_player_in_rank_order_with_their_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    for seed in [3, 5] {
        session.pair_next_round(Some(seed), false).expect("pair");
        finish_round(&mut session);
    }
    let standings = session.standings().expect("standings");
    let text = print(&session, What::Standings, Language::Ja, "standings-ja");
    let names: Vec<String> = standings.rows.iter().map(|r| r.name.clone()).collect();
    assert_in_order(&text, &names);
    for row in &standings.rows {
        let line = text
            .lines()
            .find(|l| l.contains(&row.name))
            .expect("row line");
        for value in &row.tiebreakers {
            if value.display != "—" {
                assert!(line.contains(&value.display), "{} in {line}", value.display);
            }
        }
        assert!(line.contains(&format!("{}-{}-{}", row.wins, row.losses, row.draws)));
    }
    let text = print(&session, What::Breakdown, Language::En, "breakdown-en");
    let breakdown = tablekeeper_commands::views::breakdown::BreakdownView::of(session.event())
        .expect("breakdown");
    let heads: Vec<String> = breakdown
        .players
        .iter()
        .map(|p| format!("{}. {}", p.rank, p.name))
        .collect();
    assert_in_order(&text, &heads);
    for player in &breakdown.players {
        for round in &player.rounds {
            if let (Some(name), Some(mw)) = (&round.opponent_name, &round.opponent_match_win) {
                assert!(text.contains(name.as_str()) && text.contains(mw.as_str()));
            }
        }
    }
}

#[test]
fn bracket_sheet_shows_seeds_winners_and_the_champion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    for seed in [3, 5, 7] {
        session.pair_next_round(Some(seed), false).expect("pair");
        finish_round(&mut session);
    }
    let bracket = session
        .start_cut(CutOptions {
            size: 4,
            third_place: true,
            excluded: Vec::new(),
            seed: Some(1),
            double: false,
            method: None,
        })
        .expect("cut");
    finish_round(&mut session);
    session.pair_bracket_round().expect("final");
    finish_round(&mut session);
    let text = print(&session, What::Bracket, Language::En, "bracket-en");
    for seat in &bracket.seeds {
        assert!(text.contains(&format!("({}) {}", seat.seed, seat.name)));
    }
    let champion = session
        .bracket()
        .expect("bracket")
        .and_then(|b| b.champion)
        .expect("champion");
    assert!(text.contains("Champion") && text.contains("Third place"));
    assert!(text.contains(&format!("▶ ({}) {}", champion.seed, champion.name)));
    let ja = print(&session, What::Bracket, Language::Ja, "bracket-ja");
    assert!(ja.contains("決勝") && ja.contains("優勝"));
}

#[test]
fn double_elimination_bracket_sheet_names_every_bracket_and_the_champion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    for seed in [3, 5, 7] {
        session.pair_next_round(Some(seed), false).expect("pair");
        finish_round(&mut session);
    }
    session
        .start_cut(CutOptions {
            size: 4,
            double: true,
            seed: Some(1),
            ..CutOptions::default()
        })
        .expect("double-elimination cut");
    finish_round(&mut session);
    while session
        .bracket()
        .expect("bracket")
        .is_some_and(|b| b.next == "pair")
    {
        session.pair_bracket_round().expect("next bracket round");
        finish_round(&mut session);
    }
    let view = session.bracket().expect("bracket").expect("started");
    let champion = view.champion.clone().expect("champion");
    let text = print(&session, What::Bracket, Language::En, "bracket-double-en");
    let played: Vec<u32> = view
        .rounds
        .iter()
        .flat_map(|r| r.matches.iter().filter_map(|m| m.bracket))
        .collect();
    assert!(played.len() >= 6, "brackets 1–6 at least: {played:?}");
    for number in played {
        assert!(
            text.contains(&format!("Bracket {number} ·")),
            "bracket {number} is captioned"
        );
    }
    assert!(text.contains("Double elimination") && text.contains("grand final"));
    assert!(text.contains(&format!("({}) {}", champion.seed, champion.name)));
    let ja = print(&session, What::Bracket, Language::Ja, "bracket-double-ja");
    assert!(ja.contains("ダブルエリミネーション") && ja.contains("勝者側"));
    // Captions and names are set smaller rather than cut; no English result words.
    for sheet in [&text, &ja] {
        assert!(!sheet.contains('…'), "{sheet}");
        assert!(!sheet.contains(" wins"), "{sheet}");
    }
}

#[test]
fn blank_forms_have_every_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let session = standard(&dir);
    let card = print(&session, What::ScoreCard, Language::En, "score-card-en");
    for field in [
        "Tournament location",
        "Player ID",
        "OPPONENT",
        "MP",
        "Total",
        "Initials",
        "Round 1",
        "Round 5",
        "Grand total",
    ] {
        assert!(card.contains(field), "{field} on the score card");
    }
    let deck = print(&session, What::DeckSheet, Language::Ja, "deck-sheet-ja");
    for field in ["デッキ登録用紙", "カード番号", "カード名", "枚数", "合計"] {
        assert!(deck.contains(field), "{field} on the deck sheet");
    }
}

#[test]
fn long_names_are_cut_and_four_digit_tables_fit_and_one_table_is_one_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long = "長い名前".repeat(30);
    let names = vec![
        (long.clone(), None),
        ("W".repeat(150), None),
        ("Short".to_string(), None),
        ("Tiny".to_string(), None),
    ];
    let mut session = session(&dir, &names, "bushiroad-en");
    session
        .set_fixed_table("Short", Some(1234))
        .expect("fixed table");
    let pairings = session.pair_next_round(Some(2), false).expect("pair");
    assert!(pairings.tables.iter().any(|t| t.table == 1234));
    for (what, name) in [
        (What::Pairings, "overflow-pairings"),
        (What::PairingsByName, "overflow-by-name"),
        (What::Slips, "overflow-slips"),
    ] {
        let text = print(&session, what, Language::En, name);
        assert!(!text.contains(&long), "{name}: the long name is cut");
        assert!(text.contains("長い名前長い名前"), "{name}: its start stays");
        assert!(text.contains('…'), "{name}: cut names end in …");
        assert!(text.contains("1234"), "{name}: 4-digit table");
        assert_eq!(pages(&artifacts().join(format!("{name}.pdf"))), 1);
    }
    // The table number and the name never run together.
    let text = text_of(&artifacts().join("overflow-pairings.pdf"));
    let line = text
        .lines()
        .find(|l| l.contains("1234") && l.contains("Short"))
        .expect("line");
    assert!(line.contains("1234 "), "{line}");
}

/// `text` with every run of white space made one space (a label found "whole" may cross
/// `pdftotext`'s column gaps but not lose a letter).
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A `print.labels` word of `language`'s catalogue.
fn label(language: Language, key: &str) -> String {
    tablekeeper_words::catalogue::section(language, "print")
        .and_then(|print| print["labels"][key].as_str())
        .unwrap_or_else(|| panic!("print.labels.{key} in {language}"))
        .to_string()
}

/// Every printout in every language carries its catalogue's words whole (nothing cut to
/// fit a column: German and French run 30–40 % longer), the date in the language's form,
/// and the tiebreakers with the language's decimal separator.
#[test]
fn every_language_prints_its_own_words_whole_with_its_dates_and_decimals() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = standard(&dir);
    for seed in [3, 5] {
        session.pair_next_round(Some(seed), false).expect("pair");
        finish_round(&mut session);
    }
    session.pair_next_round(Some(7), false).expect("pair");
    session
        .set_prize_rules(
            "currency = \"EUR\"\nties = \"shared\"\nplace = [{ down_to = 1, amount = 3000 }, { down_to = 4, amount = 1000 }]\n"
                .into(),
        )
        .expect("prize rules");
    let standings = session.standings().expect("standings");
    let decimal = standings
        .rows
        .iter()
        .flat_map(|row| &row.tiebreakers)
        .map(|value| value.display.clone())
        .find(|shown| shown.contains('.'))
        .expect("a tiebreaker with decimals");
    let documents: [(What, &[&str]); 6] = [
        (What::Pairings, &["pairings_by_table", "table", "points"]),
        (What::PairingsByName, &["pairings_by_name", "opponent"]),
        (
            What::Slips,
            &[
                "match_slip",
                "signature",
                "extra_time",
                "drop",
                "win",
                "loss",
                "draw",
            ],
        ),
        (What::Standings, &["standings", "rank", "record"]),
        (What::Breakdown, &["breakdown", "average"]),
        (What::Payout, &["payout", "payout_subtitle"]),
    ];
    for (language, paper) in Language::ALL
        .iter()
        .flat_map(|l| [(*l, Paper::A4), (*l, Paper::Letter)])
    {
        let language = &language;
        let printed = language.date_time("2026-11-22 10:00");
        for (what, keys) in &documents {
            let name = format!("words-{}-{}-{}", what.id(), language.id(), paper.id());
            let text = squeezed(&print_on(&session, *what, *language, paper, &name));
            for key in *keys {
                let word = squeezed(&label(*language, key));
                assert!(
                    text.contains(&word),
                    "{language} {}: '{word}' not whole in:\n{text}",
                    what.id()
                );
            }
            assert!(
                text.contains(&squeezed(&printed)),
                "{language} {}: date '{printed}' in:\n{text}",
                what.id()
            );
        }
        let text = print(
            &session,
            What::Standings,
            *language,
            &format!("decimals-{}", language.id()),
        );
        assert!(
            text.contains(&language.decimal(&decimal)),
            "{language}: {} in:\n{text}",
            language.decimal(&decimal)
        );
    }
}
