//! Writing an export to a file: the archive, the standings or results CSV, or the
//! publisher report. Shared by the CLI (`export --output`) and the desktop app.

use std::path::Path;
use tablekeeper_words::ErrorKind;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Session;
use crate::error::CommandError;
use crate::formats::{archive, csv_export, report};
use crate::vocabulary::{CsvEncoding, ExportFormat};
use tablekeeper_words::msg;

/// What was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportView {
    pub written: String,
    /// Characters Shift-JIS cannot hold, written as `?`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrepresentable: Vec<String>,
}

/// The bytes of `format` for the open event (CSV in `encoding`).
pub fn render(
    session: &Session,
    format: ExportFormat,
    encoding: CsvEncoding,
) -> Result<(Vec<u8>, Vec<String>), CommandError> {
    let csv = |text: String| -> (Vec<u8>, Vec<String>) {
        let encoded = csv_export::encode(&text, encoding);
        let lost = encoded
            .unrepresentable
            .iter()
            .map(|c| c.to_string())
            .collect();
        (encoded.bytes, lost)
    };
    Ok(match format {
        ExportFormat::Archive => {
            let text = serde_json::to_string_pretty(&archive::export(session)?).map_err(|e| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal", "{detail}", detail = e.to_string()),
                )
            })?;
            (text.into_bytes(), Vec::new())
        }
        ExportFormat::Report => (
            report::text(&report::report(session)?).into_bytes(),
            Vec::new(),
        ),
        ExportFormat::StandingsCsv => csv(csv_export::standings_csv(
            session.event(),
            &session.standings()?,
        )?),
        ExportFormat::ResultsCsv => csv(csv_export::results_csv(session.event())?),
        ExportFormat::PayoutCsv => csv(csv_export::payout_csv(&session.prizes(None, None)?)?),
    })
}

/// Writes a season's table as CSV to `path` (through a temporary file, as every export).
pub fn season(
    view: &crate::views::prizes::SeasonView,
    encoding: CsvEncoding,
    path: &Path,
) -> Result<ExportView, CommandError> {
    let encoded = csv_export::encode(&csv_export::season_csv(view)?, encoding);
    write_file(path, &encoded.bytes)?;
    Ok(ExportView {
        written: path.display().to_string(),
        unrepresentable: encoded
            .unrepresentable
            .iter()
            .map(|c| c.to_string())
            .collect(),
    })
}

/// Writes `format` to `path` (a temporary file beside it, synced and renamed, so a crash
/// never leaves half a file under the name).
pub fn write(
    session: &Session,
    format: ExportFormat,
    encoding: CsvEncoding,
    path: &Path,
) -> Result<ExportView, CommandError> {
    let (bytes, unrepresentable) = render(session, format, encoding)?;
    write_file(path, &bytes)?;
    Ok(ExportView {
        written: path.display().to_string(),
        unrepresentable,
    })
}

/// Writes `bytes` to `path` through a temporary file beside it, synced and renamed into
/// place; a failed write leaves the old file (if any) and nothing else.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CommandError> {
    write_through_temporary(path, bytes, false)
}

/// [`write_file`] for a secret (the room's secret every player code is derived from): the
/// file is readable by its owner alone (0600 on Unix) from its first byte, as the station
/// link's key is, since the data folder may be readable by every account on the laptop.
pub fn write_private_file(path: &Path, bytes: &[u8]) -> Result<(), CommandError> {
    write_through_temporary(path, bytes, true)
}

fn write_through_temporary(path: &Path, bytes: &[u8], private: bool) -> Result<(), CommandError> {
    let io = |e: std::io::Error| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    };
    let temporary = tablekeeper_store::temporary(path, "partial");
    let written = (|| -> Result<(), CommandError> {
        let _ = std::fs::remove_file(&temporary);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        let mut file = options.open(&temporary).map_err(io)?;
        std::io::Write::write_all(&mut file, bytes).map_err(io)?;
        drop(file);
        tablekeeper_store::sync_file(&temporary)?;
        tablekeeper_store::replace(&temporary, path)?;
        if let Some(folder) = path.parent() {
            tablekeeper_store::sync_folder(folder)?;
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
