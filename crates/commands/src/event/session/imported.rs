//! An event file made from an archive (`crate::formats::archive`): the same settings, ruleset and
//! log, written here because only the session writes event files.

use tablekeeper_engine::ruleset::Ruleset;
use tablekeeper_words::{ErrorKind, msg};

use super::open::Session;
use crate::error::CommandError;
use crate::formats::archive::Archive;

impl Session {
    /// Creates the event file `path` from a checked archive, every step with its number,
    /// time and reason, so exporting it again gives the same archive. It is built in a
    /// temporary file and renamed into place once complete: a failed or killed import
    /// leaves no file at `path`.
    pub fn create_from_archive(
        archive: &Archive,
        ruleset: &Ruleset,
        path: &std::path::Path,
    ) -> Result<Session, CommandError> {
        let created_at = archive
            .log
            .first()
            .map_or_else(|| archive.exported_at.clone(), |e| e.recorded_at.clone());
        let mut file =
            tablekeeper_store::NewEventFile::begin(path, &archive.event, ruleset, &created_at)?;
        copy_log(&mut file, archive)?;
        drop(file.finish()?);
        Session::open(path)
    }
}

/// Appends the archive's log step by step, keeping each step's number, time and reason.
fn copy_log(
    file: &mut tablekeeper_store::NewEventFile,
    archive: &Archive,
) -> Result<(), CommandError> {
    let mut index = 0;
    while index < archive.log.len() {
        let step = archive.log[index].step;
        let mut entries = Vec::new();
        let first = &archive.log[index];
        while index < archive.log.len() && archive.log[index].step == step {
            entries.push(archive.log[index].entry.clone());
            index += 1;
        }
        let written = file.append(&entries, first.reason.as_deref(), &first.recorded_at)?;
        if written != step {
            return Err(CommandError::input(
                ErrorKind::InvalidArchive,
                msg!(
                    "error.invalid-archive.archives-steps-numbered-1-2",
                    "the archive's steps are not numbered 1, 2, 3, … (found {step} where {written} was expected)",
                    step = step,
                    written = written
                ),
            ));
        }
    }
    Ok(())
}
