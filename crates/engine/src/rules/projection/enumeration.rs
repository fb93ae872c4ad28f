//! Every outcome of the last round tried outright, where there are few: each one's
//! standings computed exactly as the event's own (`standings::order` over the records the
//! outcome gives), and each player's place in it tallied. What holds in every outcome is
//! proven, so the answer is exact where the bounds of [`super`] leave a tie open.

use super::table::{Own, Table};
use crate::error::EngineError;
use crate::model::PlayerId;
use crate::standings::records::{Records, RoundRecord};
use crate::state::Event;

/// Outcomes of the last round tried at most (a few dozen milliseconds for a small event).
pub const SCENARIO_LIMIT: usize = 4096;

/// What held for one player over every outcome tried.
#[derive(Debug, Clone, Copy)]
pub struct Tally {
    /// In the top N in every outcome; out of it in every outcome.
    pub always_in: bool,
    pub always_out: bool,
    /// In the top N in every outcome where they won (drew); `None` when they cannot.
    pub in_when_won: Option<bool>,
    pub in_when_drew: Option<bool>,
}

/// Each player's tally by player index (id − 1), or `None` when the last round has more
/// outcomes than [`SCENARIO_LIMIT`].
pub fn tally(
    event: &Event,
    tables: &[Table],
    cut: usize,
) -> Result<Option<Vec<Tally>>, EngineError> {
    let Some(last) = event.rounds.last() else {
        return Ok(None);
    };
    let mut scenarios = 1usize;
    for table in tables {
        scenarios = scenarios.saturating_mul(table.outcomes.len().max(1));
        if scenarios > SCENARIO_LIMIT {
            return Ok(None);
        }
    }
    let base = Records::collect_through_last(event);
    let mut tallies = vec![
        Tally {
            always_in: true,
            always_out: true,
            in_when_won: None,
            in_when_drew: None,
        };
        event.players.len()
    ];
    let mut seats: Vec<(PlayerId, RoundRecord)> = Vec::with_capacity(tables.len() * 2);
    let mut own: Vec<Own> = vec![Own::Other; event.players.len()];
    for scenario in 0..scenarios {
        seats.clear();
        own.iter_mut().for_each(|o| *o = Own::Other);
        let mut rest = scenario;
        for table in tables {
            let count = table.outcomes.len().max(1);
            let Some(outcome) = table.outcomes.get(rest % count) else {
                continue;
            };
            rest /= count;
            for (seat, (player, opponent)) in [(table.a, table.b), (table.b, table.a)]
                .into_iter()
                .enumerate()
            {
                seats.push((
                    player,
                    RoundRecord {
                        round: last.number,
                        opponent: Some(opponent),
                        seat: outcome.seats[seat],
                    },
                ));
                if let Some(slot) = own.get_mut(index(player)) {
                    *slot = outcome.own[seat];
                }
            }
        }
        let standings = crate::standings::order(event, &base.with_seats(&seats))?;
        let eligible: Vec<_> = standings.rows.iter().filter(|r| !r.dropped).collect();
        for row in &eligible {
            // The cut's own rule: the first N who have not dropped; a tie across the line
            // is a random draw (in for sure only when the whole tie group fits).
            let ahead = eligible
                .iter()
                .filter(|o| o.tied_rank < row.tied_rank)
                .count();
            let with_tie = eligible
                .iter()
                .filter(|o| o.tied_rank <= row.tied_rank)
                .count();
            let Some(tally) = tallies.get_mut(index(row.player)) else {
                continue;
            };
            let is_in = with_tie <= cut;
            tally.always_in &= is_in;
            tally.always_out &= ahead >= cut;
            match own.get(index(row.player)) {
                Some(Own::Win) => {
                    tally.in_when_won = Some(tally.in_when_won.unwrap_or(true) && is_in)
                }
                Some(Own::Draw) => {
                    tally.in_when_drew = Some(tally.in_when_drew.unwrap_or(true) && is_in)
                }
                _ => {}
            }
        }
    }
    Ok(Some(tallies))
}

fn index(player: PlayerId) -> usize {
    (player.0 as usize).saturating_sub(1)
}
