//! Prizes and seasons: the payout under the event's prize rules (tried, recorded), the
//! raffle, and a season's table over event files (shown, printed, exported).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::{Desk, printout_name};
use crate::error::CommandError;
use crate::event::desk::door::DrawRequest;
use crate::event::desk::files::PrintView;
use crate::formats::export::{self, ExportView};
use crate::vocabulary::CsvEncoding;

/// An event's prizes: under the rules recorded in the event (`rules: null`) or under
/// `rules` (TOML text, to try rules before setting them). The raffle, if the rules have
/// one, is drawn from `raffle_seed` (a 64-bit number as text, as the door's lottery seed);
/// without one, the recorded rules use the recorded draw (none yet: no winners shown) and
/// rules given here draw a fresh seed, shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrizesRequest {
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub raffle_seed: Option<String>,
}

/// The event's prize rules (TOML text; empty removes them), recorded in its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetPrizesRequest {
    pub rules: String,
}

/// A season's standings from `rules` (its TOML text) over the event files `files`, and the
/// player library's events created from `from` to `to` when either is given (dates
/// `YYYY-MM-DD`, both included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeasonRequest {
    pub rules: String,
    #[serde(default)]
    pub files: Vec<PathBuf>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to: Option<String>,
    /// Also every event shared between shops (the rules' `shops`), one person across
    /// shops as the library knows them (docs/exchange.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub shared: Option<bool>,
}

/// A season's table printed as PDF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintSeasonRequest {
    pub season: SeasonRequest,
    pub paper: crate::vocabulary::Paper,
    pub language: tablekeeper_words::Language,
    /// Open the PDF in the system's viewer once it is written (the host does that).
    #[serde(default)]
    pub open: bool,
    /// Where to write it (`null`: `season printouts/` beside the season's first event).
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub output: Option<PathBuf>,
}

/// A season's table written as CSV.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportSeasonRequest {
    pub season: SeasonRequest,
    #[ts(type = "string")]
    pub path: PathBuf,
    /// `null`: UTF-8 with BOM.
    pub encoding: Option<crate::vocabulary::CsvEncoding>,
}

impl Desk {
    /// The open event's prizes under its recorded prize rules, or the rules given.
    pub fn prizes(
        &mut self,
        request: PrizesRequest,
    ) -> Result<crate::views::prizes::PayoutView, CommandError> {
        self.session()?
            .prizes(request.rules, request.raffle_seed.as_deref())
    }

    /// Records the event's prize rules (checked first) and returns the payout under them.
    pub fn set_prizes(
        &mut self,
        request: SetPrizesRequest,
    ) -> Result<crate::views::prizes::PayoutView, CommandError> {
        let session = self.session_mut()?;
        session.set_prize_rules(request.rules)?;
        session.recorded_payout()
    }

    /// Draws the door-prize raffle with the seed given (to replay a draw) or a fresh one,
    /// recorded in the log.
    pub fn draw_raffle(
        &mut self,
        request: DrawRequest,
    ) -> Result<crate::views::prizes::PayoutView, CommandError> {
        let seed = crate::seed::from_text(request.seed.as_deref())?;
        let session = self.session_mut()?;
        session.draw_raffle(seed)?;
        session.recorded_payout()
    }

    /// A season's standings over event files; needs no event open.
    pub fn season(
        &mut self,
        request: SeasonRequest,
    ) -> Result<crate::views::prizes::SeasonView, CommandError> {
        let request = self.with_library_events(request)?;
        self.season_view(&request)
    }

    fn season_view(
        &mut self,
        request: &SeasonRequest,
    ) -> Result<crate::views::prizes::SeasonView, CommandError> {
        if request.shared == Some(true) {
            crate::shop::exchange::league(&request.rules, &request.files, self.library_mut()?)
        } else if let Some(library) = self.library_if_any()? {
            crate::shop::season::season_in_library(&request.rules, &request.files, library)
        } else {
            crate::shop::season::season(&request.rules, &request.files)
        }
    }

    /// The season's files with the library's events in its date range (when it has one).
    fn with_library_events(
        &mut self,
        mut request: SeasonRequest,
    ) -> Result<SeasonRequest, CommandError> {
        let events = self.library_files_between(request.from.as_deref(), request.to.as_deref())?;
        request.files.extend(events);
        Ok(request)
    }

    /// Prints a season's table as PDF: to `output`, or beside the season's first event in
    /// `season printouts/` (replacing an older copy only once the new one is complete).
    pub fn print_season(&mut self, request: PrintSeasonRequest) -> Result<PrintView, CommandError> {
        let printer = self
            .shop
            .printers
            .season
            .ok_or_else(crate::event::desk::files::no_printer)?;
        let season = self.with_library_events(request.season)?;
        let view = self.season_view(&season)?;
        let bytes = printer(
            &view,
            request.paper,
            request.language,
            &crate::desk::printer::print_time(),
        )?;
        let path = match request.output {
            Some(path) => path,
            None => {
                let first = view.events.first().map(|e| e.file.clone());
                let folder = first
                    .as_deref()
                    .and_then(Path::parent)
                    .unwrap_or(&self.shop.default_folder)
                    .join("season printouts");
                std::fs::create_dir_all(&folder).map_err(|e| CommandError::Io {
                    path: folder.display().to_string(),
                    detail: e.to_string(),
                })?;
                folder.join(printout_name("season", None, request.language.id()))
            }
        };
        export::write_file(&path, &bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: bytes.len() as u64,
            opened: false,
        })
    }

    /// Writes a season's table as CSV.
    pub fn export_season(
        &mut self,
        request: ExportSeasonRequest,
    ) -> Result<ExportView, CommandError> {
        let season = self.with_library_events(request.season)?;
        let view = self.season_view(&season)?;
        export::season(
            &view,
            request.encoding.unwrap_or(CsvEncoding::Utf8Bom),
            &request.path,
        )
    }
}
