//! Sound bounds on every player's place in the standings before the last Swiss round's
//! results are in ("what do I need?").
//!
//! For each player and each outcome of their own table, the primary key (points, or wins)
//! is exact and every tiebreaker of the chain is an interval `[low, high]` holding its value
//! in every outcome of the other tables. The values are computed exactly as
//! [`super::values`] computes them (the same exclusions, denominators, floors and rounding);
//! the intervals rest on monotonicity: an average or a sum of opponents' values is bounded by
//! the average or sum of each opponent's own least and greatest value (over the outcomes of
//! that opponent's table), and rounding keeps order. Two opponents who meet in the last
//! round are bounded independently, which widens an interval but never makes it wrong.
//! Head-to-head depends on which players end up tied, so it is left open.
//!
//! [`LastRound::relation`] then says whether one player finishes above another in every
//! outcome, below, tied on the whole chain (a random order) or either way.

mod difference;
mod evaluate;
mod interval;
mod last_round;
mod relation;

pub use interval::Interval;
pub use last_round::{Bounded, LastRound, PendingTable};
pub use relation::Relation;
