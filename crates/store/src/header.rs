//! The first check of a file, before SQLite sees it: is it a SQLite database at all, and
//! is it whole?
//!
//! SQLite reads a file that lost its last bytes as if the missing pages were never
//! written, so a truncated copy can open as an older, valid-looking event. The header
//! records the page size and (when the file was last written cleanly) the page count;
//! the file's length must agree with both.

use std::io::Read;
use std::path::Path;

use crate::error::{Damage, StoreError};
use crate::sidecar;

const MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// `PRAGMA application_id` of event files ("TKEV"), at offset 68 of the header.
pub const APPLICATION_ID: [u8; 4] = *b"TKEV";

/// Checks the header and the length of the database file at `path`: it must be a SQLite
/// file marked as an event file, whole. A header with a byte or two changed (the magic
/// text, the application id) is a damaged event file, not someone else's file.
pub fn check(path: &Path) -> Result<(), StoreError> {
    let foreign = || StoreError::NotAnEventFile {
        path: path.to_path_buf(),
    };
    let damaged = |damage| StoreError::damaged(path, damage);
    let mut file = std::fs::File::open(path).map_err(|e| StoreError::io(path, &e))?;
    let length = file.metadata().map_err(|e| StoreError::io(path, &e))?.len();
    if length == 0 {
        return Err(damaged(Damage::Empty));
    }
    let mut header = [0u8; 100];
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(StoreError::io(path, &e)),
        }
    }
    let prefix = read.min(MAGIC.len());
    let magic_matches = header[..prefix]
        .iter()
        .zip(MAGIC)
        .filter(|(a, b)| a == b)
        .count();
    if read < header.len() {
        // Cut short before the header ends: ours if what is there starts like ours.
        return if magic_matches == prefix {
            Err(damaged(Damage::CutShort {
                bytes: length,
                page_size: 512,
            }))
        } else {
            Err(foreign())
        };
    }
    let id_matches = header[68..72]
        .iter()
        .zip(APPLICATION_ID)
        .filter(|(a, b)| **a == *b)
        .count();
    match (magic_matches, id_matches) {
        (16, 4) => {}
        // One or two bytes off in either: an event file whose header was damaged.
        (14..=16, 3..=4) => {
            return Err(damaged(Damage::Header(
                "its first bytes are not those of an event file".into(),
            )));
        }
        _ => return Err(foreign()),
    }
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size if size >= 512 && size.is_power_of_two() => u64::from(size),
        _ => return Err(damaged(Damage::Header("its page size is not valid".into()))),
    };
    if length % page_size != 0 {
        return Err(damaged(Damage::CutShort {
            bytes: length,
            page_size,
        }));
    }
    // The page count in the header is valid when the change counter matches the
    // "version valid for" field; pages may still sit in the write-ahead log otherwise.
    let be32 = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let counted = be32(24) == be32(92);
    let expected = u64::from(be32(28));
    let found = length / page_size;
    if counted && expected > found && !sidecar::has_content(&sidecar::wal(path)) {
        return Err(damaged(Damage::MissingPages { found, expected }));
    }
    Ok(())
}
