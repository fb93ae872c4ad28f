//! Locating a ruleset file's problems: the line and field of an error, and serde's and
//! toml's messages in words an organizer understands.

use super::error::RulesetError;

/// `table.key`, or whichever of the two is set.
pub(super) fn join(table: &str, key: &str) -> String {
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

/// Reports errors against one file's text.
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
