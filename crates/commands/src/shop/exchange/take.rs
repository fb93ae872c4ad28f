//! Bundles taken: every bundle in a folder not taken yet, each checked, its events kept as
//! content-addressed copies and its library changes added up; and a waiting shop trusted.

use std::path::{Path, PathBuf};

use tablekeeper_store::library::fold::{ChangeBody, PlayerDetails};
use tablekeeper_store::library::{
    BundleFile, Incoming, Library, SharedEvent, fingerprint, normalize_fingerprint,
};
use tablekeeper_words::{ErrorKind, Message, msg};

use crate::error::CommandError;
use crate::formats::bundle::{self, Unreadable};
use crate::views::exchange::*;

use super::status::*;

/// Reads every bundle in `from` not taken yet (in name order; any order gives the same).
pub fn import(
    library: &mut Library,
    from: &Path,
    now: &str,
) -> Result<ExchangeImportView, CommandError> {
    let entries = std::fs::read_dir(from).map_err(|e| CommandError::Io {
        path: from.display().to_string(),
        detail: e.to_string(),
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        // A folder named like a bundle is left as it is; the files around it are taken.
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|x| x == BUNDLE_EXTENSION)
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    let mut view = ExchangeImportView {
        bundles: Vec::new(),
        events: 0,
        changes: 0,
        conflicts: Vec::new(),
        players: 0,
    };
    // The folder is read every minute: when every file is one taken before (by its name and
    // size), nothing is read or added up again.
    let mut unseen = false;
    for path in &files {
        let (name, size) = name_and_size(path);
        unseen |= !library.has_bundle_file(&name, size)?;
    }
    let conflicts_before = if unseen {
        conflicts(library)?
    } else {
        Vec::new()
    };
    let mut resent = Vec::new();
    for path in files {
        let mut differs = 0;
        let outcome = take_one(library, &path, now, &mut differs)?;
        view.events += outcome.events;
        view.changes += outcome.changes;
        if differs > 0
            && let Some(shop) = &outcome.shop
        {
            resent.push(msg!(
                "exchange.conflict.change-differs",
                "{shop} sent {count} library changes again with other contents (was its library put back from an older copy?): the ones taken first stay on every laptop; ask the shop to check its library",
                shop = format!("{} ({})", shop.name, shop.fingerprint),
                count = differs
            ));
        }
        view.bundles.push(outcome);
    }
    if unseen {
        view.conflicts = conflicts(library)?
            .into_iter()
            .filter(|c| !conflicts_before.contains(c))
            .chain(resent)
            .collect();
    }
    view.players = u32::try_from(library.len()).unwrap_or(u32::MAX);
    Ok(view)
}

/// A bundle file's name and size (what marks it as taken before).
fn name_and_size(path: &Path) -> (String, u64) {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (name, std::fs::metadata(path).map(|m| m.len()).unwrap_or(0))
}

/// One bundle file taken (or why not); `differs` counts its changes that differ from the
/// same changes taken before.
fn take_one(
    library: &mut Library,
    path: &Path,
    now: &str,
    differs: &mut usize,
) -> Result<BundleView, CommandError> {
    let (file, size) = name_and_size(path);
    let refused = |outcome: BundleOutcome, said: Message| BundleView {
        file: file.clone(),
        outcome,
        shop: None,
        events: 0,
        changes: 0,
        said,
    };
    let already = || {
        msg!(
            "exchange.bundle.already-here",
            "{file}: already here",
            file = file.clone()
        )
    };
    if size > bundle::MAX_BUNDLE {
        return Ok(refused(
            BundleOutcome::TooLarge,
            msg!(
                "exchange.bundle.too-large",
                "{file} is over 1 GiB, larger than any bundle Tablekeeper writes (a bundle of a year of a shop's events is a few megabytes): it was not read and was left as it is; move it out of the exchange folder if it is not a bundle, or ask the shop that sent it to export again",
                file = file.clone()
            ),
        ));
    }
    if library.has_bundle_file(&file, size)? {
        return Ok(refused(BundleOutcome::AlreadyHere, already()));
    }
    let bytes = std::fs::read(path).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })?;
    let sha256 = bundle::sha256(&bytes);
    if library.has_bundle(&sha256)? {
        return Ok(refused(
            BundleOutcome::AlreadyHere,
            msg!(
                "exchange.bundle.already-here",
                "{file}: already here",
                file = file.clone()
            ),
        ));
    }
    let opened = match bundle::open(&bytes) {
        Ok(opened) => opened,
        Err(Unreadable::NotABundle) => {
            return Ok(refused(BundleOutcome::NotABundle, not_a_bundle(&file)));
        }
        Err(Unreadable::CutShort) => {
            return Ok(refused(
                BundleOutcome::CutShort,
                msg!(
                    "exchange.bundle.cut-short",
                    "{file} is cut short (its copy did not finish): nothing of it was taken; copy it again from the shop's folder",
                    file = file.clone()
                ),
            ));
        }
        Err(Unreadable::Tampered) => return Ok(tampered(&file, None)),
    };
    let manifest = &opened.manifest;
    let shop = shop_view(&manifest.shop, &manifest.shop_name);
    if !library.is_trusted(&manifest.shop)? {
        library.note_waiting(&manifest.shop, &manifest.shop_name, now)?;
        return Ok(BundleView {
            file: file.clone(),
            outcome: BundleOutcome::Waiting,
            shop: Some(shop.clone()),
            events: 0,
            changes: 0,
            said: msg!(
                "exchange.bundle.waiting",
                "{file} is from {shop} ({fingerprint}), a shop not trusted here yet: check the fingerprint with that shop, then trust it; the bundle waits until then",
                file = file.clone(),
                shop = manifest.shop_name.clone(),
                fingerprint = shop.fingerprint.clone()
            ),
        });
    }
    // Each event's copy is written (content-addressed, once) and read back: its identity
    // must be the one the shop signed.
    let store = shared_folder(library);
    let mut events = Vec::with_capacity(opened.events.len());
    for (part, bytes) in manifest.events.iter().zip(&opened.events) {
        let target = store.join(format!("{}.tkevent", part.sha256));
        if !target.exists() {
            crate::session::write_received_event(&target, bytes)?;
        }
        let Ok((event, identity)) = crate::shop::season::read_event(&target) else {
            let _ = std::fs::remove_file(&target);
            return Ok(tampered(&file, Some(shop)));
        };
        if identity != part.identity {
            return Ok(tampered(&file, Some(shop)));
        }
        events.push(SharedEvent {
            sha256: part.sha256.clone(),
            date: held_on(&identity),
            identity,
            shop: manifest.shop.clone(),
            name: event.settings.name.clone(),
            file: target,
            players: players_of(&event),
        });
    }
    let incoming = Incoming {
        bundle: BundleFile {
            sha256,
            name: file.clone(),
            size: i64::try_from(size).unwrap_or(i64::MAX),
        },
        shop: manifest.shop.clone(),
        shop_name: manifest.shop_name.clone(),
        changeset: opened.changes.clone(),
        events,
    };
    let taken = match library.take_bundle(&incoming, now, &acceptable)? {
        Ok(taken) => taken,
        Err(_) => {
            return Ok(BundleView {
                file: file.clone(),
                outcome: BundleOutcome::Refused,
                shop: Some(shop),
                events: 0,
                changes: 0,
                said: msg!(
                    "exchange.bundle.refused",
                    "{file} holds library changes this laptop refuses (another shop's or details no desk accepts): nothing of it was taken; ask the shop to update Tablekeeper and export again",
                    file = file.clone()
                ),
            });
        }
    };
    *differs = taken.row_conflicts.len();
    Ok(BundleView {
        file: file.clone(),
        outcome: BundleOutcome::Taken,
        shop: Some(shop),
        events: taken.events,
        changes: taken.changes,
        said: msg!(
            "exchange.bundle.taken",
            "{file}: {events} events and {changes} library changes taken",
            file = file,
            events = taken.events,
            changes = taken.changes
        ),
    })
}

/// A change another shop sent, checked as the desk checks what a person types: a person's
/// details as `names` checks them, an event's identity, name and date of a sane length.
fn acceptable(change: &ChangeBody) -> bool {
    // A library person has no team members.
    let details_ok = |details: &PlayerDetails| {
        details.members.is_empty() && crate::names::player_details(details).is_ok()
    };
    // A TCG+ or Play! Pokémon number exactly as this laptop would store it.
    let ids_ok = |ids: &tablekeeper_store::library::PublisherIds| {
        crate::names::publisher_numbers(ids).is_ok_and(|checked| checked == *ids)
    };
    let identity_ok =
        |text: &str| !text.is_empty() && text.len() <= 64 && !text.chars().any(char::is_control);
    match change {
        ChangeBody::Add {
            person,
            details,
            added_at,
            ids,
        } => identity_ok(person) && identity_ok(added_at) && details_ok(details) && ids_ok(ids),
        ChangeBody::Edit {
            person,
            details,
            ids,
        } => identity_ok(person) && details_ok(details) && ids.as_ref().is_none_or(ids_ok),
        ChangeBody::Merge { keep, other } => identity_ok(keep) && identity_ok(other),
        ChangeBody::Remove { person } | ChangeBody::Redacted { person, .. } => identity_ok(person),
        ChangeBody::Appear {
            person,
            event,
            event_name,
            date,
            ..
        } => {
            identity_ok(person)
                && identity_ok(event)
                && identity_ok(date)
                && crate::names::event_name(event_name).is_ok()
        }
    }
}

fn not_a_bundle(file: &str) -> Message {
    msg!(
        "exchange.bundle.not-a-bundle",
        "{file} is not a Tablekeeper bundle: it was left as it is",
        file = file.to_string()
    )
}

fn tampered(file: &str, shop: Option<ShopView>) -> BundleView {
    BundleView {
        file: file.to_string(),
        outcome: BundleOutcome::Tampered,
        shop,
        events: 0,
        changes: 0,
        said: msg!(
            "exchange.bundle.tampered",
            "{file} fails its signature check: it was changed after its shop wrote it. Nothing of it was taken; ask the shop to export again",
            file = file.to_string()
        ),
    }
}

/// Trusts the waiting shop with this fingerprint.
pub fn trust(library: &mut Library, typed: &str, now: &str) -> Result<ShopView, CommandError> {
    let wanted = normalize_fingerprint(typed);
    let found = library
        .waiting_shops()?
        .into_iter()
        .find(|(key, _)| fingerprint(key) == wanted);
    let Some((key, name)) = found else {
        return Err(CommandError::input(
            ErrorKind::ExchangeRefused,
            msg!(
                "error.exchange.no-such-shop",
                "no bundle waiting here is from the shop {fingerprint}: import the shop's folder first, then trust the fingerprint it shows",
                fingerprint = typed.to_string()
            ),
        ));
    };
    library.trust(&key, &name, now)?;
    Ok(shop_view(&key, &name))
}
