//! Reads a result as a scorekeeper types it: `a`, `b`, `2-1`, `draw`, `dl`, `noshow-a` …
//!
//! The one result grammar: the CLI, the app's Results box (which sends what was typed after
//! the table number, through `preview_result` and `record_result`) and the LAN server all
//! read results here. Full-width digits and letters (Japanese input) and dash look-alikes
//! (ー － − – —) read as their ASCII forms.

use tablekeeper_engine::model::{
    DefaultReason, DrawReason, GameScore, ResultEntry, Side, TeamSeat,
};
use tablekeeper_words::ErrorKind;

use crate::error::CommandError;
use tablekeeper_words::msg;

/// Help text listing every accepted form.
pub const RESULT_SYNTAX: &str = "a | b (that seat won), A-B game score such as 2-1 or 1-1, \
draw | id (intentional draw), dl (double loss), dw (double win), noshow-a | noshow-b (that seat \
did not show up; the other wins by default), penalty-a | penalty-b | dq-a | dq-b (that seat lost \
by match-loss penalty or disqualification), team:a,b,draw or 1,2,1 (team events: each seat's result in seat order: a/1, b/2, draw/d or dl/x)";

/// Parses `text`; `reason` selects graded points (e.g. Monster Collection).
pub fn parse_result(text: &str, reason: Option<&str>) -> Result<ResultEntry, CommandError> {
    use unicode_normalization::UnicodeNormalization;
    let normalized: String = text
        .nfkc()
        .map(|c| match c {
            'ー' | '－' | '−' | '–' | '—' => '-',
            other => other,
        })
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let reason = reason.map(str::to_string);
    let invalid = || {
        CommandError::input(
            ErrorKind::InvalidResult,
            msg!(
                "error.invalid-result.result-use",
                "'{text}' is not a result. Use {RESULT_SYNTAX}.",
                text = text,
                RESULT_SYNTAX = RESULT_SYNTAX
            ),
        )
    };
    if let Some(seats) = normalized.strip_prefix("team:") {
        return team(seats).ok_or_else(invalid);
    }
    // The Results box's shorthand for a team match, seat by seat: "1,2,1", "a,b,d".
    if normalized.contains(',') {
        return team(&normalized).ok_or_else(invalid);
    }
    let entry = match normalized.as_str() {
        "a" | "1" => ResultEntry::Win {
            winner: Side::A,
            games: None,
            reason,
        },
        "b" | "2" => ResultEntry::Win {
            winner: Side::B,
            games: None,
            reason,
        },
        "draw" | "d" => ResultEntry::Draw {
            reason: DrawReason::Time,
            games: None,
            graded_reason: reason,
        },
        "id" => ResultEntry::Draw {
            reason: DrawReason::Intentional,
            games: None,
            graded_reason: reason,
        },
        "dl" | "x" | "double-loss" => ResultEntry::DoubleLoss,
        "dw" | "double-win" => ResultEntry::DoubleWin,
        "noshow-a" | "ns1" | "nsa" => ResultEntry::Default {
            winner: Side::B,
            reason: DefaultReason::NoShow,
        },
        "noshow-b" | "ns2" | "nsb" => ResultEntry::Default {
            winner: Side::A,
            reason: DefaultReason::NoShow,
        },
        "penalty-a" => penalty(Side::A, tablekeeper_engine::model::PenaltyKind::MatchLoss),
        "penalty-b" => penalty(Side::B, tablekeeper_engine::model::PenaltyKind::MatchLoss),
        "dq-a" => penalty(
            Side::A,
            tablekeeper_engine::model::PenaltyKind::Disqualification,
        ),
        "dq-b" => penalty(
            Side::B,
            tablekeeper_engine::model::PenaltyKind::Disqualification,
        ),
        score => {
            let (a, rest) = score.split_once('-').ok_or_else(invalid)?;
            let (b, draws) = match rest.split_once('-') {
                Some((b, d)) => (b, d),
                None => (rest, "0"),
            };
            let parse = |s: &str| s.trim().parse::<u8>().map_err(|_| invalid());
            let games = GameScore {
                a: parse(a)?,
                b: parse(b)?,
                draws: parse(draws)?,
            };
            if games.a == games.b {
                ResultEntry::Draw {
                    reason: DrawReason::Time,
                    games: Some(games),
                    graded_reason: reason,
                }
            } else {
                let winner = if games.a > games.b { Side::A } else { Side::B };
                ResultEntry::Win {
                    winner,
                    games: Some(games),
                    reason,
                }
            }
        }
    };
    Ok(entry)
}

/// `a,b,draw`: one result per seat of a team match (decision 9).
fn team(seats: &str) -> Option<ResultEntry> {
    let seats = seats
        .split(',')
        .map(|seat| match seat.trim() {
            "a" | "1" => Some(TeamSeat::A),
            "b" | "2" => Some(TeamSeat::B),
            "draw" | "d" => Some(TeamSeat::Draw),
            "dl" | "x" => Some(TeamSeat::DoubleLoss),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(ResultEntry::Team { seats })
}

fn penalty(loser: Side, penalty: tablekeeper_engine::model::PenaltyKind) -> ResultEntry {
    ResultEntry::Penalty { loser, penalty }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_score_decides_the_winner_and_equal_games_draw() {
        assert!(matches!(
            parse_result("2-1", None),
            Ok(ResultEntry::Win {
                winner: Side::A,
                ..
            })
        ));
        assert!(matches!(
            parse_result("0-2", None),
            Ok(ResultEntry::Win {
                winner: Side::B,
                ..
            })
        ));
        assert!(matches!(
            parse_result("1-1", None),
            Ok(ResultEntry::Draw { .. })
        ));
        assert!(matches!(
            parse_result("1-1-1", None),
            Ok(ResultEntry::Draw {
                games: Some(GameScore { draws: 1, .. }),
                ..
            })
        ));
    }

    #[test]
    fn keys_and_words_are_accepted() {
        assert!(matches!(
            parse_result("X", None),
            Ok(ResultEntry::DoubleLoss)
        ));
        assert!(matches!(
            parse_result("noshow-a", None),
            Ok(ResultEntry::Default {
                winner: Side::B,
                ..
            })
        ));
        assert!(matches!(
            parse_result(" D ", None),
            Ok(ResultEntry::Draw { .. })
        ));
    }

    #[test]
    fn nonsense_is_refused_with_the_syntax() {
        let error = parse_result("banana", None).expect_err("must fail");
        assert_eq!(error.kind(), "invalid-result");
        assert!(error.to_string().contains("2-1"));
    }
}
