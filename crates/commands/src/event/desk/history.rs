//! History: undo, redo, every step of the log in words, and going back to a round.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::session::HistoryItem;

/// Going back to before round `round` was paired: what it would undo, or (with
/// `confirm`) undoing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackToRoundRequest {
    pub round: u32,
    pub confirm: bool,
}

impl Desk {
    pub fn undo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.undo()
    }

    pub fn redo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.redo()
    }

    pub fn history(&mut self, _: Nothing) -> Result<Vec<HistoryItem>, CommandError> {
        self.session()?.history()
    }

    pub fn back_to_round(
        &mut self,
        request: BackToRoundRequest,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        self.session_mut()?
            .back_to_round(request.round, request.confirm)
    }
}
