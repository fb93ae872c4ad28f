//! The event's prizes as its log records them: the organizer's prize rules as
//! TOML text (docs/prizes.md) and the door-prize raffle's seed once it is drawn. The
//! payout itself is computed from these and the standings (`crate::prizes::plan`), so a
//! corrected result changes the payout sheet and the raffle replays from the file.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PrizeSetting {
    /// The prize rules' TOML text, as the organizer wrote it (checked when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The raffle's seed, once drawn: the same seed draws the same winners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raffle_seed: Option<u64>,
}

impl PrizeSetting {
    pub fn is_empty(&self) -> bool {
        self.rules.is_none() && self.raffle_seed.is_none()
    }
}
