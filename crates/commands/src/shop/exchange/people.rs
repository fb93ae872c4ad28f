//! Shared events' players matched to the library's people by a person: who they may be,
//! and the confirmation (a change that travels).

use tablekeeper_store::library::{Library, LibraryDetails};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::views::exchange::*;

/// Shared events' players no library player is yet, with who they may be.
pub fn unmatched(library: &Library) -> Result<Vec<UnmatchedView>, CommandError> {
    let mut all = Vec::new();
    for (event, player) in library.unlinked_players()? {
        let details = LibraryDetails {
            person: player.details.clone(),
            ..LibraryDetails::default()
        };
        let mut found: Vec<tablekeeper_store::library::LibraryPlayer> =
            library.same_as(&details)?.into_iter().collect();
        for typed in std::iter::once(&player.details.name).chain(player.details.reading.as_ref()) {
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
                person: p.details.person,
            })
            .collect();
        all.push(UnmatchedView {
            event: event.identity,
            event_name: event.name,
            date: event.date,
            player: player.number,
            person: player.details,
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
                        person: found.details.clone(),
                        ..LibraryDetails::default()
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
