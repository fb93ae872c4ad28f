//! The round's sheets on paper, recorded with the event: the desk records a job a printer
//! accepted, or the one PDF it opened to print by hand (`desk/round_sheets.rs`). The record
//! is the engine's (`transitions/printing.rs`); no undo takes it back.

use tablekeeper_engine::Action;

use super::open::Session;
use crate::error::CommandError;

impl Session {
    /// Records round `round`'s sheets as sent to `printer` (`None`: opened to print by
    /// hand), `copies` of each.
    pub fn record_printing(
        &mut self,
        round: u32,
        printer: Option<&str>,
        copies: u32,
    ) -> Result<(), CommandError> {
        self.commit(
            vec![Action::RecordPrinting {
                round,
                printer: printer.map(str::to_string),
                copies,
            }],
            None,
        )
    }
}
