//! Bad input gets a clear message with a stable kind, and changes nothing.

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CommandError, CreateOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;

fn options(ruleset: &str) -> CreateOptions {
    CreateOptions {
        name: "Bad input".into(),
        ruleset: Some(RulesetSource::Embedded(ruleset.into())),
        title: None,
        planned_rounds: Some(3),
        overrides: Vec::new(),
        standings_seed: Some(1),
        ..CreateOptions::default()
    }
}

fn player(name: &str) -> PlayerDetails {
    PlayerDetails {
        name: name.into(),
        ..PlayerDetails::default()
    }
}

/// An event with four players and round 1 paired.
fn paired_event(dir: &tempfile::TempDir, ruleset: &str) -> Session {
    let mut session =
        Session::create(&dir.path().join("e.tkevent"), options(ruleset)).expect("create");
    session
        .add_players(
            ["Ann", "Bob", "Cid", "Dee"]
                .into_iter()
                .map(player)
                .collect(),
        )
        .expect("players");
    session.pair_next_round(Some(1), false).expect("pair");
    session
}

/// Asserts the error kind and that neither memory nor the file changed.
fn assert_refused(session: &Session, error: CommandError, kind: &str) {
    assert_eq!(error.kind(), kind, "{error}");
    assert!(!error.to_string().is_empty());
    let (on_disk, entries) = Session::on_disk(session.path()).expect("read back");
    assert_eq!(
        entries,
        session.log().expect("log").len(),
        "the file must not change"
    );
    assert_eq!(&on_disk, session.event());
}

#[test]
fn unknown_ruleset_is_refused_before_a_file_is_created() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("e.tkevent");
    let error = Session::create(&path, options("magic"))
        .err()
        .expect("must refuse");
    assert_eq!(error.kind(), "unknown-ruleset");
    assert!(
        error.to_string().contains("bushiroad-en"),
        "lists the known rulesets: {error}"
    );
    assert!(!path.exists());
}

#[test]
fn malformed_ruleset_file_names_file_line_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let custom = dir.path().join("custom.toml");
    let text = tablekeeper_engine::ruleset::catalogue::RULESET_FILES[0]
        .1
        .replace("floor = \"0.33\"", "floor = \"1.5\"");
    std::fs::write(&custom, &text).expect("write");
    let mut create = options("bandai");
    create.ruleset = Some(RulesetSource::File(custom.clone()));
    let path = dir.path().join("e.tkevent");
    let error = Session::create(&path, create.clone())
        .err()
        .expect("must refuse");
    assert_eq!(error.kind(), "invalid-ruleset");
    let line = text
        .lines()
        .position(|l| l.starts_with("floor ="))
        .expect("floor line")
        + 1;
    let message = error.to_string();
    assert!(
        message.contains(&format!("custom.toml:{line}: match_win.floor")),
        "{message}"
    );
    assert!(!path.exists());

    std::fs::write(&custom, "id = \"x\"\n[points]\nwin = \"one\"\n").expect("write");
    let error = Session::create(&path, create).err().expect("must refuse");
    assert_eq!(error.kind(), "invalid-ruleset");
    assert!(error.to_string().contains("custom.toml:"), "{error}");
}

#[test]
fn duplicate_player_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session =
        Session::create(&dir.path().join("e.tkevent"), options("bandai")).expect("create");
    session.add_players(vec![player("Ann")]).expect("first");
    let error = session
        .add_players(vec![player("Bob"), player("Ann")])
        .expect_err("must refuse");
    assert_refused(&session, error, "duplicate-player");
    assert_eq!(
        session.players().len(),
        1,
        "Bob was not added either: one transaction"
    );
}

#[test]
fn result_for_a_missing_table_or_a_table_with_a_result_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = paired_event(&dir, "bandai");
    let win = parse_result("a", None).expect("parse");
    let error = session
        .record_result(None, 9, win.clone(), false)
        .expect_err("must refuse");
    assert_refused(&session, error, "unknown-table");
    session
        .record_result(None, 1, win.clone(), false)
        .expect("first result");
    let error = session
        .record_result(None, 1, parse_result("b", None).expect("parse"), false)
        .expect_err("must refuse");
    assert_refused(&session, error, "result-exists");
    assert!(
        session
            .record_result(None, 1, parse_result("b", None).expect("parse"), true)
            .is_ok(),
        "--replace corrects it"
    );
}

#[test]
fn three_nil_in_a_best_of_three_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = paired_event(&dir, "crossover");
    let error = session
        .record_result(None, 1, parse_result("3-0", None).expect("parse"), false)
        .expect_err("must refuse");
    assert_refused(&session, error, "invalid-result");
    assert!(
        session
            .record_result(None, 1, parse_result("2-1", None).expect("parse"), false)
            .is_ok()
    );
}

#[test]
fn pairing_again_before_results_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = paired_event(&dir, "bandai");
    let error = session
        .pair_next_round(Some(2), false)
        .expect_err("must refuse");
    assert_refused(&session, error, "round-incomplete");
}

#[test]
fn a_file_that_is_not_an_event_is_refused_and_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("list.csv");
    std::fs::write(&path, "name\nAnn\n").expect("write");
    let error = Session::open(&path).err().expect("must refuse");
    assert_eq!(error.kind(), "not-an-event-file");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "name\nAnn\n");
}

#[test]
fn an_event_file_from_a_newer_version_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("e.tkevent");
    drop(Session::create(&path, options("bandai")).expect("create"));
    // A newer Tablekeeper adds to the schema and raises its version.
    let conn = rusqlite::Connection::open(&path).expect("sqlite");
    conn.execute("ALTER TABLE event ADD COLUMN future_setting TEXT", [])
        .expect("newer column");
    conn.pragma_update(None, "user_version", 99).expect("bump");
    drop(conn);
    let error = Session::open(&path).err().expect("must refuse");
    assert_eq!(error.kind(), "newer-version");
    // The same bump without anything newer is a damaged header, not a newer file.
    let plain = dir.path().join("p.tkevent");
    drop(Session::create(&plain, options("bandai")).expect("create"));
    let conn = rusqlite::Connection::open(&plain).expect("sqlite");
    conn.pragma_update(None, "user_version", 99).expect("bump");
    drop(conn);
    let error = Session::open(&plain).err().expect("must refuse");
    assert_eq!(error.kind(), "damaged-file");
}

#[test]
fn csv_with_problems_imports_nothing_and_lists_every_problem() {
    let bytes =
        "\u{feff}name,reading,colour\nAnn,,red\n,,blue\nAnn,,green\n佐藤 花子,さとう はなこ,\n"
            .as_bytes();
    let error =
        tablekeeper_commands::formats::csv_import::parse_players(bytes).expect_err("must refuse");
    assert_eq!(error.kind(), "csv-problems");
    let message = error.to_string();
    assert!(message.contains("unknown column 'colour'"), "{message}");
    assert!(
        message.contains("line 3: player name: the name is empty"),
        "{message}"
    );
    assert!(message.contains("line 4: 'Ann' appears twice"), "{message}");
    let good = "\u{feff}name,reading\nAnn,\n佐藤 花子,さとう はなこ\n".as_bytes();
    let players =
        tablekeeper_commands::formats::csv_import::parse_players(good).expect("valid CSV");
    assert_eq!(players[1].reading.as_deref(), Some("さとう はなこ"));
}
