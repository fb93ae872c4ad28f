//! Swiss pairing as one global optimum per round.
//!
//! A round is a maximum-weight perfect matching on the active players (plus a bye vertex
//! when their number is odd) with lexicographic integer weights ([`weights`]): no rematch
//! unless impossible, no second bye while someone else has none, the bye to the player the
//! ruleset names, the smallest sum of squared score gaps, the fewest pairs across score
//! groups, nobody paired down twice running, then seeded random. Ruleset procedures
//! (Bandai round 2, Crossover pull-up, FoW and Crossover byes) are these same weights,
//! not separate code paths. [`solve`] finds the exact optimum fast; [`explain`] says why.

pub mod context;
pub mod explain;
pub mod matching;
mod pairs;
pub mod solve;
pub mod weights;

use crate::error::EngineError;
use crate::model::{PlayerId, Seats};
use crate::rules::structure::{self, Structure};
use crate::ruleset::ByeRule;
use crate::state::Event;
use context::{Context, Entrant};
pub use explain::Explanation;
pub use solve::{Phase, Strategy};
use tablekeeper_words::msg;
use weights::{Scale, Tiers};

/// A proposed pairing for the next round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub seed: u64,
    /// Pairs in table order (higher-placed player first), then the bye.
    pub seats: Vec<Seats>,
    pub explanation: Explanation,
    /// Table numbers of the pairs, in order (fixed tables kept, the rest 1, 2, 3, …).
    pub tables: Vec<u32>,
    /// Fixed tables that could not be honoured (two fixed players at one table).
    pub table_conflicts: Vec<String>,
    /// The matching's total weight (equal for equally good pairings; used by the oracle tests).
    pub total_weight: i128,
}

/// Whether rules may bend when no pairing keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// No rematch, no second bye while a player without one exists.
    Strict,
    /// Fewest rematches, then fewest extra byes.
    Relaxed,
}

/// Pairs the next round of `event` with randomness from `seed`.
pub fn pair_next_round(
    event: &Event,
    seed: u64,
    allow_rematches: bool,
) -> Result<Pairing, EngineError> {
    pair_with(event, seed, allow_rematches, Strategy::Sparse)
}

/// [`pair_next_round`] with an explicit solving strategy (the complete graph is the
/// dense oracle of the tests and the benchmark).
pub fn pair_with(
    event: &Event,
    seed: u64,
    allow_rematches: bool,
    strategy: Strategy,
) -> Result<Pairing, EngineError> {
    pair_probed(event, seed, allow_rematches, strategy, &mut |_| {})
}

/// [`pair_with`], telling `probe` each time a part of the work ends (the benchmark times
/// the parts with it; the engine itself reads no clock).
pub fn pair_probed(
    event: &Event,
    seed: u64,
    allow_rematches: bool,
    strategy: Strategy,
    probe: &mut dyn FnMut(Phase),
) -> Result<Pairing, EngineError> {
    if let Some(reason) = crate::rules::structure::finished(event)? {
        return Err(EngineError::StructureFinished(reason));
    }
    if event.settings.structure == Structure::RoundRobin {
        return Ok(round_robin(event, seed));
    }
    if event.settings.structure == Structure::SingleElimination {
        return Err(EngineError::InvalidPairing(msg!(
            "error.invalid-pairing.single-elimination-event-played-bracket",
            "a single-elimination event is played as a bracket, not in Swiss rounds"
        )));
    }
    let mut context = Context::new(event)?;
    // Solver order: score groups from the top, each in a seeded shuffle. The random tier
    // prefers opponents close in this order, so pairings inside a group are random and
    // the sparse candidate graph (nearest opponents) holds the optimum.
    context.entrants.sort_by_cached_key(|e| {
        (
            std::cmp::Reverse(e.score),
            mix(seed, u64::from(e.id.0), 0x5EED),
        )
    });
    if context.entrants.len() < 2 {
        return Err(EngineError::NotEnoughPlayers);
    }
    let bye_order = bye_order(event, &context, seed);
    probe(Phase::Context);
    if let Some(pairing) = attempt(&context, &bye_order, seed, Mode::Strict, strategy, probe)? {
        return Ok(pairing);
    }
    let relaxed =
        attempt(&context, &bye_order, seed, Mode::Relaxed, strategy, probe)?.ok_or_else(|| {
            EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.pairing-seats-every-player",
                "no pairing seats every player"
            ))
        })?;
    // Rematch avoidance outranks the second-bye rule: a forced second bye without any
    // rematch needs no permission (the explanation reports it).
    let rematches = relaxed.explanation.rematches.len();
    if allow_rematches || rematches == 0 {
        return Ok(relaxed);
    }
    Err(EngineError::RematchUnavoidable(msg!(
        "error.rematch-unavoidable.every-pairing-round-repeats-least",
        "every pairing of round {round} repeats at least {rematches} earlier match(es) (proved by the optimal matching); allow rematches to pair the round with the fewest",
        round = context.round,
        rematches = rematches
    )))
}

/// The next round of a round robin: the schedule's round, tables 1, 2, … in order
/// (`structure::round_robin_seats`). Nothing is optimised, so nothing needs explaining but
/// the bye.
fn round_robin(event: &Event, seed: u64) -> Pairing {
    let round = event.rounds.len() + 1;
    let seats = structure::round_robin_seats(event, round);
    let pairs = seats
        .iter()
        .filter(|s| matches!(s, Seats::Pair { .. }))
        .count();
    let bye = seats.iter().find_map(|s| match s {
        Seats::Single { player } => Some((
            *player,
            msg!("explain.bye.round-robin", "the round robin schedule"),
        )),
        Seats::Pair { .. } => None,
    });
    Pairing {
        seed,
        explanation: Explanation {
            round: u32::try_from(round).unwrap_or(u32::MAX),
            bye,
            bye_points: 0,
            floats: Vec::new(),
            rematches: Vec::new(),
            forced_second_byes: Vec::new(),
            notes: vec![msg!(
                "explain.round-robin",
                "round robin: round {round} of the schedule (every player meets every other once)",
                round = round
            )],
            bye_candidates: Vec::new(),
            inputs: Vec::new(),
            sparse_edges: 0,
            used_complete_graph: false,
        },
        tables: (1..=u32::try_from(pairs).unwrap_or(u32::MAX)).collect(),
        seats,
        table_conflicts: Vec::new(),
        total_weight: 0,
    }
}

/// Bye candidates, best first, by the ruleset's rule (decision 1, 003 §6b-iii,
/// decision 26); ties and round 1 are broken by the round's seed.
fn bye_order(event: &Event, context: &Context, seed: u64) -> Vec<usize> {
    let first_round = event.rounds.is_empty();
    let mut order: Vec<usize> = (0..context.entrants.len()).collect();
    let e = &context.entrants;
    let random = |i: usize| mix(seed, u64::from(e[i].id.0), 0xB7E);
    order.sort_by_cached_key(|&i| {
        let standing_key = match event.ruleset.pairing.bye {
            ByeRule::LowestRanked if !first_round => std::cmp::Reverse(e[i].standing),
            _ => std::cmp::Reverse(0),
        };
        let sos_key = match event.ruleset.pairing.bye {
            ByeRule::LowestPointsThenSos => e[i].sos,
            _ => 0,
        };
        (e[i].byes, e[i].score, sos_key, standing_key, random(i))
    });
    order
}

/// Solves one mode; `None` when no perfect matching exists in it.
fn attempt(
    context: &Context,
    bye_order: &[usize],
    seed: u64,
    mode: Mode,
    strategy: Strategy,
    probe: &mut dyn FnMut(Phase),
) -> Result<Option<Pairing>, EngineError> {
    let entrants = &context.entrants;
    let n = entrants.len();
    let bye_vertex = (n % 2 == 1).then_some(n);
    let vertices = n + usize::from(bye_vertex.is_some());
    let fewest_byes = entrants.iter().map(|e| e.byes).min().unwrap_or(0);
    let bye_rank: Vec<Option<i128>> = {
        let mut rank = vec![None; n];
        for (position, &index) in bye_order.iter().enumerate() {
            let eligible = mode == Mode::Relaxed || entrants[index].byes == fewest_byes;
            if eligible {
                rank[index] = Some(i128::try_from(position).unwrap_or(i128::MAX));
            }
        }
        rank
    };
    let max_score = entrants.iter().map(|e| e.score).max().unwrap_or(0);
    let min_score = entrants.iter().map(|e| e.score).min().unwrap_or(0);
    let max_gap = i128::from(max_score - min_score);
    let max_extra_byes = entrants
        .iter()
        .map(|e| e.byes - fewest_byes)
        .max()
        .unwrap_or(0);
    let scale = Scale::new(
        i128::try_from(vertices / 2).unwrap_or(i128::MAX),
        i128::try_from(vertices).unwrap_or(i128::MAX),
        max_gap * max_gap,
        i128::try_from(n).unwrap_or(i128::MAX),
        i128::try_from(max_extra_byes).unwrap_or(i128::MAX),
    )?;
    let tiers = |u: usize, v: usize| -> Option<Tiers> {
        if Some(v) == bye_vertex || Some(u) == bye_vertex {
            let player = if Some(v) == bye_vertex { u } else { v };
            return bye_rank[player].map(|rank| Tiers {
                second_bye: i128::try_from(entrants[player].byes - fewest_byes).unwrap_or(0),
                bye_preference: rank,
                ..Tiers::default()
            });
        }
        pair_tiers(context, u, v, mode)
    };
    let weight = |u: usize, v: usize| tiers(u, v).map(|t| scale.weight(&t));
    let upper = |u: usize, v: usize| {
        if Some(v) == bye_vertex || Some(u) == bye_vertex {
            return scale.base;
        }
        let gap = i128::from(entrants[u].score - entrants[v].score);
        scale.pair_weight_upper_bound(gap * gap, i128::try_from(u.abs_diff(v)).unwrap_or(0))
    };
    let group = |v: usize| entrants.get(v).map_or(i64::MIN, |e| e.score);
    let weights = solve::Weights {
        exact: &weight,
        upper: &upper,
        group: &group,
    };
    let (solution, report) = solve::solve(vertices, bye_vertex, strategy, &weights, probe);
    if solution.mate.iter().any(Option::is_none) {
        return Ok(None);
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye = None;
    for (u, mate) in solution.mate.iter().enumerate() {
        let Some(v) = *mate else { continue };
        if u > v {
            continue;
        }
        match bye_vertex {
            Some(b) if v == b => bye = Some(u),
            Some(b) if u == b => bye = Some(v),
            _ => pairs.push((u.min(v), u.max(v))),
        }
    }
    // Top tables for the highest scores (entrants are in standings order).
    // The better-placed player sits first.
    for pair in &mut pairs {
        if entrants[pair.1].standing < entrants[pair.0].standing {
            *pair = (pair.1, pair.0);
        }
    }
    pairs.sort_by_key(|&(u, v)| {
        let (a, b) = (&entrants[u], &entrants[v]);
        (
            std::cmp::Reverse(a.score.max(b.score)),
            std::cmp::Reverse(a.score.min(b.score)),
            a.standing,
        )
    });
    let (tables, table_conflicts) = assign_tables(entrants, &pairs);
    let mut seats: Vec<Seats> = pairs
        .iter()
        .map(|&(u, v)| Seats::Pair {
            a: entrants[u].id,
            b: entrants[v].id,
        })
        .collect();
    if let Some(player) = bye {
        seats.push(Seats::Single {
            player: entrants[player].id,
        });
    }
    let explanation = explain::explain(
        context,
        &pairs,
        bye,
        bye_order,
        report,
        mode == Mode::Relaxed,
    );
    let total_weight = pairs
        .iter()
        .map(|&(u, v)| weight(u, v).unwrap_or(0))
        .chain(bye.and_then(|b| bye_vertex.and_then(|h| weight(b.min(h), b.max(h)))))
        .sum();
    probe(Phase::Explanation);
    Ok(Some(Pairing {
        seed,
        seats,
        explanation,
        total_weight,
        tables,
        table_conflicts,
    }))
}

/// Tiers of the pair of solver vertices `u` and `v`.
fn pair_tiers(context: &Context, u: usize, v: usize, mode: Mode) -> Option<Tiers> {
    let (a, b): (&Entrant, &Entrant) = (&context.entrants[u], &context.entrants[v]);
    let rematch = context.have_met(a.id, b.id);
    if rematch && mode == Mode::Strict {
        return None;
    }
    let gap = i128::from((a.score - b.score).abs());
    let higher = if a.score > b.score { a } else { b };
    Some(Tiers {
        rematch: i128::from(rematch),
        gap_squared: gap * gap,
        cross_group: i128::from(gap > 0),
        repeat_float: i128::from(gap > 0 && higher.floated_down_last_round),
        random: i128::try_from(u.abs_diff(v)).unwrap_or(i128::MAX),
        ..Tiers::default()
    })
}

/// A seeded, order-independent hash (SplitMix64 finaliser): the random tier of an edge.
fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut z =
        seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The players seated by a pairing, for checks.
pub fn seated(seats: &[Seats]) -> Vec<PlayerId> {
    seats.iter().flat_map(|s| s.players()).collect()
}

/// Table numbers: a pair with a fixed-table player sits at that table; the other pairs
/// fill the remaining numbers from 1 in pairing order (top tables for top scores).
fn assign_tables(entrants: &[Entrant], pairs: &[(usize, usize)]) -> (Vec<u32>, Vec<String>) {
    let mut conflicts = Vec::new();
    let mut taken = std::collections::HashSet::new();
    let mut wanted: Vec<Option<u32>> = Vec::with_capacity(pairs.len());
    for &(u, v) in pairs {
        let fixed = entrants[u].fixed_table.or(entrants[v].fixed_table);
        if let (Some(x), Some(y)) = (entrants[u].fixed_table, entrants[v].fixed_table)
            && x != y
        {
            conflicts.push(format!(
                "players {} and {} both have a fixed table; they sit at table {x}",
                entrants[u].id, entrants[v].id
            ));
        }
        match fixed {
            Some(table) if taken.insert(table) => wanted.push(Some(table)),
            Some(table) => {
                conflicts.push(format!(
                    "table {table} is fixed for more than one pair; another table is used"
                ));
                wanted.push(None);
            }
            None => wanted.push(None),
        }
    }
    let mut next = 1u32;
    let tables = wanted
        .into_iter()
        .map(|fixed| {
            fixed.unwrap_or_else(|| {
                while taken.contains(&next) {
                    next += 1;
                }
                taken.insert(next);
                next
            })
        })
        .collect();
    (tables, conflicts)
}
