//! What needs the scorekeeper now, as the attention bar on every screen shows it: the
//! round's clock and results, open judge calls, drop requests, disputed reports and entries
//! waiting at the door, and the failures the owner must see where they are (the stick's
//! copy behind, a station gone quiet). Counts only, each handled on its own screen.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{DropRequestState, EntryState, Structure};
use ts_rs::TS;

use super::RoundProgress;
use crate::room::RoomClock;

/// What the night's next step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum NextStep {
    /// Register players and pair round 1.
    Register,
    /// Results of the current round are still coming in.
    Results,
    /// Every result is in: pair the next Swiss round.
    PairRound,
    /// Every result of the bracket round is in: pair the next one.
    PairBracketRound,
    /// Every planned Swiss round is played: start the top cut, or pay out.
    Cut,
    /// The event is over: the payout.
    Payout,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AttentionView {
    /// The current round's results (`null` before the first round is paired).
    pub round: Option<RoundProgress>,
    /// The night's next step.
    pub next: NextStep,
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
    /// The mirror folder's copy when it is behind the event (`null`: no mirror, or whole).
    pub mirror: Option<MirrorBehind>,
    /// Stations that kept a copy of the event and have stopped asking for it, the quietest
    /// first.
    pub silent_stations: Vec<SilentStation>,
    /// Stations heard from lately, quiet or not (the window reads the bar again now and
    /// then while there are any: a station going quiet changes nothing in the event).
    pub stations_known: u32,
}

/// The mirror folder's copy behind the event: being written, or not writable (a pulled stick).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MirrorBehind {
    /// Changes the copy lacks.
    #[ts(type = "number")]
    pub changes: i64,
    /// The last copy could not be written (otherwise it is being written now).
    pub failed: bool,
}

impl MirrorBehind {
    /// How far a copy holding `step` is behind an event at step `newest`, its last write
    /// having `failed` or not; `None` when it is whole.
    pub fn of(step: Option<i64>, newest: i64, failed: bool) -> Option<MirrorBehind> {
        let changes = (newest - step.unwrap_or(0)).max(0);
        (changes > 0 || failed).then_some(MirrorBehind { changes, failed })
    }
}

/// A station that kept a copy and has not asked for it lately.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SilentStation {
    pub station: String,
    /// Seconds since it last asked.
    pub silent_for_s: u32,
}

impl AttentionView {
    /// What needs the scorekeeper in `event`, with the room's `clock` and the number of
    /// `disputed` reports (the room keeps those, not the event).
    pub fn of(event: &Event, clock: Option<RoomClock>, disputed: usize) -> AttentionView {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let door = &event.door;
        let open_calls = || door.calls.iter().filter(|c| c.is_open());
        let round = event
            .current_round()
            .map(|round| RoundProgress::of(event, round));
        let cut_finished = event.cut.as_ref().is_some_and(|cut| cut.is_finished());
        // A structure that allows no further round (a round robin played, variable rounds
        // over): Swiss goes on to a cut or the payout, the others to the payout.
        let structure_over = matches!(
            tablekeeper_engine::rules::structure::finished(event),
            Ok(Some(_))
        );
        let swiss = event.settings.structure == Structure::Swiss;
        let planned = usize::try_from(event.settings.planned_rounds).unwrap_or(usize::MAX);
        let next = match &round {
            _ if cut_finished => NextStep::Payout,
            None => NextStep::Register,
            Some(progress) if !progress.complete => NextStep::Results,
            Some(_) if event.cut.is_some() => NextStep::PairBracketRound,
            Some(_) if structure_over && !swiss => NextStep::Payout,
            Some(_) if structure_over || planned > 0 && event.rounds.len() >= planned => {
                NextStep::Cut
            }
            Some(_) => NextStep::PairRound,
        };
        AttentionView {
            round,
            next,
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
            mirror: None,
            silent_stations: Vec::new(),
            stations_known: 0,
        }
    }
}
