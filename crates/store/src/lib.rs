//! The event file: one SQLite file per event (`*.tkevent`).
//!
//! The file holds the event's settings, a copy of its ruleset and an append-only log of
//! actions; the engine replays the log to rebuild the event. Every append is one
//! transaction, committed with `synchronous=FULL` before the caller reports success.
//! A file that is not ours, or from a newer version, is refused and never modified.

mod error;
mod file;
mod lock;
mod migrations;

pub use error::StoreError;
pub use file::{EVENT_FILE_EXTENSION, Entry, EventFile, LoggedAction, StoredEvent};
pub use lock::{HolderLock, lock_path};
pub use migrations::{LATEST_SCHEMA_VERSION, migrations};
