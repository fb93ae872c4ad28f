//! The payout of one event: who gets what, from the final order (groups of players tied
//! for their places) and each player's record.

use super::rules::{PrizeRules, TieRule, on_ladder};
use super::split;
use crate::error::EngineError;
use crate::model::PlayerId;
use crate::rules::door::lottery_order;
use tablekeeper_words::msg;

/// A player in the final order, with their record (wins, losses, draws).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    pub player: PlayerId,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// One counted item a player receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemLine {
    pub name: String,
    pub count: u64,
}

/// One player's prizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutLine {
    pub player: PlayerId,
    /// The first place of the player's group; `tied` when the group has others.
    pub place: u32,
    pub tied: bool,
    /// Store credit in the smallest unit.
    pub credit: u64,
    pub items: Vec<ItemLine>,
    /// Raffle prizes won.
    pub raffle: Vec<String>,
}

/// An item's pool: how many there were, were given, and were asked for beyond the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemTotal {
    pub name: String,
    pub pool: Option<u64>,
    pub given: u64,
    /// Left in the pool (`None` without a pool).
    pub left: Option<u64>,
    /// Asked for by the ladder and participation beyond the pool (the last places get less).
    pub short: u64,
}

/// The whole payout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payout {
    pub lines: Vec<PayoutLine>,
    pub currency: String,
    pub credit_paid: u64,
    /// The credit pool and what is left of it.
    pub credit_pool: Option<u64>,
    pub credit_left: Option<u64>,
    pub items: Vec<ItemTotal>,
    /// The raffle's seed (replay it with the same seed) and its draw: prize, winner.
    pub raffle_seed: Option<u64>,
    pub raffle: Vec<(String, PlayerId)>,
    /// The raffle's prizes nobody could be drawn for (more prizes than players taking part),
    /// in the rules' order; every prize is either in `raffle` or here.
    pub raffle_undrawn: Vec<String>,
    /// How many players take part in the raffle (all, or those who won nothing else by
    /// placing or record), counted before the draw too.
    pub raffle_entrants: u32,
}

/// The payout for `groups` (the final order, players tied for places together, each
/// group in standings order) under `rules`; the raffle, if any, drawn from `raffle_seed`.
/// Totals are added with checked arithmetic: a payout too large to count is refused.
pub fn plan(
    rules: &PrizeRules,
    groups: &[Vec<Entrant>],
    raffle_seed: Option<u64>,
) -> Result<Payout, EngineError> {
    let entrants: Vec<(Entrant, u32, bool)> = placed(rules.ties, groups);
    let credit_by_place = by_place(rules.ties, groups, |place| on_ladder(&rules.place, place))?;
    let mut lines = Vec::with_capacity(entrants.len());
    // Who won something by placing or record: participation (a top-up everyone gets for
    // showing up) is not winning, so it does not keep a player out of a raffle "only for
    // those who won nothing else" (docs/prizes.md).
    let mut won = Vec::with_capacity(entrants.len());
    for ((entrant, place, tied), credit) in entrants.iter().zip(&credit_by_place) {
        let record = rules.by_record(entrant.wins, entrant.losses, entrant.draws);
        let earned = add(*credit, record)?;
        won.push(earned > rules.participation);
        lines.push(PayoutLine {
            player: entrant.player,
            place: *place,
            tied: *tied,
            credit: earned.max(rules.participation),
            items: Vec::new(),
            raffle: Vec::new(),
        });
    }
    let credit_paid = total(lines.iter().map(|l| l.credit))?;
    let credit_left = match rules.pool {
        Some(pool) if credit_paid > pool => {
            return Err(EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.pool-short",
                "the prizes add up to {paid} {currency} but the pool is {pool}: lower the ladder or raise the pool",
                paid = credit_paid,
                currency = rules.currency.clone(),
                pool = pool
            )));
        }
        Some(pool) => Some(pool - credit_paid),
        None => None,
    };
    let mut items = Vec::with_capacity(rules.items.len());
    for item in &rules.items {
        let wanted = by_place(rules.ties, groups, |place| on_ladder(&item.place, place))?
            .into_iter()
            .map(|count| add(count, item.participation))
            .collect::<Result<Vec<u64>, EngineError>>()?;
        let pool = item.count.or_else(|| {
            item.per_entrants
                .map(|per| entrants.len() as u64 / u64::from(per.max(1)))
        });
        // Over the pool: given from the top of the final order down until it runs out.
        let mut remaining = pool.unwrap_or(u64::MAX);
        let mut given = 0u64;
        for ((line, want), won) in lines.iter_mut().zip(&wanted).zip(won.iter_mut()) {
            let count = (*want).min(remaining);
            remaining -= count;
            // More than the participation count came from the ladder: a prize won.
            *won |= count > item.participation;
            // At most what was asked, which is counted below without overflow.
            given = given.saturating_add(count);
            if count > 0 {
                line.items.push(ItemLine {
                    name: item.name.clone(),
                    count,
                });
            }
        }
        let asked = total(wanted.iter().copied())?;
        items.push(ItemTotal {
            name: item.name.clone(),
            pool,
            given,
            left: pool.map(|p| p - given),
            short: asked - given,
        });
    }
    let mut raffle = Vec::new();
    let mut raffle_undrawn = Vec::new();
    let mut raffle_entrants = 0;
    if let Some(rule) = &rules.raffle {
        let eligible: Vec<u32> = lines
            .iter()
            .zip(&won)
            .filter(|(_, won)| !rule.only_without_prize || !**won)
            .map(|(l, _)| l.player.0)
            .collect();
        // Counted before the draw too, so the prize form can warn of a raffle nobody can
        // take part in.
        raffle_entrants = u32::try_from(eligible.len()).unwrap_or(u32::MAX);
        if let Some(seed) = raffle_seed {
            let mut order = lottery_order(eligible, seed).into_iter();
            for prize in &rule.prizes {
                // Every prize is either drawn or said to be undrawn (more prizes than
                // entrants).
                let Some(winner) = order.next() else {
                    raffle_undrawn.push(prize.clone());
                    continue;
                };
                raffle.push((prize.clone(), PlayerId(winner)));
                if let Some(line) = lines.iter_mut().find(|l| l.player.0 == winner) {
                    line.raffle.push(prize.clone());
                }
            }
        }
    }
    Ok(Payout {
        lines,
        currency: rules.currency.clone(),
        credit_paid,
        credit_pool: rules.pool,
        credit_left,
        items,
        raffle_seed: rules.raffle.as_ref().and(raffle_seed),
        raffle,
        raffle_undrawn,
        raffle_entrants,
    })
}

fn too_large() -> EngineError {
    EngineError::InvalidPrizes(msg!(
        "error.invalid-prizes.total-too-large",
        "the prizes add up to more than can be counted; lower the amounts (each at most {max})",
        max = super::rules::MAX_AMOUNT.to_string()
    ))
}

fn add(a: u64, b: u64) -> Result<u64, EngineError> {
    a.checked_add(b).ok_or_else(too_large)
}

fn total(amounts: impl IntoIterator<Item = u64>) -> Result<u64, EngineError> {
    amounts.into_iter().try_fold(0u64, add)
}

/// Each entrant in final order with their place and whether it is shared. Under
/// `standings` nobody shares: a group's players take its places one each, in standings
/// order (semifinal losers without a third-place match are 3rd and 4th). Otherwise each
/// player of a group has the group's first place, marked tied when the group has others.
fn placed(ties: TieRule, groups: &[Vec<Entrant>]) -> Vec<(Entrant, u32, bool)> {
    let mut place = 1u32;
    let mut out = Vec::new();
    for group in groups {
        for (i, entrant) in group.iter().enumerate() {
            out.push(match ties {
                TieRule::Standings => (*entrant, place.saturating_add(index(i)), false),
                TieRule::Shared | TieRule::Hort => (*entrant, place, group.len() > 1),
            });
        }
        place = place.saturating_add(index(group.len()));
    }
    out
}

fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// What each entrant (in final order) gets from a place ladder (`at(place)`), with the
/// places of each tied group shared as `ties` says.
fn by_place(
    ties: TieRule,
    groups: &[Vec<Entrant>],
    at: impl Fn(u32) -> u64,
) -> Result<Vec<u64>, EngineError> {
    let mut place = 1u32;
    let mut out = Vec::new();
    for group in groups {
        let own: Vec<u64> = (0..group.len())
            .map(|i| at(place.saturating_add(index(i))))
            .collect();
        let shares = match ties {
            TieRule::Standings => own,
            TieRule::Shared => split::equally(total(own.iter().copied())?, own.len()),
            TieRule::Hort => split::hort(&own),
        };
        out.extend(shares);
        place = place.saturating_add(index(group.len()));
    }
    Ok(out)
}
