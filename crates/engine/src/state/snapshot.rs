//! The event's state as data, without its ruleset: what the event file keeps as a
//! snapshot so a long event opens without replaying its whole log.
//!
//! A state is only ever produced from a replayed event and read back by the same app
//! version ([`EventState::version`] names it); anything else replays the log instead.

use serde::{Deserialize, Serialize};

use super::{Event, EventSettings};
use crate::model::{DeckCheck, Door, PenaltyRecord, Player, PrintedSheets, PrizeSetting, Round};
use crate::ruleset::Ruleset;
use crate::top_cut::bracket::Cut;

/// Every field of an [`Event`] except its ruleset (which the event file stores as text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventState {
    /// The app version that wrote the state; a state from another version is not used.
    pub version: String,
    pub settings: EventSettings,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    pub unlocked_rounds: Vec<u32>,
    pub penalties: Vec<PenaltyRecord>,
    pub cut: Option<Cut>,
    #[serde(default)]
    pub door: Door,
    #[serde(default, skip_serializing_if = "PrizeSetting::is_empty")]
    pub prizes: PrizeSetting,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_checks: Vec<DeckCheck>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printed: Vec<PrintedSheets>,
}

impl EventState {
    /// The state of `event`, stamped with `version`.
    pub fn of(event: &Event, version: &str) -> EventState {
        EventState {
            version: version.to_string(),
            settings: event.settings.clone(),
            players: event.players.clone(),
            rounds: event.rounds.clone(),
            unlocked_rounds: event.unlocked_rounds.clone(),
            penalties: event.penalties.clone(),
            cut: event.cut.clone(),
            door: event.door.clone(),
            prizes: event.prizes.clone(),
            deck_checks: event.deck_checks.clone(),
            printed: event.printed.clone(),
        }
    }

    /// The event this state describes under `ruleset`.
    pub fn into_event(self, ruleset: Ruleset) -> Event {
        let mut event = Event {
            settings: self.settings,
            ruleset,
            players: self.players,
            rounds: self.rounds,
            unlocked_rounds: self.unlocked_rounds,
            penalties: self.penalties,
            cut: self.cut,
            door: self.door,
            prizes: self.prizes,
            deck_checks: self.deck_checks,
            printed: self.printed,
            registered: Default::default(),
            door_index: Default::default(),
        };
        event.reindex();
        event
    }
}
