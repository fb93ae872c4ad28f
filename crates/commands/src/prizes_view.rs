//! Prizes and seasons as hosts show them: an event's payout from prize rules
//! (TOML text), and a season's standings from season rules and event files. The
//! arithmetic is the engine's (`engine::prizes`, `engine::season`); this reads the event
//! files and names the players. docs/prizes.md, docs/seasons.md.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Outcome, Seats};
use tablekeeper_engine::prizes::{Entrant, PrizeRules, TieRule, plan};
use tablekeeper_engine::rules::final_order::final_order;
use tablekeeper_engine::season::{SeasonEvent, SeasonResult, SeasonRules, compute};
use ts_rs::TS;

use crate::error::CommandError;
use crate::session::Session;

/// An event's prizes: under the rules recorded in the event (`rules: null`) or under
/// `rules` (TOML text, to try rules before setting them). The raffle, if the rules have
/// one, is drawn from `raffle_seed` (a 64-bit number as text, as the door's lottery seed);
/// without one, the recorded rules use the recorded draw (none yet: no winners shown) and
/// rules given here draw a fresh seed, shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrizesRequest {
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub raffle_seed: Option<String>,
}

/// The event's prize rules (TOML text; empty removes them), recorded in its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetPrizesRequest {
    pub rules: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ItemCountView {
    pub name: String,
    #[ts(type = "number")]
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PayoutLineView {
    /// The first place of the player's group; `tied` when others share it.
    pub place: u32,
    pub tied: bool,
    pub player: u32,
    pub name: String,
    /// Store credit in the smallest unit of `currency`.
    #[ts(type = "number")]
    pub credit: u64,
    pub items: Vec<ItemCountView>,
    pub raffle: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ItemTotalView {
    pub name: String,
    #[ts(type = "number | null")]
    pub pool: Option<u64>,
    #[ts(type = "number")]
    pub given: u64,
    #[ts(type = "number | null")]
    pub left: Option<u64>,
    /// Asked for beyond the pool (the last places got less).
    #[ts(type = "number")]
    pub short: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PayoutView {
    pub event: String,
    pub currency: String,
    pub lines: Vec<PayoutLineView>,
    #[ts(type = "number")]
    pub credit_paid: u64,
    #[ts(type = "number | null")]
    pub credit_pool: Option<u64>,
    #[ts(type = "number | null")]
    pub credit_left: Option<u64>,
    pub items: Vec<ItemTotalView>,
    /// The raffle's seed (a 64-bit number as text): the same seed draws the same winners.
    pub raffle_seed: Option<String>,
    /// The rules have a raffle that is not drawn yet.
    pub raffle_pending: bool,
    /// Raffle prizes nobody could be drawn for: more prizes than players taking part
    /// (`raffle_entrants`, all players or only those who won nothing else).
    pub raffle_undrawn: Vec<String>,
    pub raffle_entrants: u32,
    /// The rules this payout is computed under (TOML text).
    pub rules: String,
    /// Whether they are the rules recorded in the event (else rules being tried).
    pub recorded: bool,
}

/// A season's standings from `rules` (its TOML text) over the event files `files`, and the
/// player library's events created from `from` to `to` when either is given (dates
/// `YYYY-MM-DD`, both included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonRequest {
    pub rules: String,
    #[serde(default)]
    pub files: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to: Option<String>,
}

/// A date typed for a season's range: `YYYY-MM-DD`.
pub(crate) fn season_date(text: &str) -> Result<String, CommandError> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .map_err(|_| {
            CommandError::input(
                tablekeeper_words::ErrorKind::InvalidSeason,
                tablekeeper_words::msg!(
                    "error.invalid-season.date",
                    "'{date}' is not a date; write it as 2026-12-31",
                    date = text
                ),
            )
        })
}

/// A season's table printed as PDF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintSeasonRequest {
    pub season: SeasonRequest,
    pub paper: crate::vocabulary::Paper,
    pub language: tablekeeper_words::Language,
    /// Open the PDF in the system's viewer once it is written (the host does that).
    #[serde(default)]
    pub open: bool,
    /// Where to write it (`null`: `season printouts/` beside the season's first event).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub output: Option<PathBuf>,
}

/// A season's table written as CSV.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportSeasonRequest {
    pub season: SeasonRequest,
    #[ts(type = "string")]
    pub path: PathBuf,
    /// `null`: UTF-8 with BOM.
    pub encoding: Option<crate::vocabulary::CsvEncoding>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonEventView {
    pub name: String,
    pub file: PathBuf,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonRowView {
    /// `null`: fewer events than the season's minimum (listed after the ranked).
    pub rank: Option<u32>,
    pub name: String,
    #[ts(type = "number")]
    pub points: i64,
    pub events_played: u32,
    pub best_place: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Each event's points, by index into the season's events; `null` where the player did
    /// not play; counted ones among the best N are listed in `counted`.
    #[ts(type = "Array<number | null>")]
    pub by_event: Vec<Option<i64>>,
    pub counted: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonView {
    pub name: String,
    pub events: Vec<SeasonEventView>,
    pub rows: Vec<SeasonRowView>,
}

impl Session {
    /// The open event's payout under the recorded rules or `request.rules`.
    pub fn prizes(&self, request: PrizesRequest) -> Result<PayoutView, CommandError> {
        let event = self.event();
        let recorded = request.rules.is_none();
        let text = match request.rules {
            Some(text) => text,
            None => event.prizes.rules.clone().ok_or_else(no_rules)?,
        };
        let rules = PrizeRules::from_toml(&text)?;
        let seed = match (&rules.raffle, request.raffle_seed.as_deref(), recorded) {
            (None, _, _) => None,
            (Some(_), None, true) => event.prizes.raffle_seed,
            (Some(_), typed, _) => Some(crate::seed::from_text(typed)?),
        };
        let payout = plan(&rules, &entrants(event, rules.ties)?, seed)?;
        let name = |player: tablekeeper_engine::model::PlayerId| {
            event
                .player(player)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        Ok(PayoutView {
            event: event.settings.name.clone(),
            currency: payout.currency.clone(),
            lines: payout
                .lines
                .iter()
                .map(|line| PayoutLineView {
                    place: line.place,
                    tied: line.tied,
                    player: line.player.0,
                    name: name(line.player),
                    credit: line.credit,
                    items: line
                        .items
                        .iter()
                        .map(|i| ItemCountView {
                            name: i.name.clone(),
                            count: i.count,
                        })
                        .collect(),
                    raffle: line.raffle.clone(),
                })
                .collect(),
            credit_paid: payout.credit_paid,
            credit_pool: payout.credit_pool,
            credit_left: payout.credit_left,
            items: payout
                .items
                .iter()
                .map(|t| ItemTotalView {
                    name: t.name.clone(),
                    pool: t.pool,
                    given: t.given,
                    left: t.left,
                    short: t.short,
                })
                .collect(),
            raffle_seed: payout.raffle_seed.map(|s| s.to_string()),
            raffle_pending: rules.raffle.is_some() && payout.raffle_seed.is_none(),
            raffle_undrawn: payout.raffle_undrawn.clone(),
            raffle_entrants: payout.raffle_entrants,
            rules: text,
            recorded,
        })
    }
}

impl Session {
    /// Refuses prize rules (TOML text) that cannot be paid as written for the event as it
    /// stands: unreadable, amounts out of range, or a ladder beyond the pool. Empty text
    /// (removing the rules) passes. Called before the rules are recorded, so a refusal
    /// leaves the event unchanged.
    pub fn check_prize_rules(&self, text: &str) -> Result<(), CommandError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let rules = PrizeRules::from_toml(text)?;
        let seed = rules.raffle.as_ref().map(|_| 0);
        plan(&rules, &entrants(self.event(), rules.ties)?, seed)?;
        Ok(())
    }
}

/// The event's final order as the payout planner takes it: groups of players tied for
/// places (Swiss players on equal points grouped only when the rules share ties).
fn entrants(event: &Event, ties: TieRule) -> Result<Vec<Vec<Entrant>>, CommandError> {
    let groups = final_order(event, ties != TieRule::Standings)?;
    Ok(groups
        .iter()
        .map(|group| {
            group
                .iter()
                .map(|f| Entrant {
                    player: f.player,
                    wins: f.wins,
                    losses: f.losses,
                    draws: f.draws,
                })
                .collect()
        })
        .collect())
}

impl PayoutView {
    /// The sheet of an event without prize rules.
    pub fn empty(event: &Event) -> PayoutView {
        PayoutView {
            event: event.settings.name.clone(),
            currency: String::new(),
            lines: Vec::new(),
            credit_paid: 0,
            credit_pool: None,
            credit_left: None,
            items: Vec::new(),
            raffle_seed: None,
            raffle_pending: false,
            raffle_undrawn: Vec::new(),
            raffle_entrants: 0,
            rules: String::new(),
            recorded: true,
        }
    }
}

fn no_rules() -> CommandError {
    CommandError::input(
        tablekeeper_words::ErrorKind::InvalidPrizes,
        tablekeeper_words::msg!(
            "error.invalid-prizes.none",
            "this event has no prize rules yet; write them on the Prizes screen (or pass --rules FILE)"
        ),
    )
}

/// A season's standings: each event file read as it is on disk now (a corrected event
/// changes the season), each event once however often it is listed.
pub fn season(request: SeasonRequest) -> Result<SeasonView, CommandError> {
    let rules = SeasonRules::from_toml(&request.rules)?;
    let mut events = Vec::with_capacity(request.files.len());
    // Each event's file (the first listed of its copies), by the event's identity.
    let mut files: std::collections::HashMap<String, PathBuf> = Default::default();
    for path in &request.files {
        let (event, id) = read_event(path)?;
        if files.contains_key(&id) {
            continue;
        }
        files.insert(id.clone(), path.clone());
        events.push(season_event(&event, id)?);
    }
    let standings = compute(&rules, &events);
    let count = standings.events.len();
    Ok(SeasonView {
        name: standings.name.clone(),
        events: standings
            .events
            .iter()
            .map(|(id, name)| SeasonEventView {
                name: name.clone(),
                file: files.get(id).cloned().unwrap_or_default(),
            })
            .collect(),
        rows: standings
            .rows
            .iter()
            .map(|row| {
                let mut by_event = vec![None; count];
                let mut counted = Vec::new();
                for c in &row.contributions {
                    if let Some(slot) = by_event.get_mut(c.event) {
                        *slot = Some(c.points);
                    }
                    if c.counted {
                        counted.push(u32::try_from(c.event).unwrap_or(u32::MAX));
                    }
                }
                SeasonRowView {
                    rank: row.rank,
                    name: row.name.clone(),
                    points: row.points,
                    events_played: row.events_played,
                    best_place: row.best_place,
                    wins: row.wins,
                    losses: row.losses,
                    draws: row.draws,
                    by_event,
                    counted,
                }
            })
            .collect(),
    })
}

/// The event as stored, and its identity: when it was created and its recorded seed (a
/// copy or a backup of the same event is the same event).
pub(crate) fn read_event(path: &Path) -> Result<(Event, String), CommandError> {
    let stored = tablekeeper_store::EventFile::load_read_only(path)?;
    let id = crate::session::event_identity(&stored.created_at, stored.settings.standings_seed);
    let event = crate::replay::replay_stored(&stored, path)?;
    Ok((event, id))
}

/// The same person across events: the publisher ID where there is one, else the name and
/// reading (a season reads the event files alone).
fn person(player: &tablekeeper_engine::model::Player) -> String {
    match &player.publisher_id {
        Some(id) if !id.trim().is_empty() => format!("id:{}", id.trim()),
        _ => format!(
            "name:{}|{}",
            player.name.trim(),
            player.reading.as_deref().unwrap_or("").trim()
        ),
    }
}

fn season_event(event: &Event, id: String) -> Result<SeasonEvent, CommandError> {
    let groups = final_order(event, false)?;
    let mut results = Vec::new();
    let mut place = 1u32;
    for group in &groups {
        for finisher in group {
            if let Ok(player) = event.player(finisher.player) {
                results.push(SeasonResult {
                    key: person(player),
                    name: player.name.clone(),
                    place,
                    wins: finisher.wins,
                    losses: finisher.losses,
                    draws: finisher.draws,
                });
            }
        }
        place = place.saturating_add(u32::try_from(group.len()).unwrap_or(u32::MAX));
    }
    let key = |id| event.player(id).map(person).ok();
    let mut matches = Vec::new();
    for found in event.rounds.iter().flat_map(|r| &r.matches) {
        if let (Seats::Pair { a, b }, Some(result)) = (found.seats, &found.result)
            && let (Some(ka), Some(kb)) = (key(a), key(b))
        {
            let winner = match (result.seats.first(), result.seats.get(1)) {
                (Some(sa), Some(sb))
                    if sa.outcome == Outcome::Win && sb.outcome != Outcome::Win =>
                {
                    Some(true)
                }
                (Some(sa), Some(sb))
                    if sb.outcome == Outcome::Win && sa.outcome != Outcome::Win =>
                {
                    Some(false)
                }
                _ => None,
            };
            matches.push((ka, kb, winner));
        }
    }
    // The identity begins with the creation time (RFC 3339, with the laptop's offset).
    let held_at = id
        .split('/')
        .next()
        .and_then(|created| chrono::DateTime::parse_from_rfc3339(created).ok())
        .map_or(0, |created| created.timestamp_millis());
    Ok(SeasonEvent {
        id,
        held_at,
        name: event.settings.name.clone(),
        players: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
        results,
        matches,
    })
}
