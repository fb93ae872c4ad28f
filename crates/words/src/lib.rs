//! Words for people, as data, for every layer: the [`Message`] each error, warning and
//! history line is; the stable [`ErrorKind`] hosts act on; the closed word lists
//! ([`choice_enum!`]); the [`Language`]s; and one catalogue per language
//! (`locales/en.json`, `locales/ja.json`) with a section per host — `messages` (this
//! crate's [`render`]), `ui` (the app), `print` (the printouts) and `room` (the players'
//! page). Nothing here depends on another Tablekeeper crate, so every layer may use it.

#[cfg(feature = "catalogue")]
pub mod catalogue;
pub mod error_kind;
pub mod language;
pub mod message;
#[cfg(feature = "catalogue")]
pub mod render;
pub mod vocabulary;

pub use error_kind::ErrorKind;
pub use language::Language;
pub use message::{Message, Param};
#[cfg(feature = "catalogue")]
pub use render::render;
