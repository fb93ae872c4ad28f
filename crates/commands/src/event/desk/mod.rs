//! The event wing's desk: one file per section of the surface that works on an open event
//! (its requests, its answers and its commands as methods of [`crate::desk::Desk`]), each
//! parsing its request and calling the event's named changes (`event/session/`) and pure
//! views (`event/views/`).

pub mod attention;
pub mod deck_checks;
pub mod door;
pub mod files;
pub mod history;
pub mod judge_calls;
pub mod mirror;
pub mod penalties;
pub mod players;
pub mod prizes;
pub mod replicas;
pub mod reports;
pub mod results;
pub mod room;
pub mod round_sheets;
pub mod rounds;
pub mod silent_stations;
pub mod standings;
pub mod takeover;
pub mod tickets;
pub mod tom_roster;
pub mod top_cut;
