//! A change is said saved once every station in step holds it (docs/lan.md, "The
//! replica"): a station's replica always has an ask waiting on the main laptop (held up to
//! [`ASK_HELD`] until a change comes), and a change's answer — to the desk, a station or a
//! phone — waits until every station in step has asked again holding it, at most
//! [`ACK_WAIT`]; a station that does not is waited for no longer until it catches up. So a
//! takeover never lacks a change anyone was told was saved.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use tablekeeper_commands::desk::Desk;

use crate::locks::lock;

/// How long an up-to-date station's ask is held for a change.
pub const ASK_HELD: Duration = Duration::from_secs(1);
/// How long a change's answer waits for the stations in step at most.
pub const ACK_WAIT: Duration = Duration::from_secs(2);

/// Changes committed and stations heard, for the waits on either.
#[derive(Default)]
pub struct Replication {
    counts: Mutex<Counts>,
    changed: Condvar,
    /// Stations in step at their last ask (the window runs a change on its own thread only
    /// when there is none to wait for).
    in_step: AtomicUsize,
}

/// Counted under one lock, so a waiter that read them before looking at the desk misses no
/// change made after.
#[derive(Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    commits: u64,
    heard: u64,
}

impl Replication {
    /// A change was committed: held asks are answered.
    pub fn committed(&self) {
        lock(&self.counts).commits += 1;
        self.changed.notify_all();
    }

    /// A station asked (and so said what it holds): waiting changes look again.
    pub fn heard(&self, in_step: usize) {
        self.in_step.store(in_step, Ordering::Relaxed);
        lock(&self.counts).heard += 1;
        self.changed.notify_all();
    }

    /// Whether any station is in step (a change then waits for it).
    pub fn followed(&self) -> bool {
        self.in_step.load(Ordering::Relaxed) > 0
    }

    fn counts(&self) -> Counts {
        *lock(&self.counts)
    }

    /// Waits until `changed(counts)` says so, or `limit`.
    fn wait_until(&self, limit: Duration, changed: impl Fn(&Counts) -> bool) {
        let deadline = Instant::now() + limit;
        let mut counts = lock(&self.counts);
        while !changed(&counts) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            counts = match self.changed.wait_timeout(counts, left) {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }

    /// Changes committed so far (read before looking at the desk, then [`Self::hold`]).
    pub fn commits(&self) -> u64 {
        self.counts().commits
    }

    /// Holds an up-to-date station's ask until a change after `seen` is committed, or
    /// [`ASK_HELD`].
    pub fn hold(&self, seen: u64) {
        self.wait_until(ASK_HELD, |counts| counts.commits != seen);
    }

    /// Waits until every station in step holds `event`'s first `rows` rows, at most
    /// [`ACK_WAIT`]; those that do not are waited for no longer.
    pub fn settle(&self, desk: &Mutex<Desk>, event: &Path, rows: i64) {
        let deadline = Instant::now() + ACK_WAIT;
        loop {
            let before = self.counts();
            let behind = lock(desk)
                .with_event(event, |desk| desk.replicas_behind(rows))
                .unwrap_or_default();
            if behind.is_empty() {
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let in_step = lock(desk).with_event(event, |desk| {
                    desk.replicas_out_of_step(&behind);
                    desk.replicas_in_step()
                });
                self.in_step.store(in_step.unwrap_or(0), Ordering::Relaxed);
                return;
            }
            self.wait_until(left, |counts| *counts != before);
        }
    }
}
