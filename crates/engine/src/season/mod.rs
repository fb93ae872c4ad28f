//! Seasons: league standings across events. A season's rules are data
//! ([`rules::SeasonRules`], TOML like the rulesets); its events arrive as each event's
//! final placings and records ([`standings::SeasonEvent`], built by the command layer from
//! the event files), so the same event counts once however often it is added, and a
//! corrected event changes the season when it is computed again. docs/seasons.md.

pub mod rules;
pub mod standings;

pub use rules::{PlacingRow, SeasonRules, SeasonTiebreaker};
pub use standings::{SeasonEvent, SeasonResult, SeasonRow, SeasonStandings, compute};
