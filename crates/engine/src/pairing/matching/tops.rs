//! Which top-level blossom holds each vertex, kept so that a new blossom relabels only the
//! vertices of its smaller children.
//!
//! The reference keeps `inblossom[v]` and rewrites it for every vertex of a new blossom.
//! A Swiss score group grows its blossoms one around the last, thousands deep, so those
//! rewrites added up to the size of every blossom ever made: 19 million at 16384 players,
//! most of the matching's time. Here each vertex holds a *class*, and each class names its
//! top-level blossom. A new blossom takes over the class of its largest child (its
//! *donor*) and relabels only the other children's vertices; expanding a blossom gives each
//! child back the class it had and relabels only the vertices of the children that were
//! not the donor. A class is owned by exactly one top-level vertex or blossom at a time.

use super::graph::NONE;

pub(super) struct Tops {
    /// The class of each vertex.
    class: Vec<usize>,
    /// The top-level vertex or blossom of each class.
    top_of_class: Vec<usize>,
    /// The class each vertex or blossom owns while it is top-level (a nested blossom
    /// keeps its class to take back when its parent is expanded; it shares it with its
    /// parent when it was the parent's donor).
    own_class: Vec<usize>,
    /// How many vertices each vertex or blossom holds.
    size: Vec<usize>,
}

impl Tops {
    /// Every vertex its own top-level blossom; `nvertex` blossom slots after them.
    pub(super) fn new(nvertex: usize) -> Tops {
        Tops {
            class: (0..nvertex).collect(),
            top_of_class: (0..nvertex).collect(),
            own_class: (0..nvertex)
                .chain(std::iter::repeat_n(NONE, nvertex))
                .collect(),
            size: std::iter::repeat_n(1, nvertex)
                .chain(std::iter::repeat_n(0, nvertex))
                .collect(),
        }
    }

    /// The top-level vertex or blossom holding vertex `v`.
    #[inline]
    pub(super) fn of(&self, v: usize) -> usize {
        self.top_of_class[self.class[v]]
    }

    /// The child whose class the new blossom of `children` takes over (the largest).
    pub(super) fn donor(&self, children: &[usize]) -> usize {
        let mut donor = children[0];
        for &child in &children[1..] {
            if self.size[child] > self.size[donor] {
                donor = child;
            }
        }
        donor
    }

    /// Makes `b` the top-level blossom of `children`, taking over `donor`'s class; the
    /// caller then [`Tops::relabel`]s the other children's vertices.
    pub(super) fn merge(&mut self, b: usize, children: &[usize], donor: usize) {
        let class = self.own_class[donor];
        self.own_class[b] = class;
        self.top_of_class[class] = b;
        self.size[b] = children.iter().map(|&c| self.size[c]).sum();
    }

    /// Puts `vertices` (a child's) in `b`'s class.
    pub(super) fn relabel(&mut self, vertices: &[usize], b: usize) {
        let class = self.own_class[b];
        for &v in vertices {
            self.class[v] = class;
        }
    }

    /// Whether `child` of `b` was the donor of `b`'s class.
    pub(super) fn is_donor(&self, child: usize, b: usize) -> bool {
        self.own_class[child] == self.own_class[b]
    }

    /// Makes the child `s` of an expanded blossom top-level again with its own class; the
    /// caller relabels its vertices unless it was the donor.
    pub(super) fn restore(&mut self, s: usize) {
        self.top_of_class[self.own_class[s]] = s;
    }

    /// Frees blossom slot `b` once it is expanded.
    pub(super) fn free(&mut self, b: usize) {
        self.own_class[b] = NONE;
        self.size[b] = 0;
    }
}
