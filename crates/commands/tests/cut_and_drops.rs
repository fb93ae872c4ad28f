//! Drops after pairing, cut-line draws, single-elimination
//! events and their archives (the archive replays to the identical event and carries the
//! bracket), and the desktop requests for a planned cut and the finals.

use tablekeeper_commands::desk::{
    CreateEventRequest, CutRequest, Desk, Finals, PairRequest, surface,
};
use tablekeeper_commands::formats::archive::{self, Archive};
use tablekeeper_commands::result_input::parse_result;
use tablekeeper_commands::vocabulary::{PlayerState, ResultKind};
use tablekeeper_commands::{CreateOptions, CutOptions, RulesetSource, Session};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::DropTiming;
use tablekeeper_engine::rules::structure::Structure;

fn session(
    dir: &std::path::Path,
    ruleset: &str,
    players: usize,
    options: CreateOptions,
) -> Session {
    let options = CreateOptions {
        name: "Cuts and drops".into(),
        ruleset: Some(RulesetSource::Embedded(ruleset.into())),
        standings_seed: Some(4),
        ..options
    };
    let mut session =
        Session::create(&dir.join(format!("{ruleset}.tkevent")), options).expect("create");
    let names = (0..players)
        .map(|n| PlayerDetails {
            name: format!("P{n}"),
            ..PlayerDetails::default()
        })
        .collect();
    session.add_players(names).expect("players");
    session
}

/// Seat A wins every open table of the current round.
fn finish(session: &mut Session) {
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
            .record_result(None, table, parse_result("a", None).expect("a"), false)
            .expect("result");
    }
}

fn round_trip(session: &Session, dir: &std::path::Path) -> Archive {
    let exported = archive::export(session).expect("export");
    let text = serde_json::to_string(&exported).expect("json");
    let parsed: Archive = serde_json::from_str(&text).expect("parse back");
    assert_eq!(parsed, exported);
    assert_eq!(&archive::replay(&parsed).expect("replay"), session.event());
    let copy = archive::import(&parsed, &dir.join("copy.tkevent")).expect("import");
    assert_eq!(copy.event(), session.event());
    exported
}

/// RULESETS.md decision 35 and a cut-line draw (docs/decisions.md 32, 36): the archive
/// replays the drop-after-pairing results, the withdrawn bye and the recorded draw exactly,
/// and lists the bracket rounds after the Swiss rounds.
#[test]
fn drops_after_pairing_and_a_cut_draw_survive_the_archive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = session(
        dir.path(),
        "bushiroad-en",
        9,
        CreateOptions {
            planned_rounds: Some(2),
            ..CreateOptions::default()
        },
    );
    let round = session.pair_next_round(Some(1), false).expect("round 1");
    let bye = round.byes[0].player;
    let leaver = round.tables[0].b.player;
    session.drop_player(&bye.to_string()).expect("drop the bye");
    session
        .drop_player(&leaver.to_string())
        .expect("drop after pairing");
    finish(&mut session);
    let bracket = session
        .start_cut(CutOptions {
            size: 2,
            seed: Some(9),
            ..CutOptions::default()
        })
        .expect("cut");
    assert!(
        bracket.draw.is_some(),
        "the four winners are tied on the line"
    );
    assert_eq!(bracket.warnings.len(), 1, "round 2 was not played");
    let exported = round_trip(&session, dir.path());
    assert_eq!(
        exported.rounds.len(),
        2,
        "the Swiss round and the first bracket round"
    );
    assert!(exported.rounds[1].bracket_round.is_some());
    let stored = exported.bracket.expect("the bracket");
    assert_eq!(stored.draw, bracket.draw);
    let withdrawn = &exported.rounds[0].byes[0];
    assert_eq!(withdrawn.points.as_deref(), Some("0"));
    assert_eq!(
        withdrawn.result.as_ref().map(|r| r.kind),
        Some(ResultKind::WithdrawnBye)
    );
    let drops: Vec<Option<DropTiming>> = exported
        .players
        .iter()
        .filter(|p| p.status == PlayerState::Dropped)
        .map(|p| p.drop)
        .collect();
    assert_eq!(drops, vec![Some(DropTiming::AfterPairing); 2]);
}

/// docs/decisions.md 34: a single-elimination event's archive carries its bracket rounds.
#[test]
fn a_single_elimination_event_survives_the_archive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = session(
        dir.path(),
        "fow",
        5,
        CreateOptions {
            structure: Structure::SingleElimination,
            ..CreateOptions::default()
        },
    );
    loop {
        session.pair_next_round(Some(3), false).expect("pair");
        finish(&mut session);
        if session
            .bracket()
            .expect("bracket")
            .is_some_and(|b| b.next == "finished")
        {
            break;
        }
    }
    let exported = round_trip(&session, dir.path());
    assert_eq!(exported.rounds.len(), 3, "5 players: 3, 2, then the final");
    let bracket = exported.bracket.expect("bracket");
    assert!(bracket.random_each_round && bracket.champion.is_some());
    assert_eq!(session.summary().rounds_paired, 3);
}

/// The desktop requests: a planned cut at creation, and the finals chosen or left to the
/// ruleset (FoW one-game finals: double elimination, 003 §6b-vi).
#[test]
fn the_desktop_plans_a_cut_and_chooses_the_finals() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"));
    let request = |structure: Option<&str>, name: &str| CreateEventRequest {
        path: Some(dir.path().join(format!("{name}.tkevent"))),
        name: name.into(),
        title: None,
        ruleset: Some("fow".into()),
        ruleset_file: None,
        overrides: Vec::new(),
        standings_seed: None,
        planned_rounds: Some(3),
        structure: structure.and_then(tablekeeper_engine::rules::structure::Structure::from_id),
        elimination_finalists: None,
        min_rounds: None,
        team_size: None,
        planned_cut: Some(4),
        first_table: None,
    };
    let created = desk.create_event(request(None, "finals")).expect("create");
    assert_eq!(created.planned_cut, 4);
    assert_eq!(created.recommended_finals, Finals::DoubleElimination);
    desk.add_players(tablekeeper_commands::desk::AddPlayersRequest {
        names: (1..=6).map(|n| format!("P{n}")).collect(),
        players: Vec::new(),
    })
    .expect("players");
    for _ in 0..3 {
        let round = desk
            .pair_round(PairRequest {
                allow_rematches: true,
                seed: None,
                order: None,
            })
            .expect("pair");
        for table in round.tables {
            desk.record_result(tablekeeper_commands::desk::ResultRequest {
                round: None,
                table: table.table,
                result: "a".into(),
                replace: false,
                override_reason: None,
                graded_reason: None,
            })
            .expect("result");
        }
    }
    let cut = |finals: Option<Finals>| CutRequest {
        size: 0,
        third_place: false,
        excluded: Vec::new(),
        finals,
        method: None,
        seed: None,
    };
    // An unknown word never reaches the desk: the request itself does not read.
    let bogus = surface::dispatch(
        &mut desk,
        "start_cut",
        serde_json::json!({"size": 0, "third_place": false, "excluded": [], "finals": "triple"}),
    )
    .expect_err("unknown finals");
    assert_eq!(bogus.kind(), "invalid-request");
    let single = desk
        .start_cut(cut(Some(Finals::SingleElimination)))
        .expect("single");
    assert!(!single.double);
    assert_eq!(single.size, 4, "the planned cut");
    desk.undo(()).expect("undo the cut");
    let default = desk.start_cut(cut(None)).expect("the ruleset's finals");
    assert!(default.double);
}
