//! The round's sheets sent to the shop's printer in one job: each sheet written beside the
//! event as `print` writes it, then the PDFs handed to the system's print service
//! (`desk::spooler`) with the copies asked, no viewer window. Without a printer to send to
//! (none chosen, or Windows, where the app has no silent print path yet) the sheets go into
//! one PDF, printed from one dialog. Either way the event records the round as printed.
//! docs/decisions.md, "Printing that prints".

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, Language, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, printout_name};
use crate::desk::printer::PrintRequest;
use crate::desk::spooler;
use crate::error::CommandError;
use crate::event::desk::files::{PrintView, no_printer};
use crate::vocabulary::{Document, Paper};

/// Copies of each sheet at most in one job (two walls and a judge's copy is 3).
pub const COPIES_AT_MOST: u32 = 20;

/// The round's sheets, for the printer chosen in Settings or to print by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRoundRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    /// The sheets, in the order they come out of the printer.
    pub sheets: Vec<Document>,
    pub paper: Paper,
    pub language: Language,
    /// The print service's name of the printer (`printers`); `null`: no printer to send
    /// to (none chosen, or a computer without a print service the app can use): the sheets
    /// go into one PDF to print from one dialog.
    pub printer: Option<String>,
    /// Copies of each sheet, 1 to 20 (by hand: each sheet that many times in the PDF).
    pub copies: u32,
    /// By hand: open the PDF in the system's viewer once it is written (the host does that).
    #[serde(default)]
    pub open: bool,
}

/// The round's sheets gone out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintRoundView {
    pub round: u32,
    /// The print service's id of the job (`null`: by hand).
    pub job: Option<String>,
    pub printer: Option<String>,
    pub copies: u32,
    /// The sheets' PDFs, as written beside the event (sent to the printer).
    pub files: Vec<PrintView>,
    /// By hand: the one PDF of the whole round, as written beside the event.
    pub path: Option<String>,
    /// By hand: whether the system's viewer was started on it (the host fills this in).
    #[serde(default)]
    pub opened: bool,
}

impl Desk {
    /// Writes the round's sheets and sends them to the printer as one job, or puts them in
    /// one PDF to print by hand; either way the event records the round's sheets as out
    /// (`session/printing.rs`), so every copy of it knows.
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
        let printer = request.printer.as_deref().map(str::trim);
        if request.sheets.is_empty() || printer.is_some_and(str::is_empty) {
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.print-failed.nothing",
                    "choose the round's sheets and a printer in Settings"
                ),
            ));
        }
        let session = self.session()?;
        // The round's number only: the printouts themselves refuse a round that is not there.
        let round = session.round_or_current(request.round)?;
        let sheet = |document: Document| PrintRequest {
            document,
            round: Some(round),
            paper: request.paper,
            language: request.language,
            open: false,
            output: None,
        };
        let view = match printer {
            Some(printer) => {
                let mut files = Vec::with_capacity(request.sheets.len());
                for document in &request.sheets {
                    files.push(self.print(sheet(*document))?);
                }
                let title = format!("{} {round}", self.session()?.event().settings.name);
                let paths: Vec<std::path::PathBuf> =
                    files.iter().map(|f| f.path.clone().into()).collect();
                let server = self.shop.printers.print_server.clone();
                let job =
                    spooler::submit(server.as_deref(), printer, request.copies, &title, &paths)?;
                PrintRoundView {
                    round,
                    job: Some(job),
                    printer: Some(printer.to_string()),
                    copies: request.copies,
                    files,
                    path: None,
                    opened: false,
                }
            }
            None => {
                let path = self.round_in_one_pdf(round, &request, sheet)?;
                PrintRoundView {
                    round,
                    job: None,
                    printer: None,
                    copies: request.copies,
                    files: Vec::new(),
                    path: Some(path),
                    opened: false,
                }
            }
        };
        self.session_mut()?
            .record_printing(round, view.printer.as_deref(), view.copies)?;
        Ok(view)
    }

    /// Writes the round's sheets, each `copies` times, as one PDF beside the event (where
    /// the other printouts go); its path.
    fn round_in_one_pdf(
        &mut self,
        round: u32,
        request: &PrintRoundRequest,
        sheet: impl Fn(Document) -> PrintRequest,
    ) -> Result<String, CommandError> {
        let merge = self.shop.printers.merger.ok_or_else(no_printer)?;
        let mut pdfs = Vec::new();
        for document in &request.sheets {
            let printout = self.printout(sheet(*document))?;
            for _ in 0..request.copies {
                pdfs.push(printout.bytes.clone());
            }
        }
        let bytes = merge(&pdfs)?;
        let name = printout_name("round-sheets", Some(round), request.language.id());
        let path = self.beside_the_event(&name)?;
        crate::formats::export::write_file(&path, &bytes)?;
        Ok(path.display().to_string())
    }
}
