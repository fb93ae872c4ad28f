//! Elimination tests of the Swiss-paired double-elimination formats.

use crate::exact::{ArithmeticError, Exact};
use crate::ruleset::Ruleset;

/// FoW points threshold (003 §6b-iv): after round `r`, a player with fewer victory points
/// than `(r − 1) × 3` is eliminated. The 3 is the ruleset's win points.
pub fn points_threshold(ruleset: &Ruleset, finished_rounds: u32) -> Result<Exact, ArithmeticError> {
    let rounds_before = i64::from(finished_rounds.saturating_sub(1));
    ruleset
        .points
        .win
        .checked_mul(Exact::integer(rounds_before))
}

/// Whether `points` after `finished_rounds` is below the FoW threshold (digest D5).
pub fn below_points_threshold(
    ruleset: &Ruleset,
    finished_rounds: u32,
    points: Exact,
) -> Result<bool, ArithmeticError> {
    Ok(points < points_threshold(ruleset, finished_rounds)?)
}
