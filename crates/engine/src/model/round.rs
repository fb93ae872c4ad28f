//! Rounds and the matches in them.

use serde::{Deserialize, Serialize};

use super::player::PlayerId;
use super::result::MatchResult;

/// Who sits at a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Seats {
    Pair {
        a: PlayerId,
        b: PlayerId,
    },
    /// A bye or a late entry's missed round: one player, no opponent, no table.
    Single {
        player: PlayerId,
    },
}

impl Seats {
    pub fn players(&self) -> Vec<PlayerId> {
        match *self {
            Seats::Pair { a, b } => vec![a, b],
            Seats::Single { player } => vec![player],
        }
    }

    pub fn contains(&self, player: PlayerId) -> bool {
        self.players().contains(&player)
    }
}

/// One match of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    /// Table number for paired matches; `None` for single-seat records.
    pub table: Option<u32>,
    pub seats: Seats,
    pub result: Option<MatchResult>,
    /// Who goes first in game 1, where the ruleset assigns it (FoW 003 §6b-vii).
    pub first: Option<super::result::Side>,
    /// Who chooses to go first or second in game 1, where the ruleset gives the choice
    /// (FoW 003 §6b-vii: the higher Swiss rank in the first finals round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooses: Option<super::result::Side>,
}

/// One round: its matches and the seed its pairing used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub pairing_seed: u64,
    pub matches: Vec<Match>,
}

impl Round {
    pub fn is_complete(&self) -> bool {
        self.matches.iter().all(|m| m.result.is_some())
    }

    pub fn match_at_table(&self, table: u32) -> Option<&Match> {
        self.matches.iter().find(|m| m.table == Some(table))
    }

    pub fn match_of(&self, player: PlayerId) -> Option<&Match> {
        self.matches.iter().find(|m| m.seats.contains(player))
    }
}
