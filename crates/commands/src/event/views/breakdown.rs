//! The per-player tiebreak breakdown: each opponent, their record, their match-win
//! percentage as the ruleset uses it (with its floor), and the resulting average — so any
//! player can see why they placed where they did (digest §1.13).

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::Outcome;
use tablekeeper_engine::standings::{self, records::Records};
use ts_rs::TS;

use crate::error::CommandError;
use crate::views::{StandingsView, ValueView};

/// One round of one player's event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpponentLine {
    pub round: u32,
    /// `null` for a bye or a missed round.
    pub opponent: Option<u32>,
    pub opponent_name: Option<String>,
    /// `win`, `loss` or `draw` from this player's side.
    pub outcome: Outcome,
    /// The opponent's W-L-D now.
    pub opponent_record: Option<String>,
    /// The opponent's match-win percentage as averages use it (floor applied).
    pub opponent_match_win: Option<String>,
    /// Whether the ruleset counts this round in the player's opponent average.
    pub counted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerBreakdown {
    pub rank: u32,
    pub player: u32,
    pub name: String,
    pub points: String,
    pub record: String,
    pub match_win: Option<ValueView>,
    pub rounds: Vec<OpponentLine>,
    /// Every tiebreaker of the ruleset's chain, as the standings show it.
    pub tiebreakers: Vec<ValueView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BreakdownView {
    pub completed_rounds: u32,
    pub chain: Vec<String>,
    pub players: Vec<PlayerBreakdown>,
}

impl BreakdownView {
    /// The breakdown of every player of `event`, in standings order.
    pub fn of(event: &tablekeeper_engine::Event) -> Result<BreakdownView, CommandError> {
        let computed = standings::compute(event)?;
        let view = StandingsView::from_standings(event, &computed);
        let records = Records::collect(event);
        let row_of = |id: u32| view.rows.iter().find(|r| r.player == id);
        let excluded = &event.ruleset.opponents.exclude;
        let players = view
            .rows
            .iter()
            .map(|row| {
                let own = records.of(tablekeeper_engine::model::PlayerId(row.player));
                let rounds = own
                    .iter()
                    .map(|r| {
                        let opponent = r.opponent.and_then(|o| row_of(o.0));
                        OpponentLine {
                            round: r.round,
                            opponent: r.opponent.map(|o| o.0),
                            opponent_name: opponent.map(|o| o.name.clone()),
                            outcome: r.seat.outcome,
                            opponent_record: opponent
                                .map(|o| format!("{}-{}-{}", o.wins, o.losses, o.draws)),
                            opponent_match_win: opponent
                                .and_then(|o| o.match_win.as_ref())
                                .map(|v| v.display.clone()),
                            counted: r.opponent.is_some() && !excluded.contains(&r.seat.category),
                        }
                    })
                    .collect();
                PlayerBreakdown {
                    rank: row.rank,
                    player: row.player,
                    name: row.name.clone(),
                    points: row.points.clone(),
                    record: format!("{}-{}-{}", row.wins, row.losses, row.draws),
                    match_win: row.match_win.clone(),
                    rounds,
                    tiebreakers: row.tiebreakers.clone(),
                }
            })
            .collect();
        Ok(BreakdownView {
            completed_rounds: view.completed_rounds,
            chain: view.chain,
            players,
        })
    }
}
