//! Shared builders for the command-layer tests: an event with players, and finishing a
//! round, done the same way in every test file.

#![allow(dead_code)] // each test binary uses its own subset

#[cfg(unix)]
pub mod private_cups;

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

/// A finished event of `players` at `path` (the `bandai` ruleset, `rounds` rounds, seat A
/// wins every table), as the library registers it: each player with the event they played.
pub fn finished_event(
    path: &std::path::Path,
    name: &str,
    seed: u64,
    rounds: u32,
    players: &[PlayerDetails],
) -> Vec<(
    tablekeeper_store::library::LibraryDetails,
    Vec<tablekeeper_store::library::Appearance>,
)> {
    let options = CreateOptions {
        name: name.to_string(),
        ruleset: Some(RulesetSource::Embedded("bandai".into())),
        planned_rounds: Some(rounds),
        standings_seed: Some(seed),
        ..CreateOptions::default()
    };
    let mut session = Session::create(path, options).expect("create");
    session.add_players(players.to_vec()).expect("players");
    for round in 0..u64::from(rounds) {
        play_round(&mut session, seed + round);
    }
    drop(session);
    registered(path, players)
}

/// `players` (the event's, in order) as the library registers them from the event at `path`.
pub fn registered(
    path: &std::path::Path,
    players: &[PlayerDetails],
) -> Vec<(
    tablekeeper_store::library::LibraryDetails,
    Vec<tablekeeper_store::library::Appearance>,
)> {
    let stored = tablekeeper_store::EventFile::load_read_only(path).expect("stored");
    let identity = tablekeeper_commands::session::identity::event_identity(
        &stored.created_at,
        stored.settings.standings_seed,
    );
    players
        .iter()
        .enumerate()
        .map(|(i, person)| {
            (
                tablekeeper_store::library::LibraryDetails {
                    person: person.clone(),
                    ..Default::default()
                },
                vec![tablekeeper_store::library::Appearance {
                    event: identity.clone(),
                    file: path.to_path_buf(),
                    event_name: stored.settings.name.clone(),
                    date: stored.created_at.clone(),
                    player: u32::try_from(i + 1).expect("small"),
                    ticket: None,
                }],
            )
        })
        .collect()
}

/// A finished one-round event of the shop in `dir`, two of its four players TCG+ members
/// (Taro 0000100001 and Alice 0000100005, as in the TCG+ golden files), the others not:
/// a league's shop event beside TCG+ files.
pub fn shop_event_with_tcgplus_members(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let mut session = event(dir, "bandai", 0, 1, 7);
    session.add_players(tcgplus_members()).expect("players");
    play_round(&mut session, 3);
    session.path().to_path_buf()
}

/// The players of [`shop_event_with_tcgplus_members`], in their order there: Taro and
/// Alice with their TCG+ membership numbers, P3 and P4 without.
pub fn tcgplus_members() -> Vec<PlayerDetails> {
    let with_id = |name: &str, id: Option<&str>| PlayerDetails {
        name: name.into(),
        publisher_id: id.map(str::to_string),
        ..PlayerDetails::default()
    };
    vec![
        with_id("Taro", Some("0000100001")),
        with_id("Alice", Some("0000100005")),
        with_id("P3", None),
        with_id("P4", None),
    ]
}

/// The season's row of the player named `name`.
pub fn season_row<'a>(
    season: &'a tablekeeper_commands::views::prizes::SeasonView,
    name: &str,
) -> &'a tablekeeper_commands::views::prizes::SeasonRowView {
    season
        .rows
        .iter()
        .find(|row| row.name == name)
        .unwrap_or_else(|| panic!("{name} is in the season: {:?}", season.rows))
}
