//! This laptop's side of the exchange as the desk shows it (what it trusts, what waits,
//! what the shops disagree on), and what the other parts share: where shared events' copies
//! are kept, whether an event is over, a shared event's players.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tablekeeper_engine::Event;
use tablekeeper_store::library::{Library, SharedEvent, SharedPlayer, fingerprint};
use tablekeeper_words::{Message, msg};

use crate::error::CommandError;
use crate::views::exchange::*;

/// The bundle file's extension.
pub const BUNDLE_EXTENSION: &str = "tkbundle";

/// Where shared events' copies are kept: beside the library.
pub fn shared_folder(library: &Library) -> PathBuf {
    library
        .path()
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join("shared events")
}

pub(super) fn shop_view(key: &str, name: &str) -> ShopView {
    ShopView {
        name: name.to_string(),
        fingerprint: fingerprint(key),
    }
}

/// This laptop's side of the exchange.
pub fn status(library: &Library) -> Result<ExchangeView, CommandError> {
    let shop = library.shop()?;
    let conflicts = conflicts(library)?;
    Ok(ExchangeView {
        shop: shop_view(&shop.key, &shop.name),
        folder: library.exchange_folder()?,
        trusted: library
            .trusted_shops()?
            .iter()
            .map(|t| shop_view(&t.key, &t.name))
            .collect(),
        waiting: library
            .waiting_shops()?
            .iter()
            .map(|(key, name)| shop_view(key, name))
            .collect(),
        shared_events: u32::try_from(library.shared_events()?.len()).unwrap_or(u32::MAX),
        unmatched: u32::try_from(library.unlinked_players()?.len()).unwrap_or(u32::MAX),
        conflicts,
    })
}

/// What the shops' changes and events disagree on, said.
pub(super) fn conflicts(library: &Library) -> Result<Vec<Message>, CommandError> {
    let names = shop_names(library)?;
    let mut said: Vec<Message> = library
        .library_conflicts()?
        .iter()
        .map(|c| change_conflict(&names, &c.shop))
        .collect();
    said.extend(event_conflicts(library, &names)?);
    Ok(said)
}

/// Every shop's name this laptop knows, by key.
pub(super) fn shop_names(library: &Library) -> Result<HashMap<String, String>, CommandError> {
    let mut names: HashMap<String, String> = library
        .trusted_shops()?
        .into_iter()
        .map(|t| (t.key, t.name))
        .collect();
    let own = library.shop()?;
    names.insert(own.key, own.name);
    Ok(names)
}

pub(super) fn named(names: &HashMap<String, String>, key: &str) -> String {
    let print = fingerprint(key);
    match names.get(key).filter(|n| !n.is_empty()) {
        Some(name) => format!("{name} ({print})"),
        None => print,
    }
}

pub(super) fn change_conflict(names: &HashMap<String, String>, shop: &str) -> Message {
    msg!(
        "exchange.conflict.change-to-removed",
        "a change by {shop} to a player who was removed from the library on request was not applied",
        shop = named(names, shop)
    )
}

/// The same event arrived with different contents: said, and which copy counts.
pub(super) fn event_conflicts(
    library: &Library,
    names: &HashMap<String, String>,
) -> Result<Vec<Message>, CommandError> {
    let mut by_identity: std::collections::BTreeMap<String, Vec<SharedEvent>> =
        std::collections::BTreeMap::new();
    for event in library.shared_events()? {
        by_identity
            .entry(event.identity.clone())
            .or_default()
            .push(event);
    }
    Ok(by_identity
        .values()
        .filter(|copies| copies.len() > 1)
        .map(|copies| {
            let shops: Vec<String> = copies.iter().map(|c| named(names, &c.shop)).collect();
            msg!(
                "exchange.conflict.event-differs",
                "'{event}' arrived twice with different contents (from {shops}): the season counts the copy {kept} on every laptop; ask the shop that ran it which copy is right",
                event = copies[0].name.clone(),
                shops = shops.join(", "),
                kept = short(&copies[0].sha256)
            )
        })
        .collect())
}

pub(super) fn short(sha256: &str) -> String {
    sha256.chars().take(12).collect()
}

/// Whether an event is over: its rounds all played (as many as planned, or its structure
/// says it is done) and its top cut, if any, decided.
pub fn is_over(event: &Event) -> bool {
    let rounds_done = !event.rounds.is_empty() && event.rounds.iter().all(|r| r.is_complete());
    match &event.cut {
        Some(cut) => cut.is_finished(),
        None => {
            rounds_done
                && event.settings.planned_cut == 0
                && (event.rounds.len() >= event.settings.planned_rounds as usize
                    || tablekeeper_engine::rules::structure::finished(event)
                        .ok()
                        .flatten()
                        .is_some())
        }
    }
}

pub(super) fn players_of(event: &Event) -> Vec<SharedPlayer> {
    event
        .players
        .iter()
        .map(|p| SharedPlayer {
            number: p.id.0,
            details: tablekeeper_engine::PlayerDetails {
                publisher_id: p
                    .details
                    .publisher_id
                    .clone()
                    .filter(|id| !id.trim().is_empty()),
                members: Vec::new(),
                ..p.details.clone()
            },
        })
        .collect()
}

pub(super) fn held_on(identity: &str) -> String {
    identity.split('/').next().unwrap_or_default().to_string()
}
