//! The transitions: every change a scorekeeper makes is an [`Action`], and
//! [`Event::apply`](crate::state::Event::apply) validates it and applies it, or refuses it
//! and leaves the event untouched. One file per group of actions; each is an `impl Event`
//! over the state in [`crate::state`], using the rules (scoring, standings, structure) that
//! read that state. Replaying the stored actions in order rebuilds the event exactly, which
//! is how the event file works.

mod action;
mod apply;
mod deck_checks;
mod door;
mod names;
pub mod pairing;
mod penalties;
mod printing;
mod prizes;
mod registration;
mod results;
mod top_cut;

pub use action::{Action, PlayerDetails};

/// The highest first table number an event's range may start at.
pub const MAX_FIRST_TABLE: u32 = 100_000;
