//! A station's live replica of the main laptop's event (docs/lan.md, "The replica"): the
//! station asks for what its copy lacks, the main laptop answers with the rows after it (or,
//! for a copy it does not recognize, a whole copy of the event), and the station appends
//! them to its own event file — the same format, checked by the same checksum chain —
//! before it asks again. Its next request says what it holds: that is its acknowledgement,
//! and the main laptop's Share screen shows each station as up to date or so many steps
//! behind. A station that joins late or comes back asks from where its copy stopped.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tablekeeper_store::EventFile;
/// Rows told as they are committed, for a host that answers waiting asks with them.
pub use tablekeeper_store::{Committed, Listening, ReplicaRow, listen as listen_for_commits};
use ts_rs::TS;

use crate::error::CommandError;

/// Rows sent in one answer at most (a station far behind catches up in a few asks).
pub const ROWS_PER_ANSWER: usize = 2_000;

/// What a station's copy holds: the event it is a copy of, its rows and their checksum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Held {
    pub identity: String,
    #[ts(type = "number")]
    pub rows: i64,
    pub checksum: String,
}

/// One row as stored (`tablekeeper_store::ReplicaRow`, as it travels).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RowView {
    #[ts(type = "number")]
    pub seq: i64,
    #[ts(type = "number")]
    pub step: i64,
    pub recorded_at: String,
    pub kind: String,
    pub payload_json: String,
    pub reason: Option<String>,
    pub checksum: String,
}

impl From<ReplicaRow> for RowView {
    fn from(row: ReplicaRow) -> Self {
        RowView {
            seq: row.seq,
            step: row.step,
            recorded_at: row.recorded_at,
            kind: row.kind,
            payload_json: row.payload_json,
            reason: row.reason,
            checksum: row.checksum,
        }
    }
}

impl From<RowView> for ReplicaRow {
    fn from(row: RowView) -> Self {
        ReplicaRow {
            seq: row.seq,
            step: row.step,
            recorded_at: row.recorded_at,
            kind: row.kind,
            payload_json: row.payload_json,
            reason: row.reason,
            checksum: row.checksum,
        }
    }
}

/// What the main laptop answers a station's copy with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReplicaChunk {
    pub identity: String,
    /// The event file's name (the station's copy is named after it).
    pub file_name: String,
    /// A whole copy of the event file, for a copy the main laptop does not recognize (none
    /// yet, another event's, or one from before a restore).
    pub base: Option<Vec<u8>>,
    /// The rows after the copy's, in order.
    pub rows: Vec<RowView>,
    /// The main laptop's rows and last step now.
    #[ts(type = "number")]
    pub newest_rows: i64,
    #[ts(type = "number")]
    pub newest_step: i64,
    /// The main laptop held the ask until a change came (or a second passed): the station
    /// asks again at once, so it always has an ask waiting.
    #[serde(default)]
    pub waited: bool,
    /// The addresses of the main laptop's stations (`ip:port`): where this station looks
    /// before it takes over, and after (two takeovers at once end with one main laptop).
    #[serde(default)]
    pub hosts: Vec<String>,
    /// The main laptop's room (its codes' secret and settings), kept beside the copy for a
    /// takeover (`room::carried`).
    #[serde(default)]
    pub room: Option<crate::room::carried::CarriedRoom>,
}

/// An up-to-date station's ask, answered as the event stood when it came: rows committed
/// while it waits on the main laptop are added to it there, without the desk (docs/lan.md,
/// "The replica").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingAsk {
    pub chunk: ReplicaChunk,
    /// The rows the station's copy holds, and the log's checksum after them.
    pub rows: i64,
    pub checksum: String,
}

impl WaitingAsk {
    /// The answer with `rows`, committed after the copy's last row, added.
    pub fn answered(self, rows: Vec<ReplicaRow>) -> ReplicaChunk {
        let mut chunk = self.chunk;
        if let Some(last) = rows.last() {
            chunk.newest_rows = last.seq;
            chunk.newest_step = last.step;
        }
        chunk.rows = rows.into_iter().map(RowView::from).collect();
        chunk.waited = true;
        chunk
    }
}

/// What the main laptop last heard from a station: the step and rows its copy holds
/// (`None`: none yet, or a copy of something else), when it asked (milliseconds since
/// 1970), and whether it is in step — its copy held every row when it asked, so a change is
/// said saved only once that station holds it too (docs/lan.md, "The replica").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplicaSeen {
    pub step: Option<i64>,
    pub rows: Option<i64>,
    pub seen_at: i64,
    pub in_step: bool,
    /// Where it would carry the event on (`ip:port`), as its last ask said.
    pub address: Option<String>,
    /// It was waited for in vain and did not answer where the event is: it may have taken
    /// the event over, so no change is said saved until it is heard again or let go.
    pub unanswered: bool,
}

/// Copies of other events a station keeps at most (the newest are offered when it asks).
const COPIES_OFFERED: usize = 8;

/// A station's copy of the main laptop's event, kept in `folder` (a station that comes back
/// finds its copies there and offers them, so it carries on from where it stopped).
pub struct Replica {
    folder: PathBuf,
    /// The copies in the folder, each with the identity of its event; the one the main
    /// laptop answered for comes first once it has answered.
    copies: Vec<(String, EventFile)>,
    /// The main laptop has answered for `copies[0]`.
    settled: bool,
    /// The room last kept beside the copy, and which copy.
    room_kept: Option<(PathBuf, crate::room::carried::CarriedRoom)>,
}

impl Replica {
    /// A replica kept in `folder`, with the copies already there (the newest first).
    pub fn new(folder: &Path) -> Replica {
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|entry| entry.path())
                    .filter(|path| {
                        path.extension()
                            .is_some_and(|e| e == tablekeeper_store::EVENT_FILE_EXTENSION)
                    })
                    .filter_map(|path| {
                        Some((std::fs::metadata(&path).ok()?.modified().ok()?, path))
                    })
                    .collect()
            })
            .unwrap_or_default();
        found.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
        let copies = found
            .into_iter()
            .take(COPIES_OFFERED)
            .filter_map(|(_, path)| {
                let (file, stored) = EventFile::open(&path).ok()?;
                file.keep_as_replica();
                let identity = crate::session::identity::event_identity(
                    &stored.created_at,
                    stored.settings.standings_seed,
                );
                Some((identity, file))
            })
            .collect();
        Replica {
            folder: folder.to_path_buf(),
            copies,
            settled: false,
            room_kept: None,
        }
    }

    /// What the copies hold, to ask the main laptop for the rest: the copy it answered for,
    /// or (before its first answer) every copy in the folder.
    pub fn held(&self) -> Vec<Held> {
        let offered = if self.settled { 1 } else { self.copies.len() };
        self.copies
            .iter()
            .take(offered)
            .map(|(identity, file)| {
                let (rows, checksum) = file.log_head();
                Held {
                    identity: identity.clone(),
                    rows,
                    checksum,
                }
            })
            .collect()
    }

    /// The copy's last step, once there is a copy of the main laptop's event.
    pub fn held_step(&self) -> Option<i64> {
        self.settled
            .then(|| self.copies.first().map(|(_, file)| file.head().0))
            .flatten()
    }

    /// The copy's file, once there is one.
    pub fn path(&self) -> Option<&Path> {
        self.settled
            .then(|| self.copies.first().map(|(_, file)| file.path()))
            .flatten()
    }

    /// Stores what the main laptop sent: a whole copy written into place (beside its name,
    /// synced, renamed), or rows appended in one transaction after the chain check.
    pub fn apply(&mut self, chunk: ReplicaChunk) -> Result<(), CommandError> {
        if let Some(bytes) = &chunk.base {
            std::fs::create_dir_all(&self.folder).map_err(|e| CommandError::Io {
                path: self.folder.display().to_string(),
                detail: e.to_string(),
            })?;
            let name = Path::new(&chunk.file_name)
                .file_name()
                .map_or_else(|| "event.tkevent".into(), |n| n.to_os_string());
            let target = self.folder.join(name);
            // The copy being replaced is closed first.
            self.copies.retain(|(_, file)| file.path() != target);
            super::write_received_event(&target, bytes)?;
            let (file, _) = EventFile::open(&target)?;
            file.keep_as_replica();
            self.copies.insert(0, (chunk.identity.clone(), file));
        } else if let Some(index) = self.copies.iter().position(|(id, _)| *id == chunk.identity) {
            let copy = self.copies.remove(index);
            self.copies.insert(0, copy);
        }
        let Some((identity, file)) = self.copies.first_mut() else {
            return Ok(());
        };
        if *identity != chunk.identity {
            return Ok(());
        }
        self.settled = true;
        if let Some(room) = &chunk.room
            && self
                .room_kept
                .as_ref()
                .is_none_or(|(path, kept)| path != file.path() || kept != room)
            && crate::room::carried::keep(file.path(), room).is_ok()
        {
            self.room_kept = Some((file.path().to_path_buf(), room.clone()));
        }
        if chunk.rows.is_empty() {
            // Nothing came while the ask waited: a quiet moment to fold the copy's log.
            file.fold_log();
            return Ok(());
        }
        let rows: Vec<ReplicaRow> = chunk.rows.into_iter().map(ReplicaRow::from).collect();
        file.append_replicated(&rows)?;
        Ok(())
    }
}
