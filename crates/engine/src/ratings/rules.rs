//! Rating rules as data, in TOML like the season rules, with defaults that need no editing
//! (docs/ratings.md):
//!
//! ```toml
//! tau = 0.5                 # how fast volatility may change (Glickman: 0.3 to 1.2)
//! start_rating = 1500
//! start_deviation = 350
//! start_volatility = 0.06
//! provisional_matches = 10  # rated matches before a rating is no longer provisional
//! min_players = 0           # an event with fewer players is not rated
//! ```

use serde::Deserialize;

use crate::error::EngineError;
use tablekeeper_words::msg;

/// How ratings are computed. Glicko-2's parameters are real numbers by its definition
/// (Glickman, "Example of the Glicko-2 system"); nothing here is a point or a tiebreaker.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RatingRules {
    pub tau: f64,
    pub start_rating: f64,
    pub start_deviation: f64,
    pub start_volatility: f64,
    /// Rated matches a player needs before their rating is no longer marked provisional.
    pub provisional_matches: u32,
    /// Events with fewer registered players are not rated.
    pub min_players: u32,
}

impl Default for RatingRules {
    fn default() -> Self {
        RatingRules {
            tau: 0.5,
            start_rating: 1500.0,
            start_deviation: 350.0,
            start_volatility: 0.06,
            provisional_matches: 10,
            min_players: 0,
        }
    }
}

impl RatingRules {
    /// Reads and checks rating rules from TOML text (empty text: the defaults).
    pub fn from_toml(text: &str) -> Result<RatingRules, EngineError> {
        let rules: RatingRules = toml::from_str(text).map_err(|e| {
            EngineError::InvalidRatings(msg!(
                "error.invalid-ratings.toml",
                "the rating rules could not be read: {detail}",
                detail = e.message().to_string()
            ))
        })?;
        rules.check()?;
        Ok(rules)
    }

    /// Refuses values Glicko-2 cannot work with.
    pub fn check(&self) -> Result<(), EngineError> {
        let within =
            |value: f64, low: f64, high: f64| value.is_finite() && value > low && value <= high;
        if !within(self.tau, 0.0, 3.0) {
            return Err(EngineError::InvalidRatings(msg!(
                "error.invalid-ratings.tau",
                "tau must be above 0 and at most 3 (Glickman suggests 0.3 to 1.2)"
            )));
        }
        if !within(self.start_deviation, 0.0, 1000.0)
            || !within(self.start_volatility, 0.0, 1.0)
            || !within(self.start_rating, -10_000.0, 10_000.0)
        {
            return Err(EngineError::InvalidRatings(msg!(
                "error.invalid-ratings.start",
                "the starting values must be a rating within ±10000, a deviation above 0 up to 1000 and a volatility above 0 up to 1"
            )));
        }
        Ok(())
    }
}
