//! Standings: now or before a round, each player's breakdown, and the cut-line projection.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::views::StandingsView;
use crate::views::breakdown::BreakdownView;

/// The standings, or only their top rows: a window shows the first screenful of a large
/// event at once and asks for the whole table next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsRequest {
    /// `null`: every row; a number: at most that many rows from the top.
    pub first: Option<u32>,
}

/// A cut-line projection; `cut` null: the planned cut, else the one suggested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ProjectionRequest {
    #[serde(default)]
    pub cut: Option<u32>,
}

impl Desk {
    pub fn standings(&mut self, request: StandingsRequest) -> Result<StandingsView, CommandError> {
        let first = request.first.map_or(usize::MAX, |first| {
            usize::try_from(first).unwrap_or(usize::MAX)
        });
        self.session()?.standings_top(first)
    }

    /// Each player's chance of making a cut of `cut` (the planned one, else the one
    /// suggested) with the rounds left.
    pub fn projection(
        &mut self,
        request: ProjectionRequest,
    ) -> Result<crate::views::projection::CutLineView, CommandError> {
        self.session()?.cut_line(request.cut)
    }

    /// Each player's opponents and the values behind their tiebreakers.
    pub fn breakdown(&mut self, _: Nothing) -> Result<BreakdownView, CommandError> {
        BreakdownView::of(self.session()?.event())
    }
}
