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

/// Which steps of the history: `newest` of them (the screens show the latest few hundred,
/// and a long event's whole log is hundreds of kilobytes); all when `null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryRequest {
    #[serde(default)]
    pub newest: Option<u32>,
}

impl Desk {
    pub fn undo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.undo()
    }

    pub fn redo(&mut self, _: Nothing) -> Result<HistoryItem, CommandError> {
        self.session_mut()?.redo()
    }

    /// The history, oldest first: every step, or the newest ones asked for.
    pub fn history(
        &mut self,
        request: Option<HistoryRequest>,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        let newest = request
            .and_then(|r| r.newest)
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        self.session()?.history_newest(newest)
    }

    pub fn back_to_round(
        &mut self,
        request: BackToRoundRequest,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        self.session_mut()?
            .back_to_round(request.round, request.confirm)
    }
}
