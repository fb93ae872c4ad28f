//! `tablekeeper serve`: shares an event with the shop's network through the LAN server
//! (`crates/lan`), prints where phones go (with a QR code) and the join code for a second
//! station, and keeps serving until stopped or for `--for` seconds. `station`: this
//! terminal as a second scorekeeper station of another laptop.

use std::io::Write;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::room::{Reporting, RoomSettings};
use tablekeeper_lan::{ServeOptions, Server, qr_text};
use tablekeeper_words::{ErrorKind, msg};

use crate::render;

/// What `serve` shares, for `--json`.
#[derive(serde::Serialize)]
pub struct Shared {
    pub local_url: String,
    #[serde(flatten)]
    pub share: tablekeeper_lan::ShareView,
}

/// Shares the event open on `desk` (mirrored with `--mirror`: every change the phones make
/// reaches the stick) until stopped (or for `seconds`); prints where to go first.
pub fn serve(
    mut desk: Desk,
    bind: IpAddr,
    port: u16,
    settings: RoomSettings,
    seconds: Option<u64>,
    json: bool,
) -> Result<Shared, CommandError> {
    if desk.session()?.read_only().is_some() {
        return Err(CommandError::input(
            ErrorKind::ReadOnly,
            msg!(
                "error.read-only.serve",
                "this event cannot be written here, so players could not report results; close the other program or copy the event"
            ),
        ));
    }
    desk.set_room(settings)?;
    let desk = Arc::new(Mutex::new(desk));
    let server = Server::start(Arc::clone(&desk), ServeOptions { bind, port })
        .map_err(CommandError::from)?;
    Ok(share_until(server, desk, seconds, json))
}

/// How often a serving command line asks the event's known stations whether one took the
/// event over (as the app does).
const FENCE_EVERY: Duration = Duration::from_secs(3);

/// Shares with `server` until stopped (or for `seconds`), fenced as the app is: when a
/// station is found to carry the event on, every change here is refused from then on and
/// the phones' page says where the event went. Prints where to go first.
pub fn share_until(
    server: Server,
    desk: Arc<Mutex<Desk>>,
    seconds: Option<u64>,
    json: bool,
) -> Shared {
    let fence = tablekeeper_lan::Fence::start(desk, FENCE_EVERY);
    let shared = Shared {
        local_url: server.local_url(),
        share: server.share_view(),
    };
    let mut out = std::io::stdout().lock();
    if json {
        let line = serde_json::json!({ "sharing": &shared });
        let _ = writeln!(out, "{line}");
    } else {
        let url = shared
            .share
            .urls
            .first()
            .cloned()
            .unwrap_or_else(|| shared.local_url.clone());
        if let Some(qr) = qr_text(&url) {
            let _ = writeln!(out, "{qr}");
        }
        let _ = writeln!(
            out,
            "{}",
            render::say(&msg!("serve.page", "Players' page: {url}", url = url))
        );
        for other in shared.share.urls.iter().skip(1) {
            let _ = writeln!(out, "  {other}");
        }
        let _ = writeln!(
            out,
            "{}",
            render::say(&msg!(
                "serve.join-code",
                "Join code for a second scorekeeper station: {code}",
                code = shared.share.join_code.clone()
            ))
        );
        let _ = writeln!(
            out,
            "{}",
            render::say(&msg!("serve.stop", "Sharing until you press Ctrl-C."))
        );
    }
    let _ = out.flush();
    drop(out);
    match seconds {
        Some(seconds) => std::thread::sleep(Duration::from_secs(seconds)),
        None => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
    }
    drop(fence);
    server.stop();
    shared
}

/// Reporting and standings as `serve` was asked.
pub fn settings(reporting: Reporting, publish_standings: bool) -> RoomSettings {
    RoomSettings {
        publish_standings,
        reporting,
        decks_revealed_at: None,
    }
}
