//! What a TCG+ organizer file's rows and cells may hold, and the day its file's name says:
//! shared by the final file (`formats::tcgplus`) and the round files
//! (`formats::tcgplus_rounds`).

use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use crate::formats::csv_import::{Lines, Problem};

/// Longest membership number and user name taken (TCG+'s own are far shorter).
const MEMBERSHIP_AT_MOST: usize = 32;
const USER_NAME_AT_MOST: usize = 100;
/// Players in one file at most (a very large event is a few thousand).
const ROWS_AT_MOST: usize = 20_000;

/// Every player row under the header of `text`, each read by `row`; or every problem, each
/// with its line: a row `row` refuses, a row the reader cannot read, a membership number
/// (`membership`) twice, too many rows, no row at all. Blank rows are skipped.
pub(crate) fn player_rows<T>(
    text: &str,
    reader: &mut csv::Reader<&[u8]>,
    row: impl Fn(&csv::StringRecord) -> Result<T, Vec<Message>>,
    membership: impl Fn(&T) -> &String,
) -> Result<Vec<T>, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut rows: Vec<T> = Vec::new();
    let mut lines = Lines::new(text);
    for (index, record) in reader.records().enumerate() {
        let fallback = index + 2;
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let line = e.position().map_or(fallback, |p| lines.line_at(p.byte()));
                problems.push(Problem {
                    line,
                    message: msg!("csv.unreadable-row", "{detail}", detail = e.to_string()),
                });
                continue;
            }
        };
        let line = record
            .position()
            .map_or(fallback, |p| lines.line_at(p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        if rows.len() >= ROWS_AT_MOST {
            problems.push(Problem {
                line,
                message: msg!(
                    "csv.tcgplus-too-many-rows",
                    "more than {count} players; a TCG+ file holds one event",
                    count = ROWS_AT_MOST
                ),
            });
            break;
        }
        match row(&record) {
            Ok(found) if rows.iter().any(|r| membership(r) == membership(&found)) => {
                problems.push(Problem {
                    line,
                    message: msg!(
                        "csv.tcgplus-membership-twice",
                        "membership number {number} appears twice in the file",
                        number = membership(&found)
                    ),
                })
            }
            Ok(found) => rows.push(found),
            Err(found) => {
                problems.extend(found.into_iter().map(|message| Problem { line, message }))
            }
        }
    }
    if rows.is_empty() && problems.is_empty() {
        problems.push(Problem {
            line: 0,
            message: msg!("csv.tcgplus-no-players", "the file lists no players"),
        });
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

/// The header's names compared without case or spaces.
pub(crate) fn header_keys(headers: &csv::StringRecord) -> Vec<String> {
    headers
        .iter()
        .map(|h| {
            h.to_lowercase()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect()
        })
        .collect()
}

/// The problems of a row's membership number and user name, added to `problems`.
pub(crate) fn check_player(membership: &str, name: &str, problems: &mut Vec<Message>) {
    if !is_membership(membership) {
        problems.push(msg!(
            "csv.tcgplus-membership",
            "Membership Number '{found}' is not a TCG+ membership number (digits, as the TCG+ app shows it)",
            found = membership
        ));
    }
    if !is_user_name(name) {
        problems.push(msg!(
            "csv.tcgplus-user-name",
            "User Name '{found}' is empty, too long or holds control characters",
            found = name
        ));
    }
}

/// A membership number as TCG+ writes it: digits (letters and dashes allowed), not too long.
fn is_membership(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MEMBERSHIP_AT_MOST
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// A player's name as TCG+ writes it: not empty, not too long, no control characters.
fn is_user_name(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= USER_NAME_AT_MOST
        && !text.chars().any(char::is_control)
}

/// A percentage as TCG+ writes it: `55.56`, `55.56%` or empty (a player who played no
/// opponent); checked, not used (the league counts placings).
pub(crate) fn is_percentage(text: &str) -> bool {
    let number = text.trim().trim_end_matches('%').trim();
    if number.is_empty() {
        return text.trim().is_empty();
    }
    let mut parts = number.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let fraction = parts.next().unwrap_or("0");
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    digits(whole)
        && digits(fraction)
        && whole
            .parse::<u32>()
            .is_ok_and(|w| w < 100 || (w == 100 && fraction.chars().all(|c| c == '0')))
}

/// The day at the start of a file's name: `2026-11-20…` or `20261120…`.
pub(crate) fn day_in_name(name: &str) -> Option<String> {
    let name = name.trim();
    let dashed = name
        .get(..10)
        .and_then(|head| chrono::NaiveDate::parse_from_str(head, "%Y-%m-%d").ok());
    let compact = || {
        name.get(..8)
            .filter(|head| head.chars().all(|c| c.is_ascii_digit()))
            .and_then(|head| chrono::NaiveDate::parse_from_str(head, "%Y%m%d").ok())
    };
    dashed
        .or_else(compact)
        .map(|day| day.format("%Y-%m-%d").to_string())
}
