//! Tablekeeper's printouts as PDF: pairings (by table and by name), match slips,
//! standings with the per-player tiebreak breakdown, the top-cut bracket, the Crossover
//! Battles score card, a blank deck registration sheet, the payout sheet and a season's
//! table — on A4 or US Letter, in
//! English or Japanese, with fonts for every script a shop registers (Latin with
//! Vietnamese, Greek, Cyrillic, Japanese, Korean, Chinese) subset into every file.
//!
//! Documents are drawn from the command layer's views, so what is printed is exactly what
//! the CLI and the app show. Nothing here reads the clock or the event file.

mod canvas;
pub mod figure;
mod font;
pub use font::unprintable;
pub mod labels;
pub mod merge;
pub mod name_order;
mod table;

pub mod bracket;
pub mod charts;
pub mod deck_checks;
pub mod forms;
pub mod job;
pub mod pairings;
pub mod poster;
pub mod prizes;
mod qr;
pub mod slips;
pub mod standings;
pub mod tickets;

use tablekeeper_words::message::Message;
use tablekeeper_words::{ErrorKind, msg};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum PrintError {
    #[error("the embedded font could not be read; reinstall Tablekeeper")]
    Font,
    #[error("{0}")]
    Input(Message),
    #[error(transparent)]
    Command(#[from] tablekeeper_commands::CommandError),
    /// Printouts could not be put into one PDF (`merge`).
    #[error("the sheets could not be put into one PDF: {0}")]
    Merge(String),
}

impl PrintError {
    /// Stable kind for the UI and `--json`.
    pub fn kind(&self) -> ErrorKind {
        match self {
            PrintError::Font => ErrorKind::PrintFont,
            PrintError::Input(_) => ErrorKind::PrintInput,
            PrintError::Command(e) => e.kind(),
            PrintError::Merge(_) => ErrorKind::Internal,
        }
    }
}

/// Hosts report print errors as command errors; the kind stays stable.
impl From<PrintError> for tablekeeper_commands::CommandError {
    fn from(error: PrintError) -> Self {
        match error {
            PrintError::Command(e) => e,
            PrintError::Input(message) => {
                tablekeeper_commands::CommandError::input(ErrorKind::PrintInput, message)
            }
            PrintError::Merge(detail) => tablekeeper_commands::CommandError::input(
                ErrorKind::Internal,
                msg!(
                    "error.print-merge",
                    "the round's sheets could not be put into one PDF ({detail}); print each sheet on its own from the Round screen",
                    detail = detail
                ),
            ),
            PrintError::Font => tablekeeper_commands::CommandError::input(
                ErrorKind::PrintFont,
                msg!(
                    "error.print-font",
                    "the embedded font could not be read; reinstall Tablekeeper"
                ),
            ),
        }
    }
}

pub use tablekeeper_commands::vocabulary::{Document, Paper};
pub use tablekeeper_words::Language;

/// Width and height of `paper` in points.
pub fn paper_size(paper: Paper) -> (f32, f32) {
    match paper {
        Paper::A4 => (595.28, 841.89),
        Paper::Letter => (612.0, 792.0),
    }
}

/// What every sheet shows besides its content.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub event: String,
    /// When it was printed, as the caller formats it (shown in the footer).
    pub printed_at: String,
    pub paper: Paper,
    pub language: Language,
    /// The players' page while the event is shared on the shop's network: the wall
    /// pairings carry its address and QR code.
    pub share_url: Option<String>,
}

impl Sheet {
    fn labels(&self) -> &'static labels::Labels {
        labels::labels(self.language)
    }

    /// "Round 3" / "第3回戦".
    fn round(&self, number: u32) -> String {
        labels::fill(
            self.labels().round_title,
            &[("number", &number.to_string())],
        )
    }

    /// When it was printed, as the footer shows it in the sheet's language (without the
    /// time zone offset).
    fn printed(&self) -> String {
        self.language.date_time(&self.printed_at)
    }

    /// A tiebreaker's value as the ruleset displays it, with the language's decimal
    /// separator.
    fn decimal(&self, shown: &str) -> String {
        self.language.decimal(shown)
    }

    fn page_label(&self) -> impl Fn(usize, usize) -> String + '_ {
        move |page, total| format!("{} {page} / {total}", self.labels().page)
    }
}
