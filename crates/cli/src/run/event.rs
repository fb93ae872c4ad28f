//! Creating an event and registering its players.

use super::shared::*;
use crate::args::EventCommand;
use crate::host::Host;
use crate::output::Output;
use crate::render;
use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::*;

/// Runs one of: creating an event and registering its players.
pub(super) fn run(command: EventCommand, host: &mut Host) -> Result<Output, CommandError> {
    match command {
        EventCommand::Create(args) => {
            let summary = host.beside(&args.file).create_event(args.request())?;
            host.mirror_opened(false);
            Output::new(render::summary(&summary), &summary)
        }
        EventCommand::Status { file } => {
            let summary = host.open(&file)?.summary(())?;
            Output::new(render::summary(&summary), &summary)
        }
        EventCommand::AddPlayer { file, name, person } => {
            let request = AddPlayersRequest {
                names: Vec::new(),
                players: vec![person.details(name, Vec::new())],
            };
            let player = first(host.open(&file)?.add_players(request)?)?;
            Output::new(render::players(std::slice::from_ref(&player)), &player)
        }
        EventCommand::AddTeam {
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
        EventCommand::ImportPlayers { file, csv, preview } => {
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
        EventCommand::EditPlayer {
            file,
            player,
            name,
            person,
        } => {
            let request = EditPlayerRequest {
                player,
                change: person.change(name),
            };
            let edited = host.open(&file)?.edit_player(request)?;
            Output::new(render::players(std::slice::from_ref(&edited)), &edited)
        }
        EventCommand::Players { file } => {
            let players = host.open(&file)?.players(())?;
            Output::new(render::players(&players), &players)
        }
        EventCommand::SetRounds { file, rounds } => {
            let summary = host.open(&file)?.set_rounds(SetRoundsRequest { rounds })?;
            Output::new(render::summary(&summary), &summary)
        }
    }
}
