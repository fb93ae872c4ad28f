//! Penalties: recording one, and the event's list.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::PenaltyType;
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::views::PenaltyView;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PenaltyRequest {
    pub player: String,
    pub penalty: PenaltyType,
    pub infraction: String,
    pub note: Option<String>,
    /// The round it was given in (`null`: the current round).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub round: Option<u32>,
}

impl Desk {
    pub fn penalty(&mut self, request: PenaltyRequest) -> Result<PenaltyView, CommandError> {
        self.session_mut()?.record_penalty(
            &request.player,
            request.round,
            request.penalty,
            &request.infraction,
            request.note,
        )
    }

    pub fn penalties(&mut self, _: Nothing) -> Result<Vec<PenaltyView>, CommandError> {
        Ok(self.session()?.penalties())
    }
}
