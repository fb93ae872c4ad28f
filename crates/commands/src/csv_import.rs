//! Reading players from a CSV file (header row; columns `name`, `reading`,
//! `publisher_id`, `nickname`; UTF-8 with or without BOM).

use tablekeeper_engine::PlayerDetails;

use crate::error::CommandError;

const COLUMNS: [&str; 4] = ["name", "reading", "publisher_id", "nickname"];

/// Parses the CSV text. Every problem is reported at once, with its line, and nothing
/// is imported while any remains.
pub fn parse_players(bytes: &[u8]) -> Result<Vec<PlayerDetails>, CommandError> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).map_err(
        |_| {
            CommandError::input(
                "csv-encoding",
                "the CSV file is not UTF-8; save it as \"CSV UTF-8\" and import again",
            )
        },
    )?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| CommandError::input("csv-format", format!("cannot read the header row: {e}")))?
        .clone();
    let mut problems = Vec::new();
    let mut index = [None; 4];
    for (position, header) in headers.iter().enumerate() {
        let key = header.to_lowercase().replace([' ', '-'], "_");
        match COLUMNS.iter().position(|c| *c == key) {
            Some(column) => index[column] = Some(position),
            None => problems.push(format!(
                "unknown column '{header}' (known: {})",
                COLUMNS.join(", ")
            )),
        }
    }
    let Some(name_column) = index[0] else {
        return Err(CommandError::input(
            "csv-format",
            "the CSV file needs a 'name' column in its header row",
        ));
    };
    let mut players = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (row, record) in reader.records().enumerate() {
        let line = row + 2;
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                problems.push(format!("line {line}: {e}"));
                continue;
            }
        };
        if record.iter().all(str::is_empty) {
            continue;
        }
        let field = |column: usize| {
            index[column]
                .and_then(|i| record.get(i))
                .map(str::to_string)
                .filter(|s| !s.is_empty())
        };
        let name = record.get(name_column).unwrap_or("").to_string();
        if name.is_empty() {
            problems.push(format!("line {line}: empty name"));
            continue;
        }
        let publisher_id = field(2);
        if !seen.insert((name.clone(), publisher_id.clone())) {
            problems.push(format!("line {line}: '{name}' appears twice"));
            continue;
        }
        players.push(PlayerDetails {
            name,
            reading: field(1),
            publisher_id,
            nickname: field(3),
        });
    }
    if !problems.is_empty() {
        return Err(CommandError::input(
            "csv-problems",
            format!(
                "nothing was imported; fix these and import again:\n  {}",
                problems.join("\n  ")
            ),
        ));
    }
    Ok(players)
}
