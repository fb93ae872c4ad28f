//! Lexicographic integer weights for the pairing matching.
//!
//! Each edge has a cost per tier (RULESETS.md "Standard Swiss pairing", highest first):
//! rematch, second bye, bye preference, squared score gap, crossing score groups, paired
//! down two rounds running, seeded random (distance in a seeded shuffle of each score group, so the
//! sparse candidate graph holds the likely pairs). A tier's multiplier exceeds the largest total
//! all lower tiers can reach over a whole pairing, so the comparison is lexicographic
//! with plain integer sums. Weight = `base − cost`, where `base` exceeds every cost, so a
//! pairing that seats everyone always beats one that does not.

use crate::error::EngineError;
use tablekeeper_words::msg;

/// Per-edge tier values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tiers {
    pub rematch: i128,
    pub second_bye: i128,
    pub bye_preference: i128,
    pub gap_squared: i128,
    pub cross_group: i128,
    pub repeat_float: i128,
    pub random: i128,
}

/// Multipliers for one pairing problem.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    rematch: i128,
    second_bye: i128,
    bye_preference: i128,
    gap_squared: i128,
    cross_group: i128,
    repeat_float: i128,
    pub base: i128,
}

fn overflow() -> EngineError {
    EngineError::InvalidPairing(msg!(
        "error.invalid-pairing.event-too-large-weigh-exactly",
        "the event is too large to weigh exactly"
    ))
}

impl Scale {
    /// Multipliers for `pairs` edges in a pairing, the largest random value, the largest
    /// squared gap, the largest bye preference rank and the largest number of extra byes.
    pub fn new(
        pairs: i128,
        max_random: i128,
        max_gap_squared: i128,
        max_bye_rank: i128,
        max_extra_byes: i128,
    ) -> Result<Scale, EngineError> {
        let mul = |a: i128, b: i128| a.checked_mul(b).ok_or_else(overflow);
        let add = |a: i128, b: i128| a.checked_add(b).ok_or_else(overflow);
        // `total` is the largest cost the tiers below the next one can add up to.
        let mut total = mul(pairs, max_random)?;
        let repeat_float = add(total, 1)?;
        total = add(total, mul(pairs, repeat_float)?)?;
        let cross_group = add(total, 1)?;
        total = add(total, mul(pairs, cross_group)?)?;
        let gap_squared = add(total, 1)?;
        total = add(total, mul(mul(pairs, max_gap_squared)?, gap_squared)?)?;
        let bye_preference = add(total, 1)?;
        total = add(total, mul(max_bye_rank, bye_preference)?)?;
        let second_bye = add(total, 1)?;
        total = add(total, mul(max_extra_byes, second_bye)?)?;
        let rematch = add(total, 1)?;
        total = add(total, mul(pairs, rematch)?)?;
        let base = add(total, 1)?;
        // The matching doubles weights internally; keep headroom.
        mul(base, 4)?;
        Ok(Scale {
            rematch,
            second_bye,
            bye_preference,
            gap_squared,
            cross_group,
            repeat_float,
            base,
        })
    }

    pub fn cost(&self, t: &Tiers) -> i128 {
        t.rematch * self.rematch
            + t.second_bye * self.second_bye
            + t.bye_preference * self.bye_preference
            + t.gap_squared * self.gap_squared
            + t.cross_group * self.cross_group
            + t.repeat_float * self.repeat_float
            + t.random
    }

    pub fn weight(&self, t: &Tiers) -> i128 {
        self.base - self.cost(t)
    }

    /// An upper bound of the weight of a legal pair with this squared gap and random
    /// value (exact unless the pair is a rematch or a repeated float).
    pub fn pair_weight_upper_bound(&self, gap_squared: i128, random: i128) -> i128 {
        self.base
            - gap_squared * self.gap_squared
            - i128::from(gap_squared > 0) * self.cross_group
            - random
    }
}
