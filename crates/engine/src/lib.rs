//! Tablekeeper's pure tournament engine.
//!
//! Model, rulesets as validated data, scoring, standings and pairing. No I/O: no files, no
//! SQLite, no clock, no global randomness (every random choice takes a recorded seed).
//! CI fails if this crate ever depends on rusqlite, tauri or printpdf.

pub mod elimination;
pub mod error;
pub mod event;
pub mod exact;
pub mod model;
pub mod pairing;
pub mod rules;
pub mod ruleset;
pub mod scoring;
pub mod standings;
pub mod structure;
pub mod top_cut;
pub mod verify;

pub use error::EngineError;
pub use event::{Action, Event, EventSettings, PlayerDetails};
pub use exact::Exact;
pub use ruleset::Ruleset;
