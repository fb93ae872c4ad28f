//! Ratings read from event files: each file as it is on disk now (a corrected result
//! corrects the ratings), each event once however often it is listed, the same person
//! matched across events as a season matches them. The arithmetic is the engine's
//! (`engine::ratings`, Glicko-2); the table is `views::ratings::RatingsView`.
//! docs/ratings.md.

use std::collections::HashMap;
use std::path::PathBuf;

use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Category, Outcome, ResultEntry, Seats};
use tablekeeper_engine::ratings::{RatedEvent, RatedMatch, RatedOutcome, RatingRules, compute};

use crate::error::CommandError;
use crate::shop::identities::{Identities, library_key};
use crate::shop::season::{held_at, person, read_event};
use crate::views::ratings::{MyRatingView, RatingsView};

/// Ratings under `rules` (TOML text; empty: the defaults) over the event files `files`,
/// one title or all; with `explain`, how each event moved that player's rating.
pub fn ratings(
    rules: &str,
    files: &[PathBuf],
    title: Option<&str>,
    explain: Option<&str>,
    people: &People,
) -> Result<RatingsView, CommandError> {
    let rules = RatingRules::from_toml(rules)?;
    let mut events = Rated::default();
    for path in files {
        events.read(path, people)?;
    }
    let mut tables = compute(&rules, &events.events);
    if let Some(title) = title {
        tables.retain(|table| table.title == title);
    }
    RatingsView::of(&tables, explain)
}

/// Each player of the open event's own rating in its title (by player number), as their
/// phone shows it once the organizer publishes ratings: the ratings over `files` and the
/// open event as it stands, the people matched by the library where it knows them.
pub fn published(
    rules: &str,
    files: &[PathBuf],
    event: &Event,
    identity: &str,
    people: &People,
) -> Result<std::collections::BTreeMap<u32, MyRatingView>, CommandError> {
    let rules = RatingRules::from_toml(rules)?;
    let mut events = Rated::default();
    for path in files {
        events.read(path, people)?;
    }
    // The open event as it stands, not as a listed copy of it was saved.
    events.events.retain(|rated| rated.id != identity);
    events
        .events
        .push(rated_event(event, identity.to_string(), people));
    let title = title_of(event);
    let tables = compute(&rules, &events.events);
    let Some(table) = tables.iter().find(|table| table.title == title) else {
        return Ok(Default::default());
    };
    Ok(event
        .players
        .iter()
        .filter_map(|player| {
            let key = person_key(identity, player, people);
            MyRatingView::of(table, &key).map(|view| (player.id.0, view))
        })
        .collect())
}

/// The events to rate, read file by file: a shop event, or each division of a TOM file.
/// The same event listed twice counts once (`compute` keeps the first); of two saves of
/// one TOM event, the one TOM finalized counts over one still running, as in a season.
#[derive(Default)]
struct Rated {
    events: Vec<RatedEvent>,
    /// TOM events read before TOM finalized them, by identity.
    running: std::collections::BTreeSet<String>,
}

impl Rated {
    fn read(&mut self, path: &std::path::Path, people: &People) -> Result<(), CommandError> {
        // A TCG+ file names no opponents: a season's list holds it, ratings have no match
        // in it to rate.
        if crate::formats::tcgplus::is_tcgplus_file(path) {
            return Ok(());
        }
        if !crate::formats::tom::is_tom_file(path) {
            let (event, id) = read_event(path)?;
            self.events.push(rated_event(&event, id, people));
            return Ok(());
        }
        for (event, finished) in crate::formats::tom::read(path)?.rated_events() {
            let event = people.identities.rated_event(event);
            if finished && self.running.remove(&event.id) {
                self.events.retain(|earlier| earlier.id != event.id);
            } else if !finished && !self.events.iter().any(|e| e.id == event.id) {
                self.running.insert(event.id.clone());
            }
            self.events.push(event);
        }
        Ok(())
    }
}

/// Who `player` of the event `identity` is across events: the library's person where it
/// knows them, else their publisher ID or name.
fn person_key(
    identity: &str,
    player: &tablekeeper_engine::model::Player,
    people: &People,
) -> String {
    match people.links.get(&(identity.to_string(), player.id.0)) {
        Some(number) => library_key(*number),
        None => people.identities.key(&person(player)),
    }
}

/// The game an event was played in: its title preset, else its ruleset (a Vanguard
/// rating is not a Digimon rating; the meta's deck names are offered per game too).
pub(crate) fn title_of(event: &Event) -> String {
    event
        .settings
        .title
        .clone()
        .unwrap_or_else(|| event.ruleset.id.clone())
}

/// Who is who across events, from the player library: (event identity, player number in
/// the event) → library number, and which library person each publisher's number is.
/// Empty: people are matched by publisher ID, else name.
#[derive(Debug, Default)]
pub struct People {
    pub(crate) links: HashMap<(String, u32), u32>,
    pub(crate) identities: Identities,
}

impl People {
    /// The library's links and numbers.
    pub fn of(library: &tablekeeper_store::library::Library) -> Result<People, CommandError> {
        Ok(People {
            links: library.people_in_events()?,
            identities: Identities::of(&library.players()?, Default::default()),
        })
    }
}

/// The event's played matches, Swiss and top cut alike (both seats played: byes, no-shows
/// and other results not played are not rated; a double loss is a loss for each; a match
/// decided by a match-loss penalty or a disqualification was not decided by play, and a
/// double win has no loser: neither is rated), each player named by `key`. Decision 67;
/// docs/ratings.md, "What is rated, and why".
pub(crate) fn played_matches(
    event: &Event,
    key: impl Fn(&tablekeeper_engine::model::Player) -> String,
) -> Vec<(String, String, RatedOutcome)> {
    let mut matches = Vec::new();
    let cut_rounds = event
        .cut
        .iter()
        .flat_map(|cut| cut.rounds.iter().map(|bracket| &bracket.round));
    for found in event
        .rounds
        .iter()
        .chain(cut_rounds)
        .flat_map(|round| &round.matches)
    {
        let (Seats::Pair { a, b }, Some(result)) = (found.seats, &found.result) else {
            continue;
        };
        if matches!(result.entry, ResultEntry::Penalty { .. }) {
            continue;
        }
        let (Some(sa), Some(sb)) = (result.seats.first(), result.seats.get(1)) else {
            continue;
        };
        if sa.category != Category::Played || sb.category != Category::Played {
            continue;
        }
        let outcome = match (sa.outcome, sb.outcome) {
            (Outcome::Win, Outcome::Win) => continue,
            (Outcome::Win, _) => RatedOutcome::AWins,
            (_, Outcome::Win) => RatedOutcome::BWins,
            (Outcome::Draw, Outcome::Draw) => RatedOutcome::Draw,
            (Outcome::Loss, Outcome::Loss) => RatedOutcome::BothLose,
            _ => continue,
        };
        if let (Ok(a), Ok(b)) = (event.player(a), event.player(b)) {
            matches.push((key(a), key(b), outcome));
        }
    }
    matches
}

fn rated_event(event: &Event, id: String, people: &People) -> RatedEvent {
    let event_id = id.clone();
    let person_of =
        |player: &tablekeeper_engine::model::Player| person_key(&event_id, player, people);
    let matches = played_matches(event, person_of)
        .into_iter()
        .map(|(a, b, outcome)| RatedMatch { a, b, outcome })
        .collect();
    let held_at = held_at(&id);
    RatedEvent {
        id,
        held_at,
        name: event.settings.name.clone(),
        title: title_of(event),
        players: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
        names: event
            .players
            .iter()
            .map(|player| (person_of(player), player.details.name.clone()))
            .collect(),
        matches,
    }
}
