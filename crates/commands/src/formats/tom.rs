//! A Pokémon event run in TOM (the Tournament Operations Manager) read from its `.tdf` file
//! as events of the shop's season: one per age division (pod), each player known by their
//! Play! Pokémon ID, their record and head-to-head from the matches, their place from TOM's
//! standings (docs/seasons.md, "Events run in TOM"; decision 80).
//!
//! The file is XML: `tournament/data` (name, sanction id, start date as MM/DD/YYYY),
//! `players/player[@userid]` (first and last name), `pods/pod[@category]/rounds/round
//! [@number]/matches/match[@outcome]` with `player1`/`player2` (or one `player`) naming
//! userids, and, once TOM has finalized the event, `standings/pod[@category]/player[@id,
//! @place]`. Outcome codes: 1 player 1 wins, 2 player 2 wins, 3 a tie, 5 a bye, 8 a loss
//! given to one player (a late entry's missed round), 10 both lose; 0 is a match not
//! played yet. A file TOM has not finalized is read as far as it goes: places from match
//! points, and the season says so.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};
use tablekeeper_engine::season::{SeasonEvent, SeasonResult};
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
pub use crate::formats::tom_elements::TomOutcome;
use crate::formats::tom_elements::{outcome, players, standings};
use crate::formats::xml_tree;

/// Matches in one file at most.
const MATCHES_AT_MOST: usize = 200_000;

/// One age division's event: its rounds' matches and, when finalized, its standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TomDivision {
    /// TOM's pod category: 0 Juniors, 1 Seniors, 2 Masters (others as numbers).
    pub category: String,
    /// (round number, outcome), in the file's order.
    pub matches: Vec<(u32, TomOutcome)>,
    /// (Play! Pokémon ID, place) as TOM finalized them; `None`: not finalized.
    pub standings: Option<Vec<(String, u32)>>,
}

/// A TOM event as its file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TomEvent {
    pub name: String,
    /// The sanction id (`25-01-000123`), when the file has one.
    pub sanction: String,
    /// `YYYY-MM-DD`.
    pub held_on: String,
    /// The organizer's Play! Pokémon ID, when the file has one.
    pub organizer: String,
    /// Play! Pokémon ID → the player's name.
    pub players: BTreeMap<String, String>,
    pub divisions: Vec<TomDivision>,
    /// TOM's game (`gametype`): `TRADING_CARD_GAME`, or `VIDEO_GAME` for the video game.
    pub game: String,
}

/// Whether `path` is read as a TOM file.
pub fn is_tom_file(path: &std::path::Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("tdf"))
}

/// Reads the TOM file at `path`.
pub fn read(path: &std::path::Path) -> Result<TomEvent, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })?;
    parse(&bytes)
}

/// Reads a TOM file's bytes; every problem is listed, and a file with any counts for
/// nothing.
pub fn parse(bytes: &[u8]) -> Result<TomEvent, CommandError> {
    parse_with(bytes, true)
}

/// Reads a TOM file that may hold no division yet (one TOM just created, for its roster).
pub fn parse_created(bytes: &[u8]) -> Result<TomEvent, CommandError> {
    parse_with(bytes, false)
}

fn parse_with(bytes: &[u8], divisions_required: bool) -> Result<TomEvent, CommandError> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
        .map_err(|_| not_a_tom_file("the file is not UTF-8 text"))?;
    let root = xml_tree::parse(text)
        .map_err(|e| not_a_tom_file(&format!("{} (line {})", e.detail, line_of(text, e.at))))?;
    if root.name != "tournament" {
        return Err(not_a_tom_file(&format!(
            "its first element is <{}>, not <tournament>",
            root.name
        )));
    }
    let mut problems: Vec<Message> = Vec::new();
    let data = root.child("data");
    let name = data.map_or("", |d| d.child_text("name")).to_string();
    let sanction = data.map_or("", |d| d.child_text("id")).to_string();
    let organizer = data
        .and_then(|d| d.child("organizer"))
        .and_then(|o| o.attribute("popid"))
        .unwrap_or("")
        .to_string();
    let start = data.map_or("", |d| d.child_text("startdate"));
    let held_on = chrono::NaiveDate::parse_from_str(start, "%m/%d/%Y")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| {
            problems.push(msg!(
                "tom.start-date",
                "the start date '{found}' is not a date as TOM writes it (MM/DD/YYYY)",
                found = start
            ));
            String::new()
        });
    let players = players(&root, &mut problems);
    let mut divisions = Vec::new();
    let pods = root.child("pods");
    let mut matches_read = 0usize;
    for pod in pods.into_iter().flat_map(|p| p.children_named("pod")) {
        let category = pod.attribute("category").unwrap_or("").to_string();
        let mut matches = Vec::new();
        for round in pod
            .child("rounds")
            .into_iter()
            .flat_map(|r| r.children_named("round"))
        {
            let number = round
                .attribute("number")
                .and_then(|n| n.parse::<u32>().ok());
            let Some(number) = number.filter(|n| *n > 0) else {
                problems.push(msg!(
                    "tom.round-number",
                    "a round of division {category} has no number (number=\"1\", \"2\" …)",
                    category = &category
                ));
                continue;
            };
            for found in round
                .child("matches")
                .into_iter()
                .flat_map(|m| m.children_named("match"))
            {
                matches_read += 1;
                if matches_read > MATCHES_AT_MOST {
                    return Err(not_a_tom_file("it holds more matches than any event"));
                }
                match outcome(found, &players) {
                    Ok(outcome) => matches.push((number, outcome)),
                    Err(problem) => problems.push(msg!(
                        "tom.match-problem",
                        "round {round} of division {category}: {problem}",
                        round = number,
                        category = &category,
                        problem = Param::message(&problem)
                    )),
                }
            }
        }
        divisions.push(TomDivision {
            category: category.clone(),
            matches,
            standings: standings(&root, &category, &players, &mut problems),
        });
    }
    if divisions_required && divisions.is_empty() && problems.is_empty() {
        problems.push(msg!(
            "tom.no-pods",
            "the file has no division (<pods><pod …>)"
        ));
    }
    if !problems.is_empty() {
        return Err(CommandError::input(
            ErrorKind::TomFile,
            msg!(
                "error.tom-file.problems",
                "the TOM file '{name}' was not counted; fix these in TOM and save it again:{problems}",
                name = &name,
                problems = Param::lines(&problems)
            ),
        ));
    }
    Ok(TomEvent {
        name,
        sanction,
        held_on,
        organizer,
        players,
        divisions,
        game: root
            .attribute("gametype")
            .unwrap_or("TRADING_CARD_GAME")
            .to_string(),
    })
}

impl TomEvent {
    /// The season's events: one per division with a match or a placed player (named
    /// after the division when there are several).
    pub fn season_events(&self) -> Vec<SeasonEvent> {
        let kept = self.kept_divisions();
        let named = kept.len() > 1;
        kept.into_iter()
            .map(|division| self.season_event(division, named))
            .collect()
    }

    /// The divisions with a match played or a player placed (an empty pod is no event).
    pub(crate) fn kept_divisions(&self) -> Vec<&TomDivision> {
        self.divisions
            .iter()
            .filter(|d| {
                d.matches.iter().any(|(_, o)| *o != TomOutcome::Unplayed)
                    || d.standings.as_ref().is_some_and(|s| !s.is_empty())
            })
            .collect()
    }

    /// The event's identity for one division: the day, the sanction id (else a digest of
    /// the event's name and organizer) and the division, so a later save of the same event
    /// (a late entry added, a player's name corrected) is the same event.
    pub(crate) fn identity(&self, division: &TomDivision) -> String {
        let id = if self.sanction.is_empty() {
            let mut digest = Sha256::new();
            digest.update(format!("{}\t{}", self.name, self.organizer).as_bytes());
            digest
                .finalize()
                .iter()
                .take(8)
                .map(|b| format!("{b:02x}"))
                .collect()
        } else {
            self.sanction.clone()
        };
        format!(
            "{}T00:00:00+00:00/tom-{id}-{}",
            self.held_on, division.category
        )
    }

    fn season_event(&self, division: &TomDivision, named: bool) -> SeasonEvent {
        let mut records: BTreeMap<&str, (u32, u32, u32)> = BTreeMap::new();
        let mut matches = Vec::new();
        let key = crate::shop::identities::pokemon_key;
        for (_, outcome) in &division.matches {
            let mut add = |userid: &str, win: u32, loss: u32, draw: u32| {
                let record = records.entry(self.player_key(userid)).or_default();
                record.0 += win;
                record.1 += loss;
                record.2 += draw;
            };
            match outcome {
                TomOutcome::Won { winner, loser } => {
                    add(winner, 1, 0, 0);
                    add(loser, 0, 1, 0);
                    matches.push((key(winner), key(loser), Some(true)));
                }
                TomOutcome::Tie(a, b) => {
                    add(a, 0, 0, 1);
                    add(b, 0, 0, 1);
                    matches.push((key(a), key(b), None));
                }
                TomOutcome::DoubleLoss(a, b) => {
                    add(a, 0, 1, 0);
                    add(b, 0, 1, 0);
                    matches.push((key(a), key(b), None));
                }
                TomOutcome::Bye(player) => add(player, 1, 0, 0),
                TomOutcome::Loss(player) => add(player, 0, 1, 0),
                TomOutcome::Unplayed => {}
            }
        }
        let places = match &division.standings {
            Some(standings) => standings.clone(),
            None => places_by_points(&records),
        };
        let mut name = self.name.clone();
        if named {
            name = format!("{name} ({})", division_name(&division.category));
        }
        SeasonEvent {
            held_at: self.held_at(),
            id: self.identity(division),
            name,
            players: u32::try_from(places.len()).unwrap_or(u32::MAX),
            results: places
                .iter()
                .map(|(userid, place)| {
                    let (wins, losses, draws) =
                        records.get(userid.as_str()).copied().unwrap_or_default();
                    SeasonResult {
                        key: key(userid),
                        name: self.players.get(userid).cloned().unwrap_or_default(),
                        place: *place,
                        wins,
                        losses,
                        draws,
                    }
                })
                .collect(),
            matches,
            opponents_known: true,
            finished: division.standings.is_some(),
        }
    }

    /// The start of the event's day (milliseconds since 1970, UTC), as a shop event's
    /// creation orders it.
    pub(crate) fn held_at(&self) -> i64 {
        chrono::NaiveDate::parse_from_str(&self.held_on, "%Y-%m-%d")
            .ok()
            .and_then(|day| day.and_hms_opt(0, 0, 0))
            .map_or(0, |start| start.and_utc().timestamp_millis())
    }

    /// The player's ID as the players' list holds it (for a borrow that lives as long).
    fn player_key<'a>(&'a self, userid: &str) -> &'a str {
        self.players
            .get_key_value(userid)
            .map_or("", |(k, _)| k.as_str())
    }
}

/// A division's name as Play! Pokémon gives it (the publisher's own words, kept as
/// printed, like ruleset names: decision 78).
pub(crate) fn division_name(category: &str) -> String {
    match category {
        "0" => "Juniors".into(),
        "1" => "Seniors".into(),
        "2" => "Masters".into(),
        other => format!("division {other}"),
    }
}

/// Places from match points (a win or a bye 3, a tie 1) where TOM has not finalized the
/// standings: equal points share the place.
fn places_by_points(records: &BTreeMap<&str, (u32, u32, u32)>) -> Vec<(String, u32)> {
    let mut points: Vec<(u32, &str)> = records
        .iter()
        .map(|(userid, (w, _, d))| (w * 3 + d, *userid))
        .collect();
    points.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut places = Vec::with_capacity(points.len());
    let mut place = 0u32;
    let mut last = None;
    for (index, (score, userid)) in points.iter().enumerate() {
        if last != Some(*score) {
            place = u32::try_from(index + 1).unwrap_or(u32::MAX);
            last = Some(*score);
        }
        places.push((userid.to_string(), place));
    }
    places
}

/// The 1-based line of byte `at` in `text`.
fn line_of(text: &str, at: u64) -> usize {
    let at = usize::try_from(at).unwrap_or(usize::MAX).min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

fn not_a_tom_file(detail: &str) -> CommandError {
    CommandError::input(
        ErrorKind::TomFile,
        msg!(
            "error.tom-file.unreadable",
            "this is not a TOM file that can be read ({detail}); save the event again from TOM (File → Save) and add that .tdf",
            detail = detail
        ),
    )
}
