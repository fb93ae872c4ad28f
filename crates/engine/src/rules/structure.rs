//! The event's structure: how rounds follow each other and who is still in.
//!
//! - **Swiss** (the default): every active player is paired every round.
//! - **Round robin** (Bushiroad recommends it for 2–4 fighters, 000 §3.2.1.1; Crossover
//!   ranks it with its own chain, 004 VIII "Tie Breaking (Round Robin Tournaments)"):
//!   everyone meets everyone once, on the circle-method schedule of the players registered
//!   before round 1; a player who dropped leaves their scheduled opponent a bye.
//! - **Two-loss** elimination (Bushiroad "Double Elimination", 000 §3.2.2–§3.2.2.2,
//!   001 本文 第3部 第2章 第2節): paired like Swiss among the fighters with fewer than two
//!   losses; a draw counts as a loss; it ends when one fighter is left undefeated, or when
//!   the undefeated are fewer than (EN) / at most (JA 以下) the announced finalists
//!   (decision 7).
//! - **Points-threshold** elimination (Force of Will "Double Elimination", 003 §6b-iv):
//!   Swiss matching among the players not eliminated; after round r a player with fewer
//!   victory points than (r − 1) × 3 is out (digest D5); it ends at the announced rounds or
//!   the announced number of remaining players, or (announced with a minimum of rounds) once
//!   only one remaining player has not lost a round.
//! - **Single elimination** from round 1 (002 §3.4, §3.4.1; 003 §6b-ii; 000 §3.2.3): the
//!   whole event is a bracket ([`crate::top_cut::bracket`]): a seeded bracket, or under FoW every
//!   remaining player paired at random each round.
//!
//! Everything here is derived from the completed rounds, so replaying the log gives the
//! same eliminations.

use crate::error::EngineError;
use crate::model::{PlayerId, Seats};
use crate::ruleset::{CutComparison, VariableRounds};
use crate::standings::elimination::{eliminated, losses, lost_any};
use crate::standings::records::Records;
use crate::state::Event;
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::msg;

pub use crate::model::{EliminationStop, Structure};

/// Ruleset changes a structure implies, applied before the organizer's own overrides
/// (`field=value`, as `--set` takes them): Bushiroad's two-loss format ranks by wins with
/// "effective rounds" in the match-win denominator (000 §3.2.2.2, 001 第3部第2章第2節第2項),
/// and a draw is a loss for both (000 §3.2.2 "both fighters are considered to have lost";
/// 001 「引き分けは敗北したものと同様に扱います」), so it scores the loss points.
pub fn ruleset_overrides(structure: Structure, base: &crate::ruleset::Ruleset) -> Vec<String> {
    match structure {
        Structure::TwoLoss => vec![
            "standings.primary=wins".into(),
            "match_win.denominator=effective-rounds".into(),
            format!("points.draw={}", base.points.loss),
        ],
        Structure::Swiss
        | Structure::RoundRobin
        | Structure::PointsThreshold
        | Structure::SingleElimination => Vec::new(),
    }
}

/// Why the structure allows no further round, if it does not (besides the planned rounds,
/// which the event checks for every structure).
pub fn finished(event: &Event) -> Result<Option<Message>, EngineError> {
    let structure = event.settings.structure;
    let played = event.rounds.len();
    match structure {
        Structure::Swiss => variable_rounds_over(event),
        Structure::SingleElimination => {
            Ok(event.cut.as_ref().filter(|cut| cut.is_finished()).map(|_| {
                msg!(
                    "structure.single-elimination-decided",
                    "the single-elimination bracket is decided"
                )
            }))
        }
        Structure::RoundRobin => {
            let schedule = round_robin_rounds(round_robin_field(event).len());
            Ok((played >= schedule).then(|| {
                msg!(
                    "structure.round-robin-complete",
                    "the round robin is complete: all {rounds} rounds have been played",
                    rounds = schedule
                )
            }))
        }
        Structure::TwoLoss | Structure::PointsThreshold => {
            if played == 0 {
                return Ok(None);
            }
            let out = eliminated(event)?;
            let records = Records::collect(event);
            let remaining: Vec<PlayerId> = event
                .active_players()
                .map(|p| p.id)
                .filter(|p| !out.contains(p))
                .collect();
            let undefeated = remaining
                .iter()
                .filter(|p| losses(&records, **p) == 0)
                .count();
            let finalists = event.settings.elimination_stop.finalists as usize;
            if remaining.len() < 2 {
                return Ok(Some(msg!(
                    "structure.elimination-decided",
                    "{players} player(s) remain in the elimination; the event is decided",
                    players = remaining.len()
                )));
            }
            if structure == Structure::TwoLoss {
                if undefeated <= 1 {
                    return Ok(Some(msg!(
                        "structure.two-loss-one-undefeated",
                        "only one fighter is left undefeated, and wins the event (000 §3.2.2.1)"
                    )));
                }
                let stop = match event.ruleset.pairing.cut_comparison {
                    CutComparison::LessThan => undefeated < finalists,
                    CutComparison::AtMost => undefeated <= finalists,
                };
                if finalists > 0 && stop {
                    return Ok(Some(msg!(
                        "structure.two-loss-finalists",
                        "{undefeated} fighters are undefeated for {finalists} finalist places; the elimination rounds are over",
                        undefeated = undefeated,
                        finalists = finalists
                    )));
                }
            } else if finalists > 0 && remaining.len() <= finalists {
                return Ok(Some(msg!(
                    "structure.threshold-remaining",
                    "{players} players remain, the announced number ({finalists}); the elimination rounds are over",
                    players = remaining.len(),
                    finalists = finalists
                )));
            } else {
                // 003 §6b-iv "An Event Organizer may choose to end the tournament once there
                // is only one remaining player who has not lost a single round" (announced
                // with --min-rounds; docs/decisions.md 35).
                let min = event.settings.elimination_stop.min_rounds as usize;
                let completed = event.completed_rounds().count();
                let unbeaten = remaining
                    .iter()
                    .filter(|p| !lost_any(&records, **p))
                    .count();
                // Only under a ruleset counting "not lost" (FoW's `variable_rounds = "no-loss"`):
                // an older ruleset copy keeps its event replaying as it did.
                let no_loss = event.ruleset.pairing.variable_rounds == VariableRounds::NoLoss;
                if no_loss && min > 0 && completed >= min && completed == played && unbeaten == 1 {
                    return Ok(Some(msg!(
                        "structure.threshold-one-unbeaten",
                        "only one remaining player has not lost a round after {completed} rounds (003 §6b-iv)",
                        completed = completed
                    )));
                }
            }
            Ok(None)
        }
    }
}

/// Swiss variable rounds: over once the minimum is played and the players with only wins
/// are down to one, or below the prize places (decision 7's comparison).
fn variable_rounds_over(event: &Event) -> Result<Option<Message>, EngineError> {
    let stop = event.settings.elimination_stop;
    let completed = event.completed_rounds().count();
    if stop.min_rounds == 0
        || completed < stop.min_rounds as usize
        || completed < event.rounds.len()
    {
        return Ok(None);
    }
    let records = Records::collect(event);
    let mode = event.ruleset.pairing.variable_rounds;
    let perfect = event
        .active_players()
        .filter(|p| match mode {
            VariableRounds::OnlyWins => losses(&records, p.id) == 0,
            VariableRounds::NoLoss => !lost_any(&records, p.id),
        })
        .count();
    let finalists = stop.finalists as usize;
    let (over, words) = match mode {
        VariableRounds::OnlyWins => (
            perfect <= 1,
            Param::word("structure.with-only-wins", "with only wins"),
        ),
        // 003 §6b-v: "only one remaining player who has not lost a single round" — a draw
        // is not a loss, and none left is not "only one" (the set rounds then apply).
        VariableRounds::NoLoss => (
            perfect == 1,
            Param::word("structure.without-a-loss", "without a loss"),
        ),
    };
    if over {
        return Ok(Some(msg!(
            "structure.variable-rounds-over",
            "variable rounds: {players} player(s) {record} after {completed} rounds (minimum {minimum})",
            players = perfect,
            record = words,
            completed = completed,
            minimum = stop.min_rounds
        )));
    }
    let below = match event.ruleset.pairing.cut_comparison {
        CutComparison::LessThan => perfect < finalists,
        CutComparison::AtMost => perfect <= finalists,
    };
    if finalists > 0 && below {
        return Ok(Some(msg!(
            "structure.variable-rounds-prize-places",
            "variable rounds: {players} players {record} for {finalists} prize places after {completed} rounds",
            players = perfect,
            record = words,
            finalists = finalists,
            completed = completed
        )));
    }
    Ok(None)
}

/// The round-robin field: players registered before round 1 (in registration order).
pub fn round_robin_field(event: &Event) -> Vec<PlayerId> {
    event
        .players
        .iter()
        .filter(|p| p.joined_round <= 1)
        .map(|p| p.id)
        .collect()
}

/// Rounds a round robin of `players` needs: n − 1, or n with a bye each round when odd.
pub fn round_robin_rounds(players: usize) -> usize {
    if players < 2 {
        0
    } else if players.is_multiple_of(2) {
        players - 1
    } else {
        players
    }
}

/// Round `round` (1-based) of the circle-method schedule: slot 0 stays, the others turn one
/// place a round, so over all rounds every two players meet exactly once. `None` is the
/// bye slot of an odd field. Pairs are returned top slot first.
pub fn circle_round(field: &[PlayerId], round: usize) -> Vec<(Option<PlayerId>, Option<PlayerId>)> {
    let mut slots: Vec<Option<PlayerId>> = field.iter().copied().map(Some).collect();
    if !slots.len().is_multiple_of(2) {
        slots.push(None);
    }
    let n = slots.len();
    if n < 2 {
        return Vec::new();
    }
    let turn = round.saturating_sub(1) % (n - 1);
    let mut order = Vec::with_capacity(n);
    order.push(slots[0]);
    for i in 0..n - 1 {
        order.push(slots[1 + (i + n - 1 - turn) % (n - 1)]);
    }
    (0..n / 2).map(|i| (order[i], order[n - 1 - i])).collect()
}

/// The seats of round robin round `round`: scheduled pairs of players still active; a
/// player whose scheduled opponent is the bye slot or has dropped gets the bye.
pub fn round_robin_seats(event: &Event, round: usize) -> Vec<Seats> {
    let active = |p: Option<PlayerId>| {
        p.filter(|id| event.player(*id).is_ok_and(|player| player.is_active()))
    };
    let mut pairs = Vec::new();
    let mut byes = Vec::new();
    for (a, b) in circle_round(&round_robin_field(event), round) {
        match (active(a), active(b)) {
            (Some(a), Some(b)) => pairs.push(Seats::Pair { a, b }),
            (Some(player), None) | (None, Some(player)) => byes.push(Seats::Single { player }),
            (None, None) => {}
        }
    }
    pairs.extend(byes);
    pairs
}
