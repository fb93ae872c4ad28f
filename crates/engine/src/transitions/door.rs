//! The door's transitions: entries, the waiting list, the lottery, check-in,
//! drop requests and judge calls. Only a player (an accepted entry that is present, or a
//! player registered at the desk) is ever paired: an entry becomes one by
//! [`Event::register`], with the late-entry rules of decision 11.

use super::action::Action;
use super::names::{entry_name, name_of};
use crate::error::EngineError;
use crate::model::{
    DoorSettings, DropRequest, DropRequestState, DropRequests, DropTiming, Entry, EntryMode,
    EntryState, JudgeCall, PlayerDetails, PlayerId,
};
use crate::rules::door::{
    MAX_CALL_REASON_CHARS, MAX_CALLS, MAX_ENTRIES, arrival_state, lottery_order, seat_free,
};
use crate::state::Event;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

impl Event {
    pub(super) fn set_door(&mut self, settings: &DoorSettings) -> Result<(), EngineError> {
        if settings.mode == EntryMode::Lottery
            && (settings.seats.is_none() || settings.closes_at.is_none())
        {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.lottery-needs-seats",
                "a lottery needs the number of seats and a deadline for entries"
            )));
        }
        if settings.seats == Some(0) {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.no-seats",
                "an event with a cap needs at least one seat"
            )));
        }
        // Turning check-in off seats later acceptances at once; entries already accepted
        // still check in.
        self.door.settings = settings.clone();
        self.move_waiting_list_up()
    }

    pub(super) fn enter(&mut self, details: &PlayerDetails, at: i64) -> Result<(), EngineError> {
        let settings = &self.door.settings;
        if !settings.open {
            return Err(EngineError::DoorClosed(msg!(
                "error.door-closed.not-open",
                "this event does not take entries on the entry page; ask at the desk"
            )));
        }
        if settings.closes_at.is_some_and(|closes| at > closes) {
            return Err(EngineError::DoorClosed(msg!(
                "error.door-closed.deadline",
                "entries for this event have closed; ask at the desk"
            )));
        }
        if self.door.entries.len() >= MAX_ENTRIES {
            return Err(EngineError::DoorClosed(msg!(
                "error.door-closed.too-many",
                "this event takes no more entries; ask at the desk"
            )));
        }
        let (key, _) = self.check_details(details)?;
        // The same name and player ID as a live entry that is not a player yet: looked up in
        // the door's index, as a scan of every entry made filling the door quadratic.
        if self.door_index.has_name(&key) {
            return Err(EngineError::DuplicatePlayer(key.0));
        }
        let state = arrival_state(self).ok_or_else(|| {
            EngineError::DoorClosed(msg!(
                "error.door-closed.waiting-list-full",
                "every seat is taken and the waiting list is full"
            ))
        })?;
        let number = u32::try_from(self.door.entries.len() + 1)
            .map_err(|_| EngineError::UnknownEntry(u32::MAX))?;
        self.push_entry(Entry {
            number,
            details: details.clone(),
            at,
            state,
            place: number,
            player: None,
        });
        if state == EntryState::Accepted
            && !self.door.settings.check_in
            && let Err(error) = self.seat(number)
        {
            self.pop_entry();
            return Err(error);
        }
        Ok(())
    }

    pub(super) fn decide_entry(&mut self, number: u32, accept: bool) -> Result<(), EngineError> {
        let entry = self.entry(number)?;
        let (state, player) = (entry.state, entry.player);
        if player.is_some() {
            return Err(playing(number));
        }
        match (state, accept) {
            (EntryState::Pending | EntryState::Waiting, true) => {
                if seat_free(self) {
                    self.accept(number)?;
                } else if state == EntryState::Pending {
                    self.set_state(number, EntryState::Waiting);
                } else {
                    return Err(EngineError::InvalidStep(msg!(
                        "error.invalid-step.no-seat-free",
                        "every seat is taken; raise the cap or refuse an entry first"
                    )));
                }
            }
            (EntryState::Entered, true) => {
                return Err(EngineError::InvalidStep(msg!(
                    "error.invalid-step.draw-first",
                    "this entry is in the lottery; draw the lottery first"
                )));
            }
            (
                EntryState::Pending
                | EntryState::Entered
                | EntryState::Waiting
                | EntryState::Accepted,
                false,
            ) => {
                self.set_state(number, EntryState::Refused);
            }
            _ => return Err(not_now(number)),
        }
        self.move_waiting_list_up()
    }

    pub(super) fn withdraw_entry(&mut self, number: u32) -> Result<(), EngineError> {
        let entry = self.entry(number)?;
        if !entry.state.is_live() {
            return Err(not_now(number));
        }
        if let Some(player) = entry.player {
            if !self.rounds.is_empty() {
                return Err(playing(number));
            }
            // Before round 1 a withdrawal is a drop before the event (000 §4.5).
            self.drop_player(player, Some(DropTiming::AfterResults))?;
        }
        self.set_state(number, EntryState::Withdrawn);
        self.move_waiting_list_up()
    }

    pub(super) fn draw_lottery(&mut self, seed: u64) -> Result<(), EngineError> {
        if self.door.settings.mode != EntryMode::Lottery || self.door.lottery.is_some() {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.no-lottery",
                "there is no lottery to draw (the door takes entries another way, or it was drawn)"
            )));
        }
        let entered: Vec<u32> = self
            .door
            .entries
            .iter()
            .filter(|e| e.state == EntryState::Entered)
            .map(|e| e.number)
            .collect();
        let order = lottery_order(entered, seed);
        for (position, number) in order.iter().enumerate() {
            let place = u32::try_from(position + 1).unwrap_or(u32::MAX);
            self.change_entry(*number, |entry| entry.place = place);
            if !seat_free(self) || self.accept(*number).is_err() {
                self.set_state(*number, EntryState::Waiting);
            }
        }
        self.door.lottery = Some(crate::model::LotteryDraw { seed, order });
        Ok(())
    }

    pub(super) fn check_in(&mut self, number: u32) -> Result<(), EngineError> {
        let entry = self.entry(number)?;
        if entry.state != EntryState::Accepted {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.not-accepted",
                "entry {entry} has no seat yet; only accepted entries check in",
                entry = number
            )));
        }
        if entry.player.is_some() {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.already-present",
                "entry {entry} has already checked in",
                entry = number
            )));
        }
        self.seat(number)
    }

    pub(super) fn request_drop(&mut self, player: PlayerId, at: i64) -> Result<(), EngineError> {
        if !self.player(player)?.is_active() {
            return Err(EngineError::AlreadyDropped(player));
        }
        if self.door.open_drop_request(player).is_some() {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.drop-already-asked",
                "this player has already asked to drop"
            )));
        }
        let state = match self.door.settings.drop_requests {
            DropRequests::Automatic => DropRequestState::Confirmed,
            DropRequests::Confirmed => DropRequestState::Asked,
        };
        let round = u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        self.door.drop_requests.push(DropRequest {
            player,
            round,
            at,
            state,
        });
        Ok(())
    }

    pub(super) fn decide_drop_request(
        &mut self,
        player: PlayerId,
        accept: bool,
    ) -> Result<(), EngineError> {
        let request = self
            .door
            .drop_requests
            .iter_mut()
            .rev()
            .find(|r| r.player == player && r.state == DropRequestState::Asked)
            .ok_or_else(|| {
                EngineError::InvalidStep(msg!(
                    "error.invalid-step.no-drop-request",
                    "player {player} has no drop request waiting",
                    player = player
                ))
            })?;
        request.state = if accept {
            DropRequestState::Confirmed
        } else {
            DropRequestState::Declined
        };
        Ok(())
    }

    /// A drop was recorded: the player's request, if any, is done.
    pub(super) fn drop_request_done(&mut self, player: PlayerId) {
        for request in self.door.drop_requests.iter_mut().filter(|r| {
            r.player == player
                && matches!(
                    r.state,
                    DropRequestState::Asked | DropRequestState::Confirmed
                )
        }) {
            request.state = DropRequestState::Done;
        }
    }

    pub(super) fn call_judge(
        &mut self,
        player: PlayerId,
        reason: &Option<String>,
        at: i64,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        if self.door.open_call(player).is_some() {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.judge-already-called",
                "a judge is already called for this player"
            )));
        }
        if self.door.calls.len() >= MAX_CALLS {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.too-many-calls",
                "this event keeps no more judge calls; call a judge in person"
            )));
        }
        let reason = reason
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| r.chars().take(MAX_CALL_REASON_CHARS).collect::<String>());
        let (round, table) = match self.current_round() {
            Some(round) => (
                Some(round.number),
                round.match_of(player).and_then(|m| m.table),
            ),
            None => (None, None),
        };
        let number = u32::try_from(self.door.calls.len() + 1).unwrap_or(u32::MAX);
        self.door.calls.push(JudgeCall {
            number,
            player,
            round,
            table,
            reason,
            at,
            claimed_at: None,
            resolved_at: None,
        });
        Ok(())
    }

    pub(super) fn claim_call(&mut self, number: u32, at: i64) -> Result<(), EngineError> {
        let call = self.open_call_mut(number)?;
        if call.claimed_at.is_none() {
            call.claimed_at = Some(at);
        }
        Ok(())
    }

    pub(super) fn resolve_call(&mut self, number: u32, at: i64) -> Result<(), EngineError> {
        let call = self.open_call_mut(number)?;
        call.claimed_at.get_or_insert(at);
        call.resolved_at = Some(at);
        Ok(())
    }

    fn open_call_mut(&mut self, number: u32) -> Result<&mut JudgeCall, EngineError> {
        self.door
            .calls
            .iter_mut()
            .find(|c| c.number == number && c.is_open())
            .ok_or_else(|| {
                EngineError::InvalidStep(msg!(
                    "error.invalid-step.no-open-call",
                    "judge call {call} is not open",
                    call = number
                ))
            })
    }

    fn entry(&self, number: u32) -> Result<&Entry, EngineError> {
        self.door
            .entry(number)
            .ok_or(EngineError::UnknownEntry(number))
    }

    fn set_state(&mut self, number: u32, state: EntryState) {
        self.change_entry(number, |entry| entry.state = state);
    }

    /// Adds an entry, and counts it in the door's index.
    fn push_entry(&mut self, entry: Entry) {
        self.door_index.add(&entry);
        self.door.entries.push(entry);
    }

    /// Takes the last entry back (its player could not be registered).
    fn pop_entry(&mut self) {
        if let Some(entry) = self.door.entries.pop() {
            self.door_index.remove(&entry);
        }
    }

    /// Changes entry `number`, keeping the door's index in step: its old form is counted
    /// out and its new form in.
    fn change_entry(&mut self, number: u32, change: impl FnOnce(&mut Entry)) {
        let Some(entry) = entry_mut(&mut self.door.entries, number) else {
            return;
        };
        self.door_index.remove(entry);
        change(entry);
        self.door_index.add(entry);
    }

    /// Gives the entry its seat; without check-in it is a player at once.
    fn accept(&mut self, number: u32) -> Result<(), EngineError> {
        if !self.door.settings.check_in {
            self.seat(number)?;
        }
        self.set_state(number, EntryState::Accepted);
        Ok(())
    }

    /// The accepted entry is present: it becomes a player.
    fn seat(&mut self, number: u32) -> Result<(), EngineError> {
        let details = self.entry(number)?.details.clone();
        self.register(&details)?;
        let player = self.players.last().map(|p| p.id);
        self.change_entry(number, |entry| entry.player = player);
        Ok(())
    }

    /// Seats the first in line while seats are free (a withdrawal, a refusal, a raised cap).
    fn move_waiting_list_up(&mut self) -> Result<(), EngineError> {
        while seat_free(self) {
            let Some(next) = self.door_index.first_waiting() else {
                break;
            };
            if self.accept(next).is_err() {
                // The event takes no late entry now (decision 11): the list waits.
                break;
            }
        }
        Ok(())
    }
}

/// Entry `number`, to change: entries are numbered 1, 2, … in order of arrival, so the
/// number is the index (a scan for it made every step of a full door as long as the door).
fn entry_mut(entries: &mut [Entry], number: u32) -> Option<&mut Entry> {
    let index = usize::try_from(number).ok()?.checked_sub(1)?;
    entries.get_mut(index).filter(|e| e.number == number)
}

fn playing(entry: u32) -> EngineError {
    EngineError::InvalidStep(msg!(
        "error.invalid-step.entry-playing",
        "entry {entry} is already a player in the event; drop the player instead",
        entry = entry
    ))
}

fn not_now(entry: u32) -> EngineError {
    EngineError::InvalidStep(msg!(
        "error.invalid-step.entry-closed",
        "entry {entry} was already refused or withdrawn",
        entry = entry
    ))
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::SetDoor(settings) => event.set_door(settings),
        Action::Enter { details, at } => event.enter(details, *at),
        Action::DecideEntry { entry, accept } => event.decide_entry(*entry, *accept),
        Action::WithdrawEntry { entry, .. } => event.withdraw_entry(*entry),
        Action::DrawLottery { seed } => event.draw_lottery(*seed),
        Action::CheckIn { entry, .. } => event.check_in(*entry),
        Action::RequestDrop { player, at } => event.request_drop(*player, *at),
        Action::DecideDropRequest { player, accept } => event.decide_drop_request(*player, *accept),
        Action::CallJudge { player, reason, at } => event.call_judge(*player, reason, *at),
        Action::ClaimCall { call, at } => event.claim_call(*call, *at),
        Action::ResolveCall { call, at } => event.resolve_call(*call, *at),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(event: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::SetDoor(_) => msg!("history.door", "changed how the event takes entries"),
        Action::Enter { details, .. } => msg!(
            "history.door-entered",
            "{name} entered on the entry page",
            name = details.name.trim()
        ),
        Action::DecideEntry { entry, accept } => {
            let who = entry_name(event, *entry);
            if *accept {
                msg!(
                    "history.entry-accepted",
                    "accepted the entry of {name}",
                    name = who
                )
            } else {
                msg!(
                    "history.entry-refused",
                    "refused the entry of {name}",
                    name = who
                )
            }
        }
        Action::WithdrawEntry { entry, .. } => msg!(
            "history.entry-withdrawn",
            "{name} withdrew their entry",
            name = entry_name(event, *entry)
        ),
        Action::DrawLottery { seed } => msg!(
            "history.lottery",
            "drew the entry lottery (seed {seed})",
            seed = seed.to_string()
        ),
        Action::CheckIn { entry, .. } => msg!(
            "history.checked-in",
            "{name} checked in",
            name = entry_name(event, *entry)
        ),
        Action::RequestDrop { player, .. } => msg!(
            "history.drop-requested",
            "{name} asked to drop after this round",
            name = name_of(event, *player)
        ),
        Action::DecideDropRequest { player, accept } => {
            if *accept {
                msg!(
                    "history.drop-request-confirmed",
                    "confirmed the drop request of {name}",
                    name = name_of(event, *player)
                )
            } else {
                msg!(
                    "history.drop-request-declined",
                    "declined the drop request of {name}",
                    name = name_of(event, *player)
                )
            }
        }
        Action::CallJudge { player, .. } => msg!(
            "history.judge-called",
            "{name} called a judge",
            name = name_of(event, *player)
        ),
        Action::ClaimCall { call, .. } => msg!(
            "history.call-claimed",
            "a judge took call {call}",
            call = *call
        ),
        Action::ResolveCall { call, .. } => msg!(
            "history.call-resolved",
            "judge call {call} was dealt with",
            call = *call
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::door::seats_taken;
    use crate::ruleset::catalogue;
    use crate::state::{DoorIndex, EventSettings};
    use crate::transitions::Action;

    fn entrant(n: usize) -> PlayerDetails {
        PlayerDetails {
            name: format!("Entrant {n}"),
            ..PlayerDetails::default()
        }
    }

    fn enter(event: &mut Event, n: usize) -> Result<(), EngineError> {
        event.apply(&Action::Enter {
            details: entrant(n),
            at: 0,
        })
    }

    /// The index is what the entries give, and answers as a scan of them would.
    fn assert_index(event: &Event) {
        assert_eq!(event.door_index, DoorIndex::of(&event.door.entries));
        let waiting = event.door.waiting();
        assert_eq!(event.door_index.waiting_len(), waiting.len());
        assert_eq!(
            event.door_index.first_waiting(),
            waiting.first().map(|e| e.number)
        );
        let held = event
            .door
            .entries
            .iter()
            .filter(|e| e.state == EntryState::Accepted && e.player.is_none())
            .count();
        let players = event.active_players().count();
        assert_eq!(seats_taken(event) as usize, players + held);
    }

    /// A door filled to its limit under a cap with check-in, then check-ins, a withdrawal
    /// and a refusal moving the waiting list up: the index follows the entries throughout.
    #[test]
    fn the_door_index_follows_the_entries_through_a_full_door() {
        let settings = EventSettings {
            name: "test".into(),
            planned_rounds: 3,
            ..EventSettings::default()
        };
        let ruleset = catalogue::ruleset("bandai").expect("embedded ruleset");
        let mut event = Event::new(settings, ruleset).expect("event");
        let door = DoorSettings {
            open: true,
            mode: EntryMode::Open,
            seats: Some(100),
            check_in: true,
            ..DoorSettings::default()
        };
        event.apply(&Action::SetDoor(door)).expect("door");
        for n in 1..=MAX_ENTRIES {
            enter(&mut event, n).expect("entry");
            if n == 10 {
                let twice = enter(&mut event, 5);
                assert!(matches!(twice, Err(EngineError::DuplicatePlayer(_))));
            }
            if n % 512 == 0 {
                assert_index(&event);
            }
        }
        let full = enter(&mut event, 0);
        assert!(matches!(full, Err(EngineError::DoorClosed(_))));
        for entry in 1..=50 {
            let present = Action::CheckIn {
                entry,
                by_player: true,
            };
            event.apply(&present).expect("check-in");
        }
        let withdrawn = Action::WithdrawEntry {
            entry: 2,
            by_player: true,
        };
        event.apply(&withdrawn).expect("withdrawal");
        let refused = Action::DecideEntry {
            entry: 60,
            accept: false,
        };
        event.apply(&refused).expect("refusal");
        assert_index(&event);
        // The two seats given up went to the first two in line.
        let state = |number: u32| event.door.entry(number).map(|e| e.state);
        assert_eq!(state(101), Some(EntryState::Accepted));
        assert_eq!(state(102), Some(EntryState::Accepted));
        assert_eq!(state(103), Some(EntryState::Waiting));
    }
}
