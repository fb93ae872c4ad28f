//! A solved matching with the dual solution that proves it, and the two entry points.

use super::forest::Forest;
use super::graph::{Edge, LINE_LEVELS, NONE, Nesting};
use super::state::State;

/// A maximum-weight matching and the dual solution that proves it.
pub struct Solution {
    /// `mate[v]` is the vertex matched to `v`, or `None`.
    pub mate: Vec<Option<usize>>,
    nvertex: usize,
    dualvar: Vec<i128>,
    /// The blossoms left at the end, as a forest (vertices are its leaves).
    forest: Forest,
    /// Internal weight scale (2 for warm-started solves, whose duals start at the
    /// heaviest incident edge and must stay even).
    factor: i128,
}

impl Solution {
    /// Reduced cost of the pair `(i, j)` with weight `w` (doubled, as the algorithm keeps
    /// duals in units of half a weight). A maximum-weight matching has no pair with
    /// negative slack.
    pub fn edge_slack(&self, i: usize, j: usize, w: i128) -> i128 {
        // The blossoms holding both vertices are the deepest blossom of `i` that holds `j`
        // and everything above it; `shared_duals` is twice the sum of their duals.
        let slack = self.slack_lower_bound(i, j, w)
            + self
                .forest
                .deepest_holding(i, j)
                .map_or(0, |b| self.forest.shared_duals[b]);
        debug_assert_eq!(slack, self.edge_slack_by_walk(i, j, w));
        slack
    }

    /// [`Solution::edge_slack`] by walking `i`'s blossoms one by one (debug builds compare).
    fn edge_slack_by_walk(&self, i: usize, j: usize, w: i128) -> i128 {
        let mut slack = self.slack_lower_bound(i, j, w);
        let mut b = self.forest.innermost[i];
        while b != NONE {
            if self.forest.holds(b, j) {
                slack += 2 * self.dualvar[self.nvertex + b];
            }
            b = self.forest.parent[b];
        }
        slack
    }

    /// The dual of vertex `v` (in the solver's internal units).
    pub fn vertex_dual(&self, v: usize) -> i128 {
        self.dualvar[v]
    }

    /// The slack of `(i, j)` without blossom duals (which are never negative): a lower
    /// bound of [`Solution::edge_slack`] that needs no blossom walk.
    pub fn slack_lower_bound(&self, i: usize, j: usize, w: i128) -> i128 {
        self.dualvar[i] + self.dualvar[j] - 2 * self.factor * w
    }

    /// `slack_lower_bound` with the partner's share of the slack given as a number.
    pub fn slack_lower_bound_with(&self, i: usize, partner: i128, w: i128) -> i128 {
        self.dualvar[i] + partner - 2 * self.factor * w
    }

    /// Where `v` sits in the blossom forest, by lines ([`Nesting`]).
    pub fn nesting(&self, v: usize) -> Nesting {
        let forest = &self.forest;
        match forest.innermost[v] {
            NONE => Nesting {
                lines: std::array::from_fn(|l| if l == 0 { v } else { NONE }),
                line_duals: [0; LINE_LEVELS],
                count: 1,
                duals: 0,
            },
            b => {
                let head = forest.line_head[b];
                let path = &forest.line_path[head];
                Nesting {
                    lines: path.map(|h| if h == NONE { NONE } else { self.nvertex + h }),
                    line_duals: path.map(|h| if h == NONE { 0 } else { forest.line_duals[h] }),
                    count: forest.line_depth[head] as usize + 1,
                    duals: forest.shared_duals[b],
                }
            }
        }
    }

    /// What one unit of weight adds to a slack (the duals' internal scale).
    pub fn weight_unit(&self) -> i128 {
        2 * self.factor
    }

    /// The smallest vertex dual (non-negative for a valid certificate).
    pub fn min_vertex_dual(&self) -> i128 {
        self.dualvar[..self.nvertex]
            .iter()
            .copied()
            .min()
            .unwrap_or(0)
    }

    /// Sum of the weights of the matched edges among `edges`.
    pub fn weight(&self, edges: &[Edge]) -> i128 {
        edges
            .iter()
            .filter(|e| self.mate[e.i] == Some(e.j))
            .map(|e| e.w)
            .sum()
    }
}

/// Computes a maximum-weight matching of the graph on `nvertex` vertices (the reference
/// algorithm, started from the empty matching).
pub fn max_weight_matching(nvertex: usize, edges: &[Edge]) -> Solution {
    let mut state = State::new(nvertex, edges);
    state.solve();
    finish(state)
}

/// A maximum-weight matching among the matchings of maximum cardinality, warm-started:
/// every vertex's dual starts at its heaviest edge and the edges that are the heaviest for
/// both ends start matched, so the search only has to place the rest. Used for pairing,
/// where weights make the perfect matchings the heaviest; callers verify the result
/// (the certificate) and fall back to [`max_weight_matching`] if needed.
pub fn max_weight_matching_warm(nvertex: usize, edges: &[Edge]) -> Solution {
    let mut state = State::new(nvertex, edges);
    state.warm_start();
    state.solve();
    finish(state)
}

fn finish(state: State) -> Solution {
    let nvertex = state.nvertex;
    let mate = (0..nvertex)
        .map(|v| {
            let p = state.mate[v];
            (p != NONE).then(|| state.endpoint[p])
        })
        .collect();
    let forest = Forest::of(&state);
    Solution {
        mate,
        nvertex,
        dualvar: state.dualvar,
        forest,
        factor: state.factor,
    }
}
