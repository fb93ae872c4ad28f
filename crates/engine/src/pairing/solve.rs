//! Solving the pairing matching fast and exactly: a sparse candidate graph, a dual
//! certificate against every omitted pair, and the complete graph as the fallback.
//!
//! Each player is linked to the next `K` legal opponents in standings order (plus every
//! legal bye edge). The blossom algorithm's duals then bound every pair that was left out:
//! if none has negative slack, the sparse optimum is the optimum of the complete graph.
//! Otherwise the violating pairs are added and the problem solved again; after a few
//! rounds of that, the complete graph is solved directly.

use super::matching::{
    Edge, LINE_LEVELS, Nesting, Solution, max_weight_matching, max_weight_matching_warm,
};
use super::pairs::Included;

/// Candidate opponents per player in the sparse graph (8 measured best: fewer needs more
/// certificate refinements, more makes the matching slower).
const NEIGHBOURS: usize = 8;
/// Re-solves with added edges before falling back to the complete graph.
const MAX_REFINEMENTS: usize = 3;

/// Which graph to solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Sparse candidates with a dual certificate (the default).
    Sparse,
    /// Every legal pair (the dense exact oracle used by tests and the benchmark).
    Complete,
}

/// The parts of pairing a round, in the order they end (a benchmark's probe is told each
/// time one ends; solving may repeat the matching and the certificate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Standings, history and the solver's order of the players.
    Context,
    /// The candidate graph (sparse neighbours and bye edges, or the complete graph).
    Graph,
    /// One maximum-weight matching.
    Matching,
    /// The dual certificate against every pair left out of the graph.
    Certificate,
    /// Tables, seats and the explanation.
    Explanation,
}

/// How the exact optimum was reached (for the explanation and the benchmark).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveReport {
    pub sparse_edges: usize,
    pub refinements: usize,
    pub used_complete_graph: bool,
}

/// The weights of one problem: `exact(u, v)` is `None` for a forbidden pair;
/// `upper(u, v)` is a cheap upper bound of it (used to skip most certificate checks).
pub struct Weights<'a> {
    pub exact: &'a dyn Fn(usize, usize) -> Option<i128>,
    pub upper: &'a dyn Fn(usize, usize) -> i128,
    /// Score group of a vertex; vertices are ordered by it, and `upper` falls by exactly
    /// one per place as the second vertex moves away from the first within a later group
    /// (`upper(u, v) + v` is the same for every `v` of that group: the random tier is the
    /// distance in the order).
    pub group: &'a dyn Fn(usize) -> i64,
}

/// Maximum-weight matching over `vertices` (ordered so that good opponents are near each
/// other) where forbidden pairs have no weight. Every legal edge of `hub` (the bye vertex)
/// is always included. Returns the optimum of the complete legal graph.
pub fn solve(
    vertices: usize,
    hub: Option<usize>,
    strategy: Strategy,
    weights: &Weights,
    probe: &mut dyn FnMut(Phase),
) -> (Solution, SolveReport) {
    let weight = weights.exact;
    if strategy == Strategy::Complete {
        let graph = complete_graph(vertices, weight);
        probe(Phase::Graph);
        let solution = max_weight_matching(vertices, &graph);
        probe(Phase::Matching);
        return (
            solution,
            SolveReport {
                sparse_edges: 0,
                refinements: 0,
                used_complete_graph: true,
            },
        );
    }
    let mut edges = Vec::new();
    let mut included = Included::new(vertices, hub);
    if let Some(h) = hub {
        for u in (0..vertices).filter(|u| *u != h) {
            if let Some(w) = weight(u.min(h), u.max(h)) {
                edges.push(Edge {
                    i: u.min(h),
                    j: u.max(h),
                    w,
                });
            }
        }
    }
    for u in 0..vertices {
        if Some(u) == hub {
            continue;
        }
        let mut linked = 0;
        for v in (u + 1)..vertices {
            if Some(v) == hub {
                continue;
            }
            if linked >= NEIGHBOURS {
                break;
            }
            if let Some(w) = weight(u, v) {
                edges.push(Edge { i: u, j: v, w });
                included.extend_run(u, v);
                linked += 1;
            }
        }
    }
    let sparse_edges = edges.len();
    probe(Phase::Graph);
    for refinements in 0..=MAX_REFINEMENTS {
        let mut solution = max_weight_matching_warm(vertices, &edges);
        if !self_consistent(&solution, &edges) {
            // The warm start is an acceleration only: without a perfect, tight, dual-feasible
            // result, solve again from the empty matching.
            solution = max_weight_matching(vertices, &edges);
        }
        probe(Phase::Matching);
        let violations = violations(vertices, &solution, &included, weights);
        probe(Phase::Certificate);
        if violations.is_empty() {
            return (
                solution,
                SolveReport {
                    sparse_edges,
                    refinements,
                    used_complete_graph: false,
                },
            );
        }
        for e in violations {
            included.insert(e.i, e.j);
            edges.push(e);
        }
    }
    // The certificate failed too often: say so (the report names the fallback) and solve
    // the complete graph.
    let graph = complete_graph(vertices, weight);
    probe(Phase::Graph);
    let solution = max_weight_matching(vertices, &graph);
    probe(Phase::Matching);
    (
        solution,
        SolveReport {
            sparse_edges,
            refinements: MAX_REFINEMENTS,
            used_complete_graph: true,
        },
    )
}

/// A perfect matching whose edges are tight and whose duals are feasible on every edge it
/// was given: then the duals certify it (with vertex duals of any sign, as in the perfect
/// matching LP).
fn self_consistent(solution: &Solution, edges: &[Edge]) -> bool {
    solution.mate.iter().all(Option::is_some)
        && edges.iter().all(|e| {
            let slack = solution.edge_slack(e.i, e.j, e.w);
            slack >= 0 && (solution.mate[e.i] != Some(e.j) || slack == 0)
        })
}

/// Omitted legal pairs whose reduced cost is negative under the solution's duals, in
/// `(i, j)` order.
///
/// Vertices come in score-group order. For each vertex `u` and each later group, the pairs
/// from a position on are bounded at once: past it the weight bound falls by one per
/// place, so the smallest "partner share" in the rest of the group (see [`Suffix`])
/// settles them all. Only the pairs before that point are checked one by one.
fn violations(
    vertices: usize,
    solution: &Solution,
    included: &Included,
    weights: &Weights,
) -> Vec<Edge> {
    let groups = groups(vertices, weights);
    let suffix = Suffix::of(vertices, solution, &groups);
    let scan = |u: usize, found: &mut Vec<Edge>| {
        let nesting = solution.nesting(u);
        for group in &groups {
            if group.end <= u + 1 {
                continue;
            }
            let start = group.start.max(u + 1);
            // `upper(u, v) + v` is one number for the whole group (see `Weights::group`).
            let upper_at_zero = (weights.upper)(u, start) + start as i128;
            for v in start..group.end {
                // The nearest remaining member has the largest weight bound in the group.
                let upper = upper_at_zero - v as i128;
                debug_assert_eq!(upper, (weights.upper)(u, v));
                // The bound for the rest of the group, every few pairs (checking each pair
                // exactly is about as cheap as the bound).
                if v % RECHECK_EVERY == 0 {
                    let bound = suffix.slack_lower_bound(solution, u, &nesting, v, upper_at_zero);
                    // Debug builds check the bound against every pair it settles.
                    debug_assert!(
                        (v..group.end)
                            .all(|x| { solution.edge_slack(u, x, (weights.upper)(u, x)) >= bound })
                    );
                    if bound >= 0 {
                        break;
                    }
                }
                // The weight bound settles most pairs without the exact weight: with the
                // vertex duals alone (blossom duals are never negative) most of them, in
                // O(1); with the blossoms the two share the rest, climbing `u`'s blossoms
                // by jumps (they nest hundreds deep, so listing them for each `u` cost more
                // than all the pairs).
                if solution.slack_lower_bound(u, v, upper) >= 0
                    || included.contains(u, v)
                    || solution.edge_slack(u, v, upper) >= 0
                {
                    continue;
                }
                if let Some(w) = (weights.exact)(u, v)
                    && solution.edge_slack(u, v, w) < 0
                {
                    found.push(Edge { i: u, j: v, w });
                }
            }
        }
    };
    // One thread: with the bounds above, checking is a few milliseconds even at 16384
    // players, less than starting threads gained (pairs are found in `(i, j)` order).
    let mut found = Vec::new();
    (0..vertices).for_each(|u| scan(u, &mut found));
    found
}

/// The bound for the rest of a group is kept, and checked, at every `RECHECK_EVERY`th
/// vertex; the pairs in between are checked one by one.
const RECHECK_EVERY: usize = 8;

/// For each vertex `v`, lower bounds of the partner's share of the slack of any pair
/// `(u, x)` with `x` from `v` to the end of `v`'s group. The share of `x` is
/// `a(x) + S(u, x)`: `a(x)` is `y(x)` plus `x`'s place in weight units (the weight bound
/// falls by one per place, so `upper(u, x) + x` is one number for the whole group and a
/// far partner's low dual is weighed against its lower weight), and `S(u, x)` twice the
/// duals of the blossoms the two share. By the lines of the blossom forest ([`Nesting`]):
/// - paths that part at line level `l`: `S` is the duals to the end of line `l − 1`
///   (nothing at level 0). `parted[l]` keeps the smallest `a(x) + that` and the line of
///   `x` at level `l`, and `parted_other[l]` the smallest among other lines there; a `u`
///   whose line at `l` is the best one takes the other;
/// - paths parting deeper than `LINE_LEVELS`: at least the duals to the end of the last
///   listed line (`deep`);
/// - one path on the other's (same line, or `x` above `u` or below it): `S` is the duals
///   of the one nested less deeply, so the share is at least `a(x) + S(x)` (`own`) or
///   `a(x) + S(u)`, where the second is needed only for `x` under `u`'s line — the
///   smallest `a(x)` by the line at `u`'s level (`under` / `under_other`).
///
/// Vertex duals alone, or a few blossom levels from the top, are a weak bound: blossoms
/// nest hundreds deep and their duals make up for low vertex duals, which made the check
/// scan whole score groups pair by pair.
struct Suffix {
    /// The bounds from every `RECHECK_EVERY`th vertex on (`v / RECHECK_EVERY`).
    tails: Vec<Tail>,
}

/// The bounds for one vertex to the end of its group.
#[derive(Clone, Copy)]
struct Tail {
    parted: [(i128, usize); LINE_LEVELS],
    parted_other: [i128; LINE_LEVELS],
    under: [(i128, usize); LINE_LEVELS],
    under_other: [i128; LINE_LEVELS],
    deep: i128,
    own: i128,
}

impl Tail {
    const EMPTY: Tail = Tail {
        parted: [(i128::MAX, usize::MAX); LINE_LEVELS],
        parted_other: [i128::MAX; LINE_LEVELS],
        under: [(i128::MAX, usize::MAX); LINE_LEVELS],
        under_other: [i128::MAX; LINE_LEVELS],
        deep: i128::MAX,
        own: i128::MAX,
    };

    /// Takes in partner `x` with share base `a` (see [`Suffix`]).
    fn add(&mut self, a: i128, x: &Nesting) {
        for level in 0..x.count.min(LINE_LEVELS) {
            let line = x.lines[level];
            let above = if level == 0 {
                0
            } else {
                x.line_duals[level - 1]
            };
            keep_two_lines(
                &mut self.parted[level],
                &mut self.parted_other[level],
                a + above,
                line,
            );
            keep_two_lines(
                &mut self.under[level],
                &mut self.under_other[level],
                a,
                line,
            );
        }
        if x.count > LINE_LEVELS {
            self.deep = self.deep.min(a + x.line_duals[LINE_LEVELS - 1]);
        }
        self.own = self.own.min(a + x.duals);
    }

    /// The smallest share of these partners with `u`.
    fn partner(&self, u: &Nesting) -> i128 {
        let mut partner = self.own;
        // Partners parting from `u`'s path where `u` has lines (deeper ones are under it).
        for level in 0..u.count.min(LINE_LEVELS) {
            let (best, line) = self.parted[level];
            partner = partner.min(if line == u.lines[level] {
                self.parted_other[level]
            } else {
                best
            });
        }
        if u.count > LINE_LEVELS {
            partner = partner.min(self.deep);
        }
        // Partners under `u`'s line (or under its deepest listed one, a superset); for `u`
        // in no blossom, none are, and the term is the smallest `a(x)`, as the first level's.
        let level = (u.count - 1).min(LINE_LEVELS - 1);
        let (best, line) = self.under[level];
        let under = if line == u.lines[level] {
            best
        } else {
            self.under_other[level]
        };
        partner.min(under.saturating_add(u.duals))
    }
}

/// The smallest value with its line, and the smallest with any other line.
fn keep_two_lines(best: &mut (i128, usize), other: &mut i128, value: i128, line: usize) {
    if value < best.0 {
        if line != best.1 {
            *other = best.0;
        }
        *best = (value, line);
    } else if line != best.1 {
        *other = (*other).min(value);
    }
}

impl Suffix {
    fn of(vertices: usize, solution: &Solution, groups: &[Group]) -> Suffix {
        let mut tails = vec![Tail::EMPTY; vertices.div_ceil(RECHECK_EVERY)];
        let unit = solution.weight_unit();
        for group in groups {
            let mut tail = Tail::EMPTY;
            for v in (group.start..group.end).rev() {
                tail.add(
                    solution.vertex_dual(v) + unit * v as i128,
                    &solution.nesting(v),
                );
                if v % RECHECK_EVERY == 0 {
                    tails[v / RECHECK_EVERY] = tail;
                }
            }
        }
        Suffix { tails }
    }

    /// A lower bound of the slack of `(u, x)` for every `x` from `v` (a multiple of
    /// `RECHECK_EVERY`) to the end of its group, when `upper(u, x) + x` is at most
    /// `upper_at_zero` for each of those pairs.
    fn slack_lower_bound(
        &self,
        solution: &Solution,
        u: usize,
        u_nesting: &Nesting,
        v: usize,
        upper_at_zero: i128,
    ) -> i128 {
        let partner = self.tails[v / RECHECK_EVERY].partner(u_nesting);
        if partner == i128::MAX {
            return i128::MAX;
        }
        solution.slack_lower_bound_with(u, partner, upper_at_zero)
    }
}

/// A run of consecutive vertices with the same `group` key.
struct Group {
    start: usize,
    end: usize,
}

fn groups(vertices: usize, weights: &Weights) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for v in 0..vertices {
        let key = (weights.group)(v);
        match groups.last_mut() {
            Some(g) if (weights.group)(g.start) == key => g.end = v + 1,
            _ => groups.push(Group {
                start: v,
                end: v + 1,
            }),
        }
    }
    groups
}

fn complete_graph(vertices: usize, weight: &dyn Fn(usize, usize) -> Option<i128>) -> Vec<Edge> {
    (0..vertices)
        .flat_map(|u| {
            ((u + 1)..vertices).filter_map(move |v| weight(u, v).map(|w| Edge { i: u, j: v, w }))
        })
        .collect()
}
