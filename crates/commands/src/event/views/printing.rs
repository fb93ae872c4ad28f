//! How a round's sheets went out, as the stage strip and the round's next button read it:
//! a printer that accepted them, or one PDF opened to print by hand (engine
//! `transitions/printing.rs`). Every copy of the event holds it, so a station and a laptop
//! that took over see the round printed.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintedView {
    /// The printer that accepted the job; `null`: opened in the viewer to print by hand.
    pub printer: Option<String>,
    /// Copies of each sheet.
    pub copies: u32,
}

impl PrintedView {
    /// Round `round`'s sheets as recorded, if they went out since its pairing last changed.
    pub fn of(event: &Event, round: u32) -> Option<PrintedView> {
        event.printed(round).map(|printed| PrintedView {
            printer: printed.printer.clone(),
            copies: printed.copies,
        })
    }
}
