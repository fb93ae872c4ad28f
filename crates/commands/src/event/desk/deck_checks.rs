//! Deck checks: tables picked with a recorded seed, and their time extensions.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::event::desk::rounds::RoundRequest;

/// Picks tables of a round for a deck check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckCheckRequest {
    /// How many tables to check.
    pub count: u32,
    /// `null`: the current round.
    #[serde(default)]
    pub round: Option<u32>,
    /// A 64-bit seed as text, to pick again as before (`null`: a fresh one, recorded).
    #[serde(default)]
    pub seed: Option<String>,
}

/// The time extension given to a checked table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckCheckExtensionRequest {
    pub table: u32,
    pub minutes: u32,
    /// `null`: the current round.
    #[serde(default)]
    pub round: Option<u32>,
}

impl Desk {
    /// Picks tables of the round for a deck check, with a recorded seed.
    pub fn deck_check(
        &mut self,
        request: DeckCheckRequest,
    ) -> Result<crate::views::deck_checks::DeckCheckView, CommandError> {
        let seed = crate::seed::from_text(request.seed.as_deref())?;
        self.session_mut()?
            .check_decks(request.round, request.count, seed)
    }

    /// Records the time extension a checked table was given.
    pub fn deck_check_extension(
        &mut self,
        request: DeckCheckExtensionRequest,
    ) -> Result<Vec<crate::views::deck_checks::DeckCheckView>, CommandError> {
        self.session_mut()?
            .extend_checked_table(request.round, request.table, request.minutes)
    }

    /// A round's deck checks (`null`: the current round).
    pub fn deck_checks(
        &mut self,
        request: RoundRequest,
    ) -> Result<Vec<crate::views::deck_checks::DeckCheckView>, CommandError> {
        self.session()?.deck_checks(request.round)
    }
}
