//! What the door's transitions look up on every entry, kept beside the entries so that a
//! door filling to its 4,096 entries stays linear: the names of the live entries that are
//! not players yet (an entry made twice is refused), the waiting list in its order, and the
//! accepted entries not yet present (the seats they hold).
//!
//! Derived from `door.entries` alone: a change of an entry takes its old form out of the
//! index and puts its new form in, so the index is always what [`DoorIndex::of`] builds.

use std::collections::{BTreeSet, HashMap};

use crate::model::{Entry, EntryState, PlayerDetails};

/// The name and publisher ID an entry is known by, trimmed (a duplicate has both the same).
pub(crate) type NameKey = (String, Option<String>);

/// The door's entries as the transitions look them up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct DoorIndex {
    /// Live entries that are not players yet, by the name they are known by, with how many
    /// (a count, so taking one out is exact whatever a stored log holds).
    names: HashMap<NameKey, u32>,
    /// The waiting list as `(place, number)`: first in line first.
    waiting: BTreeSet<(u32, u32)>,
    /// Accepted entries not yet present.
    accepted: usize,
}

impl DoorIndex {
    /// The index of `entries`.
    pub(crate) fn of(entries: &[Entry]) -> Self {
        let mut index = DoorIndex::default();
        for entry in entries {
            index.add(entry);
        }
        index
    }

    /// Counts `entry` in (a new entry, or the new form of a changed one).
    pub(crate) fn add(&mut self, entry: &Entry) {
        if let Some(key) = name_at_door(entry) {
            *self.names.entry(key).or_insert(0) += 1;
        }
        if entry.state == EntryState::Waiting {
            self.waiting.insert((entry.place, entry.number));
        }
        if holds_seat(entry) {
            self.accepted += 1;
        }
    }

    /// Counts `entry` out (an entry taken back, or the old form of a changed one).
    pub(crate) fn remove(&mut self, entry: &Entry) {
        if let Some(key) = name_at_door(entry)
            && let Some(count) = self.names.get_mut(&key)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.names.remove(&key);
            }
        }
        if entry.state == EntryState::Waiting {
            self.waiting.remove(&(entry.place, entry.number));
        }
        if holds_seat(entry) {
            self.accepted = self.accepted.saturating_sub(1);
        }
    }

    /// Whether a live entry that is not a player yet is known by `key`.
    pub(crate) fn has_name(&self, key: &NameKey) -> bool {
        self.names.contains_key(key)
    }

    /// How many entries are on the waiting list.
    pub(crate) fn waiting_len(&self) -> usize {
        self.waiting.len()
    }

    /// The number of the entry first in line on the waiting list.
    pub(crate) fn first_waiting(&self) -> Option<u32> {
        self.waiting.first().map(|&(_, number)| number)
    }

    /// Accepted entries not yet present: each holds a seat.
    pub(crate) fn accepted(&self) -> usize {
        self.accepted
    }
}

/// The name a live entry that is not a player yet is known by (as registering would key it).
fn name_at_door(entry: &Entry) -> Option<NameKey> {
    (entry.state.is_live() && entry.player.is_none()).then(|| name_key(&entry.details))
}

fn holds_seat(entry: &Entry) -> bool {
    entry.state == EntryState::Accepted && entry.player.is_none()
}

fn name_key(details: &PlayerDetails) -> NameKey {
    let publisher_id = details
        .publisher_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    (details.name.trim().to_string(), publisher_id)
}
