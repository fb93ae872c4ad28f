//! The catalogues: one file per language (`locales/<id>.json`), embedded in the binary, with
//! a section per host. `messages` renders [`crate::Message`] keys (English needs none: the
//! English text travels in the message); `ui` is the app's strings (i18next, nested);
//! `print` the printouts' words; `room` the players' page. The app imports the same files,
//! so every host says the same words.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::language::Language;

/// Every catalogue, in the order of [`Language::ALL`].
const SOURCES: [&str; 8] = [
    include_str!("../locales/en.json"),
    include_str!("../locales/ja.json"),
    include_str!("../locales/fr.json"),
    include_str!("../locales/de.json"),
    include_str!("../locales/es.json"),
    include_str!("../locales/it.json"),
    include_str!("../locales/ko.json"),
    include_str!("../locales/zh-Hant.json"),
];

const _: () = assert!(SOURCES.len() == Language::ALL.len());

/// One value per language, made on first use.
type PerLanguage<T> = [OnceLock<T>; SOURCES.len()];

/// A language's catalogue file as it is embedded (for sections a host reads with its own
/// types, borrowing from it).
pub fn source(language: Language) -> &'static str {
    SOURCES[language.index()]
}

/// The `messages` section of `language`: key → template with `{{name}}` places.
pub fn messages(language: Language) -> &'static BTreeMap<String, String> {
    static CELLS: PerLanguage<BTreeMap<String, String>> =
        [const { OnceLock::new() }; SOURCES.len()];
    CELLS[language.index()].get_or_init(|| {
        // The files are embedded and checked by this crate's tests; an unreadable one
        // falls back to the English text every message carries.
        section(language, "messages")
            .and_then(|value| serde_json::from_value(value.clone()).ok())
            .unwrap_or_default()
    })
}

/// One section of `language`'s catalogue (`ui`, `print`, `room`, `messages`).
pub fn section(language: Language, name: &str) -> Option<&'static serde_json::Value> {
    static CELLS: PerLanguage<serde_json::Value> = [const { OnceLock::new() }; SOURCES.len()];
    CELLS[language.index()]
        .get_or_init(|| serde_json::from_str(source(language)).unwrap_or_default())
        .get(name)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    const PLURAL_SUFFIXES: [&str; 6] = ["_zero", "_one", "_two", "_few", "_many", "_other"];

    /// Every (nested) key of a section with its value's shape and its `{{placeholders}}`.
    fn keys(value: &serde_json::Value, prefix: &str, out: &mut BTreeMap<String, String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    keys(inner, &format!("{prefix}{key}."), out);
                }
            }
            serde_json::Value::Array(items) => {
                let key = prefix.trim_end_matches('.').to_string();
                out.insert(key, format!("[{}]", items.len()));
            }
            serde_json::Value::String(text) => {
                let key = prefix.trim_end_matches('.').to_string();
                out.insert(
                    key,
                    placeholders(text).into_iter().collect::<Vec<_>>().join(","),
                );
            }
            other => {
                let key = prefix.trim_end_matches('.').to_string();
                out.insert(key, format!("not text: {other}"));
            }
        }
    }

    /// The `{{name}}` places of a template, and the `{name}` ones the players' page fills.
    fn placeholders(text: &str) -> BTreeSet<String> {
        let double: BTreeSet<String> = text
            .split("{{")
            .skip(1)
            .filter_map(|rest| {
                rest.split_once("}}")
                    .map(|(name, _)| name.trim().to_string())
            })
            .collect();
        let mut rest = text.to_string();
        for name in &double {
            rest = rest.replace(&format!("{{{{{name}}}}}"), "");
        }
        let single = rest.split('{').skip(1).filter_map(|after| {
            let (name, _) = after.split_once('}')?;
            (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                .then(|| format!("{{{name}}}"))
        });
        double.iter().cloned().chain(single).collect()
    }

    /// `key_one` → (`key`, `one`).
    fn plural(key: &str) -> Option<(&str, &str)> {
        PLURAL_SUFFIXES
            .iter()
            .find_map(|suffix| key.strip_suffix(suffix).map(|base| (base, &suffix[1..])))
    }

    #[test]
    fn every_catalogue_parses_with_every_section() {
        for language in Language::ALL {
            let parsed: serde_json::Value =
                serde_json::from_str(source(*language)).expect("catalogue is JSON");
            assert_eq!(parsed["language"], language.id(), "{language}");
            for name in ["messages", "ui", "print", "room"] {
                assert!(parsed.get(name).is_some(), "{language}: no {name} section");
            }
        }
        assert!(messages(Language::Ja).len() > 100);
    }

    /// Every language has every key of English's host sections with the same placeholders,
    /// no key English lacks, and exactly its own CLDR plural forms of each plural string.
    #[test]
    fn the_host_sections_have_the_same_keys_in_every_language() {
        for name in ["ui", "print", "room"] {
            let mut english = BTreeMap::new();
            keys(section(Language::En, name).expect("en"), "", &mut english);
            for language in Language::ALL {
                let mut theirs = BTreeMap::new();
                keys(section(*language, name).expect("section"), "", &mut theirs);
                let expected: BTreeMap<String, String> = english
                    .iter()
                    .filter(|(key, _)| plural(key).is_none())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .chain(
                        english
                            .keys()
                            .filter_map(|key| plural(key).map(|(base, _)| base))
                            .collect::<BTreeSet<_>>()
                            .into_iter()
                            .flat_map(|base| {
                                language.plural_categories().iter().map(move |category| {
                                    (format!("{base}_{category}"), "(plural)".to_string())
                                })
                            }),
                    )
                    .collect();
                let found: BTreeMap<String, String> = theirs
                    .into_iter()
                    .map(|(k, v)| match plural(&k) {
                        Some(_) => (k, "(plural)".to_string()),
                        None => (k, v),
                    })
                    .collect();
                let missing: Vec<_> = expected
                    .iter()
                    .filter(|(k, v)| found.get(*k) != Some(*v))
                    .collect();
                let extra: Vec<_> = found
                    .keys()
                    .filter(|k| !expected.contains_key(*k))
                    .collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{language} {name}: missing or different {missing:?}; not in English {extra:?}"
                );
            }
        }
    }

    /// The language chooser lists each language by its own name, the same in every
    /// catalogue and the same as the phone page's chooser (`Language::endonym`).
    #[test]
    fn every_catalogue_names_each_language_in_its_own_words() {
        for language in Language::ALL {
            let names = &section(*language, "ui").expect("ui")["settings"]["languages"];
            for named in Language::ALL {
                assert_eq!(names[named.id()], named.endonym(), "{language}: {named}");
            }
        }
    }

    /// Every language but English renders the messages Japanese does, none empty (the
    /// commands' `message_catalogue` test holds each to the code's keys and parameters).
    #[test]
    fn every_language_has_every_message() {
        let japanese = messages(Language::Ja);
        for language in Language::ALL.iter().filter(|l| **l != Language::En) {
            let theirs = messages(*language);
            let keys: Vec<_> = theirs.keys().collect();
            assert_eq!(keys, japanese.keys().collect::<Vec<_>>(), "{language}");
            for (key, text) in theirs {
                assert!(!text.trim().is_empty(), "{language} {key}: empty");
            }
        }
    }
}
