//! Creating an event file: built in a temporary file beside its name, synced and renamed
//! into place, so a failed or killed creation never leaves a file at the target.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, params};
use tablekeeper_engine::{EventSettings, Ruleset};

use crate::access::{refusal, why_not_writable};
use crate::chain::{Chain, EventRecord};
use crate::checks::{APPLICATION_ID, migration_error};
use crate::error::StoreError;
use crate::failpoint;
use crate::file::EventFile;
use crate::lock::HolderLock;
use crate::log::{self, Entry, Head, Steps, StoredEvent};
use crate::migrations::migrations;
use crate::sidecar;

impl EventFile {
    /// Creates a new event file with no log entries; refuses to overwrite an existing file.
    pub fn create(
        path: &Path,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<Self, StoreError> {
        Ok(NewEventFile::begin(path, settings, ruleset, now)?
            .finish()?
            .0)
    }
}

/// A new event file being built in a temporary file beside its target; renamed into place
/// by [`NewEventFile::finish`]. Dropped unfinished, it removes the temporary file, so a
/// failed or killed creation never leaves a file at the target.
pub struct NewEventFile {
    conn: Option<Connection>,
    temporary: PathBuf,
    target: PathBuf,
    head: Head,
    lock: Option<HolderLock>,
}

impl NewEventFile {
    pub fn begin(
        path: &Path,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<NewEventFile, StoreError> {
        let exists = || path.exists() || sidecar::wal(path).exists();
        if exists() {
            return Err(StoreError::AlreadyExists {
                path: path.to_path_buf(),
            });
        }
        let lock = HolderLock::acquire(path)?;
        if exists() {
            return Err(StoreError::AlreadyExists {
                path: path.to_path_buf(),
            });
        }
        let temporary = sidecar::temporary(path, "creating");
        // A creation killed earlier left this; we hold the lock, so it is nobody's.
        sidecar::remove_database(&temporary);
        let mut new = NewEventFile {
            conn: None,
            temporary,
            target: path.to_path_buf(),
            head: Head {
                rows: 0,
                step: 0,
                chain: Chain::start(&EventRecord {
                    created_at: "",
                    settings_json: "",
                    ruleset_id: "",
                    ruleset_toml: "",
                }),
            },
            lock: Some(lock),
        };
        new.build(settings, ruleset, now)?;
        Ok(new)
    }

    fn build(
        &mut self,
        settings: &EventSettings,
        ruleset: &Ruleset,
        now: &str,
    ) -> Result<(), StoreError> {
        let target = self.target.clone();
        let writing = |e| StoreError::writing(&target, e);
        let mut conn = Connection::open_with_flags(
            &self.temporary,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(writing)?;
        // Nothing reads this file before it is complete and synced: no journal needed.
        conn.pragma_update(None, "journal_mode", "OFF")
            .map_err(writing)?;
        conn.pragma_update(None, "synchronous", "OFF")
            .map_err(writing)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(writing)?;
        migrations()
            .to_latest(&mut conn)
            .map_err(|e| migration_error(&target, e))?;
        let settings_json =
            serde_json::to_string(settings).map_err(|e| StoreError::Data(e.to_string()))?;
        let chain = Chain::start(&EventRecord {
            created_at: now,
            settings_json: &settings_json,
            ruleset_id: &ruleset.id,
            ruleset_toml: &ruleset.source_text,
        });
        conn.execute(
            "INSERT INTO event (singleton, created_at, app_version, settings_json, ruleset_id, ruleset_toml, log_rows, log_checksum)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, 0, ?6)",
            params![
                now,
                env!("CARGO_PKG_VERSION"),
                settings_json,
                ruleset.id,
                ruleset.source_text,
                chain.to_hex()
            ],
        )
        .map_err(writing)?;
        self.head = Head {
            rows: 0,
            step: 0,
            chain,
        };
        self.conn = Some(conn);
        Ok(())
    }

    /// Appends entries as one step (an imported archive keeps its steps, times and reasons).
    pub fn append(
        &mut self,
        entries: &[Entry],
        reason: Option<&str>,
        now: &str,
    ) -> Result<i64, StoreError> {
        let target = self.target.clone();
        let conn = self
            .conn
            .as_mut()
            .ok_or_else(|| StoreError::Data("the new event is already closed".into()))?;
        let tx = conn
            .transaction()
            .map_err(|e| StoreError::writing(&target, e))?;
        let (head, _, _) =
            log::insert(&tx, self.head, entries, reason, now, Steps::One).map_err(|error| {
                match error {
                    StoreError::Sqlite(e) => StoreError::writing(&target, e),
                    other => other,
                }
            })?;
        tx.commit().map_err(|e| StoreError::writing(&target, e))?;
        self.head = head;
        Ok(head.step)
    }

    /// Makes the new file durable and moves it to its name, then opens it.
    pub fn finish(mut self) -> Result<(EventFile, StoredEvent), StoreError> {
        let target = self.target.clone();
        if let Some(conn) = self.conn.take() {
            conn.pragma_update(None, "journal_mode", "WAL")
                .map_err(|e| StoreError::writing(&target, e))?;
            conn.close()
                .map_err(|(_, e)| StoreError::writing(&target, e))?;
        }
        failpoint::hit("create.built");
        sidecar::sync_file(&self.temporary)?;
        failpoint::hit("create.synced");
        if target.exists() {
            return Err(StoreError::AlreadyExists { path: target });
        }
        sidecar::rename_into_place(&self.temporary, &target)?;
        failpoint::hit("create.renamed");
        let lock = self
            .lock
            .take()
            .ok_or_else(|| StoreError::Data("the new event lost its lock".into()))?;
        EventFile::open_writable(&target, lock).map_err(|error| {
            // The file was made and synced a moment ago and is nobody's yet: what failed
            // is the disk (full, or taken away), not the file. It is taken away again, so no
            // half-usable event stays, and the disk is named as the cause.
            let reason = why_not_writable(&target, &error);
            sidecar::remove_database(&target);
            let _ = std::fs::remove_file(crate::lock::lock_path(&target));
            refusal(&target, &reason)
        })
    }
}

impl Drop for NewEventFile {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            drop(conn);
        }
        if self.temporary.exists() {
            sidecar::remove_database(&self.temporary);
        }
        // A creation that did not finish leaves no lock file beside a file that does not
        // exist (removed while still held, so nobody else holds it).
        if let Some(lock) = self.lock.take() {
            if !self.target.exists() {
                let _ = std::fs::remove_file(crate::lock::lock_path(&self.target));
            }
            drop(lock);
        }
    }
}
