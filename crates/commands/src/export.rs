//! Writing an export to a file: the archive, the standings or results CSV, or the
//! publisher report. Shared by the CLI (`export --output`) and the desktop app.

use std::path::Path;
use tablekeeper_engine::ErrorKind;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::CommandError;
use crate::{Session, archive, csv_export, report};

/// What was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportView {
    pub written: String,
    /// Characters Shift-JIS cannot hold, written as `?`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrepresentable: Vec<String>,
}

/// The formats `export` writes.
pub const FORMATS: &str = "archive, standings-csv, results-csv or report";

/// The bytes of `format` for the open event (CSV in `encoding`: `utf8-bom` or `shift-jis`).
pub fn render(
    session: &Session,
    format: &str,
    encoding: &str,
) -> Result<(Vec<u8>, Vec<String>), CommandError> {
    let csv = |text: String| -> Result<(Vec<u8>, Vec<String>), CommandError> {
        let encoded = csv_export::encode(&text, csv_export::CsvEncoding::parse(encoding)?);
        let lost = encoded
            .unrepresentable
            .iter()
            .map(|c| c.to_string())
            .collect();
        Ok((encoded.bytes, lost))
    };
    match format {
        "archive" => {
            let text = serde_json::to_string_pretty(&archive::export(session)?)
                .map_err(|e| CommandError::input(ErrorKind::Internal, e.to_string()))?;
            Ok((text.into_bytes(), Vec::new()))
        }
        "report" => Ok((
            report::text(&report::report(session)?).into_bytes(),
            Vec::new(),
        )),
        "standings-csv" => csv(csv_export::standings_csv(
            session.event(),
            &session.standings()?,
        )?),
        "results-csv" => csv(csv_export::results_csv(session.event())?),
        other => Err(CommandError::input(
            ErrorKind::InvalidFormat,
            format!("unknown export format '{other}'; use {FORMATS}"),
        )),
    }
}

/// Writes `format` to `path`.
pub fn write(
    session: &Session,
    format: &str,
    encoding: &str,
    path: &Path,
) -> Result<ExportView, CommandError> {
    let (bytes, unrepresentable) = render(session, format, encoding)?;
    std::fs::write(path, bytes).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })?;
    Ok(ExportView {
        written: path.display().to_string(),
        unrepresentable,
    })
}
