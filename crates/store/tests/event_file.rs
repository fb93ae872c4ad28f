//! The event file refuses foreign, newer and missing files without touching them, and
//! stores actions durably in order.

use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, EventSettings, PlayerDetails};
use tablekeeper_store::{Access, Entry, EventFile, LATEST_SCHEMA_VERSION, ReadOnlyReason};

const NOW: &str = "2026-11-22T10:00:00.000+09:00";

fn settings() -> EventSettings {
    EventSettings {
        name: "Test".into(),
        planned_rounds: 3,
        standings_seed: 1,
        title: None,
        ..EventSettings::default()
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
    file.append(&entries, None, NOW).expect("append");
    drop(file);
    let (reopened, stored) = EventFile::open(&path).expect("open");
    assert_eq!(reopened.load().expect("load").rows, stored.rows);
    assert_eq!(stored.settings, settings());
    assert_eq!(stored.ruleset.id, "bandai");
    assert_eq!(
        stored
            .actions()
            .expect("entries parse")
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
    let error = EventFile::create(&path, &settings(), &ruleset, NOW)
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
    // A newer Tablekeeper adds something (here a table) and raises the version.
    let conn = rusqlite::Connection::open(&path).expect("sqlite");
    conn.execute("CREATE TABLE from_the_future (x TEXT)", [])
        .expect("newer table");
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

#[test]
fn a_second_process_reads_but_cannot_write_and_is_told_who_holds_the_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, first) = create(&dir);
    // Another open of the same file (as a second process would) reads it; a change is
    // refused and the message names the holder.
    let (mut second, _) = EventFile::open(&path).expect("opens for reading");
    assert!(matches!(
        second.access(),
        Access::ReadOnly(ReadOnlyReason::InUse { .. })
    ));
    let error = second
        .append(&[register("Late")], None, NOW)
        .expect_err("must refuse");
    assert_eq!(error.kind(), "file-in-use");
    assert!(
        error
            .to_string()
            .contains(&format!("process {}", std::process::id())),
        "{error}"
    );
    drop(second);
    drop(first);
    let (reopened, _) = EventFile::open(&path).expect("released when the holder closes");
    assert_eq!(reopened.access(), &Access::Write);
}

fn register(name: &str) -> Entry {
    Entry::Action {
        action: Action::RegisterPlayer(PlayerDetails {
            name: name.into(),
            ..PlayerDetails::default()
        }),
    }
}

/// Builds a schema-1 file exactly as version 0.1 (schema 1) wrote it.
fn schema_one_file(path: &std::path::Path) {
    let mut conn = rusqlite::Connection::open(path).expect("sqlite");
    conn.pragma_update(None, "application_id", 0x544B_4556)
        .expect("app id");
    tablekeeper_store::migrations()
        .to_version(&mut conn, 1)
        .expect("schema 1");
    let ruleset = catalogue::ruleset("bandai").expect("ruleset");
    let settings = serde_json::to_string(&settings()).expect("settings");
    conn.execute(
        "INSERT INTO event (singleton, created_at, app_version, settings_json, ruleset_id, ruleset_toml) VALUES (1, '2026-11-01T09:00:00.000+09:00', '0.1.0', ?1, 'bandai', ?2)",
        rusqlite::params![settings, ruleset.source_text],
    )
    .expect("event row");
    for name in ["Ann", "Bob"] {
        let payload = format!(r#"{{"action":"register-player","name":"{name}"}}"#);
        conn.execute(
            "INSERT INTO action_log (recorded_at, kind, payload_json, reason) VALUES ('2026-11-01T09:00:00.000+09:00', 'register-player', ?1, NULL)",
            rusqlite::params![payload],
        )
        .expect("action row");
    }
}

#[test]
fn every_released_schema_migrates_to_the_current_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("v1.tkevent");
    schema_one_file(&path);
    let (_file, stored) = EventFile::open(&path).expect("schema 1 opens and migrates");
    assert_eq!(stored.rows.len(), 2);
    // Schema 1 rows had no step: each becomes its own step, in order.
    let steps: Vec<i64> = stored.rows.iter().map(|a| a.step).collect();
    assert_eq!(steps, vec![1, 2]);
    let version: i64 = rusqlite::Connection::open(&path)
        .expect("sqlite")
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .expect("version");
    assert_eq!(version, LATEST_SCHEMA_VERSION);
}

#[test]
fn a_damaged_file_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (path, mut file) = create(&dir);
    let actions: Vec<Entry> = (0..200)
        .map(|n| Entry::Action {
            action: Action::RegisterPlayer(PlayerDetails {
                name: format!("Player {n}"),
                ..PlayerDetails::default()
            }),
        })
        .collect();
    file.append(&actions, None, NOW).expect("append");
    drop(file);
    // Checkpoint the WAL into the main file, then scribble over a page in the middle.
    let conn = rusqlite::Connection::open(&path).expect("sqlite");
    conn.pragma_update(None, "journal_mode", "DELETE")
        .expect("checkpoint");
    drop(conn);
    let mut bytes = std::fs::read(&path).expect("read");
    assert!(bytes.len() > 3 * 4096, "several pages");
    // Scribble over the middle of every page after the header page.
    let pages = bytes.len() / 4096;
    for page in 1..pages {
        for byte in &mut bytes[page * 4096 + 200..page * 4096 + 3800] {
            *byte = 0xA5;
        }
    }
    std::fs::write(&path, &bytes).expect("write");
    let error = EventFile::open(&path).err().expect("must refuse");
    assert_eq!(error.kind(), "damaged-file", "{error}");
    assert_eq!(std::fs::read(&path).expect("read"), bytes, "never modified");
}

/// A mirror kept by several processes: an earlier step pinned by a reader never replaces
/// a copy holding a later step of the same history, unless the copy is replaced on purpose
/// (a restore); a copy of another event, or none, is written.
#[test]
fn a_mirror_never_goes_back_to_an_earlier_step_unless_told_to() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let (path, mut file) = create(&dir);
    let copy = stick.path().join("event.tkevent");
    let steps = |path: &std::path::Path| {
        EventFile::load_read_only(path)
            .expect("a whole file")
            .rows
            .last()
            .map_or(0, |row| row.step)
    };
    let empty = file.pin().expect("pin");
    file.append(&[register("Ann")], None, NOW).expect("append");
    let earlier = file.pin().expect("pin");
    file.append(&[register("Bo")], None, NOW).expect("append");
    file.append(&[register("Cy")], None, NOW).expect("append");
    let later = file.pin().expect("pin");
    assert_eq!((earlier.head().0, later.head().0), (1, 3));
    assert_eq!(later.mirror_to(&copy, false).expect("written"), 3);
    assert_eq!(steps(&copy), 3);
    // Pinned before the later steps: the stick's copy already holds it, and stays.
    assert_eq!(earlier.mirror_to(&copy, false).expect("kept"), 3);
    assert_eq!(empty.mirror_to(&copy, false).expect("kept"), 3);
    assert_eq!(steps(&copy), 3);
    // A restore's earlier state replaces it on purpose.
    assert_eq!(earlier.mirror_to(&copy, true).expect("replaced"), 1);
    assert_eq!(steps(&copy), 1);
    // A pin names its own snapshot, not the file's head when it was opened: a later pin
    // then writes over the earlier copy.
    assert_eq!(later.mirror_to(&copy, false).expect("written"), 3);
    assert_eq!(steps(&copy), 3);
    // Nothing but the copy and its lock is left on the stick: no writer's temporary file.
    let mut left: Vec<String> = std::fs::read_dir(stick.path())
        .expect("list")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, [".event.tkevent.copy-lock", "event.tkevent"]);
    drop(path);
}
