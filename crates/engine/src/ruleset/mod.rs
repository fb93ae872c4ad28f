//! Rulesets as validated data.
//!
//! One TOML file per catalogue id lives in `rulesets/` (RULESETS.md "Ruleset catalogue");
//! title presets live in `rulesets/titles/`. Both are embedded at build time
//! ([`catalogue`]); an organizer may load a custom file or override single fields
//! ([`overrides`]). `load` parses and validates (the scoring tables; `rounds` the tables
//! of how an event runs, `fields` what they share), `locate` reports file, line and field.

pub mod catalogue;
mod error;
mod fields;
mod load;
mod locate;
pub mod overrides;
mod raw;
mod rounds;
mod schema;
mod title;

pub use error::RulesetError;
pub use load::parse_ruleset;
pub use schema::{
    ByeRule, CutComparison, CutSuggestion, Denominator, Finals, FinalsFirstPlayer, GradedReason,
    MatchWinRule, OpponentRule, PairingRule, PenaltyRule, PointsRule, RecommendedRounds,
    RecommendedWithCut, Ruleset, SingleElimination, StandingsRule, TardinessThreshold,
    TieResolution, Tiebreaker, TopCutRule, VariableRounds, WithCut,
};
pub use title::{MatchLength, TitlePreset, parse_title};
