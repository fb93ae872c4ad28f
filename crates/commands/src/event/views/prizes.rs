//! Prizes and seasons as hosts show them: an event's payout under its prize rules, and a
//! season's standings, with the players named. The arithmetic is the engine's
//! (`engine::prizes`, `engine::season`); the rules are checked and recorded in
//! `event/session/prizes.rs`, season files read in `season.rs`. docs/prizes.md, docs/seasons.md.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::prizes::{Payout, PrizeRules};
use tablekeeper_engine::season::SeasonStandings;
use ts_rs::TS;

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonEventView {
    pub name: String,
    pub file: PathBuf,
    /// The season breaks ties by head-to-head, and this event's file names no opponents (a
    /// TCG+ file): its matches are unknown to that tiebreaker.
    pub head_to_head_unknown: bool,
    /// Its places are not final (a TOM file not finalized: places from match points).
    pub unfinished: bool,
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

impl PayoutView {
    /// The sheet of `payout`, planned for `event` under `rules` (their TOML `text`);
    /// `recorded`: the rules are the event's own.
    pub fn of(
        event: &Event,
        payout: &Payout,
        rules: &PrizeRules,
        text: String,
        recorded: bool,
    ) -> PayoutView {
        let name = |player: tablekeeper_engine::model::PlayerId| {
            event
                .player(player)
                .map(|p| p.details.name.clone())
                .unwrap_or_default()
        };
        PayoutView {
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
        }
    }
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

impl SeasonView {
    /// The season's table: `standings` with each event's file (`files`, by identity).
    pub fn of(
        standings: &SeasonStandings,
        files: &std::collections::HashMap<String, PathBuf>,
    ) -> SeasonView {
        let count = standings.events.len();
        SeasonView {
            name: standings.name.clone(),
            events: standings
                .events
                .iter()
                .map(|(id, name)| SeasonEventView {
                    name: name.clone(),
                    file: files.get(id).cloned().unwrap_or_default(),
                    head_to_head_unknown: standings.head_to_head_unknown.contains(id),
                    unfinished: standings.unfinished.contains(id),
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
        }
    }
}
