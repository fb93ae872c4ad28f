//! The shop's meta (docs/meta.md): the Wilson interval against Newcombe's published values,
//! labels from the ruleset's deck parts, and the matchup matrix against a brute-force count
//! over generated events with known labels.

use proptest::prelude::*;
use tablekeeper_engine::meta::{MetaEvent, MetaMatch, compute, deck_label, wilson_interval};
use tablekeeper_engine::model::DeckData;
use tablekeeper_engine::ratings::RatedOutcome;

/// Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven
/// methods" (Statistics in Medicine 17, 1998), Table II, method 3 (Wilson score, no
/// continuity correction), to four places.
#[test]
fn wilson_interval_matches_newcombes_table() {
    let four = |x: f64| (x * 10_000.0).round() / 10_000.0;
    for (successes, trials, low, high) in [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ] {
        let (l, h) = wilson_interval(successes * 2, trials).expect("trials");
        assert_eq!((four(l), four(h)), (low, high), "{successes}/{trials}");
    }
    assert_eq!(wilson_interval(0, 0), None);
}

#[test]
fn a_label_is_the_decks_parts_else_its_name() {
    let vanguard = DeckData {
        nation_clan: Some("Dragon Empire".into()),
        ride_line: Some(" Overdress ".into()),
        name: Some("my deck".into()),
        ..DeckData::default()
    };
    assert_eq!(deck_label(&vanguard), "Dragon Empire / Overdress");
    let free = DeckData {
        name: Some("Red Hybrid".into()),
        ..DeckData::default()
    };
    assert_eq!(deck_label(&free), "Red Hybrid");
    assert_eq!(deck_label(&DeckData::default()), "");
}

#[test]
fn mirrors_sit_on_the_diagonal_and_a_double_loss_is_a_loss_for_both() {
    let event = MetaEvent {
        id: "1".into(),
        players: vec![
            ("a".into(), "Red".into()),
            ("b".into(), "Red".into()),
            ("c".into(), "Blue".into()),
            ("d".into(), "".into()),
        ],
        matches: vec![
            MetaMatch {
                a: "a".into(),
                b: "b".into(),
                outcome: RatedOutcome::AWins,
            },
            MetaMatch {
                a: "a".into(),
                b: "c".into(),
                outcome: RatedOutcome::BothLose,
            },
            MetaMatch {
                a: "c".into(),
                b: "d".into(),
                outcome: RatedOutcome::Draw,
            },
        ],
        top_cut: vec!["a".into(), "c".into()],
    };
    let meta = compute(&[event.clone(), event]);
    assert_eq!(meta.events, 1, "an event listed twice counts once");
    assert_eq!((meta.players, meta.top_cut), (4, 2));
    assert_eq!(meta.decks[0].label, "Red");
    assert_eq!((meta.decks[0].players, meta.decks[0].top_cut), (2, 1));
    let cell = |row: &str, column: &str| {
        meta.cells
            .iter()
            .find(|c| c.row == row && c.column == column)
            .expect("cell")
    };
    let mirror = cell("Red", "Red");
    assert_eq!((mirror.wins, mirror.losses, mirror.draws), (1, 1, 0));
    let red_blue = cell("Red", "Blue");
    assert_eq!((red_blue.wins, red_blue.losses), (0, 1));
    assert_eq!(cell("Blue", "Red").losses, 1);
    assert_eq!(cell("Blue", "").draws, 1);
}

fn outcome() -> impl Strategy<Value = RatedOutcome> {
    prop_oneof![
        Just(RatedOutcome::AWins),
        Just(RatedOutcome::BWins),
        Just(RatedOutcome::Draw),
        Just(RatedOutcome::BothLose)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every cell equals a brute-force count over the matches, and the shares add up.
    #[test]
    fn the_matrix_is_a_brute_force_count(
        labels in prop::collection::vec(0u8..4, 8),
        events in prop::collection::vec(prop::collection::vec((0u8..8, 0u8..8, outcome()), 0..16), 1..5),
    ) {
        let names = ["Red", "Blue", "Green", ""];
        let label_of = |p: u8| names[usize::from(labels[usize::from(p)])].to_string();
        let built: Vec<MetaEvent> = events.iter().enumerate().map(|(i, matches)| MetaEvent {
            id: i.to_string(),
            players: (0u8..8).map(|p| (format!("p{p}"), label_of(p))).collect(),
            matches: matches.iter().filter(|(a, b, _)| a != b).map(|(a, b, o)| MetaMatch { a: format!("p{a}"), b: format!("p{b}"), outcome: *o }).collect(),
            top_cut: vec!["p0".into()],
        }).collect();
        let meta = compute(&built);
        prop_assert_eq!(meta.decks.iter().map(|d| d.players).sum::<u32>(), meta.players);
        prop_assert_eq!(meta.players, 8 * u32::try_from(events.len()).unwrap_or(0));
        for cell in &meta.cells {
            let (mut w, mut l, mut d) = (0, 0, 0);
            for matches in &events {
                for (a, b, o) in matches.iter().filter(|(a, b, _)| a != b) {
                    for (me, other, mine) in [(a, b, *o), (b, a, match o { RatedOutcome::AWins => RatedOutcome::BWins, RatedOutcome::BWins => RatedOutcome::AWins, x => *x })] {
                        if label_of(*me) != cell.row || label_of(*other) != cell.column { continue; }
                        match mine { RatedOutcome::AWins => w += 1, RatedOutcome::Draw => d += 1, _ => l += 1 }
                    }
                }
            }
            prop_assert_eq!((cell.wins, cell.losses, cell.draws), (w, l, d), "{} vs {}", cell.row, cell.column);
            // A mirror is counted from both seats: every win is also a loss (a double loss two).
            if cell.row == cell.column { prop_assert!(cell.wins <= cell.losses); }
        }
    }
}
