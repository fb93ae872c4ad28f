//! Match results: what the scorekeeper entered, and what each seat received.
//!
//! RULESETS.md decision 32 lists the result types. Each seat's points are stored with the
//! result (graded rulesets award different points per reason), never re-derived later.

use serde::{Deserialize, Serialize};
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::msg;

use crate::exact::Exact;

/// First or second seat of a match (the order the pairing listed them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Games won by seat A, by seat B, and games drawn, in a multi-game match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameScore {
    pub a: u8,
    pub b: u8,
    #[serde(default)]
    pub draws: u8,
}

/// Why a match was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    Time,
    Intentional,
    Consensual,
}

/// Why a match was decided without being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum DefaultReason {
    /// The opponent did not show up (decision 30).
    NoShow,
    /// The opponent dropped after the round was paired.
    DropAfterPairing,
    /// A late entry's missed round (decision 11); single seat, no opponent.
    LateEntry,
}

/// A penalty that decided the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum PenaltyKind {
    MatchLoss,
    Disqualification,
}

/// What the scorekeeper reports for one match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum ResultEntry {
    /// One seat won; `reason` selects graded points (e.g. Monster Collection).
    Win {
        winner: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        games: Option<GameScore>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    Draw {
        reason: DrawReason,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        games: Option<GameScore>,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            rename = "graded-reason"
        )]
        graded_reason: Option<String>,
    },
    DoubleLoss,
    /// Bushiroad PG §3.3.3: both fighters considered winners (exceptional).
    DoubleWin,
    /// The winner's opponent did not play (no-show, drop after pairing).
    Default {
        winner: Side,
        reason: DefaultReason,
    },
    /// The loser lost by penalty (match loss, disqualification).
    Penalty {
        loser: Side,
        penalty: PenaltyKind,
    },
    /// A team match (tag or trio, RULESETS.md decision 9): each seat's individual result in
    /// seat order (seat i of one team plays seat i of the other).
    Team {
        seats: Vec<TeamSeat>,
    },
    /// A single-seat round: the bye.
    Bye,
    /// A single-seat round: a late entry's missed round.
    LateEntryLoss,
    /// A single-seat round: the bye of a player who dropped after the round was paired,
    /// withdrawn and recorded as a default loss without bye points (RULESETS.md
    /// decision 35; 000 §4.5, 001 本文 第4部 第5章).
    WithdrawnBye,
}

impl ResultEntry {
    /// Whether the entry is for a single seat (no opponent).
    pub fn is_single_seat(&self) -> bool {
        matches!(
            self,
            ResultEntry::Bye | ResultEntry::LateEntryLoss | ResultEntry::WithdrawnBye
        )
    }
}

/// One individual match inside a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamSeat {
    /// Team A's member won.
    A,
    /// Team B's member won.
    B,
    Draw,
    DoubleLoss,
}

impl TeamSeat {
    /// The seat's result as the result grammar types it: `a`, `b`, `draw`, `dl`.
    pub fn id(self) -> &'static str {
        match self {
            TeamSeat::A => "a",
            TeamSeat::B => "b",
            TeamSeat::Draw => "draw",
            TeamSeat::DoubleLoss => "dl",
        }
    }

    /// "a, b, draw" for a team match's seats.
    pub fn list(seats: &[TeamSeat]) -> String {
        seats.iter().map(|s| s.id()).collect::<Vec<_>>().join(", ")
    }
}

/// Win, draw or loss, as the seat's record counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// How a seat's round counts for averages: rulesets exclude some categories from
/// opponent lists and own match-win percentages (decisions 3, 14, 20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    Played,
    Bye,
    DefaultWin,
    DefaultLoss,
}

impl Category {
    pub const ALL: [Category; 4] = [
        Category::Played,
        Category::Bye,
        Category::DefaultWin,
        Category::DefaultLoss,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Played => "played",
            Category::Bye => "bye",
            Category::DefaultWin => "default-win",
            Category::DefaultLoss => "default-loss",
        }
    }
}

/// What one seat received from a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    pub outcome: Outcome,
    pub category: Category,
    pub points: Exact,
    pub games_won: u8,
    pub games_lost: u8,
}

/// A recorded result: the entry plus each seat's outcome and points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchResult {
    pub entry: ResultEntry,
    /// One element for single-seat rounds, two otherwise.
    pub seats: Vec<SeatResult>,
}

impl ResultEntry {
    /// The result in words: "A wins 2-1", "draw", …
    pub fn summary(&self) -> Message {
        let side = |side: &Side| match side {
            Side::A => Param::word("side.a", "A"),
            Side::B => Param::word("side.b", "B"),
        };
        match self {
            ResultEntry::Win {
                winner,
                games: Some(g),
                ..
            } => msg!(
                "result.win-games",
                "{side} wins {a}-{b}",
                side = side(winner),
                a = g.a,
                b = g.b
            ),
            ResultEntry::Win { winner, .. } => {
                msg!("result.win", "{side} wins", side = side(winner))
            }
            ResultEntry::Draw { .. } => msg!("result.draw", "draw"),
            ResultEntry::DoubleLoss => msg!("result.double-loss", "double loss"),
            ResultEntry::DoubleWin => msg!("result.double-win", "double win"),
            ResultEntry::Default { winner, .. } => msg!(
                "result.default",
                "{side} wins by default",
                side = side(winner)
            ),
            ResultEntry::Penalty { loser, .. } => msg!(
                "result.penalty",
                "{side} loses by penalty",
                side = side(loser)
            ),
            ResultEntry::Bye => msg!("result.bye", "bye"),
            ResultEntry::LateEntryLoss => msg!("result.late-entry", "late entry"),
            ResultEntry::WithdrawnBye => msg!(
                "result.withdrawn-bye",
                "the bye withdrawn (dropped after pairing)"
            ),
            ResultEntry::Team { seats } => msg!(
                "result.team",
                "team seats {seats}",
                seats = TeamSeat::list(seats)
            ),
        }
    }
}
