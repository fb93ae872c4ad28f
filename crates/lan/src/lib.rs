//! Shares the open event with the shop's own network (issue 15): players' phones read the
//! room (find my table, the round, the clock, published standings, the bracket) and report
//! results with their table's code; a second scorekeeper station joins with a join code and
//! enters results. The main laptop stays the only writer of the event file.
//!
//! The HTTP API is the command surface itself (`POST /api/call/<command>`): the surface's
//! access column decides who may call what — `public` commands anyone on the network,
//! `read`/`write` commands a joined station, `local` commands nobody over the network.
//! Everything served is built into the binary; nothing comes from or goes to the internet.
//!
//! - `server.rs` — the listener, its worker threads, stopping.
//! - `routes.rs` — one request: path, guards, dispatch, the JSON envelope.
//! - `guard.rs` — who is asking: origin, body size, station tokens, the attempt limiter.
//! - `replay.rs` — a station's request sent twice is answered from memory, not run twice.
//! - `pages.rs` — the players' page (HTML, script, style) embedded at build time.
//! - `address.rs` — the addresses a phone can reach, and the QR code of one.
//! - `station.rs` — the second station's side: join, then send commands to the main laptop.

mod address;
mod guard;
mod pages;
mod replay;
mod routes;
mod server;
mod station;

pub use address::{lan_addresses, qr_svg, qr_text};
pub use server::{ServeOptions, Server, ShareView};
pub use station::Station;

/// What can stop sharing from starting.
#[derive(Debug, thiserror::Error)]
pub enum LanError {
    #[error("could not listen on port {port}: {detail}")]
    Listen { port: u16, detail: String },
    #[error("no event is open to share")]
    NoEvent,
}
