//! Rounds: pairing the next Swiss round (or typing one in), its pairings and why, and
//! changing them (re-pair, swap, a bye given by hand).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::views::{ExplanationView, PairingsView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PairRequest {
    /// Allow the fewest rematches when no pairing without one exists.
    pub allow_rematches: bool,
    /// The pairing seed (recorded; `null`: one is drawn).
    #[serde(default, with = "crate::seed::json")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
    /// Single-elimination events, round 1: the seeds in order (numbers or names, each
    /// active player once); `null`: drawn at random from the seed (002 §3.4.1).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub order: Option<Vec<String>>,
}

/// Pair the current round again from scratch (before any result is in).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RepairRequest {
    pub reason: String,
    pub allow_rematches: bool,
    /// The new pairing seed (recorded; `null`: one is drawn).
    #[serde(default, with = "crate::seed::json")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
}

/// A round's pairings, with the pairer's explanation only when asked (it replays the log
/// and pairs the round again to check it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PairingsRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub explain: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SwapRequest {
    pub a: String,
    pub b: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GiveByeRequest {
    pub player: String,
    pub reason: String,
}

/// One table of a round entered as given: two players, or one with the bye (`b: null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GivenTable {
    /// The table number (ignored for a bye).
    pub table: u32,
    /// Player by number or exact name.
    pub a: String,
    pub b: Option<String>,
}

/// The next round's pairings as played on paper (table by table, or a CSV of
/// `table,player_a,player_b` with an empty `table` or `player_b` for the bye).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EnterPairingRequest {
    pub tables: Vec<GivenTable>,
    /// A CSV file's bytes instead of `tables`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub csv: Option<Vec<u8>>,
    pub reason: String,
}

impl Desk {
    /// Pairs the next Swiss round, or the next bracket round once the cut has started.
    pub fn pair_round(&mut self, request: PairRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .pair(request.seed, request.allow_rematches, request.order)
    }

    /// A round's pairings; the pairer's explanation only when asked (it replays the log
    /// and pairs the round again, which a refresh of the Results screen does not need).
    pub fn pairings(&mut self, request: PairingsRequest) -> Result<PairingsView, CommandError> {
        let session = self.session()?;
        let mut view = session.pairings(request.round)?;
        if request.explain && view.bracket_round.is_none() {
            view.explanation = Some(session.explain(Some(view.round))?);
        }
        Ok(view)
    }

    pub fn explain(&mut self, request: RoundRequest) -> Result<ExplanationView, CommandError> {
        self.session()?.explain(request.round)
    }

    pub fn repair_round(&mut self, request: RepairRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .repair_round(request.seed, request.allow_rematches, &request.reason)
    }

    pub fn swap(&mut self, request: SwapRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .swap_players(&request.a, &request.b, &request.reason)
    }

    pub fn give_bye(&mut self, request: GiveByeRequest) -> Result<PairingsView, CommandError> {
        self.session_mut()?
            .give_bye(&request.player, &request.reason)
    }

    /// Pairs the next round as it was played on paper (one logged step, with warnings).
    pub fn enter_pairing(
        &mut self,
        request: EnterPairingRequest,
    ) -> Result<PairingsView, CommandError> {
        let tables = match &request.csv {
            Some(bytes) => crate::formats::paper::pairing_csv(bytes)?,
            None => request
                .tables
                .into_iter()
                .map(|t| (t.table, t.a, t.b.filter(|b| !b.trim().is_empty())))
                .collect(),
        };
        self.session_mut()?.enter_pairing(tables, &request.reason)
    }
}
