//! The mirror folder: every committed step reaches the mirror (the newest one written after
//! each command, on the mirror's own thread), the mirror opens as the event on any laptop,
//! and a folder that disappears mid-event (a stick pulled out) is a warning said once, never
//! a refused command; the copy left there is the last whole one, and the mirror is whole
//! again with the next step once the folder is back.

use crate::support;

use tablekeeper_commands::Session;

/// The mirror's file for `session` in `folder`, read as another laptop would.
fn mirrored(folder: &std::path::Path, session: &Session) -> (tablekeeper_engine::Event, usize) {
    let name = session.path().file_name().expect("a file name");
    Session::on_disk(&folder.join(name)).expect("the mirror opens as an event")
}

#[test]
fn every_step_reaches_the_mirror_and_it_opens_as_the_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let mut session = support::event(&dir, "bushiroad-en", 12, 3, 7);
    let started = session.set_mirror(Some(stick.path())).expect("a mirror");
    assert_eq!(
        started.folder.as_deref(),
        Some(stick.path().to_str().expect("utf-8"))
    );
    for round in 1..=3 {
        session.pair_next_round(Some(round), false).expect("pair");
        support::finish_round(&mut session, "a");
        // Each command returns at once; the copy is settled here to compare step by step.
        assert!(session.take_notices().is_empty(), "no mirror warning");
        let view = session.mirror_view();
        assert_eq!(
            view.step, view.newest,
            "the mirror holds the newest step: {view:?}"
        );
        let (copy, rows) = mirrored(stick.path(), &session);
        let (event, event_rows) = Session::on_disk(session.path()).expect("event");
        assert_eq!(rows, event_rows, "round {round}: every row mirrored");
        assert_eq!(copy.rounds.len(), event.rounds.len());
        assert!(copy.rounds.iter().all(|r| r.is_complete()));
    }
    // Undo is a step too.
    session.undo().expect("undo");
    session.take_notices();
    let (copy, _) = mirrored(stick.path(), &session);
    assert!(
        !copy.rounds[2].is_complete(),
        "the undone result is undone on the stick"
    );
}

#[test]
fn a_stick_pulled_out_is_said_once_and_the_mirror_is_whole_again_when_it_is_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let folder = stick.path().join("TABLEKEEPER");
    std::fs::create_dir(&folder).expect("folder");
    let mut session = support::event(&dir, "bandai", 8, 3, 11);
    session.set_mirror(Some(&folder)).expect("a mirror");
    session.pair_next_round(Some(1), false).expect("pair");
    session.take_notices();
    let before = session.mirror_view().step.expect("written");

    // The stick is pulled out: results still go in, each one saved on the laptop.
    std::fs::remove_dir_all(&folder).expect("pull the stick");
    support::finish_round(&mut session, "a");
    let notices = session.take_notices();
    assert_eq!(notices.len(), 1, "said once: {notices:?}");
    assert_eq!(notices[0].key, "notice.mirror-failed");
    let view = session.mirror_view();
    assert!(view.problem.is_some(), "{view:?}");
    assert_eq!(view.step, Some(before), "the last whole copy is remembered");
    session
        .pair_next_round(Some(2), false)
        .expect("the day goes on");
    assert!(session.take_notices().is_empty(), "not said again");

    // Plugged back in: the next step writes the whole event again, and says so.
    std::fs::create_dir(&folder).expect("plug the stick back in");
    support::finish_round(&mut session, "b");
    let notices = session.take_notices();
    assert_eq!(
        notices.iter().map(|n| n.key.as_str()).collect::<Vec<_>>(),
        ["notice.mirror-back"]
    );
    let view = session.mirror_view();
    assert_eq!((view.step, view.problem), (view.newest, None));
    let (copy, _) = mirrored(&folder, &session);
    assert_eq!(copy.rounds.len(), 2);
    assert!(copy.rounds[1].is_complete());
}

#[test]
fn a_mirror_folder_that_is_not_there_is_refused_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = support::event(&dir, "bandai", 4, 3, 1);
    let missing = dir.path().join("no stick here");
    let error = session.set_mirror(Some(&missing)).expect_err("refused");
    assert_eq!(error.kind(), tablekeeper_words::ErrorKind::FileNotFound);
    let error = session
        .set_mirror(Some(dir.path()))
        .expect_err("the event's own folder");
    assert_eq!(error.kind(), tablekeeper_words::ErrorKind::InvalidRequest);
    assert_eq!(session.mirror_view().folder, None);
}

#[test]
fn two_events_of_the_same_file_name_keep_their_own_copies() {
    let stick = tempfile::tempdir().expect("stick");
    let (one, two) = (
        tempfile::tempdir().expect("one"),
        tempfile::tempdir().expect("two"),
    );
    let mut first = support::event(&one, "bandai", 4, 3, 1);
    let mut second = support::event(&two, "bandai", 6, 3, 2);
    first.set_mirror(Some(stick.path())).expect("first mirror");
    first.take_notices();
    let view = second
        .set_mirror(Some(stick.path()))
        .expect("second mirror");
    second.take_notices();
    let (a, b) = (
        first.mirror_view().file.expect("a file"),
        view.file.expect("a file"),
    );
    assert_ne!(a, b, "each event its own copy");
    assert_eq!(
        Session::on_disk(a.as_ref()).expect("first").0.players.len(),
        4
    );
    assert_eq!(
        Session::on_disk(b.as_ref())
            .expect("second")
            .0
            .players
            .len(),
        6
    );
}

#[test]
fn a_reader_of_an_earlier_step_never_puts_it_over_the_newer_copy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let mut writer = support::event(&dir, "bandai", 8, 3, 5);
    writer.set_mirror(Some(stick.path())).expect("a mirror");
    writer.take_notices();
    // A reader (another process's command line, the event held by the writer) opens the
    // event now, at this step.
    let mut reader = Session::open(writer.path()).expect("opens for reading");
    assert!(reader.read_only().is_some(), "the writer holds the event");
    let read_at = reader.mirror_view().newest;
    writer.pair_next_round(Some(1), false).expect("pair");
    support::finish_round(&mut writer, "a");
    writer.take_notices();
    let newest = writer.mirror_view().step.expect("written");
    assert!(Some(newest) > read_at);
    // The reader mirrors what it read: the stick keeps the newer copy, and the reader is
    // told the step the stick holds (an earlier pinned state against a later copy is
    // `crates/store/tests/event_file.rs`).
    reader.set_mirror(Some(stick.path())).expect("a mirror");
    reader.take_notices();
    assert_eq!(reader.mirror_view().step, Some(newest));
    let (copy, rows) = mirrored(stick.path(), &writer);
    let (_, event_rows) = Session::on_disk(writer.path()).expect("event");
    assert_eq!(rows, event_rows, "the newer copy stays");
    assert!(copy.rounds[0].is_complete());
}

#[test]
fn a_mirror_started_says_the_step_the_stick_already_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stick = tempfile::tempdir().expect("stick");
    let mut session = support::event(&dir, "bandai", 8, 3, 9);
    session.set_mirror(Some(stick.path())).expect("a mirror");
    session.pair_next_round(Some(1), false).expect("pair");
    session.take_notices();
    let held = session.mirror_view().step;
    let path = session.path().to_path_buf();
    drop(session);
    // Another run (the next command line) starts its mirror: before writing anything it
    // knows the step on the stick, so a copy that then fails names it.
    let mut again = Session::open(&path).expect("opens");
    let copy = stick.path().join(path.file_name().expect("name"));
    let started = again.set_mirror(Some(stick.path())).expect("a mirror");
    assert_eq!(started.step, held, "{started:?}");
    assert!(copy.exists());
}
