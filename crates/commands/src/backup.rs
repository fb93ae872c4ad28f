//! Automatic backups beside the event file, and restoring one.
//!
//! A copy is written when a round is paired, when its last result is entered, and every
//! [`ROLLING_EVERY`] steps (alternating between two rolling copies). Copies live in
//! `<event>.backups/`. Restoring never deletes anything: the current file is kept as
//! `<event>.before-restore-<time>` first.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tablekeeper_store::{EventFile, HolderLock};

use crate::error::CommandError;

/// Steps between rolling copies.
pub const ROLLING_EVERY: usize = 20;

/// The folder holding an event's backups.
pub fn backup_dir(event: &Path) -> PathBuf {
    let mut name = event
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".backups");
    event.with_file_name(name)
}

/// Writes a backup named `label` (replacing an older one of the same name).
pub fn write(file: &EventFile, label: &str) -> Result<PathBuf, CommandError> {
    let dir = backup_dir(file.path());
    let io = |e: std::io::Error| CommandError::Io {
        path: dir.display().to_string(),
        detail: e.to_string(),
    };
    std::fs::create_dir_all(&dir).map_err(io)?;
    let target = dir.join(format!("{label}.tkevent"));
    let partial = dir.join(format!("{label}.tkevent.partial"));
    let _ = std::fs::remove_file(&partial);
    file.backup_to(&partial)?;
    // Replace atomically, so a crash never leaves a half-written backup under the real name.
    std::fs::rename(&partial, &target).map_err(io)?;
    Ok(target)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupView {
    pub file: String,
    pub bytes: u64,
    pub modified: String,
}

/// The backups of an event, newest first.
pub fn list(event: &Path) -> Result<Vec<BackupView>, CommandError> {
    let dir = backup_dir(event);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut list: Vec<(std::time::SystemTime, BackupView)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "tkevent"))
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            let modified = meta.modified().ok()?;
            let shown = chrono::DateTime::<chrono::Local>::from(modified)
                .format("%Y-%m-%d %H:%M:%S")
                .to_string();
            Some((
                modified,
                BackupView {
                    file: e.path().display().to_string(),
                    bytes: meta.len(),
                    modified: shown,
                },
            ))
        })
        .collect();
    list.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    Ok(list.into_iter().map(|(_, view)| view).collect())
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestoreView {
    pub restored_from: String,
    /// Where the event as it was before the restore was kept.
    pub previous_saved_as: String,
}

/// Replaces the event with a backup, keeping the current file beside it.
pub fn restore(event: &Path, backup: &Path) -> Result<RestoreView, CommandError> {
    if !backup.exists() {
        return Err(tablekeeper_store::StoreError::NotFound {
            path: backup.to_path_buf(),
        }
        .into());
    }
    let _lock = HolderLock::acquire(event)?;
    EventFile::inspect(backup)?;
    let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
    let stem = event
        .file_stem()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let aside = event.with_file_name(format!("{stem}.before-restore-{stamp}.tkevent"));
    let io = |path: &Path, e: std::io::Error| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    };
    if event.exists() {
        std::fs::rename(event, &aside).map_err(|e| io(event, e))?;
        for suffix in ["-wal", "-shm"] {
            let mut side = event.as_os_str().to_os_string();
            side.push(suffix);
            let side = PathBuf::from(side);
            if side.exists() {
                let mut target = aside.as_os_str().to_os_string();
                target.push(suffix);
                std::fs::rename(&side, PathBuf::from(target)).map_err(|e| io(&side, e))?;
            }
        }
    }
    std::fs::copy(backup, event).map_err(|e| io(backup, e))?;
    Ok(RestoreView {
        restored_from: backup.display().to_string(),
        previous_saved_as: aside.display().to_string(),
    })
}
