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
        .without_app_state()
}

/// A desk with the event `file` open.
pub fn desk_with(file: &Path) -> Result<Desk, CommandError> {
    let mut desk = desk_beside(file);
    desk.open_for_host(file)?;
    Ok(desk)
}

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
        let mut desk = desk_with(file)?;
        if let Some(folder) = &self.mirror {
            desk.set_mirror(tablekeeper_commands::desk::MirrorRequest {
                folder: Some(folder.display().to_string()),
            })?;
        }
        Ok(self.desk.insert(desk))
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
