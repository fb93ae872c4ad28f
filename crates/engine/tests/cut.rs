//! Top cut: selection by ranking with exclusions (digest E1) and single-elimination
//! seeding with byes to the top seeds (002 §3.4.1, decision 10).

use proptest::prelude::*;
use tablekeeper_engine::model::PlayerId;
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::standings;
use tablekeeper_engine::top_cut::ranking::select_by_ranking;
use tablekeeper_engine::top_cut::seeding::{Opening, bracket_order, first_round};
use tablekeeper_engine::verify::{EventSpec, build_event};

/// Ten players on distinct points except a tie at ranks 8–9 under equal-rank Bushi Navi.
fn standings_with_tie_on_the_cut_line() -> tablekeeper_engine::standings::Standings {
    let players: Vec<String> = (1..=10).map(|n| format!("P{n}")).collect();
    let spec = EventSpec {
        id: "cut".into(),
        players,
        rounds: vec![],
    };
    let (event, _) =
        build_event(&spec, catalogue::ruleset("bushinavi").expect("ruleset")).expect("event");
    standings::compute(&event).expect("standings")
}

#[test]
fn bushiroad_3_2_4_1_selection_by_ranking_moves_the_next_player_up() {
    let standings = standings_with_tie_on_the_cut_line();
    // With no round played every player shares rank 1 under equal-rank rules: a draw.
    let all = select_by_ranking(&standings, 8, &[], 1);
    assert_eq!(all.finalists.len(), 8);
    assert_eq!(
        all.drawn_among.len(),
        10,
        "the tied players on the line are drawn among"
    );
    // A seeded draw is reproducible and a different seed can change it.
    assert_eq!(select_by_ranking(&standings, 8, &[], 1), all);
    let excluded = all.finalists[0];
    let without = select_by_ranking(&standings, 8, &[excluded], 1);
    assert!(
        !without.finalists.contains(&excluded),
        "an excluded player never advances"
    );
    assert_eq!(without.finalists.len(), 8, "the next player moves up");
}

/// 000 §3.2.4.1 / E1 with a chain that ends in a random order (bushiroad-en "Random Method",
/// 002 §5.4 "random method"): the standings show the tied players in the standings seed's
/// order, but the cut line is drawn among everyone tied on the whole chain with the cut's own
/// seed, so `cut --seed` decides it (docs/decisions.md 32).
#[test]
fn bushiroad_en_3_2_4_1_the_cut_seed_draws_the_line_also_when_the_chain_ends_in_random() {
    let spec = EventSpec {
        id: "random-chain".into(),
        players: (1..=8).map(|n| format!("P{n}")).collect(),
        rounds: vec![vec![
            "P1 > P2".into(),
            "P3 > P4".into(),
            "P5 > P6".into(),
            "P7 > P8".into(),
        ]],
    };
    let (event, _) =
        build_event(&spec, catalogue::ruleset("bushiroad-en").expect("ruleset")).expect("event");
    let standings = standings::compute(&event).expect("standings");
    // The four winners are tied on the chain: distinct display ranks, one tied rank.
    let winners: Vec<_> = standings.rows.iter().take(4).collect();
    assert!(
        winners
            .iter()
            .all(|r| r.decided_by_random && r.tied_rank == 1)
    );
    assert_eq!(
        winners.iter().map(|r| r.rank).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    let picks: std::collections::BTreeSet<Vec<PlayerId>> = (0..16)
        .map(|seed| {
            let selection = select_by_ranking(&standings, 2, &[], seed);
            let draw = selection.draw.expect("a draw on the line");
            assert_eq!(draw.seed, seed);
            assert_eq!(draw.places, 2);
            assert_eq!(draw.among.len(), 4, "drawn among the four winners");
            let mut finalists = selection.finalists;
            finalists.sort();
            finalists
        })
        .collect();
    assert!(
        picks.len() > 1,
        "different cut seeds draw different finalists"
    );
}

#[test]
fn bracket_order_keeps_seeds_1_and_2_apart_until_the_final() {
    assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
    let order = bracket_order(16);
    let half = order.len() / 2;
    assert!(order[..half].contains(&1) && order[half..].contains(&2));
}

proptest! {
    /// Every finalist appears exactly once, and byes go only to the top seeds.
    #[test]
    fn every_seed_once_and_byes_only_to_the_top(size in 2usize..70) {
        let finalists: Vec<PlayerId> = (1..=size as u32).map(PlayerId).collect();
        let opening = first_round(&finalists);
        let mut seen: Vec<PlayerId> = opening
            .iter()
            .flat_map(|o| match o {
                Opening::Match { higher, lower } => vec![*higher, *lower],
                Opening::Bye { player } => vec![*player],
            })
            .collect();
        seen.sort();
        prop_assert_eq!(seen, finalists.clone());
        let byes: Vec<u32> = opening.iter().filter_map(|o| match o { Opening::Bye { player } => Some(player.0), _ => None }).collect();
        let expected_byes = size.next_power_of_two() - size;
        prop_assert_eq!(byes.len(), expected_byes);
        prop_assert!(byes.iter().all(|seed| (*seed as usize) <= expected_byes), "byes to seeds 1..={expected_byes}: {byes:?}");
        for o in &opening {
            if let Opening::Match { higher, lower } = o {
                prop_assert!(higher.0 < lower.0);
            }
        }
    }
}
