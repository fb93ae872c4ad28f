//! Moving the library between laptops: an export is a complete copy (`VACUUM INTO` a
//! temporary file, synced and renamed into place); an import adds another library's players
//! to this one, matching the ones already here, and never removes or overwrites anything.

use std::path::Path;

use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

use super::{Appearance, Library, LibraryDetails, schema};
use crate::error::StoreError;
use crate::sidecar;

/// What an import did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportSummary {
    /// Players new to this library.
    pub added: u32,
    /// Players already here (same publisher ID, or same name and reading).
    pub matched: u32,
}

pub(super) fn export(conn: &Connection, target: &Path) -> Result<(), StoreError> {
    if target.exists() {
        return Err(StoreError::AlreadyExists {
            path: target.to_path_buf(),
        });
    }
    let temporary = sidecar::temporary(target, "exporting");
    sidecar::remove_database(&temporary);
    let written = (|| {
        conn.execute("VACUUM INTO ?1", params![temporary.to_string_lossy()])
            .map_err(|e| StoreError::writing(&temporary, e))?;
        sidecar::sync_file(&temporary)?;
        sidecar::rename_into_place(&temporary, target)
    })();
    if written.is_err() {
        sidecar::remove_database(&temporary);
    }
    written
}

pub(super) fn import(
    library: &mut Library,
    source: &Path,
    now: &str,
) -> Result<ImportSummary, StoreError> {
    if same_file(library.path(), source) {
        return Err(StoreError::SameFile {
            path: source.to_path_buf(),
        });
    }
    let other = schema::open_read_only(source)?;
    let mut players = other.prepare(
        "SELECT number, name, reading, publisher_id, nickname, note FROM players ORDER BY number",
    )?;
    let rows: Vec<(u32, LibraryDetails)> = players
        .query_map([], |row| {
            Ok((
                row.get(0)?,
                LibraryDetails {
                    name: row.get(1)?,
                    reading: row.get(2)?,
                    publisher_id: row.get(3)?,
                    nickname: row.get(4)?,
                    note: row.get(5)?,
                },
            ))
        })?
        .collect::<Result<_, _>>()?;
    let mut summary = ImportSummary::default();
    let mut events = other.prepare(
        "SELECT event, file, event_name, date, event_player FROM appearances WHERE player = ?1",
    )?;
    for (number, details) in rows {
        let (here, added) = library.match_or_add(&details, now)?;
        if added {
            summary.added += 1;
        } else {
            summary.matched += 1;
        }
        let appearances: Vec<Appearance> = events
            .query_map(params![number], |row| {
                Ok(Appearance {
                    event: row.get(0)?,
                    file: std::path::PathBuf::from(row.get::<_, String>(1)?),
                    event_name: row.get(2)?,
                    date: row.get(3)?,
                    player: row.get(4)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        for appearance in &appearances {
            library.record_appearance(here.number, appearance)?;
        }
    }
    Ok(summary)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
