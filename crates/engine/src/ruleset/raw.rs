//! A ruleset file as TOML gives it, before validation: every table and its fields.

use serde::Deserialize;

use super::schema::{GradedReason, RecommendedRounds, RecommendedWithCut, TardinessThreshold};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRuleset {
    pub(super) id: String,
    pub(super) name_en: String,
    pub(super) name_ja: String,
    pub(super) source: String,
    pub(super) points: RawPoints,
    pub(super) match_win: RawMatchWin,
    pub(super) opponents: RawOpponents,
    pub(super) standings: RawStandings,
    pub(super) pairing: RawPairing,
    #[serde(default)]
    pub(super) penalties: Option<RawPenalties>,
    #[serde(default)]
    pub(super) recommended: Vec<RecommendedRounds>,
    #[serde(default)]
    pub(super) recommended_with_cut: Vec<RecommendedWithCut>,
    #[serde(default)]
    pub(super) top_cut: Option<RawTopCut>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTopCut {
    pub(super) suggest: String,
    #[serde(default)]
    pub(super) min_players: u32,
    #[serde(default)]
    pub(super) max_size: u32,
    #[serde(default)]
    pub(super) size: u32,
    #[serde(default)]
    pub(super) finals: Option<String>,
    #[serde(default)]
    pub(super) first_player: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPenalties {
    pub(super) kinds: Vec<String>,
    #[serde(default)]
    pub(super) tardiness: Vec<TardinessThreshold>,
    #[serde(default)]
    pub(super) no_show_drop_after: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPoints {
    pub(super) win: i64,
    pub(super) draw: i64,
    pub(super) loss: i64,
    pub(super) bye: i64,
    pub(super) default_win: i64,
    pub(super) default_loss: i64,
    pub(super) double_loss: i64,
    pub(super) double_win: i64,
    pub(super) max_per_match: i64,
    #[serde(default = "one")]
    pub(super) games_to_win: u8,
    #[serde(default)]
    pub(super) graded: Vec<GradedReason>,
    #[serde(default)]
    pub(super) penalty_reason: Option<String>,
}

pub(super) fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMatchWin {
    pub(super) denominator: String,
    pub(super) multiply_by_max_points: bool,
    #[serde(default)]
    pub(super) exclude_own: Vec<String>,
    pub(super) rounding: String,
    #[serde(default)]
    pub(super) decimals: u32,
    pub(super) floor: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawOpponents {
    pub(super) exclude: Vec<String>,
    pub(super) average_rounding: String,
    #[serde(default)]
    pub(super) average_decimals: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStandings {
    pub(super) primary: String,
    pub(super) tiebreakers: Vec<String>,
    #[serde(default)]
    pub(super) round_robin_tiebreakers: Vec<String>,
    pub(super) unresolved: String,
    pub(super) display_decimals: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPairing {
    pub(super) bye: String,
    pub(super) cut_comparison: String,
    #[serde(default)]
    pub(super) result_lock_rounds: Option<u32>,
    #[serde(default)]
    pub(super) balance_first_turn: bool,
    #[serde(default)]
    pub(super) variable_rounds: Option<String>,
    #[serde(default)]
    pub(super) single_elimination: Option<String>,
}
