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
use tablekeeper_commands::notice::Notice;
use tablekeeper_commands::room::{Reporting, RoomSettings};
use tablekeeper_lan::{ServeOptions, Server, qr_text};
use tablekeeper_words::message::{Message, Param};
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
    let server = Server::start(desk, ServeOptions { bind, port }).map_err(CommandError::from)?;
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
    server.stop();
    Ok(shared)
}

/// `tablekeeper station`: joins the main laptop and sends each result line read from
/// standard input; prints "saved" for a table only once the main laptop answered (with
/// `--json` nothing but the final document: a refused line becomes one of its notices).
/// Returns the tables saved.
pub fn station(
    address: &str,
    code: &str,
    json: bool,
    notices: &mut Vec<Notice>,
) -> Result<Vec<u32>, CommandError> {
    let from_view = |view: tablekeeper_commands::ErrorView| {
        let message = tablekeeper_words::message::Message {
            key: view.key,
            params: view.params,
            text: view.message,
        };
        CommandError::input(view.kind, message)
    };
    let station = tablekeeper_lan::Station::join(address, code).map_err(from_view)?;
    let mut saved = Vec::new();
    let mut out = std::io::stdout().lock();
    let mut say = |message: Message, refused_line: Option<&str>| {
        if json {
            if let Some(line) = refused_line {
                notices.push(msg!(
                    "station.line-refused",
                    "'{line}' was not saved: {reason}",
                    line = line.to_string(),
                    reason = Param::message(&message)
                ));
            }
        } else {
            let _ = writeln!(out, "{}", render::say(&message));
            let _ = out.flush();
        }
    };
    for line in std::io::stdin().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (table, result) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let Ok(table) = table.parse::<u32>() else {
            let message = msg!(
                "station.not-a-line",
                "'{line}' is not a table and a result (3 2-1)",
                line = line.to_string()
            );
            say(message, Some(line));
            continue;
        };
        let request = serde_json::json!({ "round": null, "table": table, "result": result.trim(), "replace": false, "override_reason": null });
        match station.call("record_result", &request) {
            Ok(_) => {
                saved.push(table);
                say(
                    msg!("station.saved", "saved table {table}", table = table),
                    None,
                );
            }
            Err(error) if error.kind == ErrorKind::ConnectionLost => return Err(from_view(error)),
            Err(error) => say(from_view(error).message(), Some(line)),
        }
    }
    Ok(saved)
}

/// Reporting and standings as `serve` was asked.
pub fn settings(reporting: Reporting, publish_standings: bool) -> RoomSettings {
    RoomSettings {
        publish_standings,
        reporting,
        decks_revealed_at: None,
    }
}
