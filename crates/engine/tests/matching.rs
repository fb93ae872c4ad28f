//! The blossom solver against an independent exact oracle: dynamic programming over
//! vertex subsets (exact for small graphs), on thousands of random graphs.

// i < j indexing of an adjacency matrix reads best as loops.
#![allow(clippy::needless_range_loop)]

use proptest::prelude::*;
use tablekeeper_engine::pairing::matching::{Edge, max_weight_matching};

/// Maximum matching weight by DP over subsets; `None` entries are missing edges.
fn oracle(n: usize, weights: &[Vec<Option<i128>>]) -> i128 {
    let mut best = vec![0i128; 1 << n];
    for mask in 1usize..(1 << n) {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut value = best[rest]; // i unmatched
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            if let Some(w) = weights[i][j] {
                value = value.max(w + best[rest & !(1 << j)]);
            }
        }
        best[mask] = value;
    }
    best[(1 << n) - 1]
}

fn graph(n: usize, density: u8, seeds: &[i64]) -> (Vec<Edge>, Vec<Vec<Option<i128>>>) {
    let mut edges = Vec::new();
    let mut weights = vec![vec![None; n]; n];
    let mut index = 0;
    for i in 0..n {
        for j in (i + 1)..n {
            let s = seeds[index % seeds.len()];
            index += 1;
            if (s.unsigned_abs() % 100) as u8 >= density {
                continue;
            }
            let w = i128::from(s % 1000);
            edges.push(Edge { i, j, w });
            weights[i][j] = Some(w);
            weights[j][i] = Some(w);
        }
    }
    (edges, weights)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

    #[test]
    fn blossom_weight_equals_the_exact_optimum(
        n in 1usize..13,
        density in 10u8..100,
        seeds in proptest::collection::vec(any::<i64>(), 1..80),
    ) {
        let (edges, weights) = graph(n, density, &seeds);
        let solution = max_weight_matching(n, &edges);
        // The matching is symmetric and uses only existing edges.
        for (v, mate) in solution.mate.iter().enumerate() {
            if let Some(m) = mate {
                prop_assert_eq!(solution.mate[*m], Some(v));
                prop_assert!(weights[v][*m].is_some());
            }
        }
        prop_assert_eq!(solution.weight(&edges), oracle(n, &weights));
        // The duals certify optimality: every edge has non-negative slack.
        for e in &edges {
            prop_assert!(solution.edge_slack(e.i, e.j, e.w) >= 0);
        }
    }
}

#[test]
fn a_blossom_is_found_and_expanded() {
    // A 5-cycle with a pendant: the classic case that needs blossom shrinking.
    let edges = [
        (0, 1, 8),
        (1, 2, 9),
        (2, 3, 10),
        (3, 4, 7),
        (4, 0, 8),
        (2, 5, 2),
    ]
    .map(|(i, j, w)| Edge { i, j, w });
    let solution = max_weight_matching(6, &edges);
    let mut weights = vec![vec![None; 6]; 6];
    for e in &edges {
        weights[e.i][e.j] = Some(e.w);
        weights[e.j][e.i] = Some(e.w);
    }
    assert_eq!(solution.weight(&edges), oracle(6, &weights));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    /// The warm start reaches the same optimum on graphs where a perfect matching is the
    /// heaviest (as the pairing weights guarantee), with a self-consistent certificate.
    #[test]
    fn warm_start_equals_the_exact_optimum_when_perfect_matchings_dominate(
        half in 1usize..7,
        seeds in proptest::collection::vec(any::<i64>(), 1..80),
    ) {
        let n = 2 * half;
        let base: i128 = 1_000_000;
        let mut edges = Vec::new();
        let mut weights = vec![vec![None; n]; n];
        let mut index = 0;
        for i in 0..n {
            for j in (i + 1)..n {
                let s = seeds[index % seeds.len()];
                index += 1;
                let w = base - i128::from(s.rem_euclid(1000));
                edges.push(Edge { i, j, w });
                weights[i][j] = Some(w);
                weights[j][i] = Some(w);
            }
        }
        let warm = tablekeeper_engine::pairing::matching::max_weight_matching_warm(n, &edges);
        prop_assert!(warm.mate.iter().all(Option::is_some));
        prop_assert_eq!(warm.weight(&edges), oracle(n, &weights));
        for e in &edges {
            prop_assert!(warm.edge_slack(e.i, e.j, e.w) >= 0);
        }
    }
}
