//! The desk's revision: a number that grows with every change any host makes (the window,
//! the CLI, a phone or a station through the LAN server), so a host can wait for the next
//! one instead of asking again and again. The desktop shell waits on it off the window's
//! thread and tells the window (`desk-changed`), which then reads what it shows once; an
//! idle screen asks nothing.
//!
//! A change is counted by [`crate::desk::surface::dispatch`] for every command the surface says
//! changes something (its `effect` is not `Nothing`), and by the few desk methods hosts call
//! directly (a takeover seen by the fence).

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A shared handle on the desk's revision; clones see the same number.
#[derive(Debug, Clone, Default)]
pub struct Changes {
    inner: Arc<(Mutex<u64>, Condvar)>,
}

impl Changes {
    /// The revision now.
    pub fn revision(&self) -> u64 {
        *self.inner.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts one change and wakes every waiter.
    pub fn bump(&self) {
        let (count, woken) = &*self.inner;
        let mut count = count.lock().unwrap_or_else(|p| p.into_inner());
        *count += 1;
        woken.notify_all();
    }

    /// Waits until the revision is past `seen`, at most `limit`; the revision then (equal to
    /// `seen` when nothing changed in time).
    pub fn wait_past(&self, seen: u64, limit: Duration) -> u64 {
        let (count, woken) = &*self.inner;
        let deadline = Instant::now() + limit;
        let mut count = count.lock().unwrap_or_else(|p| p.into_inner());
        while *count <= seen {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            count = woken
                .wait_timeout(count, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
        *count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiter_wakes_at_a_change_and_not_before() {
        let changes = Changes::default();
        let seen = changes.revision();
        assert_eq!(changes.wait_past(seen, Duration::from_millis(20)), seen);
        let other = changes.clone();
        let waiter = std::thread::spawn(move || other.wait_past(seen, Duration::from_secs(10)));
        std::thread::sleep(Duration::from_millis(20));
        changes.bump();
        assert_eq!(waiter.join().ok(), Some(seen + 1));
    }

    #[test]
    fn a_change_before_the_wait_is_not_missed() {
        let changes = Changes::default();
        let seen = changes.revision();
        changes.bump();
        changes.bump();
        assert_eq!(changes.wait_past(seen, Duration::ZERO), seen + 2);
    }
}
