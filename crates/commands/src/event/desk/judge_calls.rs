//! Judge calls: a player's phone calls a judge with their code, the desk calls one for a
//! player, and the Results screen or a station claims and resolves them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::desk::phone_codes::Holder;
use crate::error::CommandError;
use crate::session::Session;
use crate::session::now_seconds as now;
use crate::views::door::JudgeCallsView;
use crate::views::phone::MeView;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CallJudgeRequest {
    pub code: String,
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CallRequest {
    pub call: u32,
}

/// A judge call made at the desk for a player (no phone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeskCallRequest {
    /// The player's number or name.
    pub player: String,
    #[serde(default)]
    pub reason: Option<String>,
}

impl Desk {
    /// A player calls a judge to their table.
    pub fn call_judge(&mut self, request: CallJudgeRequest) -> Result<MeView, CommandError> {
        let player = self.player_holding(&request.code)?;
        let reason = crate::names::judge_call_reason(request.reason.as_deref())?;
        self.session_mut()?.call_judge(player, reason)?;
        self.me_of(Holder::Player(player))
    }

    /// The judge calls (Results screen, stations).
    pub fn judge_calls(&mut self, _: Nothing) -> Result<JudgeCallsView, CommandError> {
        Ok(JudgeCallsView::of(self.session()?.event(), now()))
    }

    /// A judge call made at the desk for a player.
    pub fn desk_call_judge(
        &mut self,
        request: DeskCallRequest,
    ) -> Result<JudgeCallsView, CommandError> {
        let player = self.session()?.find_player(&request.player)?;
        let reason = crate::names::judge_call_reason(request.reason.as_deref())?;
        self.call_step(|session| session.call_judge(player, reason))
    }

    pub fn claim_call(&mut self, request: CallRequest) -> Result<JudgeCallsView, CommandError> {
        self.call_step(|session| session.claim_call(request.call))
    }

    pub fn resolve_call(&mut self, request: CallRequest) -> Result<JudgeCallsView, CommandError> {
        self.call_step(|session| session.resolve_call(request.call))
    }

    /// Makes one change to the judge calls and answers them as they stand.
    fn call_step(
        &mut self,
        change: impl FnOnce(&mut Session) -> Result<(), CommandError>,
    ) -> Result<JudgeCallsView, CommandError> {
        let session = self.session_mut()?;
        change(session)?;
        Ok(JudgeCallsView::of(session.event(), now()))
    }
}
