//! Find-as-you-type over the library, in memory: each player's name, reading and nickname
//! folded (compatibility forms, case, accents, katakana to hiragana), so "ol" finds
//! "Ólafur" and "さと" finds "サトウ". A library number or a publisher ID typed finds that
//! player first. 50,000 players are searched in a few milliseconds (the library bench).

use std::collections::{BTreeSet, HashMap};

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::records::{LibraryDetails, LibraryPlayer};

/// What a search compares: folded words and the player's identity keys.
#[derive(Debug, Clone)]
struct Entry {
    /// Name, reading and nickname, folded, separated by spaces.
    words: String,
    /// The same fields with their own spaces taken out, separated by spaces: "田中 太郎"
    /// is found as "田中太郎", as a Japanese organizer types a full name.
    compact: String,
    /// The publisher ID, folded (empty when none).
    publisher: String,
    /// Name and reading folded: the same person when both match.
    same: String,
}

#[derive(Debug, Default)]
pub struct Index {
    /// Every player's entry, by number (numbers only grow, so this is mostly appended to).
    entries: Vec<(u32, Entry)>,
    /// Numbers by folded publisher ID, and by folded name and reading: who a registered
    /// player is, found without a scan (an import of thousands stays linear).
    by_publisher: HashMap<String, BTreeSet<u32>>,
    by_same: HashMap<String, BTreeSet<u32>>,
}

/// Text as the search compares it.
pub fn fold(text: &str) -> String {
    text.nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            // Katakana ァ..ヶ to hiragana ぁ..ゖ (the same sound, typed either way).
            '\u{30A1}'..='\u{30F6}' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
            _ => c,
        })
        .collect::<String>()
        .nfc()
        .collect()
}

fn folded(value: Option<&str>) -> String {
    value.map(fold).unwrap_or_default().trim().to_string()
}

impl Index {
    pub fn new(players: &[LibraryPlayer]) -> Index {
        let mut index = Index::default();
        for player in players {
            index.put(player);
        }
        index
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn position(&self, number: u32) -> Result<usize, usize> {
        self.entries.binary_search_by_key(&number, |(n, _)| *n)
    }

    fn entry(&self, number: u32) -> Option<&Entry> {
        self.position(number).ok().map(|at| &self.entries[at].1)
    }

    /// Adds or replaces a player.
    pub fn put(&mut self, player: &LibraryPlayer) {
        let fields: Vec<String> = [
            Some(player.details.person.name.as_str()),
            player.details.person.reading.as_deref(),
            player.details.person.nickname.as_deref(),
        ]
        .into_iter()
        .flatten()
        .map(fold)
        .collect();
        let entry = Entry {
            compact: fields
                .iter()
                .map(|field| without_spaces(field))
                .collect::<Vec<_>>()
                .join(" "),
            words: fields.join(" "),
            publisher: folded(player.details.person.publisher_id.as_deref()),
            same: same_key(
                &player.details.person.name,
                player.details.person.reading.as_deref(),
            ),
        };
        self.remove(player.number);
        if !entry.publisher.is_empty() {
            self.by_publisher
                .entry(entry.publisher.clone())
                .or_default()
                .insert(player.number);
        }
        self.by_same
            .entry(entry.same.clone())
            .or_default()
            .insert(player.number);
        if let Err(at) = self.position(player.number) {
            self.entries.insert(at, (player.number, entry));
        }
    }

    pub fn remove(&mut self, number: u32) {
        if let Ok(at) = self.position(number) {
            let (_, entry) = self.entries.remove(at);
            for (map, key) in [
                (&mut self.by_publisher, entry.publisher),
                (&mut self.by_same, entry.same),
            ] {
                if let Some(numbers) = map.get_mut(&key) {
                    numbers.remove(&number);
                    if numbers.is_empty() {
                        map.remove(&key);
                    }
                }
            }
        }
    }

    /// Numbers of the players matching `typed`, best first: the library number, the
    /// publisher ID, a name (or reading, nickname) starting with it, a word starting with it,
    /// then anywhere. Spaces typed or not typed inside a name make no difference ("田中太郎"
    /// and "田中　太郎" both find "田中 太郎"). Each kind keeps at most `limit`, and the scan
    /// stops once the two best kinds of words have `limit` between them, so a single letter
    /// costs no more than a word.
    pub fn find(&self, typed: &str, limit: usize) -> Vec<u32> {
        let query = fold(typed.trim());
        if query.is_empty() || limit == 0 {
            return Vec::new();
        }
        let compact_query = without_spaces(&query);
        let spaced = compact_query.len() != query.len();
        let exact = query
            .parse::<u32>()
            .ok()
            .filter(|number| self.position(*number).is_ok());
        let mut kinds: [Vec<u32>; 4] = Default::default();
        for (number, entry) in &self.entries {
            if Some(*number) == exact {
                continue;
            }
            // One search decides most entries: text without spaces that is in the words is
            // in their compact form too, so the compact form alone says "not here".
            let in_compact = entry.compact.contains(&compact_query);
            let in_words = spaced && entry.words.contains(&query);
            if !in_compact && !in_words && !entry.publisher.contains(&query) {
                continue;
            }
            let kind = if entry.publisher == query {
                0
            } else {
                let words = if spaced { in_words } else { in_compact };
                let as_typed = words.then(|| rank(&entry.words, &query)).flatten();
                // Found only once spaces are taken out ("田中太郎" for "田中 太郎"): never
                // ahead of a name that starts with the text as typed, and never one of the
                // kinds that end the scan early.
                let compact = in_compact
                    .then(|| rank(&entry.compact, &compact_query))
                    .flatten()
                    .map(|kind| kind.max(2));
                as_typed.into_iter().chain(compact).min().unwrap_or(3)
            };
            if kinds[kind].len() < limit {
                kinds[kind].push(*number);
            }
            if kinds[0].len() + kinds[1].len() >= limit {
                break;
            }
        }
        exact
            .into_iter()
            .chain(kinds.into_iter().flatten())
            .take(limit)
            .collect()
    }

    /// The player these details are: the same publisher ID, else the same name and reading.
    pub fn same_as(&self, details: &LibraryDetails) -> Option<u32> {
        self.same_as_except(details, None)
    }

    /// [`Index::same_as`] among the players other than `except` (a player being edited is
    /// not their own duplicate).
    pub fn same_as_except(&self, details: &LibraryDetails, except: Option<u32>) -> Option<u32> {
        let others = |number: &&u32| Some(**number) != except;
        let publisher = folded(details.person.publisher_id.as_deref());
        if !publisher.is_empty()
            && let Some(number) = self
                .by_publisher
                .get(&publisher)
                .and_then(|n| n.iter().find(others))
        {
            return Some(*number);
        }
        let same = same_key(&details.person.name, details.person.reading.as_deref());
        self.by_same
            .get(&same)?
            .iter()
            .filter(others)
            .copied()
            .find(|number| {
                self.entry(*number).is_some_and(|e| {
                    // Two different publisher IDs are two people, whatever their names.
                    publisher.is_empty() || e.publisher.is_empty() || e.publisher == publisher
                })
            })
    }

    /// Groups of numbers that look like one person (same publisher ID, or same name and
    /// reading with no different publisher IDs).
    pub fn duplicates(&self) -> Vec<Vec<u32>> {
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let mut by_key: HashMap<String, usize> = HashMap::new();
        for (number, entry) in &self.entries {
            let keys = [
                (!entry.publisher.is_empty()).then(|| format!("id:{}", entry.publisher)),
                Some(format!("name:{}", entry.same)),
            ];
            let mut joined = None;
            for key in keys.into_iter().flatten() {
                if let Some(&group) = by_key.get(&key) {
                    let different_ids = groups[group].iter().any(|other| {
                        self.entry(*other).is_some_and(|o| {
                            !o.publisher.is_empty()
                                && !entry.publisher.is_empty()
                                && o.publisher != entry.publisher
                        })
                    });
                    if !different_ids {
                        joined = Some(group);
                        break;
                    }
                }
            }
            let group = match joined {
                Some(group) => {
                    groups[group].push(*number);
                    group
                }
                None => {
                    groups.push(vec![*number]);
                    groups.len() - 1
                }
            };
            if !entry.publisher.is_empty() {
                by_key
                    .entry(format!("id:{}", entry.publisher))
                    .or_insert(group);
            }
            by_key
                .entry(format!("name:{}", entry.same))
                .or_insert(group);
        }
        groups.retain(|group| group.len() > 1);
        groups
    }
}

/// Where `query` is in `words`: 1 at the start, 2 at a word's start, 3 elsewhere.
fn rank(words: &str, query: &str) -> Option<usize> {
    let at = words.find(query)?;
    Some(if at == 0 {
        1
    } else if words[..at].ends_with(' ') || words.contains(&format!(" {query}")) {
        2
    } else {
        3
    })
}

fn without_spaces(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn same_key(name: &str, reading: Option<&str>) -> String {
    let squeeze = |text: &str| fold(text).split_whitespace().collect::<Vec<_>>().join(" ");
    format!(
        "{}|{}",
        squeeze(name),
        reading.map(squeeze).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(number: u32, name: &str, reading: Option<&str>, id: Option<&str>) -> LibraryPlayer {
        LibraryPlayer {
            number,
            details: LibraryDetails {
                person: tablekeeper_engine::PlayerDetails {
                    name: name.into(),
                    reading: reading.map(Into::into),
                    publisher_id: id.map(Into::into),
                    ..Default::default()
                },
                note: None,
                ..Default::default()
            },
            added_at: String::new(),
        }
    }

    #[test]
    fn folding_ignores_case_accents_width_and_kana_kind() {
        assert_eq!(fold("Ólafur"), "olafur");
        assert_eq!(fold("ＡＢＣ"), "abc");
        assert_eq!(fold("サトウ"), "さとう");
        assert_eq!(fold("Иван"), "иван");
    }

    #[test]
    fn two_letters_find_by_any_word_and_numbers_and_ids_come_first() {
        let index = Index::new(&[
            player(1, "Emma Novak", None, Some("BN-77")),
            player(2, "佐藤 花子", Some("サトウ ハナコ"), None),
            player(3, "Ólafur Arnalds", None, None),
            player(77, "Noah Olsen", None, None),
        ]);
        assert_eq!(index.find("no", 10), vec![77, 1]);
        assert_eq!(index.find("さと", 10), vec![2]);
        assert_eq!(index.find("ol", 10), vec![3, 77]);
        assert_eq!(index.find("77", 10), vec![77, 1]);
        assert_eq!(index.find("bn-77", 10), vec![1]);
        assert!(index.find("", 10).is_empty());
    }

    #[test]
    fn duplicates_are_the_same_id_or_the_same_name_and_reading() {
        let index = Index::new(&[
            player(1, "Emma Novak", None, Some("BN-77")),
            player(2, "emma  novak", None, None),
            player(3, "E. Novak", None, Some("bn-77")),
            player(4, "Emma Novak", None, Some("BN-99")),
            player(5, "Ivan", None, None),
        ]);
        assert_eq!(index.duplicates(), vec![vec![1, 2, 3]]);
        let details = LibraryDetails {
            person: tablekeeper_engine::PlayerDetails {
                name: "Emma Novak".into(),
                publisher_id: Some("BN-99".into()),
                ..Default::default()
            },
            note: None,
            ..Default::default()
        };
        assert_eq!(index.same_as(&details), Some(4));
    }
}
