//! The standings as the screens show them: each row with its exact tiebreakers and the
//! values as displayed.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::standings::{Standings, TiebreakValue};
use ts_rs::TS;

use super::pairings::name_of;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ValueView {
    pub id: String,
    /// Exact value as a reduced fraction; `null` where not applicable.
    pub exact: Option<String>,
    pub display: String,
}

impl ValueView {
    fn from_value(value: &TiebreakValue) -> Self {
        ValueView {
            id: value.tiebreaker.id().to_string(),
            exact: value.exact.map(|v| v.to_string()),
            display: value.display.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsRowView {
    pub rank: u32,
    pub player: u32,
    pub name: String,
    pub points: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub match_win: Option<ValueView>,
    pub tiebreakers: Vec<ValueView>,
    pub decided_by_random: bool,
    pub dropped: bool,
    /// Disqualified (the seeds let the organizer revoke the standing; it is kept here).
    #[serde(default)]
    pub disqualified: bool,
    /// Out of an elimination format (two losses, or below the points threshold).
    #[serde(default)]
    pub eliminated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsView {
    pub completed_rounds: u32,
    pub chain: Vec<String>,
    pub random_seed: String,
    pub rows: Vec<StandingsRowView>,
}

impl StandingsView {
    pub fn from_standings(event: &Event, standings: &Standings) -> Self {
        Self::from_standings_top(event, standings, usize::MAX)
    }

    /// The view of the standings' first `first` rows alone: a window's first screenful of a
    /// large event does not wait for the words of every row below it.
    pub fn from_standings_top(event: &Event, standings: &Standings, first: usize) -> Self {
        // Derived from the same completed rounds as the standings; an arithmetic failure
        // there would already have failed the standings.
        let eliminated =
            tablekeeper_engine::standings::elimination::eliminated(event).unwrap_or_default();
        let rows = standings
            .rows
            .iter()
            .take(first)
            .map(|row| StandingsRowView {
                rank: row.rank,
                player: row.player.0,
                name: name_of(event, row.player.0),
                points: row.points.to_string(),
                wins: row.wins,
                losses: row.losses,
                draws: row.draws,
                match_win: row.match_win.as_ref().map(ValueView::from_value),
                tiebreakers: row.tiebreakers.iter().map(ValueView::from_value).collect(),
                decided_by_random: row.decided_by_random,
                dropped: row.dropped,
                disqualified: event.player(row.player).is_ok_and(|p| p.disqualified),
                eliminated: eliminated.contains(&row.player),
            })
            .collect();
        StandingsView {
            completed_rounds: standings.completed_rounds,
            chain: standings.chain.iter().map(|t| t.id().to_string()).collect(),
            random_seed: standings.random_seed.to_string(),
            rows,
        }
    }
}
