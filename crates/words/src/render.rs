//! Messages in the user's language. Every [`Message`] carries its English text; other
//! languages render its key from the `messages` section of their catalogue
//! ([`crate::catalogue`]). The app's UI renders with the same rules in
//! `ui/src/i18n/messages.ts`; both run the vectors in `locales/render-vectors.json`.
//!
//! A template's `{{name}}` is replaced by the parameter `name`. A parameter `@key` is a
//! word translated from the catalogue; `@@key` is a whole message whose own parameters
//! are stored under `name.param`. A key the catalogue lacks falls back to English.

use std::collections::BTreeMap;

use crate::catalogue;
use crate::language::Language;
use crate::message::Message;

/// `message` in `language`.
pub fn render(message: &Message, language: Language) -> String {
    match language {
        Language::En => message.text.clone(),
        _ => render_key(
            &message.key,
            &message.params,
            "",
            catalogue::messages(language),
        )
        .unwrap_or_else(|| message.text.clone()),
    }
}

/// The template of `key` with its parameters (those under `prefix`) in place; `None` when
/// the catalogue lacks the key (or a nested key).
pub fn render_key(
    key: &str,
    params: &BTreeMap<String, String>,
    prefix: &str,
    catalogue: &BTreeMap<String, String>,
) -> Option<String> {
    let template = catalogue.get(key)?;
    let mut out = String::with_capacity(template.len());
    let mut rest = template.as_str();
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("}}")?;
        let name = after[..end].trim();
        let full = format!("{prefix}{name}");
        let value = params.get(&full).map(String::as_str).unwrap_or("");
        if let Some(nested) = value.strip_prefix("@@") {
            out.push_str(&render_key(nested, params, &format!("{full}."), catalogue)?);
        } else if let Some(word) = value.strip_prefix('@') {
            out.push_str(catalogue.get(word).map_or(word, String::as_str));
        } else {
            out.push_str(value);
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::Param;
    use crate::msg;

    fn catalogue() -> BTreeMap<String, String> {
        [
            ("test.penalty", "{{name}}に{{penalty}}（第{{round}}回戦）"),
            ("penalty.match-loss", "マッチの敗北"),
            ("test.outer", "外側: {{inner}}"),
            ("test.inner", "内側 {{n}}"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }

    #[test]
    fn words_and_nested_messages_are_translated() {
        let m = msg!(
            "test.penalty",
            "{penalty} for {name} in round {round}",
            penalty = Param::word("penalty.match-loss", "match loss"),
            name = "佐藤",
            round = 2u32
        );
        assert_eq!(
            render_key(&m.key, &m.params, "", &catalogue()).as_deref(),
            Some("佐藤にマッチの敗北（第2回戦）")
        );
        let inner = msg!("test.inner", "inner {n}", n = 3u32);
        let outer = msg!(
            "test.outer",
            "outer: {inner}",
            inner = Param::message(&inner)
        );
        assert_eq!(outer.text, "outer: inner 3");
        assert_eq!(
            render_key(&outer.key, &outer.params, "", &catalogue()).as_deref(),
            Some("外側: 内側 3")
        );
    }

    /// The vectors the app's renderer runs too (`ui/src/i18n/messages.test.ts`).
    #[test]
    fn the_shared_vectors_render_as_written() {
        #[derive(serde::Deserialize)]
        struct Case {
            key: String,
            params: BTreeMap<String, String>,
            expected: Option<String>,
        }
        #[derive(serde::Deserialize)]
        struct LanguageCase {
            language: String,
            key: String,
            params: BTreeMap<String, String>,
            expected: String,
        }
        #[derive(serde::Deserialize)]
        struct DateCase {
            at: String,
            language: String,
            expected: String,
        }
        #[derive(serde::Deserialize)]
        struct NumberCase {
            language: String,
            decimal: String,
            shown: String,
            per_mille: u32,
            percent: String,
        }
        #[derive(serde::Deserialize)]
        struct Vectors {
            catalogue: BTreeMap<String, String>,
            cases: Vec<Case>,
            languages: Vec<LanguageCase>,
            dates: Vec<DateCase>,
            numbers: Vec<NumberCase>,
        }
        let vectors: Vectors =
            serde_json::from_str(include_str!("../locales/render-vectors.json")).expect("vectors");
        assert!(vectors.cases.len() >= 10);
        for case in &vectors.cases {
            assert_eq!(
                render_key(&case.key, &case.params, "", &vectors.catalogue),
                case.expected,
                "{} {:?}",
                case.key,
                case.params
            );
        }
        for case in &vectors.dates {
            let language = Language::from_id(&case.language).expect("a language");
            assert_eq!(
                language.date_time(&case.at),
                case.expected,
                "{}",
                case.language
            );
        }
        for case in &vectors.numbers {
            let language = Language::from_id(&case.language).expect("a language");
            assert_eq!(language.decimal(&case.decimal), case.shown, "{language}");
            assert_eq!(language.percent(case.per_mille), case.percent, "{language}");
        }
        // The same messages rendered from every language's own catalogue.
        for language in Language::ALL.iter().filter(|l| **l != Language::En) {
            let cases: Vec<&LanguageCase> = vectors
                .languages
                .iter()
                .filter(|c| c.language == language.id())
                .collect();
            assert!(cases.len() >= 2, "{language}: vectors of its own");
            for case in cases {
                assert_eq!(
                    render_key(&case.key, &case.params, "", catalogue::messages(*language)),
                    Some(case.expected.clone()),
                    "{language} {}",
                    case.key
                );
            }
        }
    }

    #[test]
    fn a_missing_key_falls_back_to_english() {
        let m = msg!("test.not-in-catalogue", "plain English");
        assert_eq!(render_key(&m.key, &m.params, "", &catalogue()), None);
        assert_eq!(render(&m, Language::En), "plain English");
    }
}
