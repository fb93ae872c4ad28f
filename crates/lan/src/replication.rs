//! A change is said saved once every station in step holds it (docs/lan.md, "The
//! replica"): a station's replica always has an ask waiting on the main laptop (held up to
//! [`ASK_HELD`] until a change comes), and a change's answer — to the desk, a station or a
//! phone — waits until every station in step has asked again holding it, at most
//! [`ACK_WAIT`]; a station that does not is waited for no longer until it catches up. So a
//! takeover never lacks a change anyone was told was saved.
//!
//! A station waited for in vain — it did not acknowledge in time, or went quiet while it
//! was in step (this laptop was frozen, its lid shut, cut off) — may have taken the event
//! over meanwhile. Before such a change is said saved, the known stations are asked where
//! the event is (`crate::fence::ask`): when one carries it on, the change is answered as
//! moved, not saved (docs/lan.md, "Saved means saved where the event goes on"). When one
//! does not answer at all — cut off from this laptop, which two laptops cannot tell from a
//! takeover — no change is said saved (`Settled::Unconfirmed`) until it is heard again or
//! the organizer lets it go: safety before availability. A station whose laptop refuses
//! the connection serves nothing there, so it has not taken the event over.
//!
//! The rows of each commit are told here the moment they are committed
//! (`tablekeeper_commands::session::replica::listen_for_commits`), so a waiting ask is answered with them at once, without the
//! desk — the stations store them while the main laptop still folds its log and finishes the
//! command, and their acknowledgements come back sooner.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::session::replica::{Committed, Held, ReplicaRow, WaitingAsk};

use crate::recent_rows::RecentRows;

use crate::locks::lock;

/// How long an up-to-date station's ask is held for a change.
pub const ASK_HELD: Duration = Duration::from_secs(1);
/// How long a change's answer waits for the stations in step at most.
pub const ACK_WAIT: Duration = Duration::from_secs(2);
/// How long the known stations are given to say where the event is, when one was waited
/// for in vain (as the fence asks them).
pub const CONFIRM_WITHIN: Duration = Duration::from_millis(700);

/// How a change's wait for the stations ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// Every station in step holds it, or each one waited for in vain answered and none
    /// carries the event on: it may be said saved.
    Saved,
    /// A station carries the event on at this address (it took over while this laptop
    /// could not answer): the change is not in the event there and is not said saved.
    Moved(String),
    /// These stations keeping the copy do not answer where the event is (cut off from this
    /// laptop, or switched off): one may have taken the event over, so the change, kept in
    /// the event file here, is not said saved until they answer or are let go.
    Unconfirmed(Vec<String>),
}

/// Changes committed and stations heard, for the waits on either.
#[derive(Default)]
pub struct Replication {
    counts: Mutex<Counts>,
    changed: Condvar,
    /// Stations in step at their last ask (the window runs a change on its own thread only
    /// when there is none to wait for).
    in_step: AtomicUsize,
    /// Their names, as the desk said at the last ask: a change every one of them
    /// acknowledged is said saved without the desk's lock.
    in_step_names: Mutex<Vec<String>>,
    /// The rows committed lately, per event file.
    recent: Mutex<RecentRows>,
    /// What each station's copy was last heard holding, when it is among the rows told
    /// here (its name, the event file, its rows): a change's wait ends on it without
    /// waiting for the desk.
    acks: Mutex<Vec<(String, PathBuf, i64)>>,
    /// Held while stations waited for in vain are marked and asked about.
    confirming: Mutex<()>,
    /// Whether a station may be left unanswered (set when one is found silent, cleared when
    /// the desk says none is): a change then goes the desk's way, never the quick one.
    maybe_unanswered: AtomicBool,
    /// When stations were last found silent (changes meanwhile are not said saved without
    /// asking them again).
    silent_asked: Mutex<Option<Instant>>,
}

/// How long a silent station's verdict stands before the next change asks it again.
const ASKED_AGAIN_AFTER: Duration = Duration::from_secs(1);

/// Stations whose acknowledgements are kept at most (as the desk keeps them).
const ACKS_KEPT: usize = 16;

/// How a waiting ask's wait ended.
pub enum Waited {
    /// Rows came: the answer.
    Rows(Vec<ReplicaRow>),
    /// A change the rows here do not tell (another path wrote it): ask the desk.
    Changed,
    /// Nothing changed.
    Nothing,
}

/// Counted under one lock, so a waiter that read them before looking at the desk misses no
/// change made after.
#[derive(Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    commits: u64,
    heard: u64,
}

impl Replication {
    /// A change was committed to `event`, which now holds `rows` rows: held asks are
    /// answered (those whose copy holds them all wait on).
    pub fn committed(&self, event: &Path, rows: i64) {
        lock(&self.recent).set_committed(event, rows);
        lock(&self.counts).commits += 1;
        self.changed.notify_all();
    }

    /// Rows were committed to an event file (told by the store): waiting asks get them.
    pub fn told(&self, committed: &Committed) {
        lock(&self.recent).keep(committed);
        // Taken after the rows are kept, so a waiter looking at them misses nothing.
        drop(lock(&self.counts));
        self.changed.notify_all();
    }

    /// A station's ask, heard before the desk: what its copy holds, when that is among the
    /// rows committed lately (checked by their checksums), ends the changes' waits on it.
    pub fn acknowledged(&self, station: &str, held: &[Held]) {
        let found = {
            let recent = lock(&self.recent);
            held.iter().find_map(|held| {
                recent
                    .file_holding(held.rows, &held.checksum)
                    .map(|path| (path.to_path_buf(), held.rows))
            })
        };
        let Some((path, rows)) = found else {
            return;
        };
        {
            let mut acks = lock(&self.acks);
            acks.retain(|(name, _, _)| name != station);
            if acks.len() >= ACKS_KEPT {
                acks.remove(0);
            }
            acks.push((station.to_string(), path, rows));
        }
        drop(lock(&self.counts));
        self.changed.notify_all();
    }

    /// Whether every one of `stations` was heard holding `event`'s first `rows` rows.
    fn all_acknowledged(&self, stations: &[String], event: &Path, rows: i64) -> bool {
        let acks = lock(&self.acks);
        stations.iter().all(|station| {
            acks.iter()
                .any(|(name, path, held)| name == station && path == event && *held >= rows)
        })
    }

    /// A station asked (and so said what it holds): waiting changes look again. `in_step`
    /// are the stations in step now.
    /// `unanswered`: whether the desk still counts a station unanswered.
    pub fn heard(&self, in_step: Vec<String>, unanswered: bool) {
        self.maybe_unanswered.store(unanswered, Ordering::SeqCst);
        self.in_step.store(in_step.len(), Ordering::SeqCst);
        *lock(&self.in_step_names) = in_step;
        lock(&self.counts).heard += 1;
        self.changed.notify_all();
    }

    /// Whether any station is in step, or may be left unanswered (a change then waits for
    /// it, or is asked about: never said saved on the window's own thread).
    pub fn followed(&self) -> bool {
        self.in_step.load(Ordering::SeqCst) > 0 || self.maybe_unanswered.load(Ordering::SeqCst)
    }

    fn counts(&self) -> Counts {
        *lock(&self.counts)
    }

    /// Waits until `changed(counts)` says so, or `limit`.
    fn wait_until(&self, limit: Duration, mut changed: impl FnMut(&Counts) -> bool) {
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

    /// Holds an up-to-date station's ask on `event` until rows come (told by the store), a
    /// change after `seen` is committed, or [`ASK_HELD`].
    pub fn hold(&self, seen: u64, event: &Path, waiting: &WaitingAsk) -> Waited {
        let mut rows = None;
        let mut changed = false;
        self.wait_until(ASK_HELD, |counts| {
            let recent = lock(&self.recent);
            rows = recent.after(event, waiting.rows, &waiting.checksum);
            // A commit whose rows this copy already got (told first) is no change for it.
            changed = counts.commits != seen
                && !recent.holds_newest(event, waiting.rows, &waiting.checksum);
            rows.is_some() || changed
        });
        match rows {
            Some(rows) => Waited::Rows(rows),
            None if changed => Waited::Changed,
            None => Waited::Nothing,
        }
    }

    /// Waits until every station in step holds `event`'s first `rows` rows, at most
    /// [`ACK_WAIT`]; those that do not are waited for no longer. When one was waited for in
    /// vain (or went quiet while in step), the known stations are asked whether one carries
    /// the event on before the change is said saved.
    pub fn settle(&self, desk: &Mutex<Desk>, event: &Path, rows: i64) -> Settled {
        let deadline = Instant::now() + ACK_WAIT;
        let in_step = lock(&self.in_step_names).clone();
        // A station left unanswered is asked about first, whoever else holds the change
        // (read after the names: a settle marking one sets this before it changes them).
        let maybe_unanswered = self.maybe_unanswered.load(Ordering::SeqCst);
        if !maybe_unanswered && !in_step.is_empty() && self.all_acknowledged(&in_step, event, rows)
        {
            return Settled::Saved;
        }
        let mut timed_out = Vec::new();
        loop {
            let before = self.counts();
            let behind = lock(desk)
                .serving(event)
                .map(|desk| desk.replicas_behind(rows))
                .unwrap_or_default();
            if behind.is_empty() {
                break;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                timed_out = behind;
                break;
            }
            let mut acknowledged = false;
            self.wait_until(left, |counts| {
                acknowledged = self.all_acknowledged(&behind, event, rows);
                acknowledged || *counts != before
            });
            if acknowledged {
                break;
            }
        }
        // Stations waited for in vain are marked, and asked about, one change at a time: a
        // change made meanwhile waits for that answer instead of being said saved before it.
        let _confirming = lock(&self.confirming);
        let marked = lock(desk).serving(event).map(|mut desk| {
            // In step, but not heard from for longer than a station in step is ever quiet.
            let mut in_vain = desk.replicas_gone_quiet();
            in_vain.extend(timed_out);
            // Unanswered from now until they answer: no change is said saved meanwhile.
            let addresses = desk.replicas_waited_in_vain(&in_vain);
            let unanswered = desk.replicas_unanswered();
            (in_vain, addresses, unanswered, desk.replicas_in_step())
        });
        let Some((in_vain, mut addresses, unanswered, in_step)) = marked else {
            return Settled::Saved;
        };
        if in_vain.is_empty() && unanswered.is_empty() {
            self.maybe_unanswered.store(false, Ordering::SeqCst);
        } else {
            // Set before the names change: the quick path reads the names first.
            self.maybe_unanswered.store(true, Ordering::SeqCst);
            self.in_step.store(in_step.len(), Ordering::SeqCst);
            *lock(&self.in_step_names) = in_step;
            // Stations already found silent a moment ago are not asked again for every
            // change (each ask costs [`CONFIRM_WITHIN`] while they stay silent).
            let asked_lately =
                lock(&self.silent_asked).is_some_and(|at| at.elapsed() < ASKED_AGAIN_AFTER);
            let silent = if in_vain.is_empty() && asked_lately {
                None
            } else {
                addresses.extend(unanswered.into_iter().filter_map(|(_, address)| address));
                let asked = crate::fence::ask(desk, CONFIRM_WITHIN, &addresses);
                if let Some(to) = asked.moved_to {
                    return Settled::Moved(to);
                }
                Some(asked.answered)
            };
            let still = lock(desk)
                .serving(event)
                .map(|mut desk| match &silent {
                    Some(answered) => desk.replicas_asked(answered),
                    None => desk.replicas_asked(&[]),
                })
                .unwrap_or_default();
            if still.is_empty() {
                self.maybe_unanswered.store(false, Ordering::SeqCst);
            } else {
                *lock(&self.silent_asked) = Some(Instant::now());
                // A takeover the fence learned of meanwhile says more than silence.
                return match self.moved_to(desk, event) {
                    Some(to) => Settled::Moved(to),
                    None => Settled::Unconfirmed(still),
                };
            }
        }
        // The fence (its own round, or another change's check) may have learned of a
        // takeover after this change was committed: not saved where the event goes on.
        match self.moved_to(desk, event) {
            Some(to) => Settled::Moved(to),
            None => Settled::Saved,
        }
    }

    /// Where `event` went, when this laptop knows it was taken over.
    fn moved_to(&self, desk: &Mutex<Desk>, event: &Path) -> Option<String> {
        lock(desk)
            .serving(event)
            .and_then(|mut desk| desk.whereabouts(()).ok())
            .and_then(|whereabouts| whereabouts.moved_to)
    }
}
