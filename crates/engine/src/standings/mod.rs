//! Standings: rank players by points, then by the ruleset's tiebreaker chain.
//!
//! Values come from [`values`] (exact rationals), ranking from [`ranking`]. Every row
//! carries each tiebreaker both exact and as the ruleset displays it.

pub mod bounds;
pub mod elimination;
mod ranking;
pub mod records;
mod values;

use crate::error::EngineError;
use crate::exact::{Exact, Rounding};
use crate::model::PlayerId;
use crate::ruleset::{Ruleset, Tiebreaker};
use crate::state::Event;

pub use ranking::random_keys;
use records::Records;
use values::Values;

/// Which chain to rank with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Swiss,
    /// Round robin uses the ruleset's `round_robin_tiebreakers` when it has them.
    RoundRobin,
}

/// One tiebreaker value of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiebreakValue {
    pub tiebreaker: Tiebreaker,
    /// `None` for head-to-head when the player was not in a tie it had to break.
    pub exact: Option<Exact>,
    pub display: String,
}

/// One player's line in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRow {
    /// Rank; tied players share it where the ruleset ranks them equal.
    pub rank: u32,
    /// The rank shared by every player tied with this one on the whole chain (before any
    /// random order): equal to `rank` unless a random draw ordered the tie. A cut line is
    /// drawn among the players who share it (docs/decisions.md 32).
    pub tied_rank: u32,
    pub player: PlayerId,
    pub points: Exact,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The player's own match-win percentage where the ruleset uses percentages.
    pub match_win: Option<TiebreakValue>,
    pub tiebreakers: Vec<TiebreakValue>,
    /// The seeded random order decided this player's place among tied players.
    pub decided_by_random: bool,
    pub dropped: bool,
}

/// Ranked standings after the completed rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    pub rows: Vec<StandingsRow>,
    pub completed_rounds: u32,
    pub chain: Vec<Tiebreaker>,
    pub random_seed: u64,
}

/// Standings after the completed rounds, with the chain of the event's structure (a round
/// robin ranks with the ruleset's round-robin chain, 004 VIII).
pub fn compute(event: &Event) -> Result<Standings, EngineError> {
    compute_with(event, format_of(event))
}

/// The chain an event ranks with: its structure's (a round robin has its own).
fn format_of(event: &Event) -> Format {
    match event.settings.structure {
        crate::model::Structure::RoundRobin => Format::RoundRobin,
        _ => Format::Swiss,
    }
}

/// Standings with the chain for `format`.
pub fn compute_with(event: &Event, format: Format) -> Result<Standings, EngineError> {
    compute_from(event, format, &Records::collect(event), Detail::Full)
}

/// How much of each row is filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    /// Every tiebreaker, exact and as the ruleset displays it.
    Full,
    /// The order, ranks, points and record only: `tiebreakers` is empty and `match_win`
    /// is `None` (the callers read neither).
    Order,
}

/// The standings' order (ranks, tied ranks, points, records) without the rows'
/// tiebreaker values, from records the caller already collected: what the pairer needs
/// before every round and the cut-line projection for every outcome it enumerates
/// (formatting every tiebreaker of every row was a third of computing the standings, and
/// a list of values per row most of the rest).
pub fn order(event: &Event, records: &Records) -> Result<Standings, EngineError> {
    compute_from(event, format_of(event), records, Detail::Order)
}

fn compute_from(
    event: &Event,
    format: Format,
    records: &Records,
    detail: Detail,
) -> Result<Standings, EngineError> {
    let ruleset = &event.ruleset;
    let players: Vec<PlayerId> = event.players.iter().map(|p| p.id).collect();
    let values = Values::compute(ruleset, records, &players, None)?;
    let chain = match format {
        Format::RoundRobin if !ruleset.standings.round_robin_tiebreakers.is_empty() => {
            ruleset.standings.round_robin_tiebreakers.clone()
        }
        _ => ruleset.standings.tiebreakers.clone(),
    };
    let wins = |p: &PlayerId| values.tally_of(*p).wins;
    let primary: Vec<(PlayerId, Exact)> = players
        .iter()
        .map(|p| {
            let key = if ruleset.standings.primary_wins {
                Exact::integer(i64::from(wins(p)))
            } else {
                values.points_of(*p)
            };
            (*p, key)
        })
        .collect();
    let ranked = ranking::rank(
        &primary,
        &chain,
        &values,
        records,
        ruleset.standings.unresolved,
        event.settings.standings_seed,
    );
    let uses_percentages = chain.iter().any(|t| {
        matches!(
            t,
            Tiebreaker::MatchWin | Tiebreaker::OppMatchWin | Tiebreaker::OppOppMatchWin
        )
    });
    let full = detail == Detail::Full;
    let rows = ranked
        .into_iter()
        .map(|placed| {
            let player = placed.player;
            let tiebreakers = if full {
                chain
                    .iter()
                    .map(|t| {
                        let exact = match t {
                            Tiebreaker::HeadToHead => placed.head_to_head,
                            other => Some(values.of(*other, player)),
                        };
                        TiebreakValue {
                            tiebreaker: *t,
                            exact,
                            display: exact
                                .map_or_else(|| "—".to_string(), |v| display(ruleset, *t, v)),
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let match_win = (full && uses_percentages).then(|| {
                let exact = values.match_win_of(player);
                TiebreakValue {
                    tiebreaker: Tiebreaker::MatchWin,
                    exact: Some(exact),
                    display: display(ruleset, Tiebreaker::MatchWin, exact),
                }
            });
            let tally = values.tally_of(player);
            StandingsRow {
                rank: placed.rank,
                tied_rank: placed.tied_rank,
                player,
                points: values.points_of(player),
                wins: tally.wins,
                losses: tally.losses,
                draws: tally.draws,
                match_win,
                tiebreakers,
                decided_by_random: placed.decided_by_random,
                dropped: records.dropped_after(player).is_some(),
            }
        })
        .collect();
    Ok(Standings {
        rows,
        completed_rounds: records.total_rounds,
        chain,
        random_seed: event.settings.standings_seed,
    })
}

/// Every player's value of `tiebreaker` after the completed rounds, computed exactly as
/// the standings compute it (also when the event's chain does not use it), by player id.
/// Head-to-head depends on a tied group and is not available here (zero).
pub fn values_of(
    event: &Event,
    tiebreaker: Tiebreaker,
) -> Result<std::collections::HashMap<PlayerId, Exact>, EngineError> {
    let records = Records::collect(event);
    let players: Vec<PlayerId> = event.players.iter().map(|p| p.id).collect();
    let values = Values::compute(&event.ruleset, &records, &players, Some(tiebreaker))?;
    Ok(players
        .iter()
        .map(|p| (*p, values.of(tiebreaker, *p)))
        .collect())
}

/// A value as the ruleset shows it: with the decimals its seed rounds to, else
/// `display_decimals`; sums and counts as integers.
pub fn display(ruleset: &Ruleset, tiebreaker: Tiebreaker, value: Exact) -> String {
    let decimals_of = |rounding: Rounding| match rounding {
        Rounding::None => ruleset.standings.display_decimals,
        Rounding::Truncate { decimals } | Rounding::HalfUp { decimals } => decimals,
    };
    match tiebreaker {
        Tiebreaker::MatchWin => value.to_decimal(decimals_of(ruleset.match_win.rounding)),
        Tiebreaker::OppMatchWin | Tiebreaker::OppOppMatchWin => {
            value.to_decimal(decimals_of(ruleset.opponents.average_rounding))
        }
        _ => value.to_decimal(0),
    }
}
