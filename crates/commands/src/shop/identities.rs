//! One person across the shop's events and the publishers' own tools (docs/library.md, "One
//! person across TCG+, TOM and the shop's events"). A TCG+ organizer file names a player by
//! their TCG+ membership number, a TOM file by their Play! Pokémon ID, a shop event by how
//! the desk registered them. The player library says which of these are one person: its
//! people carry the publisher ID of the shop's events and their TCG+ and Play! Pokémon
//! numbers. Without the library (or for a number it does not know) each number is the
//! publisher ID a shop event's player would carry, as before the library knew them.
//!
//! The readers of the publishers' files key a player with [`tcgplus_key`] or
//! [`pokemon_key`]; a season and ratings pass every key through [`Identities::key`].

use std::collections::HashMap;

use tablekeeper_engine::ratings::RatedEvent;
use tablekeeper_engine::season::SeasonEvent;
use tablekeeper_store::library::LibraryPlayer;

const TCGPLUS: &str = "tcgplus:";
const POKEMON: &str = "pokemon:";
const PUBLISHER: &str = "id:";

/// A TCG+ organizer file's player, by membership number.
pub(crate) fn tcgplus_key(membership: &str) -> String {
    format!("{TCGPLUS}{membership}")
}

/// A TOM file's player, by Play! Pokémon ID.
pub(crate) fn pokemon_key(userid: &str) -> String {
    format!("{POKEMON}{userid}")
}

/// The library's person `number` (a season's and the ratings' key for them).
pub(crate) fn library_key(number: u32) -> String {
    format!("library:{number}")
}

/// Which library person each number is.
#[derive(Debug, Default)]
pub(crate) struct Identities {
    publisher: HashMap<String, u32>,
    tcgplus: HashMap<String, u32>,
    pokemon: HashMap<String, u32>,
}

impl Identities {
    /// The numbers the library's people carry; of two people with one number (a merge a
    /// person has not made yet), the lower library number.
    pub(crate) fn of(players: &[LibraryPlayer]) -> Identities {
        let mut sorted: Vec<&LibraryPlayer> = players.iter().collect();
        sorted.sort_by_key(|p| p.number);
        let mut identities = Identities::default();
        for player in sorted {
            let numbers = [
                (
                    &mut identities.publisher,
                    &player.details.person.publisher_id,
                ),
                (&mut identities.tcgplus, &player.details.ids.tcgplus_id),
                (&mut identities.pokemon, &player.details.ids.pokemon_id),
            ];
            for (map, number) in numbers {
                if let Some(number) = number.as_deref().map(comparable)
                    && !number.is_empty()
                {
                    map.entry(number).or_insert(player.number);
                }
            }
        }
        identities
    }

    /// The person `key` is: the library's where it knows the number, else the publisher ID.
    pub(crate) fn key(&self, key: &str) -> String {
        if let Some(number) = self.known(key) {
            return library_key(number);
        }
        match [TCGPLUS, POKEMON]
            .iter()
            .find_map(|tool| key.strip_prefix(tool))
        {
            Some(number) => format!("{PUBLISHER}{number}"),
            None => key.to_string(),
        }
    }

    /// The library number of the person `key` is, when the library knows them: a tool's
    /// number by the people who carry it, else (as any publisher ID) by the people
    /// registered with it (a Bandai player registers at the desk with their TCG+ number).
    pub(crate) fn known(&self, key: &str) -> Option<u32> {
        let by = |map: &HashMap<String, u32>, number: &str| map.get(&comparable(number)).copied();
        if let Some(number) = key.strip_prefix(TCGPLUS) {
            by(&self.tcgplus, number).or_else(|| by(&self.publisher, number))
        } else if let Some(number) = key.strip_prefix(POKEMON) {
            by(&self.pokemon, number).or_else(|| by(&self.publisher, number))
        } else if let Some(id) = key.strip_prefix(PUBLISHER) {
            by(&self.publisher, id)
        } else {
            None
        }
    }

    /// A season's event with every player as the person they are.
    pub(crate) fn season_event(&self, mut event: SeasonEvent) -> SeasonEvent {
        for result in &mut event.results {
            result.key = self.key(&result.key);
        }
        for (a, b, _) in &mut event.matches {
            *a = self.key(a);
            *b = self.key(b);
        }
        event
    }

    /// A rated event with every player as the person they are.
    pub(crate) fn rated_event(&self, mut event: RatedEvent) -> RatedEvent {
        for (key, _) in &mut event.names {
            *key = self.key(key);
        }
        for played in &mut event.matches {
            played.a = self.key(&played.a);
            played.b = self.key(&played.b);
        }
        event
    }
}

/// A number as compared: trimmed, and a number of digits without its leading zeros
/// (`0123456` is the player `123456`, as TOM compares them).
fn comparable(number: &str) -> String {
    let number = number.trim();
    if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
        let significant = number.trim_start_matches('0');
        if significant.is_empty() {
            "0".into()
        } else {
            significant.into()
        }
    } else {
        number.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablekeeper_store::library::{LibraryDetails, PublisherIds};

    fn person(
        number: u32,
        publisher: Option<&str>,
        tcgplus: Option<&str>,
        pop: Option<&str>,
    ) -> LibraryPlayer {
        let mut details = LibraryDetails {
            ids: PublisherIds {
                tcgplus_id: tcgplus.map(Into::into),
                pokemon_id: pop.map(Into::into),
            },
            ..LibraryDetails::default()
        };
        details.person.name = format!("P{number}");
        details.person.publisher_id = publisher.map(Into::into);
        LibraryPlayer {
            number,
            details,
            added_at: String::new(),
        }
    }

    #[test]
    fn each_tool_number_is_the_library_person_who_carries_it() {
        let identities = Identities::of(&[
            person(7, Some("BR-77"), Some("0000012345"), Some("1234567")),
            person(3, None, None, Some("999")),
        ]);
        assert_eq!(identities.key(&tcgplus_key("12345")), "library:7");
        assert_eq!(identities.key(&pokemon_key("01234567")), "library:7");
        assert_eq!(identities.key("id:BR-77"), "library:7");
        assert_eq!(identities.key(&pokemon_key("999")), "library:3");
        // The same digits in another tool are not that person.
        assert_eq!(identities.key(&tcgplus_key("999")), "id:999");
        assert_eq!(identities.key("name:Aiko|"), "name:Aiko|");
    }

    #[test]
    fn without_the_library_a_number_is_a_publisher_id_as_before() {
        let identities = Identities::default();
        assert_eq!(identities.key(&tcgplus_key("0012")), "id:0012");
        assert_eq!(identities.key(&pokemon_key("555")), "id:555");
    }

    #[test]
    fn a_number_two_people_carry_is_the_lower_numbers() {
        let identities = Identities::of(&[
            person(9, None, None, Some("42")),
            person(4, None, None, Some("042")),
        ]);
        assert_eq!(identities.key(&pokemon_key("42")), "library:4");
    }

    #[test]
    fn a_tcgplus_number_the_desk_registered_as_publisher_id_is_that_person() {
        // A Bandai player registers at the desk with their TCG+ membership number.
        let identities = Identities::of(&[person(2, Some("0000055555"), None, None)]);
        assert_eq!(identities.key(&tcgplus_key("0000055555")), "library:2");
    }
}
