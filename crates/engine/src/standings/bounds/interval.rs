//! An interval of exact values: where a tiebreaker lies over the outcomes still open.

use crate::exact::{ArithmeticError, Exact};

/// The least and greatest value a tiebreaker can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    pub low: Exact,
    pub high: Exact,
}

impl Interval {
    pub(super) fn exact(value: Exact) -> Interval {
        Interval {
            low: value,
            high: value,
        }
    }

    /// The interval of the sums: each end added.
    pub(super) fn plus(self, other: Interval) -> Result<Interval, ArithmeticError> {
        Ok(Interval {
            low: self.low.checked_add(other.low)?,
            high: self.high.checked_add(other.high)?,
        })
    }

    pub(super) fn hull(self, other: Interval) -> Interval {
        Interval {
            low: self.low.min(other.low),
            high: self.high.max(other.high),
        }
    }
}
