//! A TCG+ event given round by round: the event's final file with its per-round files,
//! each player's wins, draws and losses rebuilt from the change of their Match Point from
//! round to round (+3 a win or a bye, +1 a draw, +0 a loss) and checked against the final
//! file's Win Points (docs/seasons.md, "Events run in TCG+, round by round"; decision 79).
//! A set that does not add up is refused whole, naming the player and the round.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::formats::tcgplus::{self, RoundRecord, TcgPlusEvent};
use crate::formats::tcgplus_rounds::{TcgPlusRound, is_round_file, parse_round, round_in_name};

/// Rounds of one event at most.
const ROUNDS_AT_MOST: u32 = 30;

/// Each player's record over `rounds` (any order), checked against the final file `event`:
/// the rounds run 1, 2 … with none missing or twice; every step of a player's Match Point
/// is +3, +1 or +0 (+0 only while they play); a player's last Match Point is their Win
/// Points in the final file; the files name the same players. Every problem found is
/// listed, and any problem refuses the whole set.
pub fn records(
    event: &TcgPlusEvent,
    rounds: &[TcgPlusRound],
) -> Result<BTreeMap<String, RoundRecord>, CommandError> {
    let mut problems: Vec<Message> = Vec::new();
    // The same round given twice (a copy of the file) is read once.
    let mut ordered: Vec<&TcgPlusRound> = Vec::with_capacity(rounds.len());
    for round in rounds {
        if !ordered
            .iter()
            .any(|o| o.round == round.round && o.rows == round.rows)
        {
            ordered.push(round);
        }
    }
    ordered.sort_by_key(|r| r.round);
    for pair in ordered.windows(2) {
        if pair[0].round == pair[1].round {
            problems.push(msg!(
                "csv.tcgplus-round-twice",
                "'{first}' and '{second}' are both round {round}; keep the right one",
                first = &pair[0].file,
                second = &pair[1].file,
                round = pair[0].round
            ));
        }
    }
    let last = ordered.last().map_or(0, |r| r.round);
    if last > ROUNDS_AT_MOST {
        problems.push(msg!(
            "csv.tcgplus-round-too-many",
            "round {round} is beyond the {most} rounds an event may have; check the file's name",
            round = last,
            most = ROUNDS_AT_MOST
        ));
    }
    for round in 1..=last.min(ROUNDS_AT_MOST) {
        if !ordered.iter().any(|r| r.round == round) {
            problems.push(msg!(
                "csv.tcgplus-round-missing",
                "the file of round {round} is missing (the files go up to round {last}); add it",
                round = round,
                last = last
            ));
        }
    }
    if !problems.is_empty() {
        return Err(set_error(&event.name, &problems));
    }
    let finals: BTreeMap<&str, &tcgplus::TcgPlusPlacing> = event
        .placings
        .iter()
        .map(|p| (p.membership.as_str(), p))
        .collect();
    for round in &ordered {
        for row in &round.rows {
            if !finals.contains_key(row.membership.as_str()) {
                problems.push(msg!(
                    "csv.tcgplus-round-unknown-player",
                    "{name} ({number}) is in round {round} but not in the final file",
                    name = &row.user_name,
                    number = &row.membership,
                    round = round.round
                ));
            }
        }
    }
    let mut records = BTreeMap::new();
    for placing in &event.placings {
        let mut record = RoundRecord::default();
        let mut points = 0u32;
        let mut seen = false;
        for round in &ordered {
            let Some(row) = round
                .rows
                .iter()
                .find(|r| r.membership == placing.membership)
            else {
                continue;
            };
            seen = true;
            let step = row.match_point.checked_sub(points);
            // +3 and +1 count whatever the Status says (a player may win a round and leave
            // after it); +0 is a loss while the player is "joining", else nothing (left).
            match (step, row.joining()) {
                (Some(3), _) => record.wins += 1,
                (Some(1), _) => record.draws += 1,
                (Some(0), true) => record.losses += 1,
                (Some(0), false) => {}
                _ => problems.push(msg!(
                    "csv.tcgplus-round-step",
                    "{name} ({number}) goes from {before} to {after} Match Points in round {round} ({status}): a round adds 3 (a win or a bye), 1 (a draw) or 0 (a loss, or a player who has left)",
                    name = &placing.user_name,
                    number = &placing.membership,
                    before = points,
                    after = row.match_point,
                    round = round.round,
                    status = &row.status
                )),
            }
            points = row.match_point;
        }
        if !seen {
            problems.push(msg!(
                "csv.tcgplus-round-absent-player",
                "{name} ({number}) of the final file is in no round file",
                name = &placing.user_name,
                number = &placing.membership
            ));
        } else if points != placing.win_points {
            problems.push(msg!(
                "csv.tcgplus-round-total",
                "{name} ({number}) has {points} Match Points after the last round but {final_points} Win Points in the final file",
                name = &placing.user_name,
                number = &placing.membership,
                points = points,
                final_points = placing.win_points
            ));
        }
        records.insert(placing.membership.clone(), record);
    }
    if !problems.is_empty() {
        return Err(set_error(&event.name, &problems));
    }
    Ok(records)
}

/// The TCG+ events among `paths` (all `.csv`): each final file with its round files, which
/// are told apart by their header and matched to their final file by name. A round file
/// whose final file is not among them is refused, saying which file to add.
pub fn read_set(paths: &[PathBuf]) -> Result<Vec<(PathBuf, TcgPlusEvent)>, CommandError> {
    let mut finals: Vec<(PathBuf, TcgPlusEvent)> = Vec::new();
    let mut rounds: Vec<(PathBuf, TcgPlusRound)> = Vec::new();
    for path in paths {
        if finals.iter().any(|(p, _)| p == path) || rounds.iter().any(|(p, _)| p == path) {
            continue;
        }
        let bytes = std::fs::read(path).map_err(|e| CommandError::Io {
            path: path.display().to_string(),
            detail: e.to_string(),
        })?;
        let stem = stem_of(path);
        if is_round_file(&bytes) {
            rounds.push((path.clone(), parse_round(&bytes, &stem)?));
        } else {
            finals.push((path.clone(), tcgplus::parse(&bytes, &stem)?));
        }
    }
    let mut grouped: Vec<Vec<TcgPlusRound>> = vec![Vec::new(); finals.len()];
    for (path, round) in rounds {
        let base = round_in_name(&round.file).map(|(base, _)| base);
        let at = finals.iter().position(|(p, _)| {
            Some(stem_of(p).trim().to_lowercase()) == base.as_ref().map(|b| b.to_lowercase())
        });
        match at {
            Some(at) => grouped[at].push(round),
            None => {
                return Err(CommandError::input(
                    ErrorKind::CsvProblems,
                    msg!(
                        "error.csv-problems.tcgplus-round-no-final",
                        "'{file}' is round {round} of a TCG+ event whose final file is not among the files: add the organizer's final results, named '{final_file}.csv', with it",
                        file = path.display().to_string(),
                        round = round.round,
                        final_file = base.unwrap_or_default()
                    ),
                ));
            }
        }
    }
    for ((_, event), rounds) in finals.iter_mut().zip(grouped) {
        if !rounds.is_empty() {
            event.records = records(event, &rounds)?;
        }
    }
    Ok(finals)
}

fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Problems of a final file and its round files together.
fn set_error(event: &str, problems: &[Message]) -> CommandError {
    CommandError::input(
        ErrorKind::CsvProblems,
        msg!(
            "error.csv-problems.tcgplus-rounds",
            "the TCG+ files of '{event}' do not add up, so none of them counts; fix these and add them again:{problems}",
            event = event,
            problems = Param::lines(problems)
        ),
    )
}
