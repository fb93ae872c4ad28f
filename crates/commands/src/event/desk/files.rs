//! Files: exports, printouts, backups and restoring one, a copy saved, the archive and the
//! event report.

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing, printout_name, printouts_folder};
use crate::desk::printer::PrintRequest;
use crate::error::CommandError;
use crate::formats::export::{self, ExportView};
use crate::session::backups::{self, BackupView, RestoreView};
use crate::session::{SavedCopyView, Session};
use crate::vocabulary::{CsvEncoding, Document, ExportFormat};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportRequest {
    pub format: ExportFormat,
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
    /// CSV encoding (`null`: UTF-8 with BOM).
    pub encoding: Option<CsvEncoding>,
}

/// A printout written next to the event file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintView {
    pub path: String,
    #[ts(type = "number")]
    pub bytes: u64,
    /// Whether the system's PDF viewer was started (the host fills this in).
    pub opened: bool,
}

/// A printout's PDF, not yet written anywhere (a station saves it on its own laptop).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintoutView {
    /// `<document>[-round-N]-<language>.pdf`.
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Replace the open event with one of its backups (the current event is kept beside it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RestoreRequest {
    #[ts(type = "string")]
    pub backup: std::path::PathBuf,
    /// The event to restore (`null`: the open one). An event too damaged to open is
    /// restored by naming it here.
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub event: Option<std::path::PathBuf>,
}

/// The backups of an event: the open one, or (`event`) one too damaged to open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BackupsRequest {
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub event: Option<std::path::PathBuf>,
}

/// Save a complete copy of the open event to `path`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SaveCopyRequest {
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
    /// Replace a file that is already there.
    pub replace: bool,
}

/// The whole event as the versioned archive (`docs/cli-json.md`, "Archive"), as JSON: its
/// log holds the event file's own format, which has no TypeScript declaration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ArchiveDocument(#[ts(type = "unknown")] pub serde_json::Value);

impl Desk {
    pub fn export(&mut self, request: ExportRequest) -> Result<ExportView, CommandError> {
        export::write(
            self.session()?,
            request.format,
            request.encoding.unwrap_or(CsvEncoding::Utf8Bom),
            &request.path,
        )
    }

    /// Renders a printout and writes it to `<event> printouts/` beside the event file,
    /// replacing an older copy of the same document only once the new one is complete.
    pub fn print(&mut self, request: PrintRequest) -> Result<PrintView, CommandError> {
        let output = request.output.clone();
        let printout = self.printout(request)?;
        let path = match output {
            Some(path) => path,
            None => self.beside_the_event(&printout.file_name)?,
        };
        export::write_file(&path, &printout.bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: printout.bytes.len() as u64,
            opened: false,
        })
    }

    /// Where a printout named `file_name` goes by default: `<event> printouts/` beside the
    /// event file, made if it is not there yet.
    pub(crate) fn beside_the_event(
        &self,
        file_name: &str,
    ) -> Result<std::path::PathBuf, CommandError> {
        let folder = printouts_folder(self.session()?.path());
        std::fs::create_dir_all(&folder).map_err(|e| CommandError::Io {
            path: folder.display().to_string(),
            detail: e.to_string(),
        })?;
        Ok(folder.join(file_name))
    }

    /// A printout's PDF and the name to save it under, without writing it: what a second
    /// station prints on its own printer.
    pub fn printout(&mut self, request: PrintRequest) -> Result<PrintoutView, CommandError> {
        let printer = self.shop.printers.event.ok_or_else(no_printer)?;
        let context = self.print_context(request.round, request.document)?;
        let session = self.session()?;
        let bytes = printer(session, &request, &context)?;
        let round = match (request.round, request.document) {
            (Some(round), _) => Some(round),
            // The round the printout shows; rendering already refused an event without one.
            (None, Document::Pairings | Document::PairingsByName | Document::Slips) => {
                session.event().current_round().map(|r| r.number)
            }
            (None, _) => None,
        };
        Ok(PrintoutView {
            file_name: printout_name(request.document.id(), round, request.language.id()),
            bytes,
        })
    }

    /// The automatic backups of the open event, or of `event` (one too damaged to open),
    /// newest first.
    pub fn backups(
        &mut self,
        request: Option<BackupsRequest>,
    ) -> Result<Vec<BackupView>, CommandError> {
        if let Some(event) = request.and_then(|r| r.event) {
            return backups::list(&event);
        }
        let session = self.session_mut()?;
        session.settle_backups();
        backups::list(session.path())
    }

    /// Replaces the open event (or `event`, one too damaged to open) with one of its
    /// backups: the event is closed, restored (the current file kept beside it) and opened
    /// again.
    pub fn restore_backup(&mut self, request: RestoreRequest) -> Result<RestoreView, CommandError> {
        let path = match request.event {
            Some(event) => event,
            None => self.session()?.path().to_path_buf(),
        };
        // Dropping the session waits for its backups in progress.
        self.events.close_active();
        let restored = backups::restore(&path, &request.backup);
        // Open the event again either way (the old one when the restore was refused); a file
        // that was damaged before a refused restore stays closed.
        if let Ok(session) = Session::open(&path) {
            self.opened(session)?;
        } else if restored.is_ok() {
            self.opened(Session::open(&path)?)?;
        }
        if restored.is_ok() {
            // The stick's copy holds what was restored away: replaced, not kept.
            self.session_mut()?.replace_mirror_copy();
        }
        restored
    }

    pub fn save_copy(&mut self, request: SaveCopyRequest) -> Result<SavedCopyView, CommandError> {
        self.session()?.save_copy(&request.path, request.replace)
    }

    /// The whole event as the versioned archive (`docs/cli-json.md`; `export` writes it to a
    /// file), as JSON: its log holds the event file's own format.
    pub fn archive(&mut self, _: Nothing) -> Result<ArchiveDocument, CommandError> {
        let archive = crate::formats::archive::export(self.session()?)?;
        serde_json::to_value(&archive)
            .map(ArchiveDocument)
            .map_err(|e| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal", "{detail}", detail = e.to_string()),
                )
            })
    }

    /// The report for the publisher: standings, penalties, disqualifications, decks.
    pub fn report(
        &mut self,
        _: Nothing,
    ) -> Result<crate::formats::report::EventReport, CommandError> {
        crate::formats::report::report(self.session()?)
    }
}

pub(crate) fn no_printer() -> CommandError {
    CommandError::input(
        ErrorKind::PrintInput,
        msg!(
            "error.print-input.no-printer",
            "this program cannot print; use the app or the tablekeeper command"
        ),
    )
}

impl Desk {
    /// Draws `pictures` as `print` asks and writes them (a file is replaced only once the
    /// new one is complete); `name` names the file when no output is given.
    pub(crate) fn write_pictures(
        &mut self,
        pictures: &crate::desk::printer::Pictures,
        print: crate::desk::printer::PicturePrint,
        name: &str,
    ) -> Result<PrintView, CommandError> {
        let printer = self.shop.printers.picture.ok_or_else(no_printer)?;
        let bytes = printer(
            pictures,
            print.format,
            print.paper,
            print.language,
            &crate::desk::printer::print_time(),
        )?;
        let path = match print.output {
            Some(path) => path,
            None => {
                let folder = self.shop.default_folder.join("pictures");
                std::fs::create_dir_all(&folder).map_err(|e| CommandError::Io {
                    path: folder.display().to_string(),
                    detail: e.to_string(),
                })?;
                let file = crate::desk::base::printout_name(name, None, print.language.id());
                match print.format {
                    crate::desk::printer::PictureFormat::Pdf => folder.join(file),
                    crate::desk::printer::PictureFormat::Svg => {
                        folder.join(file).with_extension("svg")
                    }
                }
            }
        };
        crate::formats::export::write_file(&path, &bytes)?;
        Ok(PrintView {
            path: path.display().to_string(),
            bytes: bytes.len() as u64,
            opened: false,
        })
    }
}
