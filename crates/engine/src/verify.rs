//! The seeds' worked examples and derived vectors, runnable inside the app.
//!
//! `tests/golden/vectors.toml` and `tests/golden/full_chain_expected.toml` are embedded
//! here; the golden tests and `tablekeeper verify-rules` both run them through [`run`],
//! so what an organizer checks is exactly what CI checks.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::exact::Exact;
use crate::model::{
    DefaultReason, DrawReason, DropTiming, GameScore, PenaltyKind, PlayerId, ResultEntry, Seats,
    Side,
};
use crate::rules::elimination::below_points_threshold;
use crate::rules::structure::{EliminationStop, Structure};
use crate::ruleset::{Tiebreaker, catalogue, overrides::apply_overrides};
use crate::standings::{self, Standings};
use crate::state::{Event, EventSettings};
use crate::transitions::{Action, PlayerDetails};

const VECTORS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/golden/vectors.toml"
));
const FULL_CHAIN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/golden/full_chain_expected.toml"
));

/// Event of the full-chain vectors in `vectors.toml`.
const FULL_CHAIN_EVENT: &str = "full-chain";

#[derive(Deserialize)]
struct VectorFile {
    event: Vec<EventSpec>,
    vector: Vec<VectorSpec>,
}

/// An event written round by round (format in `tests/golden/vectors.toml`).
#[derive(Debug, Clone, Deserialize)]
pub struct EventSpec {
    pub id: String,
    pub players: Vec<String>,
    pub rounds: Vec<Vec<String>>,
}

/// One golden vector: an event under a ruleset and the values it must produce.
#[derive(Debug, Clone, Deserialize)]
pub struct VectorSpec {
    pub id: String,
    pub test: String,
    pub rule: String,
    pub ruleset: String,
    #[serde(default)]
    pub overrides: Vec<String>,
    pub event: String,
    #[serde(default)]
    pub expect: BTreeMap<String, String>,
    #[serde(default)]
    pub tied: Vec<String>,
    /// Groups best first: players in one group stay tied after the deterministic chain.
    #[serde(default)]
    pub order: Vec<Vec<String>>,
    /// The event's structure (`swiss` when left out).
    #[serde(default)]
    pub structure: Option<String>,
    /// Swiss variable rounds / points-threshold early end: the announced minimum rounds.
    #[serde(default)]
    pub min_rounds: u32,
    /// Whether the structure allows no further round after the history.
    #[serde(default)]
    pub finished: Option<bool>,
}

/// The outcome of one vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VectorReport {
    pub id: String,
    pub test: String,
    pub rule: String,
    pub ruleset: String,
    /// Empty when the vector passed.
    pub failures: Vec<String>,
}

impl VectorReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Every vector: those of `vectors.toml` and one full-chain vector per ruleset.
pub fn vectors() -> Result<(Vec<EventSpec>, Vec<VectorSpec>), String> {
    let file: VectorFile = toml::from_str(VECTORS).map_err(|e| format!("vectors.toml: {e}"))?;
    let mut vectors = file.vector;
    let expected: toml::Table =
        toml::from_str(FULL_CHAIN).map_err(|e| format!("full_chain_expected.toml: {e}"))?;
    for (ruleset, table) in expected {
        let table = table.as_table().cloned().unwrap_or_default();
        let order: Vec<Vec<String>> = table
            .get("order")
            .and_then(|v| v.clone().try_into().ok())
            .unwrap_or_default();
        let mut expect = BTreeMap::new();
        if let Some(values) = table.get("values").and_then(|v| v.as_table()) {
            for (player, keys) in values {
                for (key, value) in keys.as_table().into_iter().flatten() {
                    if let Some(text) = value.as_str() {
                        expect.insert(format!("{player}.{key}"), text.to_string());
                    }
                }
            }
        }
        vectors.push(VectorSpec {
            id: format!("full-chain-{ruleset}"),
            test: format!("{}_full_chain_event", ruleset.replace('-', "_")),
            rule: "RULESETS.md catalogue chain; tests/golden/full_chain_expected.toml".into(),
            ruleset,
            overrides: Vec::new(),
            event: FULL_CHAIN_EVENT.into(),
            expect,
            tied: Vec::new(),
            order,
            structure: None,
            min_rounds: 0,
            finished: None,
        });
    }
    Ok((file.event, vectors))
}

/// Runs every vector against the embedded rulesets.
pub fn run_all() -> Result<Vec<VectorReport>, String> {
    let (events, vectors) = vectors()?;
    Ok(vectors.iter().map(|v| run(&events, v)).collect())
}

/// Runs the vector whose `test` name or id is `name`.
pub fn run_named(name: &str) -> Result<VectorReport, String> {
    let (events, vectors) = vectors()?;
    let vector = vectors
        .iter()
        .find(|v| v.test == name || v.id == name)
        .ok_or_else(|| format!("no golden vector named {name}"))?;
    Ok(run(&events, vector))
}

/// Runs one vector.
pub fn run(events: &[EventSpec], vector: &VectorSpec) -> VectorReport {
    let failures = match check(events, vector) {
        Ok(failures) => failures,
        Err(error) => vec![error],
    };
    VectorReport {
        id: vector.id.clone(),
        test: vector.test.clone(),
        rule: vector.rule.clone(),
        ruleset: vector.ruleset.clone(),
        failures,
    }
}

fn check(events: &[EventSpec], vector: &VectorSpec) -> Result<Vec<String>, String> {
    let spec = events
        .iter()
        .find(|e| e.id == vector.event)
        .ok_or_else(|| format!("unknown event '{}'", vector.event))?;
    let base = catalogue::ruleset(&vector.ruleset).map_err(|e| e.to_string())?;
    let ruleset = apply_overrides(&base, &vector.overrides).map_err(|e| e.to_string())?;
    let structure = match vector.structure.as_deref() {
        None => Structure::Swiss,
        Some(id) => Structure::from_id(id).ok_or_else(|| format!("unknown structure '{id}'"))?,
    };
    let stop = EliminationStop {
        min_rounds: vector.min_rounds,
        finalists: 0,
    };
    let (event, names) = build_event_in(spec, ruleset, structure, stop)?;
    let standings = standings::compute(&event).map_err(|e| e.to_string())?;
    let mut failures = Vec::new();
    for (key, expected) in &vector.expect {
        let (player_name, field) = key
            .split_once('.')
            .ok_or_else(|| format!("expectation '{key}' is not PLAYER.KEY"))?;
        let player = *names
            .get(player_name)
            .ok_or_else(|| format!("unknown player {player_name}"))?;
        let actual = field_value(&event, &standings, player, field)?;
        let matches = if field == "eliminated" {
            actual == *expected
        } else {
            let want =
                Exact::parse(expected).ok_or_else(|| format!("'{expected}' is not a number"))?;
            Exact::parse(&actual) == Some(want)
        };
        if !matches {
            failures.push(format!("{key}: expected {expected}, got {actual}"));
        }
    }
    if let Some(want) = vector.finished {
        let reason = crate::rules::structure::finished(&event).map_err(|e| e.to_string())?;
        if reason.is_some() != want {
            failures.push(match reason {
                Some(reason) => format!("expected the event to continue, but: {reason}"),
                None => "expected the structure to end the event after this history".into(),
            });
        }
    }
    let groups = deterministic_groups(&standings, &event);
    if !vector.tied.is_empty() {
        let wanted: Vec<PlayerId> = vector
            .tied
            .iter()
            .filter_map(|n| names.get(n.as_str()).copied())
            .collect();
        let together = groups
            .iter()
            .any(|g| wanted.iter().all(|p| g.contains(p)) && g.len() == wanted.len());
        if !together {
            failures.push(format!(
                "expected {} to stay tied after every deterministic tiebreaker",
                vector.tied.join(", ")
            ));
        }
    }
    if !vector.order.is_empty() {
        let named: Vec<Vec<String>> = groups
            .iter()
            .map(|g| {
                let mut list: Vec<String> = g.iter().map(|p| name_of(&names, *p)).collect();
                list.sort();
                list
            })
            .collect();
        let mut wanted = vector.order.clone();
        for group in &mut wanted {
            group.sort();
        }
        if named != wanted {
            failures.push(format!("order: expected {wanted:?}, got {named:?}"));
        }
    }
    Ok(failures)
}

fn name_of(names: &BTreeMap<String, PlayerId>, id: PlayerId) -> String {
    names
        .iter()
        .find(|(_, v)| **v == id)
        .map(|(k, _)| k.clone())
        .unwrap_or_default()
}

/// Players grouped as the deterministic part of the chain leaves them (the random draw
/// only orders inside a group).
fn deterministic_groups(standings: &Standings, event: &Event) -> Vec<Vec<PlayerId>> {
    let mut groups: Vec<Vec<PlayerId>> = Vec::new();
    let mut last_key: Option<Vec<Option<Exact>>> = None;
    for row in &standings.rows {
        let mut key: Vec<Option<Exact>> = vec![Some(row.points)];
        if event.ruleset.standings.primary_wins {
            key.push(Some(Exact::integer(i64::from(row.wins))));
        }
        key.extend(row.tiebreakers.iter().map(|t| t.exact));
        match (&last_key, groups.last_mut()) {
            (Some(previous), Some(group)) if *previous == key => group.push(row.player),
            _ => groups.push(vec![row.player]),
        }
        last_key = Some(key);
    }
    groups
}

fn field_value(
    event: &Event,
    standings: &Standings,
    player: PlayerId,
    field: &str,
) -> Result<String, String> {
    let row = standings
        .rows
        .iter()
        .find(|r| r.player == player)
        .ok_or_else(|| format!("player {player} missing from standings"))?;
    if field == "points" {
        return Ok(row.points.to_string());
    }
    if field == "rank" {
        return Ok(row.rank.to_string());
    }
    if field == "eliminated" {
        let below = below_points_threshold(&event.ruleset, standings.completed_rounds, row.points)
            .map_err(|e| e.to_string())?;
        return Ok(if below { "yes" } else { "no" }.to_string());
    }
    if field == "match-win"
        && let Some(value) = row.match_win.as_ref().and_then(|v| v.exact)
    {
        return Ok(value.to_string());
    }
    let tiebreaker =
        Tiebreaker::from_id(field).ok_or_else(|| format!("unknown value '{field}'"))?;
    // Values outside the chain are computed the same way the chain would.
    let mut probe = event.clone();
    if !probe.ruleset.standings.tiebreakers.contains(&tiebreaker) {
        probe.ruleset.standings.tiebreakers.push(tiebreaker);
    }
    let probed = standings::compute(&probe).map_err(|e| e.to_string())?;
    probed
        .rows
        .iter()
        .find(|r| r.player == player)
        .and_then(|r| r.tiebreakers.iter().find(|t| t.tiebreaker == tiebreaker))
        .map(|t| t.exact.map_or_else(|| "—".to_string(), |v| v.to_string()))
        .ok_or_else(|| format!("no {field} value for player {player}"))
}

/// Builds a Swiss event from its round-by-round description.
pub fn build_event(
    spec: &EventSpec,
    ruleset: crate::Ruleset,
) -> Result<(Event, BTreeMap<String, PlayerId>), String> {
    build_event_in(spec, ruleset, Structure::Swiss, EliminationStop::default())
}

/// Builds an event of `structure` from its round-by-round description.
pub fn build_event_in(
    spec: &EventSpec,
    ruleset: crate::Ruleset,
    structure: Structure,
    stop: EliminationStop,
) -> Result<(Event, BTreeMap<String, PlayerId>), String> {
    let rounds = u32::try_from(spec.rounds.len()).map_err(|_| "too many rounds".to_string())?;
    let settings = EventSettings {
        name: spec.id.clone(),
        planned_rounds: rounds,
        standings_seed: 7,
        title: None,
        structure,
        elimination_stop: stop,
        ..EventSettings::default()
    };
    let mut event = Event::new(settings, ruleset).map_err(|e| e.to_string())?;
    let mut names = BTreeMap::new();
    let register = |event: &mut Event,
                    names: &mut BTreeMap<String, PlayerId>,
                    name: &str|
     -> Result<(), String> {
        let action = Action::RegisterPlayer(PlayerDetails {
            name: name.to_string(),
            ..PlayerDetails::default()
        });
        event.apply(&action).map_err(|e| e.to_string())?;
        let id = event
            .players
            .last()
            .map(|p| p.id)
            .ok_or("registration failed")?;
        names.insert(name.to_string(), id);
        Ok(())
    };
    for name in &spec.players {
        register(&mut event, &mut names, name)?;
    }
    for (index, entries) in spec.rounds.iter().enumerate() {
        let round = u32::try_from(index + 1).map_err(|_| "too many rounds".to_string())?;
        let mut seats = Vec::new();
        let mut results = Vec::new();
        let mut drops = Vec::new();
        // Drops entered after the round was paired, before the player's result (decision 35).
        let mut quits: Vec<(PlayerId, Option<ResultEntry>)> = Vec::new();
        for entry in entries {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let lookup = |name: &str| {
                names
                    .get(name)
                    .copied()
                    .ok_or_else(|| format!("unknown player {name} in '{entry}'"))
            };
            match words.as_slice() {
                ["join", name] => register(&mut event, &mut names, name)?,
                ["drop", name] => drops.push(lookup(name)?),
                [name, "bye"] => seats.push(Seats::Single {
                    player: lookup(name)?,
                }),
                [name, "bye", "quit"] => {
                    let player = lookup(name)?;
                    seats.push(Seats::Single { player });
                    quits.push((player, Some(ResultEntry::WithdrawnBye)));
                }
                [a, ">q", b] => {
                    let (a, b) = (lookup(a)?, lookup(b)?);
                    seats.push(Seats::Pair { a, b });
                    results.push(ResultEntry::Default {
                        winner: Side::A,
                        reason: DefaultReason::DropAfterPairing,
                    });
                    quits.push((b, None));
                }
                [a, op, b, rest @ ..] => {
                    let (a, b) = (lookup(a)?, lookup(b)?);
                    seats.push(Seats::Pair { a, b });
                    results.push(parse_result(op, rest).map_err(|e| format!("'{entry}': {e}"))?);
                }
                _ => return Err(format!("cannot read '{entry}'")),
            }
        }
        event
            .apply(&Action::PairRound {
                tables: Vec::new(),
                seed: u64::from(round),
                seats: seats.clone(),
            })
            .map_err(|e| format!("round {round}: {e}"))?;
        let tables = seats
            .iter()
            .filter(|s| matches!(s, Seats::Pair { .. }))
            .count();
        for (player, withdrawn) in &quits {
            if let Some(entry) = withdrawn {
                event
                    .apply(&Action::RecordResult {
                        round,
                        table: 0,
                        entry: entry.clone(),
                        replace: true,
                        player: Some(*player),
                    })
                    .map_err(|e| format!("round {round}: {e}"))?;
            }
        }
        for (table, entry) in (1..=tables).zip(results) {
            let table = u32::try_from(table).map_err(|_| "too many tables".to_string())?;
            event
                .apply(&Action::RecordResult {
                    round,
                    table,
                    entry,
                    replace: false,
                    player: None,
                })
                .map_err(|e| format!("round {round} table {table}: {e}"))?;
        }
        for (player, _) in quits {
            event
                .apply(&Action::DropPlayer {
                    player,
                    timing: Some(DropTiming::AfterPairing),
                })
                .map_err(|e| e.to_string())?;
        }
        for player in drops {
            event
                .apply(&Action::DropPlayer {
                    player,
                    timing: Some(DropTiming::AfterResults),
                })
                .map_err(|e| e.to_string())?;
        }
    }
    Ok((event, names))
}

fn parse_result(op: &str, rest: &[&str]) -> Result<ResultEntry, String> {
    let mut games = None;
    let mut reason = None;
    for word in rest {
        if let Some(inner) = word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) {
            reason = Some(inner.to_string());
        } else if let Some((a, b)) = word.split_once('-') {
            let a = a.parse().map_err(|_| format!("bad game score {word}"))?;
            let b = b.parse().map_err(|_| format!("bad game score {word}"))?;
            games = Some(GameScore { a, b, draws: 0 });
        } else {
            return Err(format!("unexpected '{word}'"));
        }
    }
    Ok(match op {
        ">" => ResultEntry::Win {
            winner: Side::A,
            games,
            reason,
        },
        "=" => ResultEntry::Draw {
            reason: DrawReason::Time,
            games,
            graded_reason: reason,
        },
        "x" => ResultEntry::DoubleLoss,
        "++" => ResultEntry::DoubleWin,
        ">d" => ResultEntry::Default {
            winner: Side::A,
            reason: DefaultReason::NoShow,
        },
        ">p" => ResultEntry::Penalty {
            loser: Side::B,
            penalty: PenaltyKind::MatchLoss,
        },
        ">dq" => ResultEntry::Penalty {
            loser: Side::B,
            penalty: PenaltyKind::Disqualification,
        },
        other => return Err(format!("unknown result '{other}'")),
    })
}
