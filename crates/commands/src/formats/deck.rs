//! Reading a deck list (card number, name, count) from CSV (UTF-8, BOM or Shift-JIS).

use tablekeeper_engine::model::DeckCard;
use tablekeeper_words::ErrorKind;

use crate::error::CommandError;
use crate::formats::csv_import::decode;
use tablekeeper_words::msg;

/// Parses `number,name,count` rows (a header row is optional).
pub fn parse_list(bytes: &[u8]) -> Result<Vec<DeckCard>, CommandError> {
    let (text, _) = decode(bytes)?;
    let mut reader = crate::formats::csv_import::headerless_reader(&text);
    let mut cards = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let record = record.map_err(|e| {
            CommandError::input(
                ErrorKind::CsvFormat,
                msg!(
                    "error.csv-format.deck-list-line",
                    "deck list line {line}: {e}",
                    line = line,
                    e = &e
                ),
            )
        })?;
        if record.iter().all(str::is_empty) {
            continue;
        }
        let count_text = record.get(2).unwrap_or("");
        let count = match count_text.parse::<u32>() {
            Ok(count) => count,
            Err(_) if line == 1 => continue, // a header row
            Err(_) => {
                return Err(CommandError::input(
                    ErrorKind::CsvFormat,
                    msg!(
                        "error.csv-format.deck-list-line-third-column",
                        "deck list line {line}: the third column must be a count, found '{count_text}'",
                        line = line,
                        count_text = count_text
                    ),
                ));
            }
        };
        cards.push(DeckCard {
            number: record.get(0).unwrap_or("").to_string(),
            name: record.get(1).unwrap_or("").to_string(),
            count,
        });
    }
    Ok(cards)
}
