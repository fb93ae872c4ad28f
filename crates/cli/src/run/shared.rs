//! What every group of subcommands shares: the one item of a list, a file's bytes or text,
//! a CSV written in the encoding asked, a create request from its arguments, the pictures
//! asked for.

use crate::render;
use std::path::PathBuf;
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::*;
use tablekeeper_commands::vocabulary::Paper;
use tablekeeper_words::{ErrorKind, msg};

/// The one item a command that adds one answers with (the surface answers with a list).
pub(super) fn first<T>(mut items: Vec<T>) -> Result<T, CommandError> {
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
pub(super) fn bytes_of(path: &std::path::Path) -> Result<Vec<u8>, CommandError> {
    std::fs::read(path).map_err(|e| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    })
}

/// Writes a CSV in the encoding asked, through a temporary file renamed into place.
pub(super) fn write_csv(
    path: &std::path::Path,
    text: &str,
    encoding: tablekeeper_commands::formats::csv_export::CsvEncoding,
) -> Result<(), CommandError> {
    let encoded = tablekeeper_commands::formats::csv_export::encode(text, encoding);
    tablekeeper_commands::formats::export::write_file(path, &encoded.bytes)
}

/// A text file's contents (a rules file), for a request that carries its text.
pub(super) fn text_of(path: &std::path::Path) -> Result<String, CommandError> {
    String::from_utf8(bytes_of(path)?).map_err(|_| CommandError::Io {
        path: path.display().to_string(),
        detail: "the file is not UTF-8 text: save it as UTF-8".into(),
    })
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
pub(super) fn pictures(
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
pub(super) fn picture(
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
