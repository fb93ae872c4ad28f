//! Each subcommand as the surface's typed request, run on the desk like the app and the LAN
//! server run it; only the text rendering is the CLI's own (`render.rs`). The JSON `data`
//! is the command's answer (a few shapes of `docs/cli-json.md` older than the surface are
//! kept: `print`, `tardy`). One file per group of subcommands, as `args/` groups them.

use std::path::PathBuf;

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::events::TableRangeRequest;
use tablekeeper_commands::desk::*;
use tablekeeper_commands::notice::Notice;
use tablekeeper_commands::vocabulary::Paper;
use tablekeeper_words::{ErrorKind, msg};

use crate::args::Command;
use crate::host::Host;
use crate::output::Output;
use crate::{files, read_input, render, serve};

mod event;
mod league;
mod records;
mod room;
mod rounds;

/// The one item a command that adds one answers with (the surface answers with a list).
fn first<T>(mut items: Vec<T>) -> Result<T, CommandError> {
    if items.is_empty() {
        return Err(CommandError::input(
            ErrorKind::Internal,
            msg!(
                "error.internal.new-player-missing",
                "the new player is missing"
            ),
        ));
    }
    Ok(items.swap_remove(0))
}

/// The file at `path`, for a request that carries a file's bytes.
fn bytes_of(path: &std::path::Path) -> Result<Vec<u8>, CommandError> {
    std::fs::read(path).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })
}

/// Writes a CSV in the encoding asked, through a temporary file renamed into place.
fn write_csv(
    path: &std::path::Path,
    text: &str,
    encoding: tablekeeper_commands::formats::csv_export::CsvEncoding,
) -> Result<(), CommandError> {
    let encoded = tablekeeper_commands::formats::csv_export::encode(text, encoding);
    tablekeeper_commands::formats::export::write_file(path, &encoded.bytes)
}

/// A text file's contents (a rules file), for a request that carries its text.
fn text_of(path: &std::path::Path) -> Result<String, CommandError> {
    String::from_utf8(bytes_of(path)?).map_err(|_| CommandError::Io {
        path: path.display().to_string(),
        detail: "the file is not UTF-8 text: save it as UTF-8".into(),
    })
}

pub fn run(
    command: Command,
    host: &mut Host,
    notices: &mut Vec<Notice>,
    json: bool,
) -> Result<Output, CommandError> {
    match command {
        Command::Event(command) => event::run(command, host),
        Command::Rounds(command) => rounds::run(command, host),
        Command::Room(command) => room::run(command, host, notices, json),
        Command::League(command) => league::run(command, host),
        Command::Records(command) => records::run(command, host),
    }
}

impl crate::args::CreateArgs {
    /// The surface's request for this `create`.
    pub fn request(&self) -> CreateEventRequest {
        CreateEventRequest {
            path: Some(self.file.clone()),
            name: self.name.clone(),
            title: self.title.clone(),
            ruleset: self.ruleset.clone(),
            ruleset_file: self.ruleset_file.clone(),
            overrides: self.overrides.clone(),
            standings_seed: self.seed,
            planned_rounds: self.rounds,
            structure: Some(self.structure.0),
            elimination_finalists: Some(self.finalists),
            min_rounds: Some(self.min_rounds),
            team_size: Some(self.team_size),
            planned_cut: Some(self.cut),
            first_table: self.first_table,
        }
    }
}

/// The pictures asked for: an SVG to this file, a PDF to that one.
fn pictures(
    svg: Option<PathBuf>,
    pdf: Option<PathBuf>,
) -> Vec<(tablekeeper_commands::desk::PictureFormat, PathBuf)> {
    use tablekeeper_commands::desk::PictureFormat;
    svg.map(|path| (PictureFormat::Svg, path))
        .into_iter()
        .chain(pdf.map(|path| (PictureFormat::Pdf, path)))
        .collect()
}

/// A picture written to `output` in the language of --lang.
fn picture(
    format: tablekeeper_commands::desk::PictureFormat,
    paper: Paper,
    output: PathBuf,
) -> tablekeeper_commands::desk::PicturePrint {
    tablekeeper_commands::desk::PicturePrint {
        format,
        paper,
        language: render::language(),
        open: false,
        output: Some(output),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn first_of_nothing_is_an_error_not_a_panic() {
        assert!(super::first::<u32>(Vec::new()).is_err());
        assert_eq!(super::first(vec![7, 8]).ok(), Some(7));
    }
}
