//! Each player's record of completed rounds, the input of every tiebreaker.

use std::collections::HashMap;

use crate::event::Event;
use crate::model::{Outcome, PlayerId, PlayerStatus, SeatResult, Seats};

/// One completed round from one player's side.
#[derive(Debug, Clone, Copy)]
pub struct RoundRecord {
    pub round: u32,
    pub opponent: Option<PlayerId>,
    pub seat: SeatResult,
}

/// Records of every player over the completed rounds.
pub struct Records {
    pub by_player: HashMap<PlayerId, Vec<RoundRecord>>,
    /// Completed rounds ("total rounds", RULESETS.md Arithmetic).
    pub total_rounds: u32,
    /// Last round with a record for dropped players.
    pub dropped_after: HashMap<PlayerId, u32>,
}

impl Records {
    pub fn collect(event: &Event) -> Records {
        let mut by_player: HashMap<PlayerId, Vec<RoundRecord>> =
            event.players.iter().map(|p| (p.id, Vec::new())).collect();
        let mut total_rounds = 0;
        for round in event.completed_rounds() {
            total_rounds += 1;
            for m in &round.matches {
                let Some(result) = &m.result else { continue };
                match m.seats {
                    Seats::Pair { a, b } => {
                        if let (Some(sa), Some(sb)) = (result.seats.first(), result.seats.get(1)) {
                            push(&mut by_player, a, round.number, Some(b), *sa);
                            push(&mut by_player, b, round.number, Some(a), *sb);
                        }
                    }
                    Seats::Single { player } => {
                        if let Some(seat) = result.seats.first() {
                            push(&mut by_player, player, round.number, None, *seat);
                        }
                    }
                }
            }
        }
        let dropped_after = event
            .players
            .iter()
            .filter_map(|p| match p.status {
                PlayerStatus::Dropped { after_round } => Some((p.id, after_round)),
                PlayerStatus::Active => None,
            })
            .collect();
        Records {
            by_player,
            total_rounds,
            dropped_after,
        }
    }

    pub fn of(&self, player: PlayerId) -> &[RoundRecord] {
        self.by_player
            .get(&player)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Bushiroad double-elimination effective rounds (000 §3.2.2.2, 001 第2節 第2項):
    /// the smallest of the round of the second loss, the drop round plus the losses
    /// still needed to reach two, and the total rounds.
    pub fn effective_rounds(&self, player: PlayerId) -> u32 {
        let records = self.of(player);
        let mut losses = 0;
        let mut candidates = vec![self.total_rounds];
        for (index, record) in records.iter().enumerate() {
            if record.seat.outcome != Outcome::Win {
                // Draws count as losses in double elimination (000 §3.2.2).
                losses += 1;
                if losses == 2 {
                    candidates.push(u32::try_from(index + 1).unwrap_or(u32::MAX));
                    break;
                }
            }
        }
        if let Some(after) = self.dropped_after.get(&player)
            && losses < 2
        {
            candidates.push(after + (2 - losses));
        }
        candidates.into_iter().min().unwrap_or(0)
    }
}

fn push(
    map: &mut HashMap<PlayerId, Vec<RoundRecord>>,
    player: PlayerId,
    round: u32,
    opponent: Option<PlayerId>,
    seat: SeatResult,
) {
    map.entry(player).or_default().push(RoundRecord {
        round,
        opponent,
        seat,
    });
}
