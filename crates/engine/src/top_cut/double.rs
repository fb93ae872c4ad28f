//! Double-elimination finals: an upper and a lower bracket and a grand final that is
//! replayed once if the upper-bracket finalist loses it (Force of Will, best-of-one finals:
//! 003 §6b-vi "1 game matches are double elimination", "Appendix: Finals Matching and
//! Progression"; RULESETS.md decision 23).
//!
//! The seed numbers the top-4 matches ("brackets") 1–7: bracket 7 "is only played if the
//! winner of bracket 3 loses in bracket 6", and "the player to go second in bracket 6
//! becomes the first turn player in bracket 7" (digest E15). Its diagrams are missing, so
//! which players meet in brackets 1–6 is the standard double-elimination shape that fits
//! those two sentences: 1 and 2 are the upper first round (seeds 1 v 4, 2 v 3), 3 the upper
//! final, 4 the lower first round (the losers of 1 and 2), 5 the lower final (the loser of
//! 3 against the winner of 4), 6 the grand final (winners of 3 and 5). Top 8 follows the
//! same shape with the upper semifinal losers crossed into the lower bracket, so nobody
//! meets the same opponent again before the lower final where it can be avoided.
//!
//! A plan is data: each match names where its two players come from. A round pairs every
//! match whose players are known, so independent upper and lower matches share a round.

use crate::model::PlayerId;

/// Where a player of a bracket match comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Seed n (1-based).
    Seed(usize),
    /// The winner of bracket match n.
    Winner(u8),
    /// The loser of bracket match n (dropping into the lower bracket).
    Loser(u8),
}

tablekeeper_words::choice_enum! {
    /// Which part of the double-elimination finals a match belongs to.
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export, rename = "BracketPart"))]
    pub enum Part {
        Upper = "upper",
        Lower = "lower",
        GrandFinal = "grand-final",
        /// The grand final replayed because the upper-bracket finalist lost it.
        Reset = "reset",
    }
}

/// One bracket match of a plan: its number (the seed's "bracket n"), part and sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Planned {
    pub number: u8,
    pub part: Part,
    pub a: Source,
    pub b: Source,
}

const fn m(number: u8, part: Part, a: Source, b: Source) -> Planned {
    Planned { number, part, a, b }
}

use Part::{GrandFinal, Lower, Reset, Upper};
use Source::{Loser, Seed, Winner};

/// Top 4 (digest E15): brackets 1–7.
const TOP_4: [Planned; 7] = [
    m(1, Upper, Seed(1), Seed(4)),
    m(2, Upper, Seed(2), Seed(3)),
    m(3, Upper, Winner(1), Winner(2)),
    m(4, Lower, Loser(1), Loser(2)),
    m(5, Lower, Loser(3), Winner(4)),
    m(6, GrandFinal, Winner(3), Winner(5)),
    m(7, Reset, Winner(6), Loser(6)),
];

/// Top 8: brackets 1–15 (upper semifinal losers crossed into the lower bracket).
const TOP_8: [Planned; 15] = [
    m(1, Upper, Seed(1), Seed(8)),
    m(2, Upper, Seed(4), Seed(5)),
    m(3, Upper, Seed(2), Seed(7)),
    m(4, Upper, Seed(3), Seed(6)),
    m(5, Upper, Winner(1), Winner(2)),
    m(6, Upper, Winner(3), Winner(4)),
    m(7, Lower, Loser(1), Loser(2)),
    m(8, Lower, Loser(3), Loser(4)),
    m(9, Lower, Winner(7), Loser(6)),
    m(10, Lower, Winner(8), Loser(5)),
    m(11, Upper, Winner(5), Winner(6)),
    m(12, Lower, Winner(9), Winner(10)),
    m(13, Lower, Winner(12), Loser(11)),
    m(14, GrandFinal, Winner(11), Winner(13)),
    m(15, Reset, Winner(14), Loser(14)),
];

/// The plan for `finalists` players, if double elimination supports that size.
pub fn plan(finalists: usize) -> Option<&'static [Planned]> {
    match finalists {
        4 => Some(&TOP_4),
        8 => Some(&TOP_8),
        _ => None,
    }
}

/// The sizes double-elimination finals take (FoW: top 4 or top 8, 003 §6b-vi).
pub const SIZES: &str = "4 or 8";

/// A decided bracket match: who won and who lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    pub winner: PlayerId,
    pub loser: PlayerId,
}

/// The player `source` names, once known.
pub fn resolve(
    source: Source,
    seeds: &[PlayerId],
    decided: &impl Fn(u8) -> Option<Decided>,
) -> Option<PlayerId> {
    match source {
        Source::Seed(n) => seeds.get(n.checked_sub(1)?).copied(),
        Source::Winner(k) => decided(k).map(|d| d.winner),
        Source::Loser(k) => decided(k).map(|d| d.loser),
    }
}

/// Whether `planned` is played at all: the reset only when the grand final went to the
/// lower-bracket player (the upper finalist's first loss).
pub fn needed(
    planned: &Planned,
    plan: &[Planned],
    decided: &impl Fn(u8) -> Option<Decided>,
) -> bool {
    if planned.part != Part::Reset {
        return true;
    }
    let Some(grand) = plan.iter().find(|p| p.part == Part::GrandFinal) else {
        return false;
    };
    let upper_finalist = match grand.a {
        Source::Winner(k) => decided(k).map(|d| d.winner),
        _ => None,
    };
    match (decided(grand.number), upper_finalist) {
        (Some(result), Some(upper)) => result.loser == upper,
        _ => false,
    }
}

/// The champion once the plan is decided: the grand final's winner if the upper finalist
/// won it, else the reset's winner.
pub fn champion(plan: &[Planned], decided: &impl Fn(u8) -> Option<Decided>) -> Option<PlayerId> {
    let reset = plan.iter().find(|p| p.part == Part::Reset)?;
    let grand = plan.iter().find(|p| p.part == Part::GrandFinal)?;
    if needed(reset, plan, decided) {
        decided(reset.number).map(|d| d.winner)
    } else {
        decided(grand.number).map(|d| d.winner)
    }
}
