//! Re-entering an event run on paper: a round's pairings as a CSV of `table,player_a,
//! player_b` (an empty table or player B for the bye; players by number or exact name,
//! UTF-8 or Shift-JIS as Excel saves it), and results as lines of `TABLE RESULT` in the
//! result syntax every host shares (`3 2-1`, `4 b`, `7 draw`).

use tablekeeper_engine::model::ResultEntry;
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;
use crate::result_input::parse_result;

/// The tables of a pairing CSV. A header row (`table,player_a,player_b` or Japanese
/// `卓,…`) is skipped when its first cell is not a number.
pub fn pairing_csv(bytes: &[u8]) -> Result<Vec<(u32, String, Option<String>)>, CommandError> {
    let (text, _) = crate::formats::csv_import::decode(bytes)?;
    let mut reader = crate::formats::csv_import::headerless_reader(&text);
    let mut tables = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let record = record.map_err(|e| {
            CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.pairing-line",
                    "pairing file line {line}: {detail}",
                    line = line,
                    detail = e.to_string()
                ),
            )
        })?;
        let cell = |i: usize| record.get(i).map(str::trim).unwrap_or("");
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let table = cell(0);
        let number = table.parse::<u32>().ok();
        if number.is_none() && !table.is_empty() {
            if index == 0 {
                continue; // the header row
            }
            return Err(CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.pairing-table",
                    "pairing file line {line}: '{table}' is not a table number (leave it empty for the bye)",
                    line = line,
                    table = table
                ),
            ));
        }
        let (a, b) = (cell(1), cell(2));
        if a.is_empty() {
            return Err(CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.pairing-player",
                    "pairing file line {line}: the first player is missing",
                    line = line
                ),
            ));
        }
        let b_is_bye = b.is_empty() || b.eq_ignore_ascii_case("bye");
        if number.is_none() && !b_is_bye {
            // An empty table is the bye; a second player there is a typing slip, never dropped.
            return Err(CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.pairing-bye-with-opponent",
                    "pairing file line {line}: the table is empty (the bye) but a second player, '{b}', is given; write the table number, or leave player B empty for the bye",
                    line = line,
                    b = b
                ),
            ));
        }
        let b = (!b_is_bye).then(|| b.to_string());
        tables.push((number.unwrap_or(0), a.to_string(), b));
    }
    Ok(tables)
}

/// Results typed one per line: `TABLE RESULT`.
pub fn result_lines(lines: &[String]) -> Result<Vec<(u32, ResultEntry)>, CommandError> {
    let mut results = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let bad = || {
            CommandError::input(
                ErrorKind::InvalidResult,
                msg!(
                    "error.invalid-result.bulk-line",
                    "line {line}: write the table number, then the result (e.g. 3 2-1)",
                    line = index + 1
                ),
            )
        };
        let (table, result) = text.split_once(char::is_whitespace).ok_or_else(bad)?;
        let table: u32 = table.parse().map_err(|_| bad())?;
        let entry = parse_result(result.trim(), None).map_err(|error| {
            CommandError::input(
                error.kind(),
                msg!(
                    "error.invalid-result.bulk-line-refused",
                    "line {line}: {problem}",
                    line = index + 1,
                    problem = tablekeeper_words::message::Param::message(&error.message())
                ),
            )
        })?;
        results.push((table, entry));
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pairing_csv_reads_tables_and_the_bye() {
        let csv = "table,player_a,player_b\n1,佐藤,鈴木\n2,3,4\n,高橋,\n";
        let tables = pairing_csv(csv.as_bytes()).expect("reads");
        assert_eq!(
            tables,
            vec![
                (1, "佐藤".into(), Some("鈴木".into())),
                (2, "3".into(), Some("4".into())),
                (0, "高橋".into(), None),
            ]
        );
        let error = pairing_csv(b"1,A,B\nx,C,D\n").expect_err("bad table");
        assert_eq!(error.kind(), ErrorKind::CsvFormat);
        let error = pairing_csv(b"1,A,B\n,Eve,Ann\n").expect_err("a bye with an opponent");
        assert!(
            error.message().text.contains("line 2"),
            "{:?}",
            error.message()
        );
    }

    #[test]
    fn result_lines_read_the_shared_syntax() {
        let lines = vec!["1 a".to_string(), "".to_string(), "2 2-1".to_string()];
        let results = result_lines(&lines).expect("reads");
        assert_eq!(results.len(), 2);
        assert_eq!(results[1].0, 2);
        assert!(result_lines(&["x a".to_string()]).is_err());
        let refused = result_lines(&["1 a".to_string(), "2 7-x".to_string()])
            .expect_err("the grammar refuses line 2");
        assert!(
            refused.message().text.starts_with("line 2: "),
            "{:?}",
            refused.message()
        );
    }
}
