//! "What do I need?" as hosts show it (issue 27): each player's line against a planned cut,
//! in the order of the current standings. The answer is the engine's
//! (`engine::rules::projection`); this is its typed view.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::rules::projection::{CutLine, Projection};
use tablekeeper_engine::standings::Standings;
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
                        .map(|found| found.name.clone())
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
