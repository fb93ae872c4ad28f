//! Manual pairing changes need a reason, are logged, warn about what they break, never
//! touch tables with results; and every pairer-made round regenerates exactly from its
//! stored seed.

use crate::support;

use tablekeeper_commands::Session;

#[test]
fn swap_needs_a_reason_is_logged_and_warns() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, 8);
    session.pair_next_round(Some(1), false).expect("round 1");
    finish_round(&mut session);
    let round2 = session.pair_next_round(Some(2), false).expect("round 2");
    let (top, bottom) = (&round2.tables[0], &round2.tables[3]);
    let error = session
        .swap_players(
            &top.a.player.to_string(),
            &bottom.a.player.to_string(),
            "  ",
        )
        .expect_err("no reason");
    assert_eq!(error.kind(), "reason-required");
    let changed = session
        .swap_players(
            &top.a.player.to_string(),
            &bottom.a.player.to_string(),
            "seating request",
        )
        .expect("swap");
    assert_eq!(changed.tables[0].a.player, bottom.a.player);
    assert_eq!(changed.tables[3].a.player, top.a.player);
    assert!(
        changed
            .warnings
            .iter()
            .any(|w| w.text.contains("different points")),
        "{:?}",
        changed.warnings
    );
    let path = session.path().to_path_buf();
    let expected = session.event().clone();
    drop(session);
    let reopened = Session::open(&path).expect("reopen");
    assert_eq!(
        reopened
            .log()
            .expect("log")
            .last()
            .and_then(|l| l.reason.as_deref()),
        Some("seating request")
    );
    assert_eq!(reopened.event(), &expected);
}

#[test]
fn give_bye_and_repair_before_results_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, 7);
    let round1 = session.pair_next_round(Some(3), false).expect("round 1");
    let holder = round1.byes[0].player;
    let other = round1.tables[0].a.player;
    let changed = session
        .swap_players(&other.to_string(), &holder.to_string(), "leaves early")
        .expect("move bye");
    assert_eq!(changed.byes[0].player, other);
    let repaired = session
        .repair_round(Some(42), false, "start over")
        .expect("repair");
    assert_eq!(repaired.pairing_seed, "42");
    finish_round(&mut session);
    let error = session
        .repair_round(Some(43), false, "too late")
        .expect_err("results exist");
    assert_eq!(error.kind(), "results-exist");
}

#[test]
fn pairer_rounds_regenerate_exactly_from_their_seed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, 11);
    for round in 1..=4u64 {
        session
            .pair_next_round(Some(round * 31), false)
            .expect("pair");
        finish_round(&mut session);
    }
    for round in 1..=4 {
        let explanation = session.explain(Some(round)).expect("explain");
        assert!(
            explanation.regenerated_identically,
            "round {round} did not regenerate"
        );
        assert!(explanation.bye.is_some(), "11 players: a bye every round");
    }
}

fn event(dir: &tempfile::TempDir, players: usize) -> Session {
    support::event(dir, "bandai", players, 4, 5)
}

fn finish_round(session: &mut Session) {
    support::finish_round(session, "a");
}
