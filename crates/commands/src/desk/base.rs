//! The desk itself: the [`Desk`] every command is a method of (the events open, each with
//! its room, and the shop's own state — `crate::shop::Shop`: the app's
//! folders, the library, the printers the host gave), and what every section of the surface
//! shares (the open session, printout names, the time printed).

/// No request.
pub type Nothing = ();

use std::path::{Path, PathBuf};

use tablekeeper_words::{ErrorKind, msg};

use crate::desk::printer::{PdfMerger, PicturePrinter, Printer, SeasonPrinter};
use crate::error::{CommandError, ErrorView};
use crate::session::Session;
use crate::views::EventView;

/// The app's state: the events open (one active), the player library, the room.
pub struct Desk {
    /// The events open (a main event and its side events), each with its session and its
    /// room; which one is active, and which one the command being run serves.
    pub(crate) events: crate::desk::event_list::OpenEvents,
    /// What belongs to the shop rather than to an event: its folders, library, printers.
    pub(crate) shop: crate::shop::Shop,
    pub(crate) startup_error: Option<ErrorView>,
    /// Where phones find the event while the host shares it (printed on the pairings).
    pub(crate) share_url: Option<String>,
    /// The revision every change counts on, which hosts wait on (`changes.rs`).
    pub(crate) changes: crate::desk::changes::Changes,
}

impl Desk {
    pub fn new(data_dir: PathBuf, default_folder: PathBuf) -> Desk {
        Desk {
            events: crate::desk::event_list::OpenEvents::default(),
            shop: crate::shop::Shop::new(data_dir, default_folder),
            startup_error: None,
            share_url: None,
            changes: crate::desk::changes::Changes::default(),
        }
    }

    /// A handle on the desk's revision: a host waits on it for the next change.
    pub fn changes(&self) -> crate::desk::changes::Changes {
        self.changes.clone()
    }

    /// The desk for a host that is not the app's window (the CLI): the app's recent-files
    /// list and preferences are neither read nor changed, so a script's events do not
    /// appear on the app's Start screen and the app's default ruleset does not change what
    /// a script creates.
    pub fn without_app_state(mut self) -> Desk {
        self.shop.app_state = false;
        self
    }

    /// The players' page address while the host shares the event (`None`: not shared).
    pub fn set_share_url(&mut self, url: Option<String>) {
        self.share_url = url;
    }

    /// The app's own data folder (recent files, preferences, the shop's secrets).
    pub fn data_dir(&self) -> &Path {
        &self.shop.data_dir
    }

    /// Every notice of the open event, once its automatic backups are written (a host
    /// about to end waits for them; the window's `take_notices` never waits).
    pub fn notices_when_done(&mut self) -> Vec<crate::notice::Notice> {
        self.events
            .current_mut()
            .map(|event| event.session.take_notices())
            .unwrap_or_default()
    }

    /// Where new events (and a station's printouts) go by default.
    pub fn default_folder(&self) -> &Path {
        &self.shop.default_folder
    }

    /// The desk with the printing crate's renderer.
    pub fn with_printer(mut self, printer: Printer) -> Desk {
        self.shop.printers.event = Some(printer);
        self
    }

    /// The desk with the printing crate's merger of PDFs (the round's sheets in one file).
    pub fn with_pdf_merger(mut self, merger: PdfMerger) -> Desk {
        self.shop.printers.merger = Some(merger);
        self
    }

    /// The desk sending print jobs to the print service at `server` (a scheduler's socket
    /// or host) instead of the system's own: a test's private CUPS.
    pub fn with_print_server(mut self, server: std::path::PathBuf) -> Desk {
        self.shop.printers.print_server = Some(server);
        self
    }

    /// The desk with the printing crate's renderer of a season's table.
    pub fn with_season_printer(mut self, printer: SeasonPrinter) -> Desk {
        self.shop.printers.season = Some(printer);
        self
    }

    /// The desk with the printing crate's drawer of the meta's and the ratings' pictures.
    pub fn with_picture_printer(mut self, printer: PicturePrinter) -> Desk {
        self.shop.printers.picture = Some(printer);
        self
    }

    /// The open event this command works on: the active one, or the one a host named.
    pub fn session(&self) -> Result<&Session, CommandError> {
        self.events
            .current()
            .map(|event| &event.session)
            .ok_or_else(no_event)
    }

    pub(crate) fn session_mut(&mut self) -> Result<&mut Session, CommandError> {
        self.events
            .current_mut()
            .map(|event| &mut event.session)
            .ok_or_else(no_event)
    }

    /// What the event this command works on shows the room (phones and stations).
    pub(crate) fn event_room(&self) -> &crate::room::Room {
        self.events.room()
    }

    pub(crate) fn event_room_mut(&mut self) -> &mut crate::room::Room {
        self.events.room_mut()
    }

    /// The session and the room of the event this command works on, both to change.
    pub(crate) fn session_and_room(
        &mut self,
    ) -> Result<(&mut Session, &mut crate::room::Room), CommandError> {
        self.events
            .current_mut()
            .map(|event| (&mut event.session, &mut event.room))
            .ok_or_else(no_event)
    }

    pub(crate) fn opened(&mut self, session: Session) -> Result<EventView, CommandError> {
        let path = session.path().display().to_string();
        let summary = self.attach(session);
        self.remember(&path);
        Ok(summary)
    }

    /// Makes `session` the open event, with a fresh room, mirrored in the app's mirror
    /// folder when one is chosen (a folder not there is said, never a refusal to open).
    pub(crate) fn attach(&mut self, mut session: Session) -> EventView {
        if let Some(folder) = self.mirror_chosen()
            && let Err(error) = session.set_mirror(Some(&folder))
        {
            session.add_notice(crate::notice::mirror_not_started(&error));
        }
        // A takeover found earlier refuses every change at once (the summary says so).
        let hosts = self.recall_takeover(&mut session);
        // A station's copy keeps its main laptop's room beside it: the players' codes and
        // reporting go on where the copy is carried on.
        let carried = crate::room::carried::read(session.path());
        let summary = session.summary();
        let room = &mut self.events.add_active(session).room;
        room.hosts = hosts;
        if let Some(carried) = carried {
            room.carried_secret = crate::room::codes::Secret::from_hex(&carried.secret);
            room.settings = carried.settings;
        }
        summary
    }

    /// A file name in the default folder from the event's name, never overwriting one.
    pub(crate) fn new_event_path(&self, name: &str) -> Result<PathBuf, CommandError> {
        std::fs::create_dir_all(&self.shop.default_folder).map_err(|e| CommandError::Io {
            path: self.shop.default_folder.display().to_string(),
            detail: e.to_string(),
        })?;
        let stem = event_file_stem(name);
        let date = chrono::Local::now().format("%Y-%m-%d");
        (1..1000)
            .map(|n| {
                let suffix = if n == 1 {
                    String::new()
                } else {
                    format!("-{n}")
                };
                self.shop
                    .default_folder
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
}

/// `<folder>/<event> printouts/`: beside the event, one folder for its printouts.
pub(crate) fn printouts_folder(event: &Path) -> PathBuf {
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
pub(crate) fn printout_name(document: &str, round: Option<u32>, language: &str) -> String {
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

/// Characters of an event's file name at most, before the date: Windows' paths end at 260
/// characters, and `Documents\Tablekeeper\` under a long user name takes up to 100 of them.
const FILE_STEM_CHARS: usize = 60;

/// The file name an event's name gives, before its date: letters and digits of any script,
/// `-` and `_` kept, anything else a `-` (so `a:b`, `大会 #3` or a trailing dot are legal on
/// Windows, and nothing reaches another folder). Windows' reserved names (`CON`, `NUL`,
/// `COM1`, …) are never a whole name: the date always follows the stem.
pub(crate) fn event_file_stem(name: &str) -> String {
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
        .take(FILE_STEM_CHARS)
        .collect();
    if stem.trim_matches('-').is_empty() {
        "event".to_string()
    } else {
        stem
    }
}

#[cfg(test)]
mod tests {
    use super::event_file_stem;

    /// Whether Windows accepts `name` as a file name: no reserved character, no trailing dot
    /// or space, and not a device name (`CON`, `CON.txt`, `com1`).
    fn legal_on_windows(name: &str) -> bool {
        const RESERVED: [&str; 22] = [
            "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7",
            "COM8", "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
        ];
        let base = name
            .split('.')
            .next()
            .unwrap_or_default()
            .to_ascii_uppercase();
        !name.is_empty()
            && !name.ends_with(['.', ' '])
            && !name.chars().any(|c| c < ' ' || "<>:\"/\\|?*".contains(c))
            && !RESERVED.contains(&base.trim_end())
    }

    #[test]
    fn every_event_name_gives_a_file_name_windows_accepts() {
        for name in [
            "CON",
            "con",
            "NUL",
            "COM1",
            "LPT9",
            "a:b",
            "trailing.",
            "trailing ",
            "..",
            "*",
            "a/b\\c",
            "大会 #3",
            "Турнир",
            "토너먼트",
            "<tab>\t",
            "",
            "   ",
        ] {
            let file = format!("{}-2026-12-02.tkevent", event_file_stem(name));
            assert!(legal_on_windows(&file), "{name:?} gave {file:?}");
        }
        assert_eq!(event_file_stem("Friday Locals"), "Friday-Locals");
        assert_eq!(event_file_stem("大会 #3"), "大会--3");
        assert_eq!(event_file_stem("..."), "event");
        assert_eq!(event_file_stem(&"長".repeat(300)).chars().count(), 60);
    }
}
