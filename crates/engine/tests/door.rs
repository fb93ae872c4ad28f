//! The door: entries against a cap and a waiting list, approval, the lottery,
//! check-in, drop requests and judge calls — and the invariant that nobody who is not
//! accepted and present is ever paired.

use crate::support;

use crate::support::{new_event, play_round, result_from};
use proptest::prelude::*;
use tablekeeper_engine::model::{
    DoorSettings, DropRequestState, DropRequests, EntryMode, EntryState, PlayerId,
};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::rules::door::lottery_order;
use tablekeeper_engine::{Action, Event, PlayerDetails};
use tablekeeper_words::ErrorKind;

const DEADLINE: i64 = 1_800_000_000;

fn door(mode: EntryMode, seats: Option<u32>, check_in: bool) -> DoorSettings {
    DoorSettings {
        open: true,
        mode,
        seats,
        waiting_limit: None,
        closes_at: Some(DEADLINE),
        check_in,
        drop_requests: DropRequests::Automatic,
    }
}

fn details(n: usize) -> PlayerDetails {
    PlayerDetails {
        name: format!("Entrant {n}"),
        ..PlayerDetails::default()
    }
}

fn enter(event: &mut Event, n: usize) -> Result<(), ErrorKind> {
    event
        .apply(&Action::Enter {
            details: details(n),
            at: DEADLINE - 100 + n as i64,
        })
        .map_err(|e| e.kind())
}

fn states(event: &Event) -> Vec<EntryState> {
    event.door.entries.iter().map(|e| e.state).collect()
}

#[test]
fn a_cap_of_24_accepts_the_first_24_in_order_of_arrival_and_6_wait() {
    let mut event = new_event("bandai", 3, 1);
    event
        .apply(&Action::SetDoor(door(EntryMode::Open, Some(24), false)))
        .expect("door");
    for n in 0..30 {
        enter(&mut event, n).expect("entry");
    }
    let states = states(&event);
    assert!(states[..24].iter().all(|s| *s == EntryState::Accepted));
    assert!(states[24..].iter().all(|s| *s == EntryState::Waiting));
    assert_eq!(
        event.players.len(),
        24,
        "without check-in an accepted entry is a player"
    );
    let waiting: Vec<u32> = event.door.waiting().iter().map(|e| e.number).collect();
    assert_eq!(waiting, vec![25, 26, 27, 28, 29, 30]);

    // One withdraws: the first waiting moves up, the rest keep their order.
    event
        .apply(&Action::WithdrawEntry {
            entry: 3,
            by_player: true,
        })
        .expect("withdraw");
    assert_eq!(
        event.door.entry(25).map(|e| e.state),
        Some(EntryState::Accepted)
    );
    assert_eq!(event.active_players().count(), 24);
    let waiting: Vec<u32> = event.door.waiting().iter().map(|e| e.number).collect();
    assert_eq!(waiting, vec![26, 27, 28, 29, 30]);
    // A refusal frees a seat the same way.
    let entry_25_player = event.door.entry(25).and_then(|e| e.player).expect("player");
    assert!(event.player(entry_25_player).expect("player").is_active());
}

#[test]
fn a_full_waiting_list_and_a_late_entry_are_refused_as_door_closed() {
    let mut event = new_event("bandai", 3, 1);
    let mut settings = door(EntryMode::Open, Some(2), false);
    settings.waiting_limit = Some(1);
    event.apply(&Action::SetDoor(settings)).expect("door");
    for n in 0..3 {
        enter(&mut event, n).expect("entry");
    }
    assert_eq!(enter(&mut event, 3), Err(ErrorKind::DoorClosed));
    let late = event.apply(&Action::Enter {
        details: details(9),
        at: DEADLINE + 1,
    });
    assert_eq!(late.map_err(|e| e.kind()), Err(ErrorKind::DoorClosed));
    assert_eq!(enter(&mut event, 1), Err(ErrorKind::DuplicatePlayer));
    assert_eq!(
        event.door.entries.len(),
        3,
        "refused entries leave nothing behind"
    );
}

#[test]
fn approval_waits_for_the_organizer_and_a_refusal_moves_the_list_up() {
    let mut event = new_event("bandai", 3, 1);
    event
        .apply(&Action::SetDoor(door(EntryMode::Approve, Some(1), false)))
        .expect("door");
    enter(&mut event, 0).expect("entry");
    enter(&mut event, 1).expect("entry");
    assert_eq!(states(&event), vec![EntryState::Pending; 2]);
    assert!(
        event.players.is_empty(),
        "nobody is a player before approval"
    );
    let accept = |entry| Action::DecideEntry {
        entry,
        accept: true,
    };
    event.apply(&accept(1)).expect("accept");
    event
        .apply(&accept(2))
        .expect("approved onto the waiting list");
    assert_eq!(
        states(&event),
        vec![EntryState::Accepted, EntryState::Waiting]
    );
    // Entry 1 is a player now; refusing entry 2 instead leaves the list empty.
    let refuse_playing = event.apply(&Action::DecideEntry {
        entry: 1,
        accept: false,
    });
    assert_eq!(
        refuse_playing.map_err(|e| e.kind()),
        Err(ErrorKind::InvalidStep)
    );
    event
        .apply(&Action::WithdrawEntry {
            entry: 1,
            by_player: false,
        })
        .expect("a player withdraws before round 1");
    assert_eq!(
        event.door.entry(2).map(|e| e.state),
        Some(EntryState::Accepted)
    );
    assert_eq!(event.active_players().count(), 1);
}

#[test]
fn an_absent_player_is_never_paired_and_a_late_check_in_is_a_late_entry() {
    let mut event = new_event("bandai", 3, 1);
    event
        .apply(&Action::SetDoor(door(EntryMode::Open, None, true)))
        .expect("door");
    for n in 0..6 {
        enter(&mut event, n).expect("entry");
    }
    for entry in [1, 2, 3, 4] {
        event
            .apply(&Action::CheckIn {
                entry,
                by_player: entry % 2 == 0,
            })
            .expect("check in");
    }
    assert_eq!(event.players.len(), 4, "only the present are players");
    let pairing = play_round(&mut event, 7, false, |_| result_from(4, 2));
    let seated: Vec<PlayerId> = pairing.seats.iter().flat_map(|s| s.players()).collect();
    assert_eq!(seated.len(), 4);
    // Entry 5 arrives during round 2: a late entry with a loss for round 1 (decision 11).
    event
        .apply(&Action::CheckIn {
            entry: 5,
            by_player: false,
        })
        .expect("late check in");
    let late = event.door.entry(5).and_then(|e| e.player).expect("player");
    assert_eq!(event.player(late).expect("late").joined_round, 2);
    let next = pair_next_round(&event, 8, false).expect("pairing");
    let seated: Vec<PlayerId> = next.seats.iter().flat_map(|s| s.players()).collect();
    assert!(seated.contains(&late));
    assert_eq!(
        seated.len(),
        5,
        "entry 6 never checked in and is not paired"
    );
}

#[test]
fn a_lottery_draws_the_seats_with_its_seed_and_the_rest_wait_in_drawn_order() {
    let build = |seed| {
        let mut event = new_event("bandai", 3, 1);
        event
            .apply(&Action::SetDoor(door(EntryMode::Lottery, Some(24), false)))
            .expect("door");
        for n in 0..30 {
            enter(&mut event, n).expect("entry");
        }
        assert!(states(&event).iter().all(|s| *s == EntryState::Entered));
        event.apply(&Action::DrawLottery { seed }).expect("draw");
        event
    };
    let event = build(99);
    let order = lottery_order((1..=30).collect(), 99);
    let accepted: Vec<u32> = event
        .door
        .entries
        .iter()
        .filter(|e| e.state == EntryState::Accepted)
        .map(|e| e.number)
        .collect();
    let mut drawn_first: Vec<u32> = order[..24].to_vec();
    drawn_first.sort_unstable();
    assert_eq!(accepted, drawn_first, "the first 24 drawn have the seats");
    let waiting: Vec<u32> = event.door.waiting().iter().map(|e| e.number).collect();
    assert_eq!(
        waiting,
        order[24..].to_vec(),
        "the rest wait in drawn order"
    );
    assert_eq!(
        build(99).door,
        event.door,
        "the same entries and seed, the same draw"
    );
    assert_eq!(
        event.apply_clone(&Action::DrawLottery { seed: 1 }),
        Err(ErrorKind::InvalidStep),
        "a lottery is drawn once"
    );
}

#[test]
fn a_drop_request_is_taken_by_the_next_drop_and_a_confirmed_one_waits_for_the_scorekeeper() {
    let mut event = new_event("bandai", 3, 1);
    let mut settings = door(EntryMode::Open, None, false);
    settings.drop_requests = DropRequests::Confirmed;
    event.apply(&Action::SetDoor(settings)).expect("door");
    for n in 0..4 {
        enter(&mut event, n).expect("entry");
    }
    let player = PlayerId(2);
    event
        .apply(&Action::RequestDrop { player, at: 5 })
        .expect("request");
    assert_eq!(
        event.door.open_drop_request(player).map(|r| r.state),
        Some(DropRequestState::Asked)
    );
    let twice = event.apply_clone(&Action::RequestDrop { player, at: 6 });
    assert_eq!(twice, Err(ErrorKind::InvalidStep));
    event
        .apply(&Action::DecideDropRequest {
            player,
            accept: true,
        })
        .expect("confirm");
    event
        .apply(&Action::DropPlayer {
            player,
            timing: Some(tablekeeper_engine::model::DropTiming::AfterResults),
        })
        .expect("drop");
    assert_eq!(event.door.drop_requests[0].state, DropRequestState::Done);
}

#[test]
fn a_judge_call_names_the_table_is_claimed_then_resolved_and_one_is_open_at_a_time() {
    let mut event = support::event_with_players("bandai", 4, 3, 1);
    let pairing = pair_next_round(&event, 3, false).expect("pairing");
    event
        .apply(&Action::PairRound {
            seed: 3,
            seats: pairing.seats.clone(),
            tables: pairing.tables.clone(),
        })
        .expect("pair");
    let player = PlayerId(1);
    let call = Action::CallJudge {
        player,
        reason: Some("  rules question  ".into()),
        at: 10,
    };
    event.apply(&call).expect("call");
    assert_eq!(event.apply_clone(&call), Err(ErrorKind::InvalidStep));
    let made = &event.door.calls[0];
    assert_eq!(made.reason.as_deref(), Some("rules question"));
    assert_eq!(made.round, Some(1));
    let table = event.rounds[0].match_of(player).and_then(|m| m.table);
    assert_eq!(made.table, table);
    event
        .apply(&Action::ClaimCall { call: 1, at: 20 })
        .expect("claim");
    event
        .apply(&Action::ResolveCall { call: 1, at: 30 })
        .expect("resolve");
    assert_eq!(event.door.calls[0].claimed_at, Some(20));
    assert_eq!(
        event.apply_clone(&Action::ResolveCall { call: 1, at: 40 }),
        Err(ErrorKind::InvalidStep)
    );
    event
        .apply(&call)
        .expect("a new call once the last is resolved");
}

#[test]
fn door_actions_from_phones_are_the_rooms_and_desk_ones_the_scorekeepers() {
    assert!(
        Action::Enter {
            details: details(1),
            at: 0
        }
        .is_from_the_room()
    );
    assert!(
        Action::CheckIn {
            entry: 1,
            by_player: true
        }
        .is_from_the_room()
    );
    assert!(
        !Action::CheckIn {
            entry: 1,
            by_player: false
        }
        .is_from_the_room()
    );
    assert!(
        !Action::DecideEntry {
            entry: 1,
            accept: true
        }
        .is_from_the_room()
    );
}

/// A door step a test throws at the event.
#[derive(Debug, Clone)]
enum Step {
    Enter,
    Decide(u32, bool),
    Withdraw(u32),
    CheckIn(u32),
    Draw(u64),
    Round,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => Just(Step::Enter),
        2 => (1u32..30, any::<bool>()).prop_map(|(e, a)| Step::Decide(e, a)),
        1 => (1u32..30).prop_map(Step::Withdraw),
        3 => (1u32..30).prop_map(Step::CheckIn),
        1 => any::<u64>().prop_map(Step::Draw),
        1 => Just(Step::Round),
    ]
}

fn mode() -> impl Strategy<Value = EntryMode> {
    prop_oneof![
        Just(EntryMode::Open),
        Just(EntryMode::Approve),
        Just(EntryMode::Lottery)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Whatever the door does, every player paired is an accepted, present entry, seats
    /// never exceed the cap through the door, and the waiting list is never jumped.
    #[test]
    fn nobody_unaccepted_or_absent_is_paired_and_the_cap_holds(
        mode in mode(),
        seats in 2u32..10,
        check_in in any::<bool>(),
        steps in prop::collection::vec(step(), 1..60),
    ) {
        let mut event = new_event("bandai", 6, 5);
        event.apply(&Action::SetDoor(door(mode, Some(seats), check_in))).expect("door");
        let mut entered = 0usize;
        for (index, step) in steps.into_iter().enumerate() {
            let action = match step {
                Step::Enter => {
                    entered += 1;
                    Action::Enter { details: details(entered), at: DEADLINE - 1 }
                }
                Step::Decide(entry, accept) => Action::DecideEntry { entry, accept },
                Step::Withdraw(entry) => Action::WithdrawEntry { entry, by_player: true },
                Step::CheckIn(entry) => Action::CheckIn { entry, by_player: true },
                Step::Draw(seed) => Action::DrawLottery { seed },
                Step::Round => {
                    if event.rounds.len() >= 6 {
                        continue;
                    }
                    if let Ok(pairing) = pair_next_round(&event, index as u64, true) {
                        let seated: Vec<PlayerId> =
                            pairing.seats.iter().flat_map(|s| s.players()).collect();
                        for player in &seated {
                            let entry = event.door.entry_of(*player);
                            prop_assert!(entry.is_some_and(|e| e.state == EntryState::Accepted),
                                "player {} is paired without an accepted entry", player);
                        }
                        support::apply_round(&mut event, index as u64, pairing.seats,
                            pairing.tables, |_| result_from(4, 2));
                    }
                    continue;
                }
            };
            let before = event.clone();
            if event.apply(&action).is_err() {
                prop_assert_eq!(&event.door, &before.door, "a refused step changes nothing");
            }
            let door = &event.door;
            let players_from_door = door.entries.iter().filter(|e| e.player.is_some()).count();
            prop_assert_eq!(players_from_door, event.players.len());
            let accepted_live = door.entries.iter()
                .filter(|e| e.state == EntryState::Accepted).count() as u32;
            prop_assert!(accepted_live <= seats, "{} accepted over a cap of {}", accepted_live, seats);
            if accepted_live < seats && event.rounds.is_empty() {
                prop_assert!(door.waiting().is_empty(), "a seat is free while someone waits");
            }
            for entry in &door.entries {
                if !check_in && entry.state == EntryState::Accepted {
                    prop_assert!(entry.player.is_some(), "without check-in entry {} has a seat but is no player", entry.number);
                }
                if entry.state != EntryState::Accepted && entry.state != EntryState::Withdrawn {
                    prop_assert!(entry.player.is_none(), "entry {} is a player without a seat", entry.number);
                }
            }
        }
    }
}

/// `apply` on a copy, for asserting a refusal without changing the event.
trait ApplyClone {
    fn apply_clone(&self, action: &Action) -> Result<(), ErrorKind>;
}

impl ApplyClone for Event {
    fn apply_clone(&self, action: &Action) -> Result<(), ErrorKind> {
        self.clone().apply(action).map_err(|e| e.kind())
    }
}

/// Steps of the door with drops among them, for the waiting-list property.
#[derive(Debug, Clone)]
enum SeatStep {
    Enter,
    Withdraw(u32),
    Refuse(u32),
    CheckIn(u32),
    Drop(u32),
    Cap(u32),
}

fn seat_step() -> impl Strategy<Value = SeatStep> {
    prop_oneof![
        5 => Just(SeatStep::Enter),
        1 => (1u32..30).prop_map(SeatStep::Withdraw),
        1 => (1u32..30).prop_map(SeatStep::Refuse),
        2 => (1u32..30).prop_map(SeatStep::CheckIn),
        2 => (1u32..12).prop_map(SeatStep::Drop),
        1 => (1u32..10).prop_map(SeatStep::Cap),
    ]
}

/// Applies `action` as the desk does: the step, then the freed seats given to the waiting
/// list by the engine's one rule (`seat_the_waiting_list`), or nothing at all when refused.
fn desk_step(event: &mut Event, action: &Action) -> bool {
    let mut next = event.clone();
    if next.apply(action).is_err() {
        return false;
    }
    let (steps, _) = tablekeeper_engine::rules::door::seat_the_waiting_list(&next);
    for step in &steps {
        next.apply(step)
            .expect("a seat step applies as it was tried");
    }
    *event = next;
    true
}

/// The first reported case: two seats, check-in off; A and B seated, C waits; B drops, and
/// D arrives. The seat B freed is C's; D waits behind C.
#[test]
fn a_seat_freed_by_a_drop_goes_to_the_first_in_line() {
    let mut event = new_event("bandai", 3, 1);
    let mut settings = door(EntryMode::Open, Some(2), false);
    settings.closes_at = None;
    assert!(desk_step(&mut event, &Action::SetDoor(settings)));
    for n in 1..=3 {
        assert!(desk_step(
            &mut event,
            &Action::Enter {
                details: details(n),
                at: DEADLINE - 10
            }
        ));
    }
    assert_eq!(
        states(&event),
        vec![
            EntryState::Accepted,
            EntryState::Accepted,
            EntryState::Waiting
        ]
    );
    let b = event.door.entries[1].player.expect("B is a player");
    assert!(desk_step(
        &mut event,
        &Action::DropPlayer {
            player: b,
            timing: None
        }
    ));
    assert_eq!(
        event.door.entries[2].state,
        EntryState::Accepted,
        "C takes B's seat"
    );
    assert!(event.door.entries[2].player.is_some());
    assert!(desk_step(
        &mut event,
        &Action::Enter {
            details: details(4),
            at: DEADLINE - 5
        }
    ));
    assert_eq!(event.door.entries[3].state, EntryState::Waiting, "D waits");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random door steps (entries, withdrawals, refusals, check-ins, drops, cap changes)
    /// taken as the desk takes them never seat anyone ahead of an earlier waiting entry:
    /// before round 1 a seat is never free while someone waits, and an arrival is only ever
    /// seated when nobody waits.
    #[test]
    fn a_freed_seat_never_skips_the_waiting_list(
        seats in 1u32..6,
        check_in in any::<bool>(),
        steps in prop::collection::vec(seat_step(), 1..60),
    ) {
        let mut event = new_event("bandai", 6, 5);
        let mut settings = door(EntryMode::Open, Some(seats), check_in);
        settings.closes_at = None;
        prop_assert!(desk_step(&mut event, &Action::SetDoor(settings.clone())));
        let mut entered = 0usize;
        for step in steps {
            let waiting_before: Vec<u32> =
                event.door.waiting().iter().map(|e| e.number).collect();
            let action = match step {
                SeatStep::Enter => {
                    entered += 1;
                    Action::Enter { details: details(entered), at: DEADLINE - 1 }
                }
                SeatStep::Withdraw(entry) => Action::WithdrawEntry { entry, by_player: true },
                SeatStep::Refuse(entry) => Action::DecideEntry { entry, accept: false },
                SeatStep::CheckIn(entry) => Action::CheckIn { entry, by_player: false },
                SeatStep::Drop(player) => Action::DropPlayer { player: PlayerId(player), timing: None },
                SeatStep::Cap(cap) => {
                    settings.seats = Some(cap);
                    Action::SetDoor(settings.clone())
                }
            };
            let arrival = matches!(action, Action::Enter { .. });
            if !desk_step(&mut event, &action) {
                continue;
            }
            let waiting = event.door.waiting();
            if !waiting.is_empty() {
                prop_assert!(!tablekeeper_engine::rules::door::seat_free(&event),
                    "a seat is free while entry {} waits", waiting[0].number);
            }
            if arrival {
                let newest = event.door.entries.last().expect("the new entry");
                if newest.state == EntryState::Accepted {
                    prop_assert!(waiting_before.is_empty(),
                        "entry {} took a seat ahead of {:?}", newest.number, waiting_before);
                }
            }
        }
    }
}
