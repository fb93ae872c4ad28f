//! Exact differences of two players' tiebreakers that are sums over tables.
//!
//! An unrounded opponents' match-win average, and a sum of opponents' points, are each a
//! constant plus one term per pending table (an opponent's record depends on their own
//! table only). The difference of two players' values is then a sum of per-table terms, so
//! its least (greatest) value over every outcome is the sum of each table's least
//! (greatest) term: exact, where two separate intervals would forget that the players share
//! opponents or tables. Built once per player and outcome of their table ([`Form`]).
//!
//! Cost (the cut-line projection asks for thousands of differences): a player's options
//! share everything but their own table's opponents, so the terms are added up once per
//! player and shared; a term keeps its unweighted values and a form its weight (one over
//! the opponents counted, for a mean), so weighting costs one multiplication per value
//! actually read; and a difference starts from the forms' sums of least and greatest terms
//! and corrects only the tables both forms share or an own table fixes. All sums are exact,
//! so none of this changes a result (`difference_tests.rs` checks it against the forms and
//! differences built term by term).

use std::sync::Arc;

use crate::exact::{ArithmeticError, Exact};

use super::interval::Interval;

/// One player's value for one outcome of their table, as a constant plus per-table terms.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// Weighted.
    constant: Exact,
    /// What each term's value is multiplied by (one over the opponents counted, for a mean).
    weight: Exact,
    /// Unweighted, sorted by table; shared by the player's options that count the same
    /// opponents elsewhere.
    terms: Arc<Vec<Term>>,
    /// The sums of the terms' least and of their greatest values, weighted.
    low_sum: Exact,
    high_sum: Exact,
    /// For a sum less its lowest value: the lowest value's bounds.
    lowest: Option<Interval>,
}

#[derive(Debug, Clone, PartialEq)]
struct Term {
    table: usize,
    /// The term for each outcome of the table (unweighted), with its least and greatest.
    values: Vec<Exact>,
    low: Exact,
    high: Exact,
}

/// How the opponents' values are combined.
#[derive(Debug, Clone, Copy)]
pub enum Combine {
    /// Their mean; the floor with none.
    Mean { floor: Exact },
    /// Their sum less the lowest; zero with none.
    SumLessLowest,
}

/// The forms of every player (by index) and option, from the opponents each counts per
/// option (`counted`), the value each opponent has per option of theirs (`values`, with
/// its least and greatest in `ranges`) and each player's pending table.
pub fn forms(
    combine: Combine,
    counted: &[Vec<Vec<usize>>],
    values: &[Vec<Exact>],
    ranges: &[Interval],
    table_of: &[Option<usize>],
) -> Result<Vec<Vec<Form>>, ArithmeticError> {
    counted
        .iter()
        .enumerate()
        .map(|(player, options)| {
            let own_table = table_of[player];
            let at_own = |z: &usize| own_table.is_some() && table_of[*z] == own_table;
            // The part shared by the options that count the same opponents elsewhere.
            let mut shared: Option<(Vec<usize>, Partial)> = None;
            options
                .iter()
                .enumerate()
                .map(|(option, opponents)| {
                    let others: Vec<usize> =
                        opponents.iter().copied().filter(|z| !at_own(z)).collect();
                    if shared.as_ref().is_none_or(|(key, _)| *key != others) {
                        let partial = Partial::of(&others, values, ranges, table_of)?;
                        shared = Some((others, partial));
                    }
                    let Some((_, partial)) = shared.as_ref() else {
                        return Err(ArithmeticError);
                    };
                    let mine: Vec<usize> = opponents.iter().copied().filter(at_own).collect();
                    partial.form(combine, opponents.len(), &mine, option, values)
                })
                .collect()
        })
        .collect()
}

/// The part of a form that does not depend on the player's own table, unweighted: the sum
/// of the opponents with nothing pending, the per-table terms of those at other tables with
/// their least, greatest and the sums of those, and the lowest value's bounds among them.
struct Partial {
    constant: Exact,
    terms: Arc<Vec<Term>>,
    low_sum: Exact,
    high_sum: Exact,
    lowest: Option<Interval>,
}

impl Partial {
    fn of(
        opponents: &[usize],
        values: &[Vec<Exact>],
        ranges: &[Interval],
        table_of: &[Option<usize>],
    ) -> Result<Partial, ArithmeticError> {
        let mut constant = Exact::ZERO;
        let mut terms: Vec<Term> = Vec::new();
        let mut lowest: Option<Interval> = None;
        for z in opponents {
            match table_of[*z] {
                // Nothing pending: option 0.
                None => {
                    lowest = lower(lowest, Interval::exact(values[*z][0]));
                    constant = constant.checked_add(values[*z][0])?;
                }
                Some(table) => {
                    lowest = lower(lowest, ranges[*z]);
                    let at = match terms.iter().position(|t| t.table == table) {
                        Some(at) => at,
                        None => {
                            terms.push(Term {
                                table,
                                values: vec![Exact::ZERO; values[*z].len()],
                                low: Exact::ZERO,
                                high: Exact::ZERO,
                            });
                            terms.len() - 1
                        }
                    };
                    for (term, value) in terms[at].values.iter_mut().zip(&values[*z]) {
                        *term = term.checked_add(*value)?;
                    }
                }
            }
        }
        let (mut low_sum, mut high_sum) = (Exact::ZERO, Exact::ZERO);
        for term in &mut terms {
            term.low = term.values.iter().copied().min().unwrap_or(Exact::ZERO);
            term.high = term.values.iter().copied().max().unwrap_or(Exact::ZERO);
            low_sum = low_sum.checked_add(term.low)?;
            high_sum = high_sum.checked_add(term.high)?;
        }
        terms.sort_by_key(|t| t.table);
        Ok(Partial {
            constant,
            terms: Arc::new(terms),
            low_sum,
            high_sum,
            lowest,
        })
    }

    /// The form for `option` of the player's table: the shared part, the opponents at the
    /// player's own table (`mine`) fixed to `option`, weighted for `count` opponents.
    fn form(
        &self,
        combine: Combine,
        count: usize,
        mine: &[usize],
        option: usize,
        values: &[Vec<Exact>],
    ) -> Result<Form, ArithmeticError> {
        if count == 0 {
            let constant = match combine {
                Combine::Mean { floor } => floor,
                Combine::SumLessLowest => Exact::ZERO,
            };
            return Ok(Form {
                constant,
                weight: Exact::integer(1),
                terms: Arc::new(Vec::new()),
                low_sum: Exact::ZERO,
                high_sum: Exact::ZERO,
                lowest: None,
            });
        }
        let weight = match combine {
            Combine::Mean { .. } => Exact::integer(1).checked_div(Exact::integer(
                i64::try_from(count).map_err(|_| ArithmeticError)?,
            ))?,
            Combine::SumLessLowest => Exact::integer(1),
        };
        let mut constant = self.constant;
        let mut lowest = self.lowest;
        for z in mine {
            let value = values[*z][option];
            constant = constant.checked_add(value)?;
            lowest = lower(lowest, Interval::exact(value));
        }
        Ok(Form {
            constant: scaled(constant, weight)?,
            weight,
            terms: Arc::clone(&self.terms),
            low_sum: scaled(self.low_sum, weight)?,
            high_sum: scaled(self.high_sum, weight)?,
            lowest: matches!(combine, Combine::SumLessLowest)
                .then_some(lowest)
                .flatten(),
        })
    }
}

/// The lowest value's bounds with one more value's.
fn lower(lowest: Option<Interval>, range: Interval) -> Option<Interval> {
    Some(lowest.map_or(range, |l| Interval {
        low: l.low.min(range.low),
        high: l.high.min(range.high),
    }))
}

/// `value` times `weight` (no multiplication for a weight of one: a sum's).
fn scaled(value: Exact, weight: Exact) -> Result<Exact, ArithmeticError> {
    if weight == Exact::integer(1) {
        Ok(value)
    } else {
        value.checked_mul(weight)
    }
}

/// The least and greatest of `y`'s value less `x`'s, with `y`'s table (`y_at`) and `x`'s
/// (`x_at`) each fixed to their outcome.
///
/// A table in one form only, and not fixed, adds its own least and greatest: the forms'
/// sums take those whole, and only the tables both forms share or an own table fixes are
/// corrected, one by one.
pub fn difference(
    y: &Form,
    y_at: (Option<usize>, usize),
    x: &Form,
    x_at: (Option<usize>, usize),
) -> Result<Interval, ArithmeticError> {
    let start = y.constant.checked_sub(x.constant)?;
    let mut range = Interval {
        low: start.checked_add(y.low_sum)?.checked_sub(x.high_sum)?,
        high: start.checked_add(y.high_sum)?.checked_sub(x.low_sum)?,
    };
    let fixed = |table: usize| {
        if Some(table) == y_at.0 {
            Some(y_at.1)
        } else if Some(table) == x_at.0 {
            Some(x_at.1)
        } else {
            None
        }
    };
    let (wy, wx) = (y.weight, x.weight);
    // A table's contribution as the sums counted it (`assumed`) replaced by what it is.
    let correct = |range: &mut Interval,
                   assumed: (Exact, Exact),
                   actual: (Exact, Exact)|
     -> Result<(), ArithmeticError> {
        range.low = range.low.checked_sub(assumed.0)?.checked_add(actual.0)?;
        range.high = range.high.checked_sub(assumed.1)?.checked_add(actual.1)?;
        Ok(())
    };
    // y's term less x's, each weighted.
    let less = |p: Exact, q: Exact| scaled(p, wy)?.checked_sub(scaled(q, wx)?);
    let (mut i, mut j) = (0usize, 0usize);
    while i < y.terms.len() || j < x.terms.len() {
        match (y.terms.get(i), x.terms.get(j)) {
            (Some(a), Some(b)) if a.table == b.table => {
                let assumed = (less(a.low, b.high)?, less(a.high, b.low)?);
                let actual = match fixed(a.table) {
                    Some(o) => {
                        let d = less(value(a, o)?, value(b, o)?)?;
                        (d, d)
                    }
                    None => {
                        let mut low: Option<Exact> = None;
                        let mut high: Option<Exact> = None;
                        for (p, q) in a.values.iter().zip(&b.values) {
                            let d = less(*p, *q)?;
                            low = Some(low.map_or(d, |l| l.min(d)));
                            high = Some(high.map_or(d, |h| h.max(d)));
                        }
                        (low.unwrap_or(Exact::ZERO), high.unwrap_or(Exact::ZERO))
                    }
                };
                correct(&mut range, assumed, actual)?;
                i += 1;
                j += 1;
            }
            (Some(a), b) if b.is_none_or(|b| a.table < b.table) => {
                if let Some(o) = fixed(a.table) {
                    let v = scaled(value(a, o)?, wy)?;
                    let assumed = (scaled(a.low, wy)?, scaled(a.high, wy)?);
                    correct(&mut range, assumed, (v, v))?;
                }
                i += 1;
            }
            (_, Some(b)) => {
                if let Some(o) = fixed(b.table) {
                    let v = less(Exact::ZERO, value(b, o)?)?;
                    let assumed = (less(Exact::ZERO, b.high)?, less(Exact::ZERO, b.low)?);
                    correct(&mut range, assumed, (v, v))?;
                }
                j += 1;
            }
            (_, None) => break,
        }
    }
    // Less y's lowest value, plus x's.
    if let Some(lowest) = y.lowest {
        range.low = range.low.checked_sub(lowest.high)?;
        range.high = range.high.checked_sub(lowest.low)?;
    }
    if let Some(lowest) = x.lowest {
        range.low = range.low.checked_add(lowest.low)?;
        range.high = range.high.checked_add(lowest.high)?;
    }
    Ok(range)
}

fn value(term: &Term, outcome: usize) -> Result<Exact, ArithmeticError> {
    term.values.get(outcome).copied().ok_or(ArithmeticError)
}

#[cfg(test)]
#[path = "difference_tests.rs"]
mod tests;
