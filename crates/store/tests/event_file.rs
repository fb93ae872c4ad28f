//! The event file refuses foreign, newer and missing files without touching them, and
//! stores actions durably in order.

use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, EventSettings, PlayerDetails};
use tablekeeper_store::{Entry, EventFile, LATEST_SCHEMA_VERSION};

fn settings() -> EventSettings {
    EventSettings {
        name: "Test".into(),
        planned_rounds: 3,
        standings_seed: 1,
        title: None,
    }
}

fn create(dir: &tempfile::TempDir) -> (std::path::PathBuf, EventFile) {
    let path = dir.path().join("event.tkevent");
    let ruleset = catalogue::ruleset("bandai").expect("ruleset");
    let file = EventFile::create(&path, &settings(), &ruleset, "2026-11-22T10:00:00+09:00")
        .expect("create");
    (path, file)
}

#[test]
fn actions_round_trip_in_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, mut file) = create(&dir);
    let actions: Vec<Action> = ["Ann", "佐藤 花子"]
        .iter()
        .map(|n| {
            Action::RegisterPlayer(PlayerDetails {
                name: (*n).into(),
                ..PlayerDetails::default()
            })
        })
        .collect();
    let entries: Vec<Entry> = actions
        .iter()
        .cloned()
        .map(|action| Entry::Action { action })
        .collect();
    file.append(&entries, None, "now").expect("append");
    drop(file);
    let reopened = EventFile::open(&path).expect("open");
    let stored = reopened.load().expect("load");
    assert_eq!(stored.settings, settings());
    assert_eq!(stored.ruleset.id, "bandai");
    assert_eq!(
        stored
            .actions
            .iter()
            .filter_map(|a| match &a.entry {
                Entry::Action { action } => Some(action.clone()),
                _ => None,
            })
            .collect::<Vec<_>>(),
        actions
    );
    assert_eq!(reopened.integrity_check().expect("check"), "ok");
}

#[test]
fn creating_over_an_existing_file_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, _file) = create(&dir);
    let ruleset = catalogue::ruleset("bandai").expect("ruleset");
    let error = EventFile::create(&path, &settings(), &ruleset, "now")
        .err()
        .expect("must refuse");
    assert_eq!(error.kind(), "file-exists");
}

#[test]
fn a_file_that_is_not_an_event_file_is_refused_and_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text_file = dir.path().join("notes.tkevent");
    std::fs::write(&text_file, b"players: Ann, Bob\n").expect("write");
    let error = EventFile::open(&text_file).err().expect("must refuse");
    assert_eq!(error.kind(), "not-an-event-file");
    assert_eq!(
        std::fs::read(&text_file).expect("read"),
        b"players: Ann, Bob\n"
    );

    let other_db = dir.path().join("other.sqlite");
    let conn = rusqlite::Connection::open(&other_db).expect("sqlite");
    conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .expect("sql");
    drop(conn);
    let before = std::fs::read(&other_db).expect("read");
    let error = EventFile::open(&other_db).err().expect("must refuse");
    assert_eq!(error.kind(), "not-an-event-file");
    assert_eq!(std::fs::read(&other_db).expect("read"), before);
}

#[test]
fn a_newer_schema_version_is_refused_and_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, file) = create(&dir);
    drop(file);
    let conn = rusqlite::Connection::open(&path).expect("sqlite");
    conn.pragma_update(None, "user_version", LATEST_SCHEMA_VERSION + 1)
        .expect("bump");
    conn.pragma_update(None, "journal_mode", "DELETE")
        .expect("checkpoint");
    drop(conn);
    let before = std::fs::read(&path).expect("read");
    let error = EventFile::open(&path).err().expect("must refuse");
    assert_eq!(error.kind(), "newer-version");
    assert!(error.to_string().contains("newer Tablekeeper"));
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn a_missing_file_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let error = EventFile::open(&dir.path().join("nope.tkevent"))
        .err()
        .expect("must refuse");
    assert_eq!(error.kind(), "file-not-found");
}
