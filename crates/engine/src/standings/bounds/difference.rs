//! Exact differences of two players' tiebreakers that are sums over tables.
//!
//! An unrounded opponents' match-win average, and a sum of opponents' points, are each a
//! constant plus one term per pending table (an opponent's record depends on their own
//! table only). The difference of two players' values is then a sum of per-table terms, so
//! its least (greatest) value over every outcome is the sum of each table's least
//! (greatest) term: exact, where two separate intervals would forget that the players share
//! opponents or tables. Built once per player and outcome of their table ([`Form`]).

use crate::exact::{ArithmeticError, Exact};

use super::interval::Interval;

/// One player's value for one outcome of their table, as a constant plus per-table terms.
#[derive(Debug, Clone)]
pub struct Form {
    constant: Exact,
    /// Sorted by table.
    terms: Vec<Term>,
    /// For a sum less its lowest value: the lowest value's bounds.
    lowest: Option<Interval>,
}

#[derive(Debug, Clone)]
struct Term {
    table: usize,
    /// The term for each outcome of the table, with its least and greatest.
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
            options
                .iter()
                .enumerate()
                .map(|(option, opponents)| {
                    form(combine, player, option, opponents, values, ranges, table_of)
                })
                .collect()
        })
        .collect()
}

fn form(
    combine: Combine,
    player: usize,
    option: usize,
    opponents: &[usize],
    values: &[Vec<Exact>],
    ranges: &[Interval],
    table_of: &[Option<usize>],
) -> Result<Form, ArithmeticError> {
    let own_table = table_of[player];
    if opponents.is_empty() {
        let constant = match combine {
            Combine::Mean { floor } => floor,
            Combine::SumLessLowest => Exact::ZERO,
        };
        return Ok(Form {
            constant,
            terms: Vec::new(),
            lowest: None,
        });
    }
    let weight = match combine {
        Combine::Mean { .. } => Exact::integer(1).checked_div(Exact::integer(
            i64::try_from(opponents.len()).map_err(|_| ArithmeticError)?,
        ))?,
        Combine::SumLessLowest => Exact::integer(1),
    };
    let mut constant = Exact::ZERO;
    let mut terms: Vec<Term> = Vec::new();
    let mut lowest: Option<Interval> = None;
    for z in opponents {
        let table = table_of[*z];
        // Fixed: no pending table (option 0), or at this player's own table (this option).
        let fixed = match table {
            None => Some(0),
            Some(t) if Some(t) == own_table => Some(option),
            Some(_) => None,
        };
        let range = match fixed {
            Some(o) => Interval::exact(values[*z][o]),
            None => ranges[*z],
        };
        lowest = Some(lowest.map_or(range, |l| Interval {
            low: l.low.min(range.low),
            high: l.high.min(range.high),
        }));
        match (fixed, table) {
            (Some(o), _) => constant = constant.checked_add(values[*z][o].checked_mul(weight)?)?,
            (None, Some(table)) => {
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
                    *term = term.checked_add(value.checked_mul(weight)?)?;
                }
            }
            (None, None) => {}
        }
    }
    for term in &mut terms {
        term.low = term.values.iter().copied().min().unwrap_or(Exact::ZERO);
        term.high = term.values.iter().copied().max().unwrap_or(Exact::ZERO);
    }
    terms.sort_by_key(|t| t.table);
    Ok(Form {
        constant,
        terms,
        lowest: matches!(combine, Combine::SumLessLowest)
            .then_some(lowest)
            .flatten(),
    })
}

/// The least and greatest of `y`'s value less `x`'s, with `y`'s table (`y_at`) and `x`'s
/// (`x_at`) each fixed to their outcome.
pub fn difference(
    y: &Form,
    y_at: (Option<usize>, usize),
    x: &Form,
    x_at: (Option<usize>, usize),
) -> Result<Interval, ArithmeticError> {
    let start = y.constant.checked_sub(x.constant)?;
    let mut range = Interval {
        low: start,
        high: start,
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
    let add = |range: &mut Interval, low: Exact, high: Exact| -> Result<(), ArithmeticError> {
        range.low = range.low.checked_add(low)?;
        range.high = range.high.checked_add(high)?;
        Ok(())
    };
    let (mut i, mut j) = (0usize, 0usize);
    while i < y.terms.len() || j < x.terms.len() {
        let y_term = y.terms.get(i);
        let x_term = x.terms.get(j);
        match (y_term, x_term) {
            (Some(a), Some(b)) if a.table == b.table => {
                match fixed(a.table) {
                    Some(o) => {
                        let d = value(a, o)?.checked_sub(value(b, o)?)?;
                        add(&mut range, d, d)?;
                    }
                    None => {
                        let mut low: Option<Exact> = None;
                        let mut high: Option<Exact> = None;
                        for (p, q) in a.values.iter().zip(&b.values) {
                            let d = p.checked_sub(*q)?;
                            low = Some(low.map_or(d, |l| l.min(d)));
                            high = Some(high.map_or(d, |h| h.max(d)));
                        }
                        add(
                            &mut range,
                            low.unwrap_or(Exact::ZERO),
                            high.unwrap_or(Exact::ZERO),
                        )?;
                    }
                }
                i += 1;
                j += 1;
            }
            (Some(a), b) if b.is_none_or(|b| a.table < b.table) => {
                match fixed(a.table) {
                    Some(o) => {
                        let v = value(a, o)?;
                        add(&mut range, v, v)?;
                    }
                    None => add(&mut range, a.low, a.high)?,
                }
                i += 1;
            }
            (_, Some(b)) => {
                match fixed(b.table) {
                    Some(o) => {
                        let v = Exact::ZERO.checked_sub(value(b, o)?)?;
                        add(&mut range, v, v)?;
                    }
                    None => add(
                        &mut range,
                        Exact::ZERO.checked_sub(b.high)?,
                        Exact::ZERO.checked_sub(b.low)?,
                    )?,
                }
                j += 1;
            }
            (_, None) => break,
        }
    }
    // Less y's lowest value, plus x's.
    if let Some(lowest) = y.lowest {
        add(
            &mut range,
            Exact::ZERO.checked_sub(lowest.high)?,
            Exact::ZERO.checked_sub(lowest.low)?,
        )?;
    }
    if let Some(lowest) = x.lowest {
        add(&mut range, lowest.low, lowest.high)?;
    }
    Ok(range)
}

fn value(term: &Term, outcome: usize) -> Result<Exact, ArithmeticError> {
    term.values.get(outcome).copied().ok_or(ArithmeticError)
}
