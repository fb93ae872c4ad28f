//! Solving the pairing matching fast and exactly: a sparse candidate graph, a dual
//! certificate against every omitted pair, and the complete graph as the fallback.
//!
//! Each player is linked to the next `K` legal opponents in standings order (plus every
//! legal bye edge). The blossom algorithm's duals then bound every pair that was left out:
//! if none has negative slack, the sparse optimum is the optimum of the complete graph.
//! Otherwise the violating pairs are added and the problem solved again; after a few
//! rounds of that, the complete graph is solved directly.

use super::bitset::PairSet;
use super::matching::{Edge, Solution, max_weight_matching, max_weight_matching_warm};

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
    /// Score group of a vertex; vertices are ordered by it, and `upper` must not increase
    /// as the second vertex moves away from the first within a group.
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
    let mut included = PairSet::new(vertices);
    if let Some(h) = hub {
        for u in (0..vertices).filter(|u| *u != h) {
            if let Some(w) = weight(u.min(h), u.max(h)) {
                edges.push(Edge {
                    i: u.min(h),
                    j: u.max(h),
                    w,
                });
                included.insert(u, h);
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
                included.insert(u, v);
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

/// Omitted legal pairs whose reduced cost is negative under the solution's duals.
///
/// Vertices come in score-group order, so for each vertex the pairs with a whole group
/// are first bounded at once (the group's smallest vertex dual against the weight bound
/// of its nearest member); only groups that fail are checked pair by pair.
fn violations(
    vertices: usize,
    solution: &Solution,
    included: &PairSet,
    weights: &Weights,
) -> Vec<Edge> {
    let mut found = Vec::new();
    let mut groups = groups(vertices, weights);
    for group in &mut groups {
        group.min_dual_vertex = (group.start..group.end)
            .min_by_key(|v| solution.vertex_dual(*v))
            .unwrap_or(group.start);
    }
    // The smallest dual from each vertex to the end of its group: past `v` the weight bound
    // only falls and no dual is lower, so one check settles the rest of the group.
    let mut suffix_min = vec![0usize; vertices];
    for group in &groups {
        let mut best = group.end - 1;
        for v in (group.start..group.end).rev() {
            if solution.vertex_dual(v) < solution.vertex_dual(best) {
                best = v;
            }
            suffix_min[v] = best;
        }
    }
    for u in 0..vertices {
        for group in &groups {
            if group.end <= u + 1 {
                continue;
            }
            let start = group.start.max(u + 1);
            // The nearest member has the largest weight bound in the group.
            let bound = (weights.upper)(u, start);
            if solution.slack_lower_bound(u, group.min_dual_vertex, bound) >= 0 {
                continue;
            }
            for (v, &lowest) in (start..group.end).zip(&suffix_min[start..group.end]) {
                let upper = (weights.upper)(u, v);
                if solution.slack_lower_bound(u, lowest, upper) >= 0 {
                    break;
                }
                // The weight bound with every shared blossom's dual settles most pairs
                // without computing the exact weight.
                if included.contains(u, v) || solution.edge_slack(u, v, upper) >= 0 {
                    continue;
                }
                if let Some(w) = (weights.exact)(u, v)
                    && solution.edge_slack(u, v, w) < 0
                {
                    found.push(Edge { i: u, j: v, w });
                }
            }
        }
    }
    found
}

/// A run of consecutive vertices with the same `group` key, and its smallest dual.
struct Group {
    start: usize,
    end: usize,
    min_dual_vertex: usize,
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
                min_dual_vertex: v,
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
