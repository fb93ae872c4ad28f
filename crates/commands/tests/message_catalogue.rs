//! Every message the code can raise has its words in every language: each `msg!("key",
//! "English", …)` in the sources is in the `messages` section of each
//! `crates/words/locales/<language>.json`, its `{{placeholders}}` are parameters the code
//! passes, and no catalogue holds a key the code no longer uses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Words made at run time from a list (`penalty.{id}` …), with every value they take.
fn dynamic_words() -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for penalty in tablekeeper_engine::model::PenaltyType::ALL {
        words.insert(format!("penalty.{}", penalty.id()));
    }
    for detail in ["reading", "player-id", "nickname"] {
        words.insert(format!("name.detail.{detail}"));
    }
    for word in [
        "side.a",
        "side.b",
        "drop.after-pairing",
        "drop.after-results",
    ] {
        words.insert(word.to_string());
    }
    words
}

/// `(key, English template)` of every `msg!` and every `Param::word` key in the sources.
fn keys_in_sources() -> (BTreeMap<String, String>, BTreeSet<String>) {
    // Every crate, and the desktop shell (its words before the window opens).
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shell = crates.join("..").join("src-tauri").join("src");
    let mut messages = BTreeMap::new();
    let mut words = BTreeSet::new();
    let mut stack = vec![crates, shell];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).expect("read sources").flatten() {
            let path = entry.path();
            if path.is_dir() {
                if !path.ends_with("tests") && !path.ends_with("target") {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            // Unit tests invent keys of their own (a test module, not `#[cfg(test)] mod x;`).
            let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
            collect(text, "msg!(", &mut |key, template| {
                let template = template.unwrap_or_default().to_string();
                if let Some(other) = messages.insert(key.to_string(), template.clone())
                    && other != template
                {
                    // One key, two sentences: one of them gets the other's words.
                    panic!("{key} is the key of {other:?} and of {template:?}");
                }
            });
            collect(text, "Param::word(", &mut |key, _| {
                words.insert(key.to_string());
            });
        }
    }
    (messages, words)
}

/// Calls `found(key, template)` for each `marker"key", "template"` in `text`.
fn collect(text: &str, marker: &str, found: &mut dyn FnMut(&str, Option<&str>)) {
    for piece in text.split(marker).skip(1) {
        let piece = piece.trim_start();
        let Some(rest) = piece.strip_prefix('"') else {
            continue;
        };
        let Some((key, rest)) = rest.split_once('"') else {
            continue;
        };
        if !key.contains('.') || key.contains('{') {
            continue;
        }
        let template = rest
            .trim_start()
            .strip_prefix(',')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('"'))
            .and_then(|r| literal(r));
        found(key, template);
    }
}

/// A Rust string literal's content up to its closing quote.
fn literal(text: &str) -> Option<&str> {
    let mut escaped = false;
    for (index, c) in text.char_indices() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '"') => return Some(&text[..index]),
            _ => {}
        }
    }
    None
}

fn placeholders(template: &str, open: &str, close: &str) -> BTreeSet<String> {
    template
        .split(open)
        .skip(1)
        .filter_map(|rest| {
            rest.split_once(close)
                .map(|(name, _)| name.trim().to_string())
        })
        .filter(|name| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .collect()
}

#[test]
fn every_message_has_its_words_in_every_language() {
    for language in tablekeeper_words::Language::ALL {
        if *language != tablekeeper_words::Language::En {
            every_message_has_its_words(*language);
        }
    }
}

fn every_message_has_its_words(language: tablekeeper_words::Language) {
    let catalogue: &BTreeMap<String, String> = tablekeeper_words::catalogue::messages(language);
    let (messages, words) = keys_in_sources();
    assert!(
        messages.len() > 150,
        "the scan found the messages ({})",
        messages.len()
    );
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    for (key, english) in &messages {
        match catalogue.get(key) {
            None => missing.push(format!("{key}: {english}")),
            Some(japanese) => {
                let given = placeholders(english, "{", "}");
                let used = placeholders(japanese, "{{", "}}");
                let unknown: Vec<_> = used.difference(&given).collect();
                if !unknown.is_empty() {
                    wrong.push(format!("{key}: {{{{{unknown:?}}}}} is not a parameter"));
                }
                // A parameter written `{name}` (the English form) is shown as it is: the
                // catalogue's templates write `{{name}}`.
                let single: Vec<&String> = given
                    .iter()
                    .filter(|name| {
                        japanese
                            .replace(&format!("{{{{{name}}}}}"), "")
                            .contains(&format!("{{{name}}}"))
                    })
                    .collect();
                if !single.is_empty() {
                    wrong.push(format!("{key}: {single:?} written with single braces"));
                }
            }
        }
    }
    let dynamic = dynamic_words();
    for word in words.iter().chain(&dynamic) {
        if !catalogue.contains_key(word) {
            missing.push(format!("{word} (a word)"));
        }
    }
    let unused: Vec<&String> = catalogue
        .keys()
        .filter(|k| !messages.contains_key(*k) && !words.contains(*k) && !dynamic.contains(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "not in {language}.json:\n{}",
        missing.join("\n")
    );
    assert!(wrong.is_empty(), "{language}: {}", wrong.join("\n"));
    assert!(
        unused.is_empty(),
        "{language}.json keys no code uses: {unused:?}"
    );
}
