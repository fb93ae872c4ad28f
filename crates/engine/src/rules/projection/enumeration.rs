//! Every outcome of the last round tried outright, where there are few: each one's
//! standings computed exactly as the event's own (`standings::order` over the records the
//! outcome gives), and each player's place in it tallied. What holds in every outcome is
//! proven, so the answer is exact where the bounds of [`super`] leave a tie open.

use super::table::{Own, Table};
use crate::error::EngineError;
use crate::model::PlayerId;
use crate::standings::records::{Records, RoundRecord};
use crate::standings::{Standings, StandingsRow};
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
    /// In some outcome their tie group (on points and the whole chain) straddles the line,
    /// so the draw at the line decides their place: "depends on the tiebreakers".
    pub drawn: bool,
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
            drawn: false,
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
        for (row, place) in places(&standings, cut) {
            let Some(tally) = tallies.get_mut(index(row.player)) else {
                continue;
            };
            let is_in = place == Place::In;
            tally.always_in &= is_in;
            tally.always_out &= place == Place::Out;
            tally.drawn |= place == Place::Drawn;
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

/// Where a player who has not dropped stands against the cut in final standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// Their whole tie group fits in the top N.
    In,
    /// N players are above them.
    Out,
    /// Their tie group straddles the line: a random draw.
    Drawn,
}

/// Each player who has not dropped with their place against a cut of `cut`: the cut's own
/// rule, the first N who have not dropped, a tie across the line drawn at random.
pub(super) fn places(standings: &Standings, cut: usize) -> Vec<(&StandingsRow, Place)> {
    let eligible: Vec<&StandingsRow> = standings.rows.iter().filter(|r| !r.dropped).collect();
    let mut group_sizes: std::collections::BTreeMap<u32, usize> = Default::default();
    for row in &eligible {
        *group_sizes.entry(row.tied_rank).or_default() += 1;
    }
    let mut ahead_of: std::collections::BTreeMap<u32, usize> = Default::default();
    let mut ahead = 0usize;
    for (rank, size) in &group_sizes {
        ahead_of.insert(*rank, ahead);
        ahead += size;
    }
    eligible
        .into_iter()
        .map(|row| {
            let ahead = ahead_of.get(&row.tied_rank).copied().unwrap_or(0);
            let with_tie = ahead + group_sizes.get(&row.tied_rank).copied().unwrap_or(0);
            let place = if with_tie <= cut {
                Place::In
            } else if ahead >= cut {
                Place::Out
            } else {
                Place::Drawn
            };
            (row, place)
        })
        .collect()
}

fn index(player: PlayerId) -> usize {
    (player.0 as usize).saturating_sub(1)
}
