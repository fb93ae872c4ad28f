//! A season's rules as data:
//!
//! ```toml
//! name = "Friday locals, winter"
//! best = 10                  # only each player's best 10 events count (optional)
//! drop_worst = 2             # once the season has drop_from events, each player's
//! drop_from = 8              #   2 worst results are left out (a missed event first)
//! min_events = 3             # events needed to be ranked
//! min_players = 8            # an event with fewer players counts for nothing
//! participation = 1          # points for playing an event
//! per_win = 0                # points per match won and drawn
//! per_draw = 0
//! placing = [{ down_to = 1, points = 20 }, { down_to = 2, points = 16 },
//!            { down_to = 32, points = 6, min_players = 129 }]
//! field_bonus = [{ min_players = 16, points = 2 }]
//! tiebreakers = ["best-finish", "events-played", "wins", "head-to-head"]
//! shops = ["3F2A-9C41-0B7E-55D2"]  # shared events of these shops only (optional)
//! ```

use serde::Deserialize;

use crate::error::EngineError;
use tablekeeper_words::msg;

/// The largest number of points (either sign) a season rule may give: a season of
/// thousands of events and matches then still adds up within 64 bits.
pub const MAX_POINTS: i64 = 1_000_000;

/// A placing row: places 1 to `down_to` reach it, in an event of at least `min_players`
/// (a "kicker"); the first row a place reaches whose minimum the event meets pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacingRow {
    pub down_to: u32,
    pub points: i64,
    #[serde(default)]
    pub min_players: u32,
}

/// Points for an event of at least `min_players`; the largest minimum the event meets pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldBonus {
    pub min_players: u32,
    pub points: i64,
}

/// What orders players on equal season points, in the order given; players still equal
/// share the rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeasonTiebreaker {
    /// The best single placing.
    BestFinish,
    /// More events played.
    EventsPlayed,
    /// More match wins over the season.
    Wins,
    /// Wins in the season's matches between the tied players.
    HeadToHead,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeasonRules {
    pub name: String,
    #[serde(default)]
    pub best: Option<u32>,
    /// Once the season counts `drop_from` events, each player's `drop_worst` worst results
    /// are left out: their best (events − drop_worst) count, so a missed event is dropped
    /// first. 0: nothing is dropped.
    #[serde(default)]
    pub drop_worst: u32,
    #[serde(default)]
    pub drop_from: u32,
    #[serde(default)]
    pub min_events: u32,
    #[serde(default)]
    pub min_players: u32,
    #[serde(default)]
    pub participation: i64,
    #[serde(default)]
    pub per_win: i64,
    #[serde(default)]
    pub per_draw: i64,
    #[serde(default)]
    pub placing: Vec<PlacingRow>,
    #[serde(default)]
    pub field_bonus: Vec<FieldBonus>,
    #[serde(default)]
    pub tiebreakers: Vec<SeasonTiebreaker>,
    /// Which shops' shared events count, by their keys' fingerprints (`ABCD-EF01-2345-6789`);
    /// empty: every shop's (docs/exchange.md).
    #[serde(default)]
    pub shops: Vec<String>,
}

impl SeasonRules {
    /// Reads and checks a season's rules from TOML text.
    pub fn from_toml(text: &str) -> Result<SeasonRules, EngineError> {
        let mut rules: SeasonRules = toml::from_str(text).map_err(|e| {
            EngineError::InvalidSeason(msg!(
                "error.invalid-season.toml",
                "the season rules could not be read: {detail}",
                detail = e.message().to_string()
            ))
        })?;
        rules.check()?;
        Ok(rules)
    }

    /// Sorts the rows and refuses what cannot be computed as written.
    pub fn check(&mut self) -> Result<(), EngineError> {
        if self.name.trim().is_empty() {
            return Err(EngineError::InvalidSeason(msg!(
                "error.invalid-season.name",
                "give the season a name (name = \"…\")"
            )));
        }
        if self.best == Some(0) {
            return Err(EngineError::InvalidSeason(msg!(
                "error.invalid-season.best",
                "best must be 1 or more (or left out: every event counts)"
            )));
        }
        if self.drop_worst > 0 && self.drop_from <= self.drop_worst {
            return Err(EngineError::InvalidSeason(msg!(
                "error.invalid-season.drop-from",
                "dropping the {worst} worst results needs a season of more events than that: set drop_from to {least} or more",
                worst = self.drop_worst.to_string(),
                least = (u64::from(self.drop_worst) + 1).to_string()
            )));
        }
        let points = [self.participation, self.per_win, self.per_draw]
            .into_iter()
            .chain(self.placing.iter().map(|row| row.points))
            .chain(self.field_bonus.iter().map(|row| row.points));
        if let Some(points) = points.into_iter().find(|p| p.abs() > MAX_POINTS) {
            return Err(EngineError::InvalidSeason(msg!(
                "error.invalid-season.too-large",
                "{points} points is beyond what a season rule may give (at most {max} either way)",
                points = points.to_string(),
                max = MAX_POINTS.to_string()
            )));
        }
        if self.placing.iter().any(|row| row.down_to == 0) {
            return Err(EngineError::InvalidSeason(msg!(
                "error.invalid-season.place-zero",
                "places start at 1: a placing row cannot end at place 0"
            )));
        }
        self.placing
            .sort_by_key(|row| (row.down_to, row.min_players));
        self.field_bonus.sort_by_key(|row| row.min_players);
        for shop in &mut self.shops {
            let hex: String = shop
                .chars()
                .filter(char::is_ascii_hexdigit)
                .map(|c| c.to_ascii_uppercase())
                .collect();
            if hex.len() != 16
                || shop
                    .chars()
                    .any(|c| !c.is_ascii_hexdigit() && c != '-' && c != ' ')
            {
                return Err(EngineError::InvalidSeason(msg!(
                    "error.invalid-season.shop",
                    "'{shop}' is not a shop's fingerprint: copy it from the shop's Settings (like 3F2A-9C41-0B7E-55D2)",
                    shop = shop.clone()
                )));
            }
            *shop = hex
                .as_bytes()
                .chunks(4)
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect::<Vec<_>>()
                .join("-");
        }
        let mut seen = Vec::new();
        for tiebreaker in &self.tiebreakers {
            if seen.contains(tiebreaker) {
                return Err(EngineError::InvalidSeason(msg!(
                    "error.invalid-season.tiebreaker-twice",
                    "a tiebreaker is listed twice: keep one"
                )));
            }
            seen.push(*tiebreaker);
        }
        Ok(())
    }

    /// How many of one player's results count in a season of `events` counted events: the
    /// best N, and the season's events less the dropped worst once there are enough of them.
    pub fn results_counted(&self, events: usize) -> usize {
        let best = self.best.map_or(usize::MAX, |n| n as usize);
        let worst = self.drop_worst as usize;
        if worst > 0 && events >= self.drop_from as usize {
            best.min(events.saturating_sub(worst))
        } else {
            best
        }
    }

    /// The placing points of `place` in an event of `players`.
    pub fn placing_points(&self, place: u32, players: u32) -> i64 {
        self.placing
            .iter()
            .find(|row| place <= row.down_to && players >= row.min_players)
            .map_or(0, |row| row.points)
    }

    /// The field-size bonus of an event of `players`.
    pub fn field_bonus(&self, players: u32) -> i64 {
        self.field_bonus
            .iter()
            .rev()
            .find(|row| players >= row.min_players)
            .map_or(0, |row| row.points)
    }
}
