//! The hand-written fast paths of `Exact` agree with plain rational arithmetic.

use proptest::prelude::*;
use tablekeeper_engine::exact::{CommonScale, Exact, Rounding};

fn exact(n: i64, d: i64) -> Exact {
    Exact::ratio(n, d).expect("non-zero denominator")
}

proptest! {
    #[test]
    fn ordering_matches_cross_multiplication(a in 0i64..10_000, b in 1i64..500, c in 0i64..10_000, d in 1i64..500) {
        let expected = (i128::from(a) * i128::from(d)).cmp(&(i128::from(c) * i128::from(b)));
        prop_assert_eq!(exact(a, b).cmp(&exact(c, d)), expected);
    }

    #[test]
    fn addition_matches_the_common_denominator_sum(a in 0i64..10_000, b in 1i64..500, c in 0i64..10_000, d in 1i64..500) {
        let sum = exact(a, b).checked_add(exact(c, d)).expect("add");
        prop_assert_eq!(sum, exact(a * d + c * b, b * d));
    }

    #[test]
    fn truncation_and_half_up_match_integer_arithmetic(n in 0i64..100_000, d in 1i64..5_000, decimals in 0u32..5) {
        let scale = 10i64.pow(decimals);
        let truncated = exact(n, d).round(Rounding::Truncate { decimals });
        prop_assert_eq!(truncated, exact((n * scale) / d, scale));
        let half_up = exact(n, d).round(Rounding::HalfUp { decimals });
        prop_assert_eq!(half_up, exact((2 * n * scale + d) / (2 * d), scale));
    }

    #[test]
    fn common_scale_means_equal_exact_means(values in proptest::collection::vec((0i64..300, 1i64..60), 1..30)) {
        let list: Vec<Exact> = values.iter().map(|(n, d)| exact(*n, *d)).collect();
        let scale = CommonScale::new(&list).expect("scale");
        let indices: Vec<usize> = (0..list.len()).collect();
        let mut sum = Exact::ZERO;
        for value in &list {
            sum = sum.checked_add(*value).expect("add");
        }
        let expected = sum.checked_div(Exact::integer(i64::try_from(list.len()).expect("len"))).expect("div");
        prop_assert_eq!(scale.mean(&indices).expect("mean"), Some(expected));
    }
}

#[test]
fn bushiroad_examples_round_as_the_seeds_say() {
    // 000 §3.2.1.2 truncates to two decimals; 001 ［附則B］ rounds half up to three.
    assert_eq!(
        exact(2, 3)
            .round(Rounding::Truncate { decimals: 2 })
            .to_decimal(2),
        "0.66"
    );
    assert_eq!(
        exact(2, 3)
            .round(Rounding::HalfUp { decimals: 3 })
            .to_decimal(3),
        "0.667"
    );
    assert_eq!(
        exact(5145, 10_000)
            .round(Rounding::HalfUp { decimals: 3 })
            .to_decimal(3),
        "0.515"
    );
    assert_eq!(Exact::parse("0.330"), Some(exact(33, 100)));
    assert_eq!(Exact::parse("2/3"), Some(exact(2, 3)));
    assert_eq!(Exact::parse("abc"), None);
}
