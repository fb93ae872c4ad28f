//! Each player's tiebreaker values bounded per outcome of their table, computed as
//! `standings::values` computes them; and evaluated with some tables' outcomes fixed, for
//! [`super::LastRound`]'s comparisons that try every outcome of a few tables.

use super::interval::Interval;
use crate::exact::{ArithmeticError, Exact, Rounding};
use crate::model::Outcome;
use crate::ruleset::{Ruleset, Tiebreaker};
use crate::standings::records::{RoundRecord, index_of};
use crate::standings::values::sum;

/// What one player's record can become: the records so far plus, at a pending table, the
/// seat of one outcome.
pub(super) struct Prospect {
    pub(super) own: Vec<RoundRecord>,
    /// The opponent at the pending table and whether they count in this player's averages.
    pub(super) current: Option<(usize, bool)>,
    pub(super) points: Exact,
    pub(super) primary: Exact,
    pub(super) match_win: Exact,
}

/// The per-player values every interval is built from.
pub(super) struct Bounds {
    pub(super) floor: Exact,
    pub(super) rounding: Rounding,
    /// By player index: their pending table; by table: how many outcomes it has.
    pub(super) table_of: Vec<Option<usize>>,
    pub(super) outcomes_at: Vec<usize>,
    /// Per player and option: the pending tables the chain's values depend on, and those
    /// its first-order tiebreakers (opponents' own records) depend on.
    pub(super) depends_on: Vec<Vec<Vec<usize>>>,
    pub(super) depends_on_first: Vec<Vec<Vec<usize>>>,
    /// Points and match-win over all of a player's options.
    pub(super) points: Vec<Interval>,
    pub(super) match_win: Vec<Interval>,
    /// Per player and option: the opponents who count in averages (the current one last).
    pub(super) counted: Vec<Vec<Vec<usize>>>,
    /// Opponents' match-win average per player and option, and over all options.
    pub(super) opp_match_win: Vec<Vec<Interval>>,
    pub(super) opp_match_win_all: Vec<Interval>,
    /// Sum of opponents' points per player and option, and over all options.
    pub(super) sos: Vec<Vec<Interval>>,
    pub(super) sos_all: Vec<Interval>,
    /// Per player and option: the opponents beaten (once per win).
    pub(super) beaten: Vec<Vec<Vec<usize>>>,
    /// Per player and option: the points and match-win of each option (read for the
    /// current opponent, whose option is the same outcome of the same table).
    pub(super) exact_points: Vec<Vec<Exact>>,
    pub(super) exact_match_win: Vec<Vec<Exact>>,
}

impl Bounds {
    pub(super) fn new(
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
        let exact_points: Vec<Vec<Exact>> = options
            .iter()
            .map(|o| o.iter().map(|x| x.points).collect())
            .collect();
        let exact_match_win: Vec<Vec<Exact>> = options
            .iter()
            .map(|o| o.iter().map(|x| x.match_win).collect())
            .collect();
        let points = exact_points
            .iter()
            .map(|v| hull(&mut v.iter().copied()))
            .collect();
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
            // The counted opponents but the current one are read over all their options,
            // the same in every outcome: their sums are added once per player (exact, so
            // the order of adding changes nothing).
            let mut shared: Option<(Vec<usize>, Interval, Interval)> = None;
            for (outcome, option) in mine.iter().enumerate() {
                let current = option.current.map(|(opponent, _)| opponent);
                let counted = &bounds.counted[index][outcome];
                let others: Vec<usize> = counted
                    .iter()
                    .copied()
                    .filter(|z| Some(*z) != current)
                    .collect();
                if shared.as_ref().is_none_or(|(key, _, _)| *key != others) {
                    let match_wins: Vec<Interval> =
                        others.iter().map(|z| bounds.match_win[*z]).collect();
                    let points: Vec<Interval> = others.iter().map(|z| bounds.points[*z]).collect();
                    shared = Some((others, total(&match_wins)?, total(&points)?));
                }
                let Some((_, mut match_wins, mut points)) = shared.clone() else {
                    return Err(ArithmeticError);
                };
                // The current opponent's values for this outcome, as often as counted.
                for z in counted.iter().filter(|z| Some(**z) == current) {
                    match_wins =
                        match_wins.plus(Interval::exact(bounds.exact_match_win[*z][outcome]))?;
                    points = points.plus(Interval::exact(bounds.exact_points[*z][outcome]))?;
                }
                player_omw.push(bounds.mean(match_wins, counted.len())?);
                player_sos.push(points);
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
        self.mean(total(values)?, values.len())
    }

    /// The average of `count` values whose sums are `sums` ([`Self::average`]).
    fn mean(&self, sums: Interval, count: usize) -> Result<Interval, ArithmeticError> {
        if count == 0 {
            return Ok(Interval::exact(self.floor));
        }
        let count = Exact::integer(i64::try_from(count).map_err(|_| ArithmeticError)?);
        let rounding = self.rounding;
        Ok(Interval {
            low: sums.low.checked_div(count)?.round(rounding),
            high: sums.high.checked_div(count)?.round(rounding),
        })
    }

    /// The option of player `z` that `assignment` (table, outcome) fixes, if it does.
    fn option_in(&self, z: usize, assignment: &[(usize, usize)]) -> Option<usize> {
        match self.table_of.get(z).copied().flatten() {
            None => Some(0),
            Some(table) => assignment
                .iter()
                .find(|(t, _)| *t == table)
                .map(|(_, o)| *o),
        }
    }

    /// `assignment` with `z`'s own table fixed to `option`.
    fn fixing(
        &self,
        z: usize,
        option: usize,
        assignment: &[(usize, usize)],
    ) -> Vec<(usize, usize)> {
        let mut fixed = assignment.to_vec();
        if let Some(table) = self.table_of.get(z).copied().flatten() {
            fixed.push((table, option));
        }
        fixed
    }

    fn point_or_range(
        &self,
        exact: &[Vec<Exact>],
        range: &[Interval],
        z: usize,
        assignment: &[(usize, usize)],
    ) -> Interval {
        match self.option_in(z, assignment) {
            Some(option) => exact[z]
                .get(option)
                .copied()
                .map_or(range[z], Interval::exact),
            None => range[z],
        }
    }

    /// The opponents' match-win average (or the sum of opponents' points) of `z` in
    /// `option`, with the tables in `assignment` as it says.
    fn of_opponents_in(
        &self,
        sos: bool,
        z: usize,
        option: usize,
        assignment: &[(usize, usize)],
    ) -> Option<Interval> {
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
        if sos {
            total(&values).ok()
        } else {
            self.average(&values).ok()
        }
    }

    /// As [`Self::of_opponents_in`] over every option of `z` the assignment leaves open.
    fn of_opponents_any(
        &self,
        sos: bool,
        z: usize,
        assignment: &[(usize, usize)],
    ) -> Option<Interval> {
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
    pub(super) fn value(
        &self,
        tiebreaker: Tiebreaker,
        x: usize,
        option: usize,
        assignment: &[(usize, usize)],
    ) -> Option<Interval> {
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

    pub(super) fn interval(
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
    // The tables each player's opponents sit at, over all of that player's options: what a
    // second-order tiebreaker of anyone who met them depends on (once per player, not once
    // per player who met them).
    let theirs: Vec<Vec<usize>> = if second {
        counted
            .iter()
            .map(|options| {
                let mut tables: Vec<usize> = options
                    .iter()
                    .flatten()
                    .filter_map(|w| table_of[*w])
                    .collect();
                tables.sort_unstable();
                tables.dedup();
                tables
            })
            .collect()
    } else {
        Vec::new()
    };
    counted
        .iter()
        .map(|options| {
            // Options that count the same opponents depend on the same tables.
            let mut last: Option<(&Vec<usize>, Vec<usize>)> = None;
            options
                .iter()
                .map(|opponents| {
                    if let Some((seen, tables)) = &last
                        && *seen == opponents
                    {
                        return tables.clone();
                    }
                    let mut tables: Vec<usize> = Vec::new();
                    if first {
                        for z in opponents {
                            tables.extend(table_of[*z]);
                            if second {
                                tables.extend(&theirs[*z]);
                            }
                        }
                    }
                    tables.sort_unstable();
                    tables.dedup();
                    last = Some((opponents, tables.clone()));
                    tables
                })
                .collect()
        })
        .collect()
}
