//! Undo/redo across a pairing, "back to before round N" with a preview, and result
//! corrections under the Bandai lock (002 §5.3, digest E9, decision 17).

use crate::support;

use crate::support::play_round;
use tablekeeper_commands::Session;
use tablekeeper_commands::result_input::parse_result;

#[test]
fn undo_and_redo_across_a_pairing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bushiroad-en", 8);
    play_round(&mut session, 1);
    let after_round_one = session.event().clone();
    session
        .pair_next_round(Some(2), false)
        .expect("pair round 2");
    let paired = session.event().clone();
    let undone = session.undo().expect("undo");
    assert!(
        undone.description.iter().any(|m| m.key == "history.paired"),
        "{:?}",
        undone.description
    );
    assert_eq!(session.event(), &after_round_one);
    let redone = session.redo().expect("redo");
    assert_eq!(redone.step, undone.step);
    assert_eq!(session.event(), &paired);
    // The file agrees after every step.
    assert_eq!(
        &Session::on_disk(session.path()).expect("read back").0,
        &paired
    );
    // Undo several steps, then a new change discards the redo.
    session.undo().expect("undo pairing");
    session.undo().expect("undo a result");
    assert_eq!(
        session.event().rounds[0]
            .matches
            .iter()
            .filter(|m| m.result.is_none())
            .count(),
        1
    );
    session
        .record_result(Some(1), 4, parse_result("b", None).expect("parse"), false)
        .expect("re-enter");
    assert_eq!(
        session.redo().expect_err("nothing to redo").kind(),
        "nothing-to-redo"
    );
    let history = session.history().expect("history");
    assert!(
        history.iter().any(|h| h.undone),
        "undone steps stay visible"
    );
    // The newest steps alone are the tail of the whole history, undone ones and undo
    // entries included (what the Results screen asks for).
    for count in [0, 1, 3, 5, history.len(), history.len() + 10] {
        let newest = session.history_newest(Some(count)).expect("newest");
        assert_eq!(
            newest,
            history[history.len().saturating_sub(count)..],
            "newest {count}"
        );
    }
    assert_eq!(
        &Session::on_disk(session.path()).expect("read back").0,
        session.event()
    );
}

#[test]
fn back_to_before_round_n_previews_then_discards() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bandai", 6);
    play_round(&mut session, 1);
    play_round(&mut session, 2);
    play_round(&mut session, 3);
    let before = session.event().clone();
    let preview = session.back_to_round(2, false).expect("preview");
    assert_eq!(session.event(), &before, "a preview changes nothing");
    assert!(
        preview.len() >= 2 * 3 + 2,
        "round 2 and 3 pairings and results: {preview:?}"
    );
    let done = session.back_to_round(2, true).expect("go back");
    let steps = |items: &[tablekeeper_commands::HistoryItem]| {
        items.iter().map(|i| i.step).collect::<Vec<_>>()
    };
    assert_eq!(
        steps(&done),
        steps(&preview),
        "the preview listed exactly what was undone"
    );
    assert!(done.iter().all(|i| i.undone) && preview.iter().all(|i| !i.undone));
    assert_eq!(session.event().rounds.len(), 1);
    assert!(session.event().rounds[0].is_complete());
    assert_eq!(
        &Session::on_disk(session.path()).expect("read back").0,
        session.event()
    );
    assert_eq!(
        session
            .back_to_round(4, false)
            .expect_err("not paired")
            .kind(),
        "unknown-round"
    );
}

#[test]
fn bandai_5_3_round_2_results_lock_when_round_4_is_paired() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bandai", 8);
    play_round(&mut session, 1);
    play_round(&mut session, 2);
    session.pair_next_round(Some(3), false).expect("round 3");
    // Round 3 in progress: round 2 is still editable, with a note about round 3.
    let corrected = session
        .correct_result(2, 1, parse_result("b", None).expect("parse"), None)
        .expect("correct round 2");
    assert!(
        corrected
            .warnings
            .iter()
            .any(|w| w.text.contains("round 3")),
        "{:?}",
        corrected.warnings
    );
    // Round 1 is locked now that round 3 is paired.
    let error = session
        .correct_result(1, 1, parse_result("b", None).expect("parse"), None)
        .expect_err("locked");
    assert_eq!(error.kind(), "result-locked");
    let log_length = session.log().expect("log").len();
    assert_eq!(
        Session::on_disk(session.path()).expect("read back").1,
        log_length,
        "refusal wrote nothing"
    );
    // An override needs a reason, then works and is logged.
    let error = session
        .correct_result(1, 1, parse_result("b", None).expect("parse"), Some(" "))
        .expect_err("no reason");
    assert_eq!(error.kind(), "reason-required");
    session
        .correct_result(
            1,
            1,
            parse_result("b", None).expect("parse"),
            Some("judge ruling"),
        )
        .expect("override");
    assert_eq!(
        session
            .log()
            .expect("log")
            .last()
            .and_then(|l| l.reason.as_deref()),
        Some("judge ruling")
    );
    // Finish round 3, pair round 4: round 2 locks.
    let open: Vec<u32> = session
        .pairings(None)
        .expect("pairings")
        .tables
        .iter()
        .filter(|t| t.result.is_none())
        .map(|t| t.table)
        .collect();
    for table in open {
        session
            .record_result(None, table, parse_result("a", None).expect("parse"), false)
            .expect("result");
    }
    session.pair_next_round(Some(4), false).expect("round 4");
    let error = session
        .correct_result(2, 2, parse_result("b", None).expect("parse"), None)
        .expect_err("locked");
    assert_eq!(error.kind(), "result-locked");
}

#[test]
fn rulesets_without_a_lock_allow_corrections_any_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bushiroad-en", 6);
    play_round(&mut session, 1);
    play_round(&mut session, 2);
    play_round(&mut session, 3);
    session
        .correct_result(1, 1, parse_result("draw", None).expect("parse"), None)
        .expect("correct round 1");
}

fn event(dir: &tempfile::TempDir, ruleset: &str, players: usize) -> Session {
    support::event(dir, ruleset, players, 5, 8)
}
