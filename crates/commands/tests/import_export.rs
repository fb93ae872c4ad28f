//! CSV import in UTF-8 (with and without BOM) and Shift-JIS with the bad-input corpus,
//! CSV exports, and fuzzing of the CSV and archive importers with arbitrary bytes.

use proptest::prelude::*;
use tablekeeper_commands::formats::archive::{self, Archive};
use tablekeeper_commands::formats::csv_export::{self, CsvEncoding};
use tablekeeper_commands::formats::csv_import::{self, Encoding};
use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;

const ROSTER: &str = "name,reading,publisher_id\n佐藤 花子,さとう はなこ,BR-0001\nAnn Lee,,\nZoë 🃏 Martin,,\nמרים כהן,,\nRobert'); DROP TABLE action_log;--,,\n\n鈴木 一郎,すずき いちろう,\n";

fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, had_errors) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!had_errors, "test text must be representable");
    bytes.into_owned()
}

#[test]
fn the_three_encodings_import_the_same_players() {
    let japanese_only = "名前,フリガナ\n佐藤 花子,さとう はなこ\n鈴木 一郎,すずき いちろう\n";
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), japanese_only.as_bytes()].concat();
    let utf8 = csv_import::preview(japanese_only.as_bytes(), &[]).expect("utf-8");
    let bom = csv_import::preview(&with_bom, &[]).expect("bom");
    let sjis = csv_import::preview(&shift_jis(japanese_only), &[]).expect("shift-jis");
    assert_eq!(
        (utf8.encoding, bom.encoding, sjis.encoding),
        (Encoding::Utf8, Encoding::Utf8Bom, Encoding::ShiftJis)
    );
    assert_eq!(utf8.players, bom.players);
    assert_eq!(utf8.players, sjis.players);
    assert_eq!(sjis.players[1].reading.as_deref(), Some("すずき いちろう"));
}

#[test]
fn the_bad_input_corpus_is_reported_line_by_line() {
    let long_name = "x".repeat(10_000);
    let csv = format!("name,team\nAnn,red\nAnn,blue\n,green\n{long_name},\n\n😀 Emoji,\n");
    let preview =
        csv_import::preview(csv.as_bytes(), &[("😀 Emoji".into(), None)]).expect("readable");
    let messages: Vec<String> = preview
        .problems
        .iter()
        .map(|p| format!("{}: {}", p.line, p.message))
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("1: unknown column 'team'")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("3: 'Ann' appears twice")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("4: player name: the name is empty")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("5: player name: the name is 10000 characters")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("7: '😀 Emoji' is already registered")),
        "{messages:?}"
    );
    // The same lines in a file saved with Windows line ends (Excel's CSV).
    let crlf = csv.replace('\n', "\r\n");
    let windows: Vec<String> = csv_import::preview(crlf.as_bytes(), &[("😀 Emoji".into(), None)])
        .expect("readable")
        .problems
        .iter()
        .map(|p| format!("{}: {}", p.line, p.message))
        .collect();
    assert_eq!(windows, messages, "CRLF lines are numbered as LF lines");
    let error = csv_import::players_from(preview).expect_err("problems block the import");
    assert_eq!(error.kind(), "csv-problems");
    assert_eq!(
        csv_import::preview(b"team\nred\n", &[])
            .expect_err("no name column")
            .kind(),
        "csv-format"
    );
    assert_eq!(
        csv_import::preview(&[0xFF, 0xFE, 0x00, 0x81], &[])
            .expect_err("binary")
            .kind(),
        "csv-encoding"
    );
}

/// Files the import cannot read exactly: each is refused with the line that is wrong and
/// nothing imported, never half-read.
#[test]
fn csv_that_cannot_be_read_exactly_is_refused_with_its_line() {
    let refused_whole = [
        // An unterminated quote would swallow every following row into one name.
        ("name\nAnn\n\"Bob\nCarol\nDave\n", 3, "never closed"),
        (
            "name,reading\nAnn,あん\nBob,\"ぼぶ\nCarol,\n",
            3,
            "never closed",
        ),
    ];
    for (csv, line, fragment) in refused_whole {
        let error = csv_import::preview(csv.as_bytes(), &[]).expect_err(csv);
        assert_eq!(error.kind(), "csv-format", "{csv:?}");
        let message = error.to_string();
        assert!(message.starts_with(&format!("line {line}:")), "{message}");
        assert!(message.contains(fragment), "{message}");
    }
    let by_line = [
        // An unquoted comma under a one-column header is two fields, not "Sato".
        (
            "name\nAnn\nSato, Hanako\n",
            3,
            "2 fields where the header has 1",
        ),
        (
            "name,reading\nAnn,あん,extra\n",
            2,
            "3 fields where the header has 2",
        ),
        // Names that are empty once invisible characters are removed.
        ("name\n\u{200B}\u{200D}\n", 2, "the name is empty"),
        ("name\n\u{FEFF}\u{2060} \n", 2, "the name is empty"),
        // Control characters, including a line break inside a quoted name.
        ("name\nSa\u{0}to\n", 2, "U+0000"),
        ("name\n\u{1b}[31mRed\n", 2, "U+001B"),
        ("name\nBell\u{7}\n", 2, "U+0007"),
        ("name\nAnn\n\"Two\nLines\"\n", 3, "U+000A"),
    ];
    for (csv, line, fragment) in by_line {
        let preview = csv_import::preview(csv.as_bytes(), &[]).expect(csv);
        assert!(
            preview
                .problems
                .iter()
                .any(|p| p.line == line && p.message.text.contains(fragment)),
            "{csv:?}: {:?}",
            preview.problems
        );
        let error = csv_import::players_from(preview).expect_err("nothing is imported");
        assert_eq!(error.kind(), "csv-problems");
    }
    // Quotes that are closed, doubled quotes and commas inside quotes read exactly.
    let fine = "name,reading\n\"Sato, Hanako\",さとう\n\"O\"\"Brien\",\n";
    let preview = csv_import::preview(fine.as_bytes(), &[]).expect("readable");
    assert!(preview.problems.is_empty(), "{:?}", preview.problems);
    let names: Vec<&str> = preview.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Sato, Hanako", "O\"Brien"]);
}

/// Every cell of every CSV the app writes is safe to open in a spreadsheet: nothing that
/// a spreadsheet runs as a formula starts a cell, unless it is a plain number.
#[test]
fn every_exported_csv_cell_is_safe_in_a_spreadsheet() {
    let dir = tempfile::tempdir().expect("tempdir");
    let options = CreateOptions {
        name: "=cmd|' /C calc'!A0".into(),
        ruleset: Some(RulesetSource::Embedded("bandai".into())),
        planned_rounds: Some(2),
        standings_seed: Some(1),
        ..CreateOptions::default()
    };
    let mut session = Session::create(&dir.path().join("f.tkevent"), options).expect("create");
    let risky = [
        "=HYPERLINK(\"http://x\",\"win\")",
        "+1+1",
        "-2+3",
        "@SUM(A1)",
        "Plain Name",
    ];
    let players: Vec<PlayerDetails> = risky
        .iter()
        .map(|name| PlayerDetails {
            name: (*name).into(),
            publisher_id: Some("=1+1".into()),
            nickname: Some("@me".into()),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("names are allowed");
    for _ in 0..2 {
        session.pair_next_round(Some(3), false).expect("pair");
        for table in session.pairings(None).expect("pairings").tables {
            session
                .record_result(
                    None,
                    table.table,
                    parse_result("a", None).expect("r"),
                    false,
                )
                .expect("result");
        }
    }
    use tablekeeper_commands::vocabulary::{CsvEncoding, ExportFormat};
    for format in [ExportFormat::StandingsCsv, ExportFormat::ResultsCsv] {
        let path = dir.path().join(format!("{format}.csv"));
        tablekeeper_commands::formats::export::write(&session, format, CsvEncoding::Utf8Bom, &path)
            .expect("export");
        let bytes = std::fs::read(&path).expect("read");
        let text = String::from_utf8(bytes[3..].to_vec()).expect("utf-8");
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(text.as_bytes());
        let mut cells = 0;
        for record in reader.records() {
            for cell in record.expect("record").iter() {
                cells += 1;
                let risky_start = cell
                    .chars()
                    .next()
                    .is_some_and(|c| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r'));
                let number = cell.parse::<f64>().is_ok();
                assert!(!risky_start || number, "{format}: unsafe cell {cell:?}");
            }
        }
        assert!(cells > 20, "{format} has content");
        assert!(
            text.contains("'=HYPERLINK"),
            "{format} keeps the name, as text"
        );
    }
}

#[test]
fn unusual_names_are_stored_verbatim_and_exported_in_both_encodings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let options = CreateOptions {
        name: "Roster".into(),
        ruleset: Some(RulesetSource::Embedded("bushiroad-ja".into())),
        title: None,
        planned_rounds: Some(1),
        overrides: Vec::new(),
        standings_seed: Some(1),
        ..CreateOptions::default()
    };
    let mut session = Session::create(&dir.path().join("r.tkevent"), options).expect("create");
    let added = session.import_players(ROSTER.as_bytes()).expect("import");
    assert_eq!(added.len(), 6, "the empty line is skipped");
    assert!(
        added
            .iter()
            .any(|p| p.details.name == "Robert'); DROP TABLE action_log;--")
    );
    assert!(added.iter().any(|p| p.details.name == "Zoë 🃏 Martin"));
    session.pair_next_round(Some(1), false).expect("pair");
    for table in session.pairings(None).expect("pairings").tables {
        session
            .record_result(
                None,
                table.table,
                parse_result("a", None).expect("parse"),
                false,
            )
            .expect("result");
    }
    let standings =
        csv_export::standings_csv(session.event(), &session.standings().expect("standings"))
            .expect("csv");
    assert!(standings.starts_with("rank,player,name,publisher_id,points"));
    assert!(standings.contains("佐藤 花子") && standings.contains("BR-0001"));
    let utf8 = csv_export::encode(&standings, CsvEncoding::Utf8Bom);
    assert!(utf8.bytes.starts_with(b"\xEF\xBB\xBF") && utf8.unrepresentable.is_empty());
    let sjis = csv_export::encode(&standings, CsvEncoding::ShiftJis);
    assert!(
        sjis.unrepresentable.contains(&'🃏'),
        "emoji cannot be Shift-JIS: {:?}",
        sjis.unrepresentable
    );
    let (decoded, _, _) = encoding_rs::SHIFT_JIS.decode(&sjis.bytes);
    assert!(decoded.contains("佐藤 花子"), "Japanese survives Shift-JIS");
    let results = csv_export::results_csv(session.event()).expect("results");
    assert_eq!(results.lines().count(), 1 + 3, "header and three tables");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    /// Arbitrary bytes never crash the CSV importer: they are read or refused with a kind.
    #[test]
    fn csv_import_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        match csv_import::preview(&bytes, &[]) {
            Ok(preview) => prop_assert!(preview.players.iter().all(|p| !p.name.is_empty())),
            Err(error) => prop_assert!(!error.to_string().trim().is_empty()),
        }
    }

    /// CSV-shaped text with random cells never crashes either.
    #[test]
    fn csv_like_text_never_panics(rows in proptest::collection::vec(proptest::collection::vec("[^\\x00]{0,12}", 0..5), 0..12)) {
        let text = std::iter::once("name,reading".to_string())
            .chain(rows.iter().map(|r| r.join(",")))
            .collect::<Vec<_>>()
            .join("\n");
        let _ = csv_import::preview(text.as_bytes(), &[]);
    }

    /// Arbitrary bytes, and mutated real archives, never crash the archive importer.
    #[test]
    fn archive_import_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300), cut in 0usize..4000, flip in any::<u8>()) {
        if let Ok(archive) = serde_json::from_slice::<Archive>(&bytes) {
            let _ = archive::replay(&archive);
        }
        let mut real = sample_archive_json().into_bytes();
        if !real.is_empty() {
            let at = cut % real.len();
            real[at] ^= flip;
            real.truncate(at.max(1) + real.len() / 2);
        }
        if let Ok(archive) = serde_json::from_slice::<Archive>(&real) {
            let _ = archive::replay(&archive);
        }
    }
}

fn sample_archive_json() -> String {
    use std::sync::OnceLock;
    static SAMPLE: OnceLock<String> = OnceLock::new();
    SAMPLE
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("tempdir");
            let session = tablekeeper_commands::demo::create_demo(&dir.path().join("d.tkevent"))
                .expect("demo");
            serde_json::to_string(&archive::export(&session).expect("export")).expect("json")
        })
        .clone()
}
