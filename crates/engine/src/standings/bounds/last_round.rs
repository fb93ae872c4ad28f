//! Each player's finish per outcome of their own table ([`Bounded`]) and the inputs the
//! comparisons read ([`LastRound`]), built from the event and its pending tables.

use super::difference::{self, Combine};
use super::evaluate::{Bounds, Prospect};
use super::interval::Interval;
use crate::error::EngineError;
use crate::exact::{Exact, Rounding};
use crate::model::{Outcome, PlayerId, SeatResult};
use crate::ruleset::Tiebreaker;
use crate::standings::records::{Records, RoundRecord, index_of};
use crate::standings::values::{own_match_win, sum};
use crate::state::Event;

/// A table of the last round without its result: its seats and every outcome it can have.
#[derive(Debug, Clone)]
pub struct PendingTable {
    pub a: PlayerId,
    pub b: PlayerId,
    /// Each outcome as (seat A, seat B).
    pub outcomes: Vec<[SeatResult; 2]>,
}

/// One player's finish for one outcome of their own table.
#[derive(Debug, Clone)]
pub struct Bounded {
    /// Whose finish, and for which outcome of their table (0 with nothing pending).
    pub(super) player: usize,
    pub(super) outcome: usize,
    /// Points (or wins, where the ruleset ranks by wins first), exact.
    pub primary: Exact,
    /// One interval per tiebreaker of the chain; `None` where it is left open
    /// (head-to-head).
    pub chain: Vec<Option<Interval>>,
}

/// Every player's bounded finish, per outcome of their table.
pub struct LastRound {
    pub(super) chain: Vec<Tiebreaker>,
    pub(super) bounds: Bounds,
    /// The chain's tiebreakers that are sums over tables, as such (where it uses them).
    pub(super) opp_match_win_forms: Option<Vec<Vec<difference::Form>>>,
    pub(super) sos_forms: Option<Vec<Vec<difference::Form>>>,
    /// By player index: their pending table, if any.
    pub(super) at_table: Vec<Option<usize>>,
    /// By player index: one entry for a player with nothing pending, one per outcome of
    /// their table otherwise.
    pub(super) finishes: Vec<Vec<Bounded>>,
}

impl LastRound {
    /// Bounds for the last round in progress with its `tables` still pending. `None` when a
    /// seat without a result is not one of the tables (nothing can be bounded there).
    pub fn compute(
        event: &Event,
        tables: &[PendingTable],
    ) -> Result<Option<LastRound>, EngineError> {
        let Some(last) = event.rounds.last() else {
            return Ok(None);
        };
        let open = last.matches.iter().filter(|m| m.result.is_none()).count();
        if open != tables.len() {
            return Ok(None);
        }
        let ruleset = &event.ruleset;
        let records = Records::collect_through_last(event);
        let count = event.players.len();
        let mut at_table: Vec<Option<(usize, usize)>> = vec![None; count];
        for (index, table) in tables.iter().enumerate() {
            for (seat, player) in [table.a, table.b].into_iter().enumerate() {
                if let Some(slot) = at_table.get_mut(index_of(player)) {
                    *slot = Some((index, seat));
                }
            }
        }
        let mut options: Vec<Vec<Prospect>> = Vec::with_capacity(count);
        for player in &event.players {
            let index = index_of(player.id);
            let base = records.of(player.id);
            let dropped = records.dropped_after(player.id);
            let extras: Vec<Option<(SeatResult, usize)>> =
                match at_table.get(index).copied().flatten() {
                    None => vec![None],
                    Some((table, seat)) => {
                        let pending = &tables[table];
                        let opponent = index_of(if seat == 0 { pending.b } else { pending.a });
                        pending
                            .outcomes
                            .iter()
                            .map(|o| Some((o[seat], opponent)))
                            .collect()
                    }
                };
            let mut mine = Vec::with_capacity(extras.len());
            for extra in extras {
                let mut own = base.to_vec();
                let current = extra.map(|(seat, opponent)| {
                    own.push(RoundRecord {
                        round: last.number,
                        opponent: Some(PlayerId(u32::try_from(opponent + 1).unwrap_or(u32::MAX))),
                        seat,
                    });
                    (
                        opponent,
                        !ruleset.opponents.exclude.contains(&seat.category),
                    )
                });
                let points = sum(own.iter().map(|r| r.seat.points))?;
                let primary = if ruleset.standings.primary_wins {
                    let wins = own
                        .iter()
                        .filter(|r| r.seat.outcome == Outcome::Win)
                        .count();
                    Exact::integer(i64::try_from(wins).unwrap_or(i64::MAX))
                } else {
                    points
                };
                let match_win = own_match_win(ruleset, &own, records.total_rounds, dropped)?;
                mine.push(Prospect {
                    own,
                    current,
                    points,
                    primary,
                    match_win,
                });
            }
            options.push(mine);
        }
        let at_table: Vec<Option<usize>> =
            at_table.iter().map(|t| t.map(|(table, _)| table)).collect();
        let outcomes_at = tables.iter().map(|t| t.outcomes.len()).collect();
        let bounds = Bounds::new(ruleset, &options, at_table.clone(), outcomes_at)?;
        let chain = ruleset.standings.tiebreakers.clone();
        let mut finishes = Vec::with_capacity(count);
        for (index, mine) in options.iter().enumerate() {
            let mut player = Vec::with_capacity(mine.len());
            for (outcome, option) in mine.iter().enumerate() {
                let values = chain
                    .iter()
                    .map(|t| bounds.interval(*t, index, outcome, option))
                    .collect::<Result<Vec<_>, _>>()?;
                player.push(Bounded {
                    player: index,
                    outcome,
                    primary: option.primary,
                    chain: values,
                });
            }
            finishes.push(player);
        }
        let uses = |t: Tiebreaker| chain.contains(&t);
        let opp_match_win_forms = (uses(Tiebreaker::OppMatchWin)
            && ruleset.opponents.average_rounding == Rounding::None)
            .then(|| {
                difference::forms(
                    Combine::Mean {
                        floor: ruleset.match_win.floor,
                    },
                    &bounds.counted,
                    &bounds.exact_match_win,
                    &bounds.match_win,
                    &at_table,
                )
            })
            .transpose()?;
        let sos_forms = uses(Tiebreaker::SosDropLowest)
            .then(|| {
                difference::forms(
                    Combine::SumLessLowest,
                    &bounds.counted,
                    &bounds.exact_points,
                    &bounds.points,
                    &at_table,
                )
            })
            .transpose()?;
        Ok(Some(LastRound {
            chain,
            bounds,
            opp_match_win_forms,
            sos_forms,
            at_table,
            finishes,
        }))
    }

    /// The finish of `player` for `outcome` of their table (`None`: nothing pending).
    pub fn of(&self, player: PlayerId, outcome: Option<usize>) -> Option<&Bounded> {
        let finishes = self.finishes.get(index_of(player))?;
        finishes.get(outcome.unwrap_or(0))
    }
}

impl LastRound {
    /// The least and greatest of `y`'s value minus `x`'s over the outcomes of every other
    /// table, for a tiebreaker that is a sum over tables ([`difference`]); `None` for any
    /// other.
    pub(super) fn difference(
        &self,
        tiebreaker: Tiebreaker,
        y: &Bounded,
        x: &Bounded,
    ) -> Option<Interval> {
        let forms = match tiebreaker {
            Tiebreaker::OppMatchWin => self.opp_match_win_forms.as_ref()?,
            Tiebreaker::SosDropLowest => self.sos_forms.as_ref()?,
            _ => return None,
        };
        difference::difference(
            forms.get(y.player)?.get(y.outcome)?,
            (self.at_table[y.player], y.outcome),
            forms.get(x.player)?.get(x.outcome)?,
            (self.at_table[x.player], x.outcome),
        )
        .ok()
    }
}
