//! A recorded result as hosts see it ([`ResultView`]): its kind and the seat that won as
//! words of closed lists, the game score as numbers, and a short summary as a message that
//! each host renders in its own language ("2-1", "A wins", "draw", …).

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::{
    DefaultReason, GameScore, PenaltyKind, PenaltyType, ResultEntry, Side, TeamSeat,
};
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::msg;
use ts_rs::TS;

use crate::vocabulary::{ResultKind, TeamSeatResult};

/// A recorded result, with everything the scorekeeper entered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResultView {
    pub kind: ResultKind,
    /// Short, as a message: `"2-1"`, `"A wins"`, `"draw"`, …
    pub summary: Message,
    /// The seat that won (`win`, `default`, `penalty`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub winner: Option<Side>,
    /// Games won by seat A, by seat B, and drawn games, when a game score was entered (or
    /// games were awarded by penalty); a team match's individual wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<GamesView>,
    /// The graded result reason (`moncolle-legacy`), also the foul reason a penalty loss
    /// scores with there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Why a draw was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub draw: Option<tablekeeper_engine::model::DrawReason>,
    /// Which default it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default: Option<tablekeeper_engine::model::DefaultReason>,
    /// Penalty results: `match-loss` or `disqualification`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub penalty: Option<tablekeeper_engine::model::PenaltyType>,
    /// Team matches: each seat's result in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<TeamSeatResult>>", optional)]
    pub seats: Vec<TeamSeatResult>,
}

/// A game score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GamesView {
    pub a: u8,
    pub b: u8,
    pub draws: u8,
}

/// The seat word as a translated parameter ("A" in English).
fn side_word(side: Side) -> Param {
    match side {
        Side::A => Param::word("side.a", "A"),
        Side::B => Param::word("side.b", "B"),
    }
}

/// "2-1", or "1-1-1" with drawn games.
fn score_text(g: &GameScore) -> String {
    if g.draws > 0 {
        format!("{}-{}-{}", g.a, g.b, g.draws)
    } else {
        format!("{}-{}", g.a, g.b)
    }
}

/// A team match's seats in seat order.
fn seat_results(seats: &[TeamSeat]) -> Vec<TeamSeatResult> {
    seats
        .iter()
        .map(|s| match s {
            TeamSeat::A => TeamSeatResult::A,
            TeamSeat::B => TeamSeatResult::B,
            TeamSeat::Draw => TeamSeatResult::Draw,
            TeamSeat::DoubleLoss => TeamSeatResult::DoubleLoss,
        })
        .collect()
}

/// The result's short summary: the game score when one was entered, else what happened.
fn summary(entry: &ResultEntry) -> Message {
    let score = |g: &Option<GameScore>| {
        g.as_ref()
            .map(|g| msg!("result.summary.score", "{score}", score = score_text(g)))
    };
    match entry {
        ResultEntry::Win { winner, games, .. } => score(games).unwrap_or_else(|| {
            msg!(
                "result.summary.win",
                "{side} wins",
                side = side_word(*winner)
            )
        }),
        ResultEntry::Draw { games, .. } => {
            score(games).unwrap_or_else(|| msg!("result.summary.draw", "draw"))
        }
        ResultEntry::DoubleLoss => msg!("result.summary.double-loss", "double loss"),
        ResultEntry::DoubleWin => msg!("result.summary.double-win", "double win"),
        ResultEntry::Default { winner, .. } => msg!(
            "result.summary.default",
            "{side} wins by default",
            side = side_word(*winner)
        ),
        ResultEntry::Penalty { loser, .. } => msg!(
            "result.summary.penalty",
            "{side} loses by penalty",
            side = side_word(*loser)
        ),
        ResultEntry::Bye => msg!("result.summary.bye", "bye"),
        ResultEntry::LateEntryLoss => msg!("result.summary.late-entry", "late entry"),
        ResultEntry::WithdrawnBye => msg!(
            "result.summary.withdrawn-bye",
            "bye withdrawn (dropped after pairing)"
        ),
        ResultEntry::Team { seats } => {
            msg!(
                "result.summary.team",
                "{seats}",
                seats = TeamSeat::list(seats)
            )
        }
    }
}

/// `entry` as hosts see it; `ruleset` gives the reason a penalty loss scores with.
pub(crate) fn result_view(
    entry: &ResultEntry,
    ruleset: &tablekeeper_engine::Ruleset,
) -> ResultView {
    let games = |g: &Option<GameScore>| {
        g.map(|g| GamesView {
            a: g.a,
            b: g.b,
            draws: g.draws,
        })
    };
    let mut view = ResultView {
        kind: ResultKind::Win,
        summary: summary(entry),
        winner: None,
        games: None,
        reason: None,
        draw: None,
        default: None,
        penalty: None,
        seats: Vec::new(),
    };
    view.kind = match entry {
        ResultEntry::Win {
            winner,
            games: g,
            reason,
        } => {
            view.winner = Some(*winner);
            view.games = games(g);
            view.reason = reason.clone();
            ResultKind::Win
        }
        ResultEntry::Draw {
            games: g,
            reason,
            graded_reason,
        } => {
            view.games = games(g);
            view.reason = graded_reason.clone();
            view.draw = Some(*reason);
            ResultKind::Draw
        }
        ResultEntry::DoubleLoss => ResultKind::DoubleLoss,
        ResultEntry::DoubleWin => ResultKind::DoubleWin,
        ResultEntry::Default { winner, reason } => {
            view.winner = Some(*winner);
            view.default = Some(*reason);
            ResultKind::Default
        }
        ResultEntry::Penalty { loser, penalty } => {
            view.winner = Some(loser.other());
            view.penalty = Some(match penalty {
                PenaltyKind::MatchLoss => PenaltyType::MatchLoss,
                PenaltyKind::Disqualification => PenaltyType::Disqualification,
            });
            view.reason = ruleset.points.penalty_reason.clone();
            ResultKind::Penalty
        }
        ResultEntry::Bye => ResultKind::Bye,
        ResultEntry::LateEntryLoss => {
            view.default = Some(DefaultReason::LateEntry);
            ResultKind::LateEntryLoss
        }
        ResultEntry::WithdrawnBye => {
            view.default = Some(DefaultReason::DropAfterPairing);
            ResultKind::WithdrawnBye
        }
        ResultEntry::Team { seats } => {
            view.seats = seat_results(seats);
            ResultKind::Team
        }
    };
    view
}
