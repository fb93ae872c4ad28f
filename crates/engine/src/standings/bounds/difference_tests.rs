//! The forms shared across a player's options are the forms built one by one, and the
//! difference from the forms' sums is the difference added up table by table: the
//! straightforward constructions are kept here as the oracles, and random fields of players,
//! tables and opponents compared with them.

use proptest::prelude::*;

use super::*;

/// A form as its values are: every term weighted (what the oracles build).
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    constant: Exact,
    terms: Vec<Term>,
    low_sum: Exact,
    high_sum: Exact,
    lowest: Option<Interval>,
}

fn seen(form: &Form) -> Seen {
    let weigh = |v: Exact| v.checked_mul(form.weight).expect("weight");
    Seen {
        constant: form.constant,
        terms: form
            .terms
            .iter()
            .map(|t| Term {
                table: t.table,
                values: t.values.iter().copied().map(weigh).collect(),
                low: weigh(t.low),
                high: weigh(t.high),
            })
            .collect(),
        low_sum: form.low_sum,
        high_sum: form.high_sum,
        lowest: form.lowest,
    }
}

/// Each option's form built on its own, every opponent's value weighted as it is added.
fn one_by_one(
    combine: Combine,
    counted: &[Vec<Vec<usize>>],
    values: &[Vec<Exact>],
    ranges: &[Interval],
    table_of: &[Option<usize>],
) -> Vec<Vec<Seen>> {
    let mut all = Vec::new();
    for (player, options) in counted.iter().enumerate() {
        let own_table = table_of[player];
        let mut forms = Vec::new();
        for (option, opponents) in options.iter().enumerate() {
            if opponents.is_empty() {
                let constant = match combine {
                    Combine::Mean { floor } => floor,
                    Combine::SumLessLowest => Exact::ZERO,
                };
                forms.push(Seen {
                    constant,
                    terms: Vec::new(),
                    low_sum: Exact::ZERO,
                    high_sum: Exact::ZERO,
                    lowest: None,
                });
                continue;
            }
            let weight = match combine {
                Combine::Mean { .. } => Exact::ratio(1, opponents.len() as i64).expect("weight"),
                Combine::SumLessLowest => Exact::integer(1),
            };
            let mut constant = Exact::ZERO;
            let mut terms: Vec<Term> = Vec::new();
            let mut lowest: Option<Interval> = None;
            for z in opponents {
                let table = table_of[*z];
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
                let weighted = |v: Exact| v.checked_mul(weight).expect("mul");
                match (fixed, table) {
                    (Some(o), _) => {
                        constant = constant.checked_add(weighted(values[*z][o])).expect("add")
                    }
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
                            *term = term.checked_add(weighted(*value)).expect("add");
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
            let sum = |f: fn(&Term) -> Exact| {
                terms
                    .iter()
                    .fold(Exact::ZERO, |s, t| s.checked_add(f(t)).expect("sum"))
            };
            let (low_sum, high_sum) = (sum(|t| t.low), sum(|t| t.high));
            forms.push(Seen {
                constant,
                terms,
                low_sum,
                high_sum,
                lowest: matches!(combine, Combine::SumLessLowest)
                    .then_some(lowest)
                    .flatten(),
            });
        }
        all.push(forms);
    }
    all
}

/// The difference term by term, each table's least and greatest added as met.
fn difference_term_by_term(
    y: &Seen,
    y_at: (Option<usize>, usize),
    x: &Seen,
    x_at: (Option<usize>, usize),
) -> Interval {
    let start = y.constant.checked_sub(x.constant).expect("sub");
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
    let add = |range: &mut Interval, low: Exact, high: Exact| {
        range.low = range.low.checked_add(low).expect("add");
        range.high = range.high.checked_add(high).expect("add");
    };
    let neg = |v: Exact| Exact::ZERO.checked_sub(v).expect("neg");
    let at = |t: &Term, o: usize| t.values[o];
    let tables: std::collections::BTreeSet<usize> =
        y.terms.iter().chain(&x.terms).map(|t| t.table).collect();
    for table in tables {
        let a = y.terms.iter().find(|t| t.table == table);
        let b = x.terms.iter().find(|t| t.table == table);
        match (a, b, fixed(table)) {
            (Some(a), Some(b), Some(o)) => {
                let d = at(a, o).checked_sub(at(b, o)).expect("sub");
                add(&mut range, d, d);
            }
            (Some(a), Some(b), None) => {
                let d: Vec<Exact> = a
                    .values
                    .iter()
                    .zip(&b.values)
                    .map(|(p, q)| p.checked_sub(*q).expect("sub"))
                    .collect();
                let low = d.iter().copied().min().unwrap_or(Exact::ZERO);
                let high = d.iter().copied().max().unwrap_or(Exact::ZERO);
                add(&mut range, low, high);
            }
            (Some(a), None, Some(o)) => add(&mut range, at(a, o), at(a, o)),
            (Some(a), None, None) => add(&mut range, a.low, a.high),
            (None, Some(b), Some(o)) => add(&mut range, neg(at(b, o)), neg(at(b, o))),
            (None, Some(b), None) => add(&mut range, neg(b.high), neg(b.low)),
            (None, None, _) => {}
        }
    }
    if let Some(lowest) = y.lowest {
        add(&mut range, neg(lowest.high), neg(lowest.low));
    }
    if let Some(lowest) = x.lowest {
        add(&mut range, lowest.low, lowest.high);
    }
    range
}

/// A field: each player's table (or none), their values per outcome of it (3 outcomes
/// a table), and the opponents each counts per option, drawn from the others.
/// Each player's table, values per outcome, and counted opponents per option.
type Drawn = (Vec<Option<usize>>, Vec<Vec<Exact>>, Vec<Vec<Vec<usize>>>);

fn field() -> impl Strategy<Value = Drawn> {
    (2usize..9).prop_flat_map(|players| {
        let tables = proptest::collection::vec(proptest::option::of(0usize..3), players);
        let values =
            proptest::collection::vec(proptest::collection::vec((0i64..12, 1i64..7), 3), players);
        let counted = proptest::collection::vec(
            proptest::collection::vec(proptest::collection::vec(0usize..players, 0..5), 3),
            players,
        );
        (tables, values, counted).prop_map(|(tables, values, counted)| {
            let values: Vec<Vec<Exact>> = values
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|(n, d)| Exact::ratio(n, d).expect("ratio"))
                        .collect()
                })
                .collect();
            // A player with nothing pending has one option; others one per outcome.
            let counted = counted
                .into_iter()
                .enumerate()
                .map(|(player, mut options)| {
                    if tables[player].is_none() {
                        options.truncate(1);
                    }
                    options
                        .into_iter()
                        .map(|mut opponents| {
                            opponents.retain(|z| *z != player);
                            opponents.sort_unstable();
                            opponents.dedup();
                            opponents
                        })
                        .collect()
                })
                .collect();
            (tables, values, counted)
        })
    })
}

proptest! {
    #[test]
    fn shared_forms_are_the_forms_built_one_by_one((table_of, values, counted) in field()) {
        let ranges: Vec<Interval> = values
            .iter()
            .map(|row| Interval {
                low: row.iter().copied().min().unwrap_or(Exact::ZERO),
                high: row.iter().copied().max().unwrap_or(Exact::ZERO),
            })
            .collect();
        for combine in [
            Combine::Mean { floor: Exact::ratio(1, 4).expect("floor") },
            Combine::SumLessLowest,
        ] {
            let shared = forms(combine, &counted, &values, &ranges, &table_of).expect("forms");
            let as_seen: Vec<Vec<Seen>> =
                shared.iter().map(|options| options.iter().map(seen).collect()).collect();
            prop_assert_eq!(&as_seen, &one_by_one(combine, &counted, &values, &ranges, &table_of));
            // Every pair of finishes: the difference from the sums is the one term by term.
            for (py, y_forms) in shared.iter().enumerate() {
                for (px, x_forms) in shared.iter().enumerate() {
                    for (oy, y) in y_forms.iter().enumerate() {
                        for (ox, x) in x_forms.iter().enumerate() {
                            let (y_at, x_at) = ((table_of[py], oy), (table_of[px], ox));
                            prop_assert_eq!(
                                difference(y, y_at, x, x_at).expect("difference"),
                                difference_term_by_term(&seen(y), y_at, &seen(x), x_at)
                            );
                        }
                    }
                }
            }
        }
    }
}
