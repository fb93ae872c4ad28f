//! Golden tests: the seeds' worked examples and derived vectors (digest §5), named after
//! the rule they check. The data lives in `tests/golden/`, shared with
//! `tablekeeper verify-rules`; each test here runs one vector through [`check`].

use tablekeeper_engine::verify;

/// Runs the vector named `test` and fails with every mismatch.
fn check(test: &str) {
    let report = verify::run_named(test).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.passed(),
        "{} ({}), ruleset {}:\n  {}",
        report.test,
        report.rule,
        report.ruleset,
        report.failures.join("\n  ")
    );
}

macro_rules! golden {
    ($($name:ident),* $(,)?) => {
        $(#[test] fn $name() { check(stringify!($name)); })*
    };
}

golden! {
    bushiroad_en_3_2_1_2_match_win_truncates_to_two_decimals_with_floor,
    bushinavi_annex_b_match_win_rounds_half_up_to_three_decimals,
    bushiroad_en_3_2_1_2_denominator_is_total_rounds_for_dropped_player,
    bushiroad_ja_dai3bu_2sho_1setsu_denominator_is_total_rounds,
    bushinavi_annex_b_denominator_is_rounds_played,
    fow_6d_denominator_is_rounds_participated_times_three,
    bandai_5_4_denominator_is_participated_rounds_times_three,
    bushiroad_en_3_2_2_2_effective_rounds,
    bushiroad_en_3_2_2_2_effective_rounds_times_max_points,
    bushiroad_ja_dai3bu_2sho_2setsu_effective_rounds_without_max_points,
    fow_6b_iv_eliminated_below_threshold_after_round_2,
    fow_6b_iv_draws_count_against_threshold_after_round_3,
    fow_6b_iv_threshold_after_round_4,
    bandai_5_4_own_match_win_rate_excludes_bye,
    crossover_viii_tb1_sos_drops_lowest_and_tb3_rounds_lost_squared,
    crossover_viii_tb3_example_41_and_5,
    moncolle_legacy_omw_inputs_truncate_with_floor_0_25,
    bushiroad_ja_dai3bu_2sho_1setsu_head_to_head_cycle_stays_tied,
    bushinavi_annex_b_opp_average_rounds_half_up,
    bushinavi_annex_b_floor_0_330,
    bushiroad_en_full_chain_event,
    bushiroad_ja_full_chain_event,
    bushinavi_full_chain_event,
    dream_order_full_chain_event,
    bandai_full_chain_event,
    fow_full_chain_event,
    crossover_full_chain_event,
    moncolle_legacy_full_chain_event,
    moncolle_legacy_sanko_penalty_loss_scores_zero,
    bushiroad_en_4_5_drop_after_pairing_loses_the_match_and_the_bye,
    fow_6b_v_variable_rounds_ignore_draws,
    bandai_3_6_variable_rounds_stop_at_one_player_with_only_wins,
    fow_6b_iv_optional_early_end_at_one_player_without_a_loss,
    fow_6b_iv_without_the_option_the_announced_rounds_apply,
}

/// Every vector in the data files has a named test above, so none is silently skipped.
#[test]
fn every_vector_has_a_named_test() {
    let source = include_str!("golden.rs");
    let (_, vectors) = verify::vectors().unwrap_or_else(|e| panic!("{e}"));
    for vector in vectors {
        assert!(
            source.contains(&format!("    {},", vector.test)),
            "no golden test for {}",
            vector.test
        );
    }
}
