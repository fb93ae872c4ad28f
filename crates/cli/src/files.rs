//! The subcommands about files beside the event: exports (to a file, or the archive and the
//! report to standard output), printouts, backups and restoring one, and the demo event.

use std::path::PathBuf;

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::ExportRequest;
use tablekeeper_commands::desk::{
    BackupsRequest, Desk, PairingsRequest, PrintRequest, RestoreRequest, StandingsRequest,
};
use tablekeeper_commands::vocabulary::{CsvEncoding, Document, ExportFormat, Paper};
use tablekeeper_words::{ErrorKind, msg};

use crate::host::Host;
use crate::output::Output;
use crate::render;

/// `export`: to `output`, or (without it) the archive or the report to standard output.
pub fn export(
    desk: &mut Desk,
    output: Option<PathBuf>,
    format: ExportFormat,
    encoding: CsvEncoding,
) -> Result<Output, CommandError> {
    let written = match &output {
        Some(path) => Some(desk.export(ExportRequest {
            format,
            path: path.clone(),
            encoding: Some(encoding),
        })?),
        None => None,
    };
    match (format, written) {
        (ExportFormat::Report, _) => {
            let report = desk.report(())?;
            Output::new(
                tablekeeper_commands::formats::report::text(&report),
                &report,
            )
        }
        (_, Some(written)) => Output::new(render::exported(format, &written), &written),
        (ExportFormat::Archive, None) => {
            let archive = desk.archive(())?;
            let text = serde_json::to_string_pretty(&archive).map_err(|e| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal", "{detail}", detail = e.to_string()),
                )
            })?;
            Output::new(format!("{text}\n"), &archive)
        }
        (_, None) => Err(CommandError::input(
            ErrorKind::OutputRequired,
            msg!(
                "error.output-required.csv-exports-need-output-file",
                "CSV exports need --output FILE"
            ),
        )),
    }
}

/// `print`: the printout written to `output`, with the table codes the app's carries.
pub fn print(
    desk: &mut Desk,
    document: Document,
    output: PathBuf,
    round: Option<u32>,
    paper: Paper,
) -> Result<Output, CommandError> {
    let printed = desk.print(PrintRequest {
        document,
        round,
        paper,
        language: render::language(),
        open: false,
        output: Some(output),
    })?;
    // The shape older than the surface: where it was written and how big it is.
    let note = serde_json::json!({ "written": printed.path, "bytes": printed.bytes });
    let text = format!(
        "{document} written to {} ({} KB)\n",
        printed.path,
        printed.bytes / 1024
    );
    Output::new(text, &note)
}

/// `backups`: the event's automatic backups (also of an event too damaged to open).
pub fn backups(desk: &mut Desk, event: PathBuf) -> Result<Output, CommandError> {
    let list = desk.backups(Some(BackupsRequest { event: Some(event) }))?;
    Output::new(render::backups(&list), &list)
}

/// `restore`: the event replaced by a backup, the current file kept beside it.
pub fn restore(desk: &mut Desk, event: PathBuf, backup: PathBuf) -> Result<Output, CommandError> {
    let shown = event.display().to_string();
    let restored = desk.restore_backup(RestoreRequest {
        backup,
        event: Some(event),
    })?;
    let mut text = format!("restored {shown} from {}\n", restored.restored_from);
    if let Some(kept) = &restored.previous_saved_as {
        text.push_str(&format!("the event as it was is kept as {kept}\n"));
    }
    Output::new(text, &restored)
}

/// `demo`: a finished demo event (made once), its last round and its standings.
pub fn demo(host: &mut Host, file: PathBuf) -> Result<Output, CommandError> {
    if !file.exists() {
        drop(tablekeeper_commands::demo::create_demo(&file)?);
    }
    let desk = host.open(&file)?;
    let summary = desk.summary(())?;
    let pairings = desk.pairings(PairingsRequest {
        round: None,
        explain: false,
    })?;
    let standings = desk.standings(StandingsRequest { first: None })?;
    let text = format!(
        "{}\n{}\n{}\nThe demo event is saved in {}; try `tablekeeper standings {}`.\n",
        render::summary(&summary),
        render::pairings(&pairings, false),
        render::standings(&standings),
        file.display(),
        file.display()
    );
    let data =
        serde_json::json!({ "event": summary, "pairings": pairings, "standings": standings });
    Output::new(text, &data)
}

/// What `tom-roster` did, a line per player not written, in the chosen language.
pub fn tom_roster_text(view: &tablekeeper_commands::desk::TomRosterView) -> String {
    use tablekeeper_commands::formats::tom_roster::RosterSkip;
    let mut lines = vec![if view.changed {
        msg!(
            "cli.tom-roster.written",
            "{count} players written into {file}; open it in TOM again (File → Open)",
            count = view.added.len(),
            file = &view.written
        )
    } else {
        msg!(
            "cli.tom-roster.unchanged",
            "nobody new to write: {file} is unchanged",
            file = &view.written
        )
    }];
    if !view.already.is_empty() {
        lines.push(msg!(
            "cli.tom-roster.already",
            "{count} players were already in TOM's file and are left as TOM has them",
            count = view.already.len()
        ));
    }
    for skipped in &view.skipped {
        let (name, id) = (&skipped.player.name, &skipped.player.id);
        lines.push(match skipped.reason {
            RosterSkip::NoId => msg!(
                "cli.tom-roster.no-id",
                "{name}: not written, no Play! Pokémon ID; add it (tablekeeper edit-player FILE PLAYER --player-id ID), then write the roster again",
                name = name
            ),
            RosterSkip::NotDigits => msg!(
                "cli.tom-roster.not-digits",
                "{name}: not written, {id} is not a Play! Pokémon ID (digits only); correct it (tablekeeper edit-player), then write the roster again",
                name = name,
                id = id
            ),
            RosterSkip::IdTwice => msg!(
                "cli.tom-roster.id-twice",
                "{name}: not written, the same ID {id} as an earlier player; correct one of them (tablekeeper edit-player), then write the roster again",
                name = name,
                id = id
            ),
        });
    }
    lines.iter().map(|line| render::say(line) + "\n").collect()
}
