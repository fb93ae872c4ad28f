//! The command surface every host calls: the desktop app (through Tauri), the CLI and the
//! LAN server. A [`Desk`] holds the active event and the events open beside it (`events.rs`:
//! every command works on the active one); each command is a method taking a
//! typed request and returning a typed view, declared once in [`surface`] (name, request,
//! response, who may call it), which also gives the hosts a dispatcher by name and the
//! TypeScript declaration of every command.
//!
//! Host-side decisions live here, not in the hosts: whether a result is entered or
//! corrected, whether `pair` means the next Swiss round or the next bracket round, how a
//! new event's options are built, and the time printed on a printout.

// One file per section of the surface: its requests and answers, and its commands.
pub mod app;
pub mod attention;
pub mod deck_checks;
pub mod door;
pub mod events;
pub mod exchange;
pub mod files;
pub mod history;
pub mod judge_calls;
pub mod library;
pub mod library_events;
pub mod meta;
pub mod mirror;
pub mod penalties;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod replicas;
pub mod reports;
pub mod results;
pub mod room;
pub mod rounds;
pub mod standings;
pub mod takeover;
pub mod tickets;
pub mod top_cut;

pub mod app_files;
mod base;
pub mod changes;
mod columns;
mod event_list;
mod open_events;
mod phone_codes;
pub mod printer;
pub mod surface;

pub use crate::views::RoundProgress;
pub use crate::views::tickets::PlayerTicketView;
pub use crate::vocabulary::Finals;
pub use app::*;
pub use base::*;
pub use deck_checks::*;
pub use events::*;
pub use files::*;
pub use history::*;
pub use mirror::*;
pub use open_events::{OpenEventView, Serving};
pub use penalties::*;
pub use players::*;
pub use printer::*;
pub use prizes::*;
pub use results::*;
pub use rounds::*;
pub use standings::*;
pub use tickets::*;
pub use top_cut::*;
