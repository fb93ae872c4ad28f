//! Penalties recorded per player.

use serde::{Deserialize, Serialize};
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

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
    /// A tardiness penalty: how late the player was, in minutes (decision 16). The
    /// infraction is then empty: each host says "tardiness (N min)" in its own language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_minutes: Option<u32>,
}

impl PenaltyRecord {
    /// How late the player was, for a tardiness penalty: the stored minutes, or those of
    /// the English text files written before the minutes were kept ("tardiness (12 min)").
    pub fn late_minutes(&self) -> Option<u32> {
        self.late_minutes
            .or_else(|| legacy_late_minutes(&self.infraction))
    }

    /// The infraction as the scorekeeper typed it (empty for a tardiness penalty).
    pub fn typed_infraction(&self) -> &str {
        if self.late_minutes.is_none() && legacy_late_minutes(&self.infraction).is_some() {
            ""
        } else {
            &self.infraction
        }
    }
}

/// The minutes of an infraction (or a history reason) written by an older version for a
/// late arrival: "tardiness (12 min)".
pub fn legacy_late_minutes(infraction: &str) -> Option<u32> {
    infraction
        .strip_prefix("tardiness (")?
        .strip_suffix(" min)")?
        .parse()
        .ok()
}

/// An infraction as a message: the typed text as it is, a tardiness by its minutes.
pub fn infraction_message(infraction: &str, late_minutes: Option<u32>) -> Message {
    let legacy = || legacy_late_minutes(infraction);
    match late_minutes.or_else(legacy) {
        Some(minutes) => msg!(
            "penalty.tardiness",
            "tardiness ({minutes} min)",
            minutes = minutes
        ),
        None => msg!(
            "penalty.infraction",
            "{infraction}",
            infraction = infraction
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(infraction: &str, late_minutes: Option<u32>) -> PenaltyRecord {
        PenaltyRecord {
            player: PlayerId(1),
            round: 1,
            penalty: PenaltyType::Warning,
            infraction: infraction.into(),
            note: None,
            member: None,
            late_minutes,
        }
    }

    #[test]
    fn tardiness_is_read_from_the_minutes_and_from_older_files() {
        assert_eq!(record("", Some(12)).late_minutes(), Some(12));
        assert_eq!(record("tardiness (7 min)", None).late_minutes(), Some(7));
        assert_eq!(record("tardiness (7 min)", None).typed_infraction(), "");
        assert_eq!(record("tardiness (a while)", None).late_minutes(), None);
        assert_eq!(
            record("marked cards", None).typed_infraction(),
            "marked cards"
        );
    }
}
