//! Where one player finishes against another in every outcome of the last round: the
//! bounds first ([`super::Interval`]s and exact [`super::difference`]s), then, where they
//! leave it open and few tables matter, every outcome of those tables; head-to-head among
//! the players who can tie.

use super::interval::Interval;
use super::last_round::{Bounded, LastRound};
use crate::exact::Exact;
use crate::ruleset::Tiebreaker;

impl LastRound {
    /// Where `y` finishes against `x` whatever the other tables do: surely above (more
    /// points, or the same and a tiebreaker that separates them for sure before any that
    /// could go either way), surely below, surely tied (a random order), or open. The
    /// bounds decide first; where they leave it open and the tables the two players'
    /// tiebreakers depend on are few, every outcome of those tables is tried.
    pub fn relation(&self, y: &Bounded, x: &Bounded) -> Relation {
        if y.primary != x.primary {
            return if y.primary > x.primary {
                Relation::Above
            } else {
                Relation::Below
            };
        }
        match self.by_bounds(y, x) {
            Some(relation) => relation,
            None => self.by_enumeration(y, x).unwrap_or(Relation::Open),
        }
    }

    /// The relation the bounds prove; `None` when a tiebreaker before head-to-head is
    /// left open (trying outcomes may still settle it).
    fn by_bounds(&self, y_finish: &Bounded, x_finish: &Bounded) -> Option<Relation> {
        let pairs = y_finish.chain.iter().zip(&x_finish.chain);
        for (tiebreaker, (y, x)) in self.chain.iter().zip(pairs) {
            let (Some(y), Some(x)) = (y, x) else {
                // Head-to-head, reached when everything before is surely equal.
                return Some(self.head_to_head(y_finish, x_finish));
            };
            let mut order = order_of(*tiebreaker, y, x);
            if order == Relation::Open {
                // The least and greatest difference, where it is exact per table.
                if let Some(difference) = self.difference(*tiebreaker, y_finish, x_finish) {
                    order = order_of(*tiebreaker, &difference, &Interval::exact(Exact::ZERO));
                }
            }
            match order {
                Relation::Tied => continue,
                Relation::Open => return None,
                settled => return Some(settled),
            }
        }
        Some(Relation::Tied)
    }

    /// Tries every outcome of the tables `y`'s and `x`'s tiebreakers depend on (beyond
    /// their own, already fixed): the relation that holds in each, else open. `None`
    /// when there are more than [`ENUMERATION_LIMIT`] outcomes to try.
    fn by_enumeration(&self, y: &Bounded, x: &Bounded) -> Option<Relation> {
        let own = [self.at_table[y.player], self.at_table[x.player]];
        // Every table the whole chain depends on; else those of the first-order
        // tiebreakers (a scenario that reaches a second-order one then proves nothing).
        let within_limit = |depends_on: &[Vec<Vec<usize>>]| {
            let (of_y, of_x) = (
                &depends_on[y.player][y.outcome],
                &depends_on[x.player][x.outcome],
            );
            // All but the two own tables are free, each with the fewest outcomes at least:
            // too many is known before collecting them.
            let free_at_least = of_y.len().max(of_x.len()).saturating_sub(2);
            let fewest = self
                .bounds
                .outcomes_at
                .iter()
                .copied()
                .min()
                .unwrap_or(1)
                .max(1);
            let mut at_least = 1usize;
            for _ in 0..free_at_least {
                at_least = at_least.saturating_mul(fewest);
                if at_least > ENUMERATION_LIMIT {
                    return None;
                }
            }
            let mut free: Vec<usize> = of_y
                .iter()
                .chain(of_x)
                .copied()
                .filter(|t| !own.contains(&Some(*t)))
                .collect();
            free.sort_unstable();
            free.dedup();
            let mut scenarios = 1usize;
            for table in &free {
                scenarios = scenarios.saturating_mul(self.bounds.outcomes_at[*table]);
                if scenarios > ENUMERATION_LIMIT {
                    return None;
                }
            }
            Some((free, scenarios))
        };
        let (free, scenarios) = within_limit(&self.bounds.depends_on)
            .or_else(|| within_limit(&self.bounds.depends_on_first))?;
        let mut fixed: Vec<(usize, usize)> = Vec::with_capacity(free.len() + 2);
        for (table, finish) in own.iter().zip([y, x]) {
            if let Some(table) = table {
                fixed.push((*table, finish.outcome));
            }
        }
        let mut found: Option<Relation> = None;
        for scenario in 0..scenarios {
            let mut assignment = fixed.clone();
            let mut rest = scenario;
            for table in &free {
                let count = self.bounds.outcomes_at[*table];
                assignment.push((*table, rest % count));
                rest /= count;
            }
            let relation = self.relation_in(y, x, &assignment);
            if relation == Relation::Open || found.is_some_and(|f| f != relation) {
                return Some(Relation::Open);
            }
            found = Some(relation);
        }
        found
    }

    /// Head-to-head ("wins among the tied") of `y` against `x` when both are in the tied
    /// group: their games against each other count for sure, a game against anyone else
    /// only if that player can be in the group (same points), so the difference is bounded
    /// by counting each such player or not, whichever is worse (better).
    fn head_to_head(&self, y: &Bounded, x: &Bounded) -> Relation {
        let beaten = |finish: &Bounded| &self.bounds.beaten[finish.player][finish.outcome];
        let wins = |finish: &Bounded, over: usize| {
            i64::try_from(beaten(finish).iter().filter(|b| **b == over).count()).unwrap_or(i64::MAX)
        };
        let sure = wins(y, x.player) - wins(x, y.player);
        let (mut low, mut high) = (sure, sure);
        let mut others: Vec<usize> = beaten(y).iter().chain(beaten(x)).copied().collect();
        others.sort_unstable();
        others.dedup();
        for other in others {
            if other == x.player || other == y.player {
                continue;
            }
            // A player at y's or x's own table has that table's outcome; anyone else any.
            let table = self.at_table.get(other).copied().flatten();
            let fixed = [y, x]
                .into_iter()
                .find(|f| table.is_some() && self.at_table[f.player] == table)
                .map(|f| f.outcome);
            let can_tie = self.finishes.get(other).is_some_and(|finishes| {
                finishes
                    .iter()
                    .enumerate()
                    .any(|(o, f)| fixed.is_none_or(|fixed| fixed == o) && f.primary == y.primary)
            });
            if can_tie {
                let difference = wins(y, other) - wins(x, other);
                low += difference.min(0);
                high += difference.max(0);
            }
        }
        let difference = Interval {
            low: Exact::integer(low),
            high: Exact::integer(high),
        };
        order_of(
            Tiebreaker::HeadToHead,
            &difference,
            &Interval::exact(Exact::ZERO),
        )
    }

    /// The relation of `y` to `x` when the tables in `assignment` went as it says.
    fn relation_in(&self, y: &Bounded, x: &Bounded, assignment: &[(usize, usize)]) -> Relation {
        for (index, tiebreaker) in self.chain.iter().enumerate() {
            if *tiebreaker == Tiebreaker::HeadToHead {
                return self.head_to_head(y, x);
            }
            let value = |finish: &Bounded| {
                if tiebreaker.depends_on_opponents() {
                    self.bounds
                        .value(*tiebreaker, finish.player, finish.outcome, assignment)
                } else {
                    finish.chain.get(index).copied().flatten()
                }
            };
            let (Some(y_value), Some(x_value)) = (value(y), value(x)) else {
                return Relation::Open;
            };
            match order_of(*tiebreaker, &y_value, &x_value) {
                Relation::Tied => continue,
                settled => return settled,
            }
        }
        Relation::Tied
    }
}

/// Where one player finishes against another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Above,
    Below,
    /// Equal on the whole chain: a random order.
    Tied,
    Open,
}

/// The order of two values of `tiebreaker` known within intervals.
fn order_of(tiebreaker: Tiebreaker, y: &Interval, x: &Interval) -> Relation {
    let (better, worse) = if tiebreaker.higher_is_better() {
        (y.low > x.high, y.high < x.low)
    } else {
        (y.high < x.low, y.low > x.high)
    };
    if better {
        Relation::Above
    } else if worse {
        Relation::Below
    } else if y.low == y.high && x.low == x.high && y.low == x.low {
        Relation::Tied
    } else {
        Relation::Open
    }
}

/// Outcomes tried at most for one comparison of two players.
const ENUMERATION_LIMIT: usize = 64;
