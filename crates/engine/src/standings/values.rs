//! Per-player tiebreaker values, computed exactly as each ruleset says
//! (RULESETS.md "Arithmetic"; digest §1.4, §2.4, §3.4, §4.4, §7.3).
//!
//! Values are kept in vectors indexed by player id − 1 ([`index_of`]).

use super::records::{Records, RoundRecord, effective_rounds, index_of};
use crate::exact::{ArithmeticError, CommonScale, Exact};
use crate::model::{Outcome, PlayerId};
use crate::ruleset::{Denominator, Ruleset, Tiebreaker};

/// Everything the chains need, for every player.
pub struct Values {
    pub points: Vec<Exact>,
    pub match_win: Vec<Exact>,
    pub opp_match_win: Vec<Exact>,
    pub opp_opp_match_win: Vec<Exact>,
    pub sos_drop_lowest: Vec<Exact>,
    pub opp_sos: Vec<Exact>,
    pub rounds_lost_squared: Vec<Exact>,
    pub game_wins: Vec<Exact>,
    pub game_losses: Vec<Exact>,
    /// Wins, losses and draws, counted in the same pass over the records (a second pass
    /// in standings order reads every record again from far in memory).
    pub tally: Vec<Tally>,
}

/// A player's wins, losses and draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Values {
    /// The values the ruleset's chains need, and `also` (a value asked for by itself).
    pub fn compute(
        ruleset: &Ruleset,
        records: &Records,
        players: &[PlayerId],
        also: Option<Tiebreaker>,
    ) -> Result<Values, ArithmeticError> {
        let count = players.iter().map(|p| index_of(*p) + 1).max().unwrap_or(0);
        let floor = ruleset.match_win.floor;
        // Opponents that count for averages, per player (decisions 3, 14, 20): each
        // player's run of one flat list (a list per player was an allocation each).
        let mut opponents: Vec<usize> = Vec::new();
        let mut runs: Vec<std::ops::Range<usize>> = vec![0..0; count];
        let mut points = vec![Exact::ZERO; count];
        let mut match_win = vec![floor; count];
        let mut rounds_lost_squared = vec![Exact::ZERO; count];
        let mut game_wins = vec![Exact::ZERO; count];
        let mut game_losses = vec![Exact::ZERO; count];
        let mut tally = vec![Tally::default(); count];
        for player in players {
            let index = index_of(*player);
            let own = records.of(*player);
            let from = opponents.len();
            opponents.extend(
                own.iter()
                    .filter(|r| !ruleset.opponents.exclude.contains(&r.seat.category))
                    .filter_map(|r| r.opponent.map(index_of))
                    .filter(|o| *o < count),
            );
            runs[index] = from..opponents.len();
            points[index] = sum(own.iter().map(|r| r.seat.points))?;
            match_win[index] = own_match_win(
                ruleset,
                own,
                records.total_rounds,
                records.dropped_after(*player),
            )?;
            let mut squares = 0i64;
            let (mut won, mut lost) = (0i64, 0i64);
            let mut outcomes = Tally::default();
            for record in own {
                match record.seat.outcome {
                    Outcome::Win => outcomes.wins += 1,
                    Outcome::Loss => {
                        outcomes.losses += 1;
                        squares += i64::from(record.round) * i64::from(record.round);
                    }
                    Outcome::Draw => outcomes.draws += 1,
                }
                won += i64::from(record.seat.games_won);
                lost += i64::from(record.seat.games_lost);
            }
            tally[index] = outcomes;
            rounds_lost_squared[index] = Exact::integer(squares);
            game_wins[index] = Exact::integer(won);
            game_losses[index] = Exact::integer(lost);
        }
        let counted_opponents: Vec<&[usize]> =
            runs.iter().map(|run| &opponents[run.clone()]).collect();
        let average_all = |source: &[Exact]| -> Result<Vec<Exact>, ArithmeticError> {
            let scaled = CommonScale::new(source)?;
            counted_opponents
                .iter()
                .map(|opponents| {
                    // A player with no counted opponent gets the floor (RULESETS.md Arithmetic).
                    let mean = scaled.mean(opponents)?;
                    Ok(mean.map_or(floor, |m| m.round(ruleset.opponents.average_rounding)))
                })
                .collect()
        };
        let chain = &ruleset.standings;
        let needs = |t: Tiebreaker| {
            chain.tiebreakers.contains(&t)
                || chain.round_robin_tiebreakers.contains(&t)
                || also == Some(t)
        };
        let opp_match_win = if needs(Tiebreaker::OppMatchWin) || needs(Tiebreaker::OppOppMatchWin) {
            average_all(&match_win)?
        } else {
            vec![floor; count]
        };
        let opp_opp_match_win = if needs(Tiebreaker::OppOppMatchWin) {
            average_all(&opp_match_win)?
        } else {
            vec![floor; count]
        };
        let mut sos_full = vec![Exact::ZERO; count];
        let mut sos_drop_lowest = vec![Exact::ZERO; count];
        let mut opp_sos = vec![Exact::ZERO; count];
        // Strength of schedule only where it is read: a pass over every opponent of
        // every player, twice, is a good part of the standings at championship scale.
        if needs(Tiebreaker::SosDropLowest) || needs(Tiebreaker::OppSos) {
            for (index, list) in counted_opponents.iter().enumerate() {
                let total = sum(list.iter().map(|o| points[*o]))?;
                let lowest = list.iter().map(|o| points[*o]).min().unwrap_or(Exact::ZERO);
                sos_full[index] = total;
                sos_drop_lowest[index] = total.checked_sub(lowest)?;
            }
            opp_sos = counted_opponents
                .iter()
                .map(|list| sum(list.iter().map(|o| sos_full[*o])))
                .collect::<Result<Vec<_>, _>>()?;
        }
        Ok(Values {
            points,
            match_win,
            opp_match_win,
            opp_opp_match_win,
            sos_drop_lowest,
            opp_sos,
            rounds_lost_squared,
            game_wins,
            game_losses,
            tally,
        })
    }

    /// The value of `tiebreaker` for `player` (head-to-head depends on the tied group and
    /// is computed by the ranking instead).
    pub fn of(&self, tiebreaker: Tiebreaker, player: PlayerId) -> Exact {
        let list = match tiebreaker {
            Tiebreaker::MatchWin => &self.match_win,
            Tiebreaker::OppMatchWin => &self.opp_match_win,
            Tiebreaker::OppOppMatchWin => &self.opp_opp_match_win,
            Tiebreaker::SosDropLowest => &self.sos_drop_lowest,
            Tiebreaker::OppSos => &self.opp_sos,
            Tiebreaker::RoundsLostSquared => &self.rounds_lost_squared,
            Tiebreaker::GameLosses => &self.game_losses,
            Tiebreaker::GameWins => &self.game_wins,
            Tiebreaker::HeadToHead => return Exact::ZERO,
        };
        list.get(index_of(player)).copied().unwrap_or(Exact::ZERO)
    }

    pub fn points_of(&self, player: PlayerId) -> Exact {
        self.points
            .get(index_of(player))
            .copied()
            .unwrap_or(Exact::ZERO)
    }

    pub fn tally_of(&self, player: PlayerId) -> Tally {
        self.tally
            .get(index_of(player))
            .copied()
            .unwrap_or_default()
    }

    pub fn match_win_of(&self, player: PlayerId) -> Exact {
        self.match_win
            .get(index_of(player))
            .copied()
            .unwrap_or(Exact::ZERO)
    }
}

/// The player's own match-win percentage: points over rounds (× max points), with the
/// ruleset's exclusions, rounding and floor.
pub(super) fn own_match_win(
    ruleset: &Ruleset,
    own: &[RoundRecord],
    total_rounds: u32,
    dropped_after: Option<u32>,
) -> Result<Exact, ArithmeticError> {
    let rule = &ruleset.match_win;
    // Counted and summed without a list of its own (one per player added up).
    let counted = || {
        own.iter()
            .filter(|r| !rule.exclude_own.contains(&r.seat.category))
    };
    let counted_rounds = counted().count();
    let excluded = u32::try_from(own.len() - counted_rounds).map_err(|_| ArithmeticError)?;
    let numerator = sum(counted().map(|r| r.seat.points))?;
    let rounds = match rule.denominator {
        Denominator::RoundsPlayed => u32::try_from(counted_rounds).map_err(|_| ArithmeticError)?,
        Denominator::TotalRounds => total_rounds.saturating_sub(excluded),
        Denominator::EffectiveRounds => {
            effective_rounds(own, total_rounds, dropped_after).saturating_sub(excluded)
        }
    };
    if rounds == 0 {
        return Ok(rule.floor);
    }
    let mut denominator = Exact::integer(i64::from(rounds));
    if rule.multiply_by_max_points {
        denominator = denominator.checked_mul(ruleset.points.max_per_match)?;
    }
    let value = numerator.checked_div(denominator)?.round(rule.rounding);
    Ok(value.max(rule.floor))
}

pub(super) fn sum(values: impl Iterator<Item = Exact>) -> Result<Exact, ArithmeticError> {
    let mut values = values;
    values.try_fold(Exact::ZERO, |acc, v| acc.checked_add(v))
}
