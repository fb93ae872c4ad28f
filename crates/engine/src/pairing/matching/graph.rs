//! The graph a matching is solved on, and constants the solver's files share.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub(super) const NONE: usize = usize::MAX;

/// Candidates for the next dual step, smallest key first: `(key, vertex or blossom,
/// epoch)`. A key is the candidate's value plus what the stage's dual steps so far would
/// have taken off it, so keys stay comparable as the steps go on; an entry whose epoch no
/// longer matches its vertex's was replaced and is skipped.
pub(super) type Candidates = BinaryHeap<Reverse<(i128, usize, u32)>>;

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
