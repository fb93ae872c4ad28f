//! The shop wing's views: what the shop's screens show (the library, the exchange, ratings,
//! the meta), built from what the shop's changes and the store give, with no I/O.

pub mod exchange;
pub mod library;
pub mod meta;
pub mod ratings;
