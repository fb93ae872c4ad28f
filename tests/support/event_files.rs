//! Reading event files from the scenario tests: a file's log rows, and the event file a
//! folder holds (a station's replica folder, a stick). Each test file includes this with
//! `#[path]`.

#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};

/// The log rows of the event file at `path` as (step, kind, payload), read without locking
/// it; panics when it is not a whole event file.
pub fn rows(path: &Path) -> Vec<(i64, String, Option<String>)> {
    tablekeeper_store::EventFile::load_read_only(path)
        .expect("a whole event file")
        .rows
        .iter()
        .map(|row| (row.step, row.kind.clone(), row.payload.clone()))
        .collect()
}

/// The event file in `folder`, once there is one.
pub fn event_file_in(folder: &Path) -> Option<PathBuf> {
    std::fs::read_dir(folder)
        .ok()?
        .flatten()
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|e| e == "tkevent"))
}
