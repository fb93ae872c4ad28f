//! One check for every name a person types or imports: the event's name, and a person's
//! details ([`player_details`]: name, reading, ID, nickname, a team's members) however the
//! person arrives — the desk, the door, a phone, a CSV, an archive, the library, the CLI or
//! a station all come through here.
//!
//! A name is trimmed of spaces and of invisible format characters at either end. It is
//! refused when nothing visible is left, when it contains a control character (NUL, ESC,
//! BEL, a line break, a tab) or a bidirectional override that would reorder printed text,
//! or when it is longer than [`MAX_NAME_CHARS`].

use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::rules::door::MAX_CALL_REASON_CHARS;
use tablekeeper_engine::state::MAX_NAME_CHARS;
use tablekeeper_store::library::{LibraryDetails, PublisherIds};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::{Message, Param};
use unicode_general_category::{GeneralCategory, get_general_category};

use crate::error::CommandError;
use crate::shop::views::library::PublisherTool;
use tablekeeper_words::msg;

/// What is wrong with a name, for messages that point at the character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    Control { code_point: u32, position: usize },
    TooLong { length: usize },
}

impl NameProblem {
    /// What is wrong, in words.
    pub fn message(&self) -> Message {
        match self {
            NameProblem::Empty => msg!(
                "name.empty",
                "the name is empty (it has no visible characters)"
            ),
            NameProblem::Control {
                code_point,
                position,
            } => msg!(
                "name.control",
                "the name contains the control character {character} at character {position}; retype the name without it",
                character = format!("U+{code_point:04X}"),
                position = *position
            ),
            NameProblem::TooLong { length } => msg!(
                "name.too-long",
                "the name is {length} characters long; the limit is {limit}",
                length = *length,
                limit = MAX_NAME_CHARS
            ),
        }
    }
}

fn invisible(c: char) -> bool {
    c.is_whitespace() || get_general_category(c) == GeneralCategory::Format
}

fn control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The name as it is stored, or what is wrong with it.
pub fn clean(raw: &str) -> Result<String, NameProblem> {
    if let Some((position, c)) = raw.chars().enumerate().find(|(_, c)| control(*c)) {
        return Err(NameProblem::Control {
            code_point: u32::from(c),
            position: position + 1,
        });
    }
    let name = raw.trim_matches(invisible);
    if name.chars().all(invisible) {
        return Err(NameProblem::Empty);
    }
    let length = name.chars().count();
    if length > MAX_NAME_CHARS {
        return Err(NameProblem::TooLong { length });
    }
    Ok(name.to_string())
}

/// Which name a problem is about.
#[derive(Debug, Clone, Copy)]
enum Which<'a> {
    Event,
    Player,
    Member(&'a str),
    Detail(&'a str, &'a str),
}

fn refused(which: Which, problem: &NameProblem) -> CommandError {
    let kind = match problem {
        NameProblem::Empty => ErrorKind::EmptyName,
        NameProblem::Control { .. } => ErrorKind::InvalidName,
        NameProblem::TooLong { .. } => ErrorKind::NameTooLong,
    };
    let problem = Param::message(&problem.message());
    let message = match which {
        Which::Event => msg!("name.of-event", "event name: {problem}", problem = problem),
        Which::Player => msg!(
            "name.of-player",
            "player name: {problem}",
            problem = problem
        ),
        Which::Member(team) => msg!(
            "name.of-member",
            "member of {team}: {problem}",
            team = team,
            problem = problem
        ),
        Which::Detail(detail, name) => msg!(
            "name.of-detail",
            "{detail} of {name}: {problem}",
            detail = Param::word(&format!("name.detail.{detail}"), detail.replace('-', " ")),
            name = name,
            problem = problem
        ),
    };
    CommandError::input(kind, message)
}

/// The event's name as stored.
pub fn event_name(raw: &str) -> Result<String, CommandError> {
    clean(raw).map_err(|p| match p {
        NameProblem::Empty => CommandError::input(
            ErrorKind::EmptyName,
            msg!("error.empty-name.give-event-name", "give the event a name"),
        ),
        other => refused(Which::Event, &other),
    })
}

/// A player's (or team's) details with every name checked and cleaned.
pub fn player_details(details: &PlayerDetails) -> Result<PlayerDetails, CommandError> {
    let name = clean(&details.name).map_err(|p| refused(Which::Player, &p))?;
    let members = details
        .members
        .iter()
        .map(|m| clean(m).map_err(|p| refused(Which::Member(&name), &p)))
        .collect::<Result<Vec<_>, _>>()?;
    let optional = |value: &Option<String>, what: &str| -> Result<Option<String>, CommandError> {
        match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => clean(v).map(Some).or_else(|p| match p {
                NameProblem::Empty => Ok(None),
                other => Err(refused(Which::Detail(what, &name), &other)),
            }),
        }
    };
    Ok(PlayerDetails {
        reading: optional(&details.reading, "reading")?,
        publisher_id: optional(&details.publisher_id, "player-id")?,
        nickname: optional(&details.nickname, "nickname")?,
        name,
        members,
    })
}

/// The longest note a library player may carry (the organizer's words), in characters.
pub const MAX_NOTE_CHARS: usize = 1000;

/// A library player's details, checked as a registration checks a person (names, reading,
/// ID, nickname) and with the note as free text.
pub fn library_details(details: &LibraryDetails) -> Result<LibraryDetails, CommandError> {
    Ok(LibraryDetails {
        person: player_details(&details.person)?,
        note: note(details.note.as_deref())?,
        ids: publisher_numbers(&details.ids)?,
    })
}

/// The most digits a publisher tool's number may have (TCG+ prints 10, Play! Pokémon 7 or 8).
pub const MAX_TOOL_NUMBER_DIGITS: usize = 16;

/// A person's numbers in TCG+ and Play! Pokémon as stored: digits only (full-width digits
/// typed on a Japanese keyboard taken as digits; spaces and dashes dropped), `None` when
/// empty; anything else is refused in words.
pub fn publisher_numbers(ids: &PublisherIds) -> Result<PublisherIds, CommandError> {
    Ok(PublisherIds {
        tcgplus_id: tool_number(ids.tcgplus_id.as_deref(), PublisherTool::Tcgplus)?,
        pokemon_id: tool_number(ids.pokemon_id.as_deref(), PublisherTool::Pokemon)?,
    })
}

/// A confirmation that names no number at all.
pub fn publisher_numbers_missing(tool: PublisherTool) -> CommandError {
    CommandError::input(
        ErrorKind::InvalidName,
        msg!(
            "error.invalid-name.tool-number-missing",
            "give the player's {tool} number",
            tool = tool.name().to_string()
        ),
    )
}

/// A dash as a number may be typed with (ASCII, the Unicode dashes and minus, full-width and
/// the Japanese long-vowel marks a Japanese keyboard gives for one).
fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '‐' | '‑' | '‒' | '–' | '—' | '―' | '−' | '－' | 'ー' | 'ｰ'
    )
}

fn tool_number(typed: Option<&str>, tool: PublisherTool) -> Result<Option<String>, CommandError> {
    let Some(typed) = typed else {
        return Ok(None);
    };
    let digits: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && !is_dash(*c))
        .map(|c| match c {
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10).unwrap_or(c),
            _ => c,
        })
        .collect();
    if digits.is_empty() {
        return Ok(None);
    }
    if digits.chars().all(|c| c.is_ascii_digit()) && digits.len() <= MAX_TOOL_NUMBER_DIGITS {
        return Ok(Some(digits));
    }
    let shown: String = typed.chars().take(40).collect();
    Err(CommandError::input(
        ErrorKind::InvalidName,
        msg!(
            "error.invalid-name.tool-number",
            "'{typed}' is not a {tool} number: type the digits as {tool} shows them (at most {limit})",
            typed = shown,
            tool = tool.name().to_string(),
            limit = MAX_TOOL_NUMBER_DIGITS
        ),
    ))
}

/// A library player's note as stored: trimmed, control and reordering characters other
/// than line breaks as spaces, `None` when empty; longer than [`MAX_NOTE_CHARS`] is refused.
pub fn note(raw: Option<&str>) -> Result<Option<String>, CommandError> {
    free_text(raw, MAX_NOTE_CHARS, true, |length| {
        CommandError::input(
            ErrorKind::NameTooLong,
            msg!(
                "error.name-too-long.note",
                "the note is {length} characters long; the limit is {limit}",
                length = length,
                limit = MAX_NOTE_CHARS
            ),
        )
    })
}

/// A judge call's reason as stored: trimmed, line breaks and other control or reordering
/// characters as spaces, `None` when nothing is left. A reason longer than the judge call
/// view shows ([`MAX_CALL_REASON_CHARS`]) is refused in words before anything is stored.
pub fn judge_call_reason(raw: Option<&str>) -> Result<Option<String>, CommandError> {
    free_text(raw, MAX_CALL_REASON_CHARS, false, |length| {
        CommandError::input(
            ErrorKind::RequestTooLarge,
            msg!(
                "error.request-too-large.call-reason",
                "the reason is {length} characters long; keep it to {limit} and tell the judge the rest",
                length = length,
                limit = MAX_CALL_REASON_CHARS
            ),
        )
    })
}

/// Free text as stored: refused past `limit` characters (`too_long` says so, with the
/// length), control and reordering characters as spaces (line breaks kept when
/// `keep_lines`), trimmed of invisible characters; `None` when nothing visible is left.
fn free_text(
    raw: Option<&str>,
    limit: usize,
    keep_lines: bool,
    too_long: impl FnOnce(usize) -> CommandError,
) -> Result<Option<String>, CommandError> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    let length = raw.chars().count();
    if length > limit {
        return Err(too_long(length));
    }
    let text: String = raw
        .chars()
        .map(|c| {
            if control(c) && !(keep_lines && c == '\n') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let text = text.trim_matches(invisible);
    Ok((!text.chars().all(invisible)).then(|| text.to_string()))
}

/// Which characters of a name no printout font has: set by a host that prints (the
/// printing crate builds on this one, so it is handed in), `None` where nothing prints.
static UNPRINTABLE: std::sync::OnceLock<fn(&str) -> Vec<char>> = std::sync::OnceLock::new();

/// Registers the printing crate's check (`tablekeeper_print::unprintable`) once at start.
pub fn set_print_check(check: fn(&str) -> Vec<char>) {
    let _ = UNPRINTABLE.set(check);
}

/// A notice for a name that would print as empty boxes: the player is
/// registered; a reading in Latin letters or kana prints on the "by name" sheet's order.
pub fn unprintable_notice(name: &str) -> Option<crate::notice::Notice> {
    let missing: String = UNPRINTABLE
        .get()
        .map(|check| check(name))?
        .into_iter()
        .collect();
    (!missing.is_empty()).then(|| {
        tablekeeper_words::msg!(
            "notice.unprintable-name",
            "{name} is registered, but no printout font has {characters}; printouts show boxes there. Check the spelling, or use the Latin spelling as the name",
            name = name,
            characters = &missing
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_keep_their_lines_and_have_a_limit() {
        assert_eq!(
            note(Some("  banned until May\nask first\u{7} "))
                .ok()
                .flatten(),
            Some("banned until May\nask first".to_string())
        );
        assert_eq!(note(Some(" \u{200B} ")).ok().flatten(), None);
        let long = "n".repeat(MAX_NOTE_CHARS + 1);
        assert!(note(Some(&long)).is_err());
        assert_eq!(
            judge_call_reason(Some("a\u{202E}b\nc")).ok().flatten(),
            Some("a b c".to_string())
        );
    }

    #[test]
    fn names_are_trimmed_of_spaces_and_invisible_characters() {
        assert_eq!(clean("  佐藤 花子\u{3000}"), Ok("佐藤 花子".into()));
        assert_eq!(clean("\u{200B}Sato\u{FEFF}"), Ok("Sato".into()));
        assert_eq!(clean("Nguyễn Văn An"), Ok("Nguyễn Văn An".into()));
    }

    #[test]
    fn invisible_only_names_are_empty() {
        for name in [
            "",
            "   ",
            "\u{200B}\u{200D}",
            "\u{FEFF}",
            "\u{3000}\u{2060}",
        ] {
            assert_eq!(clean(name), Err(NameProblem::Empty), "{name:?}");
        }
    }

    #[test]
    fn control_characters_are_refused_with_their_position() {
        for (name, code_point, position) in [
            ("Sa\u{0}to", 0, 3),
            ("\u{1b}[31mRed", 0x1b, 1),
            ("Bell\u{7}", 7, 5),
            ("Two\nLines", 10, 4),
            ("Tab\there", 9, 4),
            ("ab\u{202E}cd", 0x202E, 3),
        ] {
            assert_eq!(
                clean(name),
                Err(NameProblem::Control {
                    code_point,
                    position
                }),
                "{name:?}"
            );
        }
    }

    #[test]
    fn names_longer_than_the_limit_are_refused() {
        let long = "あ".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            clean(&long),
            Err(NameProblem::TooLong {
                length: MAX_NAME_CHARS + 1
            })
        );
        assert!(clean(&"あ".repeat(MAX_NAME_CHARS)).is_ok());
    }
}
