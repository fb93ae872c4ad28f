//! Parsing and validating ruleset TOML, with errors that name file, line and field: the
//! entry point and the scoring tables (points, match win, standings).

use super::schema::{
    Denominator, MatchWinRule, OpponentRule, PointsRule, Ruleset, StandingsRule, TieResolution,
};
use crate::exact::Exact;

use super::error::RulesetError;
use super::fields::{categories, rounding, tiebreaker_list};
use super::locate::Locator;
use super::raw::{RawMatchWin, RawPoints, RawRuleset, RawStandings};
use super::rounds::{
    validate_pairing, validate_penalties, validate_recommended, validate_top_cut, validate_with_cut,
};

/// Parses and validates a ruleset file's text; `file` names it in errors.
pub fn parse_ruleset(file: &str, text: &str) -> Result<Ruleset, RulesetError> {
    let at = Locator { file, text };
    let raw: RawRuleset = toml::from_str(text).map_err(|e| at.toml_error(&e))?;
    if raw.id.is_empty()
        || !raw
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(at.error("", "id", "use lowercase letters, digits and '-'"));
    }
    let points = validate_points(&at, raw.points)?;
    let match_win = validate_match_win(&at, raw.match_win)?;
    let opponents = OpponentRule {
        exclude: categories(&at, "opponents", "exclude", &raw.opponents.exclude)?,
        average_rounding: rounding(
            &at,
            "opponents",
            "average_rounding",
            &raw.opponents.average_rounding,
            raw.opponents.average_decimals,
        )?,
    };
    let standings = validate_standings(&at, raw.standings)?;
    let pairing = validate_pairing(&at, raw.pairing)?;
    let penalties = validate_penalties(&at, raw.penalties)?;
    validate_recommended(&at, &raw.recommended)?;
    validate_with_cut(&at, &raw.recommended_with_cut)?;
    let top_cut = validate_top_cut(&at, raw.top_cut)?;
    Ok(Ruleset {
        id: raw.id,
        name_en: raw.name_en,
        name_ja: raw.name_ja,
        source: raw.source,
        points,
        match_win,
        opponents,
        standings,
        pairing,
        penalties,
        recommended: raw.recommended,
        recommended_with_cut: raw.recommended_with_cut,
        top_cut,
        source_text: text.to_string(),
    })
}

fn validate_points(at: &Locator, raw: RawPoints) -> Result<PointsRule, RulesetError> {
    let named = [
        ("win", raw.win),
        ("draw", raw.draw),
        ("loss", raw.loss),
        ("bye", raw.bye),
        ("default_win", raw.default_win),
        ("default_loss", raw.default_loss),
        ("double_loss", raw.double_loss),
        ("double_win", raw.double_win),
        ("max_per_match", raw.max_per_match),
    ];
    for (key, value) in named {
        if !(0..=1000).contains(&value) {
            return Err(at.error("points", key, "points must be between 0 and 1000"));
        }
    }
    if raw.win <= raw.loss {
        return Err(at.error("points", "win", "a win must score more than a loss"));
    }
    if raw.draw > raw.win || raw.draw < raw.loss {
        return Err(at.error(
            "points",
            "draw",
            "a draw must score between a loss and a win",
        ));
    }
    if raw.max_per_match < raw.win || raw.max_per_match < raw.bye {
        return Err(at.error(
            "points",
            "max_per_match",
            "must be at least the points for a win and for a bye",
        ));
    }
    if !(1..=5).contains(&raw.games_to_win) {
        return Err(at.error("points", "games_to_win", "must be 1 to 5"));
    }
    for reason in &raw.graded {
        let valid_outcome = reason.outcome == "win" || reason.outcome == "draw";
        if !valid_outcome {
            return Err(at.error(
                "points.graded",
                "outcome",
                format!("reason '{}': use \"win\" or \"draw\"", reason.id),
            ));
        }
        if reason.winner > raw.max_per_match
            || reason.loser > raw.max_per_match
            || reason.winner < 0
            || reason.loser < 0
        {
            return Err(at.error(
                "points.graded",
                "winner",
                format!(
                    "reason '{}': points must be between 0 and max_per_match",
                    reason.id
                ),
            ));
        }
    }
    if let Some(id) = &raw.penalty_reason
        && !raw.graded.iter().any(|r| r.id == *id && r.outcome == "win")
    {
        return Err(at.error(
            "points",
            "penalty_reason",
            format!("'{id}' is not one of this ruleset's graded reasons for a win"),
        ));
    }
    Ok(PointsRule {
        win: Exact::integer(raw.win),
        draw: Exact::integer(raw.draw),
        loss: Exact::integer(raw.loss),
        bye: Exact::integer(raw.bye),
        default_win: Exact::integer(raw.default_win),
        default_loss: Exact::integer(raw.default_loss),
        double_loss: Exact::integer(raw.double_loss),
        double_win: Exact::integer(raw.double_win),
        max_per_match: Exact::integer(raw.max_per_match),
        games_to_win: raw.games_to_win,
        graded: raw.graded,
        penalty_reason: raw.penalty_reason,
    })
}

fn validate_match_win(at: &Locator, raw: RawMatchWin) -> Result<MatchWinRule, RulesetError> {
    let denominator = match raw.denominator.as_str() {
        "total-rounds" => Denominator::TotalRounds,
        "rounds-played" => Denominator::RoundsPlayed,
        "effective-rounds" => Denominator::EffectiveRounds,
        _ => {
            return Err(at.error(
                "match_win",
                "denominator",
                "use \"total-rounds\", \"rounds-played\" or \"effective-rounds\"",
            ));
        }
    };
    let floor = Exact::parse(&raw.floor)
        .filter(|f| *f >= Exact::ZERO && *f <= Exact::integer(1))
        .ok_or_else(|| {
            at.error(
                "match_win",
                "floor",
                "use a number from 0 to 1, e.g. \"0.33\"",
            )
        })?;
    Ok(MatchWinRule {
        denominator,
        multiply_by_max_points: raw.multiply_by_max_points,
        exclude_own: categories(at, "match_win", "exclude_own", &raw.exclude_own)?,
        rounding: rounding(at, "match_win", "rounding", &raw.rounding, raw.decimals)?,
        floor,
    })
}

fn validate_standings(at: &Locator, raw: RawStandings) -> Result<StandingsRule, RulesetError> {
    let primary_wins = match raw.primary.as_str() {
        "points" => false,
        "wins" => true,
        _ => return Err(at.error("standings", "primary", "use \"points\" or \"wins\"")),
    };
    let tiebreakers = tiebreaker_list(at, "tiebreakers", &raw.tiebreakers)?;
    let round_robin_tiebreakers =
        tiebreaker_list(at, "round_robin_tiebreakers", &raw.round_robin_tiebreakers)?;
    let unresolved = match raw.unresolved.as_str() {
        "random" => TieResolution::Random,
        "equal-rank" => TieResolution::EqualRank,
        _ => {
            return Err(at.error(
                "standings",
                "unresolved",
                "use \"random\" or \"equal-rank\"",
            ));
        }
    };
    if raw.display_decimals > 6 {
        return Err(at.error("standings", "display_decimals", "at most 6 decimals"));
    }
    Ok(StandingsRule {
        primary_wins,
        tiebreakers,
        round_robin_tiebreakers,
        unresolved,
        display_decimals: raw.display_decimals,
    })
}
