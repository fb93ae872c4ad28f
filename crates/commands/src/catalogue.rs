//! Listing the embedded rulesets and title presets.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::ruleset::catalogue;
use ts_rs::TS;

use crate::error::CommandError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RulesetSummary {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
    pub source: String,
    pub points: String,
    pub chain: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TitleSummary {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
    pub ruleset: String,
    /// The Japanese-language ruleset of the same publisher, where there is one.
    pub ruleset_ja: Option<String>,
    pub round_minutes: u32,
    pub match_length: String,
    /// Extra turns at time-up (0: none set by the title).
    pub extra_turns: u32,
    /// What to do when time is called, as the title's floor rules say.
    pub time_up_en: String,
    pub time_up_ja: String,
}

pub fn rulesets() -> Result<Vec<RulesetSummary>, CommandError> {
    catalogue::ruleset_ids()
        .into_iter()
        .map(|id| {
            let r = catalogue::ruleset(id).map_err(tablekeeper_engine::EngineError::from)?;
            Ok(RulesetSummary {
                id: r.id.clone(),
                name_en: r.name_en.clone(),
                name_ja: r.name_ja.clone(),
                source: r.source.clone(),
                points: format!(
                    "{}/{}/{}/{}",
                    r.points.win, r.points.draw, r.points.loss, r.points.bye
                ),
                chain: r
                    .standings
                    .tiebreakers
                    .iter()
                    .map(|t| t.id().to_string())
                    .collect(),
            })
        })
        .collect()
}

pub fn titles() -> Result<Vec<TitleSummary>, CommandError> {
    let all = catalogue::titles().map_err(tablekeeper_engine::EngineError::from)?;
    Ok(all
        .into_iter()
        .map(|t| TitleSummary {
            id: t.id,
            name_en: t.name_en,
            name_ja: t.name_ja,
            ruleset: t.ruleset,
            ruleset_ja: t.ruleset_ja,
            round_minutes: t.round_minutes,
            match_length: format!("{:?}", t.match_length).to_lowercase(),
            extra_turns: t.extra_turns,
            time_up_en: t.time_up_en,
            time_up_ja: t.time_up_ja,
        })
        .collect())
}
