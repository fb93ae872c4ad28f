//! Sets of vertex or player pairs for the pairing hot loops, sized by what they hold: a
//! bit matrix of every pair was 32 MB at 16384 players, and zeroing it cost more than
//! the lookups it served.

use std::collections::HashSet;

/// Who has met whom: each player's opponents in one flat list (a player has at most one
/// per round, so a lookup scans a handful of numbers).
pub struct Met {
    /// `opponents[start[p]..start[p + 1]]` are player `p`'s.
    start: Vec<usize>,
    opponents: Vec<u32>,
}

impl Met {
    /// The pairs `(a, b)` that have met, for players numbered below `players`.
    pub fn new(players: usize, pairs: &[(u32, u32)]) -> Met {
        let mut count = vec![0usize; players + 1];
        for &(a, b) in pairs {
            for p in [a, b] {
                if let Some(c) = count.get_mut(p as usize) {
                    *c += 1;
                }
            }
        }
        let mut start = Vec::with_capacity(players + 1);
        let mut total = 0;
        for c in &count {
            start.push(total);
            total += c;
        }
        let mut fill = start.clone();
        let mut opponents = vec![0u32; total];
        for &(a, b) in pairs {
            for (p, q) in [(a, b), (b, a)] {
                if let Some(at) = fill.get_mut(p as usize) {
                    opponents[*at] = q;
                    *at += 1;
                }
            }
        }
        Met { start, opponents }
    }

    pub fn contains(&self, a: u32, b: u32) -> bool {
        let a = a as usize;
        match (self.start.get(a), self.start.get(a + 1)) {
            (Some(&from), Some(&to)) => self.opponents[from..to].contains(&b),
            _ => false,
        }
    }
}

/// The pairs in a sparse candidate graph: each vertex's run of the next opponents in the
/// solver's order, every pair with the hub (the bye vertex), and pairs added since.
pub struct Included {
    /// The last vertex of each vertex's run (every pair in between is in the graph or
    /// illegal); the vertex itself when it has none.
    reach: Vec<usize>,
    hub: Option<usize>,
    added: HashSet<(usize, usize)>,
}

impl Included {
    pub fn new(vertices: usize, hub: Option<usize>) -> Included {
        Included {
            reach: (0..vertices).collect(),
            hub,
            added: HashSet::new(),
        }
    }

    /// Records that `u`'s run reaches `v` (`u < v`).
    pub fn extend_run(&mut self, u: usize, v: usize) {
        self.reach[u] = self.reach[u].max(v);
    }

    /// Adds the single pair `{u, v}`.
    pub fn insert(&mut self, u: usize, v: usize) {
        self.added.insert((u.min(v), u.max(v)));
    }

    /// Whether `{u, v}` is in the graph (or illegal inside a run).
    pub fn contains(&self, u: usize, v: usize) -> bool {
        let (low, high) = (u.min(v), u.max(v));
        self.hub.is_some_and(|h| h == high || h == low)
            || high <= self.reach[low]
            || (!self.added.is_empty() && self.added.contains(&(low, high)))
    }
}
