//! Title presets: a ruleset plus the title's round time, match length and time-up text.

use serde::Deserialize;

use super::error::RulesetError;
use super::locate::Locator;

/// Best of one or best of three.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchLength {
    Bo1,
    Bo3,
}

impl MatchLength {
    pub fn games_to_win(self) -> u8 {
        match self {
            MatchLength::Bo1 => 1,
            MatchLength::Bo3 => 2,
        }
    }
}

/// A validated title preset (file in `rulesets/titles/`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitlePreset {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
    pub ruleset: String,
    pub ruleset_ja: Option<String>,
    pub match_length: MatchLength,
    /// 0 = no time limit.
    pub round_minutes: u32,
    pub extra_minutes: u32,
    pub extra_turns: u32,
    pub time_up_en: String,
    pub time_up_ja: String,
    pub top_cut_selection: String,
    pub source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTitle {
    id: String,
    name_en: String,
    name_ja: String,
    ruleset: String,
    #[serde(default)]
    ruleset_ja: Option<String>,
    match_length: String,
    round_minutes: u32,
    extra_minutes: u32,
    extra_turns: u32,
    time_up_en: String,
    time_up_ja: String,
    top_cut_selection: String,
    source: String,
}

const SELECTION_METHODS: [&str; 6] = [
    "ranking",
    "nation-clan",
    "ride-line",
    "title",
    "oshi-holomem",
    "usage-rate",
];

/// Parses and validates a title preset. Ruleset ids are checked by the catalogue.
pub fn parse_title(file: &str, text: &str) -> Result<TitlePreset, RulesetError> {
    let at = Locator { file, text };
    let raw: RawTitle = toml::from_str(text).map_err(|e| at.toml_error(&e))?;
    let match_length = match raw.match_length.as_str() {
        "bo1" => MatchLength::Bo1,
        "bo3" => MatchLength::Bo3,
        _ => return Err(at.error("", "match_length", "use \"bo1\" or \"bo3\"")),
    };
    if raw.round_minutes > 240 {
        return Err(at.error(
            "",
            "round_minutes",
            "at most 240 minutes (0 = no time limit)",
        ));
    }
    if !SELECTION_METHODS.contains(&raw.top_cut_selection.as_str()) {
        return Err(at.error(
            "",
            "top_cut_selection",
            format!("use one of {}", SELECTION_METHODS.join(", ")),
        ));
    }
    Ok(TitlePreset {
        id: raw.id,
        name_en: raw.name_en,
        name_ja: raw.name_ja,
        ruleset: raw.ruleset,
        ruleset_ja: raw.ruleset_ja,
        match_length,
        round_minutes: raw.round_minutes,
        extra_minutes: raw.extra_minutes,
        extra_turns: raw.extra_turns,
        time_up_en: raw.time_up_en,
        time_up_ja: raw.time_up_ja,
        top_cut_selection: raw.top_cut_selection,
        source: raw.source,
    })
}
