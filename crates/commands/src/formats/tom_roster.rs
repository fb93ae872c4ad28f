//! The event's roster written into a `.tdf` that TOM created, so nobody types forty names
//! into TOM again (docs/seasons.md, "The roster into TOM"; decision 81).
//!
//! The file is spliced, never rewritten: every byte outside the `<players>` list stays as
//! TOM wrote it (the sanction data, the organizer, the settings), and the new `<player>`
//! elements go before `</players>` in the file's own indentation and line ending. A player
//! already in the file (the same Play! Pokémon ID) is left as TOM has them, so a file the
//! roster adds nobody to comes back byte for byte. Birth dates are never invented: TOM's
//! masked form `**/**/****`, the year masked too, since the desk never asks for one.

use chrono::NaiveDateTime;
use quick_xml::events::Event;
use serde::{Deserialize, Serialize};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::error::CommandError;
use crate::formats::tom;

/// Why a player of the event was not written into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "kebab-case")]
pub enum RosterSkip {
    /// No publisher ID: TOM knows a player only by their Play! Pokémon ID.
    NoId,
    /// A publisher ID that is not digits, as a Play! Pokémon ID is.
    NotDigits,
    /// The same ID as an earlier player of the event (the earlier one was written).
    IdTwice,
}

/// One player of the event, and what became of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RosterPlayer {
    pub name: String,
    /// The Play! Pokémon ID as the desk has it ("" when there is none).
    pub id: String,
}

/// A player who was not written, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SkippedPlayer {
    pub player: RosterPlayer,
    pub reason: RosterSkip,
}

/// The file's new bytes and who went in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    pub bytes: Vec<u8>,
    /// Written into the file now.
    pub added: Vec<RosterPlayer>,
    /// Already in the file (their ID): left as TOM has them.
    pub already: Vec<RosterPlayer>,
    pub skipped: Vec<SkippedPlayer>,
}

/// `original` (a TOM file's bytes) with `players` added to its `<players>` list, each new
/// player's creation and modification time `now` (TOM's `MM/DD/YYYY HH:MM:SS`).
pub fn write_roster(
    original: &[u8],
    players: &[PlayerDetails],
    now: NaiveDateTime,
) -> Result<Roster, CommandError> {
    let before = tom::parse_created(original).map_err(|refused| {
        roster_refused(msg!(
            "error.tom-roster.unreadable",
            "the roster cannot go into this file: {reason}",
            reason = Param::message(&refused.message())
        ))
    })?;
    // The byte-order mark, if any, is kept and set aside: the XML reader's offsets count
    // from after it. tom::parse read the rest as UTF-8, so it is text.
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let body = original.strip_prefix(BOM);
    let text = String::from_utf8_lossy(body.unwrap_or(original));
    let place = players_place(&text).ok_or_else(no_players_list)?;
    let known: std::collections::BTreeSet<String> =
        before.players.keys().map(|id| comparable(id)).collect();
    let mut roster = Roster {
        bytes: Vec::new(),
        added: Vec::new(),
        already: Vec::new(),
        skipped: Vec::new(),
    };
    let mut seen = std::collections::BTreeSet::new();
    for details in players {
        let player = RosterPlayer {
            name: details.name.trim().to_string(),
            id: play_pokemon_id(details.publisher_id.as_deref().unwrap_or("")),
        };
        let reason = if player.id.is_empty() {
            Some(RosterSkip::NoId)
        } else if !player.id.chars().all(|c| c.is_ascii_digit())
            || player.id.len() > ID_DIGITS_AT_MOST
        {
            Some(RosterSkip::NotDigits)
        } else if !seen.insert(comparable(&player.id)) {
            Some(RosterSkip::IdTwice)
        } else {
            None
        };
        match reason {
            Some(reason) => roster.skipped.push(SkippedPlayer { player, reason }),
            None if known.contains(&comparable(&player.id)) => roster.already.push(player),
            None => roster.added.push(player),
        }
    }
    if roster.added.is_empty() {
        roster.bytes = original.to_vec();
        return Ok(roster);
    }
    // Nobody joins an event TOM has finalized: a finished event's file chosen by mistake.
    if before.divisions.iter().any(|d| d.standings.is_some()) {
        return Err(roster_refused(msg!(
            "error.tom-roster.finalized",
            "TOM has already finalized the event '{name}' in this file; choose the .tdf of the event about to start",
            name = &before.name
        )));
    }
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let indent = indentation_before(&text, place.indent_from);
    let unit = if indent.is_empty() { "  " } else { indent };
    let stamp = now.format("%m/%d/%Y %H:%M:%S").to_string();
    let mut elements = String::new();
    for player in &roster.added {
        elements.push_str(&player_element(
            player,
            &format!("{indent}{unit}"),
            unit,
            newline,
            &stamp,
        ));
    }
    let spliced = match place.kind {
        ListKind::Open { end_tag } => {
            let (head, tail) = text.split_at(end_tag);
            // `</players>` on its own line keeps its indentation; the new elements go on
            // lines of their own before it.
            let head_trimmed = head.trim_end_matches([' ', '\t']);
            let closes_own_line = head_trimmed.ends_with('\n');
            if closes_own_line {
                format!("{head_trimmed}{elements}{indent}{tail}")
            } else {
                format!("{head}{newline}{elements}{indent}{tail}")
            }
        }
        ListKind::Empty { start, end } => format!(
            "{}<players>{newline}{elements}{indent}</players>{}",
            &text[..start],
            &text[end..]
        ),
    };
    let mut bytes = Vec::with_capacity(spliced.len() + BOM.len());
    if body.is_some() {
        bytes.extend_from_slice(BOM);
    }
    bytes.extend_from_slice(spliced.as_bytes());
    check_read_back(&before, &bytes, &roster.added)?;
    roster.bytes = bytes;
    Ok(roster)
}

/// Play! Pokémon IDs are at most this many digits (TOM's are 7 or 8 today).
const ID_DIGITS_AT_MOST: usize = 12;

/// The ID as typed, trimmed, full-width digits (a Japanese keyboard's) made ASCII.
fn play_pokemon_id(typed: &str) -> String {
    typed
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            _ => c,
        })
        .collect()
}

/// An ID as compared: leading zeros do not make another person (`0123456` is `123456`).
fn comparable(id: &str) -> String {
    let trimmed = id.trim().trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.to_string()
    }
}

/// The spliced file must read as TOM's own did — the same event, divisions and players —
/// with each new player under the name the desk gave them; otherwise nothing is written.
fn check_read_back(
    before: &tom::TomEvent,
    bytes: &[u8],
    added: &[RosterPlayer],
) -> Result<(), CommandError> {
    let after = tom::parse_created(bytes)?;
    let same_event = after.name == before.name
        && after.sanction == before.sanction
        && after.held_on == before.held_on
        && after.organizer == before.organizer
        && after.divisions == before.divisions;
    let kept = before
        .players
        .iter()
        .all(|(id, name)| after.players.get(id) == Some(name));
    let joined = after.players.len() == before.players.len() + added.len()
        && added.iter().all(|player| {
            let (first, last) = split_name(&player.name);
            let expected = format!("{first} {last}");
            after.players.get(&player.id).map(String::as_str) == Some(expected.trim())
        });
    if same_event && kept && joined {
        return Ok(());
    }
    Err(CommandError::input(
        ErrorKind::Internal,
        msg!(
            "error.internal",
            "{detail}",
            detail = "the roster written into the TOM file does not read back"
        ),
    ))
}

/// Where the root's `<players>` list is in the text.
struct PlayersPlace {
    /// Where the line holding `<players` starts its indentation from (the `<`).
    indent_from: usize,
    kind: ListKind,
}

enum ListKind {
    /// `<players>…</players>`: the byte offset of `</players>`.
    Open { end_tag: usize },
    /// `<players/>`: its span.
    Empty { start: usize, end: usize },
}

/// The root's `<players>` list; `None` when the file has none.
fn players_place(text: &str) -> Option<PlayersPlace> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut depth = 0usize;
    let mut open_at: Option<(usize, usize)> = None;
    loop {
        let before = reader.buffer_position() as usize;
        match reader.read_event().ok()? {
            Event::Start(start) => {
                depth += 1;
                if depth == 2 && start.name().as_ref() == "players" {
                    open_at = Some((before, depth));
                }
            }
            Event::Empty(start) if depth == 1 && start.name().as_ref() == "players" => {
                return Some(PlayersPlace {
                    indent_from: before,
                    kind: ListKind::Empty {
                        start: before,
                        end: reader.buffer_position() as usize,
                    },
                });
            }
            Event::End(_) if open_at.is_some_and(|(_, level)| level == depth) => {
                let (at, _) = open_at?;
                return Some(PlayersPlace {
                    indent_from: at,
                    kind: ListKind::Open { end_tag: before },
                });
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The spaces and tabs between the start of the line and `at`.
fn indentation_before(text: &str, at: usize) -> &str {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let lead = &text[line_start..at];
    if lead.chars().all(|c| c == ' ' || c == '\t') {
        lead
    } else {
        ""
    }
}

/// One `<player>` as TOM writes it: first and last name, the masked birth date, the
/// creation and modification times.
fn player_element(
    player: &RosterPlayer,
    indent: &str,
    unit: &str,
    newline: &str,
    stamp: &str,
) -> String {
    let (first, last) = split_name(&player.name);
    let escape = |s: &str| quick_xml::escape::escape(s).into_owned();
    let inner = format!("{indent}{unit}");
    format!(
        "{indent}<player userid=\"{id}\">{newline}\
         {inner}<firstname>{first}</firstname>{newline}\
         {inner}<lastname>{last}</lastname>{newline}\
         {inner}<birthdate>**/**/****</birthdate>{newline}\
         {inner}<creationdate>{stamp}</creationdate>{newline}\
         {inner}<lastmodifieddate>{stamp}</lastmodifieddate>{newline}\
         {indent}</player>{newline}",
        id = escape(&player.id),
        first = escape(first),
        last = escape(last),
    )
}

/// TOM's first and last name from the desk's one name. A name in Latin (or Cyrillic)
/// letters ends with the last name: the last word is it ("Mary Ann Smith" → "Mary Ann",
/// "Smith"). A Japanese, Chinese or Korean name starts with the family name: the first word
/// is the last name ("山田 花子" → "花子", "山田"). A name of one word is a first name alone.
/// Spaces of any script (the ideographic one too) separate words.
pub fn split_name(name: &str) -> (&str, &str) {
    let name = name.trim();
    let family_first = name.chars().any(is_east_asian);
    let at = if family_first {
        name.find(char::is_whitespace)
    } else {
        name.rfind(char::is_whitespace)
    };
    let Some(at) = at else {
        return (name, "");
    };
    let space = name[at..].chars().next().map_or(1, char::len_utf8);
    let (before, after) = (name[..at].trim_end(), name[at + space..].trim_start());
    if family_first {
        (after, before)
    } else {
        (before, after)
    }
}

/// Kana, CJK ideographs and Hangul: the scripts whose names put the family name first.
fn is_east_asian(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30FF}' | '\u{FF66}'..='\u{FF9F}' // hiragana, katakana, half-width katakana
        | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{3134F}' // ideographs
        | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}' // hangul
    )
}

fn no_players_list() -> CommandError {
    roster_refused(msg!(
        "error.tom-roster.no-players-list",
        "this TOM file has no list of players to add to; create the event in TOM, save it (File → Save), and choose that .tdf"
    ))
}

fn roster_refused(message: Message) -> CommandError {
    CommandError::input(ErrorKind::TomRoster, message)
}

#[cfg(test)]
mod tests {
    use super::split_name;

    #[test]
    fn the_last_word_is_the_last_name() {
        assert_eq!(split_name("Mary Ann Smith"), ("Mary Ann", "Smith"));
        assert_eq!(split_name(" Ash  Ketchum "), ("Ash", "Ketchum"));
        assert_eq!(split_name("Ash\u{3000}Ketchum"), ("Ash", "Ketchum"));
        assert_eq!(split_name("Pikachu"), ("Pikachu", ""));
        assert_eq!(split_name("山田 花子"), ("花子", "山田"));
        assert_eq!(split_name("김\u{3000}민준"), ("민준", "김"));
        assert_eq!(split_name("山田太郎"), ("山田太郎", ""));
        assert_eq!(split_name("Иван Петров"), ("Иван", "Петров"));
    }
}
