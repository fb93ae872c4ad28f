//! `library`, `register` and `deck-check`: the shop's player library (docs/library.md) and
//! deck checks (docs/deck-checks.md) as the surface's typed requests, and their text.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::library::{
    LibraryEditRequest, LibraryFileRequest, LibraryFindRequest, LibraryMergeRequest,
    LibraryNumberRequest, OpenLibraryRequest,
};
use tablekeeper_commands::desk::library_events::{LibraryEventsRequest, LibraryRegisterRequest};
use tablekeeper_commands::desk::tool_people::{ToolConfirmRequest, ToolPlayersRequest};
use tablekeeper_commands::views::library::{LibraryDetails, PublisherIds, PublisherTool};
use tablekeeper_commands::views::library::{LibraryPlayerView, PlayerHistoryView};
use tablekeeper_words::{ErrorKind, msg};

use crate::args::LibraryStep;
use crate::host::Host;
use crate::output::Output;

/// Whether a command may make the library it names: only `library add` and `library
/// import` (and the exchange's set-up) do; a command that reads never creates one, so a
/// mistyped path is said, not answered from a new empty library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named {
    MayCreate,
    MustExist,
}

/// Opens another player library when one is named (`--library PATH`).
pub(crate) fn choose(
    desk: &mut Desk,
    library: Option<PathBuf>,
    named: Named,
) -> Result<(), CommandError> {
    if let Some(path) = library {
        if named == Named::MustExist && !path.exists() {
            return Err(CommandError::input(
                ErrorKind::FileNotFound,
                msg!(
                    "error.library.not-found",
                    "there is no player library at {path}: check the path (a new library is made by `library add` or `library import` with --library)",
                    path = path.display().to_string()
                ),
            ));
        }
        desk.open_library(OpenLibraryRequest { path: Some(path) })?;
    }
    Ok(())
}

pub fn library(
    host: &mut Host,
    library: Option<PathBuf>,
    step: LibraryStep,
) -> Result<Output, CommandError> {
    let desk = host.plain();
    let named = match step {
        LibraryStep::Add { .. } | LibraryStep::Import { .. } | LibraryStep::ToolConfirm { .. } => {
            Named::MayCreate
        }
        _ => Named::MustExist,
    };
    choose(desk, library, named)?;
    match step {
        LibraryStep::List => {
            let players = desk.library_players(())?;
            Output::new(players_text(&players), &players)
        }
        LibraryStep::Find { typed } => {
            let players = desk.library_find(LibraryFindRequest { typed, limit: None })?;
            Output::new(players_text(&players), &players)
        }
        LibraryStep::Add { name, fields } => {
            let player = desk.library_add(LibraryDetails {
                person: fields.person.details(name, Vec::new()),
                note: fields.note,
                ids: PublisherIds {
                    tcgplus_id: fields.tcgplus_id,
                    pokemon_id: fields.pokemon_id,
                },
            })?;
            Output::new(
                format!("added: {}", players_text(std::slice::from_ref(&player))),
                &player,
            )
        }
        LibraryStep::Edit {
            number,
            name,
            fields,
        } => {
            let was = desk.library_player(number)?.details;
            let kept = |new: Option<String>, old: Option<String>| match new {
                Some(text) if text.is_empty() => None,
                Some(text) => Some(text),
                None => old,
            };
            let player = desk.library_edit(LibraryEditRequest {
                number,
                details: LibraryDetails {
                    person: fields.person.change(name).applied_to(&was.person),
                    note: kept(fields.note, was.note),
                    ids: PublisherIds {
                        tcgplus_id: kept(fields.tcgplus_id, was.ids.tcgplus_id),
                        pokemon_id: kept(fields.pokemon_id, was.ids.pokemon_id),
                    },
                },
            })?;
            Output::new(
                format!("corrected: {}", players_text(std::slice::from_ref(&player))),
                &player,
            )
        }
        LibraryStep::Duplicates => {
            let groups = desk.library_duplicates(())?;
            let mut text = String::new();
            for group in &groups {
                let _ = writeln!(text, "these look like one person:\n{}", players_text(group));
            }
            if groups.is_empty() {
                text.push_str("no duplicates\n");
            }
            Output::new(text, &groups)
        }
        LibraryStep::Merge { keep, other } => {
            let player = desk.library_merge(LibraryMergeRequest { keep, other })?;
            Output::new(
                format!(
                    "merged into: {}",
                    players_text(std::slice::from_ref(&player))
                ),
                &player,
            )
        }
        LibraryStep::Remove { number } => {
            let player = desk.library_remove(LibraryNumberRequest { number })?;
            Output::new(
                format!("removed: {} ({number})\n", player.details.person.name),
                &player,
            )
        }
        LibraryStep::Export { path } => {
            let written = desk.library_export(LibraryFileRequest { path })?;
            Output::new(
                format!("the library was written to {}\n", written.written),
                &written,
            )
        }
        LibraryStep::Import { path } => {
            let imported = desk.library_import(LibraryFileRequest { path })?;
            let text = format!(
                "{} players added, {} already here; the library has {} players\n",
                imported.added, imported.matched, imported.library.players
            );
            Output::new(text, &imported)
        }
        LibraryStep::History { number } => {
            let history = desk.library_history(LibraryNumberRequest { number })?;
            Output::new(history_text(&history), &history)
        }
        LibraryStep::ToolPlayers { files } => {
            let waiting = desk.tool_players_unmatched(ToolPlayersRequest { files })?;
            let mut text = String::new();
            for player in &waiting {
                let _ = writeln!(
                    text,
                    "{} ({} {}) played {} ({}); {}",
                    player.name,
                    player.tool.name(),
                    player.id,
                    player.event_name,
                    player.date,
                    if player.suggestions.is_empty() {
                        "nobody in the library by that name"
                    } else {
                        "may be:"
                    }
                );
                text.push_str(&players_text(&player.suggestions));
            }
            if waiting.is_empty() {
                text.push_str("every player of these files is in the library\n");
            }
            Output::new(text, &waiting)
        }
        LibraryStep::ToolConfirm {
            tool,
            id,
            name,
            number,
        } => {
            let tool = if tool == "pokemon" {
                PublisherTool::Pokemon
            } else {
                PublisherTool::Tcgplus
            };
            let player = desk.tool_player_confirm(ToolConfirmRequest {
                tool,
                id,
                name,
                number,
            })?;
            Output::new(
                format!("confirmed: {}", players_text(std::slice::from_ref(&player))),
                &player,
            )
        }
        LibraryStep::Events { from, to } => {
            let events = desk.library_events(LibraryEventsRequest { from, to })?;
            let mut text = String::new();
            for event in &events {
                let date = event.date.get(..10).unwrap_or(&event.date);
                let _ = writeln!(
                    text,
                    "{date}  {}  ({} players)  {}",
                    event.name,
                    event.players,
                    event.file.display()
                );
            }
            if events.is_empty() {
                text.push_str("the library has no events in these dates\n");
            }
            Output::new(text, &events)
        }
    }
}

pub fn register(
    host: &mut Host,
    file: &Path,
    numbers: Vec<u32>,
    library: Option<PathBuf>,
) -> Result<Output, CommandError> {
    let desk = host.open(file)?;
    choose(desk, library, Named::MustExist)?;
    let added = desk.register_from_library(LibraryRegisterRequest { numbers })?;
    let mut text = String::new();
    for player in &added {
        let _ = writeln!(
            text,
            "registered {} as player {}",
            player.details.name, player.id
        );
    }
    Output::new(text, &added)
}

fn players_text(players: &[LibraryPlayerView]) -> String {
    let mut text = String::new();
    for p in players {
        let person = &p.details.person;
        let reading = person
            .reading
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        let id = person
            .publisher_id
            .as_deref()
            .map(|i| format!("  ID {i}"))
            .unwrap_or_default();
        let tools = [
            ("TCG+", &p.details.ids.tcgplus_id),
            ("Play! Pokémon", &p.details.ids.pokemon_id),
        ]
        .iter()
        .filter_map(|(tool, number)| number.as_deref().map(|n| format!("  {tool} {n}")))
        .collect::<String>();
        let seen = p
            .last_seen
            .as_deref()
            .map(|s| format!("  {} events, last {}", p.events, s.get(..10).unwrap_or(s)))
            .unwrap_or_default();
        let _ = writeln!(
            text,
            "{:>6}  {}{reading}{id}{tools}{seen}",
            p.number, person.name
        );
    }
    text
}

fn history_text(history: &PlayerHistoryView) -> String {
    let mut text = format!(
        "{} (library {}): {} events\n",
        history.player.details.person.name,
        history.player.number,
        history.events.len()
    );
    for event in &history.events {
        if !event.readable {
            let _ = writeln!(
                text,
                "  {}  {}  (the file cannot be read now: {})",
                event.date.get(..10).unwrap_or(&event.date),
                event.name,
                event.file.display()
            );
            continue;
        }
        let place = event
            .place
            .map(|p| format!("{p} of {}", event.players))
            .unwrap_or_default();
        let _ = writeln!(
            text,
            "  {}  {}  {place}  {}-{}-{}{}",
            event.date.get(..10).unwrap_or(&event.date),
            event.name,
            event.wins,
            event.losses,
            event.draws,
            if event.dropped { "  dropped" } else { "" }
        );
        for penalty in &event.penalties {
            let _ = writeln!(
                text,
                "      round {}: {} ({}) — not counted in another event",
                penalty.round,
                penalty.penalty.id(),
                penalty.infraction
            );
        }
    }
    text
}

pub fn deck_checks_text(
    checks: &[tablekeeper_commands::views::deck_checks::DeckCheckView],
) -> String {
    let mut text = String::new();
    for check in checks {
        let _ = writeln!(
            text,
            "round {} deck check (seed {}):",
            check.round, check.seed
        );
        for table in &check.tables {
            let players: Vec<String> = table
                .players
                .iter()
                .map(|p| format!("{} ({})", p.name, p.number))
                .collect();
            let extension = if table.extension_minutes > 0 {
                format!("  +{} min", table.extension_minutes)
            } else {
                String::new()
            };
            let _ = writeln!(
                text,
                "  table {:>4}: {}{extension}",
                table.table,
                players.join(" vs ")
            );
        }
    }
    if checks.is_empty() {
        text.push_str("no deck check in this round\n");
    }
    text
}
