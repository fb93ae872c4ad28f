//! Locking the server's shared state (a leaf module: every other one may use it).

use std::sync::{Mutex, MutexGuard};

/// Locks `mutex`, recovering from a panic in an earlier holder (every piece of state here
/// stays valid between statements).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
