//! Which open event a phone's code belongs to, found without making each event the desk's
//! active one to ask it: the codes every open event has handed out (each player's code of
//! every issue, a reissued ticket's retired ones included, and each door entry's code), kept
//! per event and made again only when that event has changed since.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use tablekeeper_engine::Event;

use super::codes::{self, Secret};

/// The codes of the events open on the desk, by event file.
#[derive(Debug, Default)]
pub struct CodeIndex {
    events: HashMap<PathBuf, Indexed>,
}

#[derive(Debug)]
struct Indexed {
    /// The event's revision the codes were made at.
    revision: usize,
    codes: HashSet<String>,
}

impl CodeIndex {
    /// The events among `open` (each as its file, revision and event) that handed out
    /// `typed` (two events with the same seed give the same codes). Events no longer open
    /// are forgotten.
    pub fn owners<'a>(
        &mut self,
        secret: &Secret,
        open: impl IntoIterator<Item = (&'a Path, usize, &'a Event)>,
        typed: &str,
    ) -> Vec<PathBuf> {
        let typed = codes::normalize(typed);
        let mut still_open = HashSet::new();
        let mut owners = Vec::new();
        for (path, revision, event) in open {
            still_open.insert(path.to_path_buf());
            let indexed = self
                .events
                .entry(path.to_path_buf())
                .and_modify(|indexed| {
                    if indexed.revision != revision {
                        *indexed = Indexed::of(secret, revision, event);
                    }
                })
                .or_insert_with(|| Indexed::of(secret, revision, event));
            if indexed.codes.contains(&typed) {
                owners.push(path.to_path_buf());
            }
        }
        self.events.retain(|path, _| still_open.contains(path));
        owners
    }
}

impl Indexed {
    fn of(secret: &Secret, revision: usize, event: &Event) -> Indexed {
        let seed = event.settings.standings_seed;
        let players = event.players.iter().flat_map(|player| {
            (0..=player.code_issue)
                .map(move |issue| codes::player_code(secret, seed, player.id.0, issue))
        });
        let entries = event
            .door
            .entries
            .iter()
            .map(|entry| codes::entry_code(secret, seed, entry.number));
        Indexed {
            revision,
            codes: players
                .chain(entries)
                .map(|c| codes::normalize(&c))
                .collect(),
        }
    }
}
