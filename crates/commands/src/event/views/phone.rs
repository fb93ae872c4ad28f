//! A phone's own view: its entry and place in line, its table, record, judge calls, the
//! cut line as it stands for that player — never another player's.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{
    DropRequestState, EntryState, Outcome, PlayerId, ResultEntry, Seats,
};
use ts_rs::TS;

use crate::room::{RoomClock, RoomResult, RoomSeat};

pub(super) fn name_of(event: &Event, player: PlayerId) -> String {
    event
        .player(player)
        .map(|p| p.details.name.clone())
        .unwrap_or_else(|_| format!("#{player}"))
}

pub(super) fn place_in_line(event: &Event, number: u32) -> Option<u32> {
    event
        .door
        .waiting()
        .iter()
        .position(|e| e.number == number)
        .and_then(|p| u32::try_from(p + 1).ok())
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
            name: player.details.name.clone(),
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
