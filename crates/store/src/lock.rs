//! One process at a time per event file.
//!
//! The holder keeps an OS lock on a sidecar file (`<event>.lock`) and writes who it is into
//! it, so a second process can say who has the event open. The OS releases the lock when
//! the holder exits, even when it is killed, so a crash never leaves the event locked.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::error::StoreError;

/// The lock on one event file; released when dropped.
pub struct HolderLock {
    _file: File,
}

/// The sidecar lock file of an event file.
pub fn lock_path(event: &Path) -> PathBuf {
    let mut name = event
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".lock");
    event.with_file_name(name)
}

impl HolderLock {
    pub fn acquire(event: &Path) -> Result<HolderLock, StoreError> {
        let path = lock_path(event);
        let existed = path.exists();
        let io = |e: std::io::Error| {
            // A lock file made by this call that could not be written (a full disk) goes.
            if !existed {
                let _ = std::fs::remove_file(&path);
            }
            StoreError::io(&path, &e)
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {
                let holder = format!(
                    "process {} on {} since {}",
                    std::process::id(),
                    host_name(),
                    chrono::Local::now().format("%Y-%m-%d %H:%M:%S")
                );
                file.set_len(0).map_err(io)?;
                file.seek(SeekFrom::Start(0)).map_err(io)?;
                file.write_all(holder.as_bytes()).map_err(io)?;
                file.sync_all().map_err(io)?;
                Ok(HolderLock { _file: file })
            }
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                Err(StoreError::InUse {
                    path: event.to_path_buf(),
                    holder: if holder.trim().is_empty() {
                        "another Tablekeeper".into()
                    } else {
                        holder.trim().to_string()
                    },
                })
            }
            Err(TryLockError::Error(e)) => Err(io(e)),
        }
    }
}

fn host_name() -> String {
    // Windows names the computer in COMPUTERNAME; Linux shells in HOSTNAME or /etc/hostname.
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "this computer".into())
}
