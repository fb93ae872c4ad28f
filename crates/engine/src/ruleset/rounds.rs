//! Validating the tables of how an event runs: pairing, penalties, the recommended
//! round counts and the top cut.

use super::schema::{
    ByeRule, CutComparison, CutSuggestion, Finals, FinalsFirstPlayer, PairingRule, PenaltyRule,
    RecommendedRounds, RecommendedWithCut, SingleElimination, TopCutRule, VariableRounds,
};
use crate::exact::MAX_ROUNDS;
use crate::model::PenaltyType;

use super::error::RulesetError;
use super::locate::Locator;
use super::raw::{RawPairing, RawPenalties, RawTopCut};

pub(super) fn validate_pairing(at: &Locator, raw: RawPairing) -> Result<PairingRule, RulesetError> {
    let bye = match raw.bye.as_str() {
        "lowest-ranked" => ByeRule::LowestRanked,
        "lowest-points-random" => ByeRule::LowestPointsRandom,
        "lowest-points-then-sos" => ByeRule::LowestPointsThenSos,
        _ => {
            return Err(at.error(
                "pairing",
                "bye",
                "use \"lowest-ranked\", \"lowest-points-random\" or \"lowest-points-then-sos\"",
            ));
        }
    };
    let cut_comparison = match raw.cut_comparison.as_str() {
        "less-than" => CutComparison::LessThan,
        "at-most" => CutComparison::AtMost,
        _ => {
            return Err(at.error(
                "pairing",
                "cut_comparison",
                "use \"less-than\" or \"at-most\"",
            ));
        }
    };
    if raw.result_lock_rounds == Some(0) {
        return Err(at.error(
            "pairing",
            "result_lock_rounds",
            "must be at least 1 (or left out)",
        ));
    }
    let variable_rounds = match raw.variable_rounds.as_deref() {
        None | Some("only-wins") => VariableRounds::OnlyWins,
        Some("no-loss") => VariableRounds::NoLoss,
        Some(_) => {
            return Err(at.error(
                "pairing",
                "variable_rounds",
                "use \"only-wins\" or \"no-loss\"",
            ));
        }
    };
    let single_elimination = match raw.single_elimination.as_deref() {
        None | Some("bracket") => SingleElimination::Bracket,
        Some("random-each-round") => SingleElimination::RandomEachRound,
        Some(_) => {
            return Err(at.error(
                "pairing",
                "single_elimination",
                "use \"bracket\" or \"random-each-round\"",
            ));
        }
    };
    Ok(PairingRule {
        bye,
        cut_comparison,
        result_lock_rounds: raw.result_lock_rounds,
        balance_first_turn: raw.balance_first_turn,
        variable_rounds,
        single_elimination,
    })
}

pub(super) fn validate_penalties(
    at: &Locator,
    raw: Option<RawPenalties>,
) -> Result<PenaltyRule, RulesetError> {
    let Some(raw) = raw else {
        return Ok(PenaltyRule {
            kinds: PenaltyType::ALL.to_vec(),
            ..PenaltyRule::default()
        });
    };
    let known = || {
        PenaltyType::ALL
            .iter()
            .map(|p| p.id())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kinds = raw
        .kinds
        .iter()
        .map(|id| {
            PenaltyType::from_id(id).ok_or_else(|| {
                at.error(
                    "penalties",
                    "kinds",
                    format!("unknown penalty '{id}'; use {}", known()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    for threshold in &raw.tardiness {
        if !PenaltyType::from_id(&threshold.penalty).is_some_and(|p| kinds.contains(&p)) {
            return Err(at.error(
                "penalties.tardiness",
                "penalty",
                format!(
                    "'{}' is not one of this ruleset's penalties",
                    threshold.penalty
                ),
            ));
        }
    }
    if raw.no_show_drop_after == Some(0) {
        return Err(at.error(
            "penalties",
            "no_show_drop_after",
            "must be at least 1 (or left out)",
        ));
    }
    Ok(PenaltyRule {
        kinds,
        tardiness: raw.tardiness,
        no_show_drop_after: raw.no_show_drop_after,
    })
}

pub(super) fn validate_recommended(
    at: &Locator,
    rows: &[RecommendedRounds],
) -> Result<(), RulesetError> {
    let mut previous_max = 0;
    for row in rows {
        let [min, max] = row.players;
        if min > max || min <= previous_max {
            return Err(at.error(
                "recommended",
                "players",
                format!("rows must be ascending and not overlap (row {min}-{max})"),
            ));
        }
        if row.rounds > MAX_ROUNDS {
            return Err(at.error(
                "recommended",
                "rounds",
                format!("at most {MAX_ROUNDS} rounds"),
            ));
        }
        previous_max = max;
    }
    Ok(())
}

pub(super) fn validate_with_cut(
    at: &Locator,
    rows: &[RecommendedWithCut],
) -> Result<(), RulesetError> {
    let mut previous_max: std::collections::HashMap<Option<u8>, u32> =
        std::collections::HashMap::new();
    for row in rows {
        let [min, max] = row.players;
        let previous = previous_max.get(&row.games_to_win).copied().unwrap_or(0);
        if min > max || min <= previous {
            return Err(at.error(
                "recommended_with_cut",
                "players",
                format!(
                    "rows of one match length must be ascending and not overlap (row {min}-{max})"
                ),
            ));
        }
        if row.rounds == 0 || row.rounds > MAX_ROUNDS {
            return Err(at.error(
                "recommended_with_cut",
                "rounds",
                format!("use 1 to {MAX_ROUNDS} rounds"),
            ));
        }
        if row.cut < 2 {
            return Err(at.error("recommended_with_cut", "cut", "a finals size is at least 2"));
        }
        if row.games_to_win.is_some_and(|g| !(1..=5).contains(&g)) {
            return Err(at.error("recommended_with_cut", "games_to_win", "must be 1 to 5"));
        }
        previous_max.insert(row.games_to_win, max);
    }
    Ok(())
}

pub(super) fn validate_top_cut(
    at: &Locator,
    raw: Option<RawTopCut>,
) -> Result<TopCutRule, RulesetError> {
    let Some(raw) = raw else {
        return Ok(TopCutRule::default());
    };
    let suggest = match raw.suggest.as_str() {
        "table" => CutSuggestion::Table,
        "quarter" => {
            if raw.max_size < 2 {
                return Err(at.error(
                    "top_cut",
                    "max_size",
                    "give the largest suggested cut (at least 2)",
                ));
            }
            CutSuggestion::Quarter {
                min_players: raw.min_players,
                max_size: raw.max_size,
            }
        }
        "above" => {
            if raw.size < 2 {
                return Err(at.error(
                    "top_cut",
                    "size",
                    "give the suggested cut size (at least 2)",
                ));
            }
            CutSuggestion::Above {
                min_players: raw.min_players,
                size: raw.size,
            }
        }
        _ => {
            return Err(at.error(
                "top_cut",
                "suggest",
                "use \"table\", \"quarter\" or \"above\"",
            ));
        }
    };
    let finals = match raw.finals.as_deref() {
        None | Some("single-elimination") => Finals::SingleElimination,
        Some("double-when-best-of-one") => Finals::DoubleWhenBestOfOne,
        Some(_) => {
            return Err(at.error(
                "top_cut",
                "finals",
                "use \"single-elimination\" or \"double-when-best-of-one\"",
            ));
        }
    };
    let first_player = match raw.first_player.as_deref() {
        None | Some("random") => FinalsFirstPlayer::Random,
        Some("higher-seed-chooses") => FinalsFirstPlayer::HigherSeedChooses,
        Some(_) => {
            return Err(at.error(
                "top_cut",
                "first_player",
                "use \"random\" or \"higher-seed-chooses\"",
            ));
        }
    };
    Ok(TopCutRule {
        suggest,
        finals,
        first_player,
        decisive_team_matches: true,
    })
}
