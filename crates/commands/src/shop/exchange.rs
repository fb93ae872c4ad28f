//! Shops exchanging by folder (docs/exchange.md): a USB stick, a shared folder, a folder a
//! file-sync program keeps in step. Each shop writes bundles (`crate::bundle`) that never
//! change once written and reads every bundle it has not taken yet, in any order: the
//! events over since its last export, and its library's changes (SQLite session changesets
//! of the library's journal, `tablekeeper_store::library`).
//!
//! Every shared event is kept here as its own immutable copy, by content address, in the
//! library's folder (`shared events/`): the league reads those copies, so every laptop that
//! holds the same bundles computes the same table from the same bytes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tablekeeper_engine::Event;
use tablekeeper_store::library::fold::{ChangeBody, SharedDetails};
use tablekeeper_store::library::{
    BundleFile, Incoming, Library, LibraryDetails, SharedEvent, SharedPlayer, fingerprint,
    normalize_fingerprint,
};
use tablekeeper_words::{ErrorKind, Message, msg};

use crate::bundle::{self, Unreadable};
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

fn shop_view(key: &str, name: &str) -> ShopView {
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
fn conflicts(library: &Library) -> Result<Vec<Message>, CommandError> {
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
fn shop_names(library: &Library) -> Result<HashMap<String, String>, CommandError> {
    let mut names: HashMap<String, String> = library
        .trusted_shops()?
        .into_iter()
        .map(|t| (t.key, t.name))
        .collect();
    let own = library.shop()?;
    names.insert(own.key, own.name);
    Ok(names)
}

fn named(names: &HashMap<String, String>, key: &str) -> String {
    let print = fingerprint(key);
    match names.get(key).filter(|n| !n.is_empty()) {
        Some(name) => format!("{name} ({print})"),
        None => print,
    }
}

fn change_conflict(names: &HashMap<String, String>, shop: &str) -> Message {
    msg!(
        "exchange.conflict.change-to-removed",
        "a change by {shop} to a player who was removed from the library on request was not applied",
        shop = named(names, shop)
    )
}

/// The same event arrived with different contents: said, and which copy counts.
fn event_conflicts(
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

fn short(sha256: &str) -> String {
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

fn players_of(event: &Event) -> Vec<SharedPlayer> {
    event
        .players
        .iter()
        .map(|p| SharedPlayer {
            number: p.id.0,
            name: p.name.clone(),
            reading: p.reading.clone(),
            publisher_id: p.publisher_id.clone().filter(|id| !id.trim().is_empty()),
        })
        .collect()
}

fn held_on(identity: &str) -> String {
    identity.split('/').next().unwrap_or_default().to_string()
}

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
    let store = shared_folder(library);
    let (mut not_over, mut missing) = (0u32, 0u32);
    let mut events: Vec<(SharedEvent, Vec<u8>)> = Vec::new();
    for listed in library.events_between(None, None)? {
        if !listed.file.exists() {
            missing += 1;
            continue;
        }
        let Ok((event, identity)) = crate::season::read_event(&listed.file) else {
            missing += 1;
            continue;
        };
        if sent.contains(&identity) || events.iter().any(|(e, _)| e.identity == identity) {
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
    crate::export::write_file(&target, &file)?;
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
        .filter(|p| {
            p.extension().is_some_and(|x| x == BUNDLE_EXTENSION)
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
        return Ok(refused(BundleOutcome::NotABundle, not_a_bundle(&file)));
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
        let Ok((event, identity)) = crate::season::read_event(&target) else {
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
    let details_ok = |details: &SharedDetails| {
        crate::names::player_details(&tablekeeper_engine::PlayerDetails {
            name: details.name.clone(),
            reading: details.reading.clone(),
            publisher_id: details.publisher_id.clone(),
            nickname: details.nickname.clone(),
            members: Vec::new(),
        })
        .is_ok()
    };
    let identity_ok =
        |text: &str| !text.is_empty() && text.len() <= 64 && !text.chars().any(char::is_control);
    match change {
        ChangeBody::Add {
            person,
            details,
            added_at,
        } => identity_ok(person) && identity_ok(added_at) && details_ok(details),
        ChangeBody::Edit { person, details } => identity_ok(person) && details_ok(details),
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

/// Shared events' players no library player is yet, with who they may be.
pub fn unmatched(library: &Library) -> Result<Vec<UnmatchedView>, CommandError> {
    let mut all = Vec::new();
    for (event, player) in library.unlinked_players()? {
        let details = LibraryDetails {
            person: tablekeeper_engine::PlayerDetails {
                name: player.name.clone(),
                reading: player.reading.clone(),
                publisher_id: player.publisher_id.clone(),
                ..Default::default()
            },
            note: None,
        };
        let mut found: Vec<tablekeeper_store::library::LibraryPlayer> =
            library.same_as(&details)?.into_iter().collect();
        for typed in std::iter::once(&player.name).chain(player.reading.as_ref()) {
            for candidate in library.find(typed, 5)? {
                if !found.iter().any(|f| f.number == candidate.number) {
                    found.push(candidate);
                }
            }
        }
        found.truncate(5);
        let suggestions = found
            .into_iter()
            .map(|p| SuggestedPlayer {
                number: p.number,
                name: p.details.person.name,
                reading: p.details.person.reading,
                publisher_id: p.details.person.publisher_id,
            })
            .collect();
        all.push(UnmatchedView {
            event: event.identity,
            event_name: event.name,
            date: event.date,
            player: player.number,
            name: player.name,
            reading: player.reading,
            suggestions,
        });
    }
    Ok(all)
}

/// A person confirms who a shared event's player is: library player `number`, or a new
/// library player (`None`). The link is a change that travels.
pub fn confirm(
    library: &mut Library,
    event: &str,
    player: u32,
    number: Option<u32>,
    now: &str,
) -> Result<u32, CommandError> {
    let Some((shared, found)) = library
        .unlinked_players()?
        .into_iter()
        .find(|(e, p)| e.identity == event && p.number == player)
    else {
        return Err(CommandError::input(
            ErrorKind::ExchangeRefused,
            msg!(
                "error.exchange.no-such-player",
                "player {player} of that event is not waiting to be matched: list them again",
                player = player
            ),
        ));
    };
    let number = match number {
        Some(number) => library.player(number)?.number,
        None => {
            library
                .add(
                    &LibraryDetails {
                        person: tablekeeper_engine::PlayerDetails {
                            name: found.name.clone(),
                            reading: found.reading.clone(),
                            publisher_id: found.publisher_id.clone(),
                            ..Default::default()
                        },
                        note: None,
                    },
                    now,
                )?
                .number
        }
    };
    library.record_appearance(
        number,
        &tablekeeper_store::library::Appearance {
            event: shared.identity.clone(),
            file: shared.file.clone(),
            event_name: shared.name.clone(),
            date: shared.date.clone(),
            player,
            ticket: None,
        },
    )?;
    Ok(number)
}

/// A league over shops: the files listed plus every shared event of the rules' shops, the
/// same person matched across shops by the library's people.
pub fn league(
    rules: &str,
    files: &[PathBuf],
    library: &Library,
) -> Result<crate::views::prizes::SeasonView, CommandError> {
    let rules = tablekeeper_engine::season::SeasonRules::from_toml(rules)?;
    let (shared, people) = league_files(library, &rules.shops)?;
    let mut all = files.to_vec();
    all.extend(shared);
    crate::season::season_of(&rules, &all, Some(&people))
}

/// The shared events a season counts under its rules' shops (each event once: the copy
/// with the lowest content address when two differ), and who is who in them.
fn league_files(
    library: &Library,
    shops: &[String],
) -> Result<(Vec<PathBuf>, crate::season::People), CommandError> {
    let mut seen = std::collections::HashSet::new();
    let mut events = library.shared_events()?;
    events.sort_by(|a, b| (&a.identity, &a.sha256).cmp(&(&b.identity, &b.sha256)));
    let mut files = Vec::new();
    for event in events {
        if !shops.is_empty() && !shops.contains(&fingerprint(&event.shop)) {
            continue;
        }
        if seen.insert(event.identity.clone()) {
            files.push(event.file);
        }
    }
    let people = library
        .shared_people()?
        .into_iter()
        .map(|(at, (person, publisher_id))| {
            let key = match publisher_id.filter(|id| !id.trim().is_empty()) {
                Some(id) => format!("id:{}", id.trim()),
                None => format!("person:{person}"),
            };
            (at, key)
        })
        .collect();
    Ok((files, people))
}

/// The exchange's changes of the shop's library, as the desk makes them.
impl crate::shop::ShopLibrary {
    /// The shop sends what is new since its last bundle (see [`export`]).
    pub fn export_bundle(
        &mut self,
        to: &Path,
        now: &str,
    ) -> Result<ExchangeExportView, CommandError> {
        export(&mut self.store, to, now)
    }

    /// The shop takes the bundles it has not taken yet (see [`import`]).
    pub fn import_bundles(
        &mut self,
        from: &Path,
        now: &str,
    ) -> Result<ExchangeImportView, CommandError> {
        import(&mut self.store, from, now)
    }

    /// The shop trusts another shop whose fingerprint it checked (see [`trust`]).
    pub fn trust_shop(&mut self, typed: &str, now: &str) -> Result<ShopView, CommandError> {
        trust(&mut self.store, typed, now)
    }

    /// A person said who a shared event's player is (see [`confirm`]).
    pub fn confirm_player(
        &mut self,
        event: &str,
        player: u32,
        number: Option<u32>,
        now: &str,
    ) -> Result<u32, CommandError> {
        confirm(&mut self.store, event, player, number, now)
    }
}
