//! What keeps an open event safe beyond its log: snapshots of the state (so opening replays
//! little), automatic backups on their own thread, notices, and copies saved elsewhere.

use crate::error::CommandError;
use crate::notice::Notice;
use crate::session::backups;
use std::path::Path;
use tablekeeper_engine::state::snapshot::EventState;

use super::open::Session;
use crate::session::mirror::{Mirror, MirrorView};

/// How long a command-line run waits for its change to reach the mirror before it ends.
const MIRROR_SETTLE: std::time::Duration = std::time::Duration::from_secs(10);
use super::snapshot::{SNAPSHOT_BYTES, SNAPSHOT_ROWS};

/// Writes an event file that arrived whole as `target`: a station's base copy of the main
/// laptop's event, a shared event's content-addressed copy from another shop. Written beside
/// its name, synced and renamed into place, so a kill leaves no file or the whole one; the
/// one place outside an open session's own file where an event file is written.
pub fn write_received_event(target: &Path, bytes: &[u8]) -> Result<(), CommandError> {
    Ok(tablekeeper_store::write_whole(target, bytes)?)
}

/// The errors of a backup thread (one that stopped unexpectedly is an error too).
pub(super) fn joined(
    writing: std::thread::JoinHandle<Vec<CommandError>>,
    folder: &str,
) -> Vec<CommandError> {
    writing.join().unwrap_or_else(|_| {
        vec![CommandError::Io {
            path: folder.to_string(),
            detail: "the backup stopped unexpectedly".into(),
        }]
    })
}

/// A copy of the event written by [`Session::save_copy`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct SavedCopyView {
    pub written: String,
    #[ts(type = "number")]
    pub bytes: u64,
}

impl Session {
    /// Warnings the last commands produced that did not stop them (a backup that could not
    /// be written); the host shows them once.
    /// A notice for the host to show with the next answer.
    pub fn add_notice(&mut self, notice: Notice) {
        self.notices.push(notice);
    }

    pub fn take_notices(&mut self) -> Vec<Notice> {
        self.settle_backups();
        if let Some(mirror) = &self.mirror {
            // A run of the command line ends with its change on the stick too.
            mirror.settle(MIRROR_SETTLE);
            self.notices.extend(mirror.take_news());
        }
        std::mem::take(&mut self.notices)
    }

    /// [`Session::take_notices`] without waiting for backups still being written (a window
    /// asks after every command; a failed backup's notice comes with a later answer).
    pub fn take_notices_now(&mut self) -> Vec<Notice> {
        if self
            .backups_in_progress
            .as_ref()
            .is_some_and(std::thread::JoinHandle::is_finished)
        {
            self.settle_backups();
        }
        if let Some(mirror) = &self.mirror {
            self.notices.extend(mirror.take_news());
        }
        std::mem::take(&mut self.notices)
    }

    /// Keeps a mirror of the event in `folder` from now on (its current step is written at
    /// once), or stops mirroring (`None`; the copy already written stays).
    pub fn set_mirror(&mut self, folder: Option<&Path>) -> Result<MirrorView, CommandError> {
        self.mirror = None;
        if let Some(folder) = folder {
            let code = crate::slip_code::event_code(&self.event);
            self.mirror = Some(Mirror::start(
                folder,
                self.file.path(),
                &self.identity(),
                &code,
            )?);
            self.mirror_step();
        }
        Ok(self.mirror_view())
    }

    /// Where the mirror stands (no folder: all `null`).
    pub fn mirror_view(&self) -> MirrorView {
        let mut view = self.mirror.as_ref().map(Mirror::view).unwrap_or_default();
        view.newest = Some(self.file.head().0);
        view
    }

    /// Hands the state just committed to the mirror (nothing while there is none).
    pub(super) fn mirror_step(&mut self) {
        self.hand_to_mirror(false);
    }

    /// Writes the event to its mirror even where the stick's copy holds a later step: the
    /// event was just restored from a backup, and the stick must not keep what the
    /// organizer restored away (a laptop that dies next would bring it back).
    pub fn replace_mirror_copy(&mut self) {
        self.hand_to_mirror(true);
    }

    fn hand_to_mirror(&mut self, replacing: bool) {
        let Some(mirror) = &self.mirror else {
            return;
        };
        match self.file.pin() {
            Ok(state) if replacing => mirror.offer_replacing(state),
            Ok(state) => mirror.offer(state),
            Err(error) => mirror.failed(error),
        }
    }

    /// Waits for the automatic backups in progress; their failures become notices.
    pub fn settle_backups(&mut self) {
        let Some(writing) = self.backups_in_progress.take() else {
            return;
        };
        let folder = backups::backup_dir(self.file.path()).display().to_string();
        let errors = joined(writing, &folder);
        self.notices
            .extend(errors.iter().map(crate::notice::backup_failed));
    }

    /// Writes a consistent copy of the event to `target` (SQLite's backup API, synced and
    /// renamed into place), also from an event opened for reading only.
    pub fn save_copy(&self, target: &Path, replace: bool) -> Result<SavedCopyView, CommandError> {
        self.file.save_copy(target, replace)?;
        let bytes = std::fs::metadata(target).map_or(0, |m| m.len());
        Ok(SavedCopyView {
            written: target.display().to_string(),
            bytes,
        })
    }

    /// Stores a snapshot of the state once enough log was written since the last one. It
    /// only speeds up opening, so a failure is ignored (the next command tries again).
    pub(super) fn snapshot_when_due(&mut self) {
        let (rows, bytes) = self.since_snapshot;
        if rows < SNAPSHOT_ROWS && bytes < SNAPSHOT_BYTES {
            return;
        }
        let state = EventState::of(&self.event, env!("CARGO_PKG_VERSION"));
        if let Ok(text) = serde_json::to_string(&state)
            && self.file.write_snapshot(&text).is_ok()
        {
            self.since_snapshot = (0, 0);
        }
    }

    /// Backups at round start and end and a rolling copy. The change is already safely
    /// stored, so a backup is written from the state pinned now on a thread of its own
    /// after the command answers (copying a large event is the slowest part of a result
    /// entry otherwise), and a failed backup never fails the command: it becomes a notice.
    pub(super) fn automatic_backups(&mut self, paired: bool, was_complete: bool) {
        let step = self.log.last_step();
        let round = self.event.current_round();
        let number = round.map_or(0, |r| r.number);
        let mut moments = Vec::new();
        if paired {
            moments.push(backups::Moment::RoundStart(number));
        } else if !was_complete && round.is_some_and(|r| r.is_complete()) {
            moments.push(backups::Moment::RoundEnd(number));
        }
        let rolling_allowed = self
            .last_rolling_backup
            .is_none_or(|last| last.elapsed() >= backups::ROLLING_AT_MOST_EVERY);
        if step % backups::ROLLING_EVERY == 0 && rolling_allowed {
            moments.push(backups::Moment::Rolling);
            self.last_rolling_backup = Some(std::time::Instant::now());
        }
        if moments.is_empty() {
            return;
        }
        let pinned = match self.file.pin() {
            Ok(pinned) => pinned,
            Err(error) => {
                self.notices
                    .push(crate::notice::backup_failed(&error.into()));
                return;
            }
        };
        // The copies are written one after another (copies of one folder never race each
        // other), but the command never waits for an earlier one: the new thread does.
        let earlier = self.backups_in_progress.take();
        let folder = backups::backup_dir(self.file.path()).display().to_string();
        let folder_for_thread = folder.clone();
        let write_all = move || {
            let mut errors = earlier.map_or_else(Vec::new, |e| joined(e, &folder_for_thread));
            errors.extend(
                moments
                    .into_iter()
                    .filter_map(|moment| backups::write(&pinned, moment).err()),
            );
            errors
        };
        match std::thread::Builder::new()
            .name("automatic backup".into())
            .spawn(write_all)
        {
            Ok(writing) => self.backups_in_progress = Some(writing),
            // No thread (the system is out of them): this copy is not written; an earlier
            // one still being written finishes on its own thread, unjoined.
            Err(error) => self
                .notices
                .push(crate::notice::backup_failed(&CommandError::Io {
                    path: folder,
                    detail: error.to_string(),
                })),
        }
    }
}
