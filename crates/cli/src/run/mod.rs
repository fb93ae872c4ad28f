//! Each subcommand as the surface's typed request, run on the desk like the app and the LAN
//! server run it; only the text rendering is the CLI's own (`render.rs`). The JSON `data`
//! is the command's answer (a few shapes of `docs/cli-json.md` older than the surface are
//! kept: `print`, `tardy`). One file per group of subcommands, as `args/` groups them.

use tablekeeper_commands::CommandError;
use tablekeeper_commands::notice::Notice;

use crate::args::Command;
use crate::host::Host;
use crate::output::Output;

mod event;
mod league;
mod records;
mod room;
mod rounds;
mod shared;

/// Runs one subcommand through its group's file.
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
