//! The door's rules: how many seats are taken, where a new entry stands, the
//! lottery's draw. Read-only; the door's transitions apply what these decide.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::error::EngineError;
use crate::model::{DropRequestState, DropTiming, EntryMode, EntryState};
use crate::state::Event;
use crate::transitions::Action;

/// The most entries one event keeps (a flood from the network stops here).
pub const MAX_ENTRIES: usize = 4096;

/// The most judge calls one event keeps.
pub const MAX_CALLS: usize = 10_000;

/// Longest reason a player may give with a judge call, in characters.
pub const MAX_CALL_REASON_CHARS: usize = 200;

/// Seats taken: every active player, and every accepted entry not yet present.
pub fn seats_taken(event: &Event) -> u32 {
    let players = event.active_players().count();
    let waiting_for_check_in = event.door_index.accepted();
    u32::try_from(players + waiting_for_check_in).unwrap_or(u32::MAX)
}

/// Whether a seat is free under the door's cap.
pub fn seat_free(event: &Event) -> bool {
    event.door.settings.seats.is_none_or(|seats| {
        // Below the cap even counting every player as active, no player needs a look: each
        // entry of a door filling up to its cap is then seated without a scan.
        let at_most = event.players.len() + event.door_index.accepted();
        at_most < seats as usize || seats_taken(event) < seats
    })
}

/// Where a new entry stands on arrival, or `None` when the waiting list is full.
pub fn arrival_state(event: &Event) -> Option<EntryState> {
    let door = &event.door;
    match door.settings.mode {
        EntryMode::Approve => Some(EntryState::Pending),
        EntryMode::Lottery if door.lottery.is_none() => Some(EntryState::Entered),
        EntryMode::Open | EntryMode::Lottery => {
            if seat_free(event) {
                Some(EntryState::Accepted)
            } else if door
                .settings
                .waiting_limit
                .is_some_and(|limit| event.door_index.waiting_len() >= limit as usize)
            {
                None
            } else {
                Some(EntryState::Waiting)
            }
        }
    }
}

/// Whether anyone is on the waiting list (from the door's index, without a scan).
pub fn anyone_waiting(event: &Event) -> bool {
    event.door_index.waiting_len() > 0
}

/// What the door does when a step freed a seat (a drop, a disqualification, a removal): the
/// first in line takes each seat free, as it does after a withdrawal, a refusal or a raised
/// cap — one rule for every way a seat frees, so a newcomer never takes a seat ahead of the
/// waiting list. Returned as the steps to record (`DecideEntry` accepting the first waiting
/// entry), each tried on a copy: after round 1 the event may take no late entry (decision
/// 11), and the error then says why the list waits.
pub fn seat_the_waiting_list(event: &Event) -> (Vec<Action>, Option<EngineError>) {
    let mut next = event.clone();
    let mut steps = Vec::new();
    while seat_free(&next) {
        let Some(entry) = next.door_index.first_waiting() else {
            break;
        };
        let step = Action::DecideEntry {
            entry,
            accept: true,
        };
        if let Err(error) = next.apply(&step) {
            return (steps, Some(error));
        }
        steps.push(step);
    }
    (steps, None)
}

/// The lottery's draw: the entry numbers in drawn order. A ChaCha8 generator seeded with
/// `seed` shuffles the numbers in ascending order (Fisher–Yates, as `rand`'s
/// `SliceRandom::shuffle`), so the same entries and seed always give the same draw.
pub fn lottery_order(mut entries: Vec<u32>, seed: u64) -> Vec<u32> {
    entries.sort_unstable();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    entries.shuffle(&mut rng);
    entries
}

/// The drops players asked for that the next pairing takes (confirmed, or automatic): a
/// drop after the round's results, as one told to the scorekeeper before the next pairing
/// (000 §4.5).
pub fn drops_due(event: &Event) -> Vec<Action> {
    let mut players: Vec<_> = event
        .door
        .drop_requests
        .iter()
        .filter(|r| r.state == DropRequestState::Confirmed)
        .map(|r| r.player)
        .filter(|p| event.player(*p).is_ok_and(|found| found.is_active()))
        .collect();
    players.sort_unstable();
    players.dedup();
    players
        .into_iter()
        .map(|player| Action::DropPlayer {
            player,
            timing: Some(DropTiming::AfterResults),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_entries_and_seed_give_the_same_draw_whatever_their_order() {
        let drawn = lottery_order(vec![3, 1, 2, 5, 4], 42);
        assert_eq!(drawn, lottery_order(vec![5, 4, 3, 2, 1], 42));
        let mut sorted = drawn.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 2, 3, 4, 5]);
        let other: Vec<Vec<u32>> = (0..20)
            .map(|s| lottery_order(vec![1, 2, 3, 4, 5], s))
            .collect();
        assert!(other.iter().any(|d| *d != drawn), "the seed matters");
    }
}
