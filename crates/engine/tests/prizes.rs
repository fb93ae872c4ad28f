//! Prizes: golden cases from published examples, each citing its source, and
//! property tests (money and items are conserved, a raffle replays from its seed).
//! docs/prizes.md quotes the sources.

use proptest::prelude::*;
use tablekeeper_engine::model::PlayerId;
use tablekeeper_engine::prizes::rules::MAX_AMOUNT;
use tablekeeper_engine::prizes::{Entrant, Payout, PrizeRules, plan};

fn entrant(player: u32, wins: u32, losses: u32) -> Entrant {
    Entrant {
        player: PlayerId(player),
        wins,
        losses,
        draws: 0,
    }
}

/// Players 1..=n, each alone in their place (records unused).
fn alone(n: u32) -> Vec<Vec<Entrant>> {
    (1..=n).map(|p| vec![entrant(p, 0, 0)]).collect()
}

fn rules(text: &str) -> PrizeRules {
    PrizeRules::from_toml(text).unwrap_or_else(|e| panic!("{e}"))
}

fn credits(payout: &Payout) -> Vec<u64> {
    payout.lines.iter().map(|l| l.credit).collect()
}

/// Hort-System (German Wikipedia): prizes 1000/500/350/200/150/100; A and B tied on 8.0,
/// C alone on 7.5, D, E and F tied on 7.0. Each keeps half of their own place's prize and
/// the halves are pooled among the tied: 875, 625, 350, 175, 150, 125 (2300, the fund).
#[test]
fn hort_system_wikipedia_example_pays_the_fund_exactly() {
    let ladder = r#"
        ties = "hort"
        place = [{ down_to = 1, amount = 1000 }, { down_to = 2, amount = 500 },
                 { down_to = 3, amount = 350 }, { down_to = 4, amount = 200 },
                 { down_to = 5, amount = 150 }, { down_to = 6, amount = 100 }]
    "#;
    let groups = vec![
        vec![entrant(1, 0, 0), entrant(2, 0, 0)],
        vec![entrant(3, 0, 0)],
        vec![entrant(4, 0, 0), entrant(5, 0, 0), entrant(6, 0, 0)],
    ];
    let payout = plan(&rules(ladder), &groups, None).expect("payout");
    assert_eq!(credits(&payout), vec![875, 625, 350, 175, 150, 125]);
    assert_eq!(payout.credit_paid, 2300);
    // The same ties shared equally (US Chess 32B3: summed and divided equally).
    let shared = plan(&rules(&ladder.replace("hort", "shared")), &groups, None).expect("payout");
    assert_eq!(credits(&shared), vec![750, 750, 350, 150, 150, 150]);
}

/// Sharly Chess, tests/unit/test_prizes.py (test_basic_average_sharing,
/// test_basic_hort_sharing): prizes 200/100/60, points 5, 5, 4, 4, 4, 3.
#[test]
fn sharly_chess_average_and_hort_examples() {
    let ladder = r#"
        ties = "shared"
        place = [{ down_to = 1, amount = 200 }, { down_to = 2, amount = 100 },
                 { down_to = 3, amount = 60 }]
    "#;
    let groups = vec![
        vec![entrant(1, 0, 0), entrant(2, 0, 0)],
        vec![entrant(3, 0, 0), entrant(4, 0, 0), entrant(5, 0, 0)],
        vec![entrant(6, 0, 0)],
    ];
    let average = plan(&rules(ladder), &groups, None).expect("payout");
    assert_eq!(credits(&average), vec![150, 150, 20, 20, 20, 0]);
    let hort = plan(&rules(&ladder.replace("shared", "hort")), &groups, None).expect("payout");
    assert_eq!(credits(&hort), vec![175, 125, 40, 10, 10, 0]);
}

/// Limitless, organizer/prizing.md: "1st place is sent 15 codes, 2nd place is sent 10
/// codes, 3rd and 4th place are sent 5 codes each, and the remaining top 8 players are sent
/// 1 code each" (rows are upper bounds; the numbers do not accumulate), here as credit in
/// cents; and a pool too small for the ladder is refused, as Limitless refuses it.
#[test]
fn limitless_prizing_ladder_rows_are_upper_bounds() {
    let ladder = r#"
        currency = "USD cents"
        ties = "standings"
        pool = 4000
        place = [{ down_to = 2, amount = 1000 }, { down_to = 1, amount = 1500 },
                 { down_to = 8, amount = 100 }, { down_to = 4, amount = 500 }]
    "#;
    let payout = plan(&rules(ladder), &alone(9), None).expect("payout");
    assert_eq!(
        credits(&payout),
        vec![1500, 1000, 500, 500, 100, 100, 100, 100, 0]
    );
    assert_eq!(payout.credit_paid, 3900);
    assert_eq!(payout.credit_left, Some(100));
    let short = plan(&rules(&ladder.replace("4000", "3800")), &alone(9), None).expect_err("short");
    assert_eq!(short.kind().as_str(), "invalid-prizes");
    // "enter a 0 … no codes to 1st place": 0, 20, 10, 10.
    let skip = rules(
        r#"ties = "standings"
           place = [{ down_to = 1, amount = 0 }, { down_to = 2, amount = 20 }, { down_to = 4, amount = 10 }]"#,
    );
    assert_eq!(
        credits(&plan(&skip, &alone(5), None).expect("payout")),
        vec![0, 20, 10, 10, 0]
    );
}

/// A store-credit ladder by record, as shops advertise it ("3-0: 2500, 2-1: 1000"): eight
/// players after three rounds, one 3-0, three 2-1: 5500 in all, nothing to split.
#[test]
fn store_credit_ladder_by_record() {
    let ladder = rules(
        r#"ties = "shared"
           record = [{ record = "3-0", amount = 2500 }, { record = "2-1", amount = 1000 }]"#,
    );
    let records = [
        (3, 0),
        (2, 1),
        (2, 1),
        (2, 1),
        (1, 2),
        (1, 2),
        (1, 2),
        (0, 3),
    ];
    let groups: Vec<Vec<Entrant>> = records
        .iter()
        .enumerate()
        .map(|(i, (w, l))| vec![entrant(i as u32 + 1, *w, *l)])
        .collect();
    let payout = plan(&ladder, &groups, None).expect("payout");
    assert_eq!(credits(&payout), vec![2500, 1000, 1000, 1000, 0, 0, 0, 0]);
    assert_eq!(payout.credit_paid, 5500);
}

/// Whole units: 1750 shared three ways is 584, 583, 583 (the odd unit to the first in
/// the standings); a Hort split of 4000/2000/1000 is 3167, 2167, 1666 — 7000 exactly
/// (docs/prizes.md: rounded down, the units left one each in standings order).
#[test]
fn shares_in_whole_units_add_up_to_the_prizes_shared() {
    let ladder = r#"
        ties = "shared"
        place = [{ down_to = 1, amount = 1000 }, { down_to = 2, amount = 500 },
                 { down_to = 3, amount = 250 }]
    "#;
    let tied = vec![vec![entrant(1, 0, 0), entrant(2, 0, 0), entrant(3, 0, 0)]];
    assert_eq!(
        credits(&plan(&rules(ladder), &tied, None).expect("payout")),
        vec![584, 583, 583]
    );
    let hort = r#"
        ties = "hort"
        place = [{ down_to = 1, amount = 4000 }, { down_to = 2, amount = 2000 },
                 { down_to = 3, amount = 1000 }]
    "#;
    assert_eq!(
        credits(&plan(&rules(hort), &tied, None).expect("payout")),
        vec![3167, 2167, 1666]
    );
}

/// Packs: one per four entrants, three to the winner and one to each of places 2–4 and a
/// participation pack; over the pool, the last places get less and the shortfall is said.
#[test]
fn packs_from_a_pool_of_one_per_four_entrants() {
    let ladder = rules(
        r#"ties = "standings"
           [[items]]
           name = "booster pack"
           per_entrants = 4
           place = [{ down_to = 1, count = 3 }, { down_to = 4, count = 1 }]
        "#,
    );
    let payout = plan(&ladder, &alone(16), None).expect("payout");
    let packs: Vec<u64> = payout
        .lines
        .iter()
        .map(|l| l.items.iter().map(|i| i.count).sum())
        .collect();
    assert_eq!(
        &packs[..5],
        &[3, 1, 0, 0, 0][..],
        "4 packs: 3 to the winner, 1 to 2nd, then none"
    );
    assert_eq!(payout.items[0].pool, Some(4));
    assert_eq!(payout.items[0].given, 4);
    assert_eq!(payout.items[0].short, 2);
}

#[test]
fn bad_rules_are_refused_with_what_to_write() {
    for (text, words) in [
        (
            "ties = \"shared\"\nrecord = [{ record = \"three-oh\", amount = 1 }]",
            "wins-losses",
        ),
        ("ties = \"evenly\"", "could not be read"),
        (
            "ties = \"shared\"\nplace = [{ down_to = 0, amount = 1 }]",
            "start at 1",
        ),
        (
            "ties = \"shared\"\n[[items]]\nname = \"pack\"\ncount = 3\nper_entrants = 4",
            "not both",
        ),
    ] {
        let error = PrizeRules::from_toml(text).expect_err(text);
        assert!(error.to_string().contains(words), "{text}: {error}");
    }
}

/// Amounts have a documented range (docs/prizes.md, "Amounts"): one past it is refused in
/// words, whatever the tie rule; the issue's rules (an amount of 9223372036854775858 with
/// a pool of 100) were accepted and printed "paid 100, left 0".
#[test]
fn amounts_beyond_the_limit_are_refused() {
    for ties in ["standings", "shared", "hort"] {
        for rules in [
            format!(
                "ties = \"{ties}\"\npool = 100\nplace = [{{ down_to = 1, amount = 9223372036854775858 }}]"
            ),
            format!(
                "ties = \"{ties}\"\nplace = [{{ down_to = 1, amount = {} }}]",
                MAX_AMOUNT + 1
            ),
            format!("ties = \"{ties}\"\npool = {}", MAX_AMOUNT + 1),
            format!("ties = \"{ties}\"\nparticipation = {}", MAX_AMOUNT + 1),
            format!(
                "ties = \"{ties}\"\nrecord = [{{ record = \"1-0\", amount = {} }}]",
                MAX_AMOUNT + 1
            ),
            format!(
                "ties = \"{ties}\"\n[[items]]\nname = \"pack\"\ncount = {}",
                MAX_AMOUNT + 1
            ),
            format!(
                "ties = \"{ties}\"\n[[items]]\nname = \"pack\"\nplace = [{{ down_to = 1, count = {} }}]",
                MAX_AMOUNT + 1
            ),
        ] {
            let error = PrizeRules::from_toml(&rules).expect_err(&rules);
            assert!(
                error.to_string().contains(&MAX_AMOUNT.to_string()),
                "{rules}: {error}"
            );
        }
    }
    let at_limit = format!("ties = \"shared\"\nplace = [{{ down_to = 1, amount = {MAX_AMOUNT} }}]");
    assert!(PrizeRules::from_toml(&at_limit).is_ok());
}

/// With `ties = "standings"` nobody shares a place: two semifinal losers of a top 4
/// without a third-place match (one group in the final order) are paid and shown as 3rd and
/// 4th, not both as "3 (tied)".
#[test]
fn standings_ties_give_semifinal_losers_their_own_places() {
    let ladder = r#"
        ties = "standings"
        place = [{ down_to = 1, amount = 400 }, { down_to = 2, amount = 300 },
                 { down_to = 3, amount = 200 }, { down_to = 4, amount = 100 }]
    "#;
    let groups = vec![
        vec![entrant(1, 0, 0)],
        vec![entrant(2, 0, 0)],
        vec![entrant(3, 0, 0), entrant(4, 0, 0)],
    ];
    let payout = plan(&rules(ladder), &groups, None).expect("payout");
    let shown: Vec<(u32, bool, u64)> = payout
        .lines
        .iter()
        .map(|l| (l.place, l.tied, l.credit))
        .collect();
    assert_eq!(
        shown,
        vec![
            (1, false, 400),
            (2, false, 300),
            (3, false, 200),
            (4, false, 100)
        ]
    );
    // Shared, the same group is tied for 3rd and splits 3rd and 4th.
    let shared = plan(
        &rules(&ladder.replace("standings", "shared")),
        &groups,
        None,
    )
    .expect("payout");
    let tied: Vec<(u32, bool, u64)> = shared
        .lines
        .iter()
        .map(|l| (l.place, l.tied, l.credit))
        .collect();
    assert_eq!(tied[2..], [(3, true, 150), (3, true, 150)]);
}

/// Every raffle prize is either drawn or reported undrawn: with `only_without_prize` and a
/// ladder that pays every place, nobody can take part (and the count says so before the
/// draw, for the prize form's warning); with more prizes than players, the rest are named.
#[test]
fn every_raffle_prize_is_drawn_or_reported_undrawn() {
    let everyone_won = r#"
        ties = "shared"
        place = [{ down_to = 4, amount = 100 }]
        [raffle]
        prizes = ["playmat", "sleeves"]
        only_without_prize = true
    "#;
    let pending = plan(&rules(everyone_won), &alone(4), None).expect("payout");
    assert_eq!(pending.raffle_entrants, 0, "counted before the draw");
    let payout = plan(&rules(everyone_won), &alone(4), Some(7)).expect("payout");
    assert!(payout.raffle.is_empty());
    assert_eq!(payout.raffle_entrants, 0);
    assert_eq!(payout.raffle_undrawn, vec!["playmat", "sleeves"]);
    let many = r#"
        ties = "shared"
        [raffle]
        prizes = ["playmat", "sleeves", "deck box", "binder"]
    "#;
    let payout = plan(&rules(many), &alone(3), Some(7)).expect("payout");
    assert_eq!(payout.raffle.len(), 3);
    assert_eq!(payout.raffle_entrants, 3);
    assert_eq!(payout.raffle_undrawn, vec!["binder"]);
    // Not drawn yet: nothing is reported undrawn.
    let pending = plan(&rules(many), &alone(3), None).expect("payout");
    assert!(pending.raffle.is_empty() && pending.raffle_undrawn.is_empty());
    assert_eq!(pending.raffle_entrants, 3);
}

/// A raffle "only for players who won nothing else" is for those who won nothing by placing
/// or record: what everyone gets for showing up (participation credit or packs) is not a
/// win (docs/prizes.md). First place's 300 and second's pack are wins; the 50 everyone gets
/// and the participation pack are not.
#[test]
fn participation_is_not_winning_for_the_raffle() {
    let top_up = r#"
        ties = "shared"
        participation = 50
        place = [{ down_to = 1, amount = 300 }]
        [[items]]
        name = "pack"
        count = 10
        place = [{ down_to = 2, count = 1 }]
        participation = 1
        [raffle]
        prizes = ["playmat", "sleeves", "binder"]
        only_without_prize = true
    "#;
    let payout = plan(&rules(top_up), &alone(5), Some(11)).expect("payout");
    // Places 1 (credit) and 2 (a second pack) won; 3, 4 and 5 only got the top-up.
    assert_eq!(payout.raffle_entrants, 3);
    assert!(payout.raffle_undrawn.is_empty());
    let winners: Vec<u32> = payout.raffle.iter().map(|(_, p)| p.0).collect();
    let first_two: Vec<u32> = payout.lines[..2].iter().map(|l| l.player.0).collect();
    assert_eq!(winners.len(), 3);
    assert!(
        winners.iter().all(|w| !first_two.contains(w)),
        "{winners:?} won a raffle prize beside a placing"
    );
    // Everyone still gets the top-up.
    assert!(payout.lines.iter().all(|l| l.credit >= 50));
}

/// Random ladders, tie rules and records, with amounts anywhere up to past the limit.
fn amount() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..5000,
        (MAX_AMOUNT - 3)..(MAX_AMOUNT + 3),
        Just(u64::MAX),
        Just(9_223_372_036_854_775_858),
    ]
}

proptest! {
    /// Prize rules are either refused (by `from_toml` or by the planner, in words) or
    /// accepted with every total equal to the sum of its lines: credit paid, credit left
    /// against the pool, each item's given and left — amounts near the limits included.
    #[test]
    fn rules_are_refused_or_every_total_is_the_sum_of_its_lines(
        amounts in proptest::collection::vec(amount(), 1..6),
        record_amount in amount(),
        participation in amount(),
        pool in proptest::option::of(amount()),
        packs in amount(),
        pack_place in amount(),
        sizes in proptest::collection::vec(1usize..4, 1..8),
        rule in 0usize..3,
        seed in any::<u64>(),
    ) {
        let ties = ["shared", "hort", "standings"][rule];
        let rows: Vec<String> = amounts
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{{ down_to = {}, amount = {a} }}", i + 1))
            .collect();
        let pool_line = pool.map(|p| format!("pool = {p}\n")).unwrap_or_default();
        let text = format!(
            "ties = \"{ties}\"\n{pool_line}participation = {participation}\nplace = [{}]\nrecord = [{{ record = \"1-0\", amount = {record_amount} }}]\n[[items]]\nname = \"pack\"\ncount = {packs}\nplace = [{{ down_to = 2, count = {pack_place} }}]\n[raffle]\nprizes = [\"playmat\"]\n",
            rows.join(", ")
        );
        let mut player = 0u32;
        let groups: Vec<Vec<Entrant>> = sizes
            .iter()
            .map(|n| (0..*n).map(|_| { player += 1; entrant(player, player % 2, 0) }).collect())
            .collect();
        let Ok(parsed) = PrizeRules::from_toml(&text) else {
            let too_large = amounts.iter().chain([&record_amount, &participation, &packs, &pack_place]).chain(pool.iter()).any(|a| *a > MAX_AMOUNT);
            prop_assert!(too_large, "only amounts past the limit are refused here: {}", text);
            return Ok(());
        };
        let Ok(payout) = plan(&parsed, &groups, Some(seed)) else {
            return Ok(());
        };
        let lines: u128 = payout.lines.iter().map(|l| u128::from(l.credit)).sum();
        prop_assert_eq!(lines, u128::from(payout.credit_paid));
        if let Some(pool) = pool {
            prop_assert_eq!(u128::from(payout.credit_paid) + u128::from(payout.credit_left.unwrap_or(0)), u128::from(pool));
        }
        let given: u128 = payout.lines.iter().flat_map(|l| &l.items).map(|i| u128::from(i.count)).sum();
        prop_assert_eq!(given, u128::from(payout.items[0].given));
        prop_assert_eq!(u128::from(payout.items[0].given) + u128::from(payout.items[0].left.unwrap_or(0)), u128::from(packs));
        prop_assert_eq!(payout.raffle.len() + payout.raffle_undrawn.len(), 1);
    }

    /// Whatever the ladder, ties and pool, nothing is created or lost: the credit paid is
    /// the sum of the lines and, with a pool, paid + left = pool; every item given comes
    /// from its pool; the raffle draws the same winners from the same seed.
    #[test]
    fn money_and_items_are_conserved(
        amounts in proptest::collection::vec(0u64..5000, 1..8),
        sizes in proptest::collection::vec(1usize..4, 1..10),
        rule in 0usize..3,
        pool_extra in 0u64..1000,
        packs in 0u64..20,
        seed in any::<u64>(),
    ) {
        let ties = ["shared", "hort", "standings"][rule];
        let rows: Vec<String> = amounts
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{{ down_to = {}, amount = {a} }}", i + 1))
            .collect();
        let mut player = 0u32;
        let groups: Vec<Vec<Entrant>> = sizes
            .iter()
            .map(|n| (0..*n).map(|_| { player += 1; entrant(player, 0, 0) }).collect())
            .collect();
        let text = format!(
            "ties = \"{ties}\"\nplace = [{}]\n[[items]]\nname = \"pack\"\ncount = {packs}\nplace = [{{ down_to = 3, count = 2 }}]\nparticipation = 1\n[raffle]\nprizes = [\"playmat\", \"sleeves\"]\n",
            rows.join(", ")
        );
        let unlimited = plan(&rules(&text), &groups, Some(seed)).expect("payout");
        let paid: u64 = unlimited.lines.iter().map(|l| l.credit).sum();
        prop_assert_eq!(paid, unlimited.credit_paid);
        // The places' prizes, shared or not, add up to the ladder over the places taken.
        let places = player as usize;
        let ladder_total: u64 = amounts.iter().take(places).sum();
        prop_assert_eq!(paid, ladder_total);
        let pool = paid + pool_extra;
        let with_pool = format!("pool = {pool}\n{text}");
        let payout = plan(&rules(&with_pool), &groups, Some(seed)).expect("payout");
        prop_assert_eq!(payout.credit_paid + payout.credit_left.unwrap_or(0), pool);
        let given: u64 = payout.lines.iter().flat_map(|l| &l.items).map(|i| i.count).sum();
        prop_assert_eq!(given, payout.items[0].given);
        prop_assert!(given <= packs);
        prop_assert_eq!(payout.items[0].left, Some(packs - given));
        let again = plan(&rules(&with_pool), &groups, Some(seed)).expect("payout");
        prop_assert_eq!(&again.raffle, &payout.raffle);
        prop_assert_eq!(payout.raffle.len(), 2.min(places));
    }
}
