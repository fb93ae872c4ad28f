//! Per-event overrides of single ruleset fields (`match_win.floor=0.25`).
//!
//! Every seed lets the event's announced regulations take precedence, so any field can be
//! overridden. An override edits the TOML document and the result is validated like any
//! ruleset file; the event stores the final text.

use super::load::{RulesetError, parse_ruleset};
use super::schema::Ruleset;

/// Applies `path=value` overrides to `base` and validates the result.
///
/// `value` is a TOML value (`0.25` is read as the string `"0.25"` where the field is a
/// string, so both `floor=0.25` and `floor="0.25"` work).
pub fn apply_overrides(base: &Ruleset, overrides: &[String]) -> Result<Ruleset, RulesetError> {
    if overrides.is_empty() {
        return Ok(base.clone());
    }
    let invalid = |field: &str, message: String| RulesetError::Invalid {
        file: "--set".to_string(),
        line: 1,
        field: field.to_string(),
        message,
    };
    let mut document: toml::Table = toml::from_str(&base.source_text)
        .map_err(|e| invalid("", format!("base ruleset is not valid TOML: {e}")))?;
    for item in overrides {
        let (path, raw_value) = item.split_once('=').ok_or_else(|| {
            invalid(
                item,
                "write overrides as field=value, e.g. points.draw=1".into(),
            )
        })?;
        let path = path.trim();
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
        let value = parse_value(raw_value.trim(), existing)
            .ok_or_else(|| invalid(path, format!("'{raw_value}' is not a valid value here")))?;
        table.insert((*last).to_string(), value);
    }
    let text = toml::to_string(&document).map_err(|e| invalid("", e.to_string()))?;
    parse_ruleset("--set", &text)
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
