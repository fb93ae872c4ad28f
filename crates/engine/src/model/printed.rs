//! A round's sheets as the log records their printing: sent to a printer as a job it
//! accepted (which printer, how many copies of each sheet), or opened in the computer's
//! PDF viewer to print by hand. Kept with the event so a station's copy and a laptop that
//! takes over know the round's sheets are out (docs/decisions.md, "Printing that prints").

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintedSheets {
    pub round: u32,
    /// The print service's name of the printer that accepted the job; `None`: the sheets
    /// were opened in the viewer to print from there (nobody knows that they printed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printer: Option<String>,
    /// Copies of each sheet asked for.
    pub copies: u32,
}
