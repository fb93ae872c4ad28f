//! The mirror folder: a second copy of the open event kept up to date in a folder of the
//! organizer's choosing (a USB stick, a network share), so a laptop that dies leaves the
//! event on the stick. docs/mirror.md.
//!
//! After every committed step the session pins that state and hands it to the mirror's own
//! thread, which writes it as a whole event file: into a temporary file beside the mirror,
//! synced, then renamed into place (`PinnedState::save_copy`). A stick pulled out mid-write
//! therefore holds the last whole copy, never half of one. The command never waits for the
//! copy; steps that arrive while a copy is being written are folded into the next one (the
//! newest state is always written, so every committed step reaches the mirror up to its
//! last whole copy). A copy that cannot be written is a warning said once, never a stopped
//! command; the next step tries again, and the warning says when the mirror is whole again.
//!
//! Several processes may keep one mirror (the app and a command line reading the event, two
//! command lines on one stick): each writes through its own temporary file, one at a time,
//! and a copy already holding the state (or a later step of it) is left as it is, so a
//! reader never puts an older copy over a newer one (`PinnedState::mirror_to`). A restored
//! event, whose state is an earlier step of the history on the stick, replaces the copy.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};
use tablekeeper_store::{PinnedState, StoreError};
use tablekeeper_words::message::Param;
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::error::CommandError;
use crate::notice::Notice;

/// Where the mirror stands, as the Settings screen shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MirrorView {
    /// The mirror folder, `null` while there is none.
    pub folder: Option<String>,
    /// The mirror's file.
    pub file: Option<String>,
    /// The step the mirror holds whole (`null`: nothing written yet).
    #[ts(type = "number | null")]
    pub step: Option<i64>,
    /// The newest step of the event (the mirror is up to date when it holds it).
    #[ts(type = "number | null")]
    pub newest: Option<i64>,
    /// Why the last copy could not be written (the mirror keeps its last whole copy).
    pub problem: Option<tablekeeper_words::message::Message>,
}

/// What the session and the mirror's thread share.
#[derive(Default)]
struct Shared {
    /// The newest state not written yet.
    pending: Option<PinnedState>,
    /// The newest step handed over.
    newest: Option<i64>,
    /// The step the mirror holds whole.
    written: Option<i64>,
    problem: Option<tablekeeper_words::message::Message>,
    /// Changes of state not told yet: a problem met, or the mirror whole again.
    news: Vec<Notice>,
    /// The thread writes nothing more and ends.
    stop: bool,
    /// A copy is being written now.
    busy: bool,
    /// The pending state replaces the copy even where it holds a later step (a restore).
    replace_newer: bool,
}

/// The open event's mirror: a folder and the thread that writes into it.
pub struct Mirror {
    folder: PathBuf,
    target: PathBuf,
    shared: Arc<(Mutex<Shared>, Condvar)>,
    worker: Option<JoinHandle<()>>,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    // A panic while holding the lock leaves plain data behind: keep using it.
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Mirror {
    /// A mirror of the event `event` (its file's path; `identity` and `code` name it) in
    /// `folder`, which must be a folder that exists. Its file has the event file's name,
    /// unless a copy of another event already has that name there: then the event's code
    /// is added, so two events never overwrite each other's copy.
    pub fn start(
        folder: &Path,
        event: &Path,
        identity: &str,
        code: &str,
    ) -> Result<Mirror, CommandError> {
        Mirror::check_folder(folder)?;
        let name = event
            .file_name()
            .unwrap_or_else(|| "event.tkevent".as_ref());
        let mut target = folder.join(name);
        let on_stick = read_copy(&target);
        let held_step =
            |stored: &tablekeeper_store::StoredEvent| stored.rows.last().map_or(0, |row| row.step);
        let mut written = on_stick
            .as_ref()
            .filter(|stored| crate::session::identity::identity_of_stored(stored) == identity)
            .map(held_step);
        if on_stick.is_some() && written.is_none() {
            let stem = event
                .file_stem()
                .map_or_else(|| "event".into(), |s| s.to_string_lossy().into_owned());
            target = folder.join(format!("{stem}-{code}.tkevent"));
            written = read_copy(&target)
                .filter(|stored| crate::session::identity::identity_of_stored(stored) == identity)
                .map(|stored| held_step(&stored));
        }
        let same_folder = match (
            folder.canonicalize(),
            event.parent().map(Path::canonicalize),
        ) {
            (Ok(a), Some(Ok(b))) => a == b,
            _ => false,
        };
        if same_folder {
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.mirror.same-folder",
                    "the mirror folder is the event's own folder; choose another folder or a USB stick"
                ),
            ));
        }
        let shared = Arc::new((
            Mutex::new(Shared {
                written,
                ..Shared::default()
            }),
            Condvar::new(),
        ));
        let for_thread = Arc::clone(&shared);
        let target_for_thread = target.clone();
        let worker = std::thread::Builder::new()
            .name("mirror".into())
            .spawn(move || write_loop(&for_thread, &target_for_thread))
            .map_err(|e| CommandError::Io {
                path: folder.display().to_string(),
                detail: e.to_string(),
            })?;
        Ok(Mirror {
            folder: folder.to_path_buf(),
            target,
            shared,
            worker: Some(worker),
        })
    }

    /// Refuses a mirror folder that is not there.
    pub fn check_folder(folder: &Path) -> Result<(), CommandError> {
        if folder.is_dir() {
            return Ok(());
        }
        Err(CommandError::input(
            ErrorKind::FileNotFound,
            msg!(
                "error.mirror.no-folder",
                "there is no folder at {folder}; plug in the USB stick or choose a folder that exists",
                folder = folder.display().to_string()
            ),
        ))
    }

    /// Hands the newest committed state to the mirror's thread (an older one not written
    /// yet is dropped: the newer holds it).
    pub fn offer(&self, state: PinnedState) {
        self.hand_over(state, false);
    }

    /// [`Mirror::offer`] for a state that replaces the copy whatever step it holds: the
    /// event was restored to an earlier step of the history the stick keeps.
    pub fn offer_replacing(&self, state: PinnedState) {
        self.hand_over(state, true);
    }

    fn hand_over(&self, state: PinnedState, replace_newer: bool) {
        let (mutex, ready) = &*self.shared;
        let mut shared = lock(mutex);
        shared.newest = Some(state.head().0);
        shared.pending = Some(state);
        shared.replace_newer |= replace_newer;
        ready.notify_all();
    }

    /// The state could not even be pinned: said like a copy that could not be written.
    pub fn failed(&self, error: StoreError) {
        let (mutex, _) = &*self.shared;
        let mut shared = lock(mutex);
        let problem = CommandError::from(error).message();
        note_problem(&mut shared, &self.folder_text(), problem);
    }

    fn folder_text(&self) -> String {
        self.folder.display().to_string()
    }

    /// Where the mirror stands now.
    pub fn view(&self) -> MirrorView {
        let (mutex, _) = &*self.shared;
        let shared = lock(mutex);
        MirrorView {
            folder: Some(self.folder_text()),
            file: Some(self.target.display().to_string()),
            step: shared.written,
            newest: shared.newest,
            problem: shared.problem.clone(),
        }
    }

    /// The warnings not said yet (a copy that failed; the mirror whole again).
    pub fn take_news(&self) -> Vec<Notice> {
        let (mutex, _) = &*self.shared;
        std::mem::take(&mut lock(mutex).news)
    }

    /// Waits until the newest state handed over is written or has failed, at most
    /// `limit` (a command-line run ends only once its change is on the stick too).
    pub fn settle(&self, limit: std::time::Duration) {
        let (mutex, ready) = &*self.shared;
        let deadline = std::time::Instant::now() + limit;
        let mut shared = lock(mutex);
        while shared.pending.is_some() || shared.busy {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return;
            }
            shared = ready
                .wait_timeout(shared, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

impl Drop for Mirror {
    /// The copy being written is finished; a state not started is written first, so
    /// closing the event leaves its last step on the stick.
    fn drop(&mut self) {
        self.settle(std::time::Duration::from_secs(30));
        {
            let (mutex, ready) = &*self.shared;
            lock(mutex).stop = true;
            ready.notify_all();
        }
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The event file a mirror's folder holds at `target`, read while no other program writes
/// it (on Windows a copy renamed over a file being read would fail); `None` when there is
/// none, or it does not read.
fn read_copy(target: &Path) -> Option<tablekeeper_store::StoredEvent> {
    tablekeeper_store::while_copy_is_still(target, || {
        tablekeeper_store::EventFile::inspect(target).ok()
    })
    .ok()
    .flatten()
}

fn note_problem(shared: &mut Shared, folder: &str, problem: tablekeeper_words::message::Message) {
    if shared.problem.is_none() {
        shared.news.push(msg!(
            "notice.mirror-failed",
            "the change is saved on this laptop, but the mirror in {folder} could not be written ({problem}); it keeps its last whole copy (step {step}). Plug the stick back in: the next change writes it again",
            folder = folder.to_string(),
            problem = Param::message(&problem),
            step = shared.written.map_or_else(|| "—".to_string(), |s| s.to_string())
        ));
    }
    shared.problem = Some(problem);
}

/// The mirror's thread: writes the newest pending state until told to stop.
fn write_loop(shared: &(Mutex<Shared>, Condvar), target: &Path) {
    let (mutex, ready) = shared;
    let folder = target
        .parent()
        .map_or_else(String::new, |p| p.display().to_string());
    loop {
        let (state, replace_newer) = {
            let mut guard = lock(mutex);
            loop {
                if let Some(state) = guard.pending.take() {
                    guard.busy = true;
                    break (state, std::mem::take(&mut guard.replace_newer));
                }
                if guard.stop {
                    return;
                }
                guard = ready.wait(guard).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let written = state.mirror_to(target, replace_newer);
        drop(state);
        let mut guard = lock(mutex);
        guard.busy = false;
        match written {
            Ok(step) => {
                guard.written = Some(step);
                if guard.problem.take().is_some() {
                    guard.news.push(msg!(
                        "notice.mirror-back",
                        "the mirror in {folder} is whole again (step {step})",
                        folder = folder.clone(),
                        step = step.to_string()
                    ));
                }
            }
            Err(error) => {
                // A restore's copy not written yet still replaces the stick's next time.
                guard.replace_newer |= replace_newer;
                let problem = CommandError::from(error).message();
                note_problem(&mut guard, &folder, problem);
            }
        }
        ready.notify_all();
    }
}
