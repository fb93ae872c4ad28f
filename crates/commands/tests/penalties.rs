//! Penalties and their effect on results and standings, tardiness thresholds, no-show
//! drops, deck data and the publisher report.

use crate::support;

use tablekeeper_commands::Session;
use tablekeeper_commands::formats::report;
use tablekeeper_commands::result_input::parse_result;
use tablekeeper_engine::model::{DeckCard, DeckData, PenaltyType, PlayerId, ResultEntry, Side};

fn points(session: &Session, player: u32) -> String {
    session
        .standings()
        .expect("standings")
        .rows
        .iter()
        .find(|r| r.player == player)
        .map(|r| r.points.clone())
        .unwrap_or_default()
}

#[test]
fn a_match_loss_penalty_decides_the_match_and_the_standings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bushiroad-en", 4);
    let pairings = session.pair_next_round(Some(1), false).expect("pair");
    let table = &pairings.tables[0];
    session
        .record_result(
            None,
            table.table,
            parse_result("a", None).expect("parse"),
            false,
        )
        .expect("A wins");
    // A judge gives seat A a loss of match: the result flips to B.
    session
        .record_penalty(
            &table.a.player.to_string(),
            None,
            PenaltyType::MatchLoss,
            "marked cards",
            None,
        )
        .expect("penalty");
    let round = &session.event().rounds[0];
    let m = round.match_at_table(table.table).expect("table");
    assert!(matches!(
        m.result.as_ref().map(|r| &r.entry),
        Some(ResultEntry::Penalty { .. })
    ));
    session
        .record_result(
            None,
            pairings.tables[1].table,
            parse_result("a", None).expect("parse"),
            false,
        )
        .expect("other table");
    assert_eq!(points(&session, table.b.player), "1");
    assert_eq!(points(&session, table.a.player), "0");
}

#[test]
fn cautions_and_warnings_change_no_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bushiroad-en", 4);
    let pairings = session.pair_next_round(Some(1), false).expect("pair");
    let player = pairings.tables[0].a.player.to_string();
    session
        .record_penalty(&player, None, PenaltyType::Caution, "slow shuffling", None)
        .expect("caution");
    session
        .record_penalty(
            &player,
            None,
            PenaltyType::Warning,
            "slow play",
            Some("second time".into()),
        )
        .expect("warning");
    assert!(
        session.event().rounds[0]
            .matches
            .iter()
            .all(|m| m.table.is_none() || m.result.is_none())
    );
    assert_eq!(session.penalties().len(), 2);
    let error = session
        .record_penalty(&player, None, PenaltyType::GameLoss, "x", None)
        .expect_err("not a Bushiroad penalty");
    assert_eq!(error.kind(), "invalid-penalty");
}

#[test]
fn a_game_loss_in_best_of_one_loses_the_match_but_not_in_best_of_three() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bandai = event(&dir, "bandai", 4);
    let pairings = bandai.pair_next_round(Some(1), false).expect("pair");
    let player = pairings.tables[0].b.player.to_string();
    bandai
        .record_penalty(
            &player,
            None,
            PenaltyType::GameLoss,
            "deck registration error",
            None,
        )
        .expect("game loss");
    let m = bandai.event().rounds[0]
        .match_at_table(pairings.tables[0].table)
        .expect("table");
    assert!(
        m.result.is_some(),
        "best of one: the game loss decides the match"
    );

    let dir = tempfile::tempdir().expect("tempdir");
    let mut crossover = event(&dir, "crossover", 4);
    let pairings = crossover.pair_next_round(Some(1), false).expect("pair");
    let player = pairings.tables[0].b.player.to_string();
    crossover
        .record_penalty(&player, None, PenaltyType::GameLoss, "late", None)
        .expect("game loss");
    let m = crossover.event().rounds[0]
        .match_at_table(pairings.tables[0].table)
        .expect("table");
    assert!(m.result.is_none(), "best of three: the match goes on");
    // The players then split the two games they play: the penalty game decides for A.
    let table = pairings.tables[0].table;
    crossover
        .record_result(
            None,
            table,
            parse_result("1-1", None).expect("parse"),
            false,
        )
        .expect("result");
    let m = crossover.event().rounds[0]
        .match_at_table(table)
        .expect("table");
    assert!(
        matches!(
            m.result.as_ref().map(|r| &r.entry),
            Some(ResultEntry::Win {
                winner: Side::A,
                ..
            })
        ),
        "{:?}",
        m.result
    );
    // A game loss given after a drawn result was entered changes it too.
    let other = pairings.tables[1].table;
    crossover
        .record_result(
            None,
            other,
            parse_result("1-1", None).expect("parse"),
            false,
        )
        .expect("draw");
    let loser = pairings.tables[1].a.player.to_string();
    crossover
        .record_penalty(&loser, Some(1), PenaltyType::GameLoss, "slow play", None)
        .expect("game loss");
    let m = crossover.event().rounds[0]
        .match_at_table(other)
        .expect("table");
    assert!(
        matches!(
            m.result.as_ref().map(|r| &r.entry),
            Some(ResultEntry::Win {
                winner: Side::B,
                ..
            })
        ),
        "{:?}",
        m.result
    );
}

/// 004 VIIII ("Player late for the round": "The late player will receive a game loss"), with
/// decision 20: in best of three a game loss is a game the opponent won, and the scorekeeper
/// enters the games played at the table. After seat A's game loss, `2-0` played is A's 2-1
/// win, `0-1` played is B's 2-0 win, and `2-1` (a score that already holds the penalty game:
/// 2-2 with it) is refused with what to enter instead, before and after the result.
#[test]
fn crossover_viiii_a_game_loss_is_a_game_won_and_the_games_played_are_entered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut crossover = event(&dir, "crossover", 8);
    let pairings = crossover.pair_next_round(Some(1), false).expect("pair");
    let late = |table: usize| pairings.tables[table].a.player.to_string();
    let games = |session: &Session, table: u32| match session.event().rounds[0]
        .match_at_table(table)
        .and_then(|m| m.result.as_ref())
        .map(|r| &r.entry)
    {
        Some(ResultEntry::Win {
            winner,
            games: Some(g),
            ..
        }) => Some((*winner, g.a, g.b)),
        other => panic!("not a win with games: {other:?}"),
    };
    for table in 0..3 {
        crossover
            .record_penalty(&late(table), None, PenaltyType::GameLoss, "tardiness", None)
            .expect("game loss");
    }
    let [first, second, third] = [0, 1, 2].map(|t| pairings.tables[t].table);
    let enter = |session: &mut Session, table: u32, score: &str| {
        session.record_result(
            None,
            table,
            parse_result(score, None).expect("parse"),
            false,
        )
    };
    enter(&mut crossover, first, "2-0").expect("2-0 played");
    assert_eq!(games(&crossover, first), Some((Side::A, 2, 1)));
    enter(&mut crossover, second, "0-1").expect("0-1 played");
    assert_eq!(games(&crossover, second), Some((Side::B, 0, 2)));
    let refused =
        enter(&mut crossover, third, "2-1").expect_err("2-1 already holds the penalty game");
    let view = refused.to_view();
    assert_eq!(view.kind.as_str(), "invalid-result");
    assert_eq!(view.key, "error.invalid-result.penalty-games-counted");
    assert_eq!(view.params.get("combined").map(String::as_str), Some("2-2"));
    assert!(
        crossover.event().rounds[0]
            .match_at_table(third)
            .and_then(|m| m.result.as_ref())
            .is_none(),
        "nothing recorded"
    );
    // The other way round: 2-1 entered first, then the game loss, is refused the same way
    // and leaves the result and the penalties as they were.
    let fourth = pairings.tables[3].table;
    enter(&mut crossover, fourth, "2-1").expect("2-1 played");
    let penalties = crossover.event().penalties.len();
    let refused = crossover
        .record_penalty(
            &pairings.tables[3].a.player.to_string(),
            Some(1),
            PenaltyType::GameLoss,
            "slow play",
            None,
        )
        .expect_err("the game loss would make 2-2");
    assert_eq!(
        refused.to_view().key,
        "error.invalid-result.penalty-games-counted"
    );
    assert_eq!(crossover.event().penalties.len(), penalties);
    assert_eq!(games(&crossover, fourth), Some((Side::A, 2, 1)));
}

#[test]
fn disqualification_mid_round_loses_the_match_and_drops_the_player() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bandai", 6);
    let pairings = session.pair_next_round(Some(1), false).expect("pair");
    let cheat = pairings.tables[1].a.player;
    session
        .record_penalty(
            &cheat.to_string(),
            None,
            PenaltyType::Disqualification,
            "cheating",
            None,
        )
        .expect("DQ");
    let player = session.event().player(PlayerId(cheat)).expect("player");
    assert!(player.disqualified && !player.is_active());
    let m = session.event().rounds[0]
        .match_at_table(pairings.tables[1].table)
        .expect("table");
    assert!(matches!(
        m.result.as_ref().map(|r| &r.entry),
        Some(ResultEntry::Penalty { .. })
    ));
    for table in [pairings.tables[0].table, pairings.tables[2].table] {
        session
            .record_result(None, table, parse_result("a", None).expect("parse"), false)
            .expect("result");
    }
    let next = session.pair_next_round(Some(2), false).expect("round 2");
    assert!(
        next.tables
            .iter()
            .all(|t| t.a.player != cheat && t.b.player != cheat),
        "not paired again"
    );
    let report = report::report(&session).expect("report");
    assert_eq!(report.disqualified, vec![format!("P{cheat}")]);
    assert!(report::text(&report).contains("disqualification"));
}

/// Decision 16: a late arrival's penalty keeps its minutes as data; the event file holds no
/// English ("tardiness (7 min)") and each host words it in its own language.
#[test]
fn a_tardiness_penalty_is_stored_as_minutes_not_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bandai = event(&dir, "bandai", 4);
    bandai.pair_next_round(Some(1), false).expect("pair");
    let penalty = bandai.tardiness_penalty(7).expect("a game loss");
    let recorded = bandai.record_tardiness("1", penalty, 7).expect("recorded");
    assert_eq!(
        (recorded.late_minutes, recorded.infraction.as_str()),
        (Some(7), "")
    );
    assert_eq!(recorded.infraction_message().text, "tardiness (7 min)");
    assert_eq!(
        tablekeeper_words::render(
            &recorded.infraction_message(),
            tablekeeper_words::Language::Ja
        ),
        "遅刻（7分）"
    );
    let step = bandai
        .history()
        .expect("history")
        .into_iter()
        .last()
        .expect("step");
    assert_eq!(step.reason, None);
    assert_eq!(
        tablekeeper_words::render(&step.description[0], tablekeeper_words::Language::Ja),
        format!("P1に{}（第1回戦）：遅刻（7分）", "ゲームの敗北"),
        "{:?}",
        step.description
    );
    let file = bandai.path().to_path_buf();
    drop(bandai);
    let db = rusqlite::Connection::open(&file).expect("open the file");
    let (payload, reason): (String, Option<String>) = db
        .query_row(
            "SELECT payload_json, reason FROM action_log WHERE kind = 'record-penalty'",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .expect("the penalty's step");
    assert!(payload.contains("\"late_minutes\":7"), "{payload}");
    assert!(!payload.contains("tardiness"), "{payload}");
    assert_eq!(reason, None);
}

/// Files written before the minutes were kept say "tardiness (12 min)": they read as 12
/// minutes late, worded in the host's language.
#[test]
fn an_older_tardiness_infraction_reads_as_minutes() {
    let record = tablekeeper_engine::model::PenaltyRecord {
        player: PlayerId(1),
        round: 1,
        penalty: PenaltyType::Warning,
        infraction: "tardiness (12 min)".into(),
        note: None,
        member: None,
        late_minutes: None,
    };
    assert_eq!(
        (record.late_minutes(), record.typed_infraction()),
        (Some(12), "")
    );
}

#[test]
fn bandai_7_4_2_seven_minutes_late_is_a_game_loss() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bandai = event(&dir, "bandai", 4);
    assert_eq!(bandai.tardiness_penalty(4), None);
    assert_eq!(
        bandai.tardiness_penalty(5),
        Some(PenaltyType::GameLoss),
        "5 or more"
    );
    assert_eq!(
        bandai.tardiness_penalty(7),
        Some(PenaltyType::GameLoss),
        "digest E12"
    );
    assert_eq!(bandai.tardiness_penalty(10), Some(PenaltyType::MatchLoss));
    drop(bandai);
    let dir = tempfile::tempdir().expect("tempdir");
    let crossover = event(&dir, "crossover", 4);
    assert_eq!(crossover.tardiness_penalty(5), None, "more than 5");
    assert_eq!(crossover.tardiness_penalty(6), Some(PenaltyType::GameLoss));
    assert_eq!(
        crossover.tardiness_penalty(11),
        Some(PenaltyType::MatchLoss)
    );
}

#[test]
fn crossover_viii_drops_a_player_after_two_missed_rounds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "crossover", 6);
    let mut absent: Option<u32> = None;
    for round in 1..=2u64 {
        let pairings = session.pair_next_round(Some(round), false).expect("pair");
        for table in &pairings.tables {
            let missing = absent.unwrap_or(table.b.player);
            let result = if table.a.player == missing {
                "noshow-a"
            } else if table.b.player == missing {
                "noshow-b"
            } else {
                "a"
            };
            if result != "a" {
                absent = Some(missing);
            }
            session
                .record_result(
                    None,
                    table.table,
                    parse_result(result, None).expect("parse"),
                    false,
                )
                .expect("result");
        }
        let player = session
            .event()
            .player(PlayerId(absent.expect("absent player")))
            .expect("player");
        assert_eq!(player.is_active(), round < 2, "round {round}");
    }
}

#[test]
fn deck_data_is_stored_and_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = event(&dir, "bandai", 4);
    let cards = tablekeeper_commands::formats::deck::parse_list(
        "number,name,count\nBT1-001,Koromon,4\nBT1-010,Agumon,4\n".as_bytes(),
    )
    .expect("list");
    assert_eq!(
        cards,
        vec![
            DeckCard {
                number: "BT1-001".into(),
                name: "Koromon".into(),
                count: 4
            },
            DeckCard {
                number: "BT1-010".into(),
                name: "Agumon".into(),
                count: 4
            },
        ]
    );
    let deck = DeckData {
        name: Some("Red Hybrid".into()),
        cards,
        ..DeckData::default()
    };
    let player = session.set_deck("P1", deck.clone()).expect("deck");
    assert_eq!(player.deck, Some(deck));
    let report = report::report(&session).expect("report");
    assert_eq!(report.decks.len(), 1);
    assert!(report::text(&report).contains("4 × BT1-010 Agumon"));
}

fn event(dir: &tempfile::TempDir, ruleset: &str, players: usize) -> Session {
    support::event(dir, ruleset, players, 4, 3)
}
