//! The elements of a TOM file read one by one for `formats::tom`: the players' list, a
//! match's outcome code, a division's finalized standings — each with every problem it has.

use std::collections::{BTreeMap, BTreeSet};

use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use crate::formats::xml_tree::Element;

/// Players in one file at most (a very large event is a few thousand).
const PLAYERS_AT_MOST: usize = 20_000;

/// A match as TOM's outcome code says it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TomOutcome {
    /// The first named player won (1), or the second (2).
    Won { winner: String, loser: String },
    /// A tie (3).
    Tie(String, String),
    /// A bye (5).
    Bye(String),
    /// A loss given to one player with no opponent (8): a late entry's missed round.
    Loss(String),
    /// Both players lose (10).
    DoubleLoss(String, String),
    /// Not played yet (0): counted nowhere.
    Unplayed,
}

/// The players' list: Play! Pokémon ID → "first last"; every problem added.
pub(crate) fn players(root: &Element, problems: &mut Vec<Message>) -> BTreeMap<String, String> {
    let mut players = BTreeMap::new();
    for player in root
        .child("players")
        .into_iter()
        .flat_map(|p| p.children_named("player"))
    {
        let userid = player.attribute("userid").unwrap_or("");
        let name = format!(
            "{} {}",
            player.child_text("firstname"),
            player.child_text("lastname")
        )
        .trim()
        .to_string();
        if userid.is_empty() || !userid.chars().all(|c| c.is_ascii_digit()) {
            problems.push(msg!(
                "tom.player-id",
                "the player '{name}' has no Play! Pokémon ID (userid=\"…\") or one that is not digits: '{found}'",
                name = &name,
                found = userid
            ));
        } else if players.contains_key(userid) {
            problems.push(msg!(
                "tom.player-twice",
                "the Play! Pokémon ID {id} is listed twice among the players",
                id = userid
            ));
        } else if players.len() >= PLAYERS_AT_MOST {
            problems.push(msg!(
                "tom.too-many-players",
                "more than {count} players; a TOM file holds one event",
                count = PLAYERS_AT_MOST
            ));
            break;
        } else {
            players.insert(userid.to_string(), name);
        }
    }
    players
}

/// One match's outcome, or what is wrong with it.
pub(crate) fn outcome(
    found: &Element,
    players: &BTreeMap<String, String>,
) -> Result<TomOutcome, Message> {
    let code = found.attribute("outcome").unwrap_or("");
    let named: Vec<&str> = ["player1", "player2", "player"]
        .iter()
        .filter_map(|tag| found.child(tag))
        .map(|p| p.attribute("userid").unwrap_or(""))
        .collect();
    if let Some(unknown) = named.iter().find(|id| !players.contains_key(**id)) {
        return Err(msg!(
            "tom.match-unknown-player",
            "a match names the Play! Pokémon ID '{id}', who is not among the players",
            id = *unknown
        ));
    }
    let two = |make: fn(String, String) -> TomOutcome| match named.as_slice() {
        [a, b] if a != b => Ok(make(a.to_string(), b.to_string())),
        _ => Err(shape(code)),
    };
    let one = |make: fn(String) -> TomOutcome| match named.as_slice() {
        [a] => Ok(make(a.to_string())),
        _ => Err(shape(code)),
    };
    match code {
        "1" => two(|a, b| TomOutcome::Won {
            winner: a,
            loser: b,
        }),
        "2" => two(|a, b| TomOutcome::Won {
            winner: b,
            loser: a,
        }),
        "3" => two(TomOutcome::Tie),
        "5" => one(TomOutcome::Bye),
        "8" => one(TomOutcome::Loss),
        "10" => two(TomOutcome::DoubleLoss),
        "0" => Ok(TomOutcome::Unplayed),
        other => Err(msg!(
            "tom.outcome-unknown",
            "the outcome code '{code}' is not one TOM writes (1, 2, 3, 5, 8, 10, or 0 for a match not played yet)",
            code = other
        )),
    }
}

fn shape(code: &str) -> Message {
    msg!(
        "tom.match-shape",
        "a match with the outcome code {code} names the wrong number of players (a bye or a given loss names one, any other two)",
        code = code
    )
}

/// A division's finalized standings, or `None` when TOM has not finalized them.
pub(crate) fn standings(
    root: &Element,
    category: &str,
    players: &BTreeMap<String, String>,
    problems: &mut Vec<Message>,
) -> Option<Vec<(String, u32)>> {
    let pods: Vec<&Element> = root
        .child("standings")
        .into_iter()
        .flat_map(|s| s.children_named("pod"))
        .filter(|p| p.attribute("category") == Some(category))
        .collect();
    // No standings for the division, or empty ones (TOM writes an empty pod for a division
    // it has not finalized): not finalized.
    if !pods
        .iter()
        .any(|p| p.children_named("player").next().is_some())
    {
        return None;
    }
    let mut placed = Vec::new();
    let mut seen = BTreeSet::new();
    for player in pods.iter().flat_map(|p| p.children_named("player")) {
        let id = player.attribute("id").unwrap_or("");
        let place = player
            .attribute("place")
            .and_then(|p| p.parse::<u32>().ok());
        match place.filter(|p| *p > 0) {
            _ if !players.contains_key(id) => problems.push(msg!(
                "tom.standing-unknown-player",
                "the standings place the Play! Pokémon ID '{id}', who is not among the players",
                id = id
            )),
            _ if !seen.insert(id.to_string()) => problems.push(msg!(
                "tom.standing-twice",
                "the standings place {id} twice",
                id = id
            )),
            Some(place) => placed.push((id.to_string(), place)),
            None => problems.push(msg!(
                "tom.standing-place",
                "the standings give {id} the place '{found}', which is not 1, 2, 3 …",
                id = id,
                found = player.attribute("place").unwrap_or("")
            )),
        }
    }
    placed.sort_by_key(|(id, place)| (*place, id.clone()));
    Some(placed)
}
