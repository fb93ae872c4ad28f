//! Files beside an event file (SQLite's `-wal`, `-shm` and `-journal`, temporary files)
//! and the durable file operations every write path shares: sync a file, rename it into
//! place and sync the folder, so a kill or a power cut leaves the old file or the new one.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::error::StoreError;

/// `path` with `suffix` appended to its file name (`event.tkevent-wal`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name: OsString = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// The write-ahead log of a database file.
pub fn wal(path: &Path) -> PathBuf {
    with_suffix(path, "-wal")
}

/// Whether `path` exists and is not empty.
pub fn has_content(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() > 0)
}

/// A hidden temporary file beside `target`, for building a file that is renamed into
/// place once complete (`.event.tkevent.creating`).
pub fn temporary(target: &Path, purpose: &str) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| OsString::from("event"));
    let mut hidden = OsString::from(".");
    hidden.push(name);
    hidden.push(".");
    hidden.push(purpose);
    target.with_file_name(hidden)
}

/// A hidden temporary file beside `target` that no other writer uses: this process's, and
/// this call's (`.event.tkevent.partial-4242-7`). Copies several processes may write at
/// once (a mirror on a USB stick that two laptops' command lines keep) never meet in one
/// temporary file, so none removes or renames another's half-written copy.
pub fn own_temporary(target: &Path, purpose: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    temporary(target, &format!("{purpose}-{}-{call}", std::process::id()))
}

/// Removes a database file and its SQLite side files, ignoring those that do not exist.
pub fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(with_suffix(path, suffix));
    }
}

/// Flushes a file's content to the disk.
pub fn sync_file(path: &Path) -> Result<(), StoreError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| StoreError::io(path, &e))?;
    file.sync_all().map_err(|e| StoreError::io(path, &e))
}

/// Flushes a folder's entries (a rename) to the disk. Only Unix can open a folder for
/// this; elsewhere the rename is as durable as the file system makes it.
pub fn sync_folder(folder: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        let folder = if folder.as_os_str().is_empty() {
            Path::new(".")
        } else {
            folder
        };
        let handle = std::fs::File::open(folder).map_err(|e| StoreError::io(folder, &e))?;
        handle.sync_all().map_err(|e| StoreError::io(folder, &e))?;
    }
    #[cfg(not(unix))]
    let _ = folder;
    Ok(())
}

/// Renames a complete, synced `temporary` file to `target` and syncs the folder.
pub fn rename_into_place(temporary: &Path, target: &Path) -> Result<(), StoreError> {
    replace(temporary, target)?;
    sync_folder(target.parent().unwrap_or_else(|| Path::new(".")))
}

/// How long a rename waits, try by try, for another program to let go of its target.
const HELD_OPEN_WAITS_MS: [u64; 8] = [25, 50, 100, 150, 250, 350, 500, 600];

/// Renames `temporary` over `target` (the one rename every write path uses). Windows refuses
/// to replace a file another program holds open without sharing its deletion — a PDF
/// viewer showing last round's pairings, an antivirus or backup tool reading the event,
/// another SQLite connection — where Linux replaces it at once. Such a hold is often brief,
/// so the rename is tried again for about two seconds; then the file is said to be held
/// open ([`StoreError::HeldOpen`]: close it there), and `temporary` stays for the caller
/// to remove.
pub fn replace(temporary: &Path, target: &Path) -> Result<(), StoreError> {
    let mut waits = HELD_OPEN_WAITS_MS.iter();
    loop {
        match std::fs::rename(temporary, target) {
            Ok(()) => return Ok(()),
            Err(error) if held_open(&error) && target.exists() => match waits.next() {
                Some(ms) => std::thread::sleep(std::time::Duration::from_millis(*ms)),
                None => {
                    return Err(StoreError::HeldOpen {
                        path: target.to_path_buf(),
                    });
                }
            },
            Err(error) => return Err(StoreError::io(target, &error)),
        }
    }
}

/// Whether a failed rename means another program holds the target (Windows' access denied,
/// sharing violation and lock violation); never on Unix, where a rename replaces an open file.
fn held_open(error: &std::io::Error) -> bool {
    cfg!(windows) && matches!(error.raw_os_error(), Some(5 | 32 | 33))
}

/// The first of `<stem>.tkevent`, `<stem>-2.tkevent`, … that does not exist yet.
pub fn unused_name(folder: &Path, stem: &str, extension: &str) -> PathBuf {
    (1u32..)
        .map(|n| {
            let numbered = if n == 1 {
                format!("{stem}.{extension}")
            } else {
                format!("{stem}-{n}.{extension}")
            };
            folder.join(numbered)
        })
        .find(|candidate| !candidate.exists() && !with_suffix(candidate, "-wal").exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.{extension}")))
}
