//! Ranking by successive refinement of tied groups.
//!
//! Players are grouped by the primary key; each tiebreaker then splits every group that
//! is still tied. Head-to-head is evaluated inside the group it has to break ("wins among
//! the tied", RULESETS.md Arithmetic), so a three-way cycle stays tied (digest D12).
//! What is left is ordered by a seeded random draw: distinct ranks under `random`, shared
//! ranks under `equal-rank` (the draw then only orders the display and any cut line).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::records::Records;
use super::values::Values;
use crate::exact::Exact;
use crate::model::{Outcome, PlayerId};
use crate::ruleset::{TieResolution, Tiebreaker};

/// A player's place after ranking.
pub struct Placed {
    pub player: PlayerId,
    pub rank: u32,
    /// The first position of the player's tied group.
    pub tied_rank: u32,
    pub head_to_head: Option<Exact>,
    pub decided_by_random: bool,
}

/// The seeded random key of every player id up to `count` (index = id − 1). Drawn in id
/// order, so registering another player never changes an existing player's key.
pub fn random_keys(seed: u64, count: usize) -> Vec<u64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(|_| rng.next_u64()).collect()
}

pub fn rank(
    primary: &[(PlayerId, Exact)],
    chain: &[Tiebreaker],
    values: &Values,
    records: &Records,
    unresolved: TieResolution,
    seed: u64,
) -> Vec<Placed> {
    let mut head_to_head = std::collections::HashMap::new();
    let mut sorted: Vec<(PlayerId, Exact)> = primary.to_vec();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    // The players in their order so far, and where each still-tied group starts (with
    // the end last): groups are runs of one list, not a list each (most end up alone).
    let mut order: Vec<PlayerId> = sorted.iter().map(|(p, _)| *p).collect();
    let mut starts = run_starts(&sorted);
    let mut keyed: Vec<(PlayerId, Exact)> = Vec::new();
    // Head-to-head asks, for each record of each member, whether the opponent is in the
    // group: members are marked by id (searching the group was quadratic in its size).
    let mut in_group: Vec<bool> = Vec::new();
    for tiebreaker in chain {
        let mut refined = Vec::with_capacity(starts.len());
        for bounds in starts.windows(2) {
            let (from, to) = (bounds[0], bounds[1]);
            if to - from < 2 {
                refined.push(from);
                continue;
            }
            let group = &order[from..to];
            if *tiebreaker == Tiebreaker::HeadToHead {
                mark(&mut in_group, group, true);
            }
            keyed.clear();
            keyed.extend(group.iter().map(|p| {
                let key = match tiebreaker {
                    Tiebreaker::HeadToHead => {
                        let wins = wins_against(records, *p, &in_group);
                        head_to_head.insert(*p, wins);
                        wins
                    }
                    other => values.of(*other, *p),
                };
                (*p, key)
            }));
            if *tiebreaker == Tiebreaker::HeadToHead {
                mark(&mut in_group, group, false);
            }
            if tiebreaker.higher_is_better() {
                keyed.sort_by_key(|a| std::cmp::Reverse(a.1));
            } else {
                keyed.sort_by_key(|a| a.1);
            }
            refined.extend(
                run_starts(&keyed)
                    .iter()
                    .take_while(|s| **s < to - from)
                    .map(|s| from + s),
            );
            for (slot, (player, _)) in order[from..to].iter_mut().zip(&keyed) {
                *slot = *player;
            }
        }
        refined.push(order.len());
        starts = refined;
    }
    let max_id = primary.iter().map(|(p, _)| p.0 as usize).max().unwrap_or(0);
    let keys = random_keys(seed, max_id);
    let key_of = |p: &PlayerId| {
        keys.get((p.0 as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0)
    };
    let mut placed = Vec::with_capacity(primary.len());
    let mut position = 0u32;
    for bounds in starts.windows(2) {
        let group = &mut order[bounds[0]..bounds[1]];
        let tied = group.len() > 1;
        group.sort_by_key(|p| (key_of(p), p.0));
        let group_rank = position + 1;
        for player in group.iter().copied() {
            position += 1;
            let rank = match unresolved {
                TieResolution::Random => position,
                TieResolution::EqualRank => group_rank,
            };
            placed.push(Placed {
                player,
                rank,
                tied_rank: group_rank,
                head_to_head: head_to_head.get(&player).copied(),
                decided_by_random: tied && unresolved == TieResolution::Random,
            });
        }
    }
    placed
}

/// Where each run of equal keys starts, then the end.
fn run_starts(sorted: &[(PlayerId, Exact)]) -> Vec<usize> {
    let mut starts: Vec<usize> = (0..sorted.len())
        .filter(|&i| i == 0 || sorted[i].1 != sorted[i - 1].1)
        .collect();
    starts.push(sorted.len());
    starts
}

/// Sets (or clears) the mark of every member of `group`, growing the marks as needed.
fn mark(marks: &mut Vec<bool>, group: &[PlayerId], value: bool) {
    for p in group {
        let index = p.0 as usize;
        if index >= marks.len() {
            marks.resize(index + 1, false);
        }
        marks[index] = value;
    }
}

/// The player's wins against opponents marked in `in_group` (by player id).
fn wins_against(records: &Records, player: PlayerId, in_group: &[bool]) -> Exact {
    let wins = records
        .of(player)
        .iter()
        .filter(|r| r.seat.outcome == Outcome::Win)
        .filter(|r| {
            r.opponent
                .is_some_and(|o| in_group.get(o.0 as usize) == Some(&true))
        })
        .count();
    Exact::integer(i64::try_from(wins).unwrap_or(i64::MAX))
}
