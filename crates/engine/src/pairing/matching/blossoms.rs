//! Labels, new blossoms, expanding blossoms and augmenting along a path.

use super::graph::{Edge, NONE};
use super::state::State;

impl State<'_> {
    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.tops.of(w);
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

    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.tops.of(v);
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
                b = self.tops.of(v);
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

    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let Edge {
            i: mut v, j: mut w, ..
        } = self.edges[k];
        let bb = self.tops.of(base);
        let mut bv = self.tops.of(v);
        let mut bw = self.tops.of(w);
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
            bv = self.tops.of(v);
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
            bw = self.tops.of(w);
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.since[b] = self.elapsed;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        // The vertices of T children become S and are scanned; only the children other
        // than the donor have their vertices relabelled ([`super::tops`]).
        let donor = self.tops.donor(&path);
        self.tops.merge(b, &path, donor);
        let mut leaves = std::mem::take(&mut self.leaves_scratch);
        for &child in &path {
            let becomes_s = self.label[child] == 2;
            if child == donor && !becomes_s {
                continue;
            }
            leaves.clear();
            self.leaves(child, &mut leaves);
            if becomes_s {
                self.queue.extend_from_slice(&leaves);
            }
            if child != donor {
                self.tops.relabel(&leaves, b);
            }
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
                    .map(|leaf| {
                        self.neighbend[self.neighbours[leaf]..self.neighbours[leaf + 1]]
                            .iter()
                            .map(|p| p / 2)
                            .collect()
                    })
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let Edge { mut i, mut j, .. } = self.edges[k];
                    if self.tops.of(j) == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.tops.of(j);
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

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        if !endstage {
            self.settle_top(b);
        }
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            // Nested until now, so its stored dual is current.
            self.since[s] = self.elapsed;
            self.tops.restore(s);
            if !self.tops.is_donor(s, b) {
                let mut leaves = std::mem::take(&mut self.leaves_scratch);
                leaves.clear();
                self.leaves(s, &mut leaves);
                self.tops.relabel(&leaves, s);
                self.leaves_scratch = leaves;
            }
            if s >= self.nvertex && endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.tops.of(self.endpoint[self.labelend[b] ^ 1]);
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
                    if self.label[self.tops.of(v)] == 0 && self.bestedge[v] != NONE {
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
        self.tops.free(b);
        self.unusedblossoms.push(b);
    }

    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
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

    pub(super) fn augment_matching(&mut self, k: usize) {
        let Edge { i: v, j: w, .. } = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.tops.of(s);
                if bs >= self.nvertex {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.tops.of(t);
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
}
