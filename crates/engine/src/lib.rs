//! Tablekeeper's pure tournament engine.
//!
//! Its layers, each a folder: the data (`model`, `ruleset`), the event's `state`, the
//! `transitions` that change it (one per action), and the `rules` read from a state
//! (`rules`, `standings`, `pairing`, `top_cut`). Model, rulesets as validated data, scoring,
//! standings and pairing. No I/O: no files, no
//! SQLite, no clock, no global randomness (every random choice takes a recorded seed).
//! CI fails if this crate ever depends on rusqlite, tauri or printpdf.

pub mod error;
pub mod exact;
pub mod meta;
pub mod model;
pub mod pairing;
pub mod prizes;
pub mod ratings;
pub mod rules;
pub mod ruleset;
pub mod season;
pub mod standings;
pub mod state;
pub mod top_cut;
pub mod transitions;
pub mod verify;

pub use error::EngineError;
pub use exact::Exact;
pub use ruleset::Ruleset;
pub use state::{Event, EventSettings};
pub use transitions::{Action, PlayerDetails};
