//! The wall sheets read back from the PDFs with poppler (`pdftotext`, `pdffonts`): names
//! in every script a shop registers come back from the text layer in both languages and on
//! both papers, a Japanese sheet has no English column names, a reprint shows the points
//! before its round, a 40-player sheet fits one page with its name range in the heading.

use std::path::{Path, PathBuf};
use std::process::Command;

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_print::Document as What;
use tablekeeper_print::job::{PrintJob, render};
use tablekeeper_print::{Language, Paper};

/// A name in each script a shop registers (and the ones that once printed as boxes).
const EVERY_SCRIPT: [&str; 10] = [
    "김민준",
    "张伟",
    "𠮷田 陽子",
    "Nguyễn Văn An",
    "Иван Петров",
    "Γιώργος Παπαδόπουλος",
    "佐藤 花子",
    "Ólafur Arnalds",
    "陈静",
    "Ångström Émile",
];

fn event(dir: &Path, ruleset: &str, names: &[String]) -> Session {
    let options = CreateOptions {
        name: "Wall 掲示".into(),
        ruleset: Some(RulesetSource::Embedded(ruleset.into())),
        planned_rounds: Some(4),
        standings_seed: Some(3),
        ..CreateOptions::default()
    };
    std::fs::create_dir_all(dir).expect("folder");
    let mut session = Session::create(&dir.join("wall.tkevent"), options).expect("create");
    session
        .add_players(
            names
                .iter()
                .map(|name| PlayerDetails {
                    name: name.clone(),
                    ..PlayerDetails::default()
                })
                .collect(),
        )
        .expect("players");
    session
}

fn play_round(session: &mut Session) {
    session.pair_next_round(None, true).expect("pair");
    finish_round(session);
}

/// Seat A wins at every table of the current round still without a result.
fn finish_round(session: &mut Session) {
    let tables: Vec<u32> = session
        .pairings(None)
        .expect("pairings")
        .tables
        .iter()
        .filter(|t| t.result.is_none())
        .map(|t| t.table)
        .collect();
    for table in tables {
        session
            .record_result(None, table, parse_result("a", None).expect("a"), false)
            .expect("result");
    }
}

fn pdf(
    dir: &Path,
    session: &Session,
    what: What,
    round: Option<u32>,
    language: Language,
    paper: Paper,
) -> PathBuf {
    let job = PrintJob {
        what,
        round,
        paper,
        language,
        printed_at: "2026-11-23 10:00".into(),
        // Stand-ins for the room's table codes (`room::codes`), one per table.
        table_codes: session
            .pairings(round)
            .map(|p| {
                p.tables
                    .iter()
                    .map(|t| (t.table, format!("K{:04}", t.table)))
                    .collect()
            })
            .unwrap_or_default(),
        share_url: Some("http://192.168.1.5:8080/".into()),
        tickets: Vec::new(),
    };
    let bytes = render(session, &job).expect("render");
    let path = dir.join(format!("{what:?}-{language:?}-{paper:?}-{round:?}.pdf"));
    std::fs::write(&path, bytes).expect("write");
    path
}

/// Every barcode and QR code zbarimg reads on page 1 of `pdf` rendered at `dpi`.
fn read_codes(pdf: &Path, dpi: u32) -> Vec<String> {
    let png = pdf.with_extension(format!("{dpi}dpi"));
    let rendered = Command::new("pdftoppm")
        .args([
            "-r",
            &dpi.to_string(),
            "-png",
            "-singlefile",
            "-f",
            "1",
            "-l",
            "1",
        ])
        .arg(pdf)
        .arg(&png)
        .status()
        .expect("pdftoppm");
    assert!(rendered.success());
    let output = Command::new("zbarimg")
        .args(["-q", "--raw"])
        .arg(png.with_extension(format!("{dpi}dpi.png")))
        .output()
        .expect("zbarimg (zbar-tools) is installed by ./tk setup");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn run(tool: &str, args: &[&str], path: &Path) -> String {
    let output = Command::new(tool)
        .args(args)
        .arg(path)
        .args(if tool == "pdftotext" {
            vec!["-"]
        } else {
            vec![]
        })
        .output()
        .unwrap_or_else(|_| panic!("{tool} (poppler-utils) is installed by ./tk setup"));
    assert!(output.status.success(), "{tool} reads {}", path.display());
    String::from_utf8(output.stdout).expect("utf-8")
}

fn text(path: &Path) -> String {
    run("pdftotext", &["-layout", "-enc", "UTF-8"], path)
}

fn pages(path: &Path) -> usize {
    run("pdfinfo", &[], path)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("page count")
}

#[test]
fn names_in_every_script_come_back_from_every_sheet_in_both_languages_and_papers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = EVERY_SCRIPT.iter().map(|s| s.to_string()).collect();
    let mut session = event(dir.path(), "bandai", &names);
    play_round(&mut session);
    for language in [Language::En, Language::Ja] {
        for paper in [Paper::A4, Paper::Letter] {
            for what in [
                What::Pairings,
                What::PairingsByName,
                What::Slips,
                What::Standings,
            ] {
                let path = pdf(dir.path(), &session, what, None, language, paper);
                let shown = text(&path);
                for name in EVERY_SCRIPT {
                    assert!(
                        shown.contains(name),
                        "{what:?} {language:?} {paper:?}: {name} is missing from\n{shown}"
                    );
                }
                // Each font used is embedded as a subset, with a Unicode map.
                let fonts = run("pdffonts", &[], &path);
                for line in fonts.lines().skip(2) {
                    let columns: Vec<&str> = line.split_whitespace().collect();
                    let flags = &columns[columns.len() - 5..columns.len() - 2];
                    assert_eq!(flags, ["yes", "yes", "yes"], "{what:?}: {line}");
                }
            }
        }
    }
}

#[test]
fn a_japanese_standings_sheet_has_japanese_column_names_and_a_legend() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=8).map(|n| format!("選手{n}")).collect();
    for ruleset in ["bandai", "crossover", "fow", "bushiroad-ja"] {
        let mut session = event(&dir.path().join(ruleset), ruleset, &names);
        play_round(&mut session);
        play_round(&mut session);
        for what in [What::Standings, What::Breakdown] {
            let shown = text(&pdf(
                dir.path(),
                &session,
                what,
                None,
                Language::Ja,
                Paper::A4,
            ));
            for english in ["Opp", "Head", "match", "win", "points", "Round", "Rank"] {
                assert!(
                    !shown.contains(english),
                    "{ruleset} {what:?}: '{english}' in\n{shown}"
                );
            }
        }
        let english = text(&pdf(
            dir.path(),
            &session,
            What::Standings,
            None,
            Language::En,
            Paper::A4,
        ));
        assert!(
            english.contains(':'),
            "{ruleset}: the legend explains the columns\n{english}"
        );
    }
}

#[test]
fn a_reprint_of_an_earlier_round_shows_the_points_before_that_round() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut session = event(dir.path(), "bandai", &names);
    for _ in 0..3 {
        play_round(&mut session);
    }
    let points_before = session.points_before(2).expect("points");
    let today = session.standings().expect("standings");
    assert!(
        today
            .rows
            .iter()
            .any(|r| points_before.get(&r.player) != Some(&r.points)),
        "the points changed since round 2"
    );
    let shown = text(&pdf(
        dir.path(),
        &session,
        What::Pairings,
        Some(2),
        Language::En,
        Paper::A4,
    ));
    for table in session.pairings(Some(2)).expect("round 2").tables {
        let line = shown
            .lines()
            .find(|l| l.contains(&table.a.name) && l.contains(&table.b.name))
            .expect("the table's line");
        let numbers: Vec<&str> = line
            .split_whitespace()
            .filter(|w| w.parse::<u32>().is_ok())
            .collect();
        assert_eq!(
            numbers[1..],
            [
                points_before[&table.a.player].as_str(),
                points_before[&table.b.player].as_str()
            ],
            "{line}"
        );
    }
}

#[test]
fn forty_players_fit_one_page_with_the_name_range_in_the_heading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let surnames = [
        "Adams", "Baker", "Clark", "Davis", "Evans", "Ford", "Green", "Hall", "Irwin", "Jones",
    ];
    let names: Vec<String> = (0..40)
        .map(|n| format!("Player{n} {}", surnames[n % 10]))
        .collect();
    let mut session = event(dir.path(), "bandai", &names);
    session.pair_next_round(None, false).expect("pair");
    for paper in [Paper::A4, Paper::Letter] {
        for what in [What::Pairings, What::PairingsByName] {
            let path = pdf(dir.path(), &session, what, None, Language::En, paper);
            assert_eq!(pages(&path), 1, "{what:?} {paper:?}");
        }
        let by_name = text(&pdf(
            dir.path(),
            &session,
            What::PairingsByName,
            None,
            Language::En,
            paper,
        ));
        let squeezed = by_name.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squeezed.contains("Pairings by name A–J"), "{by_name}");
    }
    // Longer than a page: every page names its own range.
    let names: Vec<String> = (0..120)
        .map(|n| format!("Player{n} {}", surnames[n / 12]))
        .collect();
    let mut session = event(&dir.path().join("large"), "bandai", &names);
    session.pair_next_round(None, false).expect("pair");
    let path = pdf(
        dir.path(),
        &session,
        What::PairingsByName,
        None,
        Language::En,
        Paper::A4,
    );
    let shown = text(&path);
    let headings: Vec<&str> = shown
        .lines()
        .filter(|l| l.contains("Pairings by name"))
        .collect();
    assert_eq!(headings.len(), pages(&path), "{headings:?}");
    assert!(
        headings[0].trim_end().ends_with("A–D") || headings[0].contains("A–"),
        "{headings:?}"
    );
    assert!(
        headings
            .last()
            .is_some_and(|h| h.contains("–J") || h.trim_end().ends_with('J')),
        "{headings:?}"
    );
}

#[test]
fn slips_carry_games_records_notes_and_an_entered_box_and_the_pdf_is_dated_when_printed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=12).map(|n| format!("Player {n:02}")).collect();
    // Crossover plays best two out of three (004 VIII › Style); a record so far shows from
    // round 2 (002 §5.3).
    let mut session = event(&dir.path().join("crossover"), "crossover", &names);
    play_round(&mut session);
    session.pair_next_round(None, false).expect("round 2");
    for language in [Language::En, Language::Ja] {
        let path = pdf(dir.path(), &session, What::Slips, None, language, Paper::A4);
        let shown = text(&path);
        let (games, notes, entered, record) = match language {
            Language::En => (
                "Games 1 2 3 (W/L/D)",
                "Penalties / notes",
                "Entered",
                "Record (W-L-D) 1-0-0",
            ),
            _ => (
                "各ゲーム 1 2 3（勝/敗/分）",
                "ペナルティ・メモ",
                "入力済み",
                "これまでの戦績 (勝-敗-分) 1-0-0",
            ),
        };
        // A box per game for each player, one notes line and one tick box per slip.
        assert_eq!(shown.matches(games).count(), 12, "{language:?}\n{shown}");
        assert_eq!(shown.matches(notes).count(), 6, "{language:?}\n{shown}");
        assert_eq!(shown.matches(entered).count(), 6, "{language:?}\n{shown}");
        assert!(shown.contains(record), "{language:?}\n{shown}");
        assert_eq!(pages(&path), 2, "six tables, four to a page");
        let info = run("pdfinfo", &[], &path);
        assert!(
            info.lines().any(|l| l.starts_with("CreationDate:")
                && l.contains("2026")
                && l.contains("Nov 23")),
            "{info}"
        );
    }
    let compact = pdf(
        dir.path(),
        &session,
        What::SlipsCompact,
        None,
        Language::En,
        Paper::A4,
    );
    assert_eq!(pages(&compact), 1, "six to a page");
    assert!(!text(&compact).contains("Games 1 2 3"), "no per-game boxes");
}

#[test]
fn the_bracket_is_a_landscape_tree_with_byes_results_and_the_champion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut session = event(dir.path(), "bandai", &names);
    for _ in 0..3 {
        play_round(&mut session);
    }
    // A top 6 pads the bracket of 8 with two byes for the top seeds.
    session
        .start_cut(tablekeeper_commands::CutOptions {
            size: 6,
            third_place: false,
            excluded: Vec::new(),
            seed: Some(1),
            double: false,
            method: None,
        })
        .expect("cut");
    finish_round(&mut session);
    while session
        .bracket()
        .expect("bracket")
        .is_some_and(|b| b.champion.is_none())
    {
        session.pair_bracket_round().expect("next bracket round");
        finish_round(&mut session);
    }
    let bracket = session.bracket().expect("bracket").expect("a bracket");
    let path = pdf(
        dir.path(),
        &session,
        What::Bracket,
        None,
        Language::En,
        Paper::A4,
    );
    let info = run("pdfinfo", &[], &path);
    let size = info
        .lines()
        .find(|l| l.starts_with("Page size:"))
        .expect("size");
    let sides: Vec<f32> = size
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(sides.len() >= 2 && sides[0] > sides[1], "landscape: {size}");
    let shown = text(&path);
    assert!(shown.contains("BYE"), "a bye is shown as one:\n{shown}");
    assert_eq!(
        shown.matches('—').count(),
        1,
        "only the heading's dash; no seat to be decided:\n{shown}"
    );
    // Each winner is marked; one-game results are the mark alone (no English words).
    for round in &bracket.rounds {
        for m in &round.matches {
            let winner = [&m.a, &m.b]
                .into_iter()
                .flatten()
                .find(|s| Some(s.player) == m.winner)
                .expect("every match decided");
            let marked = format!("▶ ({}) {}", winner.seed, winner.name);
            assert!(shown.contains(&marked), "{marked}:\n{shown}");
        }
    }
    assert!(!shown.contains("wins"), "{shown}");
    let champion = bracket.champion.expect("champion");
    assert!(
        shown.contains(&format!("({}) {}", champion.seed, champion.name)),
        "{shown}"
    );
}

#[test]
fn the_deck_sheet_has_the_parts_of_each_publishers_deck_list() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = vec!["Ann".into(), "Bob".into()];
    for (ruleset, english, japanese) in [
        (
            "crossover",
            &[
                "Ninjas",
                "Jutsus",
                "Missions",
                "Clients",
                "Sideboard (exactly 10 or none)",
                "deck: 40 cards",
            ][..],
            &["サイドボード（10枚ちょうど、またはなし）"
                .replace('（', " (")
                .replace('）', ")")][..],
        ),
        (
            "bandai",
            &["Main deck (50 cards)", "Digi-Egg deck (0–5 cards)"][..],
            &["メインデッキ (50枚)".to_string()][..],
        ),
        (
            "fow",
            &[
                "Ruler / J-ruler",
                "Magic stone deck",
                "Side deck (up to 15 cards)",
            ][..],
            &["魔石デッキ".to_string()][..],
        ),
        ("bushiroad-en", &["Deck"][..], &["デッキ".to_string()][..]),
    ] {
        let session = event(&dir.path().join(ruleset), ruleset, &names);
        let shown = text(&pdf(
            dir.path(),
            &session,
            What::DeckSheet,
            None,
            Language::En,
            Paper::A4,
        ));
        for part in english {
            assert!(shown.contains(part), "{ruleset}: {part}\n{shown}");
        }
        let ja = text(&pdf(
            dir.path(),
            &session,
            What::DeckSheet,
            None,
            Language::Ja,
            Paper::Letter,
        ));
        for part in japanese {
            assert!(ja.contains(part.as_str()), "{ruleset}: {part}\n{ja}");
        }
        assert_eq!(
            pages(&pdf(
                dir.path(),
                &session,
                What::DeckSheet,
                None,
                Language::Ja,
                Paper::Letter
            )),
            1
        );
    }
}

#[test]
fn every_slip_carries_its_scan_code_and_the_code_reads_back_to_its_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=8).map(|n| format!("Player {n}")).collect();
    let mut session = event(dir.path(), "bandai", &names);
    play_round(&mut session);
    session.pair_next_round(None, false).expect("round 2");
    let shown = text(&pdf(
        dir.path(),
        &session,
        What::Slips,
        None,
        Language::En,
        Paper::A4,
    ));
    for table in session.pairings(None).expect("round 2").tables {
        let code = tablekeeper_commands::slip_code::encode(session.event(), 2, table.table);
        assert!(shown.contains(&code), "{code} under its barcode:\n{shown}");
        // The table's report code, for players reporting from their phones.
        let report = format!("Report code K{:04}", table.table);
        assert!(shown.contains(&report), "{report} on the slip:\n{shown}");
        // What the scanner types is read back to the table; another round's is refused.
        assert_eq!(
            tablekeeper_commands::slip_code::read(session.event(), &code.to_lowercase())
                .expect("read"),
            (2, table.table)
        );
        let old = tablekeeper_commands::slip_code::encode(session.event(), 1, table.table);
        let refused =
            tablekeeper_commands::slip_code::read(session.event(), &old).expect_err("round 1");
        assert_eq!(refused.kind().as_str(), "wrong-slip");
    }
    let other = tablekeeper_commands::slip_code::read(session.event(), "TK-000000-2-1")
        .expect_err("other event");
    assert!(
        other.message().text.contains("another event"),
        "{:?}",
        other.message()
    );
}

#[test]
fn a_barcode_reader_reads_each_slips_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=8).map(|n| format!("Player {n}")).collect();
    let mut session = event(dir.path(), "bandai", &names);
    session.pair_next_round(None, false).expect("round 1");
    let path = pdf(
        dir.path(),
        &session,
        What::Slips,
        None,
        Language::Ja,
        Paper::Letter,
    );
    // Rendered at 200 dpi (a phone photo or a cheap scanner sees at least that much).
    let mut read = read_codes(&path, 200);
    read.sort();
    let mut expected: Vec<String> = session
        .pairings(None)
        .expect("round 1")
        .tables
        .iter()
        .map(|t| tablekeeper_commands::slip_code::encode(session.event(), 1, t.table))
        .collect();
    expected.sort();
    assert_eq!(read, expected);
}

/// While the event is shared, every wall pairings page carries the players' page address
/// and its QR code, which a phone's camera (here zbarimg at 150 dpi) reads.
#[test]
fn the_wall_pairings_carry_the_shared_address_as_a_qr_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=12).map(|n| format!("Player {n}")).collect();
    let mut session = event(dir.path(), "bandai", &names);
    session.pair_next_round(None, false).expect("round 1");
    for what in [What::Pairings, What::PairingsByName] {
        let path = pdf(dir.path(), &session, what, None, Language::En, Paper::A4);
        let shown = text(&path);
        assert!(shown.contains("Find your table on your phone:"), "{shown}");
        assert!(shown.contains("http://192.168.1.5:8080/"), "{shown}");
        assert_eq!(
            read_codes(&path, 150),
            vec!["http://192.168.1.5:8080/".to_string()],
            "{what:?}"
        );
    }
}

/// Each player's ticket carries their name, number and own code, and its QR code
/// opens the players' page with that code (a phone camera reads it from the PDF); printed
/// while the event is not shared, the QR code is the code itself and the ticket says to type
/// it. Ten players: eight tickets on page 1, two on page 2.
#[test]
fn player_tickets_carry_each_players_own_code_as_a_qr_code_and_as_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = EVERY_SCRIPT.iter().map(|s| s.to_string()).collect();
    drop(event(dir.path(), "bandai", &names));
    let mut desk =
        tablekeeper_commands::desk::Desk::new(dir.path().join("data"), dir.path().into());
    desk.open_for_host(&dir.path().join("wall.tkevent"))
        .expect("open");
    for (shared, language) in [(true, Language::Ja), (false, Language::En)] {
        let url = shared.then(|| "http://192.168.1.5:8080/".to_string());
        desk.set_share_url(url.clone());
        let tickets = desk.player_tickets(()).expect("tickets");
        assert_eq!(tickets.len(), names.len());
        let job = PrintJob {
            what: What::Tickets,
            round: None,
            paper: Paper::A4,
            language,
            printed_at: "2026-11-25 10:00".into(),
            table_codes: Default::default(),
            share_url: url,
            tickets: tickets.clone(),
        };
        let bytes = render(desk.session().expect("open"), &job).expect("render");
        let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ci-artifacts/printouts");
        std::fs::create_dir_all(&folder).expect("artifacts folder");
        let path = folder.join(format!("tickets-{language:?}.pdf"));
        std::fs::write(&path, bytes).expect("write");
        // Two resolutions: a reader may miss a code at one that it reads at the other.
        let mut read = read_codes(&path, 150);
        read.extend(read_codes(&path, 200));
        read.sort();
        read.dedup();
        let mut expected: Vec<String> = tickets[..8]
            .iter()
            .map(|t| t.url.clone().unwrap_or_else(|| t.code.clone()))
            .collect();
        expected.sort();
        assert_eq!(read, expected, "page 1's QR codes");
        if shared {
            assert!(
                expected
                    .iter()
                    .all(|u| u.starts_with("http://192.168.1.5:8080/#p="))
            );
        }
        let text = run("pdftotext", &["-layout", "-enc", "UTF-8"], &path);
        for ticket in &tickets {
            assert!(text.contains(&ticket.name), "{} on a ticket", ticket.name);
            assert!(
                text.contains(&ticket.code),
                "{}'s code on the ticket",
                ticket.name
            );
        }
        let words = if shared {
            "プレイヤーチケット"
        } else {
            "type this code"
        };
        assert!(text.contains(words), "{text}");
    }
}

/// The door's poster carries the entry page's address as a QR code a phone's camera
/// reads (zbarimg at 150 dpi) and as text, in both languages; without sharing there is no
/// address, and printing it is refused with words that say what to do.
#[test]
fn the_door_poster_carries_the_entry_page_as_a_qr_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=4).map(|n| format!("Player {n}")).collect();
    let session = event(dir.path(), "bandai", &names);
    for (language, title) in [
        (Language::En, "Enter this event"),
        (Language::Ja, "この大会に申し込む"),
    ] {
        let path = pdf(
            dir.path(),
            &session,
            What::DoorPoster,
            None,
            language,
            Paper::A4,
        );
        let shown = text(&path);
        assert!(shown.contains(title), "{shown}");
        assert!(shown.contains("http://192.168.1.5:8080/enter"), "{shown}");
        assert_eq!(
            read_codes(&path, 150),
            vec!["http://192.168.1.5:8080/enter".to_string()]
        );
    }
    let job = PrintJob {
        what: What::DoorPoster,
        round: None,
        paper: Paper::A4,
        language: Language::En,
        printed_at: "2026-11-23 10:00".into(),
        table_codes: Default::default(),
        share_url: None,
        tickets: Vec::new(),
    };
    let refused = render(&session, &job).expect_err("no address without sharing");
    assert!(refused.to_string().contains("turn sharing on"), "{refused}");
}

/// The cut-line sheet lists every player with what they need for the cut, in the
/// sheet's language, under a heading naming the cut and the rounds left.
#[test]
fn the_cut_line_sheet_says_what_each_player_needs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=16).map(|n| format!("Player {n:02}")).collect();
    let mut session = event(dir.path(), "bandai", &names);
    for _ in 0..3 {
        play_round(&mut session);
    }
    session.pair_next_round(None, true).expect("the last round");
    let line = session.cut_line(Some(8)).expect("cut line");
    assert_eq!(line.rounds_left, 1);
    assert_eq!(line.rows.len(), 16);
    // Top 8: the 3-0 players are in whatever happens (at most four others reach 9 points);
    // the 0-3 players are out (eight players already have more than 3 can give them).
    assert!(
        line.rows
            .iter()
            .any(|r| r.chance == tablekeeper_commands::views::projection::CutChance::Locked)
    );
    assert!(
        line.rows
            .iter()
            .any(|r| r.chance == tablekeeper_commands::views::projection::CutChance::Out)
    );
    for (language, title, locked) in [
        (Language::En, "What do I need? The cut line", "locked in"),
        (Language::Ja, "あと何が必要？ カットライン", "確定"),
    ] {
        let bytes = tablekeeper_print::standings::cut_line(
            &tablekeeper_print::Sheet {
                event: "Wall 掲示".into(),
                printed_at: "2026-11-23 10:00".into(),
                paper: Paper::A4,
                language,
                share_url: None,
            },
            &line,
        )
        .expect("the sheet");
        let path = dir.path().join(format!("cut-line-{language:?}.pdf"));
        std::fs::write(&path, bytes).expect("write");
        let shown = text(&path);
        assert!(shown.contains(title), "{shown}");
        assert!(shown.contains(locked), "{shown}");
        assert!(shown.contains("Player 01"), "{shown}");
    }
}

/// The payout sheet to sign lists every winner in the final order with what they
/// receive, a column to sign in and the totals against the pool; the season's table lists
/// every player with each event's points. Names in every script, in both languages.
#[test]
fn the_payout_sheet_and_the_season_table_name_everyone_in_both_languages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = EVERY_SCRIPT.iter().map(|s| s.to_string()).collect();
    let mut session = event(dir.path(), "bandai", &names);
    for _ in 0..3 {
        play_round(&mut session);
    }
    // Every player receives something: credit down the ladder, a pack each, a raffle.
    let rules = "currency = \"JPY\"\nties = \"standings\"\npool = 10000\nparticipation = 100\nplace = [{ down_to = 1, amount = 3000 }, { down_to = 2, amount = 2000 }]\n[[items]]\nname = \"Booster\"\ncount = 20\nplace = [{ down_to = 10, count = 1 }]\n[raffle]\nprizes = [\"Playmat\"]\n";
    session.set_prize_rules(rules.into()).expect("rules");
    session.draw_raffle(11).expect("raffle");
    let season = tablekeeper_commands::shop::season::season(
        "name = \"Friday League 金曜リーグ\"\nparticipation = 1\nper_win = 3\n",
        &[session.path().to_path_buf()],
    )
    .expect("season");
    for (language, payout_title, signature, season_title) in [
        (
            Language::En,
            "Prize payout",
            "Received (signature)",
            "Season standings",
        ),
        (Language::Ja, "賞品の配分", "受領（署名）", "シーズン順位"),
    ] {
        let path = pdf(
            dir.path(),
            &session,
            What::Payout,
            None,
            language,
            Paper::A4,
        );
        let shown = text(&path);
        assert!(shown.contains(payout_title), "{shown}");
        assert!(shown.contains(signature), "{shown}");
        assert!(
            shown.contains("3000") && shown.contains("Booster"),
            "{shown}"
        );
        assert!(shown.contains("Playmat"), "the raffle's winner: {shown}");
        assert!(
            shown.contains("11"),
            "the raffle's seed is printed: {shown}"
        );
        for name in EVERY_SCRIPT {
            assert!(
                shown.contains(name),
                "payout {language:?}: {name} missing\n{shown}"
            );
        }
        let bytes = tablekeeper_print::prizes::season(
            &tablekeeper_print::Sheet {
                event: season.name.clone(),
                printed_at: "2026-11-26 10:00".into(),
                paper: Paper::A4,
                language,
                share_url: None,
            },
            &season,
        )
        .expect("season sheet");
        let path = dir.path().join(format!("season-{language:?}.pdf"));
        std::fs::write(&path, bytes).expect("write");
        let shown = text(&path);
        assert!(shown.contains(season_title), "{shown}");
        assert!(shown.contains("Friday League 金曜リーグ"), "{shown}");
        for name in EVERY_SCRIPT {
            assert!(
                shown.contains(name),
                "season {language:?}: {name} missing\n{shown}"
            );
        }
    }
}

/// The Japanese payout sheet shows a shared place whole ("11 (同順位)", once cut to
/// "11 (同順…"), large credits whole, and names every raffle prize nobody was drawn for.
#[test]
fn the_japanese_payout_sheet_shows_shared_places_whole_and_undrawn_raffle_prizes() {
    use tablekeeper_commands::views::prizes::{PayoutLineView, PayoutView};
    let dir = tempfile::tempdir().expect("tempdir");
    let line = |place: u32, player: u32, name: &str, credit: u64| PayoutLineView {
        place,
        tied: place == 11,
        player,
        name: name.into(),
        credit,
        items: Vec::new(),
        raffle: Vec::new(),
    };
    let view = PayoutView {
        event: "金曜 大会".into(),
        currency: "JPY".into(),
        lines: vec![
            line(1, 1, "田中 太郎", 1_000_000_000_000),
            line(11, 2, "佐藤 花子", 250),
            line(11, 3, "Иван Петров", 250),
        ],
        credit_paid: 1_000_000_000_500,
        credit_pool: None,
        credit_left: None,
        items: Vec::new(),
        raffle_seed: Some("7".into()),
        raffle_pending: false,
        raffle_undrawn: vec!["プレイマット".into(), "スリーブ".into()],
        raffle_entrants: 0,
        rules: String::new(),
        recorded: true,
    };
    for (language, tied, undrawn) in [
        (
            Language::Ja,
            "11 (同順位)",
            "プレイマット, スリーブ は当選者なし",
        ),
        (
            Language::En,
            "11 (tied)",
            "Not drawn: プレイマット, スリーブ",
        ),
    ] {
        let bytes = tablekeeper_print::prizes::payout(
            &tablekeeper_print::Sheet {
                event: view.event.clone(),
                printed_at: "2026-11-27 10:00".into(),
                paper: Paper::A4,
                language,
                share_url: None,
            },
            &view,
        )
        .expect("payout sheet");
        let path = dir.path().join(format!("payout-{language:?}.pdf"));
        std::fs::write(&path, bytes).expect("write");
        let shown = text(&path);
        assert_eq!(shown.matches(tied).count(), 2, "{language:?}: {shown}");
        assert!(!shown.contains('…'), "nothing is cut: {shown}");
        assert!(shown.contains("1000000000000"), "{shown}");
        assert!(shown.contains(undrawn), "{language:?}: {shown}");
    }
}
