//! The TCG+ organizer file's reader, checked against files as the app writes them.

use super::*;

#[test]
fn the_day_comes_from_the_start_of_the_name() {
    assert_eq!(
        day_in_name("2026-11-20 store event").as_deref(),
        Some("2026-11-20")
    );
    assert_eq!(
        day_in_name("20261120_tcgplus").as_deref(),
        Some("2026-11-20")
    );
    assert_eq!(day_in_name("store event 2026-11-20"), None);
    assert_eq!(day_in_name("2026-13-01 event"), None);
}

#[test]
fn percentages_are_between_0_and_100() {
    for good in ["55.56", "55.56%", "100", "100.00%", "0", ""] {
        assert!(is_percentage(good), "{good}");
    }
    for bad in ["100.5", "-1", "abc", "55.", ".5", "%", "101"] {
        assert!(!is_percentage(bad), "{bad}");
    }
}
