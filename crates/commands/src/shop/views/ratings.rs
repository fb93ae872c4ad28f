//! Ratings as hosts show them: each title's table (highest first, provisional ratings
//! marked) and, for one player, how each event moved their rating — every match's expected
//! and actual score and its share of the change. Built from the engine's
//! `ratings::TitleRatings`; nothing here reads a file. docs/ratings.md.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::ratings::{PlayerRating, Rating, TitleRatings};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::error::CommandError;

/// A Glicko-2 rating: rating, deviation and volatility (real numbers by Glicko-2's
/// definition; shown rounded by each host).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingView {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl From<Rating> for RatingView {
    fn from(value: Rating) -> Self {
        RatingView {
            rating: value.rating,
            deviation: value.deviation,
            volatility: value.volatility,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingRowView {
    pub rank: u32,
    /// The person across events: `id:<publisher ID>` or `name:<name>|<reading>`.
    pub key: String,
    pub name: String,
    #[serde(flatten)]
    #[ts(flatten)]
    pub rating: RatingView,
    pub matches: u32,
    pub events: u32,
    pub provisional: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TitleRatingsView {
    pub title: String,
    /// The rated events' names, in the order they were rated.
    pub events: Vec<String>,
    pub rows: Vec<RatingRowView>,
}

/// One match's share in a change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchShareView {
    pub opponent: String,
    pub opponent_rating: f64,
    /// What Glicko-2 expected (0 to 1).
    pub expected: f64,
    /// 1 a win, 0.5 a draw, 0 a loss.
    pub actual: f64,
    /// Rating points this match moved the rating by (the shares add up to the change).
    pub change: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingChangeView {
    pub event: String,
    pub before: RatingView,
    pub after: RatingView,
    pub matches: Vec<MatchShareView>,
}

/// "Why did my rating move?": one player's changes in one title, event by event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingExplanationView {
    pub title: String,
    pub name: String,
    pub changes: Vec<RatingChangeView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RatingsView {
    pub titles: Vec<TitleRatingsView>,
    /// With `explain`: the player's changes in each title they played.
    pub explained: Vec<RatingExplanationView>,
}

fn row(rank: usize, player: &PlayerRating) -> RatingRowView {
    RatingRowView {
        rank: u32::try_from(rank + 1).unwrap_or(u32::MAX),
        key: player.key.clone(),
        name: player.name.clone(),
        rating: player.rating.into(),
        matches: player.matches,
        events: player.events,
        provisional: player.provisional,
    }
}

/// Whether `typed` names `player`: their name (case and spaces set aside) or their key.
fn names(player: &PlayerRating, typed: &str) -> bool {
    let fold = |text: &str| -> String {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect()
    };
    player.key == typed || (!fold(typed).is_empty() && fold(&player.name) == fold(typed))
}

impl RatingsView {
    /// The tables, and with `explain` that player's changes (refused when no title has them).
    pub fn of(tables: &[TitleRatings], explain: Option<&str>) -> Result<RatingsView, CommandError> {
        let titles = tables
            .iter()
            .map(|table| TitleRatingsView {
                title: table.title.clone(),
                events: table.events.iter().map(|(_, name)| name.clone()).collect(),
                rows: table
                    .players
                    .iter()
                    .enumerate()
                    .map(|(rank, p)| row(rank, p))
                    .collect(),
            })
            .collect();
        let mut explained = Vec::new();
        if let Some(typed) = explain {
            for table in tables {
                let Some(player) = table.players.iter().find(|p| names(p, typed.trim())) else {
                    continue;
                };
                explained.push(RatingExplanationView {
                    title: table.title.clone(),
                    name: player.name.clone(),
                    changes: player
                        .changes
                        .iter()
                        .map(|change| RatingChangeView {
                            event: change.event_name.clone(),
                            before: change.before.into(),
                            after: change.after.into(),
                            matches: change
                                .matches
                                .iter()
                                .map(|share| MatchShareView {
                                    opponent: share.opponent_name.clone(),
                                    opponent_rating: share.opponent_rating.rating,
                                    expected: share.expected,
                                    actual: share.actual,
                                    change: share.change,
                                })
                                .collect(),
                        })
                        .collect(),
                });
            }
            if explained.is_empty() {
                return Err(CommandError::input(
                    ErrorKind::UnknownPlayer,
                    msg!(
                        "error.ratings.unknown-player",
                        "no rated player is named '{name}' in these events; write the name as registered",
                        name = typed.trim()
                    ),
                ));
            }
        }
        Ok(RatingsView { titles, explained })
    }
}

/// How a rated match ended for the player: Glicko-2's score of 1, ½ or 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum MatchScore {
    Win,
    Draw,
    Loss,
}

/// A match of "why did my rating move?" as the player's phone shows it (whole rating points
/// and percent: a phone shows them rounded, and the view stays comparable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyRatingShareView {
    pub opponent: String,
    pub opponent_rating: i64,
    /// What Glicko-2 expected, in percent.
    pub expected_percent: i64,
    pub result: MatchScore,
    /// Rating points this match moved the rating by, in tenths.
    pub change_tenths: i64,
}

/// A player's own rating on their phone, once the organizer publishes ratings: where they
/// stand in the event's title and how their latest rated event moved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyRatingView {
    pub title: String,
    pub rating: i64,
    pub deviation: i64,
    pub provisional: bool,
    pub rank: u32,
    pub rated_players: u32,
    /// The latest event that moved it, with its rating before and after and each match.
    pub event: Option<String>,
    pub before: Option<i64>,
    pub matches: Vec<MyRatingShareView>,
}

/// A real number rounded to the nearest whole (Glicko-2's figures are reals; a phone shows
/// whole points).
#[allow(clippy::cast_possible_truncation)]
fn whole(value: f64) -> i64 {
    if value.is_finite() {
        value.round() as i64
    } else {
        0
    }
}

impl MyRatingView {
    /// The rating of the player known as `key` in `table`, if they are rated there.
    pub fn of(table: &TitleRatings, key: &str) -> Option<MyRatingView> {
        let (rank, player) = table
            .players
            .iter()
            .enumerate()
            .find(|(_, p)| p.key == key)?;
        let latest = player.changes.last();
        Some(MyRatingView {
            title: table.title.clone(),
            rating: whole(player.rating.rating),
            deviation: whole(player.rating.deviation),
            provisional: player.provisional,
            rank: u32::try_from(rank + 1).unwrap_or(u32::MAX),
            rated_players: u32::try_from(table.players.len()).unwrap_or(u32::MAX),
            event: latest.map(|change| change.event_name.clone()),
            before: latest.map(|change| whole(change.before.rating)),
            matches: latest
                .map(|change| {
                    change
                        .matches
                        .iter()
                        .map(|share| MyRatingShareView {
                            opponent: share.opponent_name.clone(),
                            opponent_rating: whole(share.opponent_rating.rating),
                            expected_percent: whole(share.expected * 100.0),
                            result: if share.actual >= 1.0 {
                                MatchScore::Win
                            } else if share.actual > 0.0 {
                                MatchScore::Draw
                            } else {
                                MatchScore::Loss
                            },
                            change_tenths: whole(share.change * 10.0),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
    }
}
