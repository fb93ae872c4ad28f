//! The rulesets and title presets embedded in the binary at build time.

use super::error::RulesetError;
use super::load::parse_ruleset;
use super::schema::Ruleset;
use super::title::{TitlePreset, parse_title};

macro_rules! embedded {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rulesets/", $name)))),*]
    };
}

/// `(file name, text)` of every ruleset in `rulesets/`, in catalogue order.
pub const RULESET_FILES: &[(&str, &str)] = embedded![
    "bushiroad-en.toml",
    "bushiroad-ja.toml",
    "bushinavi.toml",
    "dream-order.toml",
    "bandai.toml",
    "fow.toml",
    "crossover.toml",
    "moncolle-legacy.toml",
];

/// `(file name, text)` of every title preset in `rulesets/titles/`.
pub const TITLE_FILES: &[(&str, &str)] = embedded![
    "titles/vanguard.toml",
    "titles/weiss-schwarz.toml",
    "titles/weiss-schwarz-blau-rose.toml",
    "titles/buddyfight.toml",
    "titles/rebirth-for-you.toml",
    "titles/shadowverse-evolve.toml",
    "titles/dream-order.toml",
    "titles/hololive.toml",
    "titles/gotoubun.toml",
    "titles/lovelive.toml",
    "titles/godzilla.toml",
    "titles/digimon.toml",
    "titles/force-of-will.toml",
    "titles/caster-chronicles.toml",
    "titles/dragonball-ccg.toml",
    "titles/naruto-ccg.toml",
    "titles/monster-collection.toml",
];

/// Ids of the embedded rulesets, in catalogue order.
pub fn ruleset_ids() -> Vec<&'static str> {
    RULESET_FILES
        .iter()
        .map(|(file, _)| file.trim_end_matches(".toml"))
        .collect()
}

/// The embedded ruleset with this id.
pub fn ruleset(id: &str) -> Result<Ruleset, RulesetError> {
    let file_name = format!("{id}.toml");
    let (file, text) = RULESET_FILES
        .iter()
        .find(|(file, _)| *file == file_name)
        .ok_or_else(|| RulesetError::Unknown {
            id: id.to_string(),
            known: ruleset_ids().join(", "),
        })?;
    parse_ruleset(&format!("rulesets/{file}"), text)
}

/// Every embedded title preset.
pub fn titles() -> Result<Vec<TitlePreset>, RulesetError> {
    TITLE_FILES
        .iter()
        .map(|(file, text)| parse_title(&format!("rulesets/{file}"), text))
        .collect()
}

/// The embedded title preset with this id.
pub fn title(id: &str) -> Result<TitlePreset, RulesetError> {
    let all = titles()?;
    let known = all
        .iter()
        .map(|t| t.id.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    all.iter()
        .find(|t| t.id == id)
        .cloned()
        .ok_or(RulesetError::UnknownTitle {
            id: id.to_string(),
            known,
        })
}
