//! Golden cases of the cut-line projection, one per ruleset, written by hand
//! from each ruleset's tiebreak section: the same four-player event under every ruleset,
//! with the answers its seed gives. The derivation of each answer (every outcome of the
//! pending table, each player's points and tiebreakers as exact fractions, the order) is in
//! docs/projection-golden.md.
//!
//! The event: A (1), B (2), C (3), D (4); three Swiss rounds, a top 2.
//! Round 1: A beats B, C beats D. Round 2: A beats C, D beats B.
//! Round 3: A beats D (entered); B vs C still being played.

use crate::support::{apply_round, event_with_players};
use tablekeeper_engine::model::{PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::rules::projection::{Projection, project, project_by_bounds};
use tablekeeper_engine::{Action, Event};

fn pair(a: u32, b: u32) -> Seats {
    Seats::Pair {
        a: PlayerId(a),
        b: PlayerId(b),
    }
}

fn a_wins() -> ResultEntry {
    ResultEntry::Win {
        winner: Side::A,
        games: None,
        reason: None,
    }
}

/// The event under `ruleset`, with round 3's table 2 (B vs C) pending.
fn event(ruleset: &str) -> Event {
    let mut event = event_with_players(ruleset, 4, 3, 7);
    apply_round(
        &mut event,
        1,
        vec![pair(1, 2), pair(3, 4)],
        vec![1, 2],
        |_| a_wins(),
    );
    apply_round(
        &mut event,
        2,
        vec![pair(1, 3), pair(4, 2)],
        vec![1, 2],
        |_| a_wins(),
    );
    event
        .apply(&Action::PairRound {
            seed: 3,
            seats: vec![pair(1, 4), pair(2, 3)],
            tables: vec![1, 2],
        })
        .expect("round 3 paired");
    event
        .apply(&Action::RecordResult {
            round: 3,
            table: 1,
            entry: a_wins(),
            replace: false,
            player: None,
        })
        .expect("A beats D");
    event
}

fn depends_on_tiebreakers() -> Projection {
    Projection::Depends {
        tables: Vec::new(),
        tiebreakers: true,
    }
}

fn depends_on_table_2_and_tiebreakers() -> Projection {
    Projection::Depends {
        tables: vec![2],
        tiebreakers: true,
    }
}

/// Checks the answers for A, B, C and D (top 2), from the product and from the bounds
/// alone: the bounds may be less precise, never wrong.
fn check(ruleset: &str, expected: [Projection; 4]) {
    let event = event(ruleset);
    let answers: Vec<Projection> = project(&event, 2)
        .expect("projection")
        .players
        .into_iter()
        .map(|p| p.projection)
        .collect();
    assert_eq!(answers, expected, "{ruleset}: A, B, C, D");
    let bounds = project_by_bounds(&event, 2).expect("projection");
    for (answer, expected) in bounds.players.iter().zip(&expected) {
        if matches!(answer.projection, Projection::Locked | Projection::Out) {
            assert_eq!(
                &answer.projection, expected,
                "{ruleset}: bounds alone, player {}",
                answer.player
            );
        }
    }
}

/// 002 §5.4: match-win, then opponents' match-win, then head-to-head, then a random
/// method. B winning leaves B, C and D equal on every value with a head-to-head cycle: a
/// random draw for second place. C's draw (4 points) is enough.
#[test]
fn bandai_5_4_a_head_to_head_cycle_is_a_draw_for_the_line() {
    check(
        "bandai",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 附則B 第1節: Opp% then Opp2%, no head-to-head, then the same rank. A draw scores 0 like a
/// loss (001 第3部 第2章 第1節), leaving C and D equal on both: C needs the win.
#[test]
fn bushinavi_annex_b_equal_opp_values_leave_c_needing_the_win() {
    check(
        "bushinavi",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithWin,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 000 §3.2.1.2: OMW%, OOMW%, then head-to-head (decision 2) and a random method. After a
/// draw (0 points) C and D are equal on OMW% and OOMW%; C beat D in round 1, so C is second.
#[test]
fn bushiroad_en_3_2_1_2_head_to_head_puts_c_in_with_a_draw() {
    check(
        "bushiroad-en",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 001 第3部 第2章 第1節 第2項: Opp%, then wins among the tied, then a random decision.
#[test]
fn bushiroad_ja_dai3bu_2sho_1setsu_head_to_head_puts_c_in_with_a_draw() {
    check(
        "bushiroad-ja",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 004 VIII › Tie Breaking (Swiss): SoS dropping the lowest, opponents' SoS, then the sum
/// of the squares of the rounds lost. B, C and D are equal on the first two whenever they
/// tie on points; C lost rounds 2 and 3 (13), D rounds 1 and 3 (10), B rounds 1 and 2 (5),
/// so C is second in every outcome and B and D never are.
#[test]
fn crossover_viii_tb3_rounds_lost_squared_locks_c_and_puts_b_and_d_out() {
    check(
        "crossover",
        [
            Projection::Locked,
            Projection::Out,
            Projection::Locked,
            Projection::Out,
        ],
    );
}

/// 001 第1節 第2項 (ドリームオーダー: a win 3, a draw 1): Opp%, then wins among the tied.
#[test]
fn dream_order_dai1setsu_dai2ko_a_draw_is_enough_for_c() {
    check(
        "dream-order",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 003 §6d: opponents' match-win, then opponents' opponents', then the same rank (a
/// random selection where a distinction is needed): the cycle at 3 points is a draw.
#[test]
fn fow_6d_equal_values_at_the_line_are_a_random_selection() {
    check(
        "fow",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}

/// 《参考》: graded results (a win 10, a loss 1, a draw 3); Opp% with inputs truncated and a
/// floor of 0.25, then wins among the tied. A default win and a plain win differ for Opp%.
#[test]
fn moncolle_legacy_sanko_graded_results_leave_b_on_tiebreakers() {
    check(
        "moncolle-legacy",
        [
            Projection::Locked,
            depends_on_tiebreakers(),
            Projection::InWithDraw,
            depends_on_table_2_and_tiebreakers(),
        ],
    );
}
