//! Shared builders for the command-layer tests: an event with players, and finishing a
//! round, done the same way in every test file.

#![allow(dead_code)] // each test binary uses its own subset

use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::{CreateOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;

/// A new event file in `dir` with players "P1", "P2", … registered.
pub fn event(
    dir: &tempfile::TempDir,
    ruleset: &str,
    players: usize,
    planned_rounds: u32,
    seed: u64,
) -> Session {
    let options = CreateOptions {
        name: "Test".into(),
        ruleset: Some(RulesetSource::Embedded(ruleset.into())),
        title: None,
        planned_rounds: Some(planned_rounds),
        overrides: Vec::new(),
        standings_seed: Some(seed),
        ..CreateOptions::default()
    };
    let mut session = Session::create(&dir.path().join("event.tkevent"), options).expect("create");
    let names = (1..=players)
        .map(|n| PlayerDetails {
            name: format!("P{n}"),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(names).expect("players");
    session
}

/// Enters `result` at every open table of the current round.
pub fn finish_round(session: &mut Session, result: &str) {
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
            .record_result(
                None,
                table,
                parse_result(result, None).expect("parse"),
                false,
            )
            .expect("result");
    }
}

/// Pairs the next round with `seed` and seat A wins every table.
pub fn play_round(session: &mut Session, seed: u64) {
    session.pair_next_round(Some(seed), false).expect("pair");
    finish_round(session, "a");
}
