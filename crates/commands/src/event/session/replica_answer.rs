//! The main laptop's side of a station's replica (`crate::session::replica`): what a copy lacks.

use crate::error::CommandError;
use crate::session::replica::{Held, ReplicaChunk, RowView, WaitingAsk};

use super::open::Session;

impl Session {
    /// What a copy lacks: the first of `holds` that is a copy of this event's log gets the
    /// rows after it; with none, a whole copy is sent.
    pub fn replica_chunk(&self, holds: &[Held]) -> Result<ReplicaChunk, CommandError> {
        let identity = self.identity();
        let (newest_rows, _) = self.file.log_head();
        let recognized = holds.iter().find(|held| self.held_step(held).is_some());
        let (base, rows) = match recognized {
            Some(held) => (
                None,
                self.file
                    .rows_after(held.rows, crate::session::replica::ROWS_PER_ANSWER)?,
            ),
            None => (Some(self.whole_copy()?), Vec::new()),
        };
        Ok(ReplicaChunk {
            identity,
            file_name: self.path().file_name().map_or_else(
                || "event.tkevent".into(),
                |n| n.to_string_lossy().into_owned(),
            ),
            base,
            rows: rows.into_iter().map(RowView::from).collect(),
            newest_rows,
            newest_step: self.file.head().0,
            hosts: Vec::new(),
            waited: false,
            room: None,
        })
    }

    /// The answer to a station whose copy holds every row, with nothing to add yet (no
    /// file read: it is built before the ask waits).
    pub fn up_to_date_chunk(&self) -> WaitingAsk {
        let (rows, checksum) = self.file.log_head();
        WaitingAsk {
            chunk: ReplicaChunk {
                identity: self.identity(),
                file_name: self.path().file_name().map_or_else(
                    || "event.tkevent".into(),
                    |n| n.to_string_lossy().into_owned(),
                ),
                base: None,
                rows: Vec::new(),
                newest_rows: rows,
                newest_step: self.file.head().0,
                hosts: Vec::new(),
                waited: true,
                room: None,
            },
            rows,
            checksum,
        }
    }

    /// The rows of the event's log as stored.
    pub fn log_rows(&self) -> i64 {
        self.file.log_head().0
    }

    /// The event's last step as stored.
    pub fn log_step(&self) -> i64 {
        self.file.head().0
    }

    /// The step a copy holding `held` is at, when it is a copy of this event's log (`None`:
    /// another event's, or rows this log does not have).
    pub fn held_step(&self, held: &Held) -> Option<i64> {
        let (newest_rows, _) = self.file.log_head();
        if held.identity != self.identity() || held.rows > newest_rows || held.rows < 0 {
            return None;
        }
        if held.rows == 0 {
            return Some(0);
        }
        match self.file.row_mark(held.rows) {
            Ok(Some((step, checksum))) if checksum == held.checksum => Some(step),
            _ => None,
        }
    }

    /// The event file's bytes as a consistent copy (SQLite's backup API).
    fn whole_copy(&self) -> Result<Vec<u8>, CommandError> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let copy = std::env::temp_dir().join(format!(
            "tablekeeper-replica-{}-{nanos}.tkevent",
            std::process::id()
        ));
        self.file.save_copy(&copy, false)?;
        let bytes = std::fs::read(&copy).map_err(|e| CommandError::Io {
            path: copy.display().to_string(),
            detail: e.to_string(),
        });
        tablekeeper_store::remove_database(&copy);
        bytes
    }
}
