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

// One file per section of the surface (its requests and answers, and its commands), in the
// wing it belongs to: an event's under `event/desk/`, the shop's under `shop/desk/`.
pub use crate::event::desk::attention;
pub use crate::event::desk::deck_checks;
pub use crate::event::desk::door;
pub use crate::shop::desk::app;
pub mod events;
pub use crate::event::desk::files;
pub use crate::event::desk::history;
pub use crate::event::desk::judge_calls;
pub use crate::event::desk::mirror;
pub use crate::event::desk::penalties;
pub use crate::event::desk::players;
pub use crate::event::desk::prizes;
pub use crate::event::desk::replicas;
pub use crate::event::desk::reports;
pub use crate::event::desk::results;
pub use crate::event::desk::room;
pub use crate::event::desk::round_sheets;
pub use crate::event::desk::rounds;
pub use crate::event::desk::silent_stations;
pub use crate::event::desk::standings;
pub use crate::event::desk::takeover;
pub use crate::event::desk::tickets;
pub use crate::event::desk::tom_roster;
pub use crate::event::desk::top_cut;
pub use crate::shop::desk::exchange;
pub use crate::shop::desk::library;
pub use crate::shop::desk::library_events;
pub use crate::shop::desk::meta;
pub use crate::shop::desk::ratings;
pub use crate::shop::desk::tool_people;

pub mod app_files;
pub(crate) mod base;
pub mod changes;
pub(crate) mod columns;
pub(crate) mod event_list;
pub(crate) mod open_events;
pub(crate) mod phone_codes;
pub mod printer;
pub mod spooler;
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
pub use tom_roster::*;
pub use top_cut::*;
