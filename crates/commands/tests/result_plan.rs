//! One result plan. Over whole events (every seed ruleset's scoring,
//! a result lock, byes, team matches, corrections of rounds that later pairings used, locked
//! rounds opened with a reason, no-shows that drop), what `preview_result` shows is exactly
//! what `record_result` then records and answers: the same table, the same result, the
//! same warnings — or the same refusal.

use std::path::Path;

use proptest::prelude::*;
use serde_json::{Value, json};
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::{Desk, surface};

struct Host {
    desk: Desk,
}

impl Host {
    fn new(dir: &Path) -> Host {
        Host {
            desk: Desk::new(dir.join("data"), dir.join("events")),
        }
    }

    fn call(&mut self, name: &str, request: Value) -> Result<Value, CommandError> {
        surface::dispatch(&mut self.desk, name, request)
    }

    fn ok(&mut self, name: &str, request: Value) -> Value {
        self.call(name, request.clone())
            .unwrap_or_else(|e| panic!("{name} {request}: {:?}", e.to_view()))
    }
}

/// The table a `record_result` answer shows (its progress and step left out), to
/// compare with the preview's table.
fn table_of(mut recorded: Value) -> Value {
    if let Some(fields) = recorded.as_object_mut() {
        for extra in ["progress", "step"] {
            fields.remove(extra);
        }
    }
    recorded
}

fn tables(pairings: &Value) -> Vec<u64> {
    pairings["tables"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["table"].as_u64()).collect())
        .unwrap_or_default()
}

/// An event to play: its ruleset, and for team events the team size.
#[derive(Debug, Clone)]
struct Kind {
    ruleset: &'static str,
    team_size: u8,
}

fn kinds() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind {
            ruleset: "bandai",
            team_size: 0
        }),
        Just(Kind {
            ruleset: "bushiroad-en",
            team_size: 0
        }),
        Just(Kind {
            ruleset: "bushiroad-ja",
            team_size: 0
        }),
        Just(Kind {
            ruleset: "crossover",
            team_size: 0
        }),
        Just(Kind {
            ruleset: "fow",
            team_size: 0
        }),
        Just(Kind {
            ruleset: "bushiroad-ja",
            team_size: 3
        }),
    ]
}

/// One thing the scorekeeper does: enter or correct a result (round and table chosen among
/// those there are), or pair the next round when the current one is complete.
#[derive(Debug, Clone)]
enum Step {
    Result {
        round: usize,
        table: usize,
        result: usize,
        replace: bool,
        reason: bool,
    },
    Pair,
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            4 => (any::<usize>(), any::<usize>(), any::<usize>(), any::<bool>(), prop::bool::weighted(0.2))
                .prop_map(|(round, table, result, replace, reason)| Step::Result { round, table, result, replace, reason }),
            1 => Just(Step::Pair),
        ],
        4..40,
    )
}

const INDIVIDUAL: [&str; 12] = [
    "a", "b", "draw", "dl", "2-1", "1-2", "2-0", "noshow-a", "noshow-b", "dq-a", "ab", "x",
];
const TEAM: [&str; 6] = [
    "team:a,b,a",
    "team:b,b,a",
    "team:a,a,a",
    "team:a,draw,b",
    "team:a,b",
    "a",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    #[test]
    fn a_preview_is_what_recording_records_over_whole_events(
        kind in kinds(),
        entrants in 4usize..9,
        steps in steps(),
    ) {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut host = Host::new(dir.path());
        let file = dir.path().join("plan.tkevent").display().to_string();
        host.ok("create_event", json!({ "name": "Plan", "ruleset": kind.ruleset, "planned_rounds": 6, "team_size": kind.team_size, "path": file }));
        if kind.team_size > 0 {
            for t in 0..entrants {
                let members: Vec<String> = (0..kind.team_size).map(|m| format!("T{t}M{m}")).collect();
                host.ok("add_team", json!({ "name": format!("Team {t}"), "members": members }));
            }
        } else {
            let names: Vec<String> = (0..entrants).map(|i| format!("Player {i}")).collect();
            host.ok("add_players", json!({ "names": names }));
        }
        host.ok("pair_round", json!({ "allow_rematches": true }));
        let words: &[&str] = if kind.team_size > 0 { &TEAM } else { &INDIVIDUAL };
        for step in steps {
            let summary = host.ok("summary", Value::Null);
            let paired = summary["rounds_paired"].as_u64().unwrap_or(0) as usize;
            match step {
                Step::Pair => {
                    // Refused while the round is incomplete or the rounds are played: fine.
                    let _ = host.call("pair_round", json!({ "allow_rematches": true }));
                }
                Step::Result { round, table, result, replace, reason } => {
                    let round = 1 + round % paired.max(1);
                    let Ok(pairings) = host.call("pairings", json!({ "round": round })) else {
                        continue;
                    };
                    let numbers = tables(&pairings);
                    if numbers.is_empty() {
                        continue;
                    }
                    let request = json!({
                        "round": round,
                        "table": numbers[table % numbers.len()],
                        "result": words[result % words.len()],
                        "replace": replace,
                        "override_reason": reason.then_some("judge ruling"),
                    });
                    let before = host.ok("pairings", json!({ "round": round }));
                    let preview = host.call("preview_result", request.clone());
                    prop_assert_eq!(&host.ok("pairings", json!({ "round": round })), &before, "a preview changes nothing");
                    let recorded = host.call("record_result", request.clone());
                    match (preview, recorded) {
                        (Ok(preview), Ok(recorded)) => {
                            prop_assert_eq!(&preview, &table_of(recorded), "{}", request);
                        }
                        (Err(preview), Err(recorded)) => prop_assert_eq!(
                            preview.to_view().kind, recorded.to_view().kind, "{}", request
                        ),
                        (preview, recorded) => prop_assert!(
                            false,
                            "{}: preview {:?} but recorded {:?}",
                            request,
                            preview.map_err(|e| e.to_view()),
                            recorded.map_err(|e| e.to_view())
                        ),
                    }
                }
            }
        }
    }
}

/// The case the issue names: a correction of round 1 made after round 2 was paired warns in
/// its preview exactly as when it is recorded.
#[test]
fn a_correction_after_the_next_round_is_paired_warns_in_its_preview() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut host = Host::new(dir.path());
    let file = dir.path().join("late.tkevent").display().to_string();
    host.ok(
        "create_event",
        json!({ "name": "Late", "ruleset": "bushiroad-en", "planned_rounds": 3, "path": file }),
    );
    host.ok("add_players", json!({ "names": ["A", "B", "C", "D"] }));
    let round1 = host.ok("pair_round", json!({ "allow_rematches": false }));
    let lines: Vec<String> = tables(&round1).iter().map(|t| format!("{t} a")).collect();
    host.ok("record_results", json!({ "round": null, "lines": lines }));
    host.ok("pair_round", json!({ "allow_rematches": false }));
    let request =
        json!({ "round": 1, "table": 1, "result": "b", "replace": true, "override_reason": null });
    let preview = host.ok("preview_result", request.clone());
    assert_eq!(
        preview["warnings"][0]["key"], "warning.correction.later-round",
        "{preview}"
    );
    let recorded = host.ok("record_result", request);
    assert_eq!(preview, table_of(recorded));
}
