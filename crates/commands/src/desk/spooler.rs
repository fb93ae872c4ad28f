//! The system's print service: the printers it offers and a job of several PDFs sent to one
//! of them, through CUPS's own command-line clients (`lpstat`, `lp`), the print service of
//! every Linux desktop (and macOS). CUPS's own `CUPS_SERVER` points them at another scheduler
//! (the tests' own). A computer without CUPS (Windows) offers no printer, and the window keeps
//! to the PDF viewer (docs/decisions.md, "Printing that prints").

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;

/// The printers the print service offers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrintersView {
    /// Whether this computer has a print service the app can send jobs to (CUPS).
    pub service: bool,
    /// Its printers (queues), by name.
    pub printers: Vec<String>,
    /// The one the system prints to unless told otherwise, if set.
    pub default_printer: Option<String>,
}

/// How long a client of the print service may take before it is given up (a scheduler that
/// hangs never holds the desk).
const CLIENT_TIMEOUT: Duration = Duration::from_secs(20);

/// What a client printed, or why it could not be run (`None`: it is not installed).
struct Ran {
    success: bool,
    /// The client was given up after [`CLIENT_TIMEOUT`] (the print service did not answer).
    timed_out: bool,
    stdout: String,
    stderr: String,
}

/// Runs a CUPS client with its messages in English (they are parsed, never shown as words of
/// the app), within [`CLIENT_TIMEOUT`]. `None` when the program is not there.
fn run(server: Option<&Path>, program: &str, args: &[&std::ffi::OsStr]) -> Option<Ran> {
    let mut command = Command::new(program);
    if let Some(server) = server {
        command.env("CUPS_SERVER", server);
    }
    let mut child = command
        .args(args)
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < CLIENT_TIMEOUT => {
                std::thread::sleep(Duration::from_millis(20));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let mut stdout = String::new();
    let mut stderr = String::new();
    if let Some(mut out) = child.stdout.take() {
        let _ = out.read_to_string(&mut stdout);
    }
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_string(&mut stderr);
    }
    Some(Ran {
        success: status.is_some_and(|s| s.success()),
        timed_out: status.is_none(),
        stdout,
        stderr,
    })
}

/// The printers of the print service (`server`: another scheduler than the system's).
pub fn printers(server: Option<&Path>) -> PrintersView {
    let Some(listed) = run(server, "lpstat", &["-e".as_ref()]) else {
        return PrintersView::default();
    };
    let printers = if listed.success {
        listed
            .stdout
            .lines()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(String::from)
            .collect()
    } else {
        Vec::new()
    };
    let default_printer = run(server, "lpstat", &["-d".as_ref()]).and_then(|ran| {
        ran.stdout
            .trim()
            .strip_prefix("system default destination:")
            .map(|name| name.trim().to_string())
            .filter(|name| printers.contains(name))
    });
    PrintersView {
        service: true,
        printers,
        default_printer,
    }
}

/// The job id in `lp`'s answer ("request id is Counter-12 (2 file(s))").
pub fn job_id(answer: &str) -> Option<String> {
    let rest = answer.trim().strip_prefix("request id is ")?;
    rest.split_whitespace().next().map(String::from)
}

/// Sends `files` to `printer` as one job of `copies` copies named `title`; the job's id once
/// the print service accepted it.
pub fn submit(
    server: Option<&Path>,
    printer: &str,
    copies: u32,
    title: &str,
    files: &[PathBuf],
) -> Result<String, CommandError> {
    let copies = copies.to_string();
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "-d".as_ref(),
        printer.as_ref(),
        "-n".as_ref(),
        copies.as_ref(),
        "-t".as_ref(),
        title.as_ref(),
        "--".as_ref(),
    ];
    args.extend(files.iter().map(|f| f.as_os_str()));
    let ran = run(server, "lp", &args).ok_or_else(no_service)?;
    match job_id(&ran.stdout) {
        Some(job) if ran.success => Ok(job),
        _ if ran.timed_out => Err(CommandError::input(
            ErrorKind::PrintFailed,
            msg!(
                "error.print-failed.no-answer",
                "the print service did not answer within {seconds} seconds, so the sheets may not have reached {printer}; check the printer, then print again. The PDFs are saved beside the event",
                seconds = CLIENT_TIMEOUT.as_secs().to_string(),
                printer = printer.to_string()
            ),
        )),
        _ => Err(CommandError::input(
            ErrorKind::PrintFailed,
            msg!(
                "error.print-failed.refused",
                "the printer {printer} did not take the sheets ({detail}); check that it is on, or choose another printer in Settings. The PDFs are saved beside the event",
                printer = printer.to_string(),
                detail = ran.stderr.trim().trim_start_matches("lp: ").to_string()
            ),
        )),
    }
}

fn no_service() -> CommandError {
    CommandError::input(
        ErrorKind::PrintFailed,
        msg!(
            "error.print-failed.no-service",
            "this computer has no print service to send the sheets to; they are saved beside the event: print them from there, or choose no printer in Settings"
        ),
    )
}

impl Desk {
    /// The printers the system's print service offers.
    pub fn printers(&mut self, _: Nothing) -> Result<PrintersView, CommandError> {
        Ok(printers(self.shop.printers.print_server.as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::job_id;

    #[test]
    fn the_job_id_is_read_from_lps_answer() {
        assert_eq!(
            job_id("request id is Counter-12 (2 file(s))\n").as_deref(),
            Some("Counter-12")
        );
        assert_eq!(job_id("lp: The printer or class does not exist."), None);
    }
}
