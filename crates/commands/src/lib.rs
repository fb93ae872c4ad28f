//! Tablekeeper's host-agnostic command layer.
//!
//! The CLI and the desktop shell both call these functions; neither holds tournament
//! logic of its own. Commands return serializable views (`views`) or a [`CommandError`]
//! with a stable kind. Nothing here prints or knows about a window.

pub mod catalogue;
pub mod demo;
pub mod desk;
pub mod error;
pub mod event;
pub mod formats;

pub mod names;
pub mod notice;
pub mod qr;
pub mod result_input;
pub mod room;
pub mod seed;
pub mod shop;
pub mod slip_code;
pub mod verify;
pub mod vocabulary;

pub use error::{CommandError, ErrorView};
// The event wing's rooms, by their short names.
pub use event::{session, views};
pub use session::{CreateOptions, CutOptions, FinalsChoice, HistoryItem, RulesetSource, Session};
