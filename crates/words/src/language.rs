//! The languages of the interface, the printouts and the players' pages, with what each
//! needs besides words: which locale names pick it, its CLDR plural categories, its
//! decimal separator, and its own name for the language chooser (docs/languages.md).

crate::choice_enum! {
    /// A language of the interface and the printouts.
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    pub enum Language {
        En = "en" ["english"],
        Ja = "ja" ["japanese", "jp"],
        Fr = "fr" ["french", "français"],
        De = "de" ["german", "deutsch"],
        Es = "es" ["spanish", "español"],
        It = "it" ["italian", "italiano"],
        Ko = "ko" ["korean", "kr"],
        ZhHant = "zh-Hant" ["zh-hant", "zh-tw", "zh-hk", "traditional-chinese"],
    }
}

impl Language {
    /// The language a locale or language tag asks for (`ja_JP.UTF-8` → Japanese, `fr-CA`
    /// → French, `zh-TW` → Traditional Chinese), else English. Every Chinese tag, the
    /// Simplified ones too, picks Traditional Chinese: the closest the catalogues hold, and
    /// more readable than English to a reader of Simplified (docs/languages.md).
    pub fn from_locale(locale: &str) -> Language {
        Language::from_tag(locale).unwrap_or(Language::En)
    }

    /// The language a tag names, if a catalogue holds it: the one whose id has the tag's
    /// primary subtag (`fr-CA` → `fr`, `zh_TW` → `zh-Hant`). The app's and the phone page's
    /// scripts apply the same rule to the same ids.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let tag = tag.trim().to_ascii_lowercase();
        let primary = tag.split(['-', '_', '.', '@', ';']).next()?;
        Language::ALL
            .iter()
            .copied()
            .find(|l| l.id().split('-').next() == Some(primary) && !primary.is_empty())
    }

    /// The first language of an HTTP `Accept-Language` list (by its `q` weights) that a
    /// catalogue holds, else English: `de-CH, fr;q=0.9` → German.
    pub fn from_accept_language(header: &str) -> Language {
        let mut wanted: Vec<(u16, usize, Language)> = header
            .split(',')
            .enumerate()
            .filter_map(|(order, entry)| {
                let mut parts = entry.split(';');
                let language = Language::from_tag(parts.next()?)?;
                // The parameter's name is case-insensitive, with optional space: `Q = 0.5`.
                let weight = parts
                    .find_map(|p| {
                        let (name, value) = p.split_once('=')?;
                        name.trim().eq_ignore_ascii_case("q").then_some(value)
                    })
                    .map_or(1000, quality);
                (weight > 0).then_some((weight, order, language))
            })
            .collect();
        wanted.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        wanted.first().map_or(Language::En, |w| w.2)
    }

    /// The CLDR cardinal plural categories the language's `ui` strings carry as i18next
    /// suffixes (`_one`, `_many`, `_other`), from CLDR 44's plurals.xml: French, Spanish
    /// and Italian have "many" (a million and more); Japanese, Korean and Chinese only
    /// "other".
    pub fn plural_categories(self) -> &'static [&'static str] {
        match self {
            Language::En | Language::De => &["one", "other"],
            Language::Fr | Language::Es | Language::It => &["one", "many", "other"],
            Language::Ja | Language::Ko | Language::ZhHant => &["other"],
        }
    }

    /// The decimal separator where a printout shows a decimal (CLDR `symbols/decimal`).
    pub fn decimal_separator(self) -> char {
        match self {
            Language::Fr | Language::De | Language::Es | Language::It => ',',
            Language::En | Language::Ja | Language::Ko | Language::ZhHant => '.',
        }
    }

    /// A percentage given in tenths (`667` → "66.7%") with the language's separator and
    /// its percent sign as CLDR's `percentFormat` writes it: after a no-break space in
    /// French, German and Spanish ("66,7 %").
    pub fn percent(self, per_mille: u32) -> String {
        let (whole, tenths) = (per_mille / 10, per_mille % 10);
        let separator = self.decimal_separator();
        match self {
            Language::Fr | Language::De | Language::Es => {
                format!("{whole}{separator}{tenths}\u{A0}%")
            }
            _ => format!("{whole}{separator}{tenths}%"),
        }
    }

    /// A decimal as the language writes it: `0.6667` → `0,6667` in French (the exact value
    /// underneath is unchanged; only the separator is the reader's).
    pub fn decimal(self, number: &str) -> String {
        match self.decimal_separator() {
            '.' => number.to_string(),
            separator => number.replace('.', &separator.to_string()),
        }
    }

    /// A date and time (`2026-12-05 18:37`, as footers take it from the event's clock) in
    /// the language's form: CLDR's numeric date with four-digit years and its time, 24-hour
    /// in Europe and as written today in English and Japanese, `오후 6:37` / `下午6:37`
    /// in Korean and Traditional Chinese. Text of another shape is returned as it is.
    pub fn date_time(self, iso: &str) -> String {
        let number = |range: std::ops::Range<usize>| iso.get(range)?.parse::<u32>().ok();
        let (Some(year), Some(month), Some(day), Some(hour), Some(minute)) = (
            number(0..4),
            number(5..7),
            number(8..10),
            number(11..13),
            number(14..16),
        ) else {
            return iso.to_string();
        };
        let half = |morning: &'static str, afternoon: &'static str| {
            let twelve = if hour % 12 == 0 { 12 } else { hour % 12 };
            (if hour < 12 { morning } else { afternoon }, twelve)
        };
        match self {
            Language::En | Language::Ja => {
                format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
            }
            Language::Fr | Language::Es | Language::It => {
                format!("{day:02}/{month:02}/{year:04} {hour:02}:{minute:02}")
            }
            Language::De => format!("{day:02}.{month:02}.{year:04}, {hour:02}:{minute:02}"),
            Language::Ko => {
                let (noon, twelve) = half("오전", "오후");
                format!("{year}. {month}. {day}. {noon} {twelve}:{minute:02}")
            }
            Language::ZhHant => {
                let (noon, twelve) = half("上午", "下午");
                format!("{year}/{month}/{day} {noon}{twelve}:{minute:02}")
            }
        }
    }

    /// The language's own name, as a chooser lists it.
    pub fn endonym(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Ja => "日本語",
            Language::Fr => "Français",
            Language::De => "Deutsch",
            Language::Es => "Español",
            Language::It => "Italiano",
            Language::Ko => "한국어",
            Language::ZhHant => "繁體中文",
        }
    }

    /// Its place in [`Language::ALL`] (for per-language tables).
    pub fn index(self) -> usize {
        Language::ALL
            .iter()
            .position(|l| *l == self)
            .unwrap_or_default()
    }
}

/// An HTTP quality value (`0.8`) in thousandths; malformed counts as 0 (not wanted).
fn quality(text: &str) -> u16 {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits: String = fraction.chars().take(3).collect();
    match (whole.parse::<u16>(), format!("{digits:0<3}").parse::<u16>()) {
        (Ok(w), Ok(f)) if w <= 1 => (w * 1000 + f).min(1000),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_pick_their_language() {
        for (locale, language) in [
            ("ja_JP.UTF-8", Language::Ja),
            ("fr_FR.UTF-8", Language::Fr),
            ("fr-CA", Language::Fr),
            ("de_AT", Language::De),
            ("es-419", Language::Es),
            ("it_IT@euro", Language::It),
            ("ko_KR.UTF-8", Language::Ko),
            ("zh_TW.UTF-8", Language::ZhHant),
            ("zh-Hant-HK", Language::ZhHant),
            ("zh_CN", Language::ZhHant),
            ("C", Language::En),
            ("pt_BR", Language::En),
            ("", Language::En),
        ] {
            assert_eq!(Language::from_locale(locale), language, "{locale}");
        }
    }

    #[test]
    fn accept_language_takes_the_best_weighted_language_a_catalogue_holds() {
        assert_eq!(
            Language::from_accept_language("pt-BR,pt;q=0.9,fr;q=0.8,en;q=0.7"),
            Language::Fr
        );
        assert_eq!(
            Language::from_accept_language("en;q=0.5, ko-KR"),
            Language::Ko
        );
        assert_eq!(
            Language::from_accept_language("de;q=0, it;q=0.3"),
            Language::It
        );
        assert_eq!(Language::from_accept_language("nl, sv"), Language::En);
        assert_eq!(Language::from_accept_language("ja;q=junk"), Language::En);
        assert_eq!(
            Language::from_accept_language("fr;Q=0.2, de; q = 0.9"),
            Language::De
        );
    }

    #[test]
    fn every_language_has_other_and_its_own_name() {
        for language in Language::ALL {
            assert!(language.plural_categories().contains(&"other"));
            assert!(!language.endonym().is_empty());
            assert_eq!(Language::ALL[language.index()], *language);
            assert_eq!(Language::from_id(language.id()), Some(*language));
        }
        assert_eq!(Language::Fr.percent(667), "66,7\u{A0}%");
        assert_eq!(Language::It.percent(125), "12,5%");
        assert_eq!(Language::De.decimal("0.6667"), "0,6667");
        assert_eq!(Language::Ja.decimal("0.6667"), "0.6667");
    }

    #[test]
    fn dates_and_times_are_written_as_each_locale_writes_them() {
        let at = "2026-12-05 18:07+09:00";
        for (language, written) in [
            (Language::En, "2026-12-05 18:07"),
            (Language::Ja, "2026-12-05 18:07"),
            (Language::Fr, "05/12/2026 18:07"),
            (Language::De, "05.12.2026, 18:07"),
            (Language::Es, "05/12/2026 18:07"),
            (Language::It, "05/12/2026 18:07"),
            (Language::Ko, "2026. 12. 5. 오후 6:07"),
            (Language::ZhHant, "2026/12/5 下午6:07"),
        ] {
            assert_eq!(language.date_time(at), written, "{language}");
        }
        assert_eq!(
            Language::Ko.date_time("2026-12-05 00:30"),
            "2026. 12. 5. 오전 12:30"
        );
        assert_eq!(Language::Fr.date_time("soon"), "soon");
        assert_eq!(Language::Ko.percent(667), "66.7%");
    }
}
