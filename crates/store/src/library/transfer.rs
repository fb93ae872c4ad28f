//! Moving the library between laptops: an export is a complete copy (`VACUUM INTO` a
//! temporary file, synced and renamed into place); an import adds another library's players
//! to this one (`Library::import`), matching the ones already here, and never removes or
//! overwrites anything; this module reads the other library.

use std::path::Path;

use super::records::{Appearance, LibraryDetails};
use super::schema;
use crate::error::StoreError;
use crate::sidecar;
use rusqlite::{Connection, params};

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
        // A copy given away cannot sign for this shop: the secret half stays here.
        let copy = Connection::open(&temporary).map_err(|e| StoreError::writing(&temporary, e))?;
        copy.execute_batch("PRAGMA secure_delete = ON; UPDATE shop SET secret = NULL; VACUUM;")
            .map_err(|e| StoreError::writing(&temporary, e))?;
        copy.close()
            .map_err(|(_, e)| StoreError::writing(&temporary, e))?;
        sidecar::sync_file(&temporary)?;
        sidecar::rename_into_place(&temporary, target)
    })();
    if written.is_err() {
        sidecar::remove_database(&temporary);
    }
    written
}

/// Every player of the library at `source` (opened read-only) with the events they played.
pub(super) fn read(source: &Path) -> Result<Vec<(LibraryDetails, Vec<Appearance>)>, StoreError> {
    let other = schema::open_read_only(source)?;
    // A library from before the publishers' tools' numbers has no columns for them.
    let has_ids: bool = other.query_row(
        "SELECT COUNT(*) > 0 FROM pragma_table_info('players') WHERE name = 'pokemon_id'",
        [],
        |row| row.get(0),
    )?;
    let ids = if has_ids {
        "tcgplus_id, pokemon_id"
    } else {
        "NULL, NULL"
    };
    let mut players = other.prepare(&format!(
        "SELECT number, name, reading, publisher_id, nickname, note, {ids} FROM players ORDER BY number"
    ))?;
    let rows: Vec<(u32, LibraryDetails)> = players
        .query_map([], |row| {
            Ok((row.get(0)?, LibraryDetails::from_row(row, 1)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut events = other.prepare(
        "SELECT event, file, event_name, date, event_player, ticket FROM appearances WHERE player = ?1",
    )?;
    let mut all = Vec::with_capacity(rows.len());
    for (number, details) in rows {
        let appearances: Vec<Appearance> = events
            .query_map(params![number], |row| {
                Ok(Appearance {
                    event: row.get(0)?,
                    file: std::path::PathBuf::from(row.get::<_, String>(1)?),
                    event_name: row.get(2)?,
                    date: row.get(3)?,
                    player: row.get(4)?,
                    ticket: row.get(5)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        all.push((details, appearances));
    }
    Ok(all)
}

/// The TCG+ and Play! Pokémon numbers `ids` gives that library player `number` lacks (an
/// imported card matched to one here), where no other card carries them; a correction that
/// travels, in the import's transaction.
pub(super) fn fill_numbers(
    tx: &Connection,
    number: u32,
    ids: &super::fold::PublisherIds,
) -> Result<(), StoreError> {
    if ids.is_empty() {
        return Ok(());
    }
    let (details, had) = tx.query_row(
        &format!(
            "SELECT number, {} FROM players WHERE number = ?1",
            super::records::DETAILS_COLUMNS
        ),
        params![number],
        |row| LibraryDetails::from_row(row, 1).map(|d| (d.person.clone(), d.ids)),
    )?;
    let free = |column: &str, value: &str| -> Result<bool, StoreError> {
        let carried: u32 = tx.query_row(
            &format!("SELECT COUNT(*) FROM players WHERE {column} = ?1"),
            params![value],
            |row| row.get(0),
        )?;
        Ok(carried == 0)
    };
    let mut filled = had.clone();
    if filled.tcgplus_id.is_none()
        && let Some(value) = ids.tcgplus_id.as_deref()
        && free("tcgplus_id", value)?
    {
        filled.tcgplus_id = Some(value.to_string());
    }
    if filled.pokemon_id.is_none()
        && let Some(value) = ids.pokemon_id.as_deref()
        && free("pokemon_id", value)?
    {
        filled.pokemon_id = Some(value.to_string());
    }
    if filled == had {
        return Ok(());
    }
    tx.execute(
        "UPDATE players SET tcgplus_id = ?2, pokemon_id = ?3 WHERE number = ?1",
        params![number, filled.tcgplus_id, filled.pokemon_id],
    )?;
    super::ledger::append(
        tx,
        &super::fold::ChangeBody::Edit {
            person: super::ledger::uid(tx, number)?,
            details: tablekeeper_engine::PlayerDetails {
                members: Vec::new(),
                ..details
            },
            ids: Some(filled),
        },
    )?;
    Ok(())
}

pub(super) fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
