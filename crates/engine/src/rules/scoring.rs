//! Turns a reported result into each seat's outcome and points under a ruleset.
//!
//! This is the one place result kinds map to points (decision 32), like lichess's
//! `SwissScoring`. Game scores are validated against the match length (decision 22).

use crate::error::EngineError;
use crate::exact::Exact;
use crate::model::{
    Category, GameScore, MatchResult, Outcome, ResultEntry, SeatResult, Seats, Side, TeamSeat,
};
use crate::ruleset::Ruleset;
use tablekeeper_words::msg;

/// Scores `entry` for a match with `seats`.
pub fn score(
    ruleset: &Ruleset,
    seats: &Seats,
    entry: ResultEntry,
) -> Result<MatchResult, EngineError> {
    let points = &ruleset.points;
    let seat = |outcome, category, points: Exact, games: (u8, u8)| SeatResult {
        outcome,
        category,
        points,
        games_won: games.0,
        games_lost: games.1,
    };
    let single = matches!(seats, Seats::Single { .. });
    let needs_pair = !entry.is_single_seat();
    if single == needs_pair {
        return Err(EngineError::InvalidResult(if single {
            msg!(
                "error.invalid-result.single-seat",
                "this player has no opponent this round; only a bye or a late-entry loss applies"
            )
        } else {
            msg!(
                "error.invalid-result.bye-at-a-table",
                "a bye or late-entry loss cannot be entered for a table with two players"
            )
        }));
    }
    let seats = match &entry {
        ResultEntry::Bye => vec![seat(Outcome::Win, Category::Bye, points.bye, (0, 0))],
        ResultEntry::LateEntryLoss | ResultEntry::WithdrawnBye => {
            vec![seat(
                Outcome::Loss,
                Category::DefaultLoss,
                points.default_loss,
                (0, 0),
            )]
        }
        ResultEntry::Win {
            winner,
            games,
            reason,
        } => {
            let (win_points, loss_points) = match reason {
                None => (points.win, points.loss),
                Some(id) => {
                    let graded = graded(ruleset, id, "win")?;
                    (Exact::integer(graded.winner), Exact::integer(graded.loser))
                }
            };
            let (a_games, b_games) = match games {
                Some(score) => {
                    check_games(ruleset, score)?;
                    let winner_games = if *winner == Side::A { score.a } else { score.b };
                    let loser_games = if *winner == Side::A { score.b } else { score.a };
                    if winner_games <= loser_games {
                        return Err(EngineError::InvalidResult(msg!(
                            "error.invalid-result.game-score-does-give-player",
                            "game score {a}-{b} does not give this player more games; enter a draw or swap the score",
                            a = score.a,
                            b = score.b
                        )));
                    }
                    ((score.a, score.b), (score.b, score.a))
                }
                None => {
                    let one = (1, 0);
                    if *winner == Side::A {
                        (one, (0, 1))
                    } else {
                        ((0, 1), one)
                    }
                }
            };
            let (a_outcome, b_outcome) = if *winner == Side::A {
                (Outcome::Win, Outcome::Loss)
            } else {
                (Outcome::Loss, Outcome::Win)
            };
            let (a_points, b_points) = if *winner == Side::A {
                (win_points, loss_points)
            } else {
                (loss_points, win_points)
            };
            vec![
                seat(a_outcome, Category::Played, a_points, a_games),
                seat(b_outcome, Category::Played, b_points, b_games),
            ]
        }
        ResultEntry::Draw {
            games,
            graded_reason,
            ..
        } => {
            let each = match graded_reason {
                None => points.draw,
                Some(id) => Exact::integer(graded(ruleset, id, "draw")?.winner),
            };
            let (a, b) = match games {
                Some(score) => {
                    check_games(ruleset, score)?;
                    if score.a != score.b {
                        return Err(EngineError::InvalidResult(msg!(
                            "error.invalid-result.game-score-has-winner-draw",
                            "game score {a}-{b} has a winner; a draw needs equal games (decision 22)",
                            a = score.a,
                            b = score.b
                        )));
                    }
                    (score.a, score.b)
                }
                None => (0, 0),
            };
            vec![
                seat(Outcome::Draw, Category::Played, each, (a, b)),
                seat(Outcome::Draw, Category::Played, each, (b, a)),
            ]
        }
        ResultEntry::DoubleLoss => vec![
            seat(Outcome::Loss, Category::Played, points.double_loss, (0, 0)),
            seat(Outcome::Loss, Category::Played, points.double_loss, (0, 0)),
        ],
        ResultEntry::DoubleWin => vec![
            seat(Outcome::Win, Category::Played, points.double_win, (0, 0)),
            seat(Outcome::Win, Category::Played, points.double_win, (0, 0)),
        ],
        ResultEntry::Default { winner, .. } => {
            let win = seat(
                Outcome::Win,
                Category::DefaultWin,
                points.default_win,
                (0, 0),
            );
            let loss = seat(
                Outcome::Loss,
                Category::DefaultLoss,
                points.default_loss,
                (0, 0),
            );
            if *winner == Side::A {
                vec![win, loss]
            } else {
                vec![loss, win]
            }
        }
        ResultEntry::Team { seats } => {
            let (outcomes, games) = team_outcome(seats)?;
            let points_of = |outcome| match outcome {
                Outcome::Win => points.win,
                Outcome::Draw => points.draw,
                Outcome::Loss if outcomes == (Outcome::Loss, Outcome::Loss) => points.double_loss,
                Outcome::Loss => points.loss,
            };
            vec![
                seat(outcomes.0, Category::Played, points_of(outcomes.0), games),
                seat(
                    outcomes.1,
                    Category::Played,
                    points_of(outcomes.1),
                    (games.1, games.0),
                ),
            ]
        }
        ResultEntry::Penalty { loser, .. } => {
            // A penalty loss is a played match for averages: the opponent did face them.
            // Graded rulesets score it with their foul reason (Monster Collection 反則負け 0,
            // 反則勝ち 10; 001 《参考》).
            let (win_points, loss_points) = match &points.penalty_reason {
                None => (points.win, points.loss),
                Some(id) => {
                    let graded = graded(ruleset, id, "win")?;
                    (Exact::integer(graded.winner), Exact::integer(graded.loser))
                }
            };
            let win = seat(Outcome::Win, Category::Played, win_points, (0, 0));
            let loss = seat(Outcome::Loss, Category::Played, loss_points, (0, 0));
            if *loser == Side::B {
                vec![win, loss]
            } else {
                vec![loss, win]
            }
        }
    };
    Ok(MatchResult { entry, seats })
}

/// Scores `entry` for a match of an elimination round (a top cut or a single-elimination
/// event), where a match needs a winner: a team match whose seats leave it undecided (a tag
/// team's 1–1) is decided by the representative seat, the last one (大将; RULESETS.md
/// decision 33, digest §1.8). Draws are refused before this is called.
pub fn score_in_elimination(
    ruleset: &Ruleset,
    seats: &Seats,
    entry: ResultEntry,
) -> Result<MatchResult, EngineError> {
    let mut result = score(ruleset, seats, entry)?;
    let ResultEntry::Team { seats: team } = &result.entry else {
        return Ok(result);
    };
    let undecided = result.seats.iter().all(|s| s.outcome == Outcome::Draw);
    if !undecided {
        return Ok(result);
    }
    let points = &ruleset.points;
    let outcomes = match team.last() {
        Some(TeamSeat::A) => (Outcome::Win, Outcome::Loss),
        Some(TeamSeat::B) => (Outcome::Loss, Outcome::Win),
        _ => (Outcome::Loss, Outcome::Loss),
    };
    let points_of = |outcome| match outcome {
        Outcome::Win => points.win,
        _ if outcomes == (Outcome::Loss, Outcome::Loss) => points.double_loss,
        _ => points.loss,
    };
    if let [a, b] = result.seats.as_mut_slice() {
        a.outcome = outcomes.0;
        a.points = points_of(outcomes.0);
        b.outcome = outcomes.1;
        b.points = points_of(outcomes.1);
    }
    Ok(result)
}

/// Team A's and team B's outcome.
type SeatOutcomes = (Outcome, Outcome);

/// A team match from its individual results (decision 9): a team wins if it won more
/// individual matches than it lost (trio 2 of 3, tag 2–0); if neither does, both lose when
/// each lost more than it won (double losses), else it is a draw (tag 1–1). The "games" of
/// a team match are the individual wins of each side.
fn team_outcome(seats: &[TeamSeat]) -> Result<(SeatOutcomes, (u8, u8)), EngineError> {
    if seats.is_empty() {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.team-match-needs-each-seats",
            "a team match needs each seat's result, e.g. team:a,b,a"
        )));
    }
    let count = |wanted: TeamSeat| seats.iter().filter(|s| **s == wanted).count();
    let (a_wins, b_wins, double) = (
        count(TeamSeat::A),
        count(TeamSeat::B),
        count(TeamSeat::DoubleLoss),
    );
    let (a_losses, b_losses) = (b_wins + double, a_wins + double);
    let outcomes = if a_wins > a_losses {
        (Outcome::Win, Outcome::Loss)
    } else if b_wins > b_losses {
        (Outcome::Loss, Outcome::Win)
    } else if a_wins < a_losses && b_wins < b_losses {
        (Outcome::Loss, Outcome::Loss)
    } else {
        (Outcome::Draw, Outcome::Draw)
    };
    let games = (
        u8::try_from(a_wins).unwrap_or(u8::MAX),
        u8::try_from(b_wins).unwrap_or(u8::MAX),
    );
    Ok((outcomes, games))
}

fn graded<'a>(
    ruleset: &'a Ruleset,
    id: &str,
    outcome: &str,
) -> Result<&'a crate::ruleset::GradedReason, EngineError> {
    let reason = ruleset.graded_reason(id).ok_or_else(|| {
        let known: Vec<&str> = ruleset
            .points
            .graded
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        EngineError::InvalidResult(if known.is_empty() {
            msg!(
                "error.invalid-result.no-graded-reasons",
                "ruleset '{ruleset}' has no graded result reasons; leave out the reason '{id}'",
                ruleset = &ruleset.id,
                id = id
            )
        } else {
            msg!(
                "error.invalid-result.unknown-reason",
                "unknown result reason '{id}'; this ruleset knows {known}",
                id = id,
                known = known.join(", ")
            )
        })
    })?;
    if reason.outcome != outcome {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.reason-for-another-outcome",
            "reason '{id}' is for a {expected}, not a {outcome}",
            id = id,
            expected = &reason.outcome,
            outcome = outcome
        )));
    }
    Ok(reason)
}

/// A game score must fit the match length: nobody past the games needed to win, and not
/// more games than a match can last (3-0 in a best of three is refused).
fn check_games(ruleset: &Ruleset, score: &GameScore) -> Result<(), EngineError> {
    let needed = ruleset.points.games_to_win;
    let max_games = 2 * needed - 1;
    let total = u16::from(score.a) + u16::from(score.b) + u16::from(score.draws);
    if score.a > needed || score.b > needed {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.player-needs-only-game-win",
            "{a}-{b}: a player needs only {needed} game win(s) to take this match",
            a = score.a,
            b = score.b,
            needed = needed
        )));
    }
    if score.a == needed && score.b == needed {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.both-players-cannot-reach-game",
            "{a}-{b}: both players cannot reach {needed} game wins",
            a = score.a,
            b = score.b,
            needed = needed
        )));
    }
    if total > u16::from(max_games) + u16::from(score.draws)
        || u16::from(score.a) + u16::from(score.b) > u16::from(max_games)
    {
        return Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.best-has-most-decided-games",
            "{a}-{b}: a best of {max_games} has at most {max_games} decided games",
            a = score.a,
            b = score.b,
            max_games = max_games
        )));
    }
    Ok(())
}
