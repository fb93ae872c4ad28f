//! What needs the scorekeeper now, as the attention bar on every screen shows it: the
//! round's clock and results, open judge calls, drop requests, disputed reports and entries
//! waiting at the door. Counts only, each handled on its own screen.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{DropRequestState, EntryState};
use ts_rs::TS;

use super::RoundProgress;
use crate::room::RoomClock;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AttentionView {
    /// The current round's results (`null` before the first round is paired).
    pub round: Option<RoundProgress>,
    /// The round clock as phones see it (`null`: not set).
    pub clock: Option<RoomClock>,
    /// Judge calls not yet dealt with.
    pub judge_calls: u32,
    /// The number of the newest open judge call: a new one sounds the chime once.
    pub newest_call: Option<u32>,
    /// "I drop after this round" requests waiting for the desk.
    pub drop_requests: u32,
    /// Tables whose two players reported different results.
    pub disputed_reports: u32,
    /// Entries waiting for the organizer's approval, or on the waiting list.
    pub entries_waiting: u32,
}

impl AttentionView {
    /// What needs the scorekeeper in `event`, with the room's `clock` and the number of
    /// `disputed` reports (the room keeps those, not the event).
    pub fn of(event: &Event, clock: Option<RoomClock>, disputed: usize) -> AttentionView {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let door = &event.door;
        let open_calls = || door.calls.iter().filter(|c| c.is_open());
        AttentionView {
            round: event.current_round().map(RoundProgress::of),
            clock,
            judge_calls: count(open_calls().count()),
            newest_call: open_calls().map(|c| c.number).max(),
            drop_requests: count(
                door.drop_requests
                    .iter()
                    .filter(|r| r.state == DropRequestState::Asked)
                    .count(),
            ),
            disputed_reports: count(disputed),
            entries_waiting: count(
                door.entries
                    .iter()
                    .filter(|e| matches!(e.state, EntryState::Pending | EntryState::Waiting))
                    .count(),
            ),
        }
    }
}
