//! Golden pairing cases from the seeds (`tests/golden/pairing.toml`), each named after
//! the rule it checks and run with several seeds: what a rule determines must hold
//! whatever the random choices.

use std::collections::BTreeMap;

use serde::Deserialize;
use tablekeeper_engine::model::{PlayerId, Seats};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::standings;
use tablekeeper_engine::verify::{EventSpec, build_event};
use tablekeeper_engine::{Action, Event, PlayerDetails};

const CASES: &str = include_str!("../../../tests/golden/pairing.toml");

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
}

#[derive(Deserialize, Clone)]
struct Case {
    id: String,
    test: String,
    rule: String,
    ruleset: String,
    players: Vec<String>,
    rounds: Vec<Vec<String>>,
    #[serde(default)]
    late_entries: Vec<String>,
    bye_one_of: Option<Vec<String>>,
    no_bye: Option<bool>,
    cross_group_pairs: Option<usize>,
    paired_down_one_of: Option<Vec<String>>,
    pulled_up_one_of: Option<Vec<String>>,
    not_paired: Option<Vec<String>>,
    rematches: Option<usize>,
    error: Option<String>,
    with_rematches_allowed: Option<Allowed>,
}

#[derive(Deserialize, Clone)]
struct Allowed {
    rematches: usize,
}

fn cases() -> Vec<Case> {
    toml::from_str::<File>(CASES)
        .unwrap_or_else(|e| panic!("pairing.toml: {e}"))
        .case
}

/// The event after the case's history, ready to pair the next round.
fn event_of(case: &Case) -> (Event, BTreeMap<String, PlayerId>) {
    let spec = EventSpec {
        id: case.id.clone(),
        players: case.players.clone(),
        rounds: case.rounds.clone(),
    };
    let ruleset = catalogue::ruleset(&case.ruleset).unwrap_or_else(|e| panic!("{e}"));
    let (mut event, mut names) =
        build_event(&spec, ruleset).unwrap_or_else(|e| panic!("{}: {e}", case.id));
    event.settings.planned_rounds += 1;
    for name in &case.late_entries {
        let action = Action::RegisterPlayer(PlayerDetails {
            name: name.clone(),
            ..PlayerDetails::default()
        });
        event.apply(&action).unwrap_or_else(|e| panic!("{e}"));
        names.insert(
            name.clone(),
            event.players.last().map(|p| p.id).expect("registered"),
        );
    }
    (event, names)
}

fn check(test: &str) {
    let case = cases()
        .into_iter()
        .find(|c| c.test == test)
        .unwrap_or_else(|| panic!("no case {test}"));
    let (event, names) = event_of(&case);
    let id = |name: &String| {
        *names
            .get(name)
            .unwrap_or_else(|| panic!("unknown player {name}"))
    };
    let set =
        |list: &Option<Vec<String>>| list.as_ref().map(|l| l.iter().map(id).collect::<Vec<_>>());
    let points: BTreeMap<PlayerId, _> = standings::compute(&event)
        .expect("standings")
        .rows
        .iter()
        .map(|r| (r.player, r.points))
        .collect();
    let context = format!("{} ({})", case.test, case.rule);
    for seed in [1u64, 2, 3, 17, 99, 12345, 0xDEAD_BEEF, u64::MAX] {
        let result = pair_next_round(&event, seed, false);
        if let Some(kind) = &case.error {
            let error = result.expect_err(&format!("{context}: expected {kind}"));
            assert_eq!(error.kind().as_str(), kind.as_str(), "{context}");
            let allowed =
                pair_next_round(&event, seed, true).expect("pairing with rematches allowed");
            if let Some(expected) = &case.with_rematches_allowed {
                assert_eq!(
                    allowed.explanation.rematches.len(),
                    expected.rematches,
                    "{context}: fewest rematches"
                );
            }
            continue;
        }
        let pairing = result.unwrap_or_else(|e| panic!("{context}, seed {seed}: {e}"));
        let pairs: Vec<(PlayerId, PlayerId)> = pairing
            .seats
            .iter()
            .filter_map(|s| match s {
                Seats::Pair { a, b } => Some((*a, *b)),
                Seats::Single { .. } => None,
            })
            .collect();
        let bye: Option<PlayerId> = pairing.seats.iter().find_map(|s| match s {
            Seats::Single { player } => Some(*player),
            Seats::Pair { .. } => None,
        });
        let cross: Vec<(PlayerId, PlayerId)> = pairs
            .iter()
            .filter(|(a, b)| points[a] != points[b])
            .map(|(a, b)| {
                if points[a] > points[b] {
                    (*a, *b)
                } else {
                    (*b, *a)
                }
            })
            .collect();
        if let Some(allowed) = set(&case.bye_one_of) {
            assert!(
                bye.is_some_and(|b| allowed.contains(&b)),
                "{context}, seed {seed}: bye {bye:?} not in {:?}",
                case.bye_one_of
            );
        }
        if case.no_bye == Some(true) {
            assert_eq!(bye, None, "{context}, seed {seed}: unexpected bye");
        }
        if let Some(count) = case.cross_group_pairs {
            assert_eq!(
                cross.len(),
                count,
                "{context}, seed {seed}: cross-group pairs {cross:?}"
            );
        }
        if let Some(allowed) = set(&case.paired_down_one_of) {
            assert!(
                cross.iter().all(|(high, _)| allowed.contains(high)),
                "{context}, seed {seed}: paired down {cross:?}"
            );
        }
        if let Some(allowed) = set(&case.pulled_up_one_of) {
            assert!(
                cross.iter().all(|(_, low)| allowed.contains(low)),
                "{context}, seed {seed}: pulled up {cross:?}"
            );
        }
        if let Some(absent) = set(&case.not_paired) {
            let seated: Vec<PlayerId> = pairing.seats.iter().flat_map(|s| s.players()).collect();
            assert!(
                absent.iter().all(|p| !seated.contains(p)),
                "{context}, seed {seed}: dropped player paired"
            );
        }
        if let Some(count) = case.rematches {
            let rematches = pairs.iter().filter(|(a, b)| event.have_met(*a, *b)).count();
            assert_eq!(rematches, count, "{context}, seed {seed}: rematches");
        }
    }
}

macro_rules! golden {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { check(stringify!($name)); })*
    };
}

golden! {
    bandai_3_4_2_round_2_pair_down_nine_players,
    crossover_viiii_odd_bracket_pulls_up_from_next_bracket_down,
    bushiroad_en_standard_swiss_odd_player_floats_to_nearest_lower_group,
    fow_6b_iii_bye_to_low_vp_player_without_a_win_without_playing,
    crossover_viii_byes_lowest_mp_tie_lower_sos_gets_bye,
    crossover_viii_byes_sos_is_tb1_with_the_lowest_dropped,
    bushiroad_ja_decision_1_no_second_bye_while_a_player_without_one_exists,
    crossover_viiii_late_entry_loses_each_missed_round,
    standard_swiss_rematch_unavoidable_after_complete_round_robin,
    fow_6e_withdrawn_player_is_not_matched,
    bandai_3_4_2_round_1_odd_field_one_bye,
}

#[test]
fn every_case_has_a_named_test() {
    let source = include_str!("pairing_golden.rs");
    for case in cases() {
        assert!(
            source.contains(&format!("    {},", case.test)),
            "no test for {}",
            case.test
        );
    }
}
