//! Each subcommand as the surface's typed request, run on the desk like the app and the LAN
//! server run it; only the text rendering is the CLI's own (`render.rs`). The JSON `data`
//! is the command's answer (a few shapes of `docs/cli-json.md` older than the surface are
//! kept: `print`, `tardy`).

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
        Command::Create(args) => {
            let summary = host.beside(&args.file).create_event(args.request())?;
            Output::new(render::summary(&summary), &summary)
        }
        Command::Status { file } => {
            let summary = host.open(&file)?.summary(())?;
            Output::new(render::summary(&summary), &summary)
        }
        Command::AddPlayer { file, name, person } => {
            let request = AddPlayersRequest {
                names: Vec::new(),
                players: vec![person.details(name, Vec::new())],
            };
            let player = first(host.open(&file)?.add_players(request)?)?;
            Output::new(render::players(std::slice::from_ref(&player)), &player)
        }
        Command::AddTeam {
            file,
            name,
            members,
            publisher_id,
        } => {
            let request = AddTeamRequest {
                name,
                members,
                publisher_id,
            };
            let team = first(host.open(&file)?.add_team(request)?)?;
            Output::new(render::players(std::slice::from_ref(&team)), &team)
        }
        Command::ImportPlayers { file, csv, preview } => {
            let request = ImportRequest {
                bytes: bytes_of(&csv)?,
            };
            let desk = host.open(&file)?;
            if preview {
                let preview = desk.import_preview(request)?;
                return Output::new(render::import_preview(&preview), &preview);
            }
            let added = desk.import_players(request)?;
            Output::new(render::players(&added), &added)
        }
        Command::EditPlayer {
            file,
            player,
            name,
            person,
        } => {
            let request = EditPlayerRequest {
                player,
                name,
                reading: person.reading,
                publisher_id: person.publisher_id,
                nickname: person.nickname,
            };
            let edited = host.open(&file)?.edit_player(request)?;
            Output::new(render::players(std::slice::from_ref(&edited)), &edited)
        }
        Command::Players { file } => {
            let players = host.open(&file)?.players(())?;
            Output::new(render::players(&players), &players)
        }
        Command::SetRounds { file, rounds } => {
            let summary = host.open(&file)?.set_rounds(SetRoundsRequest { rounds })?;
            Output::new(render::summary(&summary), &summary)
        }
        Command::Pair {
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
        Command::Cut {
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
        Command::Bracket { file } => {
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
        Command::FixedTable {
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
        Command::Swap {
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
        Command::GiveBye {
            file,
            player,
            reason,
        } => {
            let pairings = host
                .open(&file)?
                .give_bye(GiveByeRequest { player, reason })?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        Command::Repair {
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
        Command::EnterPairing { file, csv, reason } => {
            let request = EnterPairingRequest {
                tables: Vec::new(),
                csv: Some(read_input(&csv)?),
                reason,
            };
            let pairings = host.open(&file)?.enter_pairing(request)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        Command::Results { file, lines, round } => {
            let lines = String::from_utf8_lossy(&read_input(&lines)?)
                .lines()
                .map(str::to_string)
                .collect();
            let tables = host
                .open(&file)?
                .record_results(BulkResultsRequest { round, lines })?;
            Output::new(render::table_lines(&tables), &tables)
        }
        Command::Pairings {
            file,
            round,
            explain,
        } => {
            let pairings = host
                .open(&file)?
                .pairings(PairingsRequest { round, explain })?;
            Output::new(render::pairings(&pairings, explain), &pairings)
        }
        Command::Result {
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
        Command::Penalty {
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
        Command::Tardy {
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
        Command::Penalties { file } => {
            let list = host.open(&file)?.penalties(())?;
            Output::new(render::penalties(&list), &list)
        }
        Command::Deck {
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
        Command::Serve {
            file,
            port,
            bind,
            reporting,
            publish_standings,
            seconds,
        } => {
            let settings = serve::settings(reporting.0, publish_standings);
            let shared = serve::serve(&file, bind, port, settings, seconds, json)?;
            let text = render::say(&msg!("serve.stopped", "Stopped sharing.")) + "\n";
            Output::new(text, &shared)
        }
        Command::Station { address, code } => {
            let saved = serve::station(&address, &code, json, notices)?;
            let text = render::say(&msg!(
                "station.done",
                "{count} results saved on the main laptop.",
                count = saved.len()
            )) + "\n";
            Output::new(text, &saved)
        }
        Command::Ticket {
            file,
            player,
            reissue,
        } => {
            let desk = host.open(&file)?;
            let request = PlayerRequest { player };
            let ticket = if reissue {
                desk.reissue_player_code(request)?
            } else {
                desk.player_ticket(request)?
            };
            Output::new(render::ticket(&ticket), &ticket)
        }
        Command::Door { file, step } => crate::door::door(host, &file, step),
        Command::Projection { file, cut } => {
            let view = host.open(&file)?.projection(ProjectionRequest { cut })?;
            Output::new(crate::projection::text(&view), &view)
        }
        Command::Prizes {
            file,
            rules,
            record,
            draw_raffle,
            raffle_seed,
            csv,
            encoding,
        } => {
            let desk = host.open(&file)?;
            let view = match (rules, record, draw_raffle) {
                (Some(rules), true, _) => desk.set_prizes(SetPrizesRequest {
                    rules: text_of(&rules)?,
                })?,
                (_, _, true) => {
                    desk.draw_raffle(tablekeeper_commands::desk::door::DrawRequest {
                        seed: raffle_seed,
                    })?
                }
                (rules, _, _) => desk.prizes(PrizesRequest {
                    rules: rules.as_deref().map(text_of).transpose()?,
                    raffle_seed,
                })?,
            };
            if let Some(path) = csv {
                let text = tablekeeper_commands::formats::csv_export::payout_csv(&view)?;
                write_csv(&path, &text, encoding.0)?;
            }
            Output::new(crate::prizes::payout(&view), &view)
        }
        Command::Season {
            rules,
            files,
            dates,
            shared,
            csv,
            pdf,
            paper,
            encoding,
        } => {
            let request = SeasonRequest {
                rules: text_of(&rules)?,
                files,
                from: dates.from,
                to: dates.to,
                shared: shared.then_some(true),
            };
            let desk = host.beside(&rules);
            crate::library::choose(desk, dates.library, crate::library::Named::MustExist)?;
            let view = desk.season(request.clone())?;
            if let Some(path) = csv {
                desk.export_season(ExportSeasonRequest {
                    season: request.clone(),
                    path,
                    encoding: Some(encoding.0),
                })?;
            }
            if let Some(path) = pdf {
                desk.print_season(PrintSeasonRequest {
                    season: request,
                    paper: paper.0,
                    language: render::language(),
                    open: false,
                    output: Some(path),
                })?;
            }
            Output::new(crate::prizes::season(&view), &view)
        }
        Command::Ratings {
            files,
            library,
            library_file,
            rules,
            title,
            explain,
            svg,
            pdf,
            paper,
        } => {
            let rules = rules.as_deref().map(text_of).transpose()?;
            let desk = host.plain();
            crate::library::choose(desk, library_file, crate::library::Named::MustExist)?;
            let request = ratings::RatingsRequest {
                rules,
                files,
                title,
                explain,
                library,
            };
            let view = desk.ratings(request.clone())?;
            for (format, output) in pictures(svg, pdf) {
                desk.print_ratings(ratings::PrintRatingsRequest {
                    ratings: request.clone(),
                    print: picture(format, paper.0, output),
                })?;
            }
            Output::new(crate::ratings::text(&view), &view)
        }
        Command::Meta {
            files,
            dates,
            csv,
            svg,
            pdf,
            paper,
            encoding,
        } => {
            let desk = host.plain();
            crate::library::choose(desk, dates.library, crate::library::Named::MustExist)?;
            let request = meta::MetaRequest {
                files,
                from: dates.from,
                to: dates.to,
                for_room: false,
            };
            let view = desk.meta(request.clone())?;
            if let Some(path) = csv {
                let text = tablekeeper_commands::formats::csv_export::meta_csv(&view)?;
                write_csv(&path, &text, encoding.0)?;
            }
            for (format, output) in pictures(svg, pdf) {
                desk.print_meta(meta::PrintMetaRequest {
                    meta: request.clone(),
                    print: picture(format, paper.0, output),
                })?;
            }
            Output::new(crate::ratings::meta_text(&view), &view)
        }
        Command::Judge { file, step } => crate::door::judge(host, &file, step),
        Command::DeckCheck {
            file,
            tables,
            seed,
            extend,
            minutes,
            list: _,
            round,
        } => {
            use tablekeeper_commands::desk::{DeckCheckExtensionRequest, DeckCheckRequest};
            let desk = host.open(&file)?;
            let checks = match (tables, extend.zip(minutes)) {
                (Some(count), _) => {
                    vec![desk.deck_check(DeckCheckRequest { count, round, seed })?]
                }
                (None, Some((table, minutes))) => {
                    desk.deck_check_extension(DeckCheckExtensionRequest {
                        table,
                        minutes,
                        round,
                    })?
                }
                (None, None) => desk.deck_checks(RoundRequest { round })?,
            };
            Output::new(crate::library::deck_checks_text(&checks), &checks)
        }
        Command::TableRange { file, first } => {
            let view = host
                .open(&file)?
                .set_table_range(TableRangeRequest { first })?;
            let text = format!(
                "tables of rounds paired from now on start at {}\n",
                view.first_table
            );
            Output::new(text, &view)
        }
        Command::Library { library, step } => crate::library::library(host, library, step),
        Command::Exchange { library, step } => crate::exchange::exchange(host, library, step),
        Command::Register {
            file,
            numbers,
            library,
        } => crate::library::register(host, &file, numbers, library),
        Command::Codes { file } => {
            let codes = host
                .open(&file)?
                .table_codes(RoundRequest { round: None })?;
            Output::new(render::table_codes(&codes), &codes)
        }
        Command::Undo { file } => {
            let undone = host.open(&file)?.undo(())?;
            let text = format!("undone: {}", render::history(std::slice::from_ref(&undone)));
            Output::new(text, &undone)
        }
        Command::Redo { file } => {
            let redone = host.open(&file)?.redo(())?;
            let text = format!("redone: {}", render::history(std::slice::from_ref(&redone)));
            Output::new(text, &redone)
        }
        Command::History { file } => {
            let history = host.open(&file)?.history(())?;
            Output::new(render::history(&history), &history)
        }
        Command::BackToRound { file, round, yes } => {
            let request = BackToRoundRequest {
                round,
                confirm: yes,
            };
            let discarded = host.open(&file)?.back_to_round(request)?;
            Output::new(render::back_to_round(round, yes, &discarded), &discarded)
        }
        Command::Drop { file, player } => {
            let dropped = host.open(&file)?.drop_player(PlayerRequest { player })?;
            Output::new(render::players(std::slice::from_ref(&dropped)), &dropped)
        }
        Command::Standings { file } => {
            let standings = host
                .open(&file)?
                .standings(StandingsRequest { first: None })?;
            Output::new(render::standings(&standings), &standings)
        }
        Command::Breakdown { file } => {
            let breakdown = host.open(&file)?.breakdown(())?;
            Output::new(render::breakdown(&breakdown), &breakdown)
        }
        Command::Export {
            file,
            output,
            format,
            encoding,
        } => files::export(host.open(&file)?, output, format.0, encoding.0),
        Command::Print {
            file,
            what,
            output,
            round,
            paper,
        } => files::print(host.open(&file)?, what.0, output, round, paper.0),
        Command::Backups { file } => files::backups(host.beside(&file), file),
        Command::Restore { file, backup } => files::restore(host.beside(&file), file, backup),
        Command::SaveCopy {
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
        Command::ImportArchive { archive, file } => {
            let request = ImportArchiveRequest {
                archive,
                path: Some(file.clone()),
            };
            let summary = host.beside(&file).import_archive(request)?;
            Output::new(render::summary(&summary), &summary)
        }
        Command::VerifyRules => {
            let results = tablekeeper_commands::verify::verify_rules()?;
            let mut output = Output::new(render::verification(&results), &results)?;
            output.failed = results.iter().any(|r| r.failed > 0);
            Ok(output)
        }
        Command::Rulesets => {
            let list = host
                .beside(std::path::Path::new("."))
                .catalogue(())?
                .rulesets;
            Output::new(render::rulesets(&list), &list)
        }
        Command::Titles => {
            let list = host.beside(std::path::Path::new(".")).catalogue(())?.titles;
            Output::new(render::titles(&list), &list)
        }
        Command::Demo { file } => files::demo(host, file),
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
