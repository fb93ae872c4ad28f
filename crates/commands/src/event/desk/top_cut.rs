//! The top cut: starting it, pairing its rounds, and the bracket.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::session::{CutOptions, FinalsChoice};
use crate::views::PairingsView;
use crate::views::bracket::BracketView;
use crate::vocabulary::Finals;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutRequest {
    /// Number of finalists; `0` takes the planned cut, else the publisher's suggestion.
    pub size: u32,
    pub third_place: bool,
    /// Players who declined, are absent or were excluded (id or name).
    pub excluded: Vec<String>,
    /// `null`: the ruleset decides (FoW one-game matches: double elimination).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub finals: Option<Finals>,
    /// `null`: ranking.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub method: Option<SelectionMethod>,
    /// Seed of a draw among players tied on the cut line (recorded; `null`: one is drawn).
    #[serde(default, with = "crate::seed::json")]
    #[ts(optional, type = "string | null")]
    pub seed: Option<u64>,
}

impl Desk {
    pub fn start_cut(&mut self, request: CutRequest) -> Result<BracketView, CommandError> {
        let finals = match request.finals {
            Some(Finals::DoubleElimination) => FinalsChoice::Double,
            Some(Finals::SingleElimination) => FinalsChoice::Single,
            None => FinalsChoice::RulesetDefault,
        };
        self.session_mut()?.start_cut_as(
            CutOptions {
                size: request.size,
                third_place: request.third_place,
                excluded: request.excluded,
                seed: request.seed,
                double: false,
                method: request.method,
            },
            finals,
        )
    }

    pub fn pair_bracket_round(&mut self, _: Nothing) -> Result<PairingsView, CommandError> {
        self.session_mut()?.pair_bracket_round()
    }

    pub fn bracket(&mut self, _: Nothing) -> Result<Option<BracketView>, CommandError> {
        self.session()?.bracket()
    }
}
