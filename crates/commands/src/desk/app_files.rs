//! The app's own files in its data folder, each declared once with its name and who may
//! read it, and the one function that writes any of them (through a temporary file, never
//! half a file; `tests/module_graph.rs` keeps every write here).

use std::path::{Path, PathBuf};

/// Most recently opened event files kept for the start screen.
const RECENT_LIMIT: usize = 10;

use crate::desk::base::Desk;
use crate::error::CommandError;

/// One of the app's own files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppFile {
    /// The Start screen's recently opened events.
    Recent,
    /// The scorekeeper's preferences (language, default ruleset, printing).
    Preferences,
    /// The folder every open event is mirrored into (a USB stick), or none.
    MirrorFolder,
    /// Takeovers this laptop saw, so a reopened event is still refused.
    Takeovers,
    /// The shop's secret every table and player code is derived from.
    RoomSecret,
    /// The certificate and key the stations' link is served with (the LAN crate's).
    StationLink,
}

impl AppFile {
    fn name(self) -> &'static str {
        match self {
            AppFile::Recent => "recent.json",
            AppFile::Preferences => "preferences.json",
            AppFile::MirrorFolder => "mirror-folder.txt",
            AppFile::Takeovers => "takeovers.json",
            AppFile::RoomSecret => "room-secret",
            AppFile::StationLink => "station-link.json",
        }
    }

    /// Readable by the laptop's owner alone (0600 on Unix) from its first byte: a secret,
    /// since the data folder may be readable by every account on the laptop.
    fn private(self) -> bool {
        matches!(self, AppFile::RoomSecret | AppFile::StationLink)
    }
}

impl AppFile {
    /// Where the app whose data folder is `data_dir` keeps it.
    pub fn path(self, data_dir: &Path) -> PathBuf {
        data_dir.join(self.name())
    }
}

/// Writes one of the app's own files whole, the data folder made first: every write of an
/// app file, the desk's and the LAN server's.
pub fn write_app_file(data_dir: &Path, file: AppFile, bytes: &[u8]) -> Result<(), CommandError> {
    std::fs::create_dir_all(data_dir).map_err(|e| CommandError::Io {
        path: data_dir.display().to_string(),
        detail: e.to_string(),
    })?;
    let path = file.path(data_dir);
    if file.private() {
        crate::formats::export::write_private_file(&path, bytes)
    } else {
        crate::formats::export::write_file(&path, bytes)
    }
}

impl Desk {
    /// Where `file` is kept.
    pub(crate) fn app_file(&self, file: AppFile) -> PathBuf {
        file.path(&self.shop.data_dir)
    }

    /// Writes one of the app's own files ([`write_app_file`]).
    pub(crate) fn write_app_file(&self, file: AppFile, bytes: &[u8]) -> Result<(), CommandError> {
        write_app_file(&self.shop.data_dir, file, bytes)
    }

    /// The app's mirror folder, when one is chosen (`event/desk/mirror.rs`).
    pub(crate) fn mirror_chosen(&self) -> Option<PathBuf> {
        if !self.shop.app_state {
            return None;
        }
        let text = std::fs::read_to_string(self.app_file(AppFile::MirrorFolder)).ok()?;
        let folder = text.trim();
        (!folder.is_empty()).then(|| PathBuf::from(folder))
    }

    pub(crate) fn recent(&self) -> Vec<String> {
        std::fs::read(self.app_file(AppFile::Recent))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Puts `path` first in the recent list. The list is a convenience: failing to write
    /// it never fails opening the event.
    pub(crate) fn remember(&self, path: &str) {
        if !self.shop.app_state {
            return;
        }
        let mut recent = self.recent();
        recent.retain(|p| p != path);
        recent.insert(0, path.to_string());
        recent.truncate(RECENT_LIMIT);
        if let Ok(text) = serde_json::to_vec(&recent) {
            let _ = self.write_app_file(AppFile::Recent, &text);
        }
    }
}
