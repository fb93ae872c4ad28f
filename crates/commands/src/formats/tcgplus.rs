//! A Bandai TCG+ organizer CSV read as a placing-only event of a season: the events a shop
//! must run in the publisher's own app count in its league beside its Tablekeeper events
//! (docs/seasons.md, "Events run in TCG+"; decision 74).
//!
//! The file has a header row naming the columns Ranking, Membership Number, User Name, Win
//! Points, OMW %, OOMW % (in any order; Memo, Deck URLs and any other column are not read), encoded as UTF-8 with
//! or without BOM, or Shift-JIS. A player is the same person as in the shop's events by the
//! membership number (their publisher ID). The file says no date, so its name must: a file
//! named `2026-11-20 store event.csv` (or `20261120…`) was held that day. Every problem is
//! listed with its line, and a file with any problem counts for nothing.

use sha2::{Digest, Sha256};
use tablekeeper_engine::season::{SeasonEvent, SeasonResult};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::formats::csv_import::{Lines, Problem, checked_text, header_reader, problems_error};

/// The columns read, as the header names them (compared without case or spaces).
const RANKING: &str = "ranking";
const MEMBERSHIP: &str = "membershipnumber";
const USER_NAME: &str = "username";
const WIN_POINTS: &str = "winpoints";
const OMW: &str = "omw%";
const OOMW: &str = "oomw%";

/// Longest membership number and user name taken (TCG+'s own are far shorter).
const MEMBERSHIP_AT_MOST: usize = 32;
const USER_NAME_AT_MOST: usize = 100;
/// Players in one file at most (a very large event is a few thousand).
const ROWS_AT_MOST: usize = 20_000;

/// One player's line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TcgPlusPlacing {
    pub ranking: u32,
    pub membership: String,
    pub user_name: String,
    pub win_points: u32,
}

/// A TCG+ event as its file gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TcgPlusEvent {
    /// The day it was held (`YYYY-MM-DD`, from the file's name).
    pub held_on: String,
    pub name: String,
    pub placings: Vec<TcgPlusPlacing>,
}

/// Whether `path` is read as a TCG+ file (a `.csv`) rather than an event file.
pub fn is_tcgplus_file(path: &std::path::Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

/// Reads the TCG+ file at `path`.
pub fn read(path: &std::path::Path) -> Result<TcgPlusEvent, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    parse(&bytes, &stem)
}

/// Reads a TCG+ file's bytes; `name` is its file name without the extension (which says
/// the day it was held).
pub fn parse(bytes: &[u8], name: &str) -> Result<TcgPlusEvent, CommandError> {
    let held_on = day_in_name(name).ok_or_else(|| {
        CommandError::input(
            ErrorKind::CsvFormat,
            msg!(
                "error.csv-format.tcgplus-no-date",
                "the TCG+ file '{name}' does not say when the event was held; put the date at the start of its name (e.g. '2026-11-20 {name}.csv') and add it again",
                name = name
            ),
        )
    })?;
    let (text, _) = checked_text(bytes)?;
    let mut reader = header_reader(&text);
    let headers = reader
        .headers()
        .map_err(|e| header_error(&e.to_string()))?
        .clone();
    let columns = Columns::of(&headers)?;
    let mut problems = Vec::new();
    let mut placings: Vec<TcgPlusPlacing> = Vec::new();
    let mut lines = Lines::new(&text);
    for (row, record) in reader.records().enumerate() {
        let fallback_line = row + 2;
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let line = e
                    .position()
                    .map_or(fallback_line, |p| lines.line_at(p.byte()));
                problems.push(Problem {
                    line,
                    message: msg!("csv.unreadable-row", "{detail}", detail = e.to_string()),
                });
                continue;
            }
        };
        let line = record
            .position()
            .map_or(fallback_line, |p| lines.line_at(p.byte()));
        if record.iter().all(str::is_empty) {
            continue;
        }
        if placings.len() >= ROWS_AT_MOST {
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
        match columns.placing(&record) {
            Ok(placing) => {
                if placings.iter().any(|p| p.membership == placing.membership) {
                    problems.push(Problem {
                        line,
                        message: msg!(
                            "csv.tcgplus-membership-twice",
                            "membership number {number} appears twice in the file",
                            number = &placing.membership
                        ),
                    });
                } else {
                    placings.push(placing);
                }
            }
            Err(found) => {
                problems.extend(found.into_iter().map(|message| Problem { line, message }))
            }
        }
    }
    if placings.is_empty() && problems.is_empty() {
        problems.push(Problem {
            line: 0,
            message: msg!("csv.tcgplus-no-players", "the file lists no players"),
        });
    }
    if !problems.is_empty() {
        return Err(problems_error(&problems));
    }
    Ok(TcgPlusEvent {
        held_on,
        name: name.trim().to_string(),
        placings,
    })
}

impl TcgPlusEvent {
    /// The event's identity: the day it was held and a digest of its placings, so the same
    /// results saved again (in the other encoding, or with other memos) are the same event
    /// and count once.
    pub fn identity(&self) -> String {
        let mut digest = Sha256::new();
        for placing in &self.placings {
            digest.update(
                format!(
                    "{}\t{}\t{}\t{}\n",
                    placing.ranking, placing.membership, placing.user_name, placing.win_points
                )
                .as_bytes(),
            );
        }
        let hex: String = digest
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("{}T00:00:00+00:00/tcgplus-{hex}", self.held_on)
    }

    /// The event as a season counts it: each player placed at their ranking (players sharing
    /// a ranking share the place), matched by membership number; no match records (a
    /// placing-only event gives nothing to per-win points or to head-to-head).
    pub fn season_event(&self) -> SeasonEvent {
        let id = self.identity();
        SeasonEvent {
            // The start of its day, UTC (its identity begins with the same time).
            held_at: chrono::NaiveDate::parse_from_str(&self.held_on, "%Y-%m-%d")
                .ok()
                .and_then(|day| day.and_hms_opt(0, 0, 0))
                .map_or(0, |start| start.and_utc().timestamp_millis()),
            id,
            name: self.name.clone(),
            players: u32::try_from(self.placings.len()).unwrap_or(u32::MAX),
            results: self
                .placings
                .iter()
                .map(|placing| SeasonResult {
                    key: format!("id:{}", placing.membership),
                    name: placing.user_name.clone(),
                    place: placing.ranking,
                    wins: 0,
                    losses: 0,
                    draws: 0,
                })
                .collect(),
            matches: Vec::new(),
        }
    }
}

/// Where each read column is in the file.
struct Columns {
    ranking: usize,
    membership: usize,
    user_name: usize,
    win_points: usize,
    omw: usize,
    oomw: usize,
}

impl Columns {
    fn of(headers: &csv::StringRecord) -> Result<Columns, CommandError> {
        let keys: Vec<String> = headers
            .iter()
            .map(|h| {
                h.to_lowercase()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect()
            })
            .collect();
        let find = |wanted: &str| keys.iter().position(|key| key == wanted);
        let found = [RANKING, MEMBERSHIP, USER_NAME, WIN_POINTS, OMW, OOMW].map(find);
        // Other columns (Memo, Deck URLs, any a later TCG+ adds) are left unread.
        if let [
            Some(ranking),
            Some(membership),
            Some(user_name),
            Some(win_points),
            Some(omw),
            Some(oomw),
        ] = found
        {
            return Ok(Columns {
                ranking,
                membership,
                user_name,
                win_points,
                omw,
                oomw,
            });
        }
        Err(header_error(&headers.iter().collect::<Vec<_>>().join(",")))
    }

    /// The placing of one row, or every problem it has.
    fn placing(
        &self,
        record: &csv::StringRecord,
    ) -> Result<TcgPlusPlacing, Vec<tablekeeper_words::message::Message>> {
        let cell = |index: usize| record.get(index).unwrap_or("");
        let mut problems = Vec::new();
        let ranking = cell(self.ranking).parse::<u32>().ok().filter(|r| *r > 0);
        if ranking.is_none() {
            problems.push(msg!(
                "csv.tcgplus-ranking",
                "Ranking '{found}' is not a place (1, 2, 3 …)",
                found = cell(self.ranking)
            ));
        }
        let membership = cell(self.membership);
        let membership_ok = !membership.is_empty()
            && membership.chars().count() <= MEMBERSHIP_AT_MOST
            && membership
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !membership_ok {
            problems.push(msg!(
                "csv.tcgplus-membership",
                "Membership Number '{found}' is not a TCG+ membership number (digits, as the TCG+ app shows it)",
                found = membership
            ));
        }
        let user_name = cell(self.user_name);
        if user_name.is_empty()
            || user_name.chars().count() > USER_NAME_AT_MOST
            || user_name.chars().any(char::is_control)
        {
            problems.push(msg!(
                "csv.tcgplus-user-name",
                "User Name '{found}' is empty, too long or holds control characters",
                found = user_name
            ));
        }
        let win_points = cell(self.win_points).parse::<u32>().ok();
        if win_points.is_none() {
            problems.push(msg!(
                "csv.tcgplus-win-points",
                "Win Points '{found}' is not a whole number",
                found = cell(self.win_points)
            ));
        }
        for (column, index) in [("OMW %", self.omw), ("OOMW %", self.oomw)] {
            if !is_percentage(cell(index)) {
                problems.push(msg!(
                    "csv.tcgplus-percentage",
                    "{column} '{found}' is not a percentage between 0 and 100",
                    column = column,
                    found = cell(index)
                ));
            }
        }
        match (ranking, win_points) {
            (Some(ranking), Some(win_points)) if problems.is_empty() => Ok(TcgPlusPlacing {
                ranking,
                membership: membership.to_string(),
                user_name: user_name.to_string(),
                win_points,
            }),
            _ => Err(problems),
        }
    }
}

/// A percentage as TCG+ writes it: `55.56`, `55.56%` or empty (a player who played no
/// opponent); checked, not used (the league counts placings).
fn is_percentage(text: &str) -> bool {
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
fn day_in_name(name: &str) -> Option<String> {
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

fn header_error(found: &str) -> CommandError {
    CommandError::input(
        ErrorKind::CsvFormat,
        msg!(
            "error.csv-format.tcgplus-header",
            "this is not a TCG+ organizer file: its first row must name the columns Ranking, Membership Number, User Name, Win Points, OMW %, OOMW % (Memo and Deck URLs may follow); it names {found}",
            found = found
        ),
    )
}

#[cfg(test)]
#[path = "tcgplus_tests.rs"]
mod tests;
