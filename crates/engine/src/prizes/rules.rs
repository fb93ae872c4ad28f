//! Prize rules as data, in TOML like the rulesets (docs/prizes.md has a full example):
//!
//! ```toml
//! currency = "JPY"          # a label; amounts are integers of the smallest unit
//! pool = 10000              # optional: the credit available
//! ties = "shared"           # "shared", "hort" or "standings"
//! participation = 100       # optional: every player gets at least this much credit
//!
//! [[place]]                 # rows are upper bounds: the highest row a place reaches
//! down_to = 1               # applies (rows do not add up)
//! amount = 3000
//!
//! [[record]]                # by record: wins-losses(-draws)
//! record = "3-0"
//! amount = 2500
//!
//! [[items]]
//! name = "booster pack"
//! per_entrants = 4          # the pool: one per 4 players (or `count = 12`)
//! place = [{ down_to = 1, count = 3 }, { down_to = 4, count = 1 }]
//! participation = 0
//!
//! [raffle]
//! prizes = ["playmat", "sleeves"]
//! only_without_prize = true
//! ```

use serde::Deserialize;

use crate::error::EngineError;
use tablekeeper_words::msg;

/// The largest amount (credit or item count) a rule may name: a trillion of the smallest
/// unit (¥1,000,000,000,000 or $10,000,000,000.00). With it, every total of a payout — a
/// place plus a record amount for each of a few million players — fits in 64 bits, and the
/// planner still adds with checked arithmetic (docs/prizes.md, "Amounts").
pub const MAX_AMOUNT: u64 = 1_000_000_000_000;

/// How players tied for places share those places' prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// The tied places' prizes pooled and divided equally (US Chess 32B3).
    Shared,
    /// Half of one's own place's prize kept, the other halves pooled and shared (Hort).
    Hort,
    /// No sharing: each player gets the prize of the place the standings give them.
    Standings,
}

/// A ladder row: places 1 to `down_to` reach it; the first row (smallest `down_to`) a
/// place reaches is the one that pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceRow {
    pub down_to: u32,
    #[serde(alias = "count")]
    pub amount: u64,
}

/// A record and its credit.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRow {
    /// "W-L" or "W-L-D".
    pub record: String,
    pub amount: u64,
}

/// Counted items (packs): a ladder, a participation count, and the pool they come from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemRule {
    pub name: String,
    /// The pool: a fixed count, or one per this many entrants (rounded down).
    #[serde(default)]
    pub count: Option<u64>,
    #[serde(default)]
    pub per_entrants: Option<u32>,
    #[serde(default)]
    pub place: Vec<PlaceRow>,
    #[serde(default)]
    pub participation: u64,
}

/// A door-prize raffle, drawn from a recorded seed.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Raffle {
    pub prizes: Vec<String>,
    /// Only players who won nothing else take part.
    #[serde(default)]
    pub only_without_prize: bool,
}

/// An event's prize rules, validated.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeRules {
    #[serde(default)]
    pub currency: String,
    #[serde(default)]
    pub pool: Option<u64>,
    pub ties: TieRule,
    #[serde(default)]
    pub participation: u64,
    #[serde(default)]
    pub place: Vec<PlaceRow>,
    #[serde(default)]
    pub record: Vec<RecordRow>,
    #[serde(default)]
    pub items: Vec<ItemRule>,
    #[serde(default)]
    pub raffle: Option<Raffle>,
}

impl PrizeRules {
    /// Reads and checks prize rules from TOML text.
    pub fn from_toml(text: &str) -> Result<PrizeRules, EngineError> {
        let mut rules: PrizeRules = toml::from_str(text).map_err(|e| {
            EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.toml",
                "the prize rules could not be read: {detail}",
                detail = e.message().to_string()
            ))
        })?;
        rules.check()?;
        Ok(rules)
    }

    /// Sorts the ladders and refuses what cannot be paid as written.
    pub fn check(&mut self) -> Result<(), EngineError> {
        self.check_amounts()?;
        check_ladder(&mut self.place)?;
        for item in &mut self.items {
            check_ladder(&mut item.place)?;
            if item.name.trim().is_empty() {
                return Err(EngineError::InvalidPrizes(msg!(
                    "error.invalid-prizes.item-name",
                    "every item needs a name (for example name = \"booster pack\")"
                )));
            }
            if item.count.is_some() && item.per_entrants.is_some() {
                return Err(EngineError::InvalidPrizes(msg!(
                    "error.invalid-prizes.item-pool",
                    "give {name} either count or per_entrants, not both",
                    name = item.name.clone()
                )));
            }
            if item.per_entrants == Some(0) {
                return Err(EngineError::InvalidPrizes(msg!(
                    "error.invalid-prizes.per-entrants",
                    "per_entrants of {name} must be 1 or more",
                    name = item.name.clone()
                )));
            }
        }
        let mut seen: Vec<(u32, u32, u32)> = Vec::new();
        for row in &self.record {
            let Some(record) = parse_record(&row.record) else {
                return Err(EngineError::InvalidPrizes(msg!(
                    "error.invalid-prizes.record",
                    "{record} is not a record: write wins-losses or wins-losses-draws, for example 3-0 or 2-0-1",
                    record = row.record.clone()
                )));
            };
            if seen.contains(&record) {
                return Err(EngineError::InvalidPrizes(msg!(
                    "error.invalid-prizes.record-twice",
                    "the record {record} is listed twice",
                    record = row.record.clone()
                )));
            }
            seen.push(record);
        }
        Ok(())
    }

    /// Every amount and count within `0..=MAX_AMOUNT`.
    fn check_amounts(&self) -> Result<(), EngineError> {
        let credit = self
            .pool
            .iter()
            .chain([&self.participation])
            .chain(self.place.iter().map(|row| &row.amount))
            .chain(self.record.iter().map(|row| &row.amount));
        let items = self.items.iter().flat_map(|item| {
            item.count
                .iter()
                .chain([&item.participation])
                .chain(item.place.iter().map(|row| &row.amount))
        });
        match credit.chain(items).find(|amount| **amount > MAX_AMOUNT) {
            Some(amount) => Err(EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.too-large",
                "{amount} is more than the largest amount a prize rule may name ({max}); write amounts in the currency's smallest unit, up to {max}",
                amount = amount.to_string(),
                max = MAX_AMOUNT.to_string()
            ))),
            None => Ok(()),
        }
    }

    /// The credit a record earns by the record ladder.
    pub fn by_record(&self, wins: u32, losses: u32, draws: u32) -> u64 {
        self.record
            .iter()
            .find(|row| parse_record(&row.record) == Some((wins, losses, draws)))
            .map_or(0, |row| row.amount)
    }
}

/// A place's amount on a ladder sorted by `down_to`: the first row it reaches.
pub fn on_ladder(ladder: &[PlaceRow], place: u32) -> u64 {
    ladder
        .iter()
        .find(|row| place <= row.down_to)
        .map_or(0, |row| row.amount)
}

fn check_ladder(ladder: &mut [PlaceRow]) -> Result<(), EngineError> {
    ladder.sort_by_key(|row| row.down_to);
    for pair in ladder.windows(2) {
        if pair[0].down_to == pair[1].down_to {
            return Err(EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.place-twice",
                "two rows end at place {place}: keep one",
                place = pair[0].down_to
            )));
        }
    }
    if ladder.first().is_some_and(|row| row.down_to == 0) {
        return Err(EngineError::InvalidPrizes(msg!(
            "error.invalid-prizes.place-zero",
            "places start at 1: a row cannot end at place 0"
        )));
    }
    Ok(())
}

/// "3-0" → (3, 0, 0); "2-0-1" → (2, 0, 1).
fn parse_record(text: &str) -> Option<(u32, u32, u32)> {
    let parts: Vec<&str> = text.trim().split('-').collect();
    let number = |s: &str| s.trim().parse::<u32>().ok();
    match parts.as_slice() {
        [w, l] => Some((number(w)?, number(l)?, 0)),
        [w, l, d] => Some((number(w)?, number(l)?, number(d)?)),
        _ => None,
    }
}
