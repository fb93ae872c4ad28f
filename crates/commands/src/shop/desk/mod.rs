//! The shop wing's desk: one file per section of the surface that works on the shop rather
//! than one event (the app and its preferences, the player library, the exchange between
//! shops, ratings and the meta), each parsing its request and calling the shop's named
//! changes (`shop/`) and pure views (`shop/views/`).

pub mod app;
pub mod exchange;
pub mod library;
pub mod library_events;
pub mod meta;
pub mod ratings;
pub mod tool_people;
