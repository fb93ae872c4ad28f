//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual,
//! O(n³)), with exact `i128` weights.
//!
//! A port of Joris van Rantwijk's well-known `mwmatching` reference implementation (the
//! same algorithm NetworkX and rustworkx use), with one change for large events: duals
//! move lazily (a dual step adds to a running sum instead of visiting every vertex and
//! blossom) and the next step's bound comes from three priority queues of candidates, as
//! in LEMON's and Blossom V's primal-dual solvers; debug builds check every step against
//! the reference's full scan and the final duals by complementary slackness. After solving, [`Solution::edge_slack`]
//! gives the reduced cost of *any* vertex pair under the final duals, so a solution found
//! on a sparse candidate graph can be certified optimal for the complete graph: if every
//! omitted pair has non-negative slack, no omitted edge can improve the matching (LP
//! duality for the matching polytope).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

const NONE: usize = usize::MAX;

/// Candidates for the next dual step, smallest key first: `(key, vertex or blossom,
/// epoch)`. A key is the candidate's value plus what the stage's dual steps so far would
/// have taken off it, so keys stay comparable as the steps go on; an entry whose epoch no
/// longer matches its vertex's was replaced and is skipped.
type Candidates = BinaryHeap<Reverse<(i128, usize, u32)>>;

/// An undirected edge `(i, j)` with weight `w`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub i: usize,
    pub j: usize,
    pub w: i128,
}

/// Lines of the blossom forest a [`Nesting`] lists from the top (deeper ones are summed up
/// by the deepest listed).
pub const LINE_LEVELS: usize = 32;

/// Where a vertex sits in the blossom forest, by lines: a line is a run of blossoms each
/// holding the next and no other blossom, so it ends where the forest branches (or at its
/// deepest blossom). Two vertices in one line share exactly the blossoms of the one nested
/// less deeply; two whose line paths part at level `l` share every blossom of line `l − 1`.
/// Score groups grow blossoms hundreds deep but branch rarely, so a few lines describe
/// what a pair shares where a few blossom levels could not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nesting {
    /// The lines from the top (an id per line, `usize::MAX` past the last); a vertex in
    /// no blossom is a line of its own (its own number).
    pub lines: [usize; LINE_LEVELS],
    /// Twice the duals of every blossom from the top to the end of each listed line.
    pub line_duals: [i128; LINE_LEVELS],
    /// How many lines lead to the vertex (may exceed `LINE_LEVELS`).
    pub count: usize,
    /// Twice the duals of all the vertex's blossoms.
    pub duals: i128,
}

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

    /// `u`'s blossoms, outermost first, for [`Solution::edge_slack_along`] (a caller that
    /// checks many pairs of one vertex lists its blossoms once).
    pub fn blossoms_of(&self, u: usize, chain: &mut Vec<usize>) {
        chain.clear();
        let mut b = self.forest.innermost[u];
        while b != NONE {
            chain.push(b);
            b = self.forest.parent[b];
        }
        chain.reverse();
    }

    /// [`Solution::edge_slack`] of `(u, v)` with `u`'s blossoms as [`Solution::blossoms_of`]
    /// listed them: the ones holding `v` too are a prefix, found by a binary search.
    pub fn edge_slack_along(&self, u: usize, chain: &[usize], v: usize, w: i128) -> i128 {
        let shared = chain.partition_point(|&b| self.forest.holds(b, v));
        let duals = match shared {
            0 => 0,
            k => self.forest.shared_duals[chain[k - 1]],
        };
        let slack = self.slack_lower_bound(u, v, w) + duals;
        debug_assert_eq!(slack, self.edge_slack(u, v, w));
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

/// The blossoms of a solution as a forest over the vertices, for the slack of any pair in
/// O(log depth): blossoms can nest thousands deep (a score group of thousands grows one
/// blossom around the last), so no vertex keeps the list of its blossoms (that was
/// quadratic: 28 million entries at 16384 players). Blossom `b` here is the solver's
/// blossom `nvertex + b`.
struct Forest {
    /// The innermost blossom of each vertex (`NONE`: in none).
    innermost: Vec<usize>,
    parent: Vec<usize>,
    /// `jump[k][b]`: the blossom 2^k levels above `b` (`NONE` past the top).
    jump: Vec<Vec<usize>>,
    /// Twice the sum of the duals of `b` and every blossom above it.
    shared_duals: Vec<i128>,
    /// Each vertex's place in a depth-first order, and the places each blossom holds.
    position: Vec<u32>,
    span: Vec<(u32, u32)>,
    /// The first blossom of each blossom's line ([`Nesting`]).
    line_head: Vec<usize>,
    /// For each line (by its head): how many lines are above it, the heads of the lines
    /// from the top down to it (`LINE_LEVELS` at most), and twice the duals from the top to
    /// its deepest blossom.
    line_depth: Vec<u32>,
    line_path: Vec<[usize; LINE_LEVELS]>,
    line_duals: Vec<i128>,
}

impl Forest {
    fn of(state: &State) -> Forest {
        let n = state.nvertex;
        let parent_of = |x: usize| match state.blossomparent[x] {
            NONE => NONE,
            b => b - n,
        };
        let innermost: Vec<usize> = (0..n).map(parent_of).collect();
        let parent: Vec<usize> = (n..2 * n).map(parent_of).collect();
        let (position, span, preorder) = forest_order(state);
        // Parents come before their children in a depth-first preorder.
        let mut depth = vec![0u32; n];
        let mut shared_duals = vec![0i128; n];
        for &b in &preorder {
            let (above_depth, above_duals) = match parent[b] {
                NONE => (0, 0),
                above => (depth[above], shared_duals[above]),
            };
            depth[b] = above_depth + 1;
            shared_duals[b] = above_duals + 2 * state.dualvar[n + b];
        }
        let (line_head, line_depth, line_path, line_duals) =
            lines_of(&parent, &preorder, &shared_duals);
        let deepest = depth.iter().copied().max().unwrap_or(0);
        let mut jump = vec![parent.clone()];
        while (1u64 << jump.len()) <= u64::from(deepest) {
            let last = &jump[jump.len() - 1];
            let next = last
                .iter()
                .map(|&b| if b == NONE { NONE } else { last[b] })
                .collect();
            jump.push(next);
        }
        Forest {
            innermost,
            parent,
            jump,
            shared_duals,
            position,
            span,
            line_head,
            line_depth,
            line_path,
            line_duals,
        }
    }

    fn holds(&self, b: usize, v: usize) -> bool {
        let (from, to) = self.span[b];
        (from..to).contains(&self.position[v])
    }

    /// The deepest blossom holding both `i` and `j`.
    fn deepest_holding(&self, i: usize, j: usize) -> Option<usize> {
        let mut b = self.innermost[i];
        if b == NONE {
            return None;
        }
        if self.holds(b, j) {
            return Some(b);
        }
        // Climb while the blossom above still does not hold `j`; the one above is the answer.
        for level in (0..self.jump.len()).rev() {
            let up = self.jump[level][b];
            if up != NONE && !self.holds(up, j) {
                b = up;
            }
        }
        match self.parent[b] {
            NONE => None,
            above => Some(above),
        }
    }
}

/// The lines of the blossom forest ([`Nesting`]), from blossoms in preorder: each blossom's
/// line head, and for each head its depth in lines, the heads above it and the duals to
/// the end of its line.
#[allow(clippy::type_complexity)]
fn lines_of(
    parent: &[usize],
    preorder: &[usize],
    shared_duals: &[i128],
) -> (Vec<usize>, Vec<u32>, Vec<[usize; LINE_LEVELS]>, Vec<i128>) {
    let n = parent.len();
    let mut child_blossoms = vec![0u32; n];
    for &b in preorder {
        if parent[b] != NONE {
            child_blossoms[parent[b]] += 1;
        }
    }
    let mut head = vec![NONE; n];
    let mut depth = vec![0u32; n];
    let mut path = vec![[NONE; LINE_LEVELS]; n];
    let mut duals = vec![0i128; n];
    for &b in preorder {
        let above = parent[b];
        if above != NONE && child_blossoms[above] == 1 {
            head[b] = head[above];
        } else {
            head[b] = b;
            let (d, mut p) = match above {
                NONE => (0, [NONE; LINE_LEVELS]),
                above => (depth[head[above]] + 1, path[head[above]]),
            };
            if let Some(slot) = p.get_mut(d as usize) {
                *slot = b;
            }
            depth[b] = d;
            path[b] = p;
        }
        // Preorder reaches a line's blossoms from the top down: the last one is deepest.
        duals[head[b]] = shared_duals[b];
    }
    (head, depth, path, duals)
}

/// A depth-first order of the blossom forest: each vertex's place, the range of places each
/// blossom holds, and the blossoms in preorder (each after the one holding it).
fn forest_order(state: &State) -> (Vec<u32>, Vec<(u32, u32)>, Vec<usize>) {
    let n = state.nvertex;
    let mut position = vec![0u32; n];
    let mut span = vec![(0u32, 0u32); n];
    let mut preorder = Vec::new();
    let mut next = 0u32;
    let tops = (0..2 * n)
        .filter(|&x| state.blossomparent[x] == NONE && (x < n || state.blossombase[x] != NONE));
    for top in tops {
        // (node, whether its children were pushed): a blossom's range closes on its
        // second visit.
        let mut stack = vec![(top, false)];
        while let Some((x, expanded)) = stack.pop() {
            if x < n {
                position[x] = next;
                next += 1;
            } else if expanded {
                span[x - n].1 = next;
            } else {
                span[x - n].0 = next;
                preorder.push(x - n);
                stack.push((x, true));
                stack.extend(state.blossomchilds[x].iter().rev().map(|&c| (c, false)));
            }
        }
    }
    (position, span, preorder)
}

struct State<'a> {
    nvertex: usize,
    edges: &'a [Edge],
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Internal weight scale: slack = y_i + y_j − 2·factor·w.
    factor: i128,
    /// Maximise cardinality first (no "stop when a dual reaches zero").
    max_cardinality: bool,
    /// Sum of the dual steps so far. Duals change lazily: `dualvar[x]` is the dual when
    /// the sum was `since[x]`, and [`State::dual`] adds the steps after it by `x`'s label,
    /// so a dual step is O(1) instead of a pass over every vertex and blossom.
    elapsed: i128,
    since: Vec<i128>,
    /// Type-2 candidates: unlabelled vertices' best edges to S vertices (slack falls by
    /// each step).
    free_edges: Candidates,
    /// Type-3 candidates: top-level S blossoms' best edges to other S blossoms (slack falls
    /// by twice each step).
    s_edges: Candidates,
    /// Type-4 candidates: top-level T blossoms (dual falls by each step).
    t_blossoms: Candidates,
    /// Bumped whenever a vertex's or blossom's best edge is set, or a blossom labelled T.
    epoch: Vec<u32>,
    /// Scratch for a new blossom's best edge to each other S blossom (all `NONE` between uses).
    best_edge_to: Vec<usize>,
    /// Scratch for a new blossom's vertices.
    leaves_scratch: Vec<usize>,
}

impl<'a> State<'a> {
    fn new(nvertex: usize, edges: &'a [Edge]) -> Self {
        let maxweight = edges.iter().map(|e| e.w).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); nvertex];
        for (k, e) in edges.iter().enumerate() {
            endpoint.push(e.i);
            endpoint.push(e.j);
            neighbend[e.i].push(2 * k + 1);
            neighbend[e.j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; nvertex];
        dualvar.extend(std::iter::repeat_n(0, nvertex));
        State {
            nvertex,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; nvertex],
            label: vec![0; 2 * nvertex],
            labelend: vec![NONE; 2 * nvertex],
            inblossom: (0..nvertex).collect(),
            blossomparent: vec![NONE; 2 * nvertex],
            blossomchilds: vec![Vec::new(); 2 * nvertex],
            blossombase: (0..nvertex)
                .chain(std::iter::repeat_n(NONE, nvertex))
                .collect(),
            blossomendps: vec![Vec::new(); 2 * nvertex],
            bestedge: vec![NONE; 2 * nvertex],
            blossombestedges: vec![None; 2 * nvertex],
            unusedblossoms: (nvertex..2 * nvertex).collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
            factor: 1,
            max_cardinality: false,
            elapsed: 0,
            since: vec![0; 2 * nvertex],
            free_edges: BinaryHeap::new(),
            s_edges: BinaryHeap::new(),
            t_blossoms: BinaryHeap::new(),
            epoch: vec![0; 2 * nvertex],
            best_edge_to: vec![NONE; 2 * nvertex],
            leaves_scratch: Vec::new(),
        }
    }

    /// Duals at each vertex's heaviest edge (doubled, so every dual is even and the
    /// S–S slacks stay even), and a greedy matching of edges that are the heaviest at
    /// both ends (exactly the edges those duals make tight).
    fn warm_start(&mut self) {
        self.factor = 2;
        self.max_cardinality = true;
        let n = self.nvertex;
        let mut heaviest: Vec<Option<i128>> = vec![None; n];
        for e in self.edges {
            for v in [e.i, e.j] {
                if heaviest[v].is_none_or(|w| e.w > w) {
                    heaviest[v] = Some(e.w);
                }
            }
        }
        for (dual, heaviest) in self.dualvar.iter_mut().zip(&heaviest) {
            *dual = heaviest.map_or(0, |w| 2 * w);
        }
        for (k, e) in self.edges.iter().enumerate() {
            let tight = heaviest[e.i] == Some(e.w) && heaviest[e.j] == Some(e.w);
            if tight && self.mate[e.i] == NONE && self.mate[e.j] == NONE {
                self.mate[e.i] = 2 * k + 1;
                self.mate[e.j] = 2 * k;
            }
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let e = self.edges[k];
        self.dual(e.i) + self.dual(e.j) - 2 * self.factor * e.w
    }

    /// The dual of vertex or blossom `x` now: its stored value plus the steps since, down
    /// for S vertices and T blossoms, up for T vertices and S blossoms (top-level blossoms
    /// only; a nested blossom's dual does not move).
    fn dual(&self, x: usize) -> i128 {
        let direction = if x < self.nvertex {
            match self.label[self.inblossom[x]] {
                1 => -1,
                2 => 1,
                _ => 0,
            }
        } else if self.blossomparent[x] == NONE && self.blossombase[x] != NONE {
            match self.label[x] {
                1 => 1,
                2 => -1,
                _ => 0,
            }
        } else {
            0
        };
        self.dualvar[x] + direction * (self.elapsed - self.since[x])
    }

    /// Stores `x`'s dual as it is now (before its label or nesting changes).
    fn settle(&mut self, x: usize) {
        self.dualvar[x] = self.dual(x);
        self.since[x] = self.elapsed;
    }

    /// Settles what changes when the top-level `child` becomes part of a new S blossom: a T
    /// child's vertices change direction (settled one by one), an S child's do not (only its
    /// own dual stops moving) — so a blossom swallowing a large S blossom does not pass
    /// over all its vertices again.
    fn settle_child(&mut self, child: usize) {
        if self.label[child] == 1 {
            self.settle(child);
        } else {
            self.settle_top(child);
        }
    }

    /// Settles the top-level blossom `b` and everything in it (nested blossoms' duals do
    /// not move, so for them this only moves `since`).
    fn settle_top(&mut self, b: usize) {
        if b >= self.nvertex {
            // Borrowed out and back: no list of leaves is built.
            let children = std::mem::take(&mut self.blossomchilds[b]);
            for &child in &children {
                self.settle_top(child);
            }
            self.blossomchilds[b] = children;
        }
        self.settle(b);
    }

    /// Records `k` as the best edge of `x` and offers it for the next dual step: a type-2
    /// candidate for an unlabelled vertex, type 3 for a top-level S blossom.
    fn set_best_edge(&mut self, x: usize, k: usize) {
        self.bestedge[x] = k;
        self.epoch[x] = self.epoch[x].wrapping_add(1);
        let key = (self.slack(k), x, self.epoch[x]);
        if x < self.nvertex && self.label[self.inblossom[x]] == 0 {
            self.free_edges
                .push(Reverse((key.0 + self.elapsed, key.1, key.2)));
        } else if self.label[x] == 1 && self.blossomparent[x] == NONE {
            self.s_edges
                .push(Reverse((key.0 + 2 * self.elapsed, key.1, key.2)));
        }
    }

    /// Offers the top-level T blossom `b` (its dual reaching zero ends the step).
    fn offer_t_blossom(&mut self, b: usize) {
        if b >= self.nvertex {
            self.epoch[b] = self.epoch[b].wrapping_add(1);
            self.t_blossoms
                .push(Reverse((self.dual(b) + self.elapsed, b, self.epoch[b])));
        }
    }

    /// The smallest valid type-2 candidate: (slack now, edge).
    fn next_free_edge(&mut self) -> Option<(i128, usize)> {
        while let Some(&Reverse((key, v, epoch))) = self.free_edges.peek() {
            if epoch == self.epoch[v]
                && self.bestedge[v] != NONE
                && self.label[self.inblossom[v]] == 0
            {
                return Some((key - self.elapsed, self.bestedge[v]));
            }
            self.free_edges.pop();
        }
        None
    }

    /// The smallest valid type-3 candidate: (half the slack now, edge).
    fn next_s_edge(&mut self) -> Option<(i128, usize)> {
        while let Some(&Reverse((key, b, epoch))) = self.s_edges.peek() {
            let top =
                self.blossomparent[b] == NONE && (b < self.nvertex || self.blossombase[b] != NONE);
            if epoch == self.epoch[b] && self.bestedge[b] != NONE && top && self.label[b] == 1 {
                return Some(((key - 2 * self.elapsed) / 2, self.bestedge[b]));
            }
            self.s_edges.pop();
        }
        None
    }

    /// The valid type-4 candidate with the smallest dual: (dual now, blossom).
    fn next_t_blossom(&mut self) -> Option<(i128, usize)> {
        while let Some(&Reverse((key, b, epoch))) = self.t_blossoms.peek() {
            let top = self.blossomparent[b] == NONE && self.blossombase[b] != NONE;
            if epoch == self.epoch[b] && top && self.label[b] == 2 {
                return Some((key - self.elapsed, b));
            }
            self.t_blossoms.pop();
        }
        None
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.nvertex {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn blossom_leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        // Unlabelled until now: its duals start moving from this step on.
        self.settle_top(b);
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 2 {
            self.offer_t_blossom(b);
        }
        if t == 1 {
            if b < self.nvertex {
                self.queue.push(b);
            } else {
                let leaves = self.blossom_leaves(b);
                self.queue.extend(leaves);
            }
        } else if t == 2 {
            let base = self.blossombase[b];
            let mate_base = self.mate[base];
            self.assign_label(self.endpoint[mate_base], 1, mate_base ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let Edge {
            i: mut v, j: mut w, ..
        } = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self
            .unusedblossoms
            .pop()
            .expect("a free blossom slot always exists");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.settle_child(bb);
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.settle_child(bv);
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.settle_child(bw);
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.since[b] = self.elapsed;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        let mut leaves = std::mem::take(&mut self.leaves_scratch);
        leaves.clear();
        self.leaves(b, &mut leaves);
        for &leaf in &leaves {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        self.leaves_scratch = leaves;
        // Scratch kept between calls (a fresh 2n array per new blossom was a pass over every
        // vertex each time); `reached` lists the entries to read and reset.
        let mut bestedgeto = std::mem::take(&mut self.best_edge_to);
        let mut reached: Vec<usize> = Vec::new();
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[child].take() {
                Some(list) => vec![list],
                None => self
                    .blossom_leaves(child)
                    .into_iter()
                    .map(|leaf| self.neighbend[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let Edge { mut i, mut j, .. } = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        if bestedgeto[bj] == NONE {
                            reached.push(bj);
                        }
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[child] = NONE;
        }
        // In blossom order, as a scan of the whole array would list them.
        reached.sort_unstable();
        let best: Vec<usize> = reached
            .iter()
            .map(|&bj| std::mem::replace(&mut bestedgeto[bj], NONE))
            .collect();
        self.best_edge_to = bestedgeto;
        self.bestedge[b] = NONE;
        let mut chosen = NONE;
        for &k in &best {
            if chosen == NONE || self.slack(k) < self.slack(chosen) {
                chosen = k;
            }
        }
        if chosen != NONE {
            self.set_best_edge(b, chosen);
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        if !endstage {
            self.settle_top(b);
        }
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            // Nested until now, so its stored dual is current.
            self.since[s] = self.elapsed;
            if s < self.nvertex {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.blossom_leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let len = childs.len() as isize;
            let mut j = childs
                .iter()
                .position(|c| *c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |list: &Vec<usize>, index: isize| list[index.rem_euclid(len) as usize];
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
                self.label[self.endpoint[p ^ 1]] = 0;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = at(&childs, j);
            self.label[self.endpoint[p ^ 1]] = 2;
            self.label[bv] = 2;
            self.offer_t_blossom(bv);
            self.labelend[self.endpoint[p ^ 1]] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while at(&childs, j) != entrychild {
                let bv = at(&childs, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labeled = self
                    .blossom_leaves(bv)
                    .into_iter()
                    .find(|v| self.label[*v] != 0);
                if let Some(v) = labeled {
                    self.label[v] = 0;
                    let mate_base = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mate_base]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        if !endstage {
            // Vertices unlabelled again: their best edges' slacks did not fall while they
            // were in a T blossom, so offer them anew with their slack now.
            for &s in &childs {
                for v in self.blossom_leaves(s) {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let k = self.bestedge[v];
                        self.set_best_edge(v, k);
                    }
                }
            }
        }
        self.label[b] = u8::MAX;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.nvertex {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|c| *c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let index = |x: isize| x.rem_euclid(len) as usize;
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][index(j)];
            let p = self.blossomendps[b][index(j - endptrick as isize)] ^ endptrick;
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][index(j)];
            if t >= self.nvertex {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let Edge { i: v, j: w, .. } = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.nvertex {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.nvertex {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Complementary slackness of the result (debug builds): no edge with negative slack,
    /// every matched edge tight, no negative blossom dual, and without maximum
    /// cardinality no negative vertex dual and a zero dual on every unmatched vertex.
    fn optimum_verified(&self) -> bool {
        let n = self.nvertex;
        let outer = |v: usize| {
            let mut chain = Vec::new();
            let mut b = self.blossomparent[v];
            while b != NONE {
                chain.push(b);
                b = self.blossomparent[b];
            }
            chain
        };
        let edges_ok = self.edges.iter().enumerate().all(|(k, e)| {
            let (a, b) = (outer(e.i), outer(e.j));
            let shared: i128 = a
                .iter()
                .filter(|x| b.contains(x))
                .map(|x| 2 * self.dual(*x))
                .sum();
            let slack = self.slack(k) + shared;
            slack >= 0 && (self.mate[e.i] != 2 * k + 1 || slack == 0)
        });
        let blossoms_ok = (n..2 * n)
            .filter(|b| self.blossombase[*b] != NONE)
            .all(|b| self.dual(b) >= 0);
        let vertices_ok = self.max_cardinality
            || (0..n).all(|v| self.dual(v) >= 0 && (self.mate[v] != NONE || self.dual(v) == 0));
        edges_ok && blossoms_ok && vertices_ok
    }

    /// The dual step as the reference implementation finds it, by scanning every vertex
    /// and blossom (debug builds check the candidates against it).
    fn step_by_scanning(&self) -> (u8, i128, usize, usize) {
        let n = self.nvertex;
        let mut deltatype = if self.max_cardinality { 0 } else { 1 };
        let mut delta = if self.max_cardinality {
            i128::MAX
        } else {
            (0..n).map(|v| self.dual(v)).min().unwrap_or(0)
        };
        let (mut deltaedge, mut deltablossom) = (NONE, NONE);
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if d < delta {
                    (delta, deltatype, deltaedge) = (d, 2, self.bestedge[v]);
                }
            }
        }
        for b in 0..2 * n {
            let top = self.blossomparent[b] == NONE && (b < n || self.blossombase[b] != NONE);
            if top && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]) / 2;
                if d < delta {
                    (delta, deltatype, deltaedge) = (d, 3, self.bestedge[b]);
                }
            }
        }
        for b in n..2 * n {
            let top = self.blossomparent[b] == NONE && self.blossombase[b] != NONE;
            if top && self.label[b] == 2 && self.dual(b) < delta {
                (delta, deltatype, deltablossom) = (self.dual(b), 4, b);
            }
        }
        if deltatype != 2 && deltatype != 3 {
            deltaedge = NONE;
        }
        if deltatype != 4 {
            deltablossom = NONE;
        }
        (deltatype, delta, deltaedge, deltablossom)
    }

    fn solve(&mut self) {
        let n = self.nvertex;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            self.free_edges.clear();
            self.s_edges.clear();
            self.t_blossoms.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for index in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][index];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.set_best_edge(b, k);
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.set_best_edge(w, k);
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Dual adjustment: the largest step that keeps the duals feasible.
                // In max-cardinality mode there is no "stop at a zero dual" step (type 1
                // is only the last resort), as in the reference implementation.
                let mut deltatype = if self.max_cardinality { 0 } else { 1 };
                let mut delta = if self.max_cardinality {
                    i128::MAX
                } else {
                    (0..n).map(|v| self.dual(v)).min().unwrap_or(0)
                };
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if let Some((d, k)) = self.next_free_edge()
                    && d < delta
                {
                    delta = d;
                    deltatype = 2;
                    deltaedge = k;
                }
                if let Some((d, k)) = self.next_s_edge()
                    && d < delta
                {
                    delta = d;
                    deltatype = 3;
                    deltaedge = k;
                }
                if let Some((d, b)) = self.next_t_blossom()
                    && d < delta
                {
                    delta = d;
                    deltatype = 4;
                    deltablossom = b;
                    deltaedge = NONE;
                }
                debug_assert_eq!(
                    (deltatype, delta, deltaedge, deltablossom),
                    self.step_by_scanning(),
                    "the candidates' step differs from a scan of every vertex and blossom"
                );
                if deltatype == 0 {
                    // No further augmentation is possible: maximum cardinality reached.
                    deltatype = 1;
                    delta = (0..n).map(|v| self.dual(v)).min().unwrap_or(0).max(0);
                }
                // Every labelled dual moves by `delta` (see `State::dual`).
                self.elapsed += delta;
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let Edge { mut i, mut j, .. } = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let Edge { i, .. } = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            // Labels are about to be cleared: store every dual as it is now.
            for x in 0..2 * n {
                self.settle(x);
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        debug_assert!(
            self.optimum_verified(),
            "the duals do not prove the matching optimal"
        );
    }
}
