//! The players a tie on points never reaches: whose finish, in every outcome, is on
//! another primary value than the one asked. Their relation to a player on that value is
//! settled by the primary alone (`LastRound::relation` compares it first), so the
//! tiebreakers' counts take them as sums, once per primary value, and ask a relation only
//! of those who can finish on it. At a thousand players with graded results that is most
//! of the field (docs/benchmarks.md, "Standings and the cut-line projection").

use std::rc::Rc;

use super::{Far, Field, Pending};
use crate::exact::Exact;

impl Field<'_> {
    /// What the tiebreakers' counts read for a finish on `primary` (cached per value).
    pub(super) fn far_from(&self, primary: Exact) -> Rc<Far> {
        if let Some(found) = self.far.borrow().get(&primary) {
            return Rc::clone(found);
        }
        let far = Rc::new(self.far_of(primary));
        self.far.borrow_mut().insert(primary, Rc::clone(&far));
        far
    }

    fn far_of(&self, primary: Exact) -> Far {
        let mut far = Far {
            complete: true,
            ..Far::default()
        };
        let Some(last) = self.last.as_ref() else {
            far.complete = false;
            return far;
        };
        for (index, (player, _, pending)) in self.players.iter().enumerate() {
            if !matches!(pending, Pending::Fixed) {
                continue;
            }
            match last.of(*player, None) {
                None => far.complete = false,
                Some(y) if y.primary == primary => far.near_fixed.push(index),
                Some(y) => far.above_fixed += usize::from(y.primary > primary),
            }
        }
        for (index, table) in self.tables.iter().enumerate() {
            let (mut most, mut fewest) = (0usize, usize::MAX);
            let mut near = false;
            for (outcome, possible) in table.outcomes.iter().enumerate() {
                let mut above = 0usize;
                for (seat, id) in [table.a, table.b].into_iter().enumerate() {
                    if possible.finish[seat].is_none() {
                        continue;
                    }
                    match last.of(id, Some(outcome)) {
                        None => far.complete = false,
                        Some(y) if y.primary == primary => near = true,
                        Some(y) => above += usize::from(y.primary > primary),
                    }
                }
                most = most.max(above);
                fewest = fewest.min(above);
            }
            if near {
                far.near_tables.push(index);
            } else {
                far.most += most;
                far.fewest += if fewest == usize::MAX { 0 } else { fewest };
            }
        }
        far
    }
}
