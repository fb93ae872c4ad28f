//! Where an event is being written (docs/lan.md, "Never two writers"): what a laptop says
//! of the event it holds, so that the laptop of an older epoch, or the one of two stations
//! that took over at once which gives way, learns where the event went.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a laptop serving an event says of it (public: the phones' page asks too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct WhereaboutsView {
    /// The event's identity (the same on every copy of it).
    pub identity: String,
    /// How many takeovers its log records (0: still on the laptop that created it).
    #[ts(type = "number")]
    pub epoch: i64,
    /// The station whose takeover began the epoch.
    pub by: Option<String>,
    /// Rows in its log.
    #[ts(type = "number")]
    pub rows: i64,
    /// Set once this laptop learned that the event is written elsewhere now: that address.
    pub moved_to: Option<String>,
}

impl WhereaboutsView {
    /// Whether the laptop answering `self` carries the event on rather than `mine`'s: the
    /// same event, not itself given way, and a newer epoch — or the same epoch begun by two
    /// stations at once, where the copy holding more rows goes on (ties: the station name
    /// first in order), so both laptops reach the same verdict.
    pub fn outranks(&self, mine: &WhereaboutsView) -> bool {
        if self.identity != mine.identity || self.moved_to.is_some() {
            return false;
        }
        if self.epoch != mine.epoch {
            return self.epoch > mine.epoch;
        }
        self.epoch > 0
            && (std::cmp::Reverse(self.rows), &self.by) < (std::cmp::Reverse(mine.rows), &mine.by)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(epoch: i64, by: &str, rows: i64) -> WhereaboutsView {
        WhereaboutsView {
            identity: "e".into(),
            epoch,
            by: (epoch > 0).then(|| by.to_string()),
            rows,
            moved_to: None,
        }
    }

    #[test]
    fn a_newer_epoch_outranks_an_older_one_whatever_it_holds() {
        assert!(at(1, "B", 10).outranks(&at(0, "", 50)));
        assert!(!at(0, "", 50).outranks(&at(1, "B", 10)));
    }

    #[test]
    fn two_takeovers_at_once_agree_on_one_laptop() {
        let (b, c) = (at(1, "B", 40), at(1, "C", 41));
        assert!(c.outranks(&b) && !b.outranks(&c), "more rows go on");
        let (b, c) = (at(1, "B", 40), at(1, "C", 40));
        assert!(
            b.outranks(&c) && !c.outranks(&b),
            "a tie goes to the first name"
        );
        assert!(
            !b.outranks(&b.clone()),
            "a laptop never gives way to itself"
        );
    }

    #[test]
    fn another_event_or_a_laptop_that_gave_way_outranks_nothing() {
        let mut other = at(2, "B", 10);
        other.identity = "f".into();
        assert!(!other.outranks(&at(0, "", 5)));
        let mut gave_way = at(2, "B", 10);
        gave_way.moved_to = Some("10.0.0.3:8080".into());
        assert!(!gave_way.outranks(&at(0, "", 5)));
    }
}
