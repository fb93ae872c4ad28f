//! Reading players from a CSV file: a header row with the columns `name` (required),
//! `reading`, `publisher_id`, `nickname` (Japanese headers 名前/氏名, フリガナ/ふりがな/読み,
//! ID/プレイヤーID, ニックネーム are accepted too), encoded as UTF-8 (with or without BOM)
//! or Shift-JIS, as Japanese Excel writes it.
//!
//! [`preview`] lists every problem with its line; [`parse_players`] imports only a file
//! without problems, so a bad file changes nothing.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::Message;
use ts_rs::TS;

use crate::error::CommandError;
use tablekeeper_words::msg;

/// Column keys and the header spellings accepted for each.
const COLUMNS: [(&str, &[&str]); 4] = [
    (
        "name",
        &[
            "name",
            "player",
            "player_name",
            "名前",
            "氏名",
            "プレイヤー名",
        ],
    ),
    (
        "reading",
        &[
            "reading",
            "furigana",
            "フリガナ",
            "ふりがな",
            "読み",
            "よみ",
        ],
    ),
    (
        "publisher_id",
        &[
            "publisher_id",
            "player_id",
            "id",
            "プレイヤーid",
            "会員番号",
        ],
    ),
    ("nickname", &["nickname", "ニックネーム"]),
];

/// The file's text encoding as detected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    Utf8Bom,
    Utf8,
    ShiftJis,
}

/// One problem of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Problem {
    /// 1-based line in the file (the header is line 1); 0 for the whole file.
    pub line: usize,
    pub message: Message,
}

/// What an import would do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportPreview {
    pub encoding: Encoding,
    pub players: Vec<PlayerDetails>,
    pub problems: Vec<Problem>,
}

/// Decodes `bytes`: UTF-8 (BOM stripped) when valid, else Shift-JIS when valid.
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), CommandError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        let text = std::str::from_utf8(rest).map_err(|_| not_text())?;
        return Ok((text.to_string(), Encoding::Utf8Bom));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_string(), Encoding::Utf8));
    }
    let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
    if had_errors {
        return Err(not_text());
    }
    Ok((text.into_owned(), Encoding::ShiftJis))
}

fn not_text() -> CommandError {
    CommandError::input(
        ErrorKind::CsvEncoding,
        msg!(
            "error.csv-encoding.file-neither-utf-8-nor",
            "the file is neither UTF-8 nor Shift-JIS text; save it from Excel as \"CSV UTF-8\" and import again"
        ),
    )
}

/// A reader of rows without a header (pairing files, deck lists): flexible width, cells
/// trimmed.
pub(crate) fn headerless_reader(text: &str) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes())
}

/// Lines of the text, counted as the reader moves through it. Records come in the order of
/// the file, so each line end is counted once: counting from the start of the file for
/// every record made a 50,000-row import quadratic.
pub(crate) struct Lines<'a> {
    bytes: &'a [u8],
    /// How many bytes from the start are counted, and the line ends among them.
    counted: usize,
    line_ends: usize,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Lines {
            bytes: text.as_bytes(),
            counted: 0,
            line_ends: 0,
        }
    }

    /// The 1-based line where a record starting at `byte` has its first field, counted from
    /// the text itself: the reader's own count and offset include the line ends before the
    /// record (blank lines, the `\n` of a CRLF file saved by Excel).
    pub(crate) fn line_at(&mut self, byte: u64) -> usize {
        let bytes = self.bytes;
        let mut end = usize::try_from(byte).unwrap_or(usize::MAX).min(bytes.len());
        while bytes.get(end).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
            end += 1;
        }
        let line_ends = |part: &[u8]| part.iter().filter(|&&b| b == b'\n').count();
        // A position before the last one (never seen from the reader) is counted back.
        if end >= self.counted {
            self.line_ends += line_ends(&bytes[self.counted..end]);
        } else {
            self.line_ends -= line_ends(&bytes[end..self.counted]);
        }
        self.counted = end;
        self.line_ends + 1
    }
}

/// Where a quoted field opened and never closed, as a 1-based line; `None` when every
/// quote is closed. The CSV reader would otherwise read on to the end of the file and merge
/// every following row into one field.
fn unterminated_quote(text: &str) -> Option<usize> {
    let mut line = 1;
    let mut opened_at = None;
    let mut at_field_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (opened_at, c) {
            (Some(_), '"') if chars.peek() == Some(&'"') => {
                chars.next();
            }
            (Some(_), '"') => {
                opened_at = None;
                at_field_start = false;
            }
            (None, '"') if at_field_start => {
                opened_at = Some(line);
            }
            (_, '\n') => {
                line += 1;
                if opened_at.is_none() {
                    at_field_start = true;
                }
            }
            (None, ',') => at_field_start = true,
            (None, '\r') => {}
            (None, _) => at_field_start = false,
            (Some(_), _) => {}
        }
    }
    opened_at
}

/// The file's text, decoded, once every quoted field in it is closed.
pub(crate) fn checked_text(bytes: &[u8]) -> Result<(String, Encoding), CommandError> {
    let (text, encoding) = decode(bytes)?;
    if let Some(line) = unterminated_quote(&text) {
        return Err(CommandError::input(
            ErrorKind::CsvFormat,
            msg!(
                "error.csv-format.line-quoted-field-never-closed",
                "line {line}: a quoted field is never closed (a \" is missing), so the rows after it cannot be told apart; close the quote and import again. Nothing was imported",
                line = line
            ),
        ));
    }
    Ok((text, encoding))
}

/// A reader of rows under a header row: flexible width, cells trimmed.
pub(crate) fn header_reader(text: &str) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes())
}

/// Reads the file and lists every problem (nothing is imported). `registered` holds
/// `(name, publisher id)` of players already in the event, to flag duplicates.
pub fn preview(
    bytes: &[u8],
    registered: &[(String, Option<String>)],
) -> Result<ImportPreview, CommandError> {
    let (text, encoding) = checked_text(bytes)?;
    let mut reader = header_reader(&text);
    let headers = reader
        .headers()
        .map_err(|e| {
            CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.cannot-read-header-row",
                    "cannot read the header row: {e}",
                    e = &e
                ),
            )
        })?
        .clone();
    let mut problems = Vec::new();
    let mut index: [Option<usize>; 4] = [None; 4];
    for (position, header) in headers.iter().enumerate() {
        let key = header.to_lowercase().replace([' ', '-'], "_");
        match COLUMNS
            .iter()
            .position(|(_, spellings)| spellings.contains(&key.as_str()))
        {
            Some(column) if index[column].is_none() => index[column] = Some(position),
            Some(_) => problems.push(Problem {
                line: 1,
                message: msg!(
                    "csv.column-twice",
                    "column '{header}' appears twice",
                    header = header
                ),
            }),
            None => problems.push(Problem {
                line: 1,
                message: msg!(
                    "csv.unknown-column",
                    "unknown column '{header}' (known: name, reading, publisher_id, nickname)",
                    header = header
                ),
            }),
        }
    }
    let Some(name_column) = index[0] else {
        return Err(CommandError::input(
            ErrorKind::CsvFormat,
            msg!(
                "error.csv-format.first-row-must-header-name",
                "the first row must be a header with a 'name' column (e.g. name,reading,publisher_id)"
            ),
        ));
    };
    let registered: std::collections::HashSet<(String, Option<String>)> =
        registered.iter().cloned().collect();
    let mut seen: std::collections::HashSet<(String, Option<String>)> =
        std::collections::HashSet::new();
    let mut players: Vec<PlayerDetails> = Vec::new();
    let mut lines = Lines::new(&text);
    for (row, record) in reader.records().enumerate() {
        let fallback_line = row + 2;
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                problems.push(Problem {
                    line: e
                        .position()
                        .map_or(fallback_line, |p| lines.line_at(p.byte())),
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
        if record.len() > headers.len() {
            problems.push(Problem {
                line,
                message: msg!(
                    "csv.extra-fields",
                    "{fields} fields where the header has {columns}; put a name with a comma in quotes (\"Sato, Hanako\")",
                    fields = record.len(),
                    columns = headers.len()
                ),
            });
            continue;
        }
        let field = |column: usize| {
            index[column]
                .and_then(|i| record.get(i))
                .map(str::to_string)
                .filter(|s| !s.is_empty())
        };
        let details = PlayerDetails {
            name: record.get(name_column).unwrap_or("").to_string(),
            reading: field(1),
            publisher_id: field(2),
            nickname: field(3),
            members: Vec::new(),
        };
        let details = match crate::names::player_details(&details) {
            Ok(details) => details,
            Err(error) => {
                problems.push(Problem {
                    line,
                    message: error.message(),
                });
                continue;
            }
        };
        let name = details.name.clone();
        let key = (name.clone(), details.publisher_id.clone());
        if registered.contains(&key) {
            problems.push(Problem {
                line,
                message: msg!(
                    "csv.already-registered",
                    "'{name}' is already registered",
                    name = &name
                ),
            });
            continue;
        }
        if !seen.insert(key) {
            problems.push(Problem {
                line,
                message: msg!(
                    "csv.twice-in-file",
                    "'{name}' appears twice in the file",
                    name = &name
                ),
            });
            continue;
        }
        players.push(details);
    }
    Ok(ImportPreview {
        encoding,
        players,
        problems,
    })
}

/// The players of a file without problems; otherwise an error listing every problem.
pub fn parse_players(bytes: &[u8]) -> Result<Vec<PlayerDetails>, CommandError> {
    players_from(preview(bytes, &[])?)
}

/// The players of a preview without problems; otherwise an error listing every problem.
pub fn players_from(preview: ImportPreview) -> Result<Vec<PlayerDetails>, CommandError> {
    if preview.problems.is_empty() {
        return Ok(preview.players);
    }
    Err(problems_error(&preview.problems))
}

/// The refusal of a file with `problems`, each with its line: nothing was imported.
pub(crate) fn problems_error(problems: &[Problem]) -> CommandError {
    let lines: Vec<String> = problems
        .iter()
        .map(|p| format!("line {}: {}", p.line, p.message))
        .collect();
    CommandError::input(
        ErrorKind::CsvProblems,
        msg!(
            "error.csv-problems.nothing-was-imported-fix-these",
            "nothing was imported; fix these and import again:\n  {problems}",
            problems = lines.join("\n  ")
        ),
    )
}
