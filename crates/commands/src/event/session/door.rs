//! The door's changes to the open event, each by name: an entry, a decision, a check-in, a
//! withdrawal, the lottery, a drop request and its answer, a judge call and its handling.
//! Each is one action committed as one step; the rules are the engine's
//! (`transitions/door.rs`). The log's reason column stays empty for them: who acted is in
//! the action itself (`by_player`), and a judge call's reason is the action's own field.

use tablekeeper_engine::model::{DoorSettings, PlayerDetails, PlayerId};
use tablekeeper_engine::rules::door::{anyone_waiting, seat_the_waiting_list, seats_taken};
use tablekeeper_engine::{Action, Event};

use super::open::Session;
use crate::error::CommandError;
use crate::notice::Notice;

impl Session {
    /// The door's settings (open, deadline, cap, lottery, check-in), from the desk.
    pub fn set_door(&mut self, settings: DoorSettings) -> Result<(), CommandError> {
        self.commit(vec![Action::SetDoor(settings)], None)
    }

    /// A new entry (checked details), from a phone or typed at the desk.
    pub fn enter(&mut self, details: PlayerDetails) -> Result<(), CommandError> {
        self.commit(
            vec![Action::Enter {
                details,
                at: now_seconds(),
            }],
            None,
        )
    }

    /// The organizer accepts or declines an entry.
    pub fn decide_entry(&mut self, entry: u32, accept: bool) -> Result<(), CommandError> {
        self.commit(vec![Action::DecideEntry { entry, accept }], None)
    }

    /// An entry withdrawn before round 1: by the player from their phone, or at the desk.
    pub fn withdraw_entry(&mut self, entry: u32, by_player: bool) -> Result<(), CommandError> {
        self.commit(vec![Action::WithdrawEntry { entry, by_player }], None)
    }

    /// An entrant checked in on the day: by themselves from their phone, or at the desk.
    pub fn check_in(&mut self, entry: u32, by_player: bool) -> Result<(), CommandError> {
        self.commit(vec![Action::CheckIn { entry, by_player }], None)
    }

    /// The lottery for a full event, drawn with `seed` (recorded, so it replays).
    pub fn draw_lottery(&mut self, seed: u64) -> Result<(), CommandError> {
        self.commit(vec![Action::DrawLottery { seed }], None)
    }

    /// "I drop after this round", from the player's phone.
    pub fn request_drop(&mut self, player: PlayerId) -> Result<(), CommandError> {
        self.commit(
            vec![Action::RequestDrop {
                player,
                at: now_seconds(),
            }],
            None,
        )
    }

    /// The desk confirms (the player drops) or declines a drop request.
    pub fn decide_drop_request(
        &mut self,
        player: PlayerId,
        accept: bool,
    ) -> Result<(), CommandError> {
        self.commit(vec![Action::DecideDropRequest { player, accept }], None)
    }

    /// A judge called to `player`'s table (from their phone or the desk), with the checked
    /// reason they gave.
    pub fn call_judge(
        &mut self,
        player: PlayerId,
        reason: Option<String>,
    ) -> Result<(), CommandError> {
        self.commit(
            vec![Action::CallJudge {
                player,
                reason,
                at: now_seconds(),
            }],
            None,
        )
    }

    /// A judge on the way to a call.
    pub fn claim_call(&mut self, call: u32) -> Result<(), CommandError> {
        self.commit(
            vec![Action::ClaimCall {
                call,
                at: now_seconds(),
            }],
            None,
        )
    }

    /// A call handled.
    pub fn resolve_call(&mut self, call: u32) -> Result<(), CommandError> {
        self.commit(
            vec![Action::ResolveCall {
                call,
                at: now_seconds(),
            }],
            None,
        )
    }

    /// The steps that give the seats a change freed (`next` is the event after it) to the
    /// first in line, applied to `next` and returned to be recorded with the change, so the
    /// log says who took the seat and replays it as it happened. When the event takes no
    /// late entry now (decision 11), nobody is seated and the notice to give once the change
    /// is stored says why the list waits.
    pub(super) fn seats_freed(&self, next: &mut Event) -> (Vec<Action>, Option<Notice>) {
        if !anyone_waiting(next) || seats_taken(next) >= seats_taken(&self.event) {
            return (Vec::new(), None);
        }
        let (steps, refused) = seat_the_waiting_list(next);
        // Each step was tried on a copy of this very event; applied to another copy, and
        // kept only whole.
        let mut seated = next.clone();
        if steps.iter().any(|step| seated.apply(step).is_err()) {
            return (Vec::new(), None);
        }
        *next = seated;
        let notice = refused.map(|error| crate::notice::waiting_list_waits(&error.message()));
        (steps, notice)
    }
}

/// The time of a door step, in seconds since 1970 (UTC).
pub(crate) fn now_seconds() -> i64 {
    chrono::Utc::now().timestamp()
}
