//! Automatic backups beside the event file, and restoring one.
//!
//! Copies live in `<event>.backups/`: one when each round is paired and one when it is
//! complete (the newest of each kind per round is kept), plus [`ROLLING_KEPT`] rolling
//! copies written every [`ROLLING_EVERY`] steps (at most one per [`ROLLING_AT_MOST_EVERY`]). A copy of a state already backed up (the
//! same step of the same log) is skipped, and older copies beyond these are pruned, so the
//! folder stays within a small multiple of the event file. Each copy is written beside its
//! name and renamed once complete; a copy that cannot be written becomes a warning and
//! leaves nothing behind. Restoring never deletes anything: the current file is kept as
//! `<event>.before-restore-<time>[-N].tkevent` first.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tablekeeper_store::{PinnedState, StoreError};

use crate::error::CommandError;

/// Steps between rolling copies.
pub const ROLLING_EVERY: i64 = 20;

/// Rolling copies are written at most this often: a burst of entries (a scorekeeper typing
/// a stack of slips) then does not copy a large event again and again while it is entered;
/// the round start and end copies are always written.
pub const ROLLING_AT_MOST_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Rolling copies kept.
pub const ROLLING_KEPT: usize = 3;

/// Why a backup is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    RoundStart(u32),
    RoundEnd(u32),
    Rolling,
}

/// The folder holding an event's backups.
pub fn backup_dir(event: &Path) -> PathBuf {
    tablekeeper_store::with_suffix(event, ".backups")
}

/// The name prefix of a moment's copies, e.g. `round-03-start`.
fn prefix(moment: Moment) -> String {
    match moment {
        Moment::RoundStart(round) => format!("round-{round:02}-start"),
        Moment::RoundEnd(round) => format!("round-{round:02}-end"),
        Moment::Rolling => "rolling".into(),
    }
}

/// Writes the backup for `moment` of the pinned state unless it is backed up already, then
/// prunes older copies. Returns the new copy, or `None` when it was skipped. Runs on the
/// session's backup thread (see `Session::automatic_backups`).
pub fn write(file: &PinnedState, moment: Moment) -> Result<Option<PathBuf>, CommandError> {
    let dir = backup_dir(file.path());
    let (step, checksum) = file.head();
    // The step and the start of the log's checksum name the state exactly.
    let state = format!("step-{step:06}-{}", &checksum[..checksum.len().min(8)]);
    let existing = names(&dir);
    if existing.iter().any(|name| name.contains(&state)) {
        return Ok(None);
    }
    std::fs::create_dir_all(&dir).map_err(|e| CommandError::Io {
        path: dir.display().to_string(),
        detail: e.to_string(),
    })?;
    let target = dir.join(format!("{}-{state}.tkevent", prefix(moment)));
    file.save_copy(&target, true)?;
    prune(&dir, moment);
    Ok(Some(target))
}

/// File names in the backups folder.
fn names(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Keeps the newest copy of a round moment and the newest [`ROLLING_KEPT`] rolling copies
/// (names sort by step), and removes leftovers of copies a kill interrupted.
fn prune(dir: &Path, moment: Moment) {
    for name in names(dir) {
        if name.starts_with('.') && name.contains(".tkevent.partial") {
            let _ = std::fs::remove_file(dir.join(name));
        }
    }
    let start = format!("{}-step-", prefix(moment));
    let mut copies: Vec<String> = names(dir)
        .into_iter()
        .filter(|n| n.starts_with(&start) && n.ends_with(".tkevent"))
        .collect();
    copies.sort();
    let keep = match moment {
        Moment::Rolling => ROLLING_KEPT,
        Moment::RoundStart(_) | Moment::RoundEnd(_) => 1,
    };
    let surplus = copies.len().saturating_sub(keep);
    for name in &copies[..surplus] {
        tablekeeper_store::remove_database(&dir.join(name));
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct BackupView {
    pub file: String,
    #[ts(type = "number")]
    pub bytes: u64,
    pub modified: String,
}

/// The backup `given` names: the file itself when it exists, else the file of that name in
/// the event's backups folder. A listed backup's path is text, and a folder whose name is
/// not UTF-8 does not survive as text; its file name (which Tablekeeper chose) does.
fn resolve(event: &Path, given: &Path) -> std::path::PathBuf {
    if given.exists() {
        return given.to_path_buf();
    }
    given
        .file_name()
        .map(|name| backup_dir(event).join(name))
        .filter(|inside| inside.exists())
        .unwrap_or_else(|| given.to_path_buf())
}

/// The backups of an event, newest first.
pub fn list(event: &Path) -> Result<Vec<BackupView>, CommandError> {
    let dir = backup_dir(event);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut list: Vec<(std::time::SystemTime, String, BackupView)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "tkevent"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            let modified = meta.modified().ok()?;
            let shown = chrono::DateTime::<chrono::Local>::from(modified)
                .format("%Y-%m-%d %H:%M:%S")
                .to_string();
            let name = e.file_name().to_string_lossy().into_owned();
            Some((
                modified,
                step_of(&name),
                BackupView {
                    file: e.path().display().to_string(),
                    bytes: meta.len(),
                    modified: shown,
                },
            ))
        })
        .collect();
    // Newest first: by time, then by step (copies written within one clock tick).
    list.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    Ok(list.into_iter().map(|(_, _, view)| view).collect())
}

/// The `step-NNNNNN` part of a backup's name, for ordering.
fn step_of(name: &str) -> String {
    name.split("step-")
        .nth(1)
        .map(|rest| rest.chars().take(6).collect())
        .unwrap_or_default()
}

/// The newest backup of `event` that opens, passes every check and replays.
pub fn newest_good(event: &Path) -> Option<PathBuf> {
    list(event)
        .ok()?
        .into_iter()
        .take(12)
        .map(|view| PathBuf::from(view.file))
        .find(|path| {
            tablekeeper_store::EventFile::inspect(path)
                .ok()
                .is_some_and(|stored| crate::session::replay::replay_stored(&stored, path).is_ok())
        })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct RestoreView {
    pub restored_from: String,
    /// Where the event as it was before the restore was kept (`null` when there was none).
    pub previous_saved_as: Option<String>,
}

/// Replaces the event with a backup, keeping the current file beside it. The backup is
/// checked as a whole (and must replay) before anything is moved.
pub fn restore(event: &Path, backup: &Path) -> Result<RestoreView, CommandError> {
    let backup = &resolve(event, backup);
    let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S").to_string();
    let kept = tablekeeper_store::restore(event, backup, &stamp, |stored| {
        crate::session::replay::replay_stored(stored, backup).map(|_| ())
    })?;
    Ok(RestoreView {
        restored_from: backup.display().to_string(),
        previous_saved_as: kept.map(|p| p.display().to_string()),
    })
}

impl CommandError {
    /// A store error from opening `path`; a damaged file names its newest good backup.
    pub fn damaged(path: &std::path::Path, error: StoreError) -> Self {
        match error {
            StoreError::Damaged { .. } => CommandError::Damaged {
                error,
                backup: newest_good(path),
            },
            other => CommandError::Store(other),
        }
    }
}
