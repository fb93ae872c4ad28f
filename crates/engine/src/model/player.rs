//! Registered players.

use serde::{Deserialize, Serialize};

/// A player's number within one event, assigned in registration order from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Whether a player still takes part in pairings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "status")]
pub enum PlayerStatus {
    Active,
    /// Dropped; `after_round` is the last round the player has a record in (0 = before round 1).
    Dropped {
        after_round: u32,
    },
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    /// Name as printed (any script).
    pub name: String,
    /// Reading used for sorting (furigana for Japanese names).
    pub reading: Option<String>,
    /// Publisher's player ID (Bushiroad ID, Bandai TCG+ member number, …).
    pub publisher_id: Option<String>,
    pub nickname: Option<String>,
    /// First round the player takes part in; earlier rounds are late-entry default losses
    /// (RULESETS.md decision 11).
    pub joined_round: u32,
    pub status: PlayerStatus,
    /// A table this player keeps every round (accessibility).
    pub fixed_table: Option<u32>,
    pub disqualified: bool,
    pub deck: Option<super::penalty::DeckData>,
    /// A team's members in seat order (team events; empty for a player).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
}

impl Player {
    pub fn is_active(&self) -> bool {
        matches!(self.status, PlayerStatus::Active)
    }

    /// The key names are sorted by: the reading if there is one, else the name.
    pub fn sort_key(&self) -> &str {
        self.reading.as_deref().unwrap_or(&self.name)
    }
}
