//! The catalogues: one file per language (`locales/<id>.json`), embedded in the binary, with
//! a section per host. `messages` renders [`crate::Message`] keys (English needs none: the
//! English text travels in the message); `ui` is the app's strings (i18next, nested);
//! `print` the printouts' words; `room` the players' page. The app imports the same files,
//! so every host says the same words.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::language::Language;

const ENGLISH: &str = include_str!("../locales/en.json");
const JAPANESE: &str = include_str!("../locales/ja.json");

/// A language's catalogue file as it is embedded (for sections a host reads with its own
/// types, borrowing from it).
pub fn source(language: Language) -> &'static str {
    match language {
        Language::En => ENGLISH,
        Language::Ja => JAPANESE,
    }
}

/// The `messages` section of `language`: key → template with `{{name}}` places.
pub fn messages(language: Language) -> &'static BTreeMap<String, String> {
    static EN: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    static JA: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    let cell = match language {
        Language::En => &EN,
        Language::Ja => &JA,
    };
    cell.get_or_init(|| {
        // The files are embedded and checked by this crate's tests; an unreadable one
        // falls back to the English text every message carries.
        section(language, "messages")
            .and_then(|value| serde_json::from_value(value.clone()).ok())
            .unwrap_or_default()
    })
}

/// One section of `language`'s catalogue (`ui`, `print`, `room`, `messages`).
pub fn section(language: Language, name: &str) -> Option<&'static serde_json::Value> {
    static EN: OnceLock<serde_json::Value> = OnceLock::new();
    static JA: OnceLock<serde_json::Value> = OnceLock::new();
    let cell = match language {
        Language::En => &EN,
        Language::Ja => &JA,
    };
    cell.get_or_init(|| serde_json::from_str(source(language)).unwrap_or_default())
        .get(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (nested) key of a section, with its value's shape.
    fn keys(value: &serde_json::Value, prefix: &str, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    keys(inner, &format!("{prefix}{key}."), out);
                }
            }
            serde_json::Value::Array(items) => out.push(format!("{prefix}[{}]", items.len())),
            _ => out.push(prefix.to_string()),
        }
    }

    #[test]
    fn every_catalogue_parses_with_every_section() {
        for language in Language::ALL {
            let parsed: serde_json::Value =
                serde_json::from_str(source(*language)).expect("catalogue is JSON");
            for name in ["messages", "ui", "print", "room"] {
                assert!(parsed.get(name).is_some(), "{language}: no {name} section");
            }
        }
        assert!(messages(Language::Ja).len() > 100);
    }

    #[test]
    fn the_host_sections_have_the_same_keys_in_every_language() {
        for name in ["ui", "print", "room"] {
            let mut english = Vec::new();
            let mut japanese = Vec::new();
            keys(section(Language::En, name).expect("en"), "", &mut english);
            keys(section(Language::Ja, name).expect("ja"), "", &mut japanese);
            assert_eq!(english, japanese, "section {name}");
        }
    }
}
