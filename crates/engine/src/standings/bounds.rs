//! Sound bounds on every player's place in the standings before the last Swiss round's
//! results are in (issue 27, "what do I need?").
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
//! [`LastRound::surely_ahead`] then says whether one player finishes above another in every
//! outcome; a tie on the whole chain is a random order, never "surely".

use super::records::{Records, RoundRecord, index_of};
use super::values::{own_match_win, sum};
use crate::error::EngineError;
use crate::exact::{ArithmeticError, Exact, Rounding};
use crate::model::{Outcome, PlayerId, SeatResult};
use crate::ruleset::{Ruleset, Tiebreaker};
use crate::state::Event;

/// A table of the last round without its result: its seats and every outcome it can have.
#[derive(Debug, Clone)]
pub struct PendingTable {
    pub a: PlayerId,
    pub b: PlayerId,
    /// Each outcome as (seat A, seat B).
    pub outcomes: Vec<[SeatResult; 2]>,
}

/// The least and greatest value a tiebreaker can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    pub low: Exact,
    pub high: Exact,
}

impl Interval {
    fn exact(value: Exact) -> Interval {
        Interval {
            low: value,
            high: value,
        }
    }

    fn hull(self, other: Interval) -> Interval {
        Interval {
            low: self.low.min(other.low),
            high: self.high.max(other.high),
        }
    }
}

/// One player's finish for one outcome of their own table.
#[derive(Debug, Clone)]
pub struct Bounded {
    /// Whose finish, and for which outcome of their table (0 with nothing pending).
    player: usize,
    outcome: usize,
    /// Points (or wins, where the ruleset ranks by wins first), exact.
    pub primary: Exact,
    /// One interval per tiebreaker of the chain; `None` where it is left open
    /// (head-to-head).
    pub chain: Vec<Option<Interval>>,
}

/// Every player's bounded finish, per outcome of their table.
pub struct LastRound {
    chain: Vec<Tiebreaker>,
    bounds: Bounds,
    /// By player index: their pending table, if any.
    at_table: Vec<Option<usize>>,
    /// By player index: one entry for a player with nothing pending, one per outcome of
    /// their table otherwise.
    finishes: Vec<Vec<Bounded>>,
}

/// What one player's record can become: the records so far plus, at a pending table, the
/// seat of one outcome.
struct Prospect {
    own: Vec<RoundRecord>,
    /// The opponent at the pending table and whether they count in this player's averages.
    current: Option<(usize, bool)>,
    points: Exact,
    primary: Exact,
    match_win: Exact,
}

impl LastRound {
    /// Bounds for the last round in progress with its `tables` still pending. `None` when a
    /// seat without a result is not one of the tables (nothing can be bounded there).
    pub fn compute(event: &Event, tables: &[PendingTable]) -> Result<Option<LastRound>, EngineError> {
        let Some(last) = event.rounds.last() else {
            return Ok(None);
        };
        let open = last.matches.iter().filter(|m| m.result.is_none()).count();
        if open != tables.len() {
            return Ok(None);
        }
        let ruleset = &event.ruleset;
        let records = Records::collect_through_last(event);
        let count = event.players.len();
        let mut at_table: Vec<Option<(usize, usize)>> = vec![None; count];
        for (index, table) in tables.iter().enumerate() {
            for (seat, player) in [table.a, table.b].into_iter().enumerate() {
                if let Some(slot) = at_table.get_mut(index_of(player)) {
                    *slot = Some((index, seat));
                }
            }
        }
        let mut options: Vec<Vec<Prospect>> = Vec::with_capacity(count);
        for player in &event.players {
            let index = index_of(player.id);
            let base = records.of(player.id);
            let dropped = records.dropped_after(player.id);
            let extras: Vec<Option<(SeatResult, usize)>> = match at_table.get(index).copied().flatten() {
                None => vec![None],
                Some((table, seat)) => {
                    let pending = &tables[table];
                    let opponent = index_of(if seat == 0 { pending.b } else { pending.a });
                    pending.outcomes.iter().map(|o| Some((o[seat], opponent))).collect()
                }
            };
            let mut mine = Vec::with_capacity(extras.len());
            for extra in extras {
                let mut own = base.to_vec();
                let current = extra.map(|(seat, opponent)| {
                    own.push(RoundRecord {
                        round: last.number,
                        opponent: Some(PlayerId(u32::try_from(opponent + 1).unwrap_or(u32::MAX))),
                        seat,
                    });
                    (opponent, !ruleset.opponents.exclude.contains(&seat.category))
                });
                let points = sum(own.iter().map(|r| r.seat.points))?;
                let primary = if ruleset.standings.primary_wins {
                    let wins = own.iter().filter(|r| r.seat.outcome == Outcome::Win).count();
                    Exact::integer(i64::try_from(wins).unwrap_or(i64::MAX))
                } else {
                    points
                };
                let match_win = own_match_win(ruleset, &own, records.total_rounds, dropped)?;
                mine.push(Prospect {
                    own,
                    current,
                    points,
                    primary,
                    match_win,
                });
            }
            options.push(mine);
        }
        let at_table: Vec<Option<usize>> = at_table.iter().map(|t| t.map(|(table, _)| table)).collect();
        let outcomes_at = tables.iter().map(|t| t.outcomes.len()).collect();
        let bounds = Bounds::new(ruleset, &options, at_table.clone(), outcomes_at)?;
        let chain = ruleset.standings.tiebreakers.clone();
        let mut finishes = Vec::with_capacity(count);
        for (index, mine) in options.iter().enumerate() {
            let mut player = Vec::with_capacity(mine.len());
            for (outcome, option) in mine.iter().enumerate() {
                let values = chain
                    .iter()
                    .map(|t| bounds.interval(*t, index, outcome, option))
                    .collect::<Result<Vec<_>, _>>()?;
                player.push(Bounded {
                    player: index,
                    outcome,
                    primary: option.primary,
                    chain: values,
                });
            }
            finishes.push(player);
        }
        Ok(Some(LastRound {
            chain,
            bounds,
            at_table,
            finishes,
        }))
    }

    /// The finish of `player` for `outcome` of their table (`None`: nothing pending).
    pub fn of(&self, player: PlayerId, outcome: Option<usize>) -> Option<&Bounded> {
        let finishes = self.finishes.get(index_of(player))?;
        finishes.get(outcome.unwrap_or(0))
    }

    /// Whether `y` finishes above `x` whatever the other tables do: more points, or the same
    /// and a tiebreaker that separates them for sure before any that could go either way.
    /// The bounds decide first; where they leave it open and the tables the two players'
    /// tiebreakers depend on are few, every outcome of those tables is tried.
    pub fn surely_ahead(&self, y: &Bounded, x: &Bounded) -> bool {
        if y.primary != x.primary {
            return y.primary > x.primary;
        }
        match self.by_bounds(y, x) {
            Verdict::Ahead => true,
            Verdict::NotAhead => false,
            Verdict::Open => self.by_enumeration(y, x).unwrap_or(false),
        }
    }

    fn by_bounds(&self, y_finish: &Bounded, x_finish: &Bounded) -> Verdict {
        let pairs = y_finish.chain.iter().zip(&x_finish.chain);
        for (tiebreaker, (y, x)) in self.chain.iter().zip(pairs) {
            let (Some(y), Some(x)) = (y, x) else {
                // Head-to-head, reached when everything before is surely equal.
                let wins = self.head_to_head(y_finish, x_finish);
                return if wins.low > Exact::ZERO {
                    Verdict::Ahead
                } else {
                    Verdict::NotAhead
                };
            };
            // Unrounded opponents' averages: the exact least and greatest difference.
            let (y, x) = match self.difference(*tiebreaker, y_finish, x_finish) {
                Some(difference) => (difference, Interval::exact(Exact::ZERO)),
                None => (*y, *x),
            };
            let (better, worse) = if tiebreaker.higher_is_better() {
                (y.low > x.high, y.high < x.low)
            } else {
                (y.high < x.low, y.low > x.high)
            };
            if better {
                return Verdict::Ahead;
            }
            if worse {
                return Verdict::NotAhead;
            }
            let surely_equal = y.low == y.high && x.low == x.high && y.low == x.low;
            if !surely_equal {
                return Verdict::Open;
            }
        }
        Verdict::NotAhead
    }

    /// Tries every outcome of the tables `y`'s and `x`'s tiebreakers depend on (beyond
    /// their own, already fixed): `Some(true)` when `y` is above `x` in each. `None` when
    /// there are more than [`ENUMERATION_LIMIT`] outcomes to try.
    fn by_enumeration(&self, y: &Bounded, x: &Bounded) -> Option<bool> {
        let own = [self.at_table[y.player], self.at_table[x.player]];
        // Every table the whole chain depends on; else those of the first-order
        // tiebreakers (a scenario that reaches a second-order one then proves nothing).
        let within_limit = |depends_on: &[Vec<Vec<usize>>]| {
            let mut free: Vec<usize> = depends_on[y.player][y.outcome]
                .iter()
                .chain(&depends_on[x.player][x.outcome])
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
        for scenario in 0..scenarios {
            let mut assignment = fixed.clone();
            let mut rest = scenario;
            for table in &free {
                let count = self.bounds.outcomes_at[*table];
                assignment.push((*table, rest % count));
                rest /= count;
            }
            if !self.ahead_in(y, x, &assignment)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Head-to-head ("wins among the tied") of `y` less that of `x` when both are in the
    /// tied group: their games against each other count for sure, a game against anyone
    /// else only if that player can be in the group (same points), so it is bounded by
    /// counting each such player or not, whichever is worse (better).
    fn head_to_head(&self, y: &Bounded, x: &Bounded) -> Interval {
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
            let can_tie = self.finishes.get(other).is_some_and(|f| f.iter().any(|o| o.primary == y.primary));
            if can_tie {
                let difference = wins(y, other) - wins(x, other);
                low += difference.min(0);
                high += difference.max(0);
            }
        }
        Interval {
            low: Exact::integer(low),
            high: Exact::integer(high),
        }
    }

    /// Whether `y` is above `x` when the tables in `assignment` went as it says.
    fn ahead_in(&self, y: &Bounded, x: &Bounded, assignment: &[(usize, usize)]) -> Option<bool> {
        for (index, tiebreaker) in self.chain.iter().enumerate() {
            if *tiebreaker == Tiebreaker::HeadToHead {
                let wins = self.head_to_head(y, x);
                return Some(wins.low > Exact::ZERO);
            }
            let value = |finish: &Bounded| {
                if tiebreaker.depends_on_opponents() {
                    self.bounds.value(*tiebreaker, finish.player, finish.outcome, assignment)
                } else {
                    finish.chain.get(index).copied().flatten()
                }
            };
            let (y_value, x_value) = (value(y)?, value(x)?);
            if y_value.low != y_value.high || x_value.low != x_value.high {
                return Some(false);
            }
            if y_value.low != x_value.low {
                return Some((y_value.low > x_value.low) == tiebreaker.higher_is_better());
            }
        }
        Some(false)
    }
}

/// A comparison by the bounds alone.
enum Verdict {
    Ahead,
    /// Surely not above: behind, or surely equal to the end of the chain (a random order).
    NotAhead,
    Open,
}

/// Outcomes tried at most for one comparison of two players.
const ENUMERATION_LIMIT: usize = 64;

impl LastRound {
    /// The least and greatest of `y`'s value minus `x`'s over the outcomes of every other
    /// table, where the difference is (mostly) a sum of one term per table: an unrounded
    /// opponents' match-win average (each opponent's match-win depends on their own table
    /// only) and the sum of opponents' points less the lowest (the sums exactly, the two
    /// lowest values bounded apart). Two separate intervals would forget that `x` and `y`
    /// share opponents or tables. `None` for any other tiebreaker.
    fn difference(&self, tiebreaker: Tiebreaker, y: &Bounded, x: &Bounded) -> Option<Interval> {
        let bounds = &self.bounds;
        let (values, averaged) = match tiebreaker {
            Tiebreaker::OppMatchWin if bounds.rounding == Rounding::None => {
                (&bounds.exact_match_win, true)
            }
            Tiebreaker::SosDropLowest => (&bounds.exact_points, false),
            _ => return None,
        };
        let fixed = |player: usize| match self.at_table.get(player).copied().flatten() {
            None => Some(0),
            Some(table) if Some(table) == self.at_table[y.player] => Some(y.outcome),
            Some(table) if Some(table) == self.at_table[x.player] => Some(x.outcome),
            Some(_) => None,
        };
        let mut constant = Exact::ZERO;
        let mut per_table: std::collections::BTreeMap<usize, Vec<Exact>> = Default::default();
        let mut lowest_terms = Interval::exact(Exact::ZERO);
        for (finish, sign) in [(y, 1i64), (x, -1i64)] {
            let list = &bounds.counted[finish.player][finish.outcome];
            if list.is_empty() {
                let floor = if averaged { bounds.floor } else { Exact::ZERO };
                constant = constant.checked_add(floor.checked_mul(Exact::integer(sign)).ok()?).ok()?;
                continue;
            }
            let weight = if averaged {
                Exact::integer(sign)
                    .checked_div(Exact::integer(i64::try_from(list.len()).ok()?))
                    .ok()?
            } else {
                Exact::integer(sign)
            };
            for z in list {
                let values = &values[*z];
                match fixed(*z) {
                    Some(option) => {
                        let term = values.get(option)?.checked_mul(weight).ok()?;
                        constant = constant.checked_add(term).ok()?;
                    }
                    None => {
                        let table = self.at_table[*z]?;
                        let terms = per_table
                            .entry(table)
                            .or_insert_with(|| vec![Exact::ZERO; values.len()]);
                        for (term, value) in terms.iter_mut().zip(values) {
                            *term = term.checked_add(value.checked_mul(weight).ok()?).ok()?;
                        }
                    }
                }
            }
            if !averaged {
                // Less the lowest of the list: bounded by the lowest of the least and of the
                // greatest values (the lowest grows with each value).
                let ranges: Vec<Interval> = list
                    .iter()
                    .map(|z| fixed(*z).map_or(bounds.points[*z], |o| Interval::exact(values[*z][o])))
                    .collect();
                let lowest = Interval {
                    low: ranges.iter().map(|r| r.low).min()?,
                    high: ranges.iter().map(|r| r.high).min()?,
                };
                // Subtracted for y, added for x.
                let (low, high) = if sign > 0 {
                    (Exact::ZERO.checked_sub(lowest.high).ok()?, Exact::ZERO.checked_sub(lowest.low).ok()?)
                } else {
                    (lowest.low, lowest.high)
                };
                lowest_terms.low = lowest_terms.low.checked_add(low).ok()?;
                lowest_terms.high = lowest_terms.high.checked_add(high).ok()?;
            }
        }
        let mut range = Interval {
            low: constant.checked_add(lowest_terms.low).ok()?,
            high: constant.checked_add(lowest_terms.high).ok()?,
        };
        for terms in per_table.values() {
            let low = terms.iter().copied().min()?;
            let high = terms.iter().copied().max()?;
            range.low = range.low.checked_add(low).ok()?;
            range.high = range.high.checked_add(high).ok()?;
        }
        Some(range)
    }
}

/// The per-player values every interval is built from.
struct Bounds {
    floor: Exact,
    rounding: Rounding,
    /// By player index: their pending table; by table: how many outcomes it has.
    table_of: Vec<Option<usize>>,
    outcomes_at: Vec<usize>,
    /// Per player and option: the pending tables the chain's values depend on, and those
    /// its first-order tiebreakers (opponents' own records) depend on.
    depends_on: Vec<Vec<Vec<usize>>>,
    depends_on_first: Vec<Vec<Vec<usize>>>,
    /// Points and match-win over all of a player's options.
    points: Vec<Interval>,
    match_win: Vec<Interval>,
    /// Per player and option: the opponents who count in averages (the current one last).
    counted: Vec<Vec<Vec<usize>>>,
    /// Opponents' match-win average per player and option, and over all options.
    opp_match_win: Vec<Vec<Interval>>,
    opp_match_win_all: Vec<Interval>,
    /// Sum of opponents' points per player and option, and over all options.
    sos: Vec<Vec<Interval>>,
    sos_all: Vec<Interval>,
    /// Per player and option: the opponents beaten (once per win).
    beaten: Vec<Vec<Vec<usize>>>,
    /// Per player and option: the points and match-win of each option (read for the
    /// current opponent, whose option is the same outcome of the same table).
    exact_points: Vec<Vec<Exact>>,
    exact_match_win: Vec<Vec<Exact>>,
}

impl Bounds {
    fn new(
        ruleset: &Ruleset,
        options: &[Vec<Prospect>],
        table_of: Vec<Option<usize>>,
        outcomes_at: Vec<usize>,
    ) -> Result<Bounds, ArithmeticError> {
        let hull = |values: &mut dyn Iterator<Item = Exact>| -> Interval {
            let mut found: Option<Interval> = None;
            for value in values {
                let point = Interval::exact(value);
                found = Some(found.map_or(point, |f| f.hull(point)));
            }
            found.unwrap_or(Interval::exact(Exact::ZERO))
        };
        let exact_points: Vec<Vec<Exact>> =
            options.iter().map(|o| o.iter().map(|x| x.points).collect()).collect();
        let exact_match_win: Vec<Vec<Exact>> = options
            .iter()
            .map(|o| o.iter().map(|x| x.match_win).collect())
            .collect();
        let points = exact_points.iter().map(|v| hull(&mut v.iter().copied())).collect();
        let match_win = exact_match_win
            .iter()
            .map(|v| hull(&mut v.iter().copied()))
            .collect();
        let counted: Vec<Vec<Vec<usize>>> = options
            .iter()
            .map(|mine| {
                mine.iter()
                    .map(|option| {
                        // The pending seat is the last record; its opponent is added below.
                        let earlier = match option.current {
                            Some(_) => &option.own[..option.own.len().saturating_sub(1)],
                            None => &option.own[..],
                        };
                        let mut list: Vec<usize> = earlier
                            .iter()
                            .filter(|r| !ruleset.opponents.exclude.contains(&r.seat.category))
                            .filter_map(|r| r.opponent.map(index_of))
                            .collect();
                        if let Some((opponent, true)) = option.current {
                            list.push(opponent);
                        }
                        list
                    })
                    .collect()
            })
            .collect();
        let beaten = options
            .iter()
            .map(|mine| {
                mine.iter()
                    .map(|option| {
                        option
                            .own
                            .iter()
                            .filter(|r| r.seat.outcome == Outcome::Win)
                            .filter_map(|r| r.opponent.map(index_of))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let chain = &ruleset.standings.tiebreakers;
        let depends_on = depends_on(chain, true, &counted, &table_of);
        let depends_on_first = depends_on_first_order(chain, &counted, &table_of);
        let mut bounds = Bounds {
            floor: ruleset.match_win.floor,
            rounding: ruleset.opponents.average_rounding,
            table_of,
            outcomes_at,
            depends_on,
            depends_on_first,
            beaten,
            points,
            match_win,
            counted,
            opp_match_win: Vec::new(),
            opp_match_win_all: Vec::new(),
            sos: Vec::new(),
            sos_all: Vec::new(),
            exact_points,
            exact_match_win,
        };
        let mut omw = Vec::with_capacity(options.len());
        let mut sos = Vec::with_capacity(options.len());
        for (index, mine) in options.iter().enumerate() {
            let mut player_omw = Vec::with_capacity(mine.len());
            let mut player_sos = Vec::with_capacity(mine.len());
            for (outcome, option) in mine.iter().enumerate() {
                let current = option.current.map(|(opponent, _)| opponent);
                let match_wins = bounds.each_opponent(index, outcome, current, |b, z, o| match o {
                    Some(o) => Interval::exact(b.exact_match_win[z][o]),
                    None => b.match_win[z],
                });
                player_omw.push(bounds.average(&match_wins)?);
                let points = bounds.each_opponent(index, outcome, current, |b, z, o| match o {
                    Some(o) => Interval::exact(b.exact_points[z][o]),
                    None => b.points[z],
                });
                player_sos.push(total(&points)?);
            }
            omw.push(player_omw);
            sos.push(player_sos);
        }
        bounds.opp_match_win_all = omw.iter().map(|v| fold_hull(v)).collect();
        bounds.sos_all = sos.iter().map(|v| fold_hull(v)).collect();
        bounds.opp_match_win = omw;
        bounds.sos = sos;
        Ok(bounds)
    }

    /// `value` of each counted opponent of `index` in `outcome`: the current opponent's is
    /// read for the same outcome of the same table, every other one over all their options.
    fn each_opponent(
        &self,
        index: usize,
        outcome: usize,
        current: Option<usize>,
        value: impl Fn(&Bounds, usize, Option<usize>) -> Interval,
    ) -> Vec<Interval> {
        self.counted[index][outcome]
            .iter()
            .map(|z| value(self, *z, (current == Some(*z)).then_some(outcome)))
            .collect()
    }

    /// An opponents' average as the standings take it: the mean, rounded as the ruleset
    /// says; the floor for a player with no counted opponent.
    fn average(&self, values: &[Interval]) -> Result<Interval, ArithmeticError> {
        if values.is_empty() {
            return Ok(Interval::exact(self.floor));
        }
        let count = Exact::integer(i64::try_from(values.len()).map_err(|_| ArithmeticError)?);
        let rounding = self.rounding;
        let low = sum(values.iter().map(|v| v.low))?.checked_div(count)?.round(rounding);
        let high = sum(values.iter().map(|v| v.high))?.checked_div(count)?.round(rounding);
        Ok(Interval { low, high })
    }

    /// The option of player `z` that `assignment` (table, outcome) fixes, if it does.
    fn option_in(&self, z: usize, assignment: &[(usize, usize)]) -> Option<usize> {
        match self.table_of.get(z).copied().flatten() {
            None => Some(0),
            Some(table) => assignment.iter().find(|(t, _)| *t == table).map(|(_, o)| *o),
        }
    }

    /// `assignment` with `z`'s own table fixed to `option`.
    fn fixing(&self, z: usize, option: usize, assignment: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let mut fixed = assignment.to_vec();
        if let Some(table) = self.table_of.get(z).copied().flatten() {
            fixed.push((table, option));
        }
        fixed
    }

    fn point_or_range(&self, exact: &[Vec<Exact>], range: &[Interval], z: usize, assignment: &[(usize, usize)]) -> Interval {
        match self.option_in(z, assignment) {
            Some(option) => exact[z].get(option).copied().map_or(range[z], Interval::exact),
            None => range[z],
        }
    }

    /// The opponents' match-win average (or the sum of opponents' points) of `z` in
    /// `option`, with the tables in `assignment` as it says.
    fn of_opponents_in(&self, sos: bool, z: usize, option: usize, assignment: &[(usize, usize)]) -> Option<Interval> {
        let fixed = self.fixing(z, option, assignment);
        let values: Vec<Interval> = self.counted[z][option]
            .iter()
            .map(|w| {
                if sos {
                    self.point_or_range(&self.exact_points, &self.points, *w, &fixed)
                } else {
                    self.point_or_range(&self.exact_match_win, &self.match_win, *w, &fixed)
                }
            })
            .collect();
        if sos { total(&values).ok() } else { self.average(&values).ok() }
    }

    /// As [`Self::of_opponents_in`] over every option of `z` the assignment leaves open.
    fn of_opponents_any(&self, sos: bool, z: usize, assignment: &[(usize, usize)]) -> Option<Interval> {
        match self.option_in(z, assignment) {
            Some(option) => self.of_opponents_in(sos, z, option, assignment),
            None => {
                let mut found: Option<Interval> = None;
                for option in 0..self.counted[z].len() {
                    let value = self.of_opponents_in(sos, z, option, assignment)?;
                    found = Some(found.map_or(value, |f| f.hull(value)));
                }
                found
            }
        }
    }

    /// The value of `tiebreaker` for player `x` in `option` with the tables in
    /// `assignment` as it says: exact when the assignment fixes every table it depends
    /// on. `None` for a tiebreaker that depends on no other table.
    fn value(&self, tiebreaker: Tiebreaker, x: usize, option: usize, assignment: &[(usize, usize)]) -> Option<Interval> {
        let fixed = self.fixing(x, option, assignment);
        let opponents = &self.counted[x][option];
        match tiebreaker {
            Tiebreaker::OppMatchWin => self.of_opponents_in(false, x, option, assignment),
            Tiebreaker::OppOppMatchWin => {
                let values = opponents
                    .iter()
                    .map(|z| self.of_opponents_any(false, *z, &fixed))
                    .collect::<Option<Vec<_>>>()?;
                self.average(&values).ok()
            }
            Tiebreaker::SosDropLowest => {
                let values: Vec<Interval> = opponents
                    .iter()
                    .map(|z| self.point_or_range(&self.exact_points, &self.points, *z, &fixed))
                    .collect();
                Some(Interval {
                    low: drop_lowest(values.iter().map(|v| v.low)).ok()?,
                    high: drop_lowest(values.iter().map(|v| v.high)).ok()?,
                })
            }
            Tiebreaker::OppSos => {
                let values = opponents
                    .iter()
                    .map(|z| self.of_opponents_any(true, *z, &fixed))
                    .collect::<Option<Vec<_>>>()?;
                total(&values).ok()
            }
            // Head-to-head depends on who is tied; the rest is the player's own record,
            // exact for the option already ([`Bounded::chain`]).
            _ => None,
        }
    }

    fn interval(
        &self,
        tiebreaker: Tiebreaker,
        index: usize,
        outcome: usize,
        option: &Prospect,
    ) -> Result<Option<Interval>, ArithmeticError> {
        let current = option.current.map(|(opponent, _)| opponent);
        let interval = match tiebreaker {
            Tiebreaker::MatchWin => Interval::exact(option.match_win),
            Tiebreaker::OppMatchWin => self.opp_match_win[index][outcome],
            Tiebreaker::OppOppMatchWin => {
                let values = self.each_opponent(index, outcome, current, |b, z, o| match o {
                    Some(o) => b.opp_match_win[z][o],
                    None => b.opp_match_win_all[z],
                });
                self.average(&values)?
            }
            Tiebreaker::SosDropLowest => {
                let values = self.each_opponent(index, outcome, current, |b, z, o| match o {
                    Some(o) => Interval::exact(b.exact_points[z][o]),
                    None => b.points[z],
                });
                // The sum of all but the lowest grows with each value: bounded by the ends.
                Interval {
                    low: drop_lowest(values.iter().map(|v| v.low))?,
                    high: drop_lowest(values.iter().map(|v| v.high))?,
                }
            }
            Tiebreaker::OppSos => {
                let values = self.each_opponent(index, outcome, current, |b, z, o| match o {
                    Some(o) => b.sos[z][o],
                    None => b.sos_all[z],
                });
                total(&values)?
            }
            Tiebreaker::RoundsLostSquared => {
                let squares: i64 = option
                    .own
                    .iter()
                    .filter(|r| r.seat.outcome == Outcome::Loss)
                    .map(|r| i64::from(r.round) * i64::from(r.round))
                    .sum();
                Interval::exact(Exact::integer(squares))
            }
            Tiebreaker::GameWins | Tiebreaker::GameLosses => {
                let games: i64 = option
                    .own
                    .iter()
                    .map(|r| {
                        i64::from(if tiebreaker == Tiebreaker::GameWins {
                            r.seat.games_won
                        } else {
                            r.seat.games_lost
                        })
                    })
                    .sum();
                Interval::exact(Exact::integer(games))
            }
            Tiebreaker::HeadToHead => return Ok(None),
        };
        Ok(Some(interval))
    }
}

fn total(values: &[Interval]) -> Result<Interval, ArithmeticError> {
    Ok(Interval {
        low: sum(values.iter().map(|v| v.low))?,
        high: sum(values.iter().map(|v| v.high))?,
    })
}

fn fold_hull(values: &[Interval]) -> Interval {
    values
        .iter()
        .copied()
        .reduce(Interval::hull)
        .unwrap_or(Interval::exact(Exact::ZERO))
}

fn drop_lowest(values: impl Iterator<Item = Exact> + Clone) -> Result<Exact, ArithmeticError> {
    let lowest = values.clone().min().unwrap_or(Exact::ZERO);
    sum(values)?.checked_sub(lowest)
}

/// Per player and option: the pending tables the chain's values depend on (opponents'
/// tables, and theirs' opponents' for the second-order tiebreakers).
fn depends_on_first_order(
    chain: &[Tiebreaker],
    counted: &[Vec<Vec<usize>>],
    table_of: &[Option<usize>],
) -> Vec<Vec<Vec<usize>>> {
    depends_on(chain, false, counted, table_of)
}

fn depends_on(
    chain: &[Tiebreaker],
    second_order: bool,
    counted: &[Vec<Vec<usize>>],
    table_of: &[Option<usize>],
) -> Vec<Vec<Vec<usize>>> {
    let first = chain.iter().any(|t| t.depends_on_opponents());
    let second = second_order
        && chain
            .iter()
            .any(|t| matches!(t, Tiebreaker::OppOppMatchWin | Tiebreaker::OppSos));
    counted
        .iter()
        .map(|options| {
            options
                .iter()
                .map(|opponents| {
                    let mut tables: Vec<usize> = Vec::new();
                    if first {
                        for z in opponents {
                            tables.extend(table_of[*z]);
                            if second {
                                for their in &counted[*z] {
                                    tables.extend(their.iter().filter_map(|w| table_of[*w]));
                                }
                            }
                        }
                    }
                    tables.sort_unstable();
                    tables.dedup();
                    tables
                })
                .collect()
        })
        .collect()
}
