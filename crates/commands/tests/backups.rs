//! Automatic backups are written on a thread of their own after the command answers; each
//! copy must still be exactly the state it is named after, even when the next change is
//! stored before the copy is written.

use std::path::{Path, PathBuf};

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, Session};
use tablekeeper_engine::PlayerDetails;

fn backup_named(event: &Path, prefix: &str) -> PathBuf {
    let dir = tablekeeper_commands::session::backups::backup_dir(event);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("backups folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".tkevent"))
        })
        .collect();
    assert_eq!(found.len(), 1, "one {prefix} copy in {}", dir.display());
    found.remove(0)
}

#[test]
fn a_round_end_backup_is_the_round_as_it_ended_although_the_next_round_was_paired_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("ev.tkevent");
    let mut session = Session::create(
        &path,
        CreateOptions {
            name: "Backups".into(),
            planned_rounds: Some(3),
            standings_seed: Some(1),
            ..CreateOptions::default()
        },
    )
    .expect("create");
    let players = (0..40)
        .map(|n| PlayerDetails {
            name: format!("P{n:02}"),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(players).expect("players");
    session.pair_next_round(Some(1), false).expect("pair 1");
    for table in 1..=20 {
        let entry = parse_result("a", None).expect("result");
        session
            .record_result(None, table, entry, false)
            .expect("result");
    }
    // The last result ended round 1 and started its backup; round 2 is stored before that
    // copy is (probably) written.
    session.pair_next_round(Some(2), false).expect("pair 2");
    assert!(session.take_notices().is_empty(), "no backup warning");

    // Round 2's results in a burst: past another multiple of the rolling interval's steps,
    // but within a minute of the first rolling copy, so no second one.
    for table in 1..=20 {
        let entry = parse_result("b", None).expect("result");
        session
            .record_result(None, table, entry, false)
            .expect("result");
    }
    assert!(session.take_notices().is_empty(), "no backup warning");
    backup_named(&path, "rolling-");

    let (ended, _) = Session::on_disk(&backup_named(&path, "round-01-end")).expect("opens");
    assert_eq!(ended.rounds.len(), 1, "the round-end copy has round 1 only");
    assert!(ended.rounds[0].is_complete(), "with every result");
    let (started, _) = Session::on_disk(&backup_named(&path, "round-02-start")).expect("opens");
    assert_eq!(started.rounds.len(), 2, "the round-start copy has round 2");
    drop(session);
    let (now, _) = Session::on_disk(&path).expect("event opens");
    assert_eq!(now.rounds.len(), 2);
}
