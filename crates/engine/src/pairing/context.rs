//! What the pairer needs to know about each player before a round: score, standing, byes,
//! who they have met, and whether they were paired down last round.

use std::collections::HashSet;

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
        let pairs = event
            .rounds
            .iter()
            .flat_map(|r| &r.matches)
            .filter_map(|m| match m.seats {
                Seats::Pair { a, b } => Some((a.0, b.0)),
                Seats::Single { .. } => None,
            });
        let met = Met::new(event.players.len() + 1, pairs);
        // The Crossover bye tie-break is the SoS players see in the standings (TB1,
        // decision 26); only that ruleset's bye rule needs it.
        let bye_uses_sos =
            event.ruleset.pairing.bye == crate::ruleset::ByeRule::LowestPointsThenSos;
        let sos = if bye_uses_sos {
            standings::values_of(event, crate::ruleset::Tiebreaker::SosDropLowest)?
        } else {
            std::collections::HashMap::new()
        };
        let floated = floated_down_last_round(event, &records);
        let mut byes = vec![0usize; event.players.len() + 1];
        for m in event.rounds.iter().flat_map(|r| &r.matches) {
            if let (Seats::Single { player }, Some(crate::model::ResultEntry::Bye)) =
                (m.seats, m.result.as_ref().map(|r| &r.entry))
                && let Some(count) = byes.get_mut(player.0 as usize)
            {
                *count += 1;
            }
        }
        // Active players the structure has not eliminated (elimination formats).
        let pairable: HashSet<PlayerId> = event.pairable_players()?.into_iter().collect();
        let entrants = standings
            .rows
            .iter()
            .filter(|row| pairable.contains(&row.player))
            .enumerate()
            .map(|(standing, row)| Entrant {
                id: row.player,
                score: integer(row.points),
                standing,
                byes: byes.get(row.player.0 as usize).copied().unwrap_or(0),
                sos: sos.get(&row.player).copied().map_or(0, integer),
                floated_down_last_round: floated.contains(&row.player),
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

/// Players who, in the last round, met an opponent with fewer points before that round.
fn floated_down_last_round(
    event: &Event,
    records: &standings::records::Records,
) -> HashSet<PlayerId> {
    let Some(last) = event.rounds.last() else {
        return HashSet::new();
    };
    let points_before = |p: PlayerId| {
        records
            .of(p)
            .iter()
            .filter(|r| r.round < last.number)
            .fold(Exact::ZERO, |acc, r| {
                acc.checked_add(r.seat.points).unwrap_or(acc)
            })
    };
    let mut floated = HashSet::new();
    for m in &last.matches {
        if let Seats::Pair { a, b } = m.seats {
            let (pa, pb) = (points_before(a), points_before(b));
            if pa > pb {
                floated.insert(a);
            } else if pb > pa {
                floated.insert(b);
            }
        }
    }
    floated
}
