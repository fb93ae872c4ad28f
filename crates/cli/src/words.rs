//! clap `ValueEnum`s for the product's word lists (`Choice` enums declared once in the
//! engine and the command layer): the CLI lists and checks the same words the JSON, the
//! event file and the app use.

use clap::ValueEnum;
use clap::builder::PossibleValue;
use tablekeeper_words::vocabulary::Choice;

/// A CLI argument taking one of `T`'s words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word<T>(pub T);

/// The values of each word list, built once per list (clap wants a `'static` slice).
pub trait Words: Choice + Send + Sync + std::fmt::Debug {
    fn variants() -> &'static [Word<Self>];
}

macro_rules! words {
    ($($t:ty),* $(,)?) => {
        $(impl Words for $t {
            fn variants() -> &'static [Word<Self>] {
                static VARIANTS: std::sync::OnceLock<Vec<Word<$t>>> = std::sync::OnceLock::new();
                VARIANTS.get_or_init(|| <$t as Choice>::ALL.iter().map(|c| Word(*c)).collect())
            }
        })*
    };
}

words!(
    tablekeeper_engine::rules::structure::Structure,
    tablekeeper_engine::model::PenaltyType,
    tablekeeper_engine::top_cut::decks::SelectionMethod,
    tablekeeper_commands::vocabulary::ExportFormat,
    tablekeeper_commands::vocabulary::CsvEncoding,
    tablekeeper_commands::vocabulary::Document,
    tablekeeper_commands::vocabulary::Paper,
    tablekeeper_words::Language,
    tablekeeper_commands::desk::Finals,
    tablekeeper_commands::room::Reporting,
);

impl<T: Words> ValueEnum for Word<T> {
    fn value_variants<'a>() -> &'a [Self] {
        T::variants()
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.id()).aliases(self.0.aliases().iter().copied()))
    }
}
