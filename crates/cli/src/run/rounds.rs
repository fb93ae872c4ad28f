//! Rounds: pairing, the top cut, printouts, corrections to pairings, results, penalties and decks.

use super::shared::*;
use crate::args::RoundCommand;
use crate::host::Host;
use crate::output::Output;
use crate::{files, read_input, render};
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::*;
use tablekeeper_words::{ErrorKind, msg};

/// Runs one of: rounds: pairing, the top cut, printouts, corrections to pairings, results, penalties and decks.
pub(super) fn run(command: RoundCommand, host: &mut Host) -> Result<Output, CommandError> {
    match command {
        RoundCommand::Pair {
            file,
            seed,
            allow_rematches,
            explain,
            order,
        } => {
            let request = PairRequest {
                allow_rematches,
                seed,
                order,
            };
            let pairings = host.open(&file)?.pair_round(request)?;
            Output::new(render::pairings(&pairings, explain), &pairings)
        }
        RoundCommand::Cut {
            file,
            size,
            third_place,
            excluded,
            seed,
            double_elimination,
            single_elimination,
            method,
        } => {
            let finals = match (double_elimination, single_elimination) {
                (true, _) => Some(Finals::DoubleElimination),
                (false, true) => Some(Finals::SingleElimination),
                (false, false) => None,
            };
            let request = CutRequest {
                size: size.unwrap_or(0),
                third_place,
                excluded,
                finals,
                method: method.map(|m| m.0),
                seed,
            };
            let bracket = host.open(&file)?.start_cut(request)?;
            Output::new(render::bracket(&bracket), &bracket)
        }
        RoundCommand::Bracket { file } => {
            let bracket = host.open(&file)?.bracket(())?.ok_or_else(|| {
                CommandError::input(
                    ErrorKind::NoCut,
                    msg!(
                        "error.no-cut.top-cut-has-started-start",
                        "the top cut has not started; start it with `tablekeeper cut FILE --size N`"
                    ),
                )
            })?;
            Output::new(render::bracket(&bracket), &bracket)
        }
        RoundCommand::Swap {
            file,
            first,
            second,
            reason,
        } => {
            let request = SwapRequest {
                a: first,
                b: second,
                reason,
            };
            let pairings = host.open(&file)?.swap(request)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        RoundCommand::GiveBye {
            file,
            player,
            reason,
        } => {
            let pairings = host
                .open(&file)?
                .give_bye(GiveByeRequest { player, reason })?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        RoundCommand::Repair {
            file,
            reason,
            seed,
            allow_rematches,
        } => {
            let request = RepairRequest {
                reason,
                allow_rematches,
                seed,
            };
            let pairings = host.open(&file)?.repair_round(request)?;
            Output::new(render::pairings(&pairings, true), &pairings)
        }
        RoundCommand::EnterPairing { file, csv, reason } => {
            let request = EnterPairingRequest {
                tables: Vec::new(),
                csv: Some(read_input(&csv)?),
                reason,
            };
            let pairings = host.open(&file)?.enter_pairing(request)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        RoundCommand::Results { file, lines, round } => {
            let lines = String::from_utf8_lossy(&read_input(&lines)?)
                .lines()
                .map(str::to_string)
                .collect();
            let tables = host
                .open(&file)?
                .record_results(BulkResultsRequest { round, lines })?;
            Output::new(render::table_lines(&tables), &tables)
        }
        RoundCommand::Pairings {
            file,
            round,
            explain,
        } => {
            let pairings = host
                .open(&file)?
                .pairings(PairingsRequest { round, explain })?;
            Output::new(render::pairings(&pairings, explain), &pairings)
        }
        RoundCommand::Result {
            file,
            table,
            result,
            round,
            replace,
            reason,
            override_lock,
            preview,
        } => {
            let request = ResultRequest {
                round,
                table,
                result,
                replace,
                override_reason: override_lock,
                graded_reason: reason,
            };
            let desk = host.open(&file)?;
            // The table is the CLI's answer either way (the progress and the step the app's
            // screen shows are left out of `result`'s documented shape).
            let table = if preview {
                desk.preview_result(request)?
            } else {
                desk.record_result(request)?.table
            };
            let mut text = render::table_lines(std::slice::from_ref(&table));
            if preview {
                text.insert_str(0, "preview (nothing recorded): ");
            }
            Output::new(text, &table)
        }
        RoundCommand::Penalty {
            file,
            player,
            penalty,
            infraction,
            note,
            round,
        } => {
            let request = PenaltyRequest {
                player,
                penalty: penalty.0,
                infraction,
                note,
                round,
            };
            let recorded = host.open(&file)?.penalty(request)?;
            Output::new(render::penalty(&recorded), &recorded)
        }
        RoundCommand::Tardy {
            file,
            player,
            minutes,
            apply,
        } => {
            let request = TardinessRequest {
                player,
                minutes,
                apply,
            };
            let view = host.open(&file)?.tardiness(request)?;
            // The shape older than the surface: the penalty recorded, else the penalty due.
            match &view.recorded {
                Some(recorded) => Output::new(render::tardiness(&view), recorded),
                None => Output::new(
                    render::tardiness(&view),
                    &serde_json::json!({ "penalty": view.penalty.map(|p| p.id()), "minutes": view.minutes }),
                ),
            }
        }
        RoundCommand::Penalties { file } => {
            let list = host.open(&file)?.penalties(())?;
            Output::new(render::penalties(&list), &list)
        }
        RoundCommand::Deck {
            file,
            player,
            name,
            title,
            nation,
            ride_line,
            oshi,
            list,
        } => {
            // The deck as given, whole: a part left out is cleared, as is the card list
            // without `--list`.
            let list = match list {
                Some(path) => bytes_of(&path)?,
                None => Vec::new(),
            };
            let request = SetDeckRequest {
                player,
                nation_clan: nation.unwrap_or_default(),
                ride_line: ride_line.unwrap_or_default(),
                title: title.unwrap_or_default(),
                oshi: oshi.unwrap_or_default(),
                name: Some(name.unwrap_or_default()),
                list: Some(list),
            };
            let updated = host.open(&file)?.set_deck(request)?;
            Output::new(render::players(std::slice::from_ref(&updated)), &updated)
        }
        RoundCommand::Print {
            file,
            what,
            output,
            round,
            paper,
        } => files::print(host.open(&file)?, what.0, output, round, paper.0),
    }
}
