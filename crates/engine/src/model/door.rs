//! The door: how the event takes entries from the players' own phones, the
//! entries and the waiting list, players' drop requests and their calls for a judge.
//!
//! Plain data, changed only by the door's transitions (`transitions/door.rs`) so that, like
//! everything else in an event, it is the replay of the log. Times are seconds since the Unix
//! epoch, given by the command layer in the action (the engine reads no clock).

use serde::{Deserialize, Serialize};

use super::player::{PlayerDetails, PlayerId};

/// How entries from the entry page are taken (the organizer's choice; docs/door.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum EntryMode {
    /// Accepted at once (up to `seats`, when there is a cap: then the waiting list).
    #[default]
    Open,
    /// Each entry waits for the organizer's approval on the Registration screen.
    Approve,
    /// Entries before the deadline are drawn by lot for `seats`, with a recorded seed; the
    /// others wait in the drawn order.
    Lottery,
}

/// What a player's "I drop after this round" does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum DropRequests {
    /// Taken at the next pairing, as a drop told to the scorekeeper (000 §4.5).
    #[default]
    Automatic,
    /// Taken at the next pairing once the scorekeeper confirms it.
    Confirmed,
}

/// The organizer's settings for the door.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DoorSettings {
    /// Whether the entry page takes entries at all.
    #[serde(default)]
    pub open: bool,
    #[serde(default)]
    pub mode: EntryMode,
    /// The most players the event takes (`None`: no cap). A lottery needs one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<u32>,
    /// The longest waiting list (`None`: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting_limit: Option<u32>,
    /// Entries after this time (seconds since the epoch) are refused; a lottery is drawn
    /// after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub closes_at: Option<i64>,
    /// Accepted entries are paired only once checked in (present on the day).
    #[serde(default)]
    pub check_in: bool,
    #[serde(default)]
    pub drop_requests: DropRequests,
}

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum EntryState {
    /// Waits for the organizer's approval.
    Pending,
    /// In the lottery, not drawn yet.
    Entered,
    /// On the waiting list (`place` orders it).
    Waiting,
    /// Has a seat (a player once present, or at once without check-in).
    Accepted,
    Refused,
    Withdrawn,
}

impl EntryState {
    /// Whether the entry still counts (for duplicates, seats and the waiting list).
    pub fn is_live(self) -> bool {
        !matches!(self, EntryState::Refused | EntryState::Withdrawn)
    }
}

/// One entry made on the entry page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// 1, 2, … in order of arrival.
    pub number: u32,
    pub details: PlayerDetails,
    /// When it arrived (seconds since the epoch).
    pub at: i64,
    pub state: EntryState,
    /// The waiting list's order: arrival for a cap, the draw's order for a lottery.
    pub place: u32,
    /// The player it became (accepted and present).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerId>,
}

/// A lottery drawn: its seed and the entries in drawn order (anyone can replay it:
/// docs/door.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LotteryDraw {
    pub seed: u64,
    /// Entry numbers in drawn order.
    pub order: Vec<u32>,
}

/// Where a drop request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum DropRequestState {
    /// Waits for the scorekeeper.
    Asked,
    /// Taken at the next pairing.
    Confirmed,
    Declined,
    /// The drop was recorded.
    Done,
}

/// "I drop after this round", from a player's phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropRequest {
    pub player: PlayerId,
    /// The rounds paired when it was asked.
    pub round: u32,
    pub at: i64,
    pub state: DropRequestState,
}

/// A player's call for a judge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeCall {
    /// 1, 2, … in the order called.
    pub number: u32,
    pub player: PlayerId,
    /// The round and table the player was at (none between rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved_at: Option<i64>,
}

impl JudgeCall {
    pub fn is_open(&self) -> bool {
        self.resolved_at.is_none()
    }
}

/// Everything the door keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Door {
    #[serde(default)]
    pub settings: DoorSettings,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lottery: Option<LotteryDraw>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_requests: Vec<DropRequest>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<JudgeCall>,
}

impl Door {
    pub fn entry(&self, number: u32) -> Option<&Entry> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.entries.get(index).filter(|e| e.number == number)
    }

    /// The waiting list, first in line first.
    pub fn waiting(&self) -> Vec<&Entry> {
        let mut waiting: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| e.state == EntryState::Waiting)
            .collect();
        waiting.sort_by_key(|e| (e.place, e.number));
        waiting
    }

    /// The entry that became `player`.
    pub fn entry_of(&self, player: PlayerId) -> Option<&Entry> {
        self.entries.iter().find(|e| e.player == Some(player))
    }

    /// The player's drop request that is still to be taken.
    pub fn open_drop_request(&self, player: PlayerId) -> Option<&DropRequest> {
        self.drop_requests.iter().rev().find(|r| {
            r.player == player
                && matches!(
                    r.state,
                    DropRequestState::Asked | DropRequestState::Confirmed
                )
        })
    }

    /// What the player's phone says of their drop request: an open one (asked, confirmed),
    /// or one the scorekeeper declined in the rounds paired now (`rounds`), so the player is
    /// told rather than seeing the button simply come back.
    pub fn drop_request_to_show(&self, player: PlayerId, rounds: u32) -> Option<&DropRequest> {
        self.drop_requests
            .iter()
            .rev()
            .find(|r| r.player == player)
            .filter(|r| match r.state {
                DropRequestState::Asked | DropRequestState::Confirmed => true,
                DropRequestState::Declined => r.round == rounds,
                DropRequestState::Done => false,
            })
    }

    /// The player's call that is not resolved yet.
    pub fn open_call(&self, player: PlayerId) -> Option<&JudgeCall> {
        self.calls
            .iter()
            .rev()
            .find(|c| c.player == player && c.is_open())
    }
}
