//! Penalties recorded per player.

use serde::{Deserialize, Serialize};

use super::player::PlayerId;

tablekeeper_words::choice_enum! {
    /// A penalty type. Which ones a ruleset uses is ruleset data (Bushiroad: caution,
    /// warning, loss of match, DQ; Bandai adds game loss and suspension; Crossover: warning,
    /// game loss).
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    pub enum PenaltyType {
        Caution = "caution",
        Warning = "warning",
        GameLoss = "game-loss",
        MatchLoss = "match-loss",
        Disqualification = "disqualification",
        Suspension = "suspension",
    }
}

/// A recorded penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyRecord {
    pub player: PlayerId,
    pub round: u32,
    pub penalty: PenaltyType,
    pub infraction: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The team member (seat index from 0) the penalty was given to, in team events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<u8>,
}
