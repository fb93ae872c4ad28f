//! `tablekeeper`: run a whole event from the command line.
//!
//! A thin adapter: parse arguments (clap), call the command layer, print the result as
//! text or, with `--json`, as the documented JSON shape (`docs/cli-json.md`).

mod args;
mod render;
mod serve;
#[cfg(test)]
mod surface;
mod words;

use std::process::ExitCode;
use tablekeeper_engine::ErrorKind;

use clap::Parser;
use serde::Serialize;
use tablekeeper_commands::notice::Notice;
use tablekeeper_commands::vocabulary::ExportFormat;
use tablekeeper_commands::words::Language;
use tablekeeper_commands::{
    CommandError, CutOptions, FinalsChoice, Session, archive, catalogue, demo, export,
    result_input, verify,
};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::DeckData;

use args::{Cli, Command};
use tablekeeper_engine::msg;
use tablekeeper_print as print;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let json = cli.json;
    tablekeeper_commands::names::set_print_check(tablekeeper_print::unprintable);
    render::set_language(cli.lang.map(|l| l.0).unwrap_or_else(|| {
        let locale = std::env::var("LC_ALL")
            .or_else(|_| std::env::var("LC_MESSAGES"))
            .or_else(|_| std::env::var("LANG"))
            .unwrap_or_default();
        Language::from_locale(&locale)
    }));
    let mut notices = Vec::new();
    let outcome = run(cli.command, &mut notices, json);
    match outcome {
        Ok(output) => {
            if json {
                let mut envelope = serde_json::json!({ "ok": true, "data": output.json });
                if !notices.is_empty() {
                    envelope["notices"] = serde_json::to_value(&notices).unwrap_or_default();
                }
                write_out(&format!("{envelope}\n"));
            } else {
                write_out(&output.text);
                for notice in &notices {
                    write_err(&format!("warning: {}\n", render::say(notice)));
                }
            }
            if output.failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(error) => {
            if json {
                write_out(&format!(
                    "{}\n",
                    serde_json::json!({ "ok": false, "error": error.to_view() })
                ));
            } else {
                write_err(&format!("error: {}\n", render::say(&error.message())));
                if let Some(hint) = cli_hint(error.kind()) {
                    write_err(&format!("  {}\n", render::say(&hint)));
                }
            }
            ExitCode::from(1)
        }
    }
}

/// A command line the parser refused: its own text (help and version exit 0, anything else
/// 2), or with `--json` the documented error envelope on stdout, still exit 2.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind as Refused};
    let json = std::env::args_os().skip(1).any(|arg| arg == "--json");
    let shows_text = matches!(error.kind(), Refused::DisplayHelp | Refused::DisplayVersion);
    if !json || shows_text {
        let _ = error.print();
        return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
    }
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(value)) => Some(value.clone()),
        Some(ContextValue::Strings(values)) => Some(values.join(", ")),
        _ => None,
    };
    let message = match (
        text(ContextKind::InvalidValue),
        text(ContextKind::InvalidArg),
        text(ContextKind::ValidValue),
    ) {
        (Some(value), Some(argument), Some(words)) => msg!(
            "error.invalid-request.usage-value",
            "'{value}' is not a valid {argument}; use one of: {words}",
            value = value,
            argument = argument,
            words = words
        ),
        _ => {
            let rendered = error.render().to_string();
            let detail = rendered
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("error: ")
                .to_string();
            msg!(
                "error.invalid-request.usage",
                "the command line is not valid: {detail}; see tablekeeper --help",
                detail = detail
            )
        }
    };
    let view = CommandError::input(ErrorKind::InvalidRequest, message).to_view();
    write_out(&format!(
        "{}\n",
        serde_json::json!({ "ok": false, "error": view })
    ));
    ExitCode::from(2)
}

/// How to do in the CLI what an error asks for (the command layer's words name no host).
fn cli_hint(kind: ErrorKind) -> Option<tablekeeper_engine::message::Message> {
    match kind {
        ErrorKind::ResultExists => Some(tablekeeper_engine::msg!(
            "cli.hint.result-exists",
            "to correct it: tablekeeper result FILE TABLE RESULT --replace"
        )),
        ErrorKind::RematchUnavoidable => Some(tablekeeper_engine::msg!(
            "cli.hint.rematch-unavoidable",
            "to pair with the fewest rematches: tablekeeper pair FILE --allow-rematches (or repair … --allow-rematches)"
        )),
        ErrorKind::UnknownPlayer => Some(tablekeeper_engine::msg!(
            "cli.hint.players",
            "the numbers: tablekeeper players FILE"
        )),
        ErrorKind::NoRound => Some(tablekeeper_engine::msg!(
            "cli.hint.no-round",
            "to pair: tablekeeper pair FILE"
        )),
        _ => None,
    }
}

/// Writes to standard output. A reader that stops early (`tablekeeper standings | head -1`)
/// closes the pipe; that is not an error of ours: whatever the command changed is already
/// saved, so the process ends quietly instead of panicking.
fn write_out(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && error.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(0);
    }
}

/// The bytes of an input file, or of standard input for `-`.
fn read_input(path: &std::path::Path) -> Result<Vec<u8>, CommandError> {
    use std::io::Read;
    let failed = |e: std::io::Error| CommandError::Io {
        path: path.display().to_string(),
        detail: e.to_string(),
    };
    if path == std::path::Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(failed)?;
        Ok(bytes)
    } else {
        std::fs::read(path).map_err(failed)
    }
}

fn write_err(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// An open event whose notices (e.g. a backup that could not be written) reach the output
/// when the command is done with it.
struct Opened<'a> {
    session: Session,
    notices: &'a mut Vec<Notice>,
}

fn open<'a>(
    file: &std::path::Path,
    notices: &'a mut Vec<Notice>,
) -> Result<Opened<'a>, CommandError> {
    Ok(Opened {
        session: Session::open(file)?,
        notices,
    })
}

impl std::ops::Deref for Opened<'_> {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl std::ops::DerefMut for Opened<'_> {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

impl Drop for Opened<'_> {
    fn drop(&mut self) {
        self.notices.extend(self.session.take_notices());
    }
}

/// What a command produced, in both forms.
struct Output {
    text: String,
    json: serde_json::Value,
    /// The command ran but reports a failure (verify-rules with a failing vector).
    failed: bool,
}

impl Output {
    fn new(text: String, data: &impl Serialize) -> Result<Output, CommandError> {
        let json = serde_json::to_value(data).map_err(|e| {
            CommandError::input(
                ErrorKind::Internal,
                msg!("error.internal", "{detail}", detail = e.to_string()),
            )
        })?;
        Ok(Output {
            text,
            json,
            failed: false,
        })
    }
}

fn run(command: Command, notices: &mut Vec<Notice>, json: bool) -> Result<Output, CommandError> {
    match command {
        Command::Create(args) => {
            let session = Session::create(&args.file, args.options())?;
            let summary = session.summary();
            Output::new(render::summary(&summary), &summary)
        }
        Command::Status { file } => {
            let summary = open(&file, notices)?.summary();
            Output::new(render::summary(&summary), &summary)
        }
        Command::AddPlayer {
            file,
            name,
            reading,
            publisher_id,
            nickname,
        } => {
            let mut session = open(&file, notices)?;
            let added = session.add_players(vec![PlayerDetails {
                name,
                reading,
                publisher_id,
                nickname,
                members: Vec::new(),
            }])?;
            // One player in, one object out (like `drop` and `deck`).
            let player = added.into_iter().next().ok_or_else(|| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!(
                        "error.internal.new-player-missing",
                        "the new player is missing"
                    ),
                )
            })?;
            Output::new(render::players(std::slice::from_ref(&player)), &player)
        }
        Command::AddTeam {
            file,
            name,
            members,
            publisher_id,
        } => {
            let mut session = open(&file, notices)?;
            let added = session.add_players(vec![PlayerDetails {
                name,
                publisher_id,
                members,
                ..PlayerDetails::default()
            }])?;
            let team = added.into_iter().next().ok_or_else(|| {
                CommandError::input(
                    ErrorKind::Internal,
                    msg!("error.internal.new-team-missing", "the new team is missing"),
                )
            })?;
            Output::new(render::players(std::slice::from_ref(&team)), &team)
        }
        Command::ImportPlayers { file, csv, preview } => {
            let bytes = std::fs::read(&csv).map_err(|e| CommandError::Io {
                path: csv.display().to_string(),
                detail: e.to_string(),
            })?;
            let mut session = open(&file, notices)?;
            if preview {
                let preview = session.import_preview(&bytes)?;
                let mut text = format!(
                    "{} player(s) would be imported ({:?})\n",
                    preview.players.len(),
                    preview.encoding
                );
                for player in &preview.players {
                    text.push_str(&format!("  {}\n", player.name));
                }
                for problem in &preview.problems {
                    text.push_str(&format!(
                        "  problem, line {}: {}\n",
                        problem.line, problem.message
                    ));
                }
                return Output::new(text, &preview);
            }
            let added = session.import_players(&bytes)?;
            Output::new(render::players(&added), &added)
        }
        Command::EditPlayer {
            file,
            player,
            name,
            reading,
            publisher_id,
            nickname,
        } => {
            let keep = tablekeeper_commands::session::EditKeep {
                name: name.is_none(),
            };
            let details = PlayerDetails {
                name: name.unwrap_or_default(),
                reading,
                publisher_id,
                nickname,
                members: Vec::new(),
            };
            let edited = open(&file, notices)?.edit_player(&player, details, keep)?;
            Output::new(render::players(std::slice::from_ref(&edited)), &edited)
        }
        Command::Players { file } => {
            let players = open(&file, notices)?.players();
            Output::new(render::players(&players), &players)
        }
        Command::SetRounds { file, rounds } => {
            let summary = open(&file, notices)?.set_planned_rounds(rounds)?;
            Output::new(render::summary(&summary), &summary)
        }
        Command::Pair {
            file,
            seed,
            allow_rematches,
            explain,
            order,
        } => {
            let pairings = open(&file, notices)?.pair(seed, allow_rematches, order)?;
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
            let method = method.map(|m| m.0);
            let finals = match (double_elimination, single_elimination) {
                (true, _) => FinalsChoice::Double,
                (false, true) => FinalsChoice::Single,
                (false, false) => FinalsChoice::RulesetDefault,
            };
            let bracket = open(&file, notices)?.start_cut_as(
                CutOptions {
                    size: size.unwrap_or(0),
                    third_place,
                    excluded,
                    seed,
                    double: false,
                    method,
                },
                finals,
            )?;
            Output::new(render::bracket(&bracket), &bracket)
        }
        Command::Print {
            file,
            what,
            output,
            round,
            paper,
        } => {
            // Through the desk, so the slips carry the same table codes as the app's.
            let mut desk = serve::desk_with(&file)?;
            let request = tablekeeper_commands::desk::PrintRequest {
                document: what.0,
                round,
                paper: paper.0,
                language: render::language(),
                open: false,
            };
            let context = desk.print_context(round, what.0)?;
            let bytes = print::job::render_request(desk.session()?, &request, &context)?;
            tablekeeper_commands::export::write_file(&output, &bytes)?;
            let note = serde_json::json!({ "written": output.display().to_string(), "bytes": bytes.len() });
            Output::new(
                format!(
                    "{} written to {} ({} KB)\n",
                    what.0,
                    output.display(),
                    bytes.len() / 1024
                ),
                &note,
            )
        }
        Command::Bracket { file } => {
            let session = open(&file, notices)?;
            let bracket = session.bracket()?.ok_or_else(|| {
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
            let updated = open(&file, notices)?.set_fixed_table(&player, table)?;
            Output::new(render::players(std::slice::from_ref(&updated)), &updated)
        }
        Command::Swap {
            file,
            first,
            second,
            reason,
        } => {
            let pairings = open(&file, notices)?.swap_players(&first, &second, &reason)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        Command::GiveBye {
            file,
            player,
            reason,
        } => {
            let pairings = open(&file, notices)?.give_bye(&player, &reason)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        Command::Repair {
            file,
            reason,
            seed,
            allow_rematches,
        } => {
            let pairings = open(&file, notices)?.repair_round(seed, allow_rematches, &reason)?;
            Output::new(render::pairings(&pairings, true), &pairings)
        }
        Command::EnterPairing { file, csv, reason } => {
            let tables = tablekeeper_commands::paper::pairing_csv(&read_input(&csv)?)?;
            let pairings = open(&file, notices)?.enter_pairing(tables, &reason)?;
            Output::new(render::pairings(&pairings, false), &pairings)
        }
        Command::Results { file, lines, round } => {
            let bytes = read_input(&lines)?;
            let lines: Vec<String> = String::from_utf8_lossy(&bytes)
                .lines()
                .map(str::to_string)
                .collect();
            let results = tablekeeper_commands::paper::result_lines(&lines)?;
            let tables = open(&file, notices)?.record_results(round, results)?;
            let mut text = String::new();
            for table in &tables {
                text.push_str(&render::table_line(table));
                for warning in &table.warnings {
                    text.push_str(&format!("  warning: {}\n", render::say(warning)));
                }
            }
            Output::new(text, &tables)
        }
        Command::Pairings {
            file,
            round,
            explain,
        } => {
            let session = open(&file, notices)?;
            let mut pairings = session.pairings(round)?;
            if explain {
                pairings.explanation = Some(session.explain(Some(pairings.round))?);
            }
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
            let entry = result_input::parse_result(&result, reason.as_deref())?;
            let mut session = open(&file, notices)?;
            let table = if preview {
                session.preview_result(round, table, entry, replace, override_lock.as_deref())?
            } else {
                session.enter_result(round, table, entry, replace, override_lock.as_deref())?
            };
            let mut text = render::table_line(&table);
            if preview {
                text.insert_str(0, "preview (nothing recorded): ");
            }
            for warning in &table.warnings {
                text.push_str(&format!("  warning: {}\n", render::say(warning)));
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
            let kind = penalty.0;
            let recorded =
                open(&file, notices)?.record_penalty(&player, round, kind, &infraction, note)?;
            let text = format!(
                "{}: {} in round {} ({})\n",
                recorded.name, recorded.penalty, recorded.round, recorded.infraction
            );
            Output::new(text, &recorded)
        }
        Command::Tardy {
            file,
            player,
            minutes,
            apply,
        } => {
            let mut session = open(&file, notices)?;
            let Some(kind) = session.tardiness_penalty(minutes) else {
                let note = serde_json::json!({ "penalty": null, "minutes": minutes });
                return Output::new(
                    format!("{minutes} min late: no penalty under this ruleset\n"),
                    &note,
                );
            };
            if apply {
                let recorded = session.record_penalty(
                    &player,
                    None,
                    kind,
                    &format!("tardiness ({minutes} min)"),
                    None,
                )?;
                Output::new(
                    format!(
                        "{}: {} recorded for tardiness\n",
                        recorded.name, recorded.penalty
                    ),
                    &recorded,
                )
            } else {
                let note = serde_json::json!({ "penalty": kind.id(), "minutes": minutes });
                Output::new(
                    format!(
                        "{minutes} min late: {} (run again with --apply to record it)\n",
                        kind.id()
                    ),
                    &note,
                )
            }
        }
        Command::Penalties { file } => {
            let list = open(&file, notices)?.penalties();
            let text: String = list
                .iter()
                .map(|p| {
                    format!(
                        "round {}: {} — {}: {}\n",
                        p.round, p.name, p.penalty, p.infraction
                    )
                })
                .collect();
            Output::new(
                if text.is_empty() {
                    "no penalties\n".into()
                } else {
                    text
                },
                &list,
            )
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
            let cards = match list {
                Some(path) => {
                    let bytes = std::fs::read(&path).map_err(|e| CommandError::Io {
                        path: path.display().to_string(),
                        detail: e.to_string(),
                    })?;
                    tablekeeper_commands::deck::parse_list(&bytes)?
                }
                None => Vec::new(),
            };
            let deck = DeckData {
                name,
                title,
                nation_clan: nation,
                ride_line,
                oshi,
                cards,
            };
            let updated = open(&file, notices)?.set_deck(&player, deck)?;
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
            let ticket = serve::ticket(&file, &player, reissue)?;
            let mut text = String::new();
            if let Some(qr) = ticket.url.as_deref().and_then(tablekeeper_lan::qr_text) {
                text.push_str(&qr);
                text.push('\n');
            }
            text.push_str(&render::say(&msg!(
                "ticket.line",
                "{name} (no. {player}): player code {code}",
                name = ticket.name.clone(),
                player = ticket.player,
                code = ticket.code.clone()
            )));
            text.push('\n');
            Output::new(text, &ticket)
        }
        Command::Codes { file } => {
            let codes = serve::codes(&file)?;
            let text = codes
                .iter()
                .map(|c| format!("{:>4}  {}\n", c.table, c.code))
                .collect();
            Output::new(text, &codes)
        }
        Command::Backups { file } => {
            let list = tablekeeper_commands::backup::list(&file)?;
            let text = if list.is_empty() {
                "no backups yet (one is written whenever a round is paired or finished)\n"
                    .to_string()
            } else {
                list.iter()
                    .map(|b| format!("{}  {:>8} bytes  {}\n", b.modified, b.bytes, b.file))
                    .collect()
            };
            Output::new(text, &list)
        }
        Command::Restore { file, backup } => {
            let restored = tablekeeper_commands::backup::restore(&file, &backup)?;
            let mut text = format!(
                "restored {} from {}\n",
                file.display(),
                restored.restored_from
            );
            if let Some(kept) = &restored.previous_saved_as {
                text.push_str(&format!("the event as it was is kept as {kept}\n"));
            }
            Output::new(text, &restored)
        }
        Command::SaveCopy {
            file,
            target,
            replace,
        } => {
            let saved = open(&file, notices)?.save_copy(&target, replace)?;
            Output::new(
                format!("a copy of the event was saved to {}\n", saved.written),
                &saved,
            )
        }
        Command::Undo { file } => {
            let undone = open(&file, notices)?.undo()?;
            Output::new(
                format!("undone: {}", render::history(std::slice::from_ref(&undone))),
                &undone,
            )
        }
        Command::Redo { file } => {
            let redone = open(&file, notices)?.redo()?;
            Output::new(
                format!("redone: {}", render::history(std::slice::from_ref(&redone))),
                &redone,
            )
        }
        Command::History { file } => {
            let history = open(&file, notices)?.history()?;
            Output::new(render::history(&history), &history)
        }
        Command::BackToRound { file, round, yes } => {
            let mut session = open(&file, notices)?;
            let discarded = session.back_to_round(round, yes)?;
            let mut text = if yes {
                format!(
                    "Back to before round {round} was paired. Undone ({}):\n",
                    discarded.len()
                )
            } else {
                format!(
                    "Going back to before round {round} was paired would undo ({}):\n",
                    discarded.len()
                )
            };
            text.push_str(&render::history(&discarded));
            if !yes {
                text.push_str("Run again with --yes to do it (everything stays in the history and can be redone).\n");
            }
            Output::new(text, &discarded)
        }
        Command::Drop { file, player } => {
            let dropped = open(&file, notices)?.drop_player(&player)?;
            Output::new(render::players(std::slice::from_ref(&dropped)), &dropped)
        }
        Command::Standings { file } => {
            let standings = open(&file, notices)?.standings()?;
            Output::new(render::standings(&standings), &standings)
        }
        Command::Breakdown { file } => {
            let breakdown = open(&file, notices)?.breakdown()?;
            Output::new(render::breakdown(&breakdown), &breakdown)
        }
        Command::Export {
            file,
            output,
            format,
            encoding,
        } => {
            let (format, encoding) = (format.0, encoding.0);
            let session = open(&file, notices)?;
            if format == ExportFormat::Report {
                let report = tablekeeper_commands::report::report(&session)?;
                let text = tablekeeper_commands::report::text(&report);
                if let Some(path) = output {
                    export::write(&session, format, encoding, &path)?;
                }
                return Output::new(text, &report);
            }
            match output {
                Some(path) => {
                    let written = export::write(&session, format, encoding, &path)?;
                    let mut message = format!("{format} written to {}\n", written.written);
                    if !written.unrepresentable.is_empty() {
                        message.push_str(&format!(
                            "warning: Shift-JIS cannot hold {}; written as '?' (use utf8-bom to keep them)\n",
                            written.unrepresentable.concat()
                        ));
                    }
                    Output::new(message, &written)
                }
                None if format == ExportFormat::Archive => {
                    let archive = archive::export(&session)?;
                    let text = serde_json::to_string_pretty(&archive).map_err(|e| {
                        CommandError::input(
                            ErrorKind::Internal,
                            msg!("error.internal", "{detail}", detail = e.to_string()),
                        )
                    })?;
                    Output::new(format!("{text}\n"), &archive)
                }
                None => {
                    export::render(&session, format, encoding)?;
                    Err(CommandError::input(
                        ErrorKind::OutputRequired,
                        msg!(
                            "error.output-required.csv-exports-need-output-file",
                            "CSV exports need --output FILE"
                        ),
                    ))
                }
            }
        }
        Command::ImportArchive {
            archive: source,
            file,
        } => {
            let parsed = archive::read(&source)?;
            let session = archive::import(&parsed, &file)?;
            let summary = session.summary();
            Output::new(render::summary(&summary), &summary)
        }
        Command::VerifyRules => {
            let results = verify::verify_rules()?;
            let mut output = Output::new(render::verification(&results), &results)?;
            output.failed = results.iter().any(|r| r.failed > 0);
            Ok(output)
        }
        Command::Rulesets => {
            let list = catalogue::rulesets()?;
            Output::new(render::rulesets(&list), &list)
        }
        Command::Titles => {
            let list = catalogue::titles()?;
            Output::new(render::titles(&list), &list)
        }
        Command::Demo { file } => {
            let session = if file.exists() {
                Session::open(&file)?
            } else {
                demo::create_demo(&file)?
            };
            let summary = session.summary();
            let pairings = session.pairings(None)?;
            let standings = session.standings()?;
            let text = format!(
                "{}\n{}\n{}\nThe demo event is saved in {}; try `tablekeeper standings {}`.\n",
                render::summary(&summary),
                render::pairings(&pairings, false),
                render::standings(&standings),
                file.display(),
                file.display()
            );
            let data = serde_json::json!({ "event": summary, "pairings": pairings, "standings": standings });
            Output::new(text, &data)
        }
    }
}
