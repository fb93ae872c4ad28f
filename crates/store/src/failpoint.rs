//! Named points in every write path where the fault-injection tests stop the process.
//!
//! `TABLEKEEPER_FAILPOINT=<name>` (or `<name>@<n>` for the n-th time it is reached) makes
//! the process exit at once, without running destructors or closing SQLite, which is what
//! a kill or a power cut does to the files. The variable is read once; without it a
//! failpoint costs one load of a cached value. Names are listed in [`NAMES`] so the tests
//! can walk every one of them.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// Every failpoint, in the order a write path reaches them.
pub const NAMES: &[&str] = &[
    "append.before-commit",
    "append.after-commit",
    "create.built",
    "create.synced",
    "create.renamed",
    "restore.validated",
    "restore.kept",
    "restore.copied",
    "restore.renamed",
    "copy.written",
    "copy.synced",
    "copy.renamed",
    "replica.before-commit",
    "exchange.before-commit",
];

/// Exit code of a process stopped at a failpoint (128 + SIGKILL, as a killed process).
pub const EXIT_CODE: i32 = 137;

struct Armed {
    name: String,
    nth: u32,
    seen: AtomicU32,
}

fn armed() -> Option<&'static Armed> {
    static ARMED: OnceLock<Option<Armed>> = OnceLock::new();
    ARMED
        .get_or_init(|| {
            let value = std::env::var("TABLEKEEPER_FAILPOINT").ok()?;
            let (name, nth) = match value.split_once('@') {
                Some((name, nth)) => (name.to_string(), nth.parse().ok()?),
                None => (value, 1),
            };
            Some(Armed {
                name,
                nth,
                seen: AtomicU32::new(0),
            })
        })
        .as_ref()
}

/// Stops the process here when the tests armed this failpoint.
pub fn hit(name: &str) {
    debug_assert!(NAMES.contains(&name), "failpoint {name} is not listed");
    if let Some(armed) = armed()
        && armed.name == name
        && armed.seen.fetch_add(1, Ordering::SeqCst) + 1 == armed.nth
    {
        std::process::exit(EXIT_CODE);
    }
}
