//! A copy of an event file kept in step elsewhere (a scorekeeper station's replica): the
//! rows the main laptop's file holds beyond the copy's, sent as they are stored and
//! appended to the copy in one durable transaction, each checked to continue the copy's own
//! checksum chain first — so a row altered or lost on the way, or rows of another log, are
//! refused and the copy keeps its last whole state. The copy stays an ordinary event file,
//! checked by the same checks when it is opened.

use crate::chain::Row;
use crate::error::{Damage, StoreError};
use crate::file::EventFile;
use crate::log::Head;
pub use crate::replica_row::ReplicaRow;
use rusqlite::{TransactionBehavior, params};

impl EventFile {
    /// The number of rows and the checksum of the whole log: where a copy stands.
    pub fn log_head(&self) -> (i64, String) {
        let head = self.log_head_raw();
        (head.rows, head.chain.to_hex())
    }

    /// The rows after the first `held`, at most `limit` of them, as they are stored.
    pub fn rows_after(&self, held: i64, limit: usize) -> Result<Vec<ReplicaRow>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let mut statement = self.connection().prepare_cached(
            "SELECT seq, step, recorded_at, kind, payload_json, reason, checksum
             FROM action_log WHERE seq > ?1 ORDER BY seq LIMIT ?2",
        )?;
        let rows = statement.query_map(params![held, limit], |row| {
            Ok(ReplicaRow {
                seq: row.get(0)?,
                step: row.get(1)?,
                recorded_at: row.get(2)?,
                kind: row.get(3)?,
                payload_json: row.get(4)?,
                reason: row.get(5)?,
                checksum: row.get(6)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The step and the checksum stored with row `seq` (`None`: the log has no such row): a
    /// copy that holds `seq` rows with this checksum holds the same rows as this file.
    pub fn row_mark(&self, seq: i64) -> Result<Option<(i64, String)>, StoreError> {
        use rusqlite::OptionalExtension;
        Ok(self
            .connection()
            .query_row(
                "SELECT step, checksum FROM action_log WHERE seq = ?1",
                params![seq],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?)
    }

    /// The epoch the log is in: the last `epoch` row's number and the station that began it
    /// (`(0, None)` before any takeover).
    pub fn epoch(&self) -> Result<(i64, Option<String>), StoreError> {
        use rusqlite::OptionalExtension;
        let last: Option<(String, i64)> = self
            .connection()
            .query_row(
                "SELECT payload_json, step FROM action_log WHERE kind = 'epoch' ORDER BY seq DESC LIMIT 1",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        let Some((payload, step)) = last else {
            return Ok((0, None));
        };
        match crate::log::parse_entry("epoch", &payload, step) {
            Ok(crate::log::Entry::Epoch { epoch, by, .. }) => Ok((epoch, Some(by))),
            _ => Err(StoreError::Data(format!(
                "the epoch row of step {step} does not read"
            ))),
        }
    }

    /// Appends rows another copy of this log stored, in one durable transaction: every row
    /// must be the next one and continue this file's checksum chain, or nothing is stored.
    pub fn append_replicated(&mut self, rows: &[ReplicaRow]) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        self.writable()?;
        let path = self.path().to_path_buf();
        let mut head = self.log_head_raw();
        let checked = rows
            .iter()
            .map(|row| {
                let chain = head.chain.next(&Row {
                    seq: row.seq,
                    step: row.step,
                    recorded_at: &row.recorded_at,
                    kind: &row.kind,
                    payload_json: &row.payload_json,
                    reason: row.reason.as_deref(),
                });
                if row.seq != head.rows + 1 {
                    return Err(StoreError::damaged(&path, Damage::Gap { seq: row.seq }));
                }
                if chain.to_hex() != row.checksum {
                    return Err(StoreError::damaged(
                        &path,
                        Damage::Checksum { seq: row.seq },
                    ));
                }
                head = Head {
                    rows: row.seq,
                    step: row.step,
                    chain,
                };
                Ok(())
            })
            .collect::<Result<Vec<()>, StoreError>>();
        checked?;
        self.write_replicated(rows, head)
    }

    fn write_replicated(&mut self, rows: &[ReplicaRow], head: Head) -> Result<(), StoreError> {
        let path = self.path().to_path_buf();
        let writing = |e| StoreError::writing(&path, e);
        let tx = self
            .connection_mut()
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(writing)?;
        {
            let mut statement = tx
                .prepare_cached(
                    "INSERT INTO action_log (seq, recorded_at, kind, payload_json, reason, step, checksum)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )
                .map_err(writing)?;
            for row in rows {
                statement
                    .execute(params![
                        row.seq,
                        row.recorded_at,
                        row.kind,
                        row.payload_json,
                        row.reason,
                        row.step,
                        row.checksum
                    ])
                    .map_err(writing)?;
            }
        }
        tx.execute(
            "UPDATE event SET log_rows = ?1, log_checksum = ?2 WHERE singleton = 1",
            params![head.rows, head.chain.to_hex()],
        )
        .map_err(writing)?;
        crate::failpoint::hit("replica.before-commit");
        tx.commit().map_err(writing)?;
        self.adopt_head(head);
        Ok(())
    }
}
