//! The blossoms of a solution as a forest over the vertices, for the slack of any pair.

use super::graph::{LINE_LEVELS, NONE};
use super::state::State;

/// The blossoms of a solution as a forest over the vertices, for the slack of any pair in
/// O(log depth): blossoms can nest thousands deep (a score group of thousands grows one
/// blossom around the last), so no vertex keeps the list of its blossoms (that was
/// quadratic: 28 million entries at 16384 players). Blossom `b` here is the solver's
/// blossom `nvertex + b`.
pub(super) struct Forest {
    /// The innermost blossom of each vertex (`NONE`: in none).
    pub(super) innermost: Vec<usize>,
    pub(super) parent: Vec<usize>,
    /// `jump[k][b]`: the blossom 2^k levels above `b` (`NONE` past the top).
    pub(super) jump: Vec<Vec<usize>>,
    /// Twice the sum of the duals of `b` and every blossom above it.
    pub(super) shared_duals: Vec<i128>,
    /// Each vertex's place in a depth-first order, and the places each blossom holds.
    pub(super) position: Vec<u32>,
    pub(super) span: Vec<(u32, u32)>,
    /// The first blossom of each blossom's line ([`Nesting`]).
    pub(super) line_head: Vec<usize>,
    /// For each line (by its head): how many lines are above it, the heads of the lines
    /// from the top down to it (`LINE_LEVELS` at most), and twice the duals from the top to
    /// its deepest blossom.
    pub(super) line_depth: Vec<u32>,
    pub(super) line_path: Vec<[usize; LINE_LEVELS]>,
    pub(super) line_duals: Vec<i128>,
}

impl Forest {
    pub(super) fn of(state: &State) -> Forest {
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

    pub(super) fn holds(&self, b: usize, v: usize) -> bool {
        let (from, to) = self.span[b];
        (from..to).contains(&self.position[v])
    }

    /// The deepest blossom holding both `i` and `j`.
    pub(super) fn deepest_holding(&self, i: usize, j: usize) -> Option<usize> {
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
