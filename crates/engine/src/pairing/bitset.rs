//! A symmetric bit matrix of vertex pairs: fast "have these two met / is this edge in"
//! tests for the pairing hot loops.

/// A set of unordered pairs `{i, j}` with `i, j < size`.
pub struct PairSet {
    size: usize,
    bits: Vec<u64>,
}

impl PairSet {
    pub fn new(size: usize) -> PairSet {
        PairSet {
            size,
            bits: vec![0; (size * size).div_ceil(64)],
        }
    }

    fn index(&self, i: usize, j: usize) -> Option<usize> {
        let (low, high) = if i < j { (i, j) } else { (j, i) };
        (high < self.size).then_some(low * self.size + high)
    }

    pub fn insert(&mut self, i: usize, j: usize) {
        if let Some(index) = self.index(i, j) {
            self.bits[index / 64] |= 1 << (index % 64);
        }
    }

    pub fn contains(&self, i: usize, j: usize) -> bool {
        self.index(i, j)
            .is_some_and(|index| self.bits[index / 64] & (1 << (index % 64)) != 0)
    }
}
