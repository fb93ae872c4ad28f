//! Shares the open event with the shop's own network: players' phones read the
//! room (find my table, the round, the clock, published standings, the bracket) and report
//! results with their table's code; a second scorekeeper station joins with a join code and
//! enters results. The main laptop stays the only writer of the event file.
//!
//! The HTTP API is the command surface itself (`POST /api/call/<command>`): the surface's
//! access column decides who may call what — `public` commands anyone on the network,
//! `read`/`write` commands a joined station, `local` commands nobody over the network.
//! Everything served is built into the binary; nothing comes from or goes to the internet.
//!
//! The network is hostile ground: every limit is in `limits.rs` and enforced before what it
//! bounds is allocated; a failure of the server ends sharing, never the process.
//!
//! - `server.rs` — the server's life: its thread and runtime, stopping, failing safely.
//! - `listen.rs` — connections: caps, plain or encrypted, HTTP limits, bodies, desk workers.
//! - `limits.rs` — every size, count and time limit.
//! - `routes.rs` — one whole request: path, guards, dispatch.
//! - `answer.rs` — the JSON envelope, statuses, the headers every answer carries.
//! - `shared.rs` — what every request sees: the desk, the join secret, station tokens.
//! - `guard.rs` — who is asking: origin, host, secrets in constant time, the attempt limiter.
//! - `replay.rs` — a station's request sent twice is answered from memory, not run twice.
//! - `tls.rs` — the station link's certificate (made once per installation) and pinning.
//! - `join_code.rs` — the join code: the join secret and the certificate's fingerprint.
//! - `pages.rs` — the players' page (HTML, script, style) embedded at build time.
//! - `address.rs` — the addresses a phone can reach, and the QR code of one.
//! - `station.rs` — the second station's side: join, then send commands to the main laptop.
//! - `follow.rs` — the station's replica: asks for what its copy of the event lacks.
//! - `testing.rs` — the server without a socket, for the fuzz test.

mod address;
mod answer;
mod fence;
mod follow;
mod gate;
mod guard;
mod join_code;
mod limits;
mod listen;
mod locks;
mod pages;
mod recent_rows;
mod replay;
mod replication;
mod routes;
mod server;
mod shared;
mod station;
mod tls;

pub use address::{lan_addresses, qr_svg, qr_text};
pub use fence::{Fence, check as check_fence, whereabouts_at};
pub use follow::{FollowHandle, FollowState, Follower, SETTLE, carry_on, station_name, take_over};
pub use server::{ServeOptions, Server, ShareView, Waiter};
pub use station::{Station, StationAnswer};
pub use tls::pinned_client_config;

#[doc(hidden)]
pub mod testing;

/// What can stop sharing from starting.
#[derive(Debug, thiserror::Error)]
pub enum LanError {
    #[error("port {port} is in use by another program")]
    PortInUse { port: u16 },
    #[error("could not listen on port {port}: {detail}")]
    Listen { port: u16, detail: String },
    #[error("no event is open to share")]
    NoEvent,
    #[error("could not make the station link's certificate: {0}")]
    Certificate(String),
}

impl From<LanError> for tablekeeper_commands::CommandError {
    /// What a host shows when sharing could not start, with a stable kind.
    fn from(error: LanError) -> Self {
        use tablekeeper_commands::CommandError;
        use tablekeeper_words::{ErrorKind, msg};
        match error {
            LanError::PortInUse { port } => CommandError::input(
                ErrorKind::PortInUse,
                msg!(
                    "error.port-in-use",
                    "port {port} is in use by another program; choose another port and turn sharing on again",
                    port = port
                ),
            ),
            LanError::NoEvent => CommandError::input(
                ErrorKind::NoEvent,
                msg!(
                    "error.no-event.share",
                    "no event is open to share; open one first"
                ),
            ),
            other => CommandError::input(
                ErrorKind::Io,
                msg!(
                    "error.io.serve",
                    "could not share the event: {detail}",
                    detail = other.to_string()
                ),
            ),
        }
    }
}
