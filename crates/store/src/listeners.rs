//! Rows an event file has just committed, told to whoever listens in this process: a main
//! laptop's server hands them to its stations' waiting asks at once — while the file still
//! folds its log and the command finishes — instead of reading them back afterwards
//! (docs/lan.md, "The replica"). Told only after the commit, so a listener never sees a
//! row the file may still lose. A listener must be quick and must not touch the file.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::replica_row::ReplicaRow;

/// Rows committed together to one file.
pub struct Committed<'a> {
    pub path: &'a Path,
    /// The log's checksum before the first of `rows` (the row they continue).
    pub before: &'a str,
    pub rows: &'a [ReplicaRow],
}

type Listener = dyn Fn(&Committed) + Send + Sync;

static LISTENERS: Mutex<Vec<(u64, Arc<Listener>)>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Listening until dropped.
#[must_use = "listening stops when this is dropped"]
pub struct Listening(u64);

impl Drop for Listening {
    fn drop(&mut self) {
        let mut listeners = LISTENERS.lock().unwrap_or_else(PoisonError::into_inner);
        listeners.retain(|(id, _)| *id != self.0);
    }
}

/// Calls `listener` with the rows of every commit to any event file of this process.
pub fn listen(listener: impl Fn(&Committed) + Send + Sync + 'static) -> Listening {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    LISTENERS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push((id, Arc::new(listener)));
    Listening(id)
}

/// Tells the listeners of a commit; the rows are put together only when someone listens.
pub(crate) fn tell(path: &Path, before: &str, rows: impl FnOnce() -> Vec<ReplicaRow>) {
    let listeners: Vec<Arc<Listener>> = LISTENERS
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .map(|(_, listener)| Arc::clone(listener))
        .collect();
    if listeners.is_empty() {
        return;
    }
    let rows = rows();
    let committed = Committed {
        path,
        before,
        rows: &rows,
    };
    for listener in listeners {
        listener(&committed);
    }
}
