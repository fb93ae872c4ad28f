//! The command surface every host calls: the desktop app (through Tauri), the CLI and the
//! LAN server. A [`Desk`] holds the active event and the events open beside it (`events.rs`:
//! every command works on the active one); each command is a method taking a
//! typed request and returning a typed view, declared once in [`surface`] (name, request,
//! response, who may call it), which also gives the hosts a dispatcher by name and the
//! TypeScript declaration of every command.
//!
//! Host-side decisions live here, not in the hosts: whether a result is entered or
//! corrected, whether `pair` means the next Swiss round or the next bracket round, how a
//! new event's options are built, and the time printed on a printout.

mod commands;
pub mod door_commands;
pub mod events;
pub mod library_commands;
mod parked;
pub mod requests;
pub mod room_commands;
pub mod surface;
pub mod tickets;

use std::path::{Path, PathBuf};

use tablekeeper_words::{ErrorKind, msg};

pub use requests::*;

use crate::error::{CommandError, ErrorView};
use crate::session::Session;
use crate::views::EventView;

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

/// Renders a season's table as PDF (the printing crate's, given by the host): the view, the
/// paper, the language and the time printed.
pub type SeasonPrinter = fn(
    &crate::prizes_view::SeasonView,
    crate::vocabulary::Paper,
    tablekeeper_words::Language,
    &str,
) -> Result<Vec<u8>, CommandError>;

/// The time printed on a printout's footer (local time, to the minute).
pub fn print_time() -> String {
    chrono::Local::now()
        .format("%Y-%m-%d %H:%M %:z")
        .to_string()
}

/// Most recently opened event files kept for the start screen.
const RECENT_LIMIT: usize = 10;

/// The app's state: the events open (one active), the player library, the room.
pub struct Desk {
    /// The active event: the one every command works on.
    session: Option<Session>,
    /// Events open beside the active one (a main event and its side events).
    parked: Vec<parked::Parked>,
    /// The app's own data (the recent-files list, preferences).
    data_dir: PathBuf,
    /// Where new events go by default (the user's documents folder).
    default_folder: PathBuf,
    printer: Option<Printer>,
    /// The shop's player library, opened when first used.
    library: Option<tablekeeper_store::library::Library>,
    /// Another library chosen with `open_library` (`None`: the app's own).
    library_path: Option<PathBuf>,
    season_printer: Option<SeasonPrinter>,
    startup_error: Option<ErrorView>,
    /// What the open event shows the room (phones on the shop's network).
    room: crate::room::Room,
    /// The shop's secret for table codes, once read (`room_commands`).
    room_secret: Option<crate::room::codes::Secret>,
    /// Where phones find the event while the host shares it (printed on the pairings).
    share_url: Option<String>,
    /// The app's recent-files list and preferences are read and kept (the desktop app);
    /// a host that is not the app (the CLI) neither reads nor changes them.
    app_state: bool,
}

impl Desk {
    pub fn new(data_dir: PathBuf, default_folder: PathBuf) -> Desk {
        Desk {
            session: None,
            parked: Vec::new(),
            data_dir,
            default_folder,
            printer: None,
            library: None,
            library_path: None,
            season_printer: None,
            startup_error: None,
            room: crate::room::Room::default(),
            room_secret: None,
            share_url: None,
            app_state: true,
        }
    }

    /// The desk for a host that is not the app's window (the CLI): the app's recent-files
    /// list and preferences are neither read nor changed, so a script's events do not
    /// appear on the app's Start screen and the app's default ruleset does not change what
    /// a script creates.
    pub fn without_app_state(mut self) -> Desk {
        self.app_state = false;
        self
    }

    /// The players' page address while the host shares the event (`None`: not shared).
    pub fn set_share_url(&mut self, url: Option<String>) {
        self.share_url = url;
    }

    /// The app's own data folder (recent files, preferences, the shop's secrets).
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// Every notice of the open event, once its automatic backups are written (a host
    /// about to end waits for them; the window's `take_notices` never waits).
    pub fn notices_when_done(&mut self) -> Vec<crate::notice::Notice> {
        self.session
            .as_mut()
            .map(Session::take_notices)
            .unwrap_or_default()
    }

    /// Where new events (and a station's printouts) go by default.
    pub fn default_folder(&self) -> &Path {
        &self.default_folder
    }

    /// The desk with the printing crate's renderer.
    pub fn with_printer(mut self, printer: Printer) -> Desk {
        self.printer = Some(printer);
        self
    }

    /// The desk with the printing crate's renderer of a season's table.
    pub fn with_season_printer(mut self, printer: SeasonPrinter) -> Desk {
        self.season_printer = Some(printer);
        self
    }

    /// Opens the event the app was started with (a double-clicked file). A failure is kept
    /// for [`AppInfo::startup_error`], so the window shows it in the user's language.
    pub fn open_at_start(&mut self, path: &Path) {
        let request = OpenEventRequest {
            path: path.to_path_buf(),
        };
        if let Err(error) = self.open_event(request) {
            self.startup_error = Some(error.to_view());
        }
    }

    /// Opens `path` for a host that is not the app's window (the CLI): the same open,
    /// without putting the file on the app's recent list.
    pub fn open_for_host(&mut self, path: &Path) -> Result<EventView, CommandError> {
        self.session = None;
        let session = Session::open(path)?;
        Ok(self.attach(session))
    }

    /// The open event.
    pub fn session(&self) -> Result<&Session, CommandError> {
        self.session.as_ref().ok_or_else(no_event)
    }

    fn session_mut(&mut self) -> Result<&mut Session, CommandError> {
        self.session.as_mut().ok_or_else(no_event)
    }

    fn opened(&mut self, session: Session) -> Result<EventView, CommandError> {
        let path = session.path().display().to_string();
        let summary = self.attach(session);
        self.remember(&path);
        Ok(summary)
    }

    /// Makes `session` the open event, with a fresh room.
    fn attach(&mut self, session: Session) -> EventView {
        let summary = session.summary();
        self.session = Some(session);
        self.room = crate::room::Room::default();
        summary
    }

    /// A file name in the default folder from the event's name, never overwriting one.
    fn new_event_path(&self, name: &str) -> Result<PathBuf, CommandError> {
        std::fs::create_dir_all(&self.default_folder).map_err(|e| CommandError::Io {
            path: self.default_folder.display().to_string(),
            detail: e.to_string(),
        })?;
        let stem: String = name
            .trim()
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let stem = if stem.trim_matches('-').is_empty() {
            "event".to_string()
        } else {
            stem
        };
        let date = chrono::Local::now().format("%Y-%m-%d");
        (1..1000)
            .map(|n| {
                let suffix = if n == 1 {
                    String::new()
                } else {
                    format!("-{n}")
                };
                self.default_folder
                    .join(format!("{stem}-{date}{suffix}.tkevent"))
            })
            .find(|p| !p.exists())
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::FileExists,
                    msg!(
                        "error.file-exists.too-many-events-name-today",
                        "too many events with this name today; choose a file name"
                    ),
                )
            })
    }

    fn app_file(&self, name: &str) -> PathBuf {
        self.data_dir.join(name)
    }

    fn recent(&self) -> Vec<String> {
        std::fs::read(self.app_file("recent.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Puts `path` first in the recent list. The list is a convenience: failing to write
    /// it never fails opening the event.
    fn remember(&self, path: &str) {
        if !self.app_state {
            return;
        }
        let mut recent = self.recent();
        recent.retain(|p| p != path);
        recent.insert(0, path.to_string());
        recent.truncate(RECENT_LIMIT);
        if let Ok(text) = serde_json::to_vec(&recent) {
            let _ = self.write_app_file("recent.json", &text);
        }
    }

    fn preferences(&self) -> Preferences {
        if !self.app_state {
            return Preferences::default();
        }
        std::fs::read(self.app_file("preferences.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Writes one of the app's own files through a temporary file (never half a file).
    fn write_app_file(&self, name: &str, bytes: &[u8]) -> Result<(), CommandError> {
        self.make_data_dir()?;
        crate::export::write_file(&self.app_file(name), bytes)
    }

    /// An app file only the laptop's owner may read (a secret).
    fn write_private_app_file(&self, name: &str, bytes: &[u8]) -> Result<(), CommandError> {
        self.make_data_dir()?;
        crate::export::write_private_file(&self.app_file(name), bytes)
    }

    fn make_data_dir(&self) -> Result<(), CommandError> {
        std::fs::create_dir_all(&self.data_dir).map_err(|e| CommandError::Io {
            path: self.data_dir.display().to_string(),
            detail: e.to_string(),
        })
    }
}

/// `<folder>/<event> printouts/`: beside the event, one folder for its printouts.
fn printouts_folder(event: &Path) -> PathBuf {
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "event".into());
    event
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join(format!("{stem} printouts"))
}

/// `<document>[-round-N]-<language>.pdf`: one file per document, so printing again replaces
/// the old copy instead of piling up files.
fn printout_name(document: &str, round: Option<u32>, language: &str) -> String {
    let round = round.map(|r| format!("-round-{r}")).unwrap_or_default();
    format!("{document}{round}-{language}.pdf")
}

pub(crate) fn no_event() -> CommandError {
    CommandError::input(
        ErrorKind::NoEvent,
        msg!(
            "error.no-event.event-open-create-new-event",
            "no event is open; create a new event or open one from the start screen"
        ),
    )
}
