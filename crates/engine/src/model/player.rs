//! Registered players.

use serde::{Deserialize, Serialize};

/// A player's number within one event, assigned in registration order from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl From<PlayerId> for tablekeeper_words::Param {
    fn from(id: PlayerId) -> Self {
        tablekeeper_words::Param::plain(id.to_string())
    }
}

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

/// When a player's drop took effect (RULESETS.md decision 35; 000 §4.5, 001 本文 第4部
/// 第5章).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "kebab-case")]
pub enum DropTiming {
    /// Entered after the round was paired and before the player's result: that round's
    /// match is lost (a bye is withdrawn) and the player is out from the next round.
    AfterPairing,
    /// Entered after the player's result (or before round 1): out from the next round.
    AfterResults,
}

impl DropTiming {
    pub fn id(self) -> &'static str {
        match self {
            DropTiming::AfterPairing => "after-pairing",
            DropTiming::AfterResults => "after-results",
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    /// Who the player is: the name as printed, its reading, the publisher's ID, the
    /// nickname, and a team's members (declared once, in [`PlayerDetails`]).
    #[serde(flatten)]
    pub details: PlayerDetails,
    /// First round the player takes part in; earlier rounds are late-entry default losses
    /// (RULESETS.md decision 11).
    pub joined_round: u32,
    pub status: PlayerStatus,
    /// A table this player keeps every round (accessibility).
    pub fixed_table: Option<u32>,
    pub disqualified: bool,
    pub deck: Option<super::deck::DeckData>,
    /// Each member's deck, in seat order (team events; empty until one is registered).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_decks: Vec<Option<super::deck::DeckData>>,
    /// When the drop took effect, for drops recorded with it (decision 35); `None` for an
    /// active player and for drops in event files written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop_timing: Option<DropTiming>,
    /// How many times the player's personal code was reissued (0: the first code).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub code_issue: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Player {
    pub fn is_active(&self) -> bool {
        matches!(self.status, PlayerStatus::Active)
    }

    /// Every deck of the player: a team's member decks (or the team's own deck when no
    /// member has one), a player's deck.
    pub fn decks(&self) -> Vec<super::deck::DeckData> {
        let members: Vec<super::deck::DeckData> =
            self.member_decks.iter().flatten().cloned().collect();
        if members.is_empty() {
            self.deck.clone().into_iter().collect()
        } else {
            members
        }
    }

    /// The key names are sorted by: the reading if there is one, else the name.
    pub fn sort_key(&self) -> &str {
        self.details
            .reading
            .as_deref()
            .unwrap_or(&self.details.name)
    }
}

/// Registration details of a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerDetails {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// A team's members in seat order (team events only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
}

/// A correction of a person's details, field by field: `None` keeps a field, an empty text
/// clears an optional one (a name cannot be cleared). The same fields as [`PlayerDetails`],
/// each one a choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct DetailsChange {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub reading: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub publisher_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub nickname: Option<String>,
}

impl DetailsChange {
    /// Whether it changes nothing at all.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// `current` with this change made: a field left out is kept, a given one is trimmed,
    /// and an optional one given empty is cleared. A team's members are kept.
    pub fn applied_to(&self, current: &PlayerDetails) -> PlayerDetails {
        let optional = |given: &Option<String>, now: &Option<String>| match given {
            None => now.clone(),
            Some(text) => Some(text.trim().to_string()).filter(|t| !t.is_empty()),
        };
        PlayerDetails {
            name: self
                .name
                .as_deref()
                .map_or_else(|| current.name.clone(), |name| name.trim().to_string()),
            reading: optional(&self.reading, &current.reading),
            publisher_id: optional(&self.publisher_id, &current.publisher_id),
            nickname: optional(&self.nickname, &current.nickname),
            members: current.members.clone(),
        }
    }
}
