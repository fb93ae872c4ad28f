//! An event's identity: its creation time and recorded seed, the same on every copy of its
//! file (a backup, a mirror, a station's replica), so copies are known for the same event.

use std::path::Path;

/// An event's identity from its creation time and recorded seed.
pub fn event_identity(created_at: &str, standings_seed: u64) -> String {
    format!("{created_at}/{standings_seed:016x}")
}

/// The identity of the event in the file at `path`, if it is an event file that reads.
pub fn identity_of(path: &Path) -> Option<String> {
    let stored = tablekeeper_store::EventFile::inspect(path).ok()?;
    Some(identity_of_stored(&stored))
}

/// The identity of the event read from a file.
pub fn identity_of_stored(stored: &tablekeeper_store::StoredEvent) -> String {
    event_identity(&stored.created_at, stored.settings.standings_seed)
}
