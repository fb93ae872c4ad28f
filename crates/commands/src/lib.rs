//! Tablekeeper's host-agnostic command layer.
//!
//! The CLI and the desktop shell both call these functions; neither holds tournament
//! logic of its own. Commands return serializable views (`views`) or a [`CommandError`]
//! with a stable kind. Nothing here prints or knows about a window.

pub mod archive;
pub mod bundle;
pub mod catalogue;
pub mod csv_export;
pub mod csv_import;
pub mod deck;
pub mod demo;
pub mod desk;
pub mod error;

pub mod export;
pub mod history;
pub mod identity;
mod log;
pub mod meta;
pub mod names;
pub mod notice;
pub mod paper;
pub mod qr;
pub mod ratings;
pub mod replay;
pub mod report;
pub mod result_input;
pub mod room;
pub mod season;
pub mod seed;
pub mod session;
pub mod shop;
pub mod slip_code;
pub mod tcgplus;
pub mod verify;
pub mod views;
pub mod vocabulary;

pub use error::{CommandError, ErrorView};
pub use session::{CreateOptions, CutOptions, FinalsChoice, HistoryItem, RulesetSource, Session};
