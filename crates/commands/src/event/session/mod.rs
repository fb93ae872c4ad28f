//! An open event: the event file plus the replayed state, and every command on it.
//!
//! Each command builds the actions it needs, applies them to a copy of the event (so an
//! invalid command changes nothing), appends them to the file in one durable transaction,
//! and only then replaces the in-memory state and reports success.
//!
//! One file per job: `open.rs` (the open event itself, opening and creating it, its one
//! write path), `options.rs` (creating an event, its ruleset), `snapshot.rs` (the stored
//! state opening starts from), `storage.rs` (snapshots due, backups, notices, copies),
//! `history.rs` (undo, redo, back to a round), `players.rs`, `penalties.rs`, `pairing.rs`,
//! `results.rs` (one plan for every result), `views.rs`, `top_cut.rs`, `suggestions.rs`,
//! `door.rs` (entries, check-in, drop requests and judge calls), `projection.rs` (the cut line),
//! `prizes.rs` (prize rules and the raffle), `deck_checks.rs`, `tables.rs` (the table range).

pub mod backups;
mod deck_checks;
mod door;
mod explain;
mod history;
pub mod identity;
mod imported;
mod log;
pub mod mirror;
mod open;
mod options;
mod pairing;
mod penalties;
mod players;
mod printing;
mod prizes;
mod projection;
pub mod replay;
pub mod replica;
mod replica_answer;
mod results;
mod snapshot;
mod storage;
mod suggestions;
mod tables;
mod takeover;
pub mod timeline;
mod top_cut;
mod views;

pub(crate) use door::now_seconds;
pub use history::HistoryItem;
pub(crate) use open::no_round_yet;
pub use open::{Session, event_identity};
pub use options::{CreateOptions, CutOptions, FinalsChoice, RulesetSource, resolve_ruleset};
pub use storage::{SavedCopyView, write_received_event};
