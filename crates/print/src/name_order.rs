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

/// The collation of each language: CLDR's root order tailored for it. Korean sorts by
/// Hangul order (가, 나, 다 …, Hanja after Hangul); Traditional Chinese by stroke count,
/// the default order of CLDR's `zh-Hant` (筆畫, as Taiwanese rosters and dictionaries sort),
/// not pinyin, which Taiwan does not use (docs/languages.md).
fn collator(language: Language) -> Option<&'static CollatorBorrowed<'static>> {
    static CELLS: [OnceLock<Option<CollatorBorrowed<'static>>>; Language::ALL.len()] =
        [const { OnceLock::new() }; Language::ALL.len()];
    let locale = match language {
        Language::En => locale!("en"),
        Language::Ja => locale!("ja"),
        Language::Fr => locale!("fr"),
        Language::De => locale!("de"),
        Language::Es => locale!("es"),
        Language::It => locale!("it"),
        Language::Ko => locale!("ko"),
        Language::ZhHant => locale!("zh-Hant"),
    };
    CELLS[language.index()]
        .get_or_init(|| Collator::try_new(locale.into(), CollatorOptions::default()).ok())
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

    /// CLDR's Korean order also puts Hangul before Latin (its `[reorder Hang Hani]`), as a
    /// Korean roster lists its own names first.
    #[test]
    fn korean_names_sort_in_hangul_order() {
        let names = [
            ("최민수", None),
            ("김철수", None),
            ("이영희", None),
            ("박지성", None),
            ("강동원", None),
            ("Ann Lee", None),
        ];
        assert_eq!(
            sorted(Language::Ko, &names),
            ["강동원", "김철수", "박지성", "이영희", "최민수", "Ann Lee"]
        );
    }

    #[test]
    fn traditional_chinese_names_sort_by_stroke_count_not_pinyin() {
        // 丁 2 strokes, 王 4, 李 7, 林 8, 黃 12, 劉 15 (Unihan kTotalStrokes); pinyin would
        // give 丁 黃 李 林 劉 王.
        let names = [
            ("劉德華", None),
            ("黃小明", None),
            ("林志玲", None),
            ("李安", None),
            ("王建民", None),
            ("丁一", None),
        ];
        assert_eq!(
            sorted(Language::ZhHant, &names),
            ["丁一", "王建民", "李安", "林志玲", "黃小明", "劉德華"]
        );
    }

    /// Spanish files Ñ as a letter of its own after N (CLDR's Spanish tailoring), where the
    /// root order, English's, takes it for an N with a tilde.
    #[test]
    fn spanish_sorts_enye_after_n() {
        let names = [("Ñandú", None), ("Nzeki", None), ("Oscar", None)];
        assert_eq!(sorted(Language::Es, &names), ["Nzeki", "Ñandú", "Oscar"]);
        assert_eq!(sorted(Language::En, &names), ["Ñandú", "Nzeki", "Oscar"]);
    }

    #[test]
    fn european_languages_sort_accents_with_their_letters() {
        let names = [
            ("Zoé", None),
            ("Émilie", None),
            ("Ödön", None),
            ("Olaf", None),
        ];
        for language in [Language::Fr, Language::De, Language::Es, Language::It] {
            assert_eq!(
                sorted(language, &names),
                ["Émilie", "Ödön", "Olaf", "Zoé"],
                "{language}"
            );
        }
    }
}
