//! Team events (tag 2, trio 3; 000 §3.3, 001 第3部第3章; RULESETS.md decision 9): teams are
//! paired and ranked like players, and a team match is decided by its seats.

use crate::support;

use tablekeeper_engine::model::{Outcome, PlayerId, ResultEntry, Seats, TeamSeat};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, Event, EventSettings, PlayerDetails, standings};

fn team_event(team_size: u8, teams: usize) -> Event {
    let settings = EventSettings {
        name: "teams".into(),
        planned_rounds: 3,
        standings_seed: 1,
        team_size,
        ..EventSettings::default()
    };
    let mut event = Event::new(
        settings,
        catalogue::ruleset("bushiroad-ja").expect("ruleset"),
    )
    .expect("event");
    for t in 0..teams {
        event
            .apply(&Action::RegisterPlayer(PlayerDetails {
                name: format!("Team {t}"),
                members: (0..team_size).map(|m| format!("T{t} member {m}")).collect(),
                ..PlayerDetails::default()
            }))
            .expect("register team");
    }
    event
}

fn team(seats: &[TeamSeat]) -> ResultEntry {
    ResultEntry::Team {
        seats: seats.to_vec(),
    }
}

/// Pairs round 1 and records `entry` at table 1 (and seat A's wins elsewhere).
fn first_table(event: &mut Event, entry: ResultEntry) -> (PlayerId, PlayerId) {
    let pairing = pair_next_round(event, 1, false).expect("pairing");
    let (a, b) = match pairing.seats[0] {
        Seats::Pair { a, b } => (a, b),
        Seats::Single { .. } => unreachable!("an even field"),
    };
    let size = usize::from(event.settings.team_size);
    let mut first = Some(entry);
    support::apply_round(event, 1, pairing.seats, pairing.tables, |_| {
        first
            .take()
            .unwrap_or_else(|| team(&vec![TeamSeat::A; size]))
    });
    (a, b)
}

fn outcome(event: &Event, player: PlayerId) -> Outcome {
    let row = standings::compute(event).expect("standings");
    let row = row.rows.iter().find(|r| r.player == player).expect("row");
    if row.wins == 1 {
        Outcome::Win
    } else if row.draws == 1 {
        Outcome::Draw
    } else {
        Outcome::Loss
    }
}

#[test]
fn decision_9_trio_team_wins_two_of_three() {
    let mut event = team_event(3, 4);
    let (a, b) = first_table(&mut event, team(&[TeamSeat::B, TeamSeat::A, TeamSeat::A]));
    assert_eq!(outcome(&event, a), Outcome::Win);
    assert_eq!(outcome(&event, b), Outcome::Loss);
    let table = standings::compute(&event).expect("standings");
    let row = table.rows.iter().find(|r| r.player == a).expect("a");
    assert_eq!(
        row.points,
        tablekeeper_engine::Exact::integer(1),
        "a team win scores the win points"
    );
}

#[test]
fn decision_9_tag_one_all_is_a_team_draw_and_a_won_seat_with_a_drawn_one_wins() {
    let mut drawn = team_event(2, 4);
    let (a, b) = first_table(&mut drawn, team(&[TeamSeat::A, TeamSeat::B]));
    assert_eq!(
        (outcome(&drawn, a), outcome(&drawn, b)),
        (Outcome::Draw, Outcome::Draw)
    );
    let mut won = team_event(2, 4);
    let (a, b) = first_table(&mut won, team(&[TeamSeat::Draw, TeamSeat::A]));
    assert_eq!(
        (outcome(&won, a), outcome(&won, b)),
        (Outcome::Win, Outcome::Loss)
    );
}

#[test]
fn decision_9_trio_with_double_losses_loses_for_both() {
    let mut event = team_event(3, 4);
    let (a, b) = first_table(
        &mut event,
        team(&[TeamSeat::A, TeamSeat::DoubleLoss, TeamSeat::DoubleLoss]),
    );
    assert_eq!(
        (outcome(&event, a), outcome(&event, b)),
        (Outcome::Loss, Outcome::Loss)
    );
}

#[test]
fn team_events_take_seat_results_and_full_teams_only() {
    let mut event = team_event(3, 4);
    let short = event.apply(&Action::RegisterPlayer(PlayerDetails {
        name: "Two of us".into(),
        members: vec!["X".into(), "Y".into()],
        ..PlayerDetails::default()
    }));
    assert_eq!(
        short.expect_err("two members in a trio event").kind(),
        "invalid-team"
    );
    let pairing = pair_next_round(&event, 1, false).expect("pairing");
    event
        .apply(&Action::PairRound {
            seed: 1,
            seats: pairing.seats,
            tables: pairing.tables,
        })
        .expect("pair");
    let plain = event.apply(&Action::RecordResult {
        round: 1,
        table: 1,
        entry: ResultEntry::Win {
            winner: tablekeeper_engine::model::Side::A,
            games: None,
            reason: None,
        },
        replace: false,
        player: None,
    });
    assert_eq!(
        plain.expect_err("a team match needs its seats").kind(),
        "invalid-result"
    );
    let two_seats = event.apply(&Action::RecordResult {
        round: 1,
        table: 1,
        entry: team(&[TeamSeat::A, TeamSeat::A]),
        replace: false,
        player: None,
    });
    assert_eq!(
        two_seats.expect_err("three seats in a trio").kind(),
        "invalid-result"
    );
    // And an individual event refuses members.
    let mut solo = support::event_with_players("bushiroad-ja", 4, 3, 1);
    let refused = solo.apply(&Action::RegisterPlayer(PlayerDetails {
        name: "A team".into(),
        members: vec!["X".into(), "Y".into()],
        ..PlayerDetails::default()
    }));
    assert_eq!(
        refused.expect_err("members in an individual event").kind(),
        "invalid-team"
    );
}

/// Four teams, one Swiss round, then a top 2 (the final) between teams 1 and 2.
fn team_final(team_size: u8) -> Event {
    let mut event = team_event(team_size, 4);
    let size = usize::from(team_size);
    let pairing = pair_next_round(&event, 1, false).expect("pairing");
    support::apply_round(&mut event, 1, pairing.seats, pairing.tables, |_| {
        team(&vec![TeamSeat::A; size])
    });
    event
        .apply(&Action::StartCut {
            finalists: vec![PlayerId(1), PlayerId(2)],
            third_place: false,
            double: false,
            draw: None,
            repair_seed: None,
        })
        .expect("cut");
    event.apply(&Action::PairBracketRound).expect("final");
    event
}

fn record_final(
    event: &mut Event,
    entry: ResultEntry,
) -> Result<(), tablekeeper_engine::EngineError> {
    let round = event.current_round().expect("final").number;
    event.apply(&Action::RecordResult {
        round,
        table: 1,
        entry,
        replace: false,
        player: None,
    })
}

/// RULESETS.md decision 33 (000 §3.2.3: no draws in elimination): a seat of a team match in
/// the top cut cannot be drawn, so `team:a,draw,b` in a trio final is refused and the final
/// keeps no result.
#[test]
fn decision_33_a_drawn_seat_is_refused_in_the_top_cut() {
    let mut event = team_final(3);
    let refused = record_final(
        &mut event,
        team(&[TeamSeat::A, TeamSeat::Draw, TeamSeat::B]),
    );
    assert!(
        matches!(refused, Err(tablekeeper_engine::EngineError::InvalidResult(ref m)) if m.text.contains("decision 33")),
        "{refused:?}"
    );
    assert!(event.cut.as_ref().expect("cut").champion().is_none());
    record_final(&mut event, team(&[TeamSeat::A, TeamSeat::B, TeamSeat::A])).expect("2 of 3");
    let cut = event.cut.as_ref().expect("cut");
    assert!(cut.is_finished());
    let final_match = &cut.current().expect("final").round.matches[0];
    let Seats::Pair { a, .. } = final_match.seats else {
        unreachable!("a final is a pair")
    };
    assert_eq!(cut.champion(), Some(a), "team A won two seats of three");
}

/// Decision 33: a tag 1–1 in the top cut is decided by the representative seat (the second
/// seat, 大将; digest §1.8), so the final has a champion.
#[test]
fn decision_33_a_tag_1_1_goes_to_the_representative_seat() {
    let mut event = team_final(2);
    record_final(&mut event, team(&[TeamSeat::A, TeamSeat::B])).expect("1-1");
    let cut = event.cut.as_ref().expect("cut");
    let final_match = &cut.current().expect("final").round.matches[0];
    let Seats::Pair { b, .. } = final_match.seats else {
        unreachable!("a final is a pair")
    };
    assert_eq!(cut.champion(), Some(b), "team B won the second seat");
    let result = final_match.result.as_ref().expect("result");
    assert_eq!(result.seats[0].outcome, Outcome::Loss);
    assert_eq!(result.seats[1].outcome, Outcome::Win);
    // In Swiss the same 1-1 stays a team draw (decision 9).
    let mut swiss = team_event(2, 2);
    let (a, _) = first_table(&mut swiss, team(&[TeamSeat::A, TeamSeat::B]));
    assert_eq!(outcome(&swiss, a), Outcome::Draw);
}

/// docs/decisions.md 37: an event file keeps the ruleset copy it was created with. A copy
/// from before decision 33 (no `[top_cut]` table) still accepts a drawn seat in the cut, so
/// such a log replays as it did instead of being refused.
#[test]
fn decision_33_an_older_ruleset_copy_replays_drawn_team_finals_as_before() {
    let text = include_str!("../../../rulesets/bushiroad-ja.toml");
    let start = text.find("[top_cut]").expect("a [top_cut] table");
    let end = start + text[start..].find("[penalties]").expect("penalties follow");
    let older = format!("{}{}", &text[..start], &text[end..]);
    let ruleset =
        tablekeeper_engine::ruleset::parse_ruleset("older.toml", &older).expect("older copy");
    assert!(!ruleset.top_cut.decisive_team_matches);
    let mut event = team_final(3);
    event.ruleset = ruleset;
    record_final(
        &mut event,
        team(&[TeamSeat::A, TeamSeat::Draw, TeamSeat::B]),
    )
    .expect("accepted as it was");
    assert!(event.cut.as_ref().expect("cut").champion().is_none());
}
