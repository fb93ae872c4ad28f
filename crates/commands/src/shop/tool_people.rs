//! The players of the publishers' own files (TCG+ organizer CSVs, TOM `.tdf` files) matched
//! to the library's people by a person, as shared events' players are (docs/library.md,
//! "One person across TCG+, TOM and the shop's events"). A number the library knows is
//! already someone (`shop::identities`); for the others the library's players with a
//! matching name are suggested, and a person confirms who it is: the number goes onto that
//! library player (a correction that travels to the shops the library is shared with), or
//! onto a new library player.

use std::collections::BTreeMap;
use std::path::PathBuf;

use tablekeeper_store::library::{Library, LibraryDetails, LibraryPlayer, PublisherIds};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::shop::identities::{Identities, comparable, pokemon_key, tcgplus_key};
use crate::shop::views::library::{LibraryPlayerView, PublisherTool, ToolPlayerView};

/// The most suggestions shown for one player.
const SUGGESTIONS: usize = 5;

/// Every player of the TCG+ and TOM files among `files` (other files are passed over)
/// whom no library player carries the number of, once each, ordered by day then name.
pub fn unmatched(
    library: &Library,
    files: &[PathBuf],
) -> Result<Vec<ToolPlayerView>, CommandError> {
    let identities = Identities::of(&library.players()?, Default::default());
    let mut found: BTreeMap<(PublisherTool, String), ToolPlayerView> = BTreeMap::new();
    for seen in players_in(files)? {
        let key = match seen.tool {
            PublisherTool::Tcgplus => tcgplus_key(&seen.id),
            PublisherTool::Pokemon => pokemon_key(&seen.id),
        };
        if identities.known(&key).is_some() {
            continue;
        }
        let earlier = found
            .get(&(seen.tool, seen.id.clone()))
            .is_some_and(|kept| kept.date <= seen.date);
        if !earlier {
            found.insert((seen.tool, seen.id.clone()), seen);
        }
    }
    let mut all: Vec<ToolPlayerView> = found.into_values().collect();
    for player in &mut all {
        player.suggestions = suggestions(library, &player.name)?;
    }
    all.sort_by(|a, b| (&a.date, &a.name, &a.id).cmp(&(&b.date, &b.name, &b.id)));
    Ok(all)
}

/// The library players who may be `name`: those the whole name finds first, then those
/// each word of it finds (TOM splits a name in two; TCG+ keeps what the player typed, so
/// "Ash Ketchum" may be the library's "Ash K."), at most [`SUGGESTIONS`].
fn suggestions(library: &Library, name: &str) -> Result<Vec<LibraryPlayerView>, CommandError> {
    let mut found: Vec<LibraryPlayer> = Vec::new();
    let words =
        std::iter::once(name).chain(name.split_whitespace().filter(|w| w.chars().count() >= 2));
    for typed in words {
        for candidate in library.find(typed, SUGGESTIONS)? {
            if found.len() < SUGGESTIONS && !found.iter().any(|f| f.number == candidate.number) {
                found.push(candidate);
            }
        }
    }
    found
        .into_iter()
        .map(|p| {
            let seen = library.seen_one(p.number)?;
            Ok(LibraryPlayerView::of(p, seen))
        })
        .collect()
}

/// The players the TCG+ and TOM files among `files` name, as the files give them.
fn players_in(files: &[PathBuf]) -> Result<Vec<ToolPlayerView>, CommandError> {
    let seen = |tool, id: &str, name: &str, event_name: &str, date: &str| ToolPlayerView {
        tool,
        id: id.to_string(),
        name: name.to_string(),
        event_name: event_name.to_string(),
        date: date.to_string(),
        suggestions: Vec::new(),
    };
    let mut players = Vec::new();
    let csv: Vec<PathBuf> = files
        .iter()
        .filter(|path| crate::formats::tcgplus::is_tcgplus_file(path))
        .cloned()
        .collect();
    for (_, event) in crate::formats::tcgplus_set::read_set(&csv)? {
        for placing in &event.placings {
            players.push(seen(
                PublisherTool::Tcgplus,
                &placing.membership,
                &placing.user_name,
                &event.name,
                &event.held_on,
            ));
        }
    }
    for path in files.iter().filter(|p| crate::formats::tom::is_tom_file(p)) {
        let event = crate::formats::tom::read(path)?;
        for (userid, name) in &event.players {
            players.push(seen(
                PublisherTool::Pokemon,
                userid,
                name,
                &event.name,
                &event.held_on,
            ));
        }
    }
    Ok(players)
}

/// The library's details of `player` with `id` as their number in `tool`: refused when
/// they already carry another number there (a person has one; correct it on their card).
pub fn with_number(
    player: &LibraryPlayer,
    tool: PublisherTool,
    id: &str,
) -> Result<LibraryDetails, CommandError> {
    let mut details = player.details.clone();
    let slot = slot(&mut details.ids, tool);
    if let Some(carried) = slot.as_deref()
        && comparable(carried) != comparable(id)
    {
        return Err(CommandError::input(
            ErrorKind::ToolNumber,
            msg!(
                "error.tool-number.has-another",
                "{name} (library number {number}) already has the {tool} number {carried}; if {id} is theirs too, correct their card first",
                name = player.details.person.name.clone(),
                number = player.number,
                tool = tool.name().to_string(),
                carried = carried.to_string(),
                id = id.to_string()
            ),
        ));
    }
    *slot = Some(id.to_string());
    Ok(details)
}

/// A new library player for a tool's player: their name and number as the file gives them.
pub fn new_person(tool: PublisherTool, id: &str, name: &str) -> LibraryDetails {
    let mut details = LibraryDetails::default();
    details.person.name = name.to_string();
    *slot(&mut details.ids, tool) = Some(id.to_string());
    details
}

/// Refuses a TCG+ or Play! Pokémon number another card than `card` (the one corrected, if
/// any) already carries in that tool. Only the numbers that change are checked, so a
/// duplicate the library already holds stays correctable until it is merged.
pub fn check_free(
    library: &Library,
    ids: &PublisherIds,
    card: Option<&LibraryPlayer>,
) -> Result<(), CommandError> {
    let except = card.map(|c| c.number);
    let before = card.map(|c| &c.details.ids);
    let identities = Identities::of(&library.players()?, Default::default());
    let numbers = [
        (
            PublisherTool::Tcgplus,
            &ids.tcgplus_id,
            before.and_then(|b| b.tcgplus_id.as_deref()),
        ),
        (
            PublisherTool::Pokemon,
            &ids.pokemon_id,
            before.and_then(|b| b.pokemon_id.as_deref()),
        ),
    ];
    for (tool, id, had) in numbers {
        let Some(id) = id.as_deref() else { continue };
        if had.is_some_and(|had| comparable(had) == comparable(id)) {
            continue;
        }
        let key = match tool {
            PublisherTool::Tcgplus => tcgplus_key(id),
            PublisherTool::Pokemon => pokemon_key(id),
        };
        let Some(number) = identities
            .known_by_tool(&key)
            .filter(|number| Some(*number) != except)
        else {
            continue;
        };
        let other = library.player(number)?;
        return Err(CommandError::input(
            ErrorKind::ToolNumber,
            msg!(
                "error.tool-number.taken",
                "the {tool} number {id} is {name}'s (library number {number}): if they are one person, merge the two players instead",
                tool = tool.name().to_string(),
                id = id.to_string(),
                name = other.details.person.name,
                number = number
            ),
        ));
    }
    Ok(())
}

fn slot(ids: &mut PublisherIds, tool: PublisherTool) -> &mut Option<String> {
    match tool {
        PublisherTool::Tcgplus => &mut ids.tcgplus_id,
        PublisherTool::Pokemon => &mut ids.pokemon_id,
    }
}
