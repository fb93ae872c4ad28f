//! Tablekeeper's printouts as PDF: pairings (by table and by name), match slips,
//! standings with the per-player tiebreak breakdown, the top-cut bracket, the Crossover
//! Battles score card and a blank deck registration sheet — on A4 or US Letter, in
//! English or Japanese, with a Japanese font embedded and subset into every file.
//!
//! Documents are drawn from the command layer's views, so what is printed is exactly what
//! the CLI and the app show. Nothing here reads the clock or the event file.

mod canvas;
mod font;
pub mod labels;
mod table;

pub mod bracket;
pub mod forms;
pub mod job;
pub mod pairings;
pub mod slips;
pub mod standings;

use tablekeeper_engine::ErrorKind;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum PrintError {
    #[error("the embedded font could not be read; reinstall Tablekeeper")]
    Font,
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Command(#[from] tablekeeper_commands::CommandError),
}

impl PrintError {
    /// Stable kind for the UI and `--json`.
    pub fn kind(&self) -> ErrorKind {
        match self {
            PrintError::Font => ErrorKind::PrintFont,
            PrintError::Input(_) => ErrorKind::PrintInput,
            PrintError::Command(e) => e.kind(),
        }
    }
}

/// Hosts report print errors as command errors; the kind stays stable.
impl From<PrintError> for tablekeeper_commands::CommandError {
    fn from(error: PrintError) -> Self {
        match error {
            PrintError::Command(e) => e,
            other => tablekeeper_commands::CommandError::input(other.kind(), other.to_string()),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    pub fn parse(text: &str) -> Result<Paper, PrintError> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            other => Err(PrintError::Input(format!(
                "unknown paper size '{other}'; use a4 or letter"
            ))),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    En,
    Ja,
}

impl Language {
    pub fn parse(text: &str) -> Result<Language, PrintError> {
        match text.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Language::En),
            "ja" | "japanese" | "jp" => Ok(Language::Ja),
            other => Err(PrintError::Input(format!(
                "unknown language '{other}'; use en or ja"
            ))),
        }
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
}

impl Sheet {
    fn labels(&self) -> &'static labels::Labels {
        labels::labels(self.language)
    }

    /// "Round 3" / "第3回戦".
    fn round(&self, number: u32) -> String {
        match self.language {
            Language::En => format!("Round {number}"),
            Language::Ja => format!("第{number}回戦"),
        }
    }

    fn page_label(&self) -> impl Fn(usize, usize) -> String + '_ {
        move |page, total| format!("{} {page} / {total}", self.labels().page)
    }
}
