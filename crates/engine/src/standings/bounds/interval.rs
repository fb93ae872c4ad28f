//! An interval of exact values: where a tiebreaker lies over the outcomes still open.

use crate::exact::Exact;

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

    pub(super) fn hull(self, other: Interval) -> Interval {
        Interval {
            low: self.low.min(other.low),
            high: self.high.max(other.high),
        }
    }
}
