//! The stored state opening starts from: a snapshot of the replayed event kept in the file,
//! used only when it belongs to exactly the rows before it, and how often one is stored.

use tablekeeper_engine::Event;
use tablekeeper_engine::state::snapshot::EventState;
use tablekeeper_store::{Entry, LoggedAction, StoredEvent, StoredRow};

use crate::session::timeline::Timeline;

/// A snapshot of the state is stored once this many log rows, or this many bytes of log,
/// were written since the last one: opening then replays at most about that much.
pub(super) const SNAPSHOT_ROWS: usize = 400;

pub(super) const SNAPSHOT_BYTES: usize = 512 * 1024;

/// The event rebuilt from the stored snapshot and the log rows after it, with the rows
/// and bytes written since the snapshot; `None` when there is no snapshot, it is from
/// another app version, or an undo or redo after it reaches back before it (then the whole
/// log is replayed, which also reports any damage).
pub(super) fn from_snapshot(stored: &StoredEvent) -> Option<(Event, (usize, usize))> {
    let snapshot = stored.snapshot.as_ref()?;
    let (before, tail) = stored
        .rows
        .split_at_checked(usize::try_from(snapshot.rows).ok()?)?;
    let boundary = before.last().map_or(0, |r| r.step);
    let tail_entries: Vec<LoggedAction> = tail
        .iter()
        .map(StoredRow::logged)
        .collect::<Result<_, _>>()
        .ok()?;
    let reaches_back = tail_entries.iter().any(
        |e| matches!(e.entry, Entry::Undo { step } | Entry::Redo { step } if step <= boundary),
    );
    if reaches_back {
        return None;
    }
    let state: EventState = serde_json::from_str(&snapshot.state).ok()?;
    if state.version != env!("CARGO_PKG_VERSION") {
        return None;
    }
    let mut event = state.into_event(stored.ruleset.clone());
    for step in &Timeline::new(&tail_entries).applied {
        for action in step.actions() {
            event.apply(action).ok()?;
        }
    }
    // The snapshot is the replay of the rows before it; debug builds (the tests) check it
    // against a full replay every time, of the same rows (another process may have
    // appended more since they were read).
    #[cfg(debug_assertions)]
    if let Ok((_, mut full)) = tablekeeper_store::EventFile::open_read_only(&stored.path) {
        full.rows.truncate(stored.rows.len());
        debug_assert_eq!(
            Some(&event),
            crate::session::replay::replay_stored(&full, &stored.path)
                .ok()
                .as_ref(),
            "snapshot plus tail differs from the full replay"
        );
    }
    let bytes = tail
        .iter()
        .map(|r| r.payload.as_ref().map_or(0, String::len))
        .sum();
    Some((event, (tail.len(), bytes)))
}
