//! A bundle sent: this shop's events over since its last bundle and its library's changes,
//! written as one file that never changes.

use std::path::Path;

use tablekeeper_store::library::{BundleFile, Library, SharedEvent};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::formats::bundle;
use crate::views::exchange::*;

use super::status::*;

/// Writes this shop's new events and library changes as one bundle in `to`.
pub fn export(
    library: &mut Library,
    to: &Path,
    now: &str,
) -> Result<ExchangeExportView, CommandError> {
    let key = library.signing_key()?.ok_or_else(|| {
        CommandError::input(
            ErrorKind::ExchangeRefused,
            msg!(
                "error.exchange.no-key",
                "this library is a copy made by export and cannot sign for its shop: export from the shop's own laptop"
            ),
        )
    })?;
    let shop = library.shop()?;
    let sent: std::collections::HashSet<String> = library.sent_identities()?.into_iter().collect();
    // A shop sends only the events it ran: one received from another shop keeps that shop
    // (docs/exchange.md), on every laptop, however often it travels on.
    let received: std::collections::HashSet<String> =
        library.received_identities()?.into_iter().collect();
    let store = shared_folder(library);
    let (mut not_over, mut missing) = (0u32, 0u32);
    let mut events: Vec<(SharedEvent, Vec<u8>)> = Vec::new();
    for listed in library.events_between(None, None)? {
        if listed.file.as_os_str().is_empty() {
            // Another shop's event whose copy has not arrived yet: not this shop's to send.
            continue;
        }
        if !listed.file.exists() {
            missing += 1;
            continue;
        }
        let Ok((event, identity)) = crate::shop::season::read_event(&listed.file) else {
            missing += 1;
            continue;
        };
        if sent.contains(&identity)
            || received.contains(&identity)
            || events.iter().any(|(e, _)| e.identity == identity)
        {
            continue;
        }
        if !is_over(&event) {
            not_over += 1;
            continue;
        }
        let bytes = tablekeeper_store::snapshot_bytes(&listed.file)?;
        let sha256 = bundle::sha256(&bytes);
        events.push((
            SharedEvent {
                file: store.join(format!("{sha256}.tkevent")),
                sha256,
                date: held_on(&identity),
                identity,
                shop: shop.key.clone(),
                name: event.settings.name.clone(),
                players: players_of(&event),
            },
            bytes,
        ));
    }
    let changes = library.outgoing_changes()?;
    if events.is_empty() && changes.count == 0 {
        return Ok(ExchangeExportView {
            written: None,
            events: 0,
            changes: 0,
            not_over,
            missing,
        });
    }
    let parts: Vec<(String, Vec<u8>)> = events
        .iter()
        .map(|(e, bytes)| (e.identity.clone(), bytes.clone()))
        .collect();
    let file = bundle::write(
        &key,
        &shop.name,
        now,
        &parts,
        &changes.changeset,
        changes.count,
    )
    .map_err(|e| CommandError::Io {
        path: to.display().to_string(),
        detail: e.to_string(),
    })?;
    let sha256 = bundle::sha256(&file);
    // Events are kept here first, then the bundle written, then the library told: a kill
    // in between sends the same again next time, which every laptop skips.
    for (event, bytes) in &events {
        if !event.file.exists() {
            crate::session::write_received_event(&event.file, bytes)?;
        }
    }
    let target = to.join(bundle_name(&shop.name, now, &sha256));
    crate::formats::export::write_file(&target, &file)?;
    let shared: Vec<SharedEvent> = events.into_iter().map(|(e, _)| e).collect();
    let bundle = BundleFile {
        sha256,
        name: target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        size: i64::try_from(file.len()).unwrap_or(i64::MAX),
    };
    library.sent(changes.up_to, &shared, &bundle, now)?;
    Ok(ExchangeExportView {
        written: Some(target),
        events: u32::try_from(shared.len()).unwrap_or(u32::MAX),
        changes: changes.count,
        not_over,
        missing,
    })
}

/// `2026-11-28 1030 Shop name 3f2a9c41.tkbundle`: sorted by when, readable, unique.
fn bundle_name(shop: &str, now: &str, sha256: &str) -> String {
    let when: String = now
        .chars()
        .take(16)
        .map(|c| {
            if c == 'T' {
                ' '
            } else if c == ':' {
                '-'
            } else {
                c
            }
        })
        .collect();
    let shop: String = shop
        .chars()
        .filter(|c| {
            !matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') && !c.is_control()
        })
        .take(40)
        .collect();
    let shop = if shop.trim().is_empty() {
        "shop".to_string()
    } else {
        shop.trim().to_string()
    };
    format!("{when} {shop} {}.{BUNDLE_EXTENSION}", short(sha256))
}
