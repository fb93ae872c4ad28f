//! Results: a scanned slip, a result previewed, recorded or corrected (one round trip), and
//! many at once.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::result_input::parse_result;
use crate::views::{RoundProgress, TableView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ResultRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    pub table: u32,
    /// `a`, `b`, `2-1`, `draw`, `dl`, `noshow-a`, `team:a,b,a`, … (`crate::result_input`).
    pub result: String,
    /// Correct a result already entered.
    pub replace: bool,
    /// Correct a round the ruleset has locked; the reason is logged.
    pub override_reason: Option<String>,
    /// The graded result's reason (rulesets with graded points, e.g. moncolle-legacy).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub graded_reason: Option<String>,
}

/// A result recorded, with everything the Results screen needs to show it without asking
/// again: the table (its fields, as `TableView`), where the round stands, the step the
/// history gains, and what the event has to say besides (a notice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RecordedView {
    #[serde(flatten)]
    #[ts(flatten)]
    pub table: TableView,
    pub progress: RoundProgress,
    /// The step just stored (`null` if its rows could not be described).
    pub step: Option<crate::session::HistoryItem>,
}

/// Many results of one round as one step: one line per table (`"3 2-1"`, `"4 b"`), as
/// typed in the Results box or on paper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BulkResultsRequest {
    /// `null`: the current round.
    pub round: Option<u32>,
    pub lines: Vec<String>,
}

/// What a barcode scanner typed from a match slip (`TK-7F3A2C-3-12`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReadSlipRequest {
    pub code: String,
}

/// The round and table of a scanned slip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ScannedSlip {
    pub round: u32,
    pub table: u32,
}

impl Desk {
    /// A scanned match slip of the current round: its round and table (the app then waits
    /// for the result of that table).
    pub fn read_slip(&mut self, request: ReadSlipRequest) -> Result<ScannedSlip, CommandError> {
        let (round, table) = crate::slip_code::read(self.session()?.event(), &request.code)?;
        Ok(ScannedSlip { round, table })
    }

    /// What entering this result would record (the real action on a copy), without
    /// recording it: the preview the Results screen shows while typing.
    pub fn preview_result(&mut self, request: ResultRequest) -> Result<TableView, CommandError> {
        let entry = parse_result(&request.result, request.graded_reason.as_deref())?;
        self.session()?.preview_result(
            request.round,
            request.table,
            entry,
            request.replace,
            request.override_reason.as_deref(),
        )
    }

    /// Records (or corrects) a result and answers with all the Results screen shows of it,
    /// so entering a result is one round trip (its notices ride on the answer, as every
    /// command's do: `surface::dispatch_answered`).
    pub fn record_result(&mut self, request: ResultRequest) -> Result<RecordedView, CommandError> {
        let entry = parse_result(&request.result, request.graded_reason.as_deref())?;
        let session = self.session_mut()?;
        let table = session.enter_result(
            request.round,
            request.table,
            entry,
            request.replace,
            request.override_reason.as_deref(),
        )?;
        let progress = session.progress(request.round)?;
        Ok(RecordedView {
            table,
            progress,
            step: session.newest_step(),
        })
    }

    /// Many results of one round as one step ("3 2-1", "4 b", one per line).
    pub fn record_results(
        &mut self,
        request: BulkResultsRequest,
    ) -> Result<Vec<TableView>, CommandError> {
        let results = crate::formats::paper::result_lines(&request.lines)?;
        self.session_mut()?.record_results(request.round, results)
    }
}
