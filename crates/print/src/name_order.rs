//! The order of a "by name" sheet, as a player looks for their name on the wall: Unicode
//! collation (ICU's, tailored for the sheet's language) so that Émile, Ólafur and Ångström
//! sort with E, O and A, not after Z; by the reading when the scorekeeper gave one (so
//! Japanese names follow 五十音 order as a dictionary does: がく with かく, before かとう);
//! else a Latin, Greek or Cyrillic name of two or more words by its last word, the family
//! name, as the incumbents' "by last name" sheets do (docs/decisions.md 48).

use std::cmp::Ordering;
use std::sync::OnceLock;

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};
use icu_locale_core::locale;

use crate::Language;

/// The text a name sorts by: the reading when given, else the family name first for a
/// Western name ("Ada Lovelace" → "Lovelace Ada"), else the name as written (Japanese,
/// Chinese and Korean names are written family name first already).
pub fn sort_text(name: &str, reading: Option<&str>) -> String {
    if let Some(reading) = reading.map(str::trim).filter(|r| !r.is_empty()) {
        return reading.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let western = name
        .chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(|c| matches!(c as u32, 0x0041..=0x024F | 0x0370..=0x052F | 0x1E00..=0x1EFF));
    match words.split_last() {
        Some((family, given)) if western && !given.is_empty() => {
            format!("{family} {}", given.join(" "))
        }
        _ => name.trim().to_string(),
    }
}

fn collator(language: Language) -> Option<&'static CollatorBorrowed<'static>> {
    static EN: OnceLock<Option<CollatorBorrowed<'static>>> = OnceLock::new();
    static JA: OnceLock<Option<CollatorBorrowed<'static>>> = OnceLock::new();
    let (cell, locale) = match language {
        Language::En => (&EN, locale!("en")),
        Language::Ja => (&JA, locale!("ja")),
    };
    cell.get_or_init(|| Collator::try_new(locale.into(), CollatorOptions::default()).ok())
        .as_ref()
}

/// Compares two sort texts in the sheet's language (code points if the collation data
/// were ever missing, so a sheet still prints).
pub fn compare(language: Language, a: &str, b: &str) -> Ordering {
    match collator(language) {
        Some(collator) => collator.compare(a, b),
        None => a.cmp(b),
    }
}

/// The letter a sort text is filed under on the sheet's page headings ("A–D"): its first
/// character, upper-cased.
pub fn initial(text: &str) -> String {
    text.chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(language: Language, names: &[(&str, Option<&str>)]) -> Vec<String> {
        let mut keyed: Vec<(String, &str)> = names
            .iter()
            .map(|(name, reading)| (sort_text(name, *reading), *name))
            .collect();
        keyed.sort_by(|a, b| compare(language, &a.0, &b.0));
        keyed
            .into_iter()
            .map(|(_, name)| name.to_string())
            .collect()
    }

    #[test]
    fn accented_names_sort_with_their_letters_not_after_z() {
        let names = [
            ("Zoe Zander", None),
            ("Émile", None),
            ("Ólafur", None),
            ("Ångström", None),
            ("Bob", None),
            ("emma", None),
        ];
        assert_eq!(
            sorted(Language::En, &names),
            ["Ångström", "Bob", "Émile", "emma", "Ólafur", "Zoe Zander"]
        );
    }

    #[test]
    fn western_names_sort_by_family_name() {
        assert_eq!(sort_text("Ada Lovelace", None), "Lovelace Ada");
        assert_eq!(sort_text("Иван Петров", None), "Петров Иван");
        assert_eq!(sort_text("山田 花子", None), "山田 花子");
        assert_eq!(sort_text("Ada Lovelace", Some("Byron")), "Byron");
        let names = [("Ada Lovelace", None), ("Charles Babbage", None)];
        assert_eq!(
            sorted(Language::En, &names),
            ["Charles Babbage", "Ada Lovelace"]
        );
    }

    #[test]
    fn readings_sort_as_a_japanese_dictionary_does() {
        // Voiced kana sort with their plain forms (がく between かく and かとう), katakana
        // readings with hiragana ones.
        let names = [
            ("木村", Some("きむら")),
            ("加藤", Some("かとう")),
            ("岳", Some("がく")),
            ("角", Some("カク")),
            ("秋山", Some("あきやま")),
        ];
        assert_eq!(
            sorted(Language::Ja, &names),
            ["秋山", "角", "岳", "加藤", "木村"]
        );
    }
}
