//! Per-event overrides of single ruleset fields (`match_win.floor=0.25`).
//!
//! Every seed lets the event's announced regulations take precedence, so any field can be
//! overridden. An override edits the TOML document and the result is validated like any
//! ruleset file; the event stores the final text.

use super::error::RulesetError;
use super::load::parse_ruleset;
use super::schema::Ruleset;

/// Applies `path=value` overrides to `base` and validates the result.
///
/// `value` is a TOML value (`0.25` is read as the string `"0.25"` where the field is a
/// string, so both `floor=0.25` and `floor="0.25"` work).
pub fn apply_overrides(base: &Ruleset, overrides: &[String]) -> Result<Ruleset, RulesetError> {
    if overrides.is_empty() {
        return Ok(base.clone());
    }
    // Each override is reported as `--set:<n>`, its position among the overrides.
    let invalid_at = |line: usize, field: &str, message: String| RulesetError::Invalid {
        file: "--set".to_string(),
        line,
        field: field.to_string(),
        message,
    };
    let mut document: toml::Table = toml::from_str(&base.source_text).map_err(|e| {
        invalid_at(
            0,
            "",
            format!(
                "the base ruleset is not valid TOML: {}",
                super::locate::plain_words(e.message())
            ),
        )
    })?;
    let mut positions: Vec<(String, usize)> = Vec::new();
    for (index, item) in overrides.iter().enumerate() {
        let invalid = |field: &str, message: String| invalid_at(index + 1, field, message);
        let (path, raw_value) = item.split_once('=').ok_or_else(|| {
            invalid(
                item,
                "write overrides as field=value, e.g. points.draw=1".into(),
            )
        })?;
        let path = path.trim();
        // `=3` or `points.=1`: say what is missing, not "no field ''".
        if path.is_empty() || path.split('.').any(|key| key.trim().is_empty()) {
            return Err(invalid(
                item.trim(),
                "names no field; write the field before '=', e.g. points.draw=1".into(),
            ));
        }
        let keys: Vec<&str> = path.split('.').collect();
        let (last, parents) = keys
            .split_last()
            .ok_or_else(|| invalid(path, "empty field".into()))?;
        let mut table = &mut document;
        for key in parents {
            table = table
                .get_mut(*key)
                .and_then(|v| v.as_table_mut())
                .ok_or_else(|| invalid(path, format!("no table '{key}' in this ruleset")))?;
        }
        let existing = table
            .get(*last)
            .ok_or_else(|| invalid(path, format!("no field '{last}' in this ruleset")))?;
        if existing.is_table() {
            return Err(invalid(
                path,
                format!("'{path}' is a table; set one of its fields, e.g. {path}.<field>=value"),
            ));
        }
        let value = parse_value(raw_value.trim(), existing).ok_or_else(|| {
            invalid(
                path,
                format!("'{}' is not {}", raw_value.trim(), expected(existing)),
            )
        })?;
        table.insert((*last).to_string(), value);
        positions.push((path.to_string(), index + 1));
    }
    let text = toml::to_string(&document)
        .map_err(|e| invalid_at(0, "", super::locate::plain_words(&e.to_string())))?;
    // A problem found when the result is checked is reported at the override that set the
    // field (or at the last one, when the problem is between fields).
    parse_ruleset("--set", &text).map_err(|error| match error {
        RulesetError::Invalid { field, message, .. } => {
            let line = positions
                .iter()
                .rev()
                .find(|(path, _)| *path == field || field.starts_with(&format!("{path}.")))
                .or(positions.last())
                .map_or(0, |(_, line)| *line);
            invalid_at(line, &field, message)
        }
        other => other,
    })
}

/// What an override of `existing` must be, in words.
fn expected(existing: &toml::Value) -> &'static str {
    match existing {
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Array(_) => "a list in brackets [ … ]",
        toml::Value::Float(_) => "a number",
        _ => "a valid value here",
    }
}

/// Reads `raw` as the same TOML type as `existing`.
fn parse_value(raw: &str, existing: &toml::Value) -> Option<toml::Value> {
    let parsed: Option<toml::Value> = toml::from_str::<toml::Table>(&format!("v = {raw}"))
        .ok()
        .and_then(|mut t| t.remove("v"));
    match existing {
        toml::Value::String(_) => match parsed {
            Some(toml::Value::String(s)) => Some(toml::Value::String(s)),
            _ => Some(toml::Value::String(raw.trim_matches('"').to_string())),
        },
        toml::Value::Integer(_) => parsed.filter(|v| v.is_integer()),
        toml::Value::Boolean(_) => parsed.filter(|v| v.is_bool()),
        toml::Value::Array(_) => parsed.filter(|v| v.is_array()),
        _ => parsed,
    }
}
