//! The shop's wing: what belongs to the shop rather than to one event — its player library,
//! the exchange of events and library changes with other shops, and what is read over many
//! events' files: a season (or a league over shops), ratings, the meta (ARCHITECTURE.md,
//! `shop/`).
//!
//! The library is written only here: the desk holds a [`ShopLibrary`], which reads as the
//! store's library and changes it only through the named changes of `library.rs` and
//! `exchange.rs` (`tests/module_graph.rs` keeps it so).

pub mod exchange;
pub mod library;
pub mod meta;
pub mod ratings;
pub mod season;

pub use library::ShopLibrary;
