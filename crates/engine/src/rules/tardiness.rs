//! The penalty lateness earns under the ruleset's tardiness thresholds (decision 16; 000 PG
//! §3.9.2, 002 §7, 004 VIIII).

use crate::model::PenaltyType;
use crate::ruleset::Ruleset;

/// The penalty the ruleset gives a player `minutes` late: the threshold with the most
/// minutes that `minutes` reaches (inclusive or strictly past, as the ruleset says).
pub fn penalty_for(ruleset: &Ruleset, minutes: u32) -> Option<PenaltyType> {
    let mut thresholds = ruleset.penalties.tardiness.clone();
    thresholds.sort_by_key(|t| std::cmp::Reverse(t.minutes));
    thresholds
        .iter()
        .find(|t| {
            if t.inclusive {
                minutes >= t.minutes
            } else {
                minutes > t.minutes
            }
        })
        .and_then(|t| PenaltyType::from_id(&t.penalty))
}
