//! Each player's record of completed rounds, the input of every tiebreaker.

use crate::model::{Outcome, PlayerId, PlayerStatus, SeatResult, Seats};
use crate::state::Event;

/// One completed round from one player's side.
#[derive(Debug, Clone, Copy)]
pub struct RoundRecord {
    pub round: u32,
    pub opponent: Option<PlayerId>,
    pub seat: SeatResult,
}

/// Records of every player over the completed rounds, indexed by player id − 1 (ids are
/// dense: players are numbered 1, 2, … in registration order).
pub struct Records {
    by_player: Vec<Vec<RoundRecord>>,
    /// Completed rounds ("total rounds", RULESETS.md Arithmetic).
    pub total_rounds: u32,
    /// Last round with a record, for dropped players.
    dropped_after: Vec<Option<u32>>,
}

/// Index of a player id in the dense per-player vectors.
pub fn index_of(player: PlayerId) -> usize {
    (player.0 as usize).saturating_sub(1)
}

impl Records {
    pub fn collect(event: &Event) -> Records {
        Self::collect_rounds(event, event.completed_rounds())
    }

    /// Records of every result entered so far, the round in progress included, with
    /// `total_rounds` counting that round as it will be once complete: what the cut-line
    /// projection builds the last round's outcomes on (`standings::bounds`).
    pub fn collect_through_last(event: &Event) -> Records {
        Self::collect_rounds(event, event.rounds.iter())
    }

    fn collect_rounds<'e>(
        event: &'e Event,
        rounds: impl Iterator<Item = &'e crate::model::Round>,
    ) -> Records {
        let count = event.players.len();
        // A player has at most one record per round: sized once, never grown.
        let most = event.rounds.len();
        let mut by_player: Vec<Vec<RoundRecord>> =
            (0..count).map(|_| Vec::with_capacity(most)).collect();
        let mut total_rounds = 0;
        for round in rounds {
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
        let mut dropped_after = vec![None; count];
        for player in &event.players {
            if let (PlayerStatus::Dropped { after_round }, Some(slot)) =
                (player.status, dropped_after.get_mut(index_of(player.id)))
            {
                *slot = Some(after_round);
            }
        }
        Records {
            by_player,
            total_rounds,
            dropped_after,
        }
    }

    /// These records with one more round record for each of `seats` (the last round's
    /// outcome at its tables, for the cut-line projection's enumeration).
    pub fn with_seats(&self, seats: &[(PlayerId, RoundRecord)]) -> Records {
        let mut by_player = self.by_player.clone();
        for (player, record) in seats {
            if let Some(list) = by_player.get_mut(index_of(*player)) {
                list.push(*record);
            }
        }
        Records {
            by_player,
            total_rounds: self.total_rounds,
            dropped_after: self.dropped_after.clone(),
        }
    }

    pub fn of(&self, player: PlayerId) -> &[RoundRecord] {
        self.by_player
            .get(index_of(player))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The last round a dropped player has a record in; `None` while active.
    pub fn dropped_after(&self, player: PlayerId) -> Option<u32> {
        self.dropped_after.get(index_of(player)).copied().flatten()
    }

    /// Bushiroad double-elimination effective rounds of `player` ([`effective_rounds`]).
    pub fn effective_rounds(&self, player: PlayerId) -> u32 {
        effective_rounds(
            self.of(player),
            self.total_rounds,
            self.dropped_after(player),
        )
    }
}

/// Bushiroad double-elimination effective rounds (000 §3.2.2.2, 001 第2節 第2項): the
/// smallest of the round of the second loss, the drop round plus the losses still needed
/// to reach two, and the total rounds.
pub fn effective_rounds(
    records: &[RoundRecord],
    total_rounds: u32,
    dropped_after: Option<u32>,
) -> u32 {
    let mut losses = 0;
    let mut candidates = vec![total_rounds];
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
    if let Some(after) = dropped_after
        && losses < 2
    {
        candidates.push(after + (2 - losses));
    }
    candidates.into_iter().min().unwrap_or(0)
}

fn push(
    map: &mut [Vec<RoundRecord>],
    player: PlayerId,
    round: u32,
    opponent: Option<PlayerId>,
    seat: SeatResult,
) {
    if let Some(list) = map.get_mut(index_of(player)) {
        list.push(RoundRecord {
            round,
            opponent,
            seat,
        });
    }
}
