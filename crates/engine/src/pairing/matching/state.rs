//! The solver's state: labels, blossoms, duals kept lazily, and the candidates for the
//! next dual step.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::graph::{Candidates, Edge, NONE};
use super::tops::Tops;

pub(super) struct State<'a> {
    pub(super) nvertex: usize,
    pub(super) edges: &'a [Edge],
    pub(super) endpoint: Vec<usize>,
    /// Each vertex's edge ends pointing away from it (`p` with `endpoint[p]` the neighbour,
    /// edge `p / 2`): vertex `v`'s are `neighbend[neighbours[v]..neighbours[v + 1]]`, in
    /// edge order (one flat list: scanning a vertex is the solver's innermost loop).
    pub(super) neighbend: Vec<usize>,
    pub(super) neighbours: Vec<usize>,
    pub(super) mate: Vec<usize>,
    pub(super) label: Vec<u8>,
    pub(super) labelend: Vec<usize>,
    /// The top-level blossom of each vertex.
    pub(super) tops: Tops,
    pub(super) blossomparent: Vec<usize>,
    pub(super) blossomchilds: Vec<Vec<usize>>,
    pub(super) blossombase: Vec<usize>,
    pub(super) blossomendps: Vec<Vec<usize>>,
    pub(super) bestedge: Vec<usize>,
    pub(super) blossombestedges: Vec<Option<Vec<usize>>>,
    pub(super) unusedblossoms: Vec<usize>,
    pub(super) dualvar: Vec<i128>,
    pub(super) allowedge: Vec<bool>,
    pub(super) queue: Vec<usize>,
    /// Internal weight scale: slack = y_i + y_j − 2·factor·w.
    pub(super) factor: i128,
    /// Maximise cardinality first (no "stop when a dual reaches zero").
    pub(super) max_cardinality: bool,
    /// Sum of the dual steps so far. Duals change lazily: `dualvar[x]` is the dual when
    /// the sum was `since[x]`, and [`State::dual`] adds the steps after it by `x`'s label,
    /// so a dual step is O(1) instead of a pass over every vertex and blossom.
    pub(super) elapsed: i128,
    pub(super) since: Vec<i128>,
    /// Type-2 candidates: unlabelled vertices' best edges to S vertices (slack falls by
    /// each step).
    pub(super) free_edges: Candidates,
    /// Type-3 candidates: top-level S blossoms' best edges to other S blossoms (slack falls
    /// by twice each step).
    pub(super) s_edges: Candidates,
    /// Type-4 candidates: top-level T blossoms (dual falls by each step).
    pub(super) t_blossoms: Candidates,
    /// Bumped whenever a vertex's or blossom's best edge is set, or a blossom labelled T.
    pub(super) epoch: Vec<u32>,
    /// Scratch for a new blossom's best edge to each other S blossom (all `NONE` between uses).
    pub(super) best_edge_to: Vec<usize>,
    /// Scratch for a new blossom's vertices.
    pub(super) leaves_scratch: Vec<usize>,
}

impl<'a> State<'a> {
    pub(super) fn new(nvertex: usize, edges: &'a [Edge]) -> Self {
        let maxweight = edges.iter().map(|e| e.w).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbours = vec![0usize; nvertex + 1];
        for e in edges {
            endpoint.push(e.i);
            endpoint.push(e.j);
            neighbours[e.i + 1] += 1;
            neighbours[e.j + 1] += 1;
        }
        for v in 0..nvertex {
            neighbours[v + 1] += neighbours[v];
        }
        let mut filled = neighbours.clone();
        let mut neighbend = vec![0usize; 2 * edges.len()];
        for (k, e) in edges.iter().enumerate() {
            neighbend[filled[e.i]] = 2 * k + 1;
            filled[e.i] += 1;
            neighbend[filled[e.j]] = 2 * k;
            filled[e.j] += 1;
        }
        let mut dualvar = vec![maxweight; nvertex];
        dualvar.extend(std::iter::repeat_n(0, nvertex));
        State {
            nvertex,
            edges,
            endpoint,
            neighbend,
            neighbours,
            mate: vec![NONE; nvertex],
            label: vec![0; 2 * nvertex],
            labelend: vec![NONE; 2 * nvertex],
            tops: Tops::new(nvertex),
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
    pub(super) fn warm_start(&mut self) {
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

    pub(super) fn slack(&self, k: usize) -> i128 {
        let e = self.edges[k];
        self.dual(e.i) + self.dual(e.j) - 2 * self.factor * e.w
    }

    /// The dual of vertex or blossom `x` now: its stored value plus the steps since, down
    /// for S vertices and T blossoms, up for T vertices and S blossoms (top-level blossoms
    /// only; a nested blossom's dual does not move).
    pub(super) fn dual(&self, x: usize) -> i128 {
        // Down (`true`), up (`false`), or not moving (`None`).
        let falls = if x < self.nvertex {
            match self.label[self.tops.of(x)] {
                1 => Some(true),
                2 => Some(false),
                _ => None,
            }
        } else if self.blossomparent[x] == NONE && self.blossombase[x] != NONE {
            match self.label[x] {
                1 => Some(false),
                2 => Some(true),
                _ => None,
            }
        } else {
            None
        };
        match falls {
            None => self.dualvar[x],
            Some(true) => self.dualvar[x] - (self.elapsed - self.since[x]),
            Some(false) => self.dualvar[x] + (self.elapsed - self.since[x]),
        }
    }

    /// Stores `x`'s dual as it is now (before its label or nesting changes).
    pub(super) fn settle(&mut self, x: usize) {
        self.dualvar[x] = self.dual(x);
        self.since[x] = self.elapsed;
    }

    /// Settles what changes when the top-level `child` becomes part of a new S blossom: a T
    /// child's vertices change direction (settled one by one), an S child's do not (only its
    /// own dual stops moving) — so a blossom swallowing a large S blossom does not pass
    /// over all its vertices again.
    pub(super) fn settle_child(&mut self, child: usize) {
        if self.label[child] == 1 {
            self.settle(child);
        } else {
            self.settle_top(child);
        }
    }

    /// Settles the top-level blossom `b` and everything in it (nested blossoms' duals do
    /// not move, so for them this only moves `since`).
    pub(super) fn settle_top(&mut self, b: usize) {
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
    pub(super) fn set_best_edge(&mut self, x: usize, k: usize) {
        self.bestedge[x] = k;
        self.epoch[x] = self.epoch[x].wrapping_add(1);
        let key = (self.slack(k), x, self.epoch[x]);
        if x < self.nvertex && self.label[self.tops.of(x)] == 0 {
            self.free_edges
                .push(Reverse((key.0 + self.elapsed, key.1, key.2)));
        } else if self.label[x] == 1 && self.blossomparent[x] == NONE {
            self.s_edges
                .push(Reverse((key.0 + 2 * self.elapsed, key.1, key.2)));
        }
    }

    /// Offers the top-level T blossom `b` (its dual reaching zero ends the step).
    pub(super) fn offer_t_blossom(&mut self, b: usize) {
        if b >= self.nvertex {
            self.epoch[b] = self.epoch[b].wrapping_add(1);
            self.t_blossoms
                .push(Reverse((self.dual(b) + self.elapsed, b, self.epoch[b])));
        }
    }

    /// The smallest valid type-2 candidate: (slack now, edge).
    pub(super) fn next_free_edge(&mut self) -> Option<(i128, usize)> {
        while let Some(&Reverse((key, v, epoch))) = self.free_edges.peek() {
            if epoch == self.epoch[v]
                && self.bestedge[v] != NONE
                && self.label[self.tops.of(v)] == 0
            {
                return Some((key - self.elapsed, self.bestedge[v]));
            }
            self.free_edges.pop();
        }
        None
    }

    /// The smallest valid type-3 candidate: (half the slack now, edge).
    pub(super) fn next_s_edge(&mut self) -> Option<(i128, usize)> {
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
    pub(super) fn next_t_blossom(&mut self) -> Option<(i128, usize)> {
        while let Some(&Reverse((key, b, epoch))) = self.t_blossoms.peek() {
            let top = self.blossomparent[b] == NONE && self.blossombase[b] != NONE;
            if epoch == self.epoch[b] && top && self.label[b] == 2 {
                return Some((key - self.elapsed, b));
            }
            self.t_blossoms.pop();
        }
        None
    }

    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.nvertex {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    pub(super) fn blossom_leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }
}
