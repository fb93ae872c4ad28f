//! The code on each match slip — event, round and table — as a USB barcode scanner types
//! it into the Results box (Code 128 of plain ASCII, then Enter): `TK-7F3A2C-3-12`. The
//! event part is derived from the event's recorded standings seed, so a slip from another
//! event (or another round) is refused rather than entered at the wrong table.

use tablekeeper_engine::Event;
use tablekeeper_words::{ErrorKind, msg};

use crate::error::CommandError;

/// The event's six-character code (stable for the event's life; shown under the barcode).
pub fn event_code(event: &Event) -> String {
    let seed = event.settings.standings_seed;
    format!("{:06X}", (seed ^ (seed >> 24) ^ (seed >> 48)) & 0x00FF_FFFF)
}

/// The text of the slip of `table` in `round`.
pub fn encode(event: &Event, round: u32, table: u32) -> String {
    code_text(&event_code(event), round, table)
}

/// The slip code from the event's code (for a printer that has only the views).
pub fn code_text(event_code: &str, round: u32, table: u32) -> String {
    format!("TK-{event_code}-{round}-{table}")
}

/// Whether `text` looks like a slip code at all (so a host can tell it from a result).
pub fn looks_like(text: &str) -> bool {
    text.trim().to_ascii_uppercase().starts_with("TK-")
}

/// The round and table of a scanned slip of this event's current round.
pub fn read(event: &Event, text: &str) -> Result<(u32, u32), CommandError> {
    let upper = text.trim().to_ascii_uppercase();
    let parts: Vec<&str> = upper.split('-').collect();
    let (code, round, table) = match parts.as_slice() {
        ["TK", code, round, table] => (*code, round.parse::<u32>().ok(), table.parse::<u32>().ok()),
        _ => ("", None, None),
    };
    let (Some(round), Some(table)) = (round, table) else {
        return Err(CommandError::input(
            ErrorKind::WrongSlip,
            msg!(
                "error.wrong-slip.unreadable",
                "'{text}' is not a match slip's code; scan the code on the slip again, or type the table number",
                text = text.trim()
            ),
        ));
    };
    let ours = event_code(event);
    if code != ours {
        return Err(CommandError::input(
            ErrorKind::WrongSlip,
            msg!(
                "error.wrong-slip.other-event",
                "this slip is from another event (code {code}; this event's slips carry {ours}); nothing was entered",
                code = code,
                ours = &ours
            ),
        ));
    }
    let current = event.current_round().map_or(0, |r| r.number);
    if round != current {
        return Err(CommandError::input(
            ErrorKind::WrongSlip,
            msg!(
                "error.wrong-slip.other-round",
                "this slip is from round {round}; the current round is {current}. Enter an earlier round's result by its table number",
                round = round,
                current = current
            ),
        ));
    }
    let paired = event
        .current_round()
        .is_some_and(|r| r.matches.iter().any(|m| m.table == Some(table)));
    if !paired {
        return Err(tablekeeper_engine::EngineError::UnknownTable { round, table }.into());
    }
    Ok((round, table))
}
