//! The primal-dual stage loop, with the debug checks against the reference's full scan and
//! by complementary slackness.

use super::graph::{Edge, NONE};
use super::state::State;

impl State<'_> {
    /// Complementary slackness of the result (debug builds): no edge with negative slack,
    /// every matched edge tight, no negative blossom dual, and without maximum
    /// cardinality no negative vertex dual and a zero dual on every unmatched vertex.
    pub(super) fn optimum_verified(&self) -> bool {
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
    pub(super) fn step_by_scanning(&self) -> (u8, i128, usize, usize) {
        let n = self.nvertex;
        let mut deltatype = if self.max_cardinality { 0 } else { 1 };
        let mut delta = if self.max_cardinality {
            i128::MAX
        } else {
            (0..n).map(|v| self.dual(v)).min().unwrap_or(0)
        };
        let (mut deltaedge, mut deltablossom) = (NONE, NONE);
        for v in 0..n {
            if self.label[self.tops.of(v)] == 0 && self.bestedge[v] != NONE {
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

    pub(super) fn solve(&mut self) {
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
                if self.mate[v] == NONE && self.label[self.tops.of(v)] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for index in self.neighbours[v]..self.neighbours[v + 1] {
                        let p = self.neighbend[index];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.tops.of(v) == self.tops.of(w) {
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
                            if self.label[self.tops.of(w)] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.tops.of(w)] == 1 {
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
                        } else if self.label[self.tops.of(w)] == 1 {
                            let b = self.tops.of(v);
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
                        if self.label[self.tops.of(i)] == 0 {
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
