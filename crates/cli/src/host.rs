//! The CLI's desk: the same command surface the app and the LAN server call, opened on the
//! event file a command names. The CLI neither reads nor changes the app's recent files or
//! preferences, shares the app's data folder (so both derive the same table and player
//! codes), and hands every notice of the event to the output once its backups are written.

use std::path::{Path, PathBuf};

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::notice::Notice;

/// The app's data folder (`TABLEKEEPER_HOME/app-data` in tests and portable installs), the
/// one the desktop app uses: `%APPDATA%\app.tablekeeper.desktop` on Windows (a `HOME` set
/// by a Unix shell or Wine does not make it a Linux path), the XDG data folder elsewhere.
pub fn data_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("TABLEKEEPER_HOME") {
        return PathBuf::from(home).join("app-data");
    }
    let base = if cfg!(windows) {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
    };
    base.filter(|folder| folder.is_absolute())
        .unwrap_or_else(|| std::env::temp_dir().join("tablekeeper"))
        .join("app.tablekeeper.desktop")
}

/// A desk for a command on files in `file`'s folder, with no event open yet.
pub fn desk_beside(file: &Path) -> Desk {
    let folder = file
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    Desk::new(data_dir(), folder)
        .with_printer(tablekeeper_print::job::render_request)
        .with_season_printer(tablekeeper_print::job::render_season)
        .with_picture_printer(tablekeeper_print::job::render_pictures)
        .with_pdf_merger(tablekeeper_print::job::merge_sheets)
        .without_app_state()
}

/// A desk with the event `file` open.
pub fn desk_with(file: &Path) -> Result<Desk, CommandError> {
    let mut desk = desk_beside(file);
    desk.open_for_host(file)?;
    Ok(desk)
}

/// How long each known station is given to say whether it took the event over.
const FENCE_LIMIT: std::time::Duration = std::time::Duration::from_millis(700);

/// The desk a command runs on; its notices reach the output when the command is done.
#[derive(Default)]
pub struct Host {
    desk: Option<Desk>,
    /// `--mirror`: the folder the event is mirrored into while the command runs.
    mirror: Option<PathBuf>,
}

impl Host {
    /// A host mirroring every event it opens into `mirror` (`--mirror`).
    pub fn mirroring(mirror: Option<PathBuf>) -> Host {
        Host { desk: None, mirror }
    }

    /// The desk with `file` open (mirrored before the command changes anything).
    pub fn open(&mut self, file: &Path) -> Result<&mut Desk, CommandError> {
        let desk = self.open_owned(file)?;
        Ok(self.desk.insert(desk))
    }

    /// The desk with `file` open and mirrored, handed over (`serve` keeps it). Fenced as
    /// the app is: an event that had stations asks them first whether one took it over,
    /// and then refuses every change here (`event-moved`, with the new address).
    pub fn open_owned(&mut self, file: &Path) -> Result<Desk, CommandError> {
        let mut desk = desk_with(file)?;
        if !desk.known_hosts().is_empty() {
            let fenced = std::sync::Mutex::new(desk);
            tablekeeper_lan::check_fence(&fenced, FENCE_LIMIT);
            desk = fenced.into_inner().unwrap_or_else(|p| p.into_inner());
        }
        self.mirror_in(&mut desk, false);
        Ok(desk)
    }

    /// Mirrors the event open on `desk` into the `--mirror` folder (`replacing`: whatever
    /// step the stick's copy holds, after a restore). The mirror is a second copy, never a
    /// reason to stop scoring: a folder that is not there (the stick pulled out) is said
    /// in the notices, and the command runs.
    fn mirror_in(&self, desk: &mut Desk, replacing: bool) {
        if let Some(folder) = &self.mirror {
            desk.mirror_for_host(folder, replacing);
        }
    }

    /// Mirrors the event a command opened beside its file (created, imported, restored:
    /// `replacing` the stick's copy after a restore), as [`Host::open`] mirrors.
    pub fn mirror_opened(&mut self, replacing: bool) {
        if let Some(mut desk) = self.desk.take() {
            self.mirror_in(&mut desk, replacing);
            self.desk = Some(desk);
        }
    }

    /// The `--mirror` folder, if one was given (a station keeps its copy there).
    pub fn mirror_folder(&self) -> Option<PathBuf> {
        self.mirror.clone()
    }

    /// A desk beside `file`, with no event open (creating, importing, restoring).
    pub fn beside(&mut self, file: &Path) -> &mut Desk {
        self.desk.insert(desk_beside(file))
    }

    /// A desk with no event open, for commands on the app's own files (the library).
    pub fn plain(&mut self) -> &mut Desk {
        let desk = Desk::new(data_dir(), PathBuf::from("."))
            .with_printer(tablekeeper_print::job::render_request)
            .with_season_printer(tablekeeper_print::job::render_season)
            .with_picture_printer(tablekeeper_print::job::render_pictures)
            .with_pdf_merger(tablekeeper_print::job::merge_sheets)
            .without_app_state();
        self.desk.insert(desk)
    }

    /// The notices of the event the command had open, once its backups are written.
    pub fn notices(self) -> Vec<Notice> {
        self.desk
            .map(|mut desk| desk.notices_when_done())
            .unwrap_or_default()
    }
}
