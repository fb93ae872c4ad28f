//! Sharing an amount among tied players in whole units: the exact share of each, rounded
//! down, then the units left over handed out one each in standings order (no player gets
//! more than one: the poker room's odd-chip rule, docs/prizes.md). The parts always add up
//! to the whole.

/// `total` shared equally among `players` (in standings order).
pub fn equally(total: u64, players: usize) -> Vec<u64> {
    if players == 0 {
        return Vec::new();
    }
    let count = players as u64;
    let share = total / count;
    let left = (total % count) as usize;
    (0..players).map(|i| share + u64::from(i < left)).collect()
}

/// The Hort system: each tied player keeps half of their own place's prize and the other
/// halves are pooled and shared equally (German Wikipedia, "Hort-System"). `own` is each
/// tied player's own place's prize, in standings order. Exact over the common denominator:
/// player i gets (n·own_i + total) / 2n, rounded down, and the units left over one each in
/// standings order.
pub fn hort(own: &[u64]) -> Vec<u64> {
    let n = own.len() as u128;
    if n == 0 {
        return Vec::new();
    }
    let total: u128 = own.iter().map(|o| u128::from(*o)).sum();
    let exact: Vec<u128> = own
        .iter()
        .map(|o| (n * u128::from(*o) + total) / (2 * n))
        .collect();
    let paid: u128 = exact.iter().sum();
    let left = (total - paid) as usize;
    exact
        .into_iter()
        .enumerate()
        .map(|(i, share)| u64::try_from(share).unwrap_or(u64::MAX) + u64::from(i < left))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_shares_hand_the_odd_units_to_the_first_in_the_standings() {
        assert_eq!(equally(1750, 3), vec![584, 583, 583]);
        assert_eq!(equally(0, 2), vec![0, 0]);
        assert!(equally(5, 0).is_empty());
    }

    #[test]
    fn hort_shares_add_up_to_the_pooled_prizes() {
        assert_eq!(hort(&[4000, 2000, 1000]), vec![3167, 2167, 1666]);
        assert_eq!(hort(&[700]), vec![700]);
    }
}
