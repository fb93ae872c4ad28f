//! What the host's printer is given: a printout's request and context, the renderers'
//! signatures (the printing crate's, handed to the desk by the host, since printing builds
//! on this crate), and the time printed on a footer.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::CommandError;
use crate::session::Session;
use crate::views::tickets::PlayerTicketView;
use crate::vocabulary::{Document, Paper};
use tablekeeper_words::Language;

/// A printout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRequest {
    pub document: Document,
    /// `null`: the current round (for pairings and slips).
    pub round: Option<u32>,
    pub paper: Paper,
    pub language: Language,
    /// Open the PDF in the system's viewer once it is written (the host does that).
    pub open: bool,
    /// Where to write it (`null`: `<event> printouts/` beside the event file).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub output: Option<std::path::PathBuf>,
}

/// What a printout needs besides the event and the request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintContext {
    /// The time on the footer ([`print_time`]).
    pub printed_at: String,
    /// The code of each table of the printed round, when it is the current round: players
    /// report that table's result with it (`room::codes`). Empty for an earlier round.
    pub table_codes: std::collections::BTreeMap<u32, String>,
    /// The players' page while the host shares the event (`Desk::set_share_url`).
    pub share_url: Option<String>,
    /// The players' tickets, for the `tickets` printout only (empty for every other one:
    /// personal codes go nowhere else).
    pub tickets: Vec<PlayerTicketView>,
}

/// Renders a printout: the printing crate's renderer, given to the desk by the host
/// (printing builds on this crate, so the desk cannot call it directly).
pub type Printer = fn(&Session, &PrintRequest, &PrintContext) -> Result<Vec<u8>, CommandError>;

/// Puts PDFs into one, their pages in order (the printing crate's, given by the host): the
/// round's sheets printed from one dialog where nothing prints silently.
pub type PdfMerger = fn(&[Vec<u8>]) -> Result<Vec<u8>, CommandError>;

/// Renders a season's table as PDF (the printing crate's, given by the host): the view, the
/// paper, the language and the time printed.
pub type SeasonPrinter = fn(
    &crate::views::prizes::SeasonView,
    crate::vocabulary::Paper,
    tablekeeper_words::Language,
    &str,
) -> Result<Vec<u8>, CommandError>;

/// The pictures a shop prints or posts (docs/meta.md, docs/ratings.md).
#[derive(Debug, Clone, PartialEq)]
pub enum Pictures {
    /// The share bars and the matchup heat map.
    Meta(crate::views::meta::MetaView),
    /// Each title's leaderboard, and the explained player's rating history.
    Ratings(crate::views::ratings::RatingsView),
}

tablekeeper_words::choice_enum! {
    /// How a picture is written: a PDF to print (a page a picture) or an SVG to post (one
    /// picture: the meta, the explained player's history, else the first leaderboard).
    #[derive(TS, Default)]
    #[ts(export)]
    pub enum PictureFormat {
        #[default]
        Pdf = "pdf",
        Svg = "svg",
    }
}

/// Draws pictures (the printing crate's, given by the host): the pictures, the format, the
/// paper, the language and the time printed.
pub type PicturePrinter = fn(
    &Pictures,
    PictureFormat,
    crate::vocabulary::Paper,
    tablekeeper_words::Language,
    &str,
) -> Result<Vec<u8>, CommandError>;

/// A picture printed or saved: the meta's or the ratings'.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PicturePrint {
    #[serde(default)]
    pub format: PictureFormat,
    pub paper: Paper,
    pub language: Language,
    /// Open it in the system's viewer once it is written (the host does that).
    #[serde(default)]
    pub open: bool,
    /// Where to write it (`null`: `pictures/` in the documents folder).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub output: Option<std::path::PathBuf>,
}

/// The time printed on a printout's footer (local time, to the minute).
pub fn print_time() -> String {
    chrono::Local::now()
        .format("%Y-%m-%d %H:%M %:z")
        .to_string()
}
