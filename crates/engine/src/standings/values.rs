//! Per-player tiebreaker values, computed exactly as each ruleset says
//! (RULESETS.md "Arithmetic"; digest §1.4, §2.4, §3.4, §4.4, §7.3).

use std::collections::HashMap;

use super::records::{Records, RoundRecord};
use crate::exact::{ArithmeticError, Exact};
use crate::model::{Outcome, PlayerId};
use crate::ruleset::{Denominator, Ruleset};

/// Everything the chains need, for every player.
pub struct Values {
    pub points: HashMap<PlayerId, Exact>,
    pub match_win: HashMap<PlayerId, Exact>,
    pub opp_match_win: HashMap<PlayerId, Exact>,
    pub opp_opp_match_win: HashMap<PlayerId, Exact>,
    pub sos_drop_lowest: HashMap<PlayerId, Exact>,
    pub opp_sos: HashMap<PlayerId, Exact>,
    pub rounds_lost_squared: HashMap<PlayerId, Exact>,
    pub game_wins: HashMap<PlayerId, Exact>,
    pub game_losses: HashMap<PlayerId, Exact>,
}

impl Values {
    pub fn compute(
        ruleset: &Ruleset,
        records: &Records,
        players: &[PlayerId],
    ) -> Result<Values, ArithmeticError> {
        let counted_opponents: HashMap<PlayerId, Vec<PlayerId>> = players
            .iter()
            .map(|p| {
                let list = records
                    .of(*p)
                    .iter()
                    .filter(|r| !ruleset.opponents.exclude.contains(&r.seat.category))
                    .filter_map(|r| r.opponent)
                    .collect();
                (*p, list)
            })
            .collect();
        let mut points = HashMap::new();
        let mut match_win = HashMap::new();
        let mut rounds_lost_squared = HashMap::new();
        let mut game_wins = HashMap::new();
        let mut game_losses = HashMap::new();
        for player in players {
            let own = records.of(*player);
            points.insert(*player, sum(own.iter().map(|r| r.seat.points))?);
            match_win.insert(*player, own_match_win(ruleset, records, *player, own)?);
            let mut squares = 0i64;
            let (mut won, mut lost) = (0i64, 0i64);
            for record in own {
                if record.seat.outcome == Outcome::Loss {
                    squares += i64::from(record.round) * i64::from(record.round);
                }
                won += i64::from(record.seat.games_won);
                lost += i64::from(record.seat.games_lost);
            }
            rounds_lost_squared.insert(*player, Exact::integer(squares));
            game_wins.insert(*player, Exact::integer(won));
            game_losses.insert(*player, Exact::integer(lost));
        }
        let floor = ruleset.match_win.floor;
        let average =
            |source: &HashMap<PlayerId, Exact>,
             player: &PlayerId|
             -> Result<Exact, ArithmeticError> {
                let values: Vec<Exact> = counted_opponents[player]
                    .iter()
                    .map(|o| source.get(o).copied().unwrap_or(floor))
                    .collect();
                // A player with no counted opponent gets the floor (RULESETS.md Arithmetic).
                Ok(Exact::mean(&values)?
                    .map_or(floor, |m| m.round(ruleset.opponents.average_rounding)))
            };
        let mut opp_match_win = HashMap::new();
        for player in players {
            opp_match_win.insert(*player, average(&match_win, player)?);
        }
        let mut opp_opp_match_win = HashMap::new();
        for player in players {
            opp_opp_match_win.insert(*player, average(&opp_match_win, player)?);
        }
        let opponent_points = |player: &PlayerId| -> Vec<Exact> {
            counted_opponents[player]
                .iter()
                .map(|o| points.get(o).copied().unwrap_or(Exact::ZERO))
                .collect()
        };
        let mut sos_full = HashMap::new();
        let mut sos_drop_lowest = HashMap::new();
        for player in players {
            let list = opponent_points(player);
            let total = sum(list.iter().copied())?;
            let lowest = list.iter().min().copied().unwrap_or(Exact::ZERO);
            sos_full.insert(*player, total);
            sos_drop_lowest.insert(*player, total.checked_sub(lowest)?);
        }
        let mut opp_sos = HashMap::new();
        for player in players {
            let total = sum(counted_opponents[player]
                .iter()
                .map(|o| sos_full.get(o).copied().unwrap_or(Exact::ZERO)))?;
            opp_sos.insert(*player, total);
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
        })
    }
}

/// The player's own match-win percentage: points over rounds (× max points), with the
/// ruleset's exclusions, rounding and floor.
fn own_match_win(
    ruleset: &Ruleset,
    records: &Records,
    player: PlayerId,
    own: &[RoundRecord],
) -> Result<Exact, ArithmeticError> {
    let rule = &ruleset.match_win;
    let counted: Vec<&RoundRecord> = own
        .iter()
        .filter(|r| !rule.exclude_own.contains(&r.seat.category))
        .collect();
    let excluded = u32::try_from(own.len() - counted.len()).map_err(|_| ArithmeticError)?;
    let numerator = sum(counted.iter().map(|r| r.seat.points))?;
    let rounds = match rule.denominator {
        Denominator::RoundsPlayed => u32::try_from(counted.len()).map_err(|_| ArithmeticError)?,
        Denominator::TotalRounds => records.total_rounds.saturating_sub(excluded),
        Denominator::EffectiveRounds => records.effective_rounds(player).saturating_sub(excluded),
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

fn sum(values: impl Iterator<Item = Exact>) -> Result<Exact, ArithmeticError> {
    let mut values = values;
    values.try_fold(Exact::ZERO, |acc, v| acc.checked_add(v))
}
