//! The open library's handle: its connection, its path and its in-memory search index.
//! Its own file so that every part of the library (`mod.rs`, the exchange) can add to it
//! without depending on each other.

use std::path::PathBuf;

use rusqlite::Connection;

use super::search;

/// The library, open.
pub struct Library {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    pub(super) index: search::Index,
}
