//! A season read from event files: each file as it is on disk now (a corrected event
//! changes the season), each event once however often it is listed, the same person
//! matched across events. The points are the engine's (`engine::season`); the table is
//! `views::prizes::SeasonView`. docs/seasons.md.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Outcome, Seats};
use tablekeeper_engine::rules::final_order::final_order;
use tablekeeper_engine::season::{SeasonEvent, SeasonResult, SeasonRules, compute};

use crate::error::CommandError;
use crate::shop::identities::{Identities, shared_key};
use crate::views::prizes::SeasonView;

/// A season's standings under `rules` (TOML text) over the event files `files`: each read
/// as it is on disk now (a corrected event changes the season), each event once however
/// often it is listed. A `.csv` among them is a TCG+ organizer file (a final file, or a round
/// file given with its final file); a `.tdf` is a TOM file.
pub fn season(rules: &str, files: &[PathBuf]) -> Result<SeasonView, CommandError> {
    let rules = SeasonRules::from_toml(rules)?;
    season_of(&rules, files, None, &Identities::default())
}

/// A season as [`season`], each person as the player library knows them: a shop event's
/// player the library's person they were linked to, a TCG+ or TOM player the library's
/// person who carries their number (docs/library.md).
pub fn season_in_library(
    rules: &str,
    files: &[PathBuf],
    library: &tablekeeper_store::library::Library,
) -> Result<SeasonView, CommandError> {
    let rules = SeasonRules::from_toml(rules)?;
    let (people, identities) = library_people(library)?;
    season_of(&rules, files, Some(&people), &identities)
}

/// Who is who in the library's events, and which library card each number is: each card
/// keyed as every laptop of a league keys it ([`shared_key`]).
pub(crate) fn library_people(
    library: &tablekeeper_store::library::Library,
) -> Result<(People, Identities), CommandError> {
    let players = library.players()?;
    let uids = library.uids()?;
    let keys: std::collections::HashMap<u32, String> = players
        .iter()
        .map(|p| (p.number, shared_key(p, uids.get(&p.number))))
        .collect();
    let people = library
        .people_in_events()?
        .into_iter()
        .filter_map(|(at, number)| keys.get(&number).map(|key| (at, key.clone())))
        .collect();
    Ok((people, Identities::of(&players, keys)))
}

/// Who is who across events: (event identity, player number) → the season's person key.
pub(crate) type People = HashMap<(String, u32), String>;

/// A season over `files`, each player the person `people` says where it says one, and
/// each publisher's number the person `identities` says.
pub(crate) fn season_of(
    rules: &SeasonRules,
    files: &[PathBuf],
    people: Option<&People>,
    identities: &Identities,
) -> Result<SeasonView, CommandError> {
    let listed = files;
    let mut events = Vec::with_capacity(listed.len());
    // Each event's file (the finished save of its copies, else the first listed), by identity.
    let mut files: HashMap<String, PathBuf> = HashMap::new();
    // TCG+ organizer files: each final file with its round files (`formats::tcgplus_set`).
    let (csv, event_files): (Vec<PathBuf>, Vec<PathBuf>) = listed
        .iter()
        .cloned()
        .partition(|path| crate::formats::tcgplus::is_tcgplus_file(path));
    // TOM files: one event per division (`formats::tom`).
    let (tom, event_files): (Vec<PathBuf>, Vec<PathBuf>) = event_files
        .into_iter()
        .partition(|path| crate::formats::tom::is_tom_file(path));
    let mut tom_events = Vec::new();
    for path in &tom {
        for event in crate::formats::tom::read(path)?.season_events() {
            tom_events.push(Ok::<_, CommandError>((path.clone(), event)));
        }
    }
    let tcgplus = crate::formats::tcgplus_set::read_set(&csv)?
        .into_iter()
        .map(|(path, event)| Ok::<_, CommandError>((path, event.season_event())));
    // The shop's own events, and the publisher IDs their linked players registered with
    // (a card may carry none: a TCG+ or TOM player with that number is that card).
    let mut identities = identities.clone();
    let mut own = Vec::with_capacity(event_files.len());
    for path in &event_files {
        let (event, id) = read_event(path)?;
        let counted = season_event(&event, id.clone(), people)?;
        for player in &event.players {
            if let (Some(registered), Some(key)) = (
                player.details.publisher_id.as_deref(),
                people.and_then(|p| p.get(&(id.clone(), player.id.0))),
            ) {
                identities.registered(registered, key);
            }
        }
        own.push(Ok((path.clone(), counted)));
    }
    for read in tcgplus.chain(tom_events).chain(own) {
        let (path, event): (PathBuf, SeasonEvent) = read?;
        let event = identities.season_event(event);
        if let Some(counted) = events
            .iter_mut()
            .find(|e: &&mut SeasonEvent| e.id == event.id)
        {
            // The same event saved twice: the finished save counts over one still running
            // (a TOM file saved after round 2 and again once finalized), else the first.
            if !counted.finished && event.finished {
                files.insert(event.id.clone(), path);
                *counted = event;
            }
            continue;
        }
        files.insert(event.id.clone(), path);
        events.push(event);
    }
    let standings = compute(rules, &events);
    Ok(SeasonView::of(&standings, &files))
}

/// A date typed for a season's range: `YYYY-MM-DD`.
pub(crate) fn season_date(text: &str) -> Result<String, CommandError> {
    chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .map_err(|_| {
            CommandError::input(
                tablekeeper_words::ErrorKind::InvalidSeason,
                tablekeeper_words::msg!(
                    "error.invalid-season.date",
                    "'{date}' is not a date; write it as 2026-12-31",
                    date = text
                ),
            )
        })
}

/// The event as stored, and its identity: when it was created and its recorded seed (a
/// copy or a backup of the same event is the same event).
pub(crate) fn read_event(path: &Path) -> Result<(Event, String), CommandError> {
    let stored = tablekeeper_store::EventFile::load_read_only(path)?;
    let id = crate::session::identity::event_identity(
        &stored.created_at,
        stored.settings.standings_seed,
    );
    let event = crate::session::replay::replay_stored(&stored, path)?;
    Ok((event, id))
}

/// When an event was held (milliseconds since 1970, UTC): its identity begins with its
/// creation time (RFC 3339, with the laptop's offset).
pub fn held_at(id: &str) -> i64 {
    id.split('/')
        .next()
        .and_then(|created| chrono::DateTime::parse_from_rfc3339(created).ok())
        .map_or(0, |created| created.timestamp_millis())
}

/// The same person across events: the publisher ID where there is one, else the name and
/// reading (a season reads the event files alone).
pub(crate) fn person(player: &tablekeeper_engine::model::Player) -> String {
    match &player.details.publisher_id {
        Some(id) if !id.trim().is_empty() => format!("id:{}", id.trim()),
        _ => format!(
            "name:{}|{}",
            player.details.name.trim(),
            player.details.reading.as_deref().unwrap_or("").trim()
        ),
    }
}

fn season_event(
    event: &Event,
    id: String,
    people: Option<&People>,
) -> Result<SeasonEvent, CommandError> {
    // The library's person where it knows one, else the event's own details.
    let person = |player: &tablekeeper_engine::model::Player| {
        people
            .and_then(|p| p.get(&(id.clone(), player.id.0)))
            .cloned()
            .unwrap_or_else(|| person(player))
    };
    let groups = final_order(event, false)?;
    let mut results = Vec::new();
    let mut place = 1u32;
    for group in &groups {
        for finisher in group {
            if let Ok(player) = event.player(finisher.player) {
                results.push(SeasonResult {
                    key: person(player),
                    name: player.details.name.clone(),
                    place,
                    wins: finisher.wins,
                    losses: finisher.losses,
                    draws: finisher.draws,
                });
            }
        }
        place = place.saturating_add(u32::try_from(group.len()).unwrap_or(u32::MAX));
    }
    let key = |id| event.player(id).map(&person).ok();
    let mut matches = Vec::new();
    for found in event.rounds.iter().flat_map(|r| &r.matches) {
        if let (Seats::Pair { a, b }, Some(result)) = (found.seats, &found.result)
            && let (Some(ka), Some(kb)) = (key(a), key(b))
        {
            let winner = match (result.seats.first(), result.seats.get(1)) {
                (Some(sa), Some(sb))
                    if sa.outcome == Outcome::Win && sb.outcome != Outcome::Win =>
                {
                    Some(true)
                }
                (Some(sa), Some(sb))
                    if sb.outcome == Outcome::Win && sa.outcome != Outcome::Win =>
                {
                    Some(false)
                }
                _ => None,
            };
            matches.push((ka, kb, winner));
        }
    }
    Ok(SeasonEvent {
        held_at: held_at(&id),
        id,
        name: event.settings.name.clone(),
        players: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
        results,
        matches,
        opponents_known: true,
        // An event file's places are as its standings stand (a season may count an event
        // still running, as it always has).
        finished: true,
    })
}
