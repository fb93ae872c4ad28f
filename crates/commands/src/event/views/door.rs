//! What the door shows: the entry page's view for anyone on the shop's network,
//! a phone's own view for the code it holds ("my table"), and the desk's view of entries,
//! drop requests and judge calls. A phone's view carries its own player only: never another
//! player's code, record or call.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{DoorSettings, DropRequestState, EntryMode, EntryState};
use tablekeeper_engine::rules::door::seats_taken;
use ts_rs::TS;

use super::phone::{name_of, place_in_line};

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
