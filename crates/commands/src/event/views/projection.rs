//! "What do I need?" as hosts show it: each player's line against a planned cut,
//! in the order of the current standings. The answer is the engine's
//! (`engine::rules::projection`); this is its typed view.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::rules::projection::{CutLine, Projection};
use tablekeeper_engine::standings::Standings;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;
use ts_rs::TS;

/// Where a player stands against the cut line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "kebab-case")]
pub enum CutChance {
    /// In the top N whatever happens at every table.
    Locked,
    /// In if they win their last match.
    InWithWin,
    /// In if their last match is a draw (or a win).
    InWithDraw,
    /// Other tables (`tables`) or the tiebreakers decide.
    Depends,
    /// Two or more rounds left, and the points still allow it.
    CanStillMakeIt,
    /// No outcome puts them in the top N.
    Out,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutLineRow {
    /// The current rank (standings over the completed rounds).
    pub rank: u32,
    pub player: u32,
    pub name: String,
    /// Points from the results entered so far (the round in progress included).
    pub points: String,
    pub chance: CutChance,
    /// For `depends`: the tables that decide, when there are a few.
    pub tables: Vec<u32>,
    /// For `depends`: it can come down to the tiebreakers (or a random order).
    pub tiebreakers: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutLineView {
    pub cut: u32,
    /// Swiss rounds left, the one in progress included.
    pub rounds_left: u32,
    /// Whether the next round to play is paired.
    pub paired: bool,
    pub rows: Vec<CutLineRow>,
}

impl CutLineView {
    pub fn of(event: &Event, standings: &Standings, line: &CutLine) -> CutLineView {
        let rank_of = |player| {
            standings
                .rows
                .iter()
                .find(|r| r.player == player)
                .map_or(u32::MAX, |r| r.rank)
        };
        let mut rows: Vec<CutLineRow> = line
            .players
            .iter()
            .map(|p| {
                let (chance, tables, tiebreakers) = match &p.projection {
                    Projection::Locked => (CutChance::Locked, Vec::new(), false),
                    Projection::InWithWin => (CutChance::InWithWin, Vec::new(), false),
                    Projection::InWithDraw => (CutChance::InWithDraw, Vec::new(), false),
                    Projection::Depends {
                        tables,
                        tiebreakers,
                    } => (CutChance::Depends, tables.clone(), *tiebreakers),
                    Projection::CanStillMakeIt => (CutChance::CanStillMakeIt, Vec::new(), false),
                    Projection::Out => (CutChance::Out, Vec::new(), false),
                };
                CutLineRow {
                    rank: rank_of(p.player),
                    player: p.player.0,
                    name: event
                        .player(p.player)
                        .map(|found| found.details.name.clone())
                        .unwrap_or_default(),
                    points: p.points.to_string(),
                    chance,
                    tables,
                    tiebreakers,
                }
            })
            .collect();
        rows.sort_by_key(|r| (r.rank, r.player));
        CutLineView {
            cut: line.cut,
            rounds_left: line.rounds_left,
            paired: line.paired,
            rows,
        }
    }
}

impl CutLineRow {
    /// What the player needs, in words (the CLI and the printed sheet say it so).
    pub fn chance_message(&self) -> Message {
        let tables = self
            .tables
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        match self.chance {
            CutChance::Locked => msg!("projection.locked", "locked in"),
            CutChance::InWithWin => msg!("projection.in-with-win", "in with a win"),
            CutChance::InWithDraw => msg!("projection.in-with-draw", "in with a draw"),
            CutChance::CanStillMakeIt => {
                msg!("projection.can-still-make-it", "can still make it")
            }
            CutChance::Out => msg!("projection.out", "out"),
            CutChance::Depends if !tables.is_empty() && self.tiebreakers => msg!(
                "projection.depends-tables-tiebreakers",
                "depends on tables {tables} and the tiebreakers",
                tables = tables
            ),
            CutChance::Depends if !tables.is_empty() => msg!(
                "projection.depends-tables",
                "depends on tables {tables}",
                tables = tables
            ),
            CutChance::Depends if self.tiebreakers => {
                msg!(
                    "projection.depends-tiebreakers",
                    "depends on the tiebreakers"
                )
            }
            CutChance::Depends => msg!("projection.depends", "depends on other tables"),
        }
    }
}

impl CutLineView {
    /// The heading of the cut line: the cut, the rounds left, whether the next is paired.
    pub fn heading(&self) -> Message {
        if self.paired {
            msg!(
                "projection.heading-paired",
                "Top {cut}: {rounds} Swiss rounds left, the next one paired",
                cut = self.cut,
                rounds = self.rounds_left
            )
        } else {
            msg!(
                "projection.heading",
                "Top {cut}: {rounds} Swiss rounds left",
                cut = self.cut,
                rounds = self.rounds_left
            )
        }
    }
}
