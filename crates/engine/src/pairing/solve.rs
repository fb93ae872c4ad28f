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
    pub exact: &'a (dyn Fn(usize, usize) -> Option<i128> + Sync),
    pub upper: &'a (dyn Fn(usize, usize) -> i128 + Sync),
    /// Score group of a vertex; vertices are ordered by it, and `upper` must not increase
    /// as the second vertex moves away from the first within a group.
    pub group: &'a (dyn Fn(usize) -> i64 + Sync),
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

/// Omitted legal pairs whose reduced cost is negative under the solution's duals, in
/// `(i, j)` order.
///
/// Vertices come in score-group order. For each vertex `u` and each later group, the pairs
/// from a position on are bounded at once: past it the weight bound only falls, so the
/// smallest "partner dual" in the rest of the group (see [`Suffix`]) settles them all. Only
/// the pairs before that point are checked one by one. Large problems split the vertices
/// between threads (each pair is checked by exactly one; the result is the same).
fn violations(
    vertices: usize,
    solution: &Solution,
    included: &PairSet,
    weights: &Weights,
) -> Vec<Edge> {
    let groups = groups(vertices, weights);
    let suffix = Suffix::of(vertices, solution, &groups);
    let scan = |u: usize, found: &mut Vec<Edge>| {
        let mut chain = Vec::new();
        solution.blossoms_of(u, &mut chain);
        let levels: [usize; LEVELS] = std::array::from_fn(|l| solution.blossom_at_level(u, l));
        for group in &groups {
            if group.end <= u + 1 {
                continue;
            }
            let start = group.start.max(u + 1);
            for v in start..group.end {
                // The nearest remaining member has the largest weight bound in the group.
                let upper = (weights.upper)(u, v);
                // The bound for the rest of the group, every few pairs (checking each pair
                // exactly is about as cheap as the bound).
                if (v - start) % RECHECK_EVERY == 0
                    && suffix.slack_lower_bound(solution, u, &levels, v, upper) >= 0
                {
                    break;
                }
                // The weight bound with every shared blossom's dual settles most pairs
                // without computing the exact weight.
                if included.contains(u, v) || solution.edge_slack_along(u, &chain, v, upper) >= 0 {
                    continue;
                }
                if let Some(w) = (weights.exact)(u, v)
                    && solution.edge_slack_along(u, &chain, v, w) < 0
                {
                    found.push(Edge { i: u, j: v, w });
                }
            }
        }
    };
    let threads = if vertices >= PARALLEL_FROM {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    } else {
        1
    };
    if threads == 1 {
        let mut found = Vec::new();
        (0..vertices).for_each(|u| scan(u, &mut found));
        return found;
    }
    // Blocks of vertices dealt round-robin, so each thread gets top and bottom tables.
    let mut found: Vec<Edge> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|k| {
                let scan = &scan;
                scope.spawn(move || {
                    let mut found = Vec::new();
                    (0..vertices)
                        .filter(|u| (u / BLOCK) % threads == k)
                        .for_each(|u| scan(u, &mut found));
                    found
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))
            })
            .collect()
    });
    found.sort_by_key(|e| (e.i, e.j));
    found
}

/// Pairs between two checks of the bound for the rest of a group.
const RECHECK_EVERY: usize = 8;

/// Problems at least this large check the certificate on several threads.
const PARALLEL_FROM: usize = 2048;
/// Threads for the certificate (the machines Tablekeeper runs on have 2 to 8 cores).
const MAX_THREADS: usize = 4;
/// Vertices per block dealt to a thread.
const BLOCK: usize = 64;

/// Blossom levels the certificate's bound follows (deeper shared blossoms are counted
/// only by the exact check).
const LEVELS: usize = 6;

/// For each vertex `v`, lower bounds of the partner's share of the slack of any pair
/// `(u, x)` with `x` from `v` to the end of `v`'s group. The share of `x` is `y(x)` plus
/// twice the duals of the blossoms `x` shares with `u` — its outermost `d`, where `d` is
/// the first level at which their blossom chains differ. So for each level `l`:
/// - `best[l]`: the smallest `y(x) + 2·(duals of x's l outermost blossoms)` and x's
///   blossom at level `l` (x itself when it is nested less deeply), and `second[l]`: the
///   smallest among other blossoms at that level — for `u` whose level-`l` blossom differs
///   from x's, this is exact when they share exactly `l` levels;
/// - `deep`: the smallest `y(x) + 2·(duals of its LEVELS outermost blossoms)`, a lower
///   bound for partners sharing `LEVELS` levels or more.
///
/// Vertex duals alone are a weak bound inside nested blossoms (whose duals make up for low
/// vertex duals), which made the check scan whole score groups pair by pair.
struct Suffix {
    best: Vec<[(i128, usize); LEVELS]>,
    second: Vec<[i128; LEVELS]>,
    deep: Vec<i128>,
}

impl Suffix {
    fn of(vertices: usize, solution: &Solution, groups: &[Group]) -> Suffix {
        let none = (i128::MAX, usize::MAX);
        let mut best = vec![[none; LEVELS]; vertices];
        let mut second = vec![[i128::MAX; LEVELS]; vertices];
        let mut deep = vec![i128::MAX; vertices];
        for group in groups {
            let (mut b, mut s, mut d) = ([none; LEVELS], [i128::MAX; LEVELS], i128::MAX);
            for v in (group.start..group.end).rev() {
                for level in 0..LEVELS {
                    let share = solution.vertex_dual(v) + solution.outer_blossom_duals(v, level);
                    let at = solution.blossom_at_level(v, level);
                    if share < b[level].0 {
                        if at != b[level].1 {
                            s[level] = b[level].0;
                        }
                        b[level] = (share, at);
                    } else if at != b[level].1 {
                        s[level] = s[level].min(share);
                    }
                }
                d = d.min(solution.vertex_dual(v) + solution.outer_blossom_duals(v, LEVELS));
                best[v] = b;
                second[v] = s;
                deep[v] = d;
            }
        }
        Suffix { best, second, deep }
    }

    /// A lower bound of the slack of `(u, x)` for every `x` from `v` to the end of its
    /// group, when `upper` bounds the weight of each of those pairs.
    fn slack_lower_bound(
        &self,
        solution: &Solution,
        u: usize,
        u_levels: &[usize; LEVELS],
        v: usize,
        upper: i128,
    ) -> i128 {
        let mut partner = self.deep[v];
        let levels = self.best[v].iter().zip(&self.second[v]).zip(u_levels);
        for ((&(best, at), &second), &u_at) in levels {
            partner = partner.min(if at == u_at { second } else { best });
        }
        if partner == i128::MAX {
            return i128::MAX;
        }
        solution.slack_lower_bound_with(u, partner, upper)
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
