//! The round's sheets sent to the shop's printer in one job: each sheet written beside the
//! event as `print` writes it, then the PDFs handed to the system's print service
//! (`desk::spooler`) with the copies asked, no viewer window. docs/decisions.md, "Printing
//! that prints".

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, Language, msg};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::desk::printer::PrintRequest;
use crate::desk::spooler;
use crate::error::CommandError;
use crate::event::desk::files::PrintView;
use crate::vocabulary::{Document, Paper};

/// Copies of each sheet at most in one job (two walls and a judge's copy is 3).
pub const COPIES_AT_MOST: u32 = 20;

/// The round's sheets for one printer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRoundRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    /// The sheets, in the order they come out of the printer.
    pub sheets: Vec<Document>,
    pub paper: Paper,
    pub language: Language,
    /// The print service's name of the printer (`printers`).
    pub printer: String,
    /// Copies of each sheet, 1 to 20.
    pub copies: u32,
}

/// The job the printer accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRoundView {
    /// The print service's id of the job.
    pub job: String,
    pub printer: String,
    pub copies: u32,
    /// The sheets' PDFs, as written beside the event.
    pub files: Vec<PrintView>,
}

impl Desk {
    /// Writes the round's sheets and sends them to `printer` as one job.
    pub fn print_round(
        &mut self,
        request: PrintRoundRequest,
    ) -> Result<PrintRoundView, CommandError> {
        if !(1..=COPIES_AT_MOST).contains(&request.copies) {
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.print-failed.copies",
                    "print 1 to {most} copies of each sheet",
                    most = COPIES_AT_MOST.to_string()
                ),
            ));
        }
        let printer = request.printer.trim();
        if request.sheets.is_empty() || printer.is_empty() {
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.print-failed.nothing",
                    "choose the round's sheets and a printer in Settings"
                ),
            ));
        }
        let mut files = Vec::with_capacity(request.sheets.len());
        for document in &request.sheets {
            files.push(self.print(PrintRequest {
                document: *document,
                round: request.round,
                paper: request.paper,
                language: request.language,
                open: false,
                output: None,
            })?);
        }
        let session = self.session()?;
        let round = request
            .round
            .or_else(|| session.event().current_round().map(|r| r.number))
            .unwrap_or(0);
        let title = format!("{} {round}", session.event().settings.name);
        let paths: Vec<std::path::PathBuf> = files.iter().map(|f| f.path.clone().into()).collect();
        let server = self.shop.printers.print_server.clone();
        let job = spooler::submit(server.as_deref(), printer, request.copies, &title, &paths)?;
        Ok(PrintRoundView {
            job,
            printer: printer.to_string(),
            copies: request.copies,
            files,
        })
    }
}
