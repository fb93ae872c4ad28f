//! A damaged-file corpus: a small event truncated at many lengths, with single bytes
//! flipped all over it, and with rows tampered with through SQLite. Opening each copy
//! gives `damaged-file` naming a good backup, or exactly the original event — never a
//! different event that looks valid.

use std::path::{Path, PathBuf};

use rand::{RngExt, SeedableRng};
use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::{Event, PlayerDetails};

/// The original event with its backups folder, and its state.
struct Original {
    dir: tempfile::TempDir,
    event: Event,
    entries: usize,
}

fn original() -> Original {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("ev.tkevent");
    let mut session = Session::create(
        &path,
        CreateOptions {
            name: "Corpus".into(),
            ruleset: Some(RulesetSource::Embedded("bushiroad-ja".into())),
            planned_rounds: Some(3),
            standings_seed: Some(4),
            ..CreateOptions::default()
        },
    )
    .expect("create");
    let players = (0..9)
        .map(|n| PlayerDetails {
            name: format!("選手 {n}"),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("players");
    for round in 0..2u64 {
        session
            .pair_next_round(Some(round + 1), false)
            .expect("pair");
        for table in session.pairings(None).expect("pairings").tables {
            let result = if table.table % 2 == 0 { "a" } else { "b" };
            session
                .record_result(
                    None,
                    table.table,
                    parse_result(result, None).expect("r"),
                    false,
                )
                .expect("result");
        }
    }
    let event = session.event().clone();
    let entries = session.log().expect("log").len();
    drop(session);
    Original {
        dir,
        event,
        entries,
    }
}

impl Original {
    fn path(&self) -> PathBuf {
        self.dir.path().join("ev.tkevent")
    }

    fn bytes(&self) -> Vec<u8> {
        std::fs::read(self.path()).expect("read")
    }

    /// A copy of the event's folder with the event file replaced by `bytes`.
    fn damaged_copy(&self, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("tempdir");
        let backups = self.dir.path().join("ev.tkevent.backups");
        let copy_backups = dir.path().join("ev.tkevent.backups");
        std::fs::create_dir_all(&copy_backups).expect("mkdir");
        for entry in std::fs::read_dir(&backups).expect("backups").flatten() {
            std::fs::copy(entry.path(), copy_backups.join(entry.file_name())).expect("copy");
        }
        let path = dir.path().join("ev.tkevent");
        std::fs::write(&path, bytes).expect("write");
        (dir, path)
    }
}

/// Opens a damaged copy: it must be refused as damaged, naming a backup that exists, or be
/// the original event. Returns whether it was refused.
fn check(original: &Original, path: &Path, what: &str) -> bool {
    match Session::open(path) {
        Ok(session) => {
            assert_eq!(
                (session.event(), session.log().expect("log").len()),
                (&original.event, original.entries),
                "{what}: opened as a different event"
            );
            false
        }
        Err(error) => {
            assert_eq!(error.kind(), "damaged-file", "{what}: {error}");
            let message = error.to_string();
            let named = message
                .split("the newest good backup is ")
                .nth(1)
                .map(PathBuf::from)
                .unwrap_or_else(|| panic!("{what}: no backup named: {message}"));
            assert!(named.exists(), "{what}: {message}");
            assert!(
                Session::on_disk(&named).is_ok(),
                "{what}: the named backup does not open"
            );
            true
        }
    }
}

#[test]
fn truncated_copies_are_refused_or_whole() {
    let original = original();
    let bytes = original.bytes();
    let mut lengths: Vec<usize> = vec![0, 1, 15, 16, 50, 99, 100, 101, bytes.len() - 1];
    for page in (512..bytes.len()).step_by(512) {
        lengths.extend([page - 1, page, page + 1]);
    }
    let mut refused = 0;
    for length in lengths {
        let (_dir, path) = original.damaged_copy(&bytes[..length]);
        refused += usize::from(check(&original, &path, &format!("cut to {length} bytes")));
    }
    assert!(refused > 20, "truncations must be refused ({refused})");
}

#[test]
fn single_byte_flips_are_refused_or_harmless() {
    let original = original();
    let bytes = original.bytes();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut offsets: Vec<usize> = (0..100).collect();
    offsets.extend((0..700).map(|_| rng.random_range(0..bytes.len())));
    let mut refused = 0;
    for offset in offsets {
        let mut damaged = bytes.clone();
        damaged[offset] ^= rng.random_range(1..=255u8);
        let (_dir, path) = original.damaged_copy(&damaged);
        refused += usize::from(check(&original, &path, &format!("byte {offset} flipped")));
    }
    assert!(
        refused > 100,
        "flips in used bytes must be refused ({refused})"
    );
}

#[test]
fn rows_tampered_with_are_refused() {
    let original = original();
    let tampering = [
        "UPDATE action_log SET payload_json = replace(payload_json, '\"winner\":\"a\"', '\"winner\":\"b\"') WHERE seq = (SELECT MAX(seq) FROM action_log)",
        "UPDATE action_log SET recorded_at = CAST(X'FF20' AS TEXT) WHERE seq = 3",
        "UPDATE action_log SET recorded_at = 'yesterday' WHERE seq = 3",
        "DELETE FROM action_log WHERE seq = 5",
        "DELETE FROM action_log WHERE seq = (SELECT MAX(seq) FROM action_log)",
        "UPDATE action_log SET step = step + 1 WHERE seq = 4",
        "UPDATE action_log SET kind = 'drop-player' WHERE seq = 2",
        "UPDATE action_log SET checksum = 'x' WHERE seq = 1",
        "UPDATE event SET settings_json = replace(settings_json, 'Corpus', 'Other')",
        "UPDATE event SET log_rows = log_rows + 1",
        "UPDATE action_log SET reason = 'changed' WHERE seq = 2",
        "UPDATE action_log SET payload_json = '{\"action\":\"drop-player\",\"player\":99}', kind = 'drop-player' WHERE seq = (SELECT MAX(seq) FROM action_log)",
    ];
    for sql in tampering {
        let (_dir, path) = original.damaged_copy(&original.bytes());
        let conn = rusqlite::Connection::open(&path).expect("sqlite");
        conn.execute_batch(sql).expect(sql);
        conn.pragma_update(None, "journal_mode", "DELETE")
            .expect("checkpoint");
        drop(conn);
        assert!(check(&original, &path, sql), "{sql}: must be refused");
    }
}

/// A folder whose name is not valid UTF-8 (possible on Linux, e.g. a name written by an
/// old Japanese system in Shift-JIS) still gets its backups.
#[cfg(unix)]
#[test]
fn backups_are_written_in_a_folder_whose_name_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("tempdir");
    // "大会" in Shift-JIS.
    let folder = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"\x91\xE5\x89\xEF"));
    std::fs::create_dir_all(&folder).expect("mkdir");
    let path = folder.join("ev.tkevent");
    let mut session = Session::create(
        &path,
        CreateOptions {
            name: "Folder".into(),
            planned_rounds: Some(1),
            standings_seed: Some(1),
            ..CreateOptions::default()
        },
    )
    .expect("create");
    let players = (0..4)
        .map(|n| PlayerDetails {
            name: format!("P{n}"),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("players");
    session.pair_next_round(Some(1), false).expect("pair");
    assert!(session.take_notices().is_empty(), "no backup warning");
    assert!(
        !tablekeeper_commands::session::backups::list(&path)
            .expect("list")
            .is_empty()
    );
    let written: Vec<PathBuf> =
        std::fs::read_dir(tablekeeper_commands::session::backups::backup_dir(&path))
            .expect("backups folder")
            .flatten()
            .map(|e| e.path())
            .collect();
    assert!(!written.is_empty(), "a backup was written");
    for backup in written {
        assert!(Session::on_disk(&backup).is_ok(), "{}", backup.display());
    }
}
