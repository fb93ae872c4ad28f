//! The languages of the interface and the printouts.

crate::choice_enum! {
    /// A language of the interface and the printouts.
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    pub enum Language {
        En = "en" ["english"],
        Ja = "ja" ["japanese", "jp"],
    }
}

impl Language {
    /// The language a user's locale asks for (`ja_JP.UTF-8` → Japanese), else English.
    pub fn from_locale(locale: &str) -> Language {
        if locale.to_ascii_lowercase().starts_with("ja") {
            Language::Ja
        } else {
            Language::En
        }
    }
}
