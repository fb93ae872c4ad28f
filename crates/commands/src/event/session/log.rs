//! The open event's log: the rows as stored, parsed into entries only when a command
//! needs the whole history (undo, redo, history, back to a round, explain, archive).
//! Opening an event and everyday commands need only the rows after the snapshot.

use std::path::PathBuf;
use std::sync::OnceLock;

use tablekeeper_store::{Damage, EventFile, LoggedAction, StoreError, StoredRow};

use crate::error::CommandError;

pub struct Log {
    path: PathBuf,
    rows: Vec<StoredRow>,
    parsed: OnceLock<Vec<LoggedAction>>,
}

impl Log {
    pub fn new(path: PathBuf, rows: Vec<StoredRow>) -> Log {
        Log {
            path,
            rows,
            parsed: OnceLock::new(),
        }
    }

    /// Every entry, parsed (once). Rows whose content was not kept at open are read from
    /// `file` first.
    pub fn entries(&self, file: &EventFile) -> Result<&[LoggedAction], CommandError> {
        if let Some(parsed) = self.parsed.get() {
            return Ok(parsed);
        }
        // Undo and redo rows keep their content at open, so rows without it need not be a
        // prefix: fetch up to the newest one and match by sequence number.
        let newest_missing = self
            .rows
            .iter()
            .filter(|row| row.payload.is_none())
            .map(|row| row.seq)
            .max();
        let fetched = match newest_missing {
            Some(seq) => file.payloads(seq)?,
            None => Default::default(),
        };
        let parsed = self
            .rows
            .iter()
            .map(|row| match (&row.payload, fetched.get(&row.seq)) {
                (None, Some(payload)) => StoredRow {
                    payload: Some(payload.clone()),
                    ..row.clone()
                },
                _ => row.clone(),
            })
            .map(|row| {
                row.logged().map_err(|problem| {
                    CommandError::damaged(
                        &self.path,
                        StoreError::Damaged {
                            path: self.path.clone(),
                            damage: Damage::Entry {
                                seq: row.seq,
                                problem,
                            },
                        },
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.parsed.get_or_init(|| parsed))
    }

    /// The entries of the newest step, parsed from its own rows only (they were just
    /// written, so their content is in memory): what a command that stored one step says
    /// it did, without parsing the whole log.
    pub fn newest_step(&self) -> Option<Vec<LoggedAction>> {
        let step = self.rows.last()?.step;
        let mut entries = self
            .rows
            .iter()
            .rev()
            .take_while(|row| row.step == step)
            .map(|row| row.logged().ok())
            .collect::<Option<Vec<_>>>()?;
        entries.reverse();
        Some(entries)
    }

    /// Adds rows just written.
    pub fn push(&mut self, rows: Vec<StoredRow>) {
        if let Some(parsed) = self.parsed.get_mut() {
            for row in &rows {
                match row.logged() {
                    Ok(entry) => parsed.push(entry),
                    Err(_) => {
                        // Parse everything again when next needed.
                        self.parsed = OnceLock::new();
                        break;
                    }
                }
            }
        }
        self.rows.extend(rows);
    }

    /// How many rows the log has: every change (undo and redo too) adds one.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// The step of the newest row (0 for an empty log).
    pub fn last_step(&self) -> i64 {
        self.rows.last().map_or(0, |r| r.step)
    }
}
