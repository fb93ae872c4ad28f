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

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};
use tablekeeper_engine::season::{SeasonEvent, SeasonResult};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::formats::csv_import::{checked_text, header_reader, problems_error};
use crate::formats::tcgplus_cells::{
    check_player, day_in_name, header_keys, is_percentage, player_rows,
};

/// The columns read, as the header names them (compared without case or spaces).
const RANKING: &str = "ranking";
const MEMBERSHIP: &str = "membershipnumber";
const USER_NAME: &str = "username";
const WIN_POINTS: &str = "winpoints";
const OMW: &str = "omw%";
const OOMW: &str = "oomw%";

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
    /// Each player's record by membership number, when the event's round files were given
    /// with it (`tcgplus_rounds`); empty: placings only.
    pub records: BTreeMap<String, RoundRecord>,
}

/// A player's record over the rounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundRecord {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
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
    let placings = player_rows(
        &text,
        &mut reader,
        |record| columns.placing(record),
        |placing| &placing.membership,
    )
    .map_err(|problems| problems_error(&problems))?;
    Ok(TcgPlusEvent {
        held_on,
        name: name.trim().to_string(),
        placings,
        records: BTreeMap::new(),
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
    /// a ranking share the place), matched by membership number, with the record its round
    /// files give (none without them); never head-to-head (no file names opponents).
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
                .map(|placing| {
                    let record = self
                        .records
                        .get(&placing.membership)
                        .copied()
                        .unwrap_or_default();
                    SeasonResult {
                        key: crate::shop::identities::tcgplus_key(&placing.membership),
                        name: placing.user_name.clone(),
                        place: placing.ranking,
                        wins: record.wins,
                        losses: record.losses,
                        draws: record.draws,
                    }
                })
                .collect(),
            matches: Vec::new(),
            // The files name no opponents (the final file, nor the round files).
            opponents_known: false,
            finished: true,
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
        let keys = header_keys(headers);
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
        let user_name = cell(self.user_name);
        check_player(membership, user_name, &mut problems);
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
