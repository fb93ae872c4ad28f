//! The mirror folder: a second copy of the open event in a folder the organizer chooses
//! (a USB stick), written after every step (`crate::session::mirror`). In the app the choice is
//! remembered and every event opened is mirrored there; the command line mirrors the one
//! run it is given `--mirror` for. docs/mirror.md.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::app_files::AppFile;
use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::session::mirror::MirrorView;

/// The mirror folder to use from now on, or none (`null`: stop mirroring; the copy already
/// written stays where it is).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MirrorRequest {
    pub folder: Option<String>,
}

impl Desk {
    /// Mirrors the open event (and, in the app, every event opened after) into `folder`.
    pub fn set_mirror(&mut self, request: MirrorRequest) -> Result<MirrorView, CommandError> {
        let folder = request
            .folder
            .map(|folder| PathBuf::from(folder.trim()))
            .filter(|folder| !folder.as_os_str().is_empty());
        let view = match self.session_mut().ok() {
            Some(session) => session.set_mirror(folder.as_deref())?,
            None => {
                if let Some(folder) = &folder {
                    // Checked now, as it would be with an event open.
                    crate::session::mirror::Mirror::check_folder(folder)?;
                }
                MirrorView {
                    folder: folder.as_ref().map(|f| f.display().to_string()),
                    ..MirrorView::default()
                }
            }
        };
        if self.shop.app_state {
            let text = folder.map(|f| f.display().to_string()).unwrap_or_default();
            self.write_app_file(AppFile::MirrorFolder, text.as_bytes())?;
        }
        Ok(view)
    }

    /// Mirrors the open event into the folder a host was given (the command line's
    /// `--mirror`), `replacing` the stick's copy whatever step it holds (after a restore).
    /// The mirror is a second copy, never a reason to stop scoring: a folder that is not
    /// there (the stick pulled out) is said in the notices, and the command runs.
    pub fn mirror_for_host(&mut self, folder: &std::path::Path, replacing: bool) {
        let Ok(session) = self.session_mut() else {
            return;
        };
        match session.set_mirror(Some(folder)) {
            Err(error) => session.add_notice(crate::notice::mirror_not_started(&error)),
            Ok(_) if replacing => session.replace_mirror_copy(),
            Ok(_) => {}
        }
    }

    /// Where the open event's mirror stands (with no event open: the folder chosen).
    pub fn mirror(&mut self, _: Nothing) -> Result<MirrorView, CommandError> {
        Ok(match self.session().ok() {
            Some(session) => session.mirror_view(),
            None => MirrorView {
                folder: self.mirror_chosen().map(|f| f.display().to_string()),
                ..MirrorView::default()
            },
        })
    }
}
