//! One person across the shop's events and the publishers' own tools (docs/library.md, "One
//! person across TCG+, TOM and the shop's events"). A TCG+ organizer file names a player by
//! their TCG+ membership number, a TOM file by their Play! Pokémon ID, a shop event by how
//! the desk registered them. The player library says which of these are one person: its
//! cards carry the publisher ID of the shop's events and their TCG+ and Play! Pokémon
//! numbers. A number no card carries is the publisher ID a shop event's player would be
//! registered with, compared as before (exactly), so a season without a library counts as
//! it always did, and a number of one tool never becomes a card by another tool's number.
//!
//! The readers of the publishers' files key a player with [`tcgplus_key`] or
//! [`pokemon_key`]; a season, a league and ratings pass every key through
//! [`Identities::key`], which gives the card's key as the caller keys cards ([`CardKeys`]).

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

/// The library's card `number` as the ratings key it (each laptop's own numbers: ratings
/// are one laptop's).
pub(crate) fn library_key(number: u32) -> String {
    format!("library:{number}")
}

/// How a caller keys each library card (by library number): a season and a league by what
/// every laptop of a league agrees on ([`CardKeys::shared`]), ratings by library number.
pub(crate) type CardKeys = HashMap<u32, String>;

/// A card's key in a season or a league: its publisher ID where it has one (as a shop
/// event's player registered with it is keyed), else its global identity; the same on every
/// laptop that holds the same library changes.
pub(crate) fn shared_key(player: &LibraryPlayer, uid: Option<&String>) -> String {
    match player.details.person.publisher_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() => format!("{PUBLISHER}{id}"),
        _ => match uid {
            Some(uid) => format!("person:{uid}"),
            None => library_key(player.number),
        },
    }
}

/// Which library card each number is.
#[derive(Debug, Default, Clone)]
pub(crate) struct Identities {
    /// By the tool's number, compared as a number (`0123456` is `123456`).
    tcgplus: HashMap<String, u32>,
    pokemon: HashMap<String, u32>,
    /// By the publisher ID the card carries, exactly (trimmed).
    publisher: HashMap<String, u32>,
    /// Publisher IDs a shop event's player linked to a card was registered with (a card may
    /// carry none): the card's key.
    registered: HashMap<String, String>,
    keys: CardKeys,
}

impl Identities {
    /// The numbers the library's cards carry, each card keyed as `keys` says (a card it
    /// does not name: by library number); of two cards with one number (a merge not made
    /// yet), the lower library number.
    pub(crate) fn of(players: &[LibraryPlayer], keys: CardKeys) -> Identities {
        let mut sorted: Vec<&LibraryPlayer> = players.iter().collect();
        sorted.sort_by_key(|p| p.number);
        let mut identities = Identities {
            keys,
            ..Identities::default()
        };
        for player in sorted {
            let numbers = [
                (
                    &mut identities.tcgplus,
                    &player.details.ids.tcgplus_id,
                    true,
                ),
                (
                    &mut identities.pokemon,
                    &player.details.ids.pokemon_id,
                    true,
                ),
                (
                    &mut identities.publisher,
                    &player.details.person.publisher_id,
                    false,
                ),
            ];
            for (map, number, as_number) in numbers {
                let Some(number) = number.as_deref().map(str::trim).filter(|n| !n.is_empty())
                else {
                    continue;
                };
                let number = if as_number {
                    comparable(number)
                } else {
                    number.to_string()
                };
                map.entry(number).or_insert(player.number);
            }
        }
        identities
    }

    /// A shop event's player registered with publisher ID `id` is the card keyed `key`
    /// (the first such registration counts).
    pub(crate) fn registered(&mut self, id: &str, key: &str) {
        let id = id.trim();
        if !id.is_empty() && !self.publisher.contains_key(id) {
            self.registered
                .entry(id.to_string())
                .or_insert_with(|| key.to_string());
        }
    }

    /// The library number of the card `key` is, when the library knows them: a tool's
    /// number by the card that carries it, else (as any publisher ID, exactly) by the card
    /// registered with it (a Bandai player registers at the desk with their TCG+ number).
    pub(crate) fn known(&self, key: &str) -> Option<u32> {
        self.known_by_tool(key).or_else(|| {
            let id = [TCGPLUS, POKEMON, PUBLISHER]
                .iter()
                .find_map(|prefix| key.strip_prefix(prefix))?;
            self.publisher.get(id.trim()).copied()
        })
    }

    /// The library number of the card that carries a tool's number (`tcgplus:`/`pokemon:`
    /// keys only).
    pub(crate) fn known_by_tool(&self, key: &str) -> Option<u32> {
        let (map, number) = if let Some(number) = key.strip_prefix(TCGPLUS) {
            (&self.tcgplus, number)
        } else {
            (&self.pokemon, key.strip_prefix(POKEMON)?)
        };
        map.get(&comparable(number)).copied()
    }

    /// The person `key` is: the card's key where the library knows them, else the
    /// publisher ID, as before the library knew them.
    pub(crate) fn key(&self, key: &str) -> String {
        if let Some(number) = self.known(key) {
            return self
                .keys
                .get(&number)
                .cloned()
                .unwrap_or_else(|| library_key(number));
        }
        let Some(id) = [TCGPLUS, POKEMON, PUBLISHER]
            .iter()
            .find_map(|prefix| key.strip_prefix(prefix))
        else {
            return key.to_string();
        };
        match self.registered.get(id.trim()) {
            Some(card) => card.clone(),
            None => format!("{PUBLISHER}{id}"),
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

/// A tool's number as compared: trimmed, and a number of digits without its leading zeros
/// (`0123456` is the player `123456`, as TOM compares them).
pub(crate) fn comparable(number: &str) -> String {
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

    fn card(
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
    fn each_tool_number_is_the_card_that_carries_it() {
        let identities = Identities::of(
            &[
                card(7, Some("BR-77"), Some("0000012345"), Some("1234567")),
                card(3, None, None, Some("999")),
            ],
            CardKeys::new(),
        );
        assert_eq!(identities.key(&tcgplus_key("12345")), "library:7");
        assert_eq!(identities.key(&pokemon_key("01234567")), "library:7");
        assert_eq!(identities.key("id:BR-77"), "library:7");
        assert_eq!(identities.key(&pokemon_key("999")), "library:3");
        // The same digits in another tool are not that card.
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
    fn a_number_two_cards_carry_is_the_lower_numbers() {
        let identities = Identities::of(
            &[
                card(9, None, None, Some("42")),
                card(4, None, None, Some("042")),
            ],
            CardKeys::new(),
        );
        assert_eq!(identities.key(&pokemon_key("42")), "library:4");
    }

    #[test]
    fn a_publisher_id_is_compared_exactly_and_never_across_tools_by_value() {
        // A Bandai player registers at the desk with their TCG+ membership number.
        let identities =
            Identities::of(&[card(2, Some("0000055555"), None, None)], CardKeys::new());
        assert_eq!(identities.key(&tcgplus_key("0000055555")), "library:2");
        // A Play! Pokémon ID with the same digits but no leading zeros is someone else.
        assert_eq!(identities.known(&pokemon_key("55555")), None);
        assert_eq!(identities.key(&pokemon_key("55555")), "id:55555");
    }

    #[test]
    fn a_card_registered_under_an_id_it_does_not_carry_is_found_by_it() {
        let mut identities = Identities::of(
            &[card(5, None, None, None)],
            CardKeys::from([(5, "person:u5".to_string())]),
        );
        identities.registered("0000100001", "person:u5");
        assert_eq!(identities.key(&tcgplus_key("0000100001")), "person:u5");
        assert_eq!(identities.key("id:0000100001"), "person:u5");
    }
}
