//! Parsing and validating ruleset TOML, with errors that name file, line and field.

use serde::Deserialize;

use super::schema::{
    ByeRule, CutComparison, CutSuggestion, Denominator, Finals, FinalsFirstPlayer, GradedReason,
    MatchWinRule, OpponentRule, PairingRule, PenaltyRule, PointsRule, RecommendedRounds,
    RecommendedWithCut, Ruleset, SingleElimination, StandingsRule, TardinessThreshold,
    TieResolution, Tiebreaker, TopCutRule, VariableRounds,
};
use crate::exact::{Exact, MAX_ROUNDS, Rounding};
use crate::model::{Category, PenaltyType};

/// A ruleset or title file that cannot be used, or a ruleset id nobody knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    #[error("{file}:{line}: {field}: {message}")]
    Invalid {
        file: String,
        line: usize,
        field: String,
        message: String,
    },
    #[error("unknown ruleset '{id}'. Known rulesets: {known}")]
    Unknown { id: String, known: String },
    #[error("unknown title preset '{id}'. Known titles: {known}")]
    UnknownTitle { id: String, known: String },
}

impl RulesetError {
    /// The words for people. The problem of a field stays in English words: it is about
    /// the text of a ruleset file, which is English.
    pub fn message(&self) -> tablekeeper_words::message::Message {
        use tablekeeper_words::msg;
        match self {
            RulesetError::Invalid {
                file,
                line,
                field,
                message,
            } => msg!(
                "error.invalid-ruleset",
                "{file}:{line}: {field}: {problem}",
                file = file,
                line = *line,
                field = field,
                problem = message
            ),
            RulesetError::Unknown { id, known } => msg!(
                "error.unknown-ruleset",
                "unknown ruleset '{id}'. Known rulesets: {known}",
                id = id,
                known = known
            ),
            RulesetError::UnknownTitle { id, known } => msg!(
                "error.unknown-title",
                "unknown title preset '{id}'. Known titles: {known}",
                id = id,
                known = known
            ),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    id: String,
    name_en: String,
    name_ja: String,
    source: String,
    points: RawPoints,
    match_win: RawMatchWin,
    opponents: RawOpponents,
    standings: RawStandings,
    pairing: RawPairing,
    #[serde(default)]
    penalties: Option<RawPenalties>,
    #[serde(default)]
    recommended: Vec<RecommendedRounds>,
    #[serde(default)]
    recommended_with_cut: Vec<RecommendedWithCut>,
    #[serde(default)]
    top_cut: Option<RawTopCut>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTopCut {
    suggest: String,
    #[serde(default)]
    min_players: u32,
    #[serde(default)]
    max_size: u32,
    #[serde(default)]
    size: u32,
    #[serde(default)]
    finals: Option<String>,
    #[serde(default)]
    first_player: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPenalties {
    kinds: Vec<String>,
    #[serde(default)]
    tardiness: Vec<TardinessThreshold>,
    #[serde(default)]
    no_show_drop_after: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPoints {
    win: i64,
    draw: i64,
    loss: i64,
    bye: i64,
    default_win: i64,
    default_loss: i64,
    double_loss: i64,
    double_win: i64,
    max_per_match: i64,
    #[serde(default = "one")]
    games_to_win: u8,
    #[serde(default)]
    graded: Vec<GradedReason>,
    #[serde(default)]
    penalty_reason: Option<String>,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatchWin {
    denominator: String,
    multiply_by_max_points: bool,
    #[serde(default)]
    exclude_own: Vec<String>,
    rounding: String,
    #[serde(default)]
    decimals: u32,
    floor: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOpponents {
    exclude: Vec<String>,
    average_rounding: String,
    #[serde(default)]
    average_decimals: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStandings {
    primary: String,
    tiebreakers: Vec<String>,
    #[serde(default)]
    round_robin_tiebreakers: Vec<String>,
    unresolved: String,
    display_decimals: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPairing {
    bye: String,
    cut_comparison: String,
    #[serde(default)]
    result_lock_rounds: Option<u32>,
    #[serde(default)]
    balance_first_turn: bool,
    #[serde(default)]
    variable_rounds: Option<String>,
    #[serde(default)]
    single_elimination: Option<String>,
}

/// Reports errors against one file's text.
fn join(table: &str, key: &str) -> String {
    match (table.is_empty(), key.is_empty()) {
        (true, _) => key.to_string(),
        (false, true) => table.to_string(),
        (false, false) => format!("{table}.{key}"),
    }
}

/// serde's and toml's messages in words an organizer understands: "invalid type: string
/// \"three\", expected i64" becomes "expected a whole number, found the text \"three\"".
pub(crate) fn plain_words(message: &str) -> String {
    let message = message.trim();
    let kind = |what: &str| -> String {
        let what = what.trim();
        let name = what.trim_start_matches("a ").trim_start_matches("an ");
        if what.starts_with("struct ") || what == "map" || what == "a map" {
            return "a table".into();
        }
        if what.starts_with("enum ") {
            return "one of the listed words".into();
        }
        match name {
            "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "integer" => {
                "a whole number".into()
            }
            "f32" | "f64" | "floating point" => "a number".into(),
            "bool" | "boolean" => "true or false".into(),
            "string" | "str" | "char" => "text in quotes".into(),
            "sequence" | "array" | "seq" => "a list in brackets [ … ]".into(),
            _ if name.starts_with("string ") => format!("the text {}", &name["string ".len()..]),
            // A number beyond 64 bits reads "integer `…` as i128" in toml's words.
            _ if name.starts_with("integer ") => {
                match name["integer ".len()..].split_once(" as ") {
                    Some((number, _wide)) => format!(
                        "the number {}, which is too large",
                        number.trim_matches('`')
                    ),
                    None => format!("the number {}", name["integer ".len()..].trim_matches('`')),
                }
            }
            _ if name.starts_with("floating point ") => format!(
                "the number {}",
                name["floating point ".len()..].trim_matches('`')
            ),
            _ if name.starts_with("boolean ") => {
                name["boolean ".len()..].trim_matches('`').to_string()
            }
            _ if name.starts_with("unsigned integer") => "a whole number".into(),
            _ => what.replace('`', "'"),
        }
    };
    if let Some(rest) = message.strip_prefix("invalid type: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        return format!("expected {}, found {}", kind(expected), kind(found));
    }
    if let Some(rest) = message.strip_prefix("invalid value: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        return format!("expected {}, found {}", kind(expected), kind(found));
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("{} is missing; add it", rest.replace('`', "'"));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let known = known.replace("one of ", "").replace('`', "");
        return if known.is_empty() {
            format!("unknown field {}", field.replace('`', "'"))
        } else {
            format!(
                "unknown field {}; known fields: {known}",
                field.replace('`', "'")
            )
        };
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (value, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let known = known.replace("one of ", "").replace('`', "");
        return format!(
            "unknown value {}; use one of: {known}",
            value.replace('`', "'")
        );
    }
    message.replace('`', "'")
}

pub(crate) struct Locator<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl Locator<'_> {
    /// An error at `table.key`, located at the line that sets the key (or the table).
    pub fn error(&self, table: &str, key: &str, message: impl Into<String>) -> RulesetError {
        let field = if table.is_empty() {
            key.to_string()
        } else {
            format!("{table}.{key}")
        };
        RulesetError::Invalid {
            file: self.file.to_string(),
            line: self.line_of(table, key),
            field,
            message: message.into(),
        }
    }

    /// Wraps a TOML syntax or shape error: the line, the field set there (`points.win`)
    /// and the problem in plain words (never Rust's type names).
    pub fn toml_error(&self, error: &toml::de::Error) -> RulesetError {
        let start = error
            .span()
            .map_or(0, |span| span.start.min(self.text.len()));
        let line = 1 + self.text.as_bytes()[..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let message = error.message().to_string();
        let named = message
            .split('`')
            .nth(1)
            .filter(|_| message.contains("field"))
            .map(str::to_string);
        let (table, key) = self.key_at_line(line);
        let field = match named {
            // A missing field is reported at its table.
            Some(name) if message.starts_with("missing field") => join(&table, &name),
            Some(name) if message.starts_with("unknown field") => join(&table, &name),
            _ => join(&table, &key),
        };
        RulesetError::Invalid {
            file: self.file.to_string(),
            line,
            field,
            message: plain_words(&message),
        }
    }

    /// The table header in force at `line` and the key set on that line, if any.
    fn key_at_line(&self, line: usize) -> (String, String) {
        let mut table = String::new();
        let mut key = String::new();
        for (index, raw) in self.text.lines().enumerate() {
            let text = raw.trim();
            if index + 1 > line {
                break;
            }
            if text.starts_with('[') {
                table = text
                    .trim_matches(|c| c == '[' || c == ']')
                    .trim()
                    .to_string();
                key.clear();
            } else if index + 1 == line {
                key = text
                    .split_once('=')
                    .map(|(k, _)| k.trim().trim_matches('"').to_string())
                    .unwrap_or_default();
            }
        }
        (table, key)
    }

    fn line_of(&self, table: &str, key: &str) -> usize {
        let mut current = String::new();
        let mut table_line = 1;
        for (index, raw) in self.text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with('[') {
                current = line
                    .trim_matches(|c| c == '[' || c == ']')
                    .trim()
                    .to_string();
                if current == table {
                    table_line = index + 1;
                }
                continue;
            }
            let Some((name, _)) = line.split_once('=') else {
                continue;
            };
            if current == table && name.trim() == key {
                return index + 1;
            }
        }
        table_line
    }
}

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

fn tiebreaker_list(
    at: &Locator,
    key: &str,
    ids: &[String],
) -> Result<Vec<Tiebreaker>, RulesetError> {
    let mut list = Vec::with_capacity(ids.len());
    for id in ids {
        let tiebreaker = Tiebreaker::from_id(id).ok_or_else(|| {
            let known: Vec<&str> = Tiebreaker::ALL.iter().map(|t| t.id()).collect();
            at.error(
                "standings",
                key,
                format!("unknown tiebreaker '{id}'; use one of {}", known.join(", ")),
            )
        })?;
        if list.contains(&tiebreaker) {
            return Err(at.error("standings", key, format!("'{id}' is listed twice")));
        }
        list.push(tiebreaker);
    }
    Ok(list)
}

fn validate_pairing(at: &Locator, raw: RawPairing) -> Result<PairingRule, RulesetError> {
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

fn validate_penalties(
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

fn validate_recommended(at: &Locator, rows: &[RecommendedRounds]) -> Result<(), RulesetError> {
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

fn validate_with_cut(at: &Locator, rows: &[RecommendedWithCut]) -> Result<(), RulesetError> {
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

fn validate_top_cut(at: &Locator, raw: Option<RawTopCut>) -> Result<TopCutRule, RulesetError> {
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

fn categories(
    at: &Locator,
    table: &str,
    key: &str,
    names: &[String],
) -> Result<Vec<Category>, RulesetError> {
    names
        .iter()
        .map(|name| {
            Category::ALL
                .into_iter()
                .find(|c| c.as_str() == name)
                .ok_or_else(|| {
                    at.error(
                        table,
                        key,
                        format!("unknown result category '{name}'; use played, bye, default-win or default-loss"),
                    )
                })
        })
        .collect()
}

fn rounding(
    at: &Locator,
    table: &str,
    key: &str,
    mode: &str,
    decimals: u32,
) -> Result<Rounding, RulesetError> {
    if decimals > 6 {
        return Err(at.error(table, key, "at most 6 decimals"));
    }
    match mode {
        "none" => Ok(Rounding::None),
        "truncate" => Ok(Rounding::Truncate { decimals }),
        "half-up" => Ok(Rounding::HalfUp { decimals }),
        _ => Err(at.error(table, key, "use \"none\", \"truncate\" or \"half-up\"")),
    }
}
