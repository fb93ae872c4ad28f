//! What the pairer needs to know about each player before a round: score, standing, byes,
//! who they have met, and whether they were paired down last round.

use super::pairs::Met;
use crate::error::EngineError;
use crate::exact::Exact;
use crate::model::{PlayerId, Seats};
use crate::standings;
use crate::state::Event;

/// One active player as the pairer sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub id: PlayerId,
    /// Points as an integer (every ruleset awards whole points).
    pub score: i64,
    /// Position in the current standings (0 = first).
    pub standing: usize,
    pub byes: usize,
    /// Strength of schedule as the standings' TB1 (opponents' points, lowest dropped;
    /// 004 VIII), the Crossover bye tie-break (decision 26).
    pub sos: i64,
    /// Paired against a lower-scored opponent in the previous round.
    pub floated_down_last_round: bool,
    /// A table this player keeps every round (accessibility).
    pub fixed_table: Option<u32>,
}

/// The pairing problem for the next round.
pub struct Context {
    pub round: u32,
    /// Pairable players (active, not eliminated) in standings order.
    pub entrants: Vec<Entrant>,
    /// Pairs of player ids that have met.
    met: Met,
    /// The ruleset's bye rule breaks ties by SoS (Crossover, decision 26).
    pub bye_uses_sos: bool,
}

fn integer(value: Exact) -> i64 {
    // Points are whole numbers in every ruleset; a fraction would only come from a custom
    // ruleset and is rounded down for pairing purposes (standings stay exact).
    i64::try_from(value.numerator().div_euclid(value.denominator())).unwrap_or(i64::MAX)
}

impl Context {
    pub fn new(event: &Event) -> Result<Context, EngineError> {
        let records = standings::records::Records::collect(event);
        let standings = standings::order(event, &records)?;
        // Who met whom and who had a bye, in one pass over every match (a pass over the
        // event's matches is what costs at championship scale, not the counting).
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut byes = vec![0usize; event.players.len() + 1];
        for m in event.rounds.iter().flat_map(|r| &r.matches) {
            match m.seats {
                Seats::Pair { a, b } => pairs.push((a.0, b.0)),
                Seats::Single { player } => {
                    if let Some(crate::model::ResultEntry::Bye) =
                        m.result.as_ref().map(|r| &r.entry)
                        && let Some(count) = byes.get_mut(player.0 as usize)
                    {
                        *count += 1;
                    }
                }
            }
        }
        let met = Met::new(event.players.len() + 1, &pairs);
        // The Crossover bye tie-break is the SoS players see in the standings (TB1,
        // decision 26); only that ruleset's bye rule needs it.
        let bye_uses_sos =
            event.ruleset.pairing.bye == crate::ruleset::ByeRule::LowestPointsThenSos;
        let sos = if bye_uses_sos {
            standings::values_of(event, crate::ruleset::Tiebreaker::SosDropLowest)?
        } else {
            std::collections::HashMap::new()
        };
        let floated = floated_down_last_round(event, &records, &standings);
        // Active players the structure has not eliminated (elimination formats).
        let mut pairable = vec![false; event.players.len() + 1];
        for player in event.pairable_players()? {
            if let Some(slot) = pairable.get_mut(player.0 as usize) {
                *slot = true;
            }
        }
        let entrants = standings
            .rows
            .iter()
            .filter(|row| pairable.get(row.player.0 as usize) == Some(&true))
            .enumerate()
            .map(|(standing, row)| Entrant {
                id: row.player,
                score: integer(row.points),
                standing,
                byes: byes.get(row.player.0 as usize).copied().unwrap_or(0),
                sos: sos.get(&row.player).copied().map_or(0, integer),
                floated_down_last_round: floated.get(row.player.0 as usize) == Some(&true),
                fixed_table: event.player(row.player).ok().and_then(|p| p.fixed_table),
            })
            .collect();
        Ok(Context {
            round: u32::try_from(event.rounds.len() + 1).map_err(|_| EngineError::TooManyRounds)?,
            entrants,
            met,
            bye_uses_sos,
        })
    }

    pub fn have_met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.met.contains(a.0, b.0)
    }
}

/// Players who, in the last round, met an opponent with fewer points before that round,
/// marked by player id.
fn floated_down_last_round(
    event: &Event,
    records: &standings::records::Records,
    standings: &standings::Standings,
) -> Vec<bool> {
    let mut floated = vec![false; event.players.len() + 1];
    let Some(last) = event.rounds.last() else {
        return floated;
    };
    let mut total = vec![Exact::ZERO; event.players.len() + 1];
    for row in &standings.rows {
        if let Some(slot) = total.get_mut(row.player.0 as usize) {
            *slot = row.points;
        }
    }
    // The standings' points less the last round's own record: one record read per
    // player, not all of them (reading every record again cost more than the rest of the
    // context at 16384 players).
    let points_before = |p: PlayerId| {
        let total = total.get(p.0 as usize).copied().unwrap_or(Exact::ZERO);
        match records.of(p).last() {
            Some(r) if r.round == last.number => total.checked_sub(r.seat.points).unwrap_or(total),
            _ => total,
        }
    };
    for m in &last.matches {
        if let Seats::Pair { a, b } = m.seats {
            let (pa, pb) = (points_before(a), points_before(b));
            let higher = match pa.cmp(&pb) {
                std::cmp::Ordering::Greater => a,
                std::cmp::Ordering::Less => b,
                std::cmp::Ordering::Equal => continue,
            };
            if let Some(slot) = floated.get_mut(higher.0 as usize) {
                *slot = true;
            }
        }
    }
    floated
}
