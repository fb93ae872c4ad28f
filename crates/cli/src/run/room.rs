//! The room and the desk: sharing with phones and stations, tickets, the door, the shop's library and exchange, deck checks, table ranges, judge calls.

use crate::args::RoomCommand;
use crate::host::Host;
use crate::output::Output;
use crate::{render, serve};
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::events::TableRangeRequest;
use tablekeeper_commands::desk::*;
use tablekeeper_commands::notice::Notice;
use tablekeeper_words::msg;

/// Runs one of: the room and the desk: sharing with phones and stations, tickets, the door, the shop's library and exchange, deck checks, table ranges, judge calls.
pub(super) fn run(
    command: RoomCommand,
    host: &mut Host,
    notices: &mut Vec<Notice>,
    json: bool,
) -> Result<Output, CommandError> {
    match command {
        RoomCommand::Serve {
            file,
            port,
            bind,
            reporting,
            publish_standings,
            seconds,
        } => {
            let settings = serve::settings(reporting.0, publish_standings);
            let desk = host.open_owned(&file)?;
            let shared = serve::serve(desk, bind, port, settings, seconds, json)?;
            let text = render::say(&msg!("serve.stopped", "Stopped sharing.")) + "\n";
            Output::new(text, &shared)
        }
        RoomCommand::Takeover {
            copy,
            from,
            port,
            bind,
            stations,
            seconds,
        } => {
            let desk = host.open_owned(&copy)?;
            let at = crate::station::TakeoverAt {
                bind,
                port,
                stations,
            };
            let shared = crate::station::takeover(desk, &from, at, seconds, json)?;
            let text = render::say(&msg!("serve.stopped", "Stopped sharing.")) + "\n";
            Output::new(text, &shared)
        }
        RoomCommand::Station {
            address,
            code,
            replica,
            seconds,
            port,
        } => {
            // With --mirror alone, the copy is kept on the stick in a folder of its own (the
            // replica offers every event file of its folder; the stick's other copies stay
            // out of it).
            let replica = replica.or_else(|| {
                host.mirror_folder()
                    .map(|stick| stick.join("Station replicas"))
            });
            let run = crate::station::StationRun {
                address,
                code,
                replica,
                keep_for: seconds.map(std::time::Duration::from_secs),
                port,
                json,
            };
            let saved = crate::station::station(&run, notices)?;
            let text = render::say(&msg!(
                "station.done",
                "{count} results saved on the main laptop.",
                count = saved.len()
            )) + "\n";
            Output::new(text, &saved)
        }
        RoomCommand::Ticket {
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
        RoomCommand::Door { file, step } => crate::door::door(host, &file, step),
        RoomCommand::Judge { file, step } => crate::door::judge(host, &file, step),
        RoomCommand::DeckCheck {
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
        RoomCommand::TableRange { file, first } => {
            let view = host
                .open(&file)?
                .set_table_range(TableRangeRequest { first })?;
            let text = format!(
                "tables of rounds paired from now on start at {}\n",
                view.first_table
            );
            Output::new(text, &view)
        }
        RoomCommand::Library { library, step } => crate::library::library(host, library, step),
        RoomCommand::Exchange { library, step } => crate::exchange::exchange(host, library, step),
        RoomCommand::Register {
            file,
            numbers,
            library,
        } => crate::library::register(host, &file, numbers, library),
        RoomCommand::Codes { file } => {
            let codes = host
                .open(&file)?
                .table_codes(RoundRequest { round: None })?;
            Output::new(render::table_codes(&codes), &codes)
        }
    }
}
