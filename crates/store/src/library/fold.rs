//! The shared library as a fold of its journal: every change any shop made (added, edited,
//! merged, removed, played an event), taken in one order every laptop agrees on (the
//! change's Lamport clock, then its shop's key, then the shop's own count), gives the same
//! people and the same histories however the bundles arrived. Pure: no SQLite here.
//!
//! A shop only changes a person it has heard of, and its clock is always past every change
//! it has heard of, so in this order a change always comes after the ones it rests on. A
//! change to a person removed earlier in the order is not applied and is said as a
//! conflict; nothing is picked silently.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A person's details as they travel between shops: the engine's [`PlayerDetails`] (a note
/// stays in its own shop; a library person has no team members).
pub use tablekeeper_engine::PlayerDetails;

/// The numbers a person has in the publishers' own tools, apart from the publisher ID the
/// shop's events register them with: a Bandai TCG+ membership number and a Play! Pokémon ID
/// (docs/library.md, "One person across TCG+, TOM and the shop's events"). Each is digits
/// as the tools print them; empty when unknown. They travel with the person's details; a
/// change without them is written as it always was.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PublisherIds {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcgplus_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pokemon_id: Option<String>,
}

impl PublisherIds {
    pub fn is_empty(&self) -> bool {
        self.tcgplus_id.is_none() && self.pokemon_id.is_none()
    }

    /// `self`'s numbers, the ones it lacks from `other` (a merge).
    pub fn or(self, other: PublisherIds) -> PublisherIds {
        PublisherIds {
            tcgplus_id: self.tcgplus_id.or(other.tcgplus_id),
            pokemon_id: self.pokemon_id.or(other.pokemon_id),
        }
    }
}

/// A person as the journal adds them up: details, publisher tools' numbers, when added.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FoldedPerson {
    pub details: PlayerDetails,
    pub ids: PublisherIds,
    pub added_at: String,
}

/// One change to the library, as recorded and as it travels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ChangeBody {
    /// A person joined the library (`added_at` is when, in the shop that added them).
    Add {
        person: String,
        details: PlayerDetails,
        added_at: String,
        #[serde(default, skip_serializing_if = "PublisherIds::is_empty")]
        ids: PublisherIds,
    },
    /// A person's details were replaced, and their publisher tools' numbers where `ids`
    /// says them (absent: unchanged, as every edit written before the numbers existed).
    Edit {
        person: String,
        details: PlayerDetails,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ids: Option<PublisherIds>,
    },
    /// `other` is `keep` (`keep`'s details win; the ones it lacks come from `other`).
    Merge { keep: String, other: String },
    /// A person asked to leave the library.
    Remove { person: String },
    /// A person played an event as its player `player`.
    Appear {
        person: String,
        event: String,
        player: u32,
        event_name: String,
        date: String,
    },
    /// A change of a person removed on request, its details erased (what it was is kept,
    /// so it adds up as it did).
    Redacted { person: String, of: RedactedKind },
}

/// What a redacted change was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RedactedKind {
    Add,
    Edit,
    Appear,
}

impl ChangeBody {
    /// The people this change touches.
    pub fn people(&self) -> Vec<&str> {
        match self {
            ChangeBody::Add { person, .. }
            | ChangeBody::Edit { person, .. }
            | ChangeBody::Remove { person }
            | ChangeBody::Appear { person, .. }
            | ChangeBody::Redacted { person, .. } => vec![person],
            ChangeBody::Merge { keep, other } => vec![keep, other],
        }
    }
}

impl ChangeBody {
    /// This change with the person's details erased (an add, a correction or an event
    /// played), or `None` for a change that holds none.
    pub fn redacted(&self) -> Option<ChangeBody> {
        let (person, of) = match self {
            ChangeBody::Add { person, .. } => (person, RedactedKind::Add),
            ChangeBody::Edit { person, .. } => (person, RedactedKind::Edit),
            ChangeBody::Appear { person, .. } => (person, RedactedKind::Appear),
            _ => return None,
        };
        Some(ChangeBody::Redacted {
            person: person.clone(),
            of,
        })
    }
}

/// A change with its place in the agreed order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub clock: u64,
    pub shop: String,
    pub seq: u64,
    pub body: ChangeBody,
}

/// One event a person played, as the shared library holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedAppearance {
    pub player: u32,
    pub event_name: String,
    pub date: String,
}

/// A player of an event that arrived in a bundle (for linking by publisher ID).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventPlayer {
    pub event: String,
    pub event_name: String,
    pub date: String,
    pub player: u32,
    pub publisher_id: Option<String>,
}

/// Why a change was not applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FoldConflictKind {
    /// The change is to a person removed (on request) earlier in the order.
    ChangeToRemoved,
    /// The change names a person no change added.
    UnknownPerson,
}

/// A change not applied, said rather than picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoldConflict {
    pub kind: FoldConflictKind,
    /// The shop that made the change.
    pub shop: String,
    pub person: String,
    /// The person's name when known (a removed person's is not kept).
    pub name: Option<String>,
}

/// The library the journal adds up to.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Folded {
    /// Every person in the library, by global identity.
    pub people: BTreeMap<String, FoldedPerson>,
    /// Every (person, event) played.
    pub appearances: BTreeMap<(String, String), SharedAppearance>,
    /// Changes not applied.
    pub conflicts: Vec<FoldConflict>,
    /// Changes (shop, count) that hold details of a person removed on request: to erase.
    pub to_redact: Vec<(String, u64)>,
}

/// Adds up `changes` (in any order: they are sorted here) and links the players of
/// received events to people by publisher ID.
pub fn fold(mut changes: Vec<Change>, event_players: &[EventPlayer]) -> Folded {
    changes.sort_by(|a, b| (a.clock, &a.shop, a.seq).cmp(&(b.clock, &b.shop, b.seq)));
    let mut state = State::default();
    for change in changes {
        state.apply(change);
    }
    state.finish(event_players)
}

#[derive(Default)]
struct State {
    people: BTreeMap<String, FoldedPerson>,
    /// A merged person → the one they were merged into.
    merged: BTreeMap<String, String>,
    removed: BTreeMap<String, ()>,
    /// Every change holding a person's details: (shop, count, person).
    details_held: Vec<(String, u64, String)>,
    /// (person as named by the change, event) → appearance; resolved at the end.
    appearances: Vec<(String, String, SharedAppearance)>,
    conflicts: Vec<FoldConflict>,
}

enum Found {
    Alive(String),
    Removed,
    Unknown,
}

impl State {
    fn resolve(&self, person: &str) -> Found {
        let mut current = person.to_string();
        // Merges form a forest (a person is merged once, into one alive then), so this ends.
        while let Some(next) = self.merged.get(&current) {
            current = next.clone();
        }
        if self.removed.contains_key(&current) {
            Found::Removed
        } else if self.people.contains_key(&current) {
            Found::Alive(current)
        } else {
            Found::Unknown
        }
    }

    fn conflict(&mut self, kind: FoldConflictKind, shop: &str, person: &str) {
        self.conflicts.push(FoldConflict {
            kind,
            shop: shop.to_string(),
            person: person.to_string(),
            name: None,
        });
    }

    fn alive(&mut self, shop: &str, person: &str) -> Option<String> {
        match self.resolve(person) {
            Found::Alive(person) => Some(person),
            Found::Removed => {
                self.conflict(FoldConflictKind::ChangeToRemoved, shop, person);
                None
            }
            Found::Unknown => {
                self.conflict(FoldConflictKind::UnknownPerson, shop, person);
                None
            }
        }
    }

    fn apply(&mut self, change: Change) {
        if change.body.redacted().is_some() {
            self.details_held.push((
                change.shop.clone(),
                change.seq,
                change.body.people()[0].to_string(),
            ));
        }
        let shop = change.shop.as_str();
        match change.body {
            ChangeBody::Add {
                person,
                details,
                added_at,
                ids,
            } => {
                if !self.people.contains_key(&person) && !self.merged.contains_key(&person) {
                    let added = FoldedPerson {
                        details,
                        ids,
                        added_at,
                    };
                    self.people.insert(person, added);
                }
            }
            ChangeBody::Edit {
                person,
                details,
                ids,
            } => {
                if let Some(person) = self.alive(shop, &person)
                    && let Some(entry) = self.people.get_mut(&person)
                {
                    entry.details = details;
                    if let Some(ids) = ids {
                        entry.ids = ids;
                    }
                }
            }
            ChangeBody::Merge { keep, other } => {
                let (Some(keep), Some(other)) = (self.alive(shop, &keep), self.alive(shop, &other))
                else {
                    return;
                };
                if keep == other {
                    return;
                }
                if let Some(gone) = self.people.remove(&other)
                    && let Some(entry) = self.people.get_mut(&keep)
                {
                    let kept = &mut entry.details;
                    kept.reading = kept.reading.take().or(gone.details.reading);
                    kept.publisher_id = kept.publisher_id.take().or(gone.details.publisher_id);
                    kept.nickname = kept.nickname.take().or(gone.details.nickname);
                    entry.ids = std::mem::take(&mut entry.ids).or(gone.ids);
                }
                self.merged.insert(other, keep);
            }
            ChangeBody::Remove { person } => {
                if let Some(person) = self.alive(shop, &person) {
                    self.people.remove(&person);
                    self.removed.insert(person, ());
                }
            }
            ChangeBody::Redacted { person, of } => match of {
                // The person was there (removed since): nothing of them is left to add.
                RedactedKind::Add => {
                    if !self.people.contains_key(&person) && !self.merged.contains_key(&person) {
                        self.people.insert(person, FoldedPerson::default());
                    }
                }
                RedactedKind::Edit | RedactedKind::Appear => {
                    // As the change it was: a conflict when its person was removed before it.
                    let _ = self.alive(shop, &person);
                }
            },
            ChangeBody::Appear {
                person,
                event,
                player,
                event_name,
                date,
            } => {
                if self.alive(shop, &person).is_some() {
                    self.appearances.push((
                        person,
                        event,
                        SharedAppearance {
                            player,
                            event_name,
                            date,
                        },
                    ));
                }
            }
        }
    }

    fn finish(mut self, event_players: &[EventPlayer]) -> Folded {
        let mut appearances: BTreeMap<(String, String), SharedAppearance> = BTreeMap::new();
        // Each event's players already someone's, so a publisher ID does not link them twice.
        let mut taken: BTreeMap<(String, u32), ()> = BTreeMap::new();
        let appeared = std::mem::take(&mut self.appearances);
        for (person, event, appearance) in appeared {
            // A person removed after playing leaves with their events.
            let Found::Alive(person) = self.resolve(&person) else {
                continue;
            };
            taken.insert((event.clone(), appearance.player), ());
            // One registered twice in an event (merged since) keeps the lower number there.
            appearances
                .entry((person, event))
                .and_modify(|kept| {
                    if appearance.player < kept.player {
                        *kept = appearance.clone();
                    }
                })
                .or_insert(appearance);
        }
        // Publisher ID first: a received event's player with one is that person's.
        let mut by_publisher_id: BTreeMap<&str, &str> = BTreeMap::new();
        for (person, folded) in self.people.iter().rev() {
            if let Some(id) = folded.details.publisher_id.as_deref().map(str::trim)
                && !id.is_empty()
            {
                // The lowest identity wins when two share an ID (a merge waiting to be made).
                by_publisher_id.insert(id, person);
            }
        }
        for player in event_players {
            let Some(id) = player.publisher_id.as_deref().map(str::trim) else {
                continue;
            };
            if taken.contains_key(&(player.event.clone(), player.player)) {
                continue;
            }
            if let Some(person) = by_publisher_id.get(id) {
                appearances
                    .entry((person.to_string(), player.event.clone()))
                    .or_insert(SharedAppearance {
                        player: player.player,
                        event_name: player.event_name.clone(),
                        date: player.date.clone(),
                    });
            }
        }
        let held = std::mem::take(&mut self.details_held);
        let to_redact = held
            .into_iter()
            .filter(|(_, _, person)| matches!(self.resolve(person), Found::Removed))
            .map(|(shop, seq, _)| (shop, seq))
            .collect();
        Folded {
            people: self.people,
            appearances,
            conflicts: self.conflicts,
            to_redact,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(name: &str) -> PlayerDetails {
        PlayerDetails {
            name: name.into(),
            ..PlayerDetails::default()
        }
    }

    fn change(clock: u64, shop: &str, body: ChangeBody) -> Change {
        Change {
            clock,
            shop: shop.into(),
            seq: clock,
            body,
        }
    }

    fn appear(person: &str, event: &str, player: u32) -> ChangeBody {
        ChangeBody::Appear {
            person: person.into(),
            event: event.into(),
            player,
            event_name: event.into(),
            date: "2026-11-20".into(),
        }
    }

    fn add(person: &str, name: &str) -> ChangeBody {
        ChangeBody::Add {
            person: person.into(),
            details: details(name),
            added_at: "2026-11-01".into(),
            ids: PublisherIds::default(),
        }
    }

    #[test]
    fn a_merge_gives_the_same_history_before_or_after_the_event_arrives() {
        let all = vec![
            change(1, "a", add("p1", "Aiko")),
            change(1, "b", add("p2", "Aiko")),
            change(2, "a", appear("p1", "e1", 3)),
            change(3, "b", appear("p2", "e2", 5)),
            change(
                4,
                "c",
                ChangeBody::Merge {
                    keep: "p1".into(),
                    other: "p2".into(),
                },
            ),
            // An appearance of the merged person heard of later (clock after the merge).
            change(5, "b", appear("p2", "e3", 1)),
        ];
        let folded = fold(all.clone(), &[]);
        assert_eq!(folded.people.len(), 1);
        let events: Vec<&str> = folded.appearances.keys().map(|(_, e)| e.as_str()).collect();
        assert_eq!(events, ["e1", "e2", "e3"]);
        let mut reversed = all;
        reversed.reverse();
        assert_eq!(fold(reversed, &[]), folded);
    }

    #[test]
    fn a_change_to_a_removed_person_is_a_conflict_not_a_pick() {
        let folded = fold(
            vec![
                change(1, "a", add("p1", "Aiko")),
                change(
                    2,
                    "a",
                    ChangeBody::Remove {
                        person: "p1".into(),
                    },
                ),
                change(
                    3,
                    "b",
                    ChangeBody::Edit {
                        person: "p1".into(),
                        details: details("Aiko K"),
                        ids: None,
                    },
                ),
            ],
            &[],
        );
        assert!(folded.people.is_empty());
        assert_eq!(folded.conflicts.len(), 1);
        assert_eq!(folded.conflicts[0].kind, FoldConflictKind::ChangeToRemoved);
        assert_eq!(folded.conflicts[0].shop, "b");
    }

    #[test]
    fn a_publisher_id_links_a_received_player_without_a_change() {
        let mut with_id = details("Ken");
        with_id.publisher_id = Some("0001".into());
        let folded = fold(
            vec![change(
                1,
                "a",
                ChangeBody::Add {
                    person: "p1".into(),
                    details: with_id,
                    added_at: "x".into(),
                    ids: PublisherIds::default(),
                },
            )],
            &[EventPlayer {
                event: "e9".into(),
                event_name: "Weekly".into(),
                date: "2026-11-21".into(),
                player: 4,
                publisher_id: Some(" 0001 ".into()),
            }],
        );
        assert_eq!(
            folded
                .appearances
                .get(&("p1".to_string(), "e9".to_string()))
                .map(|a| a.player),
            Some(4)
        );
    }

    #[test]
    fn a_change_without_tool_numbers_reads_and_writes_as_before() {
        // A change an older laptop wrote (no `ids`) reads; one without numbers is written
        // without the field, so its identity and signature are the ones it always had.
        let old = r#"{"kind":"add","person":"p1","details":{"name":"Aiko"},"added_at":"x"}"#;
        let read: ChangeBody = serde_json::from_str(old).expect("an old change");
        assert!(matches!(&read, ChangeBody::Add { ids, .. } if ids.is_empty()));
        let written = serde_json::to_string(&add("p1", "Aiko")).expect("json");
        assert!(!written.contains("ids"), "{written}");
    }

    #[test]
    fn tool_numbers_travel_with_an_edit_and_the_kept_person_takes_the_others_in_a_merge() {
        let ids = |tcgplus: Option<&str>, pokemon: Option<&str>| PublisherIds {
            tcgplus_id: tcgplus.map(Into::into),
            pokemon_id: pokemon.map(Into::into),
        };
        let edit = |person: &str, name: &str, numbers: PublisherIds| ChangeBody::Edit {
            person: person.into(),
            details: details(name),
            ids: Some(numbers),
        };
        let folded = fold(
            vec![
                change(1, "a", add("p1", "Aiko")),
                change(1, "b", add("p2", "Aiko K")),
                change(2, "a", edit("p1", "Aiko", ids(None, Some("1000001")))),
                change(
                    2,
                    "b",
                    edit("p2", "Aiko K", ids(Some("0000100001"), Some("999"))),
                ),
                change(
                    3,
                    "c",
                    ChangeBody::Merge {
                        keep: "p1".into(),
                        other: "p2".into(),
                    },
                ),
            ],
            &[],
        );
        let kept = folded.people.get("p1").expect("p1 stays");
        assert_eq!(kept.details.name, "Aiko");
        // p1's own ID wins; the TCG+ number it lacked comes from p2.
        assert_eq!(kept.ids, ids(Some("0000100001"), Some("1000001")));
        assert!(!folded.people.contains_key("p2"));
    }

    #[test]
    fn an_edit_written_before_the_numbers_leaves_them_as_they_were() {
        let numbers = PublisherIds {
            tcgplus_id: Some("0000100001".into()),
            pokemon_id: None,
        };
        let old_edit = r#"{"kind":"edit","person":"p1","details":{"name":"Aiko Kato"}}"#;
        let old_edit: ChangeBody = serde_json::from_str(old_edit).expect("an old edit");
        let folded = fold(
            vec![
                change(1, "a", add("p1", "Aiko")),
                change(
                    2,
                    "a",
                    ChangeBody::Edit {
                        person: "p1".into(),
                        details: details("Aiko"),
                        ids: Some(numbers.clone()),
                    },
                ),
                change(3, "b", old_edit),
            ],
            &[],
        );
        let kept = folded.people.get("p1").expect("p1");
        assert_eq!(kept.details.name, "Aiko Kato");
        assert_eq!(kept.ids, numbers);
    }
}
