//! `tablekeeper`: run a whole event from the command line.
//!
//! A thin host over the command surface, as the app and the LAN server are: parse the
//! arguments (clap, `args/`), turn them into the surface's typed request and run it on the
//! desk (`run/`, `files.rs`, `host.rs`), and print the answer as text (`render.rs`) or,
//! with `--json`, as the documented JSON shape (`docs/cli-json.md`).

mod args;
mod door;
mod exchange;
mod files;
mod host;
mod library;
mod output;
mod prizes;
mod projection;
mod ratings;
mod render;
mod run;
mod serve;
mod station;
#[cfg(test)]
mod surface;
mod words;

use std::process::ExitCode;

use clap::Parser;
use tablekeeper_commands::CommandError;
use tablekeeper_words::Language;
use tablekeeper_words::{ErrorKind, msg};

use args::Cli;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let json = cli.json;
    tablekeeper_commands::names::set_print_check(tablekeeper_print::unprintable);
    render::set_language(cli.lang.map(|l| l.0).unwrap_or_else(|| {
        // The first of the locale variables that is set and not empty, as POSIX reads them.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
            .unwrap_or_default();
        Language::from_locale(&locale)
    }));
    let mut notices = Vec::new();
    let mut host = host::Host::mirroring(cli.mirror.clone());
    let outcome = run::run(cli.command, &mut host, &mut notices, json);
    notices.extend(host.notices());
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
            // The parser's first paragraph, on one line: "the following required arguments
            // were not provided: <FILES>..." names what is missing.
            let rendered = error.render().to_string();
            let detail = rendered
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ")
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
fn cli_hint(kind: ErrorKind) -> Option<tablekeeper_words::message::Message> {
    match kind {
        ErrorKind::ResultExists => Some(tablekeeper_words::msg!(
            "cli.hint.result-exists",
            "to correct it: tablekeeper result FILE TABLE RESULT --replace"
        )),
        ErrorKind::RematchUnavoidable => Some(tablekeeper_words::msg!(
            "cli.hint.rematch-unavoidable",
            "to pair with the fewest rematches: tablekeeper pair FILE --allow-rematches (or repair … --allow-rematches)"
        )),
        ErrorKind::UnknownPlayer => Some(tablekeeper_words::msg!(
            "cli.hint.players",
            "the numbers: tablekeeper players FILE"
        )),
        ErrorKind::NoRound => Some(tablekeeper_words::msg!(
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
