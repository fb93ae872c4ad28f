//! Why a pairing looks the way it does: who was paired outside their score group and why,
//! why the bye went where it did, and whether a rematch or second bye was forced.

use super::context::Context;
use super::solve::SolveReport;
use crate::model::PlayerId;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

/// A pair whose players have different scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Float {
    pub higher: PlayerId,
    pub higher_score: i64,
    pub lower: PlayerId,
    pub lower_score: i64,
    pub reason: Message,
}

/// The numbers the pairer used for one player (score, byes, paired down last round, the
/// bye tie-break), so an organizer can check a bye or a float by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerInputs {
    pub player: PlayerId,
    /// Points before the round (as the pairer counts them).
    pub score: i64,
    pub byes: usize,
    /// Paired against a lower-scored opponent in the previous round.
    pub paired_down_last_round: bool,
    /// Position in the standings among the players paired (1 = first).
    pub standing: usize,
    /// The bye tie-break SoS (Crossover TB1, decision 26), where the bye rule uses it.
    pub sos: Option<i64>,
}

/// How many players the explanation lists in the bye order besides the recipient.
const BYE_CANDIDATES: usize = 5;

/// The explanation of one round's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub round: u32,
    pub bye: Option<(PlayerId, Message)>,
    /// Points of the bye recipient before the round.
    pub bye_points: i64,
    pub floats: Vec<Float>,
    /// Pairs that repeat an earlier match; non-empty only when no pairing avoids them.
    pub rematches: Vec<(PlayerId, PlayerId)>,
    /// Players given a second bye although another player has none (forced).
    pub forced_second_byes: Vec<PlayerId>,
    /// Summary lines for people.
    pub notes: Vec<Message>,
    /// The bye order's first players (best placed to receive it first), for the bye.
    pub bye_candidates: Vec<PlayerId>,
    /// The numbers the pairer used for every player named in this explanation.
    pub inputs: Vec<PlayerInputs>,
    pub sparse_edges: usize,
    pub used_complete_graph: bool,
}

pub fn explain(
    context: &Context,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
    bye_order: &[usize],
    report: SolveReport,
    relaxed: bool,
) -> Explanation {
    let e = &context.entrants;
    let bye_id = bye.map(|b| e[b].id);
    let group_size = |score: i64| {
        e.iter()
            .filter(|x| x.score == score && Some(x.id) != bye_id)
            .count()
    };
    let mut floats = Vec::new();
    let mut rematches = Vec::new();
    for &(u, v) in pairs {
        let (a, b) = (&e[u], &e[v]);
        if context.have_met(a.id, b.id) {
            rematches.push((a.id, b.id));
        }
        if a.score == b.score {
            continue;
        }
        let (high, low) = if a.score > b.score { (a, b) } else { (b, a) };
        let reason = if group_size(high.score) % 2 == 1 {
            msg!(
                "explain.float.odd-group",
                "the {points}-point group has an odd number of players",
                points = high.score
            )
        } else {
            msg!(
                "explain.float.rematch-in-group",
                "pairing inside the {points}-point group would repeat an earlier match",
                points = high.score
            )
        };
        floats.push(Float {
            higher: high.id,
            higher_score: high.score,
            lower: low.id,
            lower_score: low.score,
            reason,
        });
    }
    let uses_sos = context.bye_uses_sos;
    let mut notes = Vec::new();
    let fewest = e.iter().map(|x| x.byes).min().unwrap_or(0);
    let mut forced_second_byes = Vec::new();
    let bye_note = bye.map(|b| {
        let player = &e[b];
        let preferred = bye_order.iter().find(|&&i| e[i].byes == fewest).copied();
        let passed_over = preferred.is_some_and(|p| p != b) && player.byes == fewest;
        let reason = if player.byes > fewest {
            forced_second_byes.push(player.id);
            msg!(
                "explain.bye.forced-second",
                "every player without a bye would force a rematch, so a player who already had one gets it"
            )
        } else if context.round == 1 {
            msg!("explain.bye.round-one", "round 1: chosen at random from the round's seed")
        } else {
            match (uses_sos, passed_over) {
                (true, false) => msg!(
                    "explain.bye.lowest-sos",
                    "lowest eligible player by the ruleset's bye rule ({points} points, SoS {sos}, no bye yet)",
                    points = player.score,
                    sos = player.sos
                ),
                (true, true) => msg!(
                    "explain.bye.lowest-sos-passed-over",
                    "lowest eligible player by the ruleset's bye rule ({points} points, SoS {sos}, no bye yet); players ranked for it first could not take it without a rematch",
                    points = player.score,
                    sos = player.sos
                ),
                (false, false) => msg!(
                    "explain.bye.lowest",
                    "lowest eligible player by the ruleset's bye rule ({points} points, no bye yet)",
                    points = player.score
                ),
                (false, true) => msg!(
                    "explain.bye.lowest-passed-over",
                    "lowest eligible player by the ruleset's bye rule ({points} points, no bye yet); players ranked for it first could not take it without a rematch",
                    points = player.score
                ),
            }
        };
        (player.id, reason)
    });
    if !rematches.is_empty() {
        notes.push(msg!(
            "explain.rematches-forced",
            "{count} rematch(es) forced: no pairing of this round avoids them (proved by the optimal matching)",
            count = rematches.len()
        ));
    }
    if relaxed && rematches.is_empty() && forced_second_byes.is_empty() {
        notes.push(msg!("explain.no-rule-bent", "no rule had to bend"));
    }
    let bye_candidates: Vec<PlayerId> = if bye.is_some() {
        bye_order
            .iter()
            .take(BYE_CANDIDATES)
            .map(|&i| e[i].id)
            .collect()
    } else {
        Vec::new()
    };
    let mut named: Vec<PlayerId> = bye_candidates.clone();
    named.extend(bye_id);
    for f in &floats {
        named.extend([f.higher, f.lower]);
    }
    for (a, b) in &rematches {
        named.extend([*a, *b]);
    }
    let mut inputs: Vec<PlayerInputs> = Vec::new();
    for id in named {
        if inputs.iter().any(|i| i.player == id) {
            continue;
        }
        if let Some(x) = e.iter().find(|x| x.id == id) {
            inputs.push(PlayerInputs {
                player: id,
                score: x.score,
                byes: x.byes,
                paired_down_last_round: x.floated_down_last_round,
                standing: x.standing + 1,
                sos: uses_sos.then_some(x.sos),
            });
        }
    }
    Explanation {
        round: context.round,
        bye_points: bye.map_or(0, |b| e[b].score),
        bye_candidates,
        inputs,
        bye: bye_note,
        floats,
        rematches,
        forced_second_byes,
        notes,
        sparse_edges: report.sparse_edges,
        used_complete_graph: report.used_complete_graph,
    }
}
