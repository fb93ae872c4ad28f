//! What the door shows: the entry page's view for anyone on the shop's network,
//! a phone's own view for the code it holds ("my table"), and the desk's view of entries,
//! drop requests and judge calls. A phone's view carries its own player only: never another
//! player's code, record or call.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{
    DoorSettings, DropRequestState, EntryMode, EntryState, Outcome, PlayerId, ResultEntry, Seats,
};
use tablekeeper_engine::rules::door::seats_taken;
use ts_rs::TS;

use crate::room::{RoomClock, RoomResult, RoomSeat};

/// The entry page: whether and how the event takes entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DoorPageView {
    pub event: String,
    pub title: Option<String>,
    pub open: bool,
    pub mode: EntryMode,
    /// Seconds since the epoch.
    #[ts(type = "number | null")]
    pub closes_at: Option<i64>,
    pub seats: Option<u32>,
    /// Seats still free (with a cap).
    pub seats_left: Option<u32>,
    /// How many wait for a seat.
    pub waiting: u32,
    pub check_in: bool,
    /// Members a team registers (0: players register alone).
    pub team_size: u8,
}

impl DoorPageView {
    pub fn of(event: &Event) -> DoorPageView {
        let settings = &event.door.settings;
        let taken = seats_taken(event);
        DoorPageView {
            event: event.settings.name.clone(),
            title: event.settings.title.clone(),
            open: settings.open,
            mode: settings.mode,
            closes_at: settings.closes_at,
            seats: settings.seats,
            seats_left: settings.seats.map(|s| s.saturating_sub(taken)),
            waiting: u32::try_from(event.door.waiting().len()).unwrap_or(u32::MAX),
            check_in: settings.check_in,
            team_size: event.settings.team_size,
        }
    }
}

/// An entry as the desk sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EntryView {
    pub number: u32,
    /// The details the entry was made with (the name trimmed).
    #[serde(flatten)]
    #[ts(flatten)]
    pub details: tablekeeper_engine::PlayerDetails,
    #[ts(type = "number")]
    pub at: i64,
    pub state: EntryState,
    /// Position on the waiting list (1: next to get a seat).
    pub place_in_line: Option<u32>,
    /// The player it became (present).
    pub player: Option<u32>,
}

/// A drop request as the desk sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DropRequestView {
    pub player: u32,
    pub name: String,
    /// The rounds paired when it was asked.
    pub round: u32,
    #[ts(type = "number")]
    pub at: i64,
    pub state: DropRequestState,
}

/// A judge call as the desk and the stations see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct JudgeCallView {
    pub number: u32,
    pub player: u32,
    pub name: String,
    pub round: Option<u32>,
    pub table: Option<u32>,
    pub reason: Option<String>,
    #[ts(type = "number")]
    pub at: i64,
    #[ts(type = "number | null")]
    pub claimed_at: Option<i64>,
    #[ts(type = "number | null")]
    pub resolved_at: Option<i64>,
}

/// The judge calls, with the time of the answer (so a screen shows how long each waits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct JudgeCallsView {
    #[ts(type = "number")]
    pub now: i64,
    /// Open calls first (oldest first), then the resolved ones, newest first.
    pub calls: Vec<JudgeCallView>,
}

/// The door on the Registration screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DoorView {
    pub settings: DoorSettings,
    pub seats_taken: u32,
    pub entries: Vec<EntryView>,
    /// The lottery's seed once drawn (as text: it is a 64-bit number).
    pub lottery_seed: Option<String>,
    pub drop_requests: Vec<DropRequestView>,
    /// The entry page's address (its QR code on the poster), while the event is shared.
    pub entry_url: Option<String>,
    pub entry_qr_svg: Option<String>,
}

fn name_of(event: &Event, player: PlayerId) -> String {
    event
        .player(player)
        .map(|p| p.name.clone())
        .unwrap_or_else(|_| format!("#{player}"))
}

fn place_in_line(event: &Event, number: u32) -> Option<u32> {
    event
        .door
        .waiting()
        .iter()
        .position(|e| e.number == number)
        .and_then(|p| u32::try_from(p + 1).ok())
}

impl DoorView {
    pub fn of(event: &Event) -> DoorView {
        let door = &event.door;
        DoorView {
            settings: door.settings.clone(),
            seats_taken: seats_taken(event),
            entries: door
                .entries
                .iter()
                .map(|e| EntryView {
                    number: e.number,
                    details: tablekeeper_engine::PlayerDetails {
                        name: e.details.name.trim().to_string(),
                        ..e.details.clone()
                    },
                    at: e.at,
                    state: e.state,
                    place_in_line: place_in_line(event, e.number),
                    player: e.player.map(|p| p.0),
                })
                .collect(),
            lottery_seed: door.lottery.as_ref().map(|l| l.seed.to_string()),
            drop_requests: door
                .drop_requests
                .iter()
                .map(|r| DropRequestView {
                    player: r.player.0,
                    name: name_of(event, r.player),
                    round: r.round,
                    at: r.at,
                    state: r.state,
                })
                .collect(),
            entry_url: None,
            entry_qr_svg: None,
        }
    }
}

impl JudgeCallsView {
    pub fn of(event: &Event, now: i64) -> JudgeCallsView {
        let view = |c: &tablekeeper_engine::model::JudgeCall| JudgeCallView {
            number: c.number,
            player: c.player.0,
            name: name_of(event, c.player),
            round: c.round,
            table: c.table,
            reason: c.reason.clone(),
            at: c.at,
            claimed_at: c.claimed_at,
            resolved_at: c.resolved_at,
        };
        let calls = &event.door.calls;
        let mut listed: Vec<JudgeCallView> =
            calls.iter().filter(|c| c.is_open()).map(view).collect();
        listed.extend(calls.iter().rev().filter(|c| !c.is_open()).map(view));
        JudgeCallsView { now, calls: listed }
    }
}

/// A phone's own entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyEntryView {
    pub number: u32,
    pub state: EntryState,
    pub place_in_line: Option<u32>,
}

/// The player's table in the round being played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyTableView {
    pub table: u32,
    pub opponent: RoomSeat,
    pub result: Option<RoomResult>,
    /// Whether the player sits in seat A (the result's `winner` is by seat).
    pub seat_a: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyRecordView {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub points: String,
}

/// The player's judge call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyCallView {
    pub number: u32,
    /// A judge took it: "a judge is coming".
    pub claimed: bool,
}

/// What a phone holding a code shows: its entry, and once it is a player, their table,
/// record, standing, drop request and judge call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MeView {
    pub event: String,
    /// The code of the event the phone's code belongs to (as the page lists open events):
    /// the page follows that event, whichever is shared.
    #[serde(default)]
    pub event_code: String,
    pub name: String,
    pub entry: Option<MyEntryView>,
    pub player: Option<u32>,
    /// The player's own code, when the phone holds its entry's code and the entry is a
    /// player now: the phone keeps this one from then on.
    pub player_code: Option<String>,
    pub can_check_in: bool,
    pub can_withdraw: bool,
    pub round: Option<u32>,
    pub table: Option<MyTableView>,
    pub bye: bool,
    pub record: Option<MyRecordView>,
    /// The player's place, once the organizer publishes the standings.
    pub standing: Option<u32>,
    pub dropped: bool,
    pub drop_request: Option<DropRequestState>,
    pub call: Option<MyCallView>,
    pub clock: Option<RoomClock>,
    /// The player's own line against the planned cut, while the standings are published
    ///: never another player's.
    pub cut_line: Option<MyCutLineView>,
    /// The player's own rating and why it last moved, once the organizer publishes
    /// ratings: never another player's.
    #[serde(default)]
    pub rating: Option<crate::views::ratings::MyRatingView>,
}

/// A phone's own row of the cut line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MyCutLineView {
    pub cut: u32,
    pub rounds_left: u32,
    pub chance: crate::views::projection::CutChance,
    pub tables: Vec<u32>,
    pub tiebreakers: bool,
}

impl MeView {
    /// The view of an entry not (yet) a player.
    pub fn of_entry(event: &Event, number: u32) -> Option<MeView> {
        let entry = event.door.entry(number)?;
        if let Some(player) = entry.player {
            let mut view = MeView::of_player(event, player)?;
            view.entry = Some(my_entry(event, number, entry.state));
            return Some(view);
        }
        Some(MeView {
            event: event.settings.name.clone(),
            event_code: crate::slip_code::event_code(event),
            name: entry.details.name.trim().to_string(),
            entry: Some(my_entry(event, number, entry.state)),
            player: None,
            player_code: None,
            can_check_in: entry.state == EntryState::Accepted,
            can_withdraw: entry.state.is_live(),
            round: None,
            table: None,
            bye: false,
            record: None,
            standing: None,
            dropped: false,
            drop_request: None,
            call: None,
            clock: None,
            cut_line: None,
            rating: None,
        })
    }

    /// The view of a player.
    pub fn of_player(event: &Event, id: PlayerId) -> Option<MeView> {
        let player = event.player(id).ok()?;
        let current = event.current_round();
        let mut table = None;
        let mut bye = false;
        if let Some(round) = current
            && let Some(found) = round.match_of(id)
        {
            match (found.seats, found.table) {
                (Seats::Pair { a, b }, Some(number)) => {
                    let seat_a = a == id;
                    let other = if seat_a { b } else { a };
                    table = Some(MyTableView {
                        table: number,
                        opponent: RoomSeat {
                            number: other.0,
                            name: name_of(event, other),
                        },
                        result: found
                            .result
                            .as_ref()
                            .map(|r| crate::room::room_result_of(r, &event.ruleset)),
                        seat_a,
                    });
                }
                (Seats::Single { .. }, _) => {
                    bye = found
                        .result
                        .as_ref()
                        .is_some_and(|r| matches!(r.entry, ResultEntry::Bye));
                }
                _ => {}
            }
        }
        let entry = event.door.entry_of(id);
        Some(MeView {
            event: event.settings.name.clone(),
            event_code: crate::slip_code::event_code(event),
            name: player.name.clone(),
            entry: entry.map(|e| my_entry(event, e.number, e.state)),
            player: Some(id.0),
            player_code: None,
            can_check_in: false,
            can_withdraw: event.rounds.is_empty() && player.is_active(),
            round: current.map(|r| r.number),
            table,
            bye,
            record: Some(record(event, id)),
            standing: None,
            dropped: !player.is_active(),
            drop_request: event
                .door
                .drop_request_to_show(id, u32::try_from(event.rounds.len()).unwrap_or(u32::MAX))
                .map(|r| r.state),
            call: event.door.open_call(id).map(|c| MyCallView {
                number: c.number,
                claimed: c.claimed_at.is_some(),
            }),
            clock: None,
            cut_line: None,
            rating: None,
        })
    }
}

fn my_entry(event: &Event, number: u32, state: EntryState) -> MyEntryView {
    MyEntryView {
        number,
        state,
        place_in_line: place_in_line(event, number),
    }
}

/// The player's wins, losses, draws and points over the Swiss rounds with a result.
fn record(event: &Event, id: PlayerId) -> MyRecordView {
    let mut view = MyRecordView {
        wins: 0,
        losses: 0,
        draws: 0,
        points: String::new(),
    };
    let mut points = tablekeeper_engine::Exact::ZERO;
    for round in &event.rounds {
        let Some(found) = round.match_of(id) else {
            continue;
        };
        let Some(result) = &found.result else {
            continue;
        };
        let seat = match found.seats {
            Seats::Pair { b, .. } if b == id => 1,
            _ => 0,
        };
        let Some(own) = result.seats.get(seat) else {
            continue;
        };
        match own.outcome {
            Outcome::Win => view.wins += 1,
            Outcome::Loss => view.losses += 1,
            Outcome::Draw => view.draws += 1,
        }
        points = points.checked_add(own.points).unwrap_or(points);
    }
    view.points = points.to_string();
    view
}
