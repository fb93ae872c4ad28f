//! One word per thing per language: each catalogue's glossary
//! (`locales/<language>.glossary.json`) names the word every string uses for a thing of the
//! game and the synonyms none may use; this holds every string of the catalogue to it.

use tablekeeper_words::Language;
use tablekeeper_words::catalogue;

#[derive(serde::Deserialize)]
struct Glossary {
    language: String,
    terms: Vec<Term>,
}

#[derive(serde::Deserialize)]
struct Term {
    en: String,
    word: String,
    source: String,
    #[serde(default)]
    avoid: Vec<String>,
}

fn glossary(language: Language) -> Option<Glossary> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(format!("{}.glossary.json", language.id()));
    let text = std::fs::read_to_string(path).ok()?;
    Some(serde_json::from_str(&text).expect("a glossary is JSON of its documented shape"))
}

/// Every string of a catalogue, lower-cased.
fn strings(language: Language) -> Vec<String> {
    fn walk(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(text) => out.push(text.to_lowercase()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for section in ["messages", "ui", "print", "room"] {
        walk(
            catalogue::section(language, section).expect("section"),
            &mut out,
        );
    }
    out
}

/// Whether `text` holds `term` as a word of its own (a letter, digit or `_` may not touch
/// it on either side; in scripts without spaces between words, anywhere).
fn uses(text: &str, term: &str) -> bool {
    let spaced = term
        .chars()
        .any(|c| c.is_ascii_alphabetic() || c.is_alphabetic() && (c as u32) < 0x2E80);
    text.match_indices(term).any(|(at, _)| {
        if !spaced {
            return true;
        }
        let before = text[..at].chars().next_back();
        let after = text[at + term.len()..].chars().next();
        // `_` joins a word too: `per_draw` in a TOML template is not the word "draw".
        let joins = |c: char| c.is_alphanumeric() || c == '_';
        !before.is_some_and(joins) && !after.is_some_and(joins)
    })
}

#[test]
fn every_new_language_has_a_glossary_that_its_catalogue_keeps() {
    for language in Language::ALL {
        let Some(glossary) = glossary(*language) else {
            assert!(
                matches!(language, Language::En),
                "{language} has no glossary beside its catalogue"
            );
            continue;
        };
        assert_eq!(glossary.language, language.id());
        assert!(
            glossary.terms.len() >= 20,
            "{language}: {} terms",
            glossary.terms.len()
        );
        let texts = strings(*language);
        let mut broken = Vec::new();
        for term in &glossary.terms {
            assert!(
                !term.en.is_empty() && !term.word.is_empty() && !term.source.is_empty(),
                "{language}: a term without its English, its word or its source"
            );
            for avoided in &term.avoid {
                let avoided = avoided.to_lowercase();
                if let Some(text) = texts.iter().find(|t| uses(t, &avoided)) {
                    broken.push(format!(
                        "\"{avoided}\" instead of \"{}\" ({}): {text}",
                        term.word, term.en
                    ));
                }
            }
        }
        assert!(broken.is_empty(), "{language}:\n{}", broken.join("\n"));
        let used = glossary
            .terms
            .iter()
            .filter(|term| texts.iter().any(|t| uses(t, &term.word.to_lowercase())))
            .count();
        assert!(
            used * 10 >= glossary.terms.len() * 8,
            "{language}: only {used} of {} glossary words are used by its strings",
            glossary.terms.len()
        );
    }
}
