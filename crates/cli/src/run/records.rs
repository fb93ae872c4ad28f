//! Backups, undo and history, drops and fixed tables, standings, exports and imports, and the tools.

use crate::args::RecordCommand;
use crate::host::Host;
use crate::output::Output;
use crate::{files, render};
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::*;
use tablekeeper_words::{ErrorKind, msg};

/// Runs one of: backups, undo and history, drops and fixed tables, standings, exports and imports, and the tools.
pub(super) fn run(command: RecordCommand, host: &mut Host) -> Result<Output, CommandError> {
    match command {
        RecordCommand::FixedTable {
            file,
            player,
            table,
        } => {
            let table = match table.trim() {
                "none" | "-" => None,
                number => Some(number.parse::<u32>().map_err(|_| {
                    CommandError::input(
                        ErrorKind::InvalidTable,
                        msg!(
                            "error.invalid-table.table-number-use-number-none",
                            "'{number}' is not a table number; use a number or none",
                            number = number
                        ),
                    )
                })?),
            };
            let request = FixedTableRequest { player, table };
            let updated = host.open(&file)?.set_fixed_table(request)?;
            Output::new(render::players(std::slice::from_ref(&updated)), &updated)
        }
        RecordCommand::Undo { file } => {
            let undone = host.open(&file)?.undo(())?;
            let text = format!("undone: {}", render::history(std::slice::from_ref(&undone)));
            Output::new(text, &undone)
        }
        RecordCommand::Redo { file } => {
            let redone = host.open(&file)?.redo(())?;
            let text = format!("redone: {}", render::history(std::slice::from_ref(&redone)));
            Output::new(text, &redone)
        }
        RecordCommand::History { file } => {
            let history = host.open(&file)?.history(None)?;
            Output::new(render::history(&history), &history)
        }
        RecordCommand::BackToRound { file, round, yes } => {
            let request = BackToRoundRequest {
                round,
                confirm: yes,
            };
            let discarded = host.open(&file)?.back_to_round(request)?;
            Output::new(render::back_to_round(round, yes, &discarded), &discarded)
        }
        RecordCommand::Drop { file, player } => {
            let dropped = host.open(&file)?.drop_player(PlayerRequest { player })?;
            Output::new(render::players(std::slice::from_ref(&dropped)), &dropped)
        }
        RecordCommand::Standings { file } => {
            let standings = host
                .open(&file)?
                .standings(StandingsRequest { first: None })?;
            Output::new(render::standings(&standings), &standings)
        }
        RecordCommand::Breakdown { file } => {
            let breakdown = host.open(&file)?.breakdown(())?;
            Output::new(render::breakdown(&breakdown), &breakdown)
        }
        RecordCommand::Export {
            file,
            output,
            format,
            encoding,
        } => files::export(host.open(&file)?, output, format.0, encoding.0),
        RecordCommand::Backups { file } => files::backups(host.beside(&file), file),
        RecordCommand::Restore { file, backup } => {
            let restored = files::restore(host.beside(&file), file, backup)?;
            host.mirror_opened(true);
            Ok(restored)
        }
        RecordCommand::SaveCopy {
            file,
            target,
            replace,
        } => {
            let request = SaveCopyRequest {
                path: target,
                replace,
            };
            let saved = host.open(&file)?.save_copy(request)?;
            let text = format!("a copy of the event was saved to {}\n", saved.written);
            Output::new(text, &saved)
        }
        RecordCommand::TomRoster { file, tdf } => {
            let view = host
                .open(&file)?
                .tom_roster(tablekeeper_commands::desk::TomRosterRequest { path: tdf })?;
            Output::new(files::tom_roster_text(&view), &view)
        }
        RecordCommand::ImportArchive { archive, file } => {
            let request = ImportArchiveRequest {
                archive,
                path: Some(file.clone()),
            };
            let summary = host.beside(&file).import_archive(request)?;
            host.mirror_opened(false);
            Output::new(render::summary(&summary), &summary)
        }
        RecordCommand::VerifyRules => {
            let results = tablekeeper_commands::verify::verify_rules()?;
            let mut output = Output::new(render::verification(&results), &results)?;
            output.failed = results.iter().any(|r| r.failed > 0);
            Ok(output)
        }
        RecordCommand::Rulesets => {
            let list = host
                .beside(std::path::Path::new("."))
                .catalogue(())?
                .rulesets;
            Output::new(render::rulesets(&list), &list)
        }
        RecordCommand::Titles => {
            let list = host.beside(std::path::Path::new(".")).catalogue(())?.titles;
            Output::new(render::titles(&list), &list)
        }
        RecordCommand::Demo { file } => files::demo(host, file),
    }
}
