//! Finalists chosen by deck data (000 §3.2.4.2–§3.2.4.5; 001 本文 第3部 第2章 第4節 第2項–
//! 第6項) and by usage rate (001 第4節 第5項, digest E7), from hand-made contenders.

use tablekeeper_engine::model::{DeckCard, DeckData, PlayerId};
use tablekeeper_engine::top_cut::decks::{
    Contender, DeckMethod, select_by_deck, select_by_usage_rate, usage_points,
};

fn deck(nation: &str, ride: &str, title: &str, oshi: &str) -> DeckData {
    let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
    DeckData {
        name: None,
        title: some(title),
        nation_clan: some(nation),
        ride_line: some(ride),
        oshi: some(oshi),
        cards: Vec::new(),
    }
}

fn fighter(id: u32, non_wins: u32, decks: Vec<DeckData>) -> Contender {
    Contender {
        id: PlayerId(id),
        wins: 5 - non_wins,
        non_wins,
        decks,
        eligible: true,
    }
}

fn ids(list: &[PlayerId]) -> Vec<u32> {
    list.iter().map(|p| p.0).collect()
}

#[test]
fn bushiroad_en_3_2_4_2_nation_clan_undefeated_then_one_loss_by_fewest_selected_decks() {
    // Ranking order: 1, 2 undefeated; 3–5 one loss; 6 two losses.
    let field = vec![
        fighter(1, 0, vec![deck("Dragon Empire", "", "", "")]),
        fighter(2, 0, vec![deck("Stoicheia", "", "", "")]),
        fighter(3, 1, vec![deck("Dragon Empire", "", "", "")]),
        fighter(4, 1, vec![deck("Keter Sanctuary", "", "", "")]),
        fighter(5, 1, vec![deck("Dark States", "", "", "")]),
        fighter(6, 2, vec![deck("Lyrical Monasterio", "", "", "")]),
    ];
    let chosen = select_by_deck(&field, 4, DeckMethod::NationClan);
    assert_eq!(chosen.selected, vec!["Dragon Empire", "Stoicheia"]);
    // Step 2 (no selected nation) takes 4 and 5 before 3, though 3 ranks higher.
    assert_eq!(ids(&chosen.finalists), vec![1, 2, 4, 5]);
    // With 6 places, 3 follows in step 3; 6 (two losses) never advances: no refill.
    let wider = select_by_deck(&field, 6, DeckMethod::NationClan);
    assert_eq!(ids(&wider.finalists), vec![1, 2, 4, 5, 3]);
}

#[test]
fn bushiroad_ride_line_en_counts_selected_lines_ja_counts_decks() {
    // Trios (three decks each). The undefeated team rides lines X and Y.
    let team = |lines: [&str; 3]| {
        lines
            .iter()
            .map(|l| deck("", l, "", ""))
            .collect::<Vec<_>>()
    };
    let field = vec![
        fighter(1, 0, team(["X", "Y", "Z0"])),
        // Rank 2: X in two decks → EN 1 selected line, JA 2 decks.
        fighter(2, 1, team(["X", "X", "Z1"])),
        // Rank 3: Y in one deck → EN 1, JA 1.
        fighter(3, 1, team(["Y", "Z2", "Z3"])),
    ];
    // 000 §3.2.4.3: step 3 = "same card name as 1 selected ride line": teams 2 and 3 tie on
    // 1, and the higher-ranked team 2 takes the one place.
    let en = select_by_deck(&field, 2, DeckMethod::RideLine { count_lines: true });
    assert_eq!(ids(&en.finalists), vec![1, 2]);
    // 001 第3項: step 3 = "used in 1 ride deck": only team 3; team 2 (2 decks) comes later.
    let ja = select_by_deck(&field, 2, DeckMethod::RideLine { count_lines: false });
    assert_eq!(ids(&ja.finalists), vec![1, 3]);
}

#[test]
fn bushiroad_en_3_2_4_4_title_and_3_2_4_5_oshi_follow_the_same_steps() {
    let field = vec![
        fighter(1, 0, vec![deck("", "", "Hololive", "Sora")]),
        fighter(2, 1, vec![deck("", "", "Hololive", "Sora")]),
        fighter(3, 1, vec![deck("", "", "Bang Dream", "Suisei")]),
    ];
    let by_title = select_by_deck(&field, 2, DeckMethod::Title);
    assert_eq!(ids(&by_title.finalists), vec![1, 3]);
    let by_oshi = select_by_deck(&field, 2, DeckMethod::Oshi);
    assert_eq!(ids(&by_oshi.finalists), vec![1, 3]);
    // Nobody undefeated: nothing is selected, so every one-loss fighter is in step 2 in
    // ranking order.
    let field: Vec<Contender> = field
        .into_iter()
        .map(|c| Contender { non_wins: 1, ..c })
        .collect();
    assert_eq!(
        ids(&select_by_deck(&field, 2, DeckMethod::Title).finalists),
        vec![1, 2]
    );
}

fn cards(list: &[(&str, u32)]) -> DeckData {
    DeckData {
        cards: list
            .iter()
            .map(|(name, count)| DeckCard {
                number: String::new(),
                name: (*name).to_string(),
                count: *count,
            })
            .collect(),
        ..DeckData::default()
    }
}

#[test]
fn bushiroad_ja_usage_rate_e7_points_are_copies_times_total_copies() {
    // E7: a card only you use, 4 copies → 4 P a copy → 16 P; 2 copies of a card used 20
    // times in all → 20 P a copy → 40 P. Your deck: 56 P.
    let field = vec![
        fighter(1, 0, vec![cards(&[("Only Mine", 4), ("Popular", 2)])]),
        fighter(2, 0, vec![cards(&[("Popular", 9)])]),
        fighter(3, 1, vec![cards(&[("Popular", 9)])]),
    ];
    let points = usage_points(&field, 2);
    assert_eq!(points[&PlayerId(1)], 4 * 4 + 2 * 20);
    assert_eq!(points[&PlayerId(2)], 9 * 20);
    // Lower points rank higher among the undefeated (001 第5項 1.), then the one-loss group.
    let chosen = select_by_usage_rate(&field, 3, 2);
    assert_eq!(ids(&chosen.finalists), vec![1, 2, 3]);
    let two = select_by_usage_rate(&field, 1, 2);
    assert_eq!(ids(&two.finalists), vec![1]);
    // Decks of contenders below the aggregation criterion are not counted.
    let strict = usage_points(&field, 5);
    assert_eq!(
        strict[&PlayerId(1)],
        4 * 4 + 2 * 11,
        "only the undefeated decks are aggregated"
    );
}

/// 000 §3.2.4.2 / 001 第2項: the selected nations are those "used by any fighter who won all
/// of their qualifying rounds"; an exclusion (000 §3.2.4: declined, absent, the organizer's
/// decision) removes only that fighter's candidacy. Title (§3.2.4.4), Oshi (§3.2.4.5) and
/// Ride Line (§3.2.4.3) share the rule.
#[test]
fn bushiroad_en_3_2_4_2_an_excluded_undefeated_players_key_is_still_selected() {
    let excluded = |c: Contender| Contender {
        eligible: false,
        ..c
    };
    let field = vec![
        excluded(fighter(
            1,
            0,
            vec![deck("Dark States", "Blaster", "VG", "Sora")],
        )),
        fighter(
            2,
            0,
            vec![deck("Dragon Empire", "Overlord", "WS", "Pekora")],
        ),
        fighter(3, 1, vec![deck("Dark States", "Blaster", "VG", "Sora")]),
        fighter(4, 1, vec![deck("Keter", "Chronojet", "SVE", "Miko")]),
    ];
    for method in [
        DeckMethod::NationClan,
        DeckMethod::RideLine { count_lines: true },
        DeckMethod::RideLine { count_lines: false },
        DeckMethod::Title,
        DeckMethod::Oshi,
    ] {
        let chosen = select_by_deck(&field, 2, method);
        assert_eq!(
            chosen.selected.len(),
            2,
            "{method:?}: {:?}",
            chosen.selected
        );
        // Fighter 1 does not advance; among the one-loss fighters, 4 uses no selected key
        // and goes first (3 uses the excluded fighter's key).
        assert_eq!(ids(&chosen.finalists), vec![2, 4], "{method:?}");
    }
}

/// 001 第4節 第5項: usage rate aggregates the decks of every player who met the qualifying
/// standard (2 wins or more by default), also of a player excluded from the finals.
#[test]
fn bushiroad_ja_dai4setsu_dai5kou_usage_rate_counts_an_excluded_players_deck() {
    let field = vec![
        Contender {
            eligible: false,
            ..fighter(1, 0, vec![cards(&[("Rare", 8)])])
        },
        fighter(2, 0, vec![cards(&[("Rare", 1)])]),
        fighter(3, 0, vec![cards(&[("Other", 2)])]),
    ];
    let points = usage_points(&field, 2);
    // "Rare" is used 9 times in all (8 of them by the excluded player): 9 P a copy.
    assert_eq!(points[&PlayerId(2)], 9);
    assert_eq!(points[&PlayerId(3)], 2 * 2);
    let chosen = select_by_usage_rate(&field, 2, 2);
    assert_eq!(
        ids(&chosen.finalists),
        vec![3, 2],
        "the excluded player never advances"
    );
}
