//! The event file: one SQLite file per event (`*.tkevent`).
//!
//! The file holds the event's settings, a copy of its ruleset and an append-only log of
//! actions; the engine replays the log to rebuild the event. Every append is one
//! transaction, committed with `synchronous=FULL` before the caller reports success.
//! A file that is not ours, damaged, or from a newer version is refused and never
//! modified; every write path (create, append, copy, restore) leaves the old file or the
//! complete new one when the process is killed.

mod access;
mod chain;
mod checks;
mod copies;
mod error;
pub mod failpoint;
mod file;
mod header;
pub mod library;
mod listeners;
mod lock;
mod log;
mod migrations;
mod new_file;
mod replica;
mod replica_row;
mod restore;
mod sidecar;

pub use access::{Access, ReadOnlyReason};
pub use copies::{PinnedState, snapshot_bytes, while_copy_is_still, write_whole};
pub use error::{Damage, StoreError};
pub use file::{EVENT_FILE_EXTENSION, EventFile};
pub use listeners::{Committed, Listening, listen};
pub use lock::{HolderLock, lock_path};
pub use log::{Entry, LoggedAction, Snapshot, StoredEvent, StoredRow, action_kind};
pub use migrations::{LATEST_SCHEMA_VERSION, migrations};
pub use new_file::NewEventFile;
pub use replica::ReplicaRow;
pub use restore::restore;
pub use sidecar::{
    remove_database, replace, sync_file, sync_folder, temporary, unused_name, with_suffix,
};
