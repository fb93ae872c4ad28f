//! The roster written into a `.tdf` that TOM created: the new players spliced into TOM's own
//! text (the expected file written by hand, `tests/golden/tom/roster/`), everything else
//! kept byte for byte, a file nobody is added to left as it was, the round trip TDF →
//! import → roster export into the same TDF byte-identical, and the desk's command saving
//! over the file (docs/seasons.md, "The roster into TOM").

use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde_json::json;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::surface::dispatch;
use tablekeeper_commands::formats::tom;
use tablekeeper_commands::formats::tom_roster::{RosterSkip, write_roster};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_words::ErrorKind;

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden/tom")
        .join(name)
}

fn read(name: &str) -> Vec<u8> {
    std::fs::read(golden(name)).expect("golden file")
}

const CREATED: &str = "roster/Winter League Cup created in TOM.tdf";
const WITH_ROSTER: &str = "roster/Winter League Cup with the roster.tdf";
const FINAL: &str = "2026-11-29 League Challenge.tdf";
const AFTER_ROUND_2: &str = "2026-11-29 League Challenge after round 2.tdf";

fn person(name: &str, id: Option<&str>) -> PlayerDetails {
    PlayerDetails {
        name: name.into(),
        publisher_id: id.map(str::to_string),
        ..PlayerDetails::default()
    }
}

/// The desk's players: four with a Play! Pokémon ID, one without, one whose ID is not
/// digits, one with an ID the desk already gave someone.
fn desk_players() -> Vec<PlayerDetails> {
    vec![
        person("Ash Ketchum", Some("1000001")),
        person("Pikachu", None),
        person("Mary Ann Smith", Some(" 1000012 ")),
        person("Bad Id", Some("P-12")),
        person("Misty & Co Waterflower", Some("1000013")),
        person("Ash Again", Some("1000001")),
        person("山田太郎", Some("1000014")),
    ]
}

fn nine_thirty() -> chrono::NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 12, 12)
        .and_then(|d| d.and_hms_opt(9, 30, 0))
        .expect("a time")
}

#[test]
fn the_roster_goes_into_toms_file_as_written_by_hand() {
    let roster = write_roster(&read(CREATED), &desk_players(), nine_thirty()).expect("roster");
    assert_eq!(
        String::from_utf8_lossy(&roster.bytes),
        String::from_utf8_lossy(&read(WITH_ROSTER))
    );
    assert_eq!(roster.bytes, read(WITH_ROSTER), "byte for byte (CRLF kept)");
    let added: Vec<&str> = roster.added.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(added, ["1000001", "1000012", "1000013", "1000014"]);
    let skipped: Vec<(&str, RosterSkip)> = roster
        .skipped
        .iter()
        .map(|s| (s.player.name.as_str(), s.reason))
        .collect();
    assert_eq!(
        skipped,
        [
            ("Pikachu", RosterSkip::NoId),
            ("Bad Id", RosterSkip::NotDigits),
            ("Ash Again", RosterSkip::IdTwice),
        ]
    );
    // TOM reads the players back under the names the desk gave them.
    let back = tom::parse_created(&roster.bytes).expect("reads back");
    assert_eq!(back.players["1000012"], "Mary Ann Smith");
    assert_eq!(back.players["1000013"], "Misty & Co Waterflower");
    assert_eq!(back.players["1000014"], "山田太郎");
    assert_eq!(back.sanction, "26-12-000456");
}

#[test]
fn a_file_nobody_is_added_to_comes_back_byte_for_byte() {
    let original = read(FINAL);
    // TDF → import → the roster of the same players into the same TDF.
    let event = tom::parse(&original).expect("the finalized file");
    let players: Vec<PlayerDetails> = event
        .players
        .iter()
        .map(|(id, name)| person(name, Some(id)))
        .collect();
    let roster = write_roster(&original, &players, nine_thirty()).expect("roster");
    assert!(roster.added.is_empty());
    assert_eq!(roster.already.len(), 10);
    assert_eq!(roster.bytes, original);
    // An event without players, and a roster written twice, change nothing either.
    assert_eq!(
        write_roster(&original, &[], nine_thirty())
            .expect("empty")
            .bytes,
        original
    );
    let written = read(WITH_ROSTER);
    let again = write_roster(&written, &desk_players(), nine_thirty()).expect("again");
    assert!(again.added.is_empty());
    assert_eq!(again.bytes, written);
}

#[test]
fn new_players_follow_those_tom_already_has_in_its_indentation() {
    // A late entry written into the file of an event TOM is running.
    let original = read(AFTER_ROUND_2);
    let roster = write_roster(
        &original,
        &[
            person("Ash Ketchum", Some("1000001")),
            person("Serena Yvonne", Some("1000099")),
        ],
        nine_thirty(),
    )
    .expect("roster");
    let (text, before) = (
        String::from_utf8(roster.bytes.clone()).expect("utf-8"),
        String::from_utf8(original.clone()).expect("utf-8"),
    );
    let inserted = "    <player userid=\"1000099\">\n      <firstname>Serena</firstname>\n      <lastname>Yvonne</lastname>\n      <birthdate>**/**/****</birthdate>\n      <creationdate>12/12/2026 09:30:00</creationdate>\n      <lastmodifieddate>12/12/2026 09:30:00</lastmodifieddate>\n    </player>\n  </players>\n";
    // The League Challenge's file has CRLF line ends, as TOM on Windows writes them.
    let inserted = inserted.replace('\n', "\r\n");
    assert_eq!(text, before.replacen("  </players>\r\n", &inserted, 1));
    let back = tom::parse(&roster.bytes).expect("reads back");
    assert_eq!(back.players.len(), 11);
    assert_eq!(
        back.divisions,
        tom::parse(&original).expect("before").divisions
    );
}

#[test]
fn every_form_of_an_empty_list_takes_the_roster() {
    let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<tournament type=\"2\">\n  <data>\n    <name>Cup</name>\n    <startdate>12/12/2026</startdate>\n  </data>\n";
    let player = "    <player userid=\"7\">\n      <firstname>Ash</firstname>\n      <lastname>Ketchum</lastname>\n      <birthdate>**/**/****</birthdate>\n      <creationdate>12/12/2026 09:30:00</creationdate>\n      <lastmodifieddate>12/12/2026 09:30:00</lastmodifieddate>\n    </player>\n";
    let expected = format!("{head}  <players>\n{player}  </players>\n</tournament>\n");
    for list in [
        "  <players />\n",
        "  <players/>\n",
        "  <players></players>\n",
        "  <players>\n  </players>\n",
    ] {
        let original = format!("{head}{list}</tournament>\n");
        let roster = write_roster(
            original.as_bytes(),
            &[person("Ash Ketchum", Some("7"))],
            nine_thirty(),
        )
        .expect("roster");
        assert_eq!(String::from_utf8_lossy(&roster.bytes), expected, "{list:?}");
    }
    // With a byte-order mark, the mark is kept.
    let original = format!("\u{feff}{head}  <players />\n</tournament>\n");
    let roster = write_roster(
        original.as_bytes(),
        &[person("Ash Ketchum", Some("7"))],
        nine_thirty(),
    )
    .expect("roster");
    assert_eq!(
        String::from_utf8_lossy(&roster.bytes),
        format!("\u{feff}{expected}")
    );
}

#[test]
fn a_file_that_is_not_toms_is_refused_and_left_alone() {
    for bytes in [
        b"<tournament><data><startdate>12/12/2026</startdate></data></tournament>".as_slice(),
        b"not xml at all".as_slice(),
        b"<event><players/></event>".as_slice(),
    ] {
        let refused =
            write_roster(bytes, &[person("Ash", Some("7"))], nine_thirty()).expect_err("refused");
        assert_eq!(
            refused.kind(),
            ErrorKind::TomRoster,
            "{}",
            String::from_utf8_lossy(bytes)
        );
    }
}

#[test]
fn the_desk_saves_the_roster_over_toms_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"));
    let event = dir.path().join("cup.tkevent").display().to_string();
    dispatch(
        &mut desk,
        "create_event",
        json!({ "name": "Cup", "ruleset": "bandai", "planned_rounds": 3, "path": event }),
    )
    .expect("create");
    dispatch(
        &mut desk,
        "add_players",
        json!({ "names": [], "players": [
            { "name": "Ash Ketchum", "publisher_id": "1000001" },
            { "name": "Pikachu" },
            { "name": "Gone Before", "publisher_id": "1000077" }
        ] }),
    )
    .expect("players");
    dispatch(&mut desk, "drop_player", json!({ "player": "3" })).expect("drop");
    let tdf = dir.path().join("Winter League Cup.tdf");
    std::fs::copy(golden(CREATED), &tdf).expect("copy");
    let view = dispatch(&mut desk, "tom_roster", json!({ "path": tdf })).expect("roster");
    assert_eq!(view["changed"], true);
    assert_eq!(view["added"].as_array().map(Vec::len), Some(1));
    assert_eq!(view["skipped"][0]["reason"], "no-id");
    let back =
        tom::parse_created(&std::fs::read(&tdf).expect("the file")).expect("TOM's file reads");
    assert_eq!(back.players.keys().collect::<Vec<_>>(), ["1000001"]);
    // Nothing but the file itself is left in the folder (no temporary file).
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tdf") || n.contains("partial"))
        .collect();
    assert_eq!(names, ["Winter League Cup.tdf"]);
    // TOM's own file is kept beside it, byte for byte, under a name TOM's Open does not list.
    assert_eq!(
        std::fs::read(dir.path().join("Winter League Cup.tdf.before-roster")).expect("kept"),
        read(CREATED)
    );
    // The second time nobody is new: the file is not written.
    let again = dispatch(&mut desk, "tom_roster", json!({ "path": tdf })).expect("again");
    assert_eq!(again["changed"], false);
    // A file that is not there is an input problem with its path.
    let missing = dispatch(
        &mut desk,
        "tom_roster",
        json!({ "path": dir.path().join("nowhere.tdf") }),
    )
    .expect_err("missing");
    assert_eq!(missing.kind(), ErrorKind::Io);
}

#[test]
fn ids_are_compared_as_numbers_and_typed_on_any_keyboard() {
    let original = read(AFTER_ROUND_2);
    let roster = write_roster(
        &original,
        &[
            // Already in TOM's file as 1000001, typed in full-width digits; the same ID with
            // a leading zero is the same person again.
            person("Ash Ketchum", Some("１０００００１")),
            person("Ash Zero", Some("01000001")),
            person("Serena Yvonne", Some("１０００１２３")),
            person("Serena Twice", Some("001000123")),
            person("Too Long", Some("1234567890123")),
        ],
        nine_thirty(),
    )
    .expect("roster");
    let ids = |players: &[tablekeeper_commands::formats::tom_roster::RosterPlayer]| {
        players.iter().map(|p| p.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&roster.already), ["1000001"]);
    assert_eq!(ids(&roster.added), ["1000123"]);
    let skipped: Vec<RosterSkip> = roster.skipped.iter().map(|s| s.reason).collect();
    assert_eq!(
        skipped,
        [
            RosterSkip::IdTwice,
            RosterSkip::IdTwice,
            RosterSkip::NotDigits
        ]
    );
    let back = tom::parse_created(&roster.bytes).expect("reads back");
    assert_eq!(back.players["1000123"], "Serena Yvonne");
}

#[test]
fn nobody_joins_an_event_tom_has_finalized() {
    let refused = write_roster(
        &read(FINAL),
        &[person("Serena Yvonne", Some("1000099"))],
        nine_thirty(),
    )
    .expect_err("finalized");
    assert_eq!(refused.kind(), ErrorKind::TomRoster);
    assert!(refused.message().text.contains("finalized"), "{refused:?}");
}

#[test]
fn a_team_events_roster_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"));
    let event = dir.path().join("teams.tkevent").display().to_string();
    dispatch(
        &mut desk,
        "create_event",
        json!({ "name": "Trios", "ruleset": "bushiroad-en", "planned_rounds": 3, "path": event, "team_size": 3 }),
    )
    .expect("create");
    let tdf = dir.path().join("cup.tdf");
    std::fs::copy(golden(CREATED), &tdf).expect("copy");
    let refused = dispatch(&mut desk, "tom_roster", json!({ "path": tdf })).expect_err("teams");
    assert_eq!(refused.kind(), ErrorKind::TomRoster);
    assert_eq!(std::fs::read(&tdf).expect("file"), read(CREATED));
}
