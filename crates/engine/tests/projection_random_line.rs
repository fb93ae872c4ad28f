//! The cut-line projection's `tiebreakers` flag where a lesser graded win leaves a player in
//! a random draw at the line (moncolle-legacy, 《参考》: a win 10/1, by deck-out 7/1, by
//! time-up 6/0, by foul or by default 10/0; a draw 3 or 4 each; match-win = points ÷ (3
//! rounds × 10), truncated to 2 dp, at least 0.25; then Opp%, then wins among the tied, then a
//! random draw).
//!
//! The flag used to be asked of the player's best finish only. C's best (a 10-point win)
//! clears the line, so C was answered "depends" without "tiebreakers" although C's deck-out
//! win ties C with D on points, Opp% and head-to-head, and the standings draw lots for
//! second place (`decided_by_random`).
//!
//! The event: A (1), B (2), C (3), D (4); three Swiss rounds, a top 2.
//! - Round 1: A beats B (10/1); C and D draw (3 each).
//! - Round 2: A beats C (10/1); D beats B by deck-out (7/1).
//! - Round 3: A beats D (10/1, entered); B vs C at table 2 still being played.
//!
//! So far A 30, B 2, C 4, D 11 (fixed). C can finish with 14 (any 10-point win), 11 (deck-out
//! or stalemate 7/1), 10 (time-up 6/0), 7 or 8 (a draw), 5, 4 (a loss); B with 12, 9, 8 (its
//! wins), 5 or 6 (a draw), 3, 2 (a loss). Nobody else reaches 30, so A is first throughout.
//!
//! By hand, by table 2's result:
//! - C wins 10/1, by foul or by default: C 14 > D 11, C is second alone: in.
//! - C wins by deck-out 7/1: C 11 = D 11, B 3. Match-win: A 30/30 = 1; B 3/30 = 0.10, raised
//!   to 0.25; C and D 11/30 = 0.366…, truncated to 0.36.
//!   Opp%(C) over D, A, B = (0.36 + 1 + 0.25) / 3 = 161/300;
//!   Opp%(D) over C, B, A = (0.36 + 0.25 + 1) / 3 = 161/300: exactly equal.
//!   Wins among the tied {C, D}: their round-1 match was a draw, 0 each. C and D are tied on
//!   the whole chain for second place, one place for two players: a random draw.
//! - C wins by time-up 6/0 (10), draws (7, 8) or loses (5, 4): A and D's 11 are above C,
//!   who is out.
//! - B wins 10/1, by foul or by default: B 12, alone second; B's deck-out or time-up win (9,
//!   8), a draw or a loss leaves B behind A and D.
//!
//! The answers (top 2):
//! - A: locked.
//! - B: in, or out behind two, never level at the line: depends, without `tiebreakers`.
//! - C: in, drawn or out by its own result: depends on the tiebreakers (`tiebreakers: true`).
//!   Asked at C's best finish (14) only, the flag said `false`: only A can be level or
//!   above there, one player for a line of two. Asked at C's deck-out finish (11), A and D
//!   can be level or above (2) while only A is surely above (1): true.
//! - D (11, no table left): in when neither B nor C passes 11 (B's deck-out or time-up win,
//!   C's time-up win, a draw, a double loss), drawn when C makes 11, out when B makes 12 or C
//!   14: depends on table 2 and the tiebreakers.

use crate::support::{apply_round, event_with_players};
use tablekeeper_engine::model::{DrawReason, PlayerId, ResultEntry, Seats, Side};
use tablekeeper_engine::rules::projection::{Projection, project, project_by_bounds};
use tablekeeper_engine::standings::{Standings, StandingsRow};
use tablekeeper_engine::{Action, Event, Exact};

fn pair(a: u32, b: u32) -> Seats {
    Seats::Pair {
        a: PlayerId(a),
        b: PlayerId(b),
    }
}

/// A win for `winner`, with a graded reason or the plain 10/1.
fn win(winner: Side, reason: Option<&str>) -> ResultEntry {
    ResultEntry::Win {
        winner,
        games: None,
        reason: reason.map(str::to_string),
    }
}

fn draw() -> ResultEntry {
    ResultEntry::Draw {
        reason: DrawReason::Time,
        games: None,
        graded_reason: None,
    }
}

/// The event above, with round 3's table 2 (B in seat A, C in seat B) pending.
fn event() -> Event {
    let mut event = event_with_players("moncolle-legacy", 4, 3, 7);
    apply_round(
        &mut event,
        1,
        vec![pair(1, 2), pair(3, 4)],
        vec![1, 2],
        |table| {
            if table == 1 {
                win(Side::A, None)
            } else {
                draw()
            }
        },
    );
    apply_round(
        &mut event,
        2,
        vec![pair(1, 3), pair(4, 2)],
        vec![1, 2],
        |table| {
            if table == 1 {
                win(Side::A, None)
            } else {
                win(Side::A, Some("deck-out"))
            }
        },
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
            entry: win(Side::A, None),
            replace: false,
            player: None,
        })
        .expect("A beats D");
    event
}

/// The final standings after table 2 ends with `entry`.
fn finished(entry: ResultEntry) -> Standings {
    let mut event = event();
    event
        .apply(&Action::RecordResult {
            round: 3,
            table: 2,
            entry,
            replace: false,
            player: None,
        })
        .expect("table 2's result");
    tablekeeper_engine::standings::compute(&event).expect("standings")
}

fn row(standings: &Standings, player: u32) -> &StandingsRow {
    standings
        .rows
        .iter()
        .find(|r| r.player == PlayerId(player))
        .expect("the player's row")
}

/// The derivation's premise by the standings' own code: C's deck-out win leaves C and D
/// level on points, on Opp% (161/300) and on head-to-head, their order drawn for second
/// place; C's 10-point win puts C second alone; C's time-up win puts D second.
#[test]
fn a_deck_out_win_for_c_is_a_random_draw_with_d_for_second_place() {
    let drawn = finished(win(Side::B, Some("deck-out")));
    let (c, d) = (row(&drawn, 3), row(&drawn, 4));
    assert_eq!(c.points, Exact::integer(11));
    assert_eq!(d.points, Exact::integer(11));
    let opp = Exact::ratio(161, 300).expect("161/300");
    assert_eq!(c.tiebreakers.first().and_then(|t| t.exact), Some(opp));
    assert_eq!(d.tiebreakers.first().and_then(|t| t.exact), Some(opp));
    assert_eq!((c.tied_rank, d.tied_rank), (2, 2));
    assert!(
        c.decided_by_random && d.decided_by_random,
        "C and D drawn for second place: {drawn:?}"
    );
    assert_eq!(row(&drawn, 1).rank, 1);

    let clear = finished(win(Side::B, None));
    let c = row(&clear, 3);
    assert_eq!((c.rank, c.tied_rank, c.decided_by_random), (2, 2, false));

    let short = finished(win(Side::B, Some("time-up")));
    assert_eq!((row(&short, 4).rank, row(&short, 3).rank), (2, 3));
}

/// C depends on the tiebreakers although C's best finish clears the line: the flag is
/// asked of every finish of C's own table. The product and the bounds alone agree (the
/// bounds alone set the flag, and every outcome tried confirms the draw).
#[test]
fn a_lesser_graded_win_that_ties_at_the_line_says_tiebreakers() {
    let event = event();
    for (line, how) in [
        (project(&event, 2).expect("projection"), "answers"),
        (
            project_by_bounds(&event, 2).expect("projection"),
            "bounds alone",
        ),
    ] {
        let answers: Vec<Projection> = line.players.into_iter().map(|p| p.projection).collect();
        assert_eq!(answers.len(), 4, "{how}: A, B, C, D");
        assert_eq!(answers[0], Projection::Locked, "{how}: A");
        assert!(
            matches!(
                answers[1],
                Projection::Depends {
                    tiebreakers: false,
                    ..
                }
            ),
            "{how}: B is never level at the line: {:?}",
            answers[1]
        );
        assert_eq!(
            answers[2],
            Projection::Depends {
                tables: Vec::new(),
                tiebreakers: true,
            },
            "{how}: C, drawn with D after a deck-out win"
        );
        assert_eq!(
            answers[3],
            Projection::Depends {
                tables: vec![2],
                tiebreakers: true,
            },
            "{how}: D"
        );
    }
}
