//! A TCG+ organizer's per-round CSV: the standings after one round, which
//! `formats::tcgplus_set` reads with the event's final file (docs/seasons.md, "Events run in
//! TCG+, round by round").
//!
//! A round file has a header naming Rank, Match Point, Status, Player Name - 1 and
//! Membership Number - 1 (any order, any case; other columns unread), UTF-8 with or without
//! BOM or Shift-JIS, as the final file. Its name is the final file's name followed by the
//! round: `2026-11-20 Store Championship R1.csv` (or `… round 1`, `… 1`, `… 第1回戦`) goes
//! with `2026-11-20 Store Championship.csv`. A file with any bad row is refused whole, with
//! the line of every problem.

use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::formats::csv_import::{Problem, checked_text, header_reader};
use crate::formats::tcgplus_cells::{check_player, header_keys, player_rows};

const RANK: &str = "rank";
const MATCH_POINT: &str = "matchpoint";
const STATUS: &str = "status";
const PLAYER_NAME: &str = "playername-1";
const MEMBERSHIP: &str = "membershipnumber-1";
/// The status of a player still playing the event; any other has left it.
const JOINING: &str = "joining";

/// One player's line of a round file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRow {
    pub membership: String,
    pub user_name: String,
    pub match_point: u32,
    /// As the file gives it: "joining" while the player is still in the event.
    pub status: String,
}

impl RoundRow {
    /// Still in the event this round (any other status has left it).
    pub fn joining(&self) -> bool {
        self.status.eq_ignore_ascii_case(JOINING)
    }
}

/// One round file: the round it is (from its name) and its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TcgPlusRound {
    pub round: u32,
    /// The file's name without the extension.
    pub file: String,
    pub rows: Vec<RoundRow>,
}

/// Whether the CSV `bytes` are a round file (its header names Match Point and Membership
/// Number - 1) rather than a final file.
pub fn is_round_file(bytes: &[u8]) -> bool {
    let Ok((text, _)) = crate::formats::csv_import::decode(bytes) else {
        return false;
    };
    let mut reader = header_reader(&text);
    reader.headers().is_ok_and(|headers| {
        let keys = header_keys(headers);
        keys.iter().any(|k| k == MATCH_POINT) && keys.iter().any(|k| k == MEMBERSHIP)
    })
}

/// The event's final file it goes with (its name less the round) and the round, from a
/// round file's name: `… R1`, `… round 1`, `… Round1`, `… 1`, `… 第1回戦`.
pub fn round_in_name(stem: &str) -> Option<(String, u32)> {
    let name = stem.trim();
    let name = name.strip_suffix("回戦").unwrap_or(name);
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let (rest, number) = name.split_at(name.len() - digits);
    let round = number.parse::<u32>().ok().filter(|r| *r > 0)?;
    let separators: &[char] = &[' ', '_', '-', '.', '\u{3000}'];
    let mut rest = rest.trim_end_matches(separators);
    for marker in ["round", "rd", "r", "ラウンド", "第"] {
        let Some(cut) = rest.len().checked_sub(marker.len()) else {
            continue;
        };
        if !rest.is_char_boundary(cut) || rest[cut..].to_lowercase() != marker {
            continue;
        }
        let before = &rest[..cut];
        // A marker of letters counts after a separator only ("…Bar1" is no round).
        if !marker.is_ascii() || before.is_empty() || before.ends_with(separators) {
            rest = before.trim_end_matches(separators);
        }
        break;
    }
    (!rest.is_empty()).then(|| (rest.to_string(), round))
}

/// Reads one round file's bytes; `stem` is its file name without the extension.
pub fn parse_round(bytes: &[u8], stem: &str) -> Result<TcgPlusRound, CommandError> {
    let (_, round) = round_in_name(stem).ok_or_else(|| no_round_in_name(stem))?;
    let (text, _) = checked_text(bytes)?;
    let mut reader = header_reader(&text);
    let headers = reader
        .headers()
        .map_err(|e| header_error(stem, &e.to_string()))?
        .clone();
    let columns = Columns::of(stem, &headers)?;
    let rows = player_rows(
        &text,
        &mut reader,
        |record| columns.row(record),
        |row| &row.membership,
    )
    .map_err(|problems| problems_in(stem, &problems))?;
    Ok(TcgPlusRound {
        round,
        file: stem.trim().to_string(),
        rows,
    })
}

/// Where each read column is in a round file.
struct Columns {
    rank: usize,
    match_point: usize,
    status: usize,
    name: usize,
    membership: usize,
}

impl Columns {
    fn of(stem: &str, headers: &csv::StringRecord) -> Result<Columns, CommandError> {
        let keys = header_keys(headers);
        let find = |wanted: &str| keys.iter().position(|key| key == wanted);
        if let [
            Some(rank),
            Some(match_point),
            Some(status),
            Some(name),
            Some(membership),
        ] = [RANK, MATCH_POINT, STATUS, PLAYER_NAME, MEMBERSHIP].map(find)
        {
            return Ok(Columns {
                rank,
                match_point,
                status,
                name,
                membership,
            });
        }
        Err(header_error(
            stem,
            &headers.iter().collect::<Vec<_>>().join(","),
        ))
    }

    fn row(&self, record: &csv::StringRecord) -> Result<RoundRow, Vec<Message>> {
        let cell = |index: usize| record.get(index).unwrap_or("");
        let mut problems = Vec::new();
        if cell(self.rank)
            .parse::<u32>()
            .ok()
            .filter(|r| *r > 0)
            .is_none()
        {
            problems.push(msg!(
                "csv.tcgplus-rank",
                "Rank '{found}' is not a place (1, 2, 3 …)",
                found = cell(self.rank)
            ));
        }
        let match_point = cell(self.match_point).parse::<u32>().ok();
        if match_point.is_none() {
            problems.push(msg!(
                "csv.tcgplus-match-point",
                "{column} '{found}' is not a whole number",
                column = "Match Point",
                found = cell(self.match_point)
            ));
        }
        let status = cell(self.status);
        if status.is_empty() {
            problems.push(msg!(
                "csv.tcgplus-status",
                "the Status is empty (TCG+ writes 'joining' for a player still in the event)"
            ));
        }
        let membership = cell(self.membership);
        let name = cell(self.name);
        check_player(membership, name, &mut problems);
        match match_point {
            Some(match_point) if problems.is_empty() => Ok(RoundRow {
                membership: membership.to_string(),
                user_name: name.to_string(),
                match_point,
                status: status.to_string(),
            }),
            _ => Err(problems),
        }
    }
}

fn no_round_in_name(stem: &str) -> CommandError {
    CommandError::input(
        ErrorKind::CsvFormat,
        msg!(
            "error.csv-format.tcgplus-round-no-number",
            "the TCG+ round file '{name}' does not say which round it is; end its name with the round, after the final file's name (e.g. '2026-11-20 Store Championship R1.csv')",
            name = stem
        ),
    )
}

fn header_error(stem: &str, found: &str) -> CommandError {
    CommandError::input(
        ErrorKind::CsvFormat,
        msg!(
            "error.csv-format.tcgplus-round-header",
            "'{name}' is not a TCG+ round file: its first row must name the columns {columns}; it names {found}",
            name = stem,
            // TCG+'s own column names, the same in every language.
            columns = "Rank, Match Point, Status, Player Name - 1, Membership Number - 1",
            found = found
        ),
    )
}

/// Problems of one round file, each with its line.
fn problems_in(stem: &str, problems: &[Problem]) -> CommandError {
    let lines: Vec<Message> = problems
        .iter()
        .map(|p| {
            msg!(
                "csv.line-problem",
                "line {line}: {problem}",
                line = p.line,
                problem = Param::message(&p.message)
            )
        })
        .collect();
    CommandError::input(
        ErrorKind::CsvProblems,
        msg!(
            "error.csv-problems.tcgplus-round-file",
            "'{name}' was not counted; fix these and add it again:{problems}",
            name = stem,
            problems = Param::lines(&lines)
        ),
    )
}
