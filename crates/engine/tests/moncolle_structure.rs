//! moncolle-legacy's round table: the 《参考》 Monster Collection appendix of 001 records only
//! what differs from the main text (「そのほとんどは現行の応用フロアルールと同一のため、他TCGと
//! 異なる点や特有な点のみを記載します」) and gives no round table, so the main text's table is
//! used whole — 001 本文 第3部 第2章 第1節 第1項, both 「決勝ラウンドを行わない場合」 and
//! 「決勝ラウンドを行う場合」 (docs/decisions.md 60). A suggested cut (RULESETS.md decision 34)
//! then comes with the with-cut rounds, one plan, as for the Bushiroad rulesets.
//!
//! The engine holds the tables; the suggestion itself is formed by the command layer
//! (`crates/commands/src/session/suggestions.rs`: `recommended_cut`, `recommended_rounds`).
//! `plan` below reads the tables the same way for a Swiss event with no cut planned.

use tablekeeper_engine::ruleset::{CutSuggestion, Ruleset, catalogue};

fn ruleset(id: &str) -> Ruleset {
    catalogue::ruleset(id).unwrap_or_else(|e| panic!("{e}"))
}

/// The cut decision 34 suggests: none below `min_players`, else the largest power of two not
/// above a quarter of the players, at most `max_size` (`CutSuggestion::Quarter`).
fn quarter_cut(ruleset: &Ruleset, players: u32) -> u32 {
    let CutSuggestion::Quarter {
        min_players,
        max_size,
    } = ruleset.top_cut.suggest
    else {
        panic!("{}: the cut is not suggested by decision 34", ruleset.id);
    };
    let quarter = players / 4;
    if players < min_players || quarter < 2 {
        0
    } else {
        (1u32 << quarter.ilog2()).min(max_size)
    }
}

/// The no-cut count of the table (⌈log₂ n⌉ beyond it).
fn no_cut_rounds(ruleset: &Ruleset, players: u32) -> u32 {
    match ruleset.recommended_for(players) {
        Some(row) if row.rounds > 0 => row.rounds,
        _ => players.max(2).next_power_of_two().trailing_zeros().max(1),
    }
}

/// `(suggested cut, with-cut range, suggested rounds)` for a Swiss event of `players` with no
/// cut planned: with a cut, the no-cut count minus one inside the with-cut range (decision 30
/// in docs/decisions.md); without one, the no-cut count.
fn plan(ruleset: &Ruleset, players: u32) -> (u32, Option<[u32; 2]>, u32) {
    let cut = quarter_cut(ruleset, players);
    let plain = no_cut_rounds(ruleset, players);
    if cut == 0 {
        return (0, None, plain);
    }
    let range = ruleset.with_cut_for(players).map(|with| with.rounds);
    let rounds = match range {
        Some([low, high]) if low == high => low,
        Some([low, high]) => plain.saturating_sub(1).clamp(low, high),
        None => plain,
    };
    (cut, range, rounds)
}

/// 001 《参考》 モンスター・コレクションTCG with 001 本文 第3部 第2章 第1節 第1項's
/// 「決勝ラウンドを行う場合」: 9～64人 3～5回戦, 65～128人 4～6回戦, 513～1024人 7～9回戦. At 33–63
/// players the suggested top 8 plays 5 Swiss rounds, not the no-cut 6; from 64 the top 16 plays
/// the with-cut rounds too, to 1024.
#[test]
fn moncolle_legacy_sanko_dai3bu_2sho_1setsu_dai1kou_a_suggested_cut_comes_with_its_rounds() {
    let moncolle = ruleset("moncolle-legacy");
    for (players, cut, range, rounds) in [
        (33, 8, [3, 5], 5),
        (48, 8, [3, 5], 5),
        (63, 8, [3, 5], 5),
        (64, 16, [3, 5], 5),
        (128, 16, [4, 6], 6),
        (1024, 16, [7, 9], 9),
    ] {
        assert_eq!(
            moncolle.with_cut_for(players).map(|with| with.rounds),
            Some(range),
            "{players} players: 001 第1項 「決勝ラウンドを行う場合」"
        );
        assert_eq!(
            plan(&moncolle, players),
            (cut, Some(range), rounds),
            "{players} players: a top {cut} with {rounds} Swiss rounds"
        );
        assert!(
            rounds < no_cut_rounds(&moncolle, players),
            "{players} players: cutting plays fewer Swiss rounds than not cutting"
        );
    }
    // Below the cut: the no-cut column, and the round robin for 2–4 (001 第1項).
    assert_eq!(plan(&moncolle, 8), (0, None, 3));
    assert_eq!(plan(&moncolle, 15), (0, None, 4));
    assert_eq!(
        moncolle.recommended_for(4).map(|row| row.rounds),
        Some(0),
        "「2～4人だった場合は…総当たり戦を行うことが推奨」"
    );
}

/// The appendix records only differences, so the table is the main text's, row for row.
#[test]
fn moncolle_legacy_sanko_round_table_is_001_dai1kou_whole() {
    assert_eq!(
        ruleset("moncolle-legacy").recommended,
        ruleset("bushiroad-ja").recommended
    );
}

/// Every ruleset whose cut decision 34 suggests (the Bushiroad table's readers) has a with-cut
/// row wherever a cut is suggested, up to 1024 players, and the suggested rounds lie in it, so
/// no suggestion pairs a cut with the no-cut count.
#[test]
fn decision_34_every_suggested_cut_has_a_with_cut_row() {
    let quarter: Vec<Ruleset> = catalogue::ruleset_ids()
        .into_iter()
        .map(ruleset)
        .filter(|r| matches!(r.top_cut.suggest, CutSuggestion::Quarter { .. }))
        .collect();
    assert!(
        quarter.iter().any(|r| r.id == "moncolle-legacy"),
        "moncolle-legacy suggests its cut by decision 34"
    );
    for table in &quarter {
        for players in 2..=1024 {
            let (cut, range, rounds) = plan(table, players);
            if cut == 0 {
                continue;
            }
            let [low, high] = range.unwrap_or_else(|| {
                panic!(
                    "{}: {players} players, top {cut} suggested but no with-cut rounds",
                    table.id
                )
            });
            assert!(
                (low..=high).contains(&rounds),
                "{}: {players} players, {rounds} rounds outside {low}–{high}",
                table.id
            );
        }
    }
}
