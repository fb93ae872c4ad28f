//! The players of TCG+ and TOM files matched to the library's people by a person: who is
//! not known by number yet, with who they may be, and the confirmation (docs/library.md,
//! "One person across TCG+, TOM and the shop's events").

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::views::library::{LibraryPlayerView, PublisherTool, ToolPlayerView};

/// The TCG+ organizer CSVs and TOM `.tdf` files to look through (a season's list: other
/// files in it are passed over).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ToolPlayersRequest {
    #[ts(as = "Vec<String>")]
    pub files: Vec<PathBuf>,
}

/// Who a TCG+ or TOM file's player is: library player `number`, or a new library player
/// (`null`) under the name the file gives (`name`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ToolConfirmRequest {
    pub tool: PublisherTool,
    pub id: String,
    pub name: String,
    pub number: Option<u32>,
}

impl Desk {
    pub fn tool_players_unmatched(
        &mut self,
        request: ToolPlayersRequest,
    ) -> Result<Vec<ToolPlayerView>, CommandError> {
        crate::shop::tool_people::unmatched(self.library_mut()?, &request.files)
    }

    /// The number goes onto library player `number` (a correction, which travels), or a
    /// new library player is added with it; a number another player carries is refused.
    pub fn tool_player_confirm(
        &mut self,
        request: ToolConfirmRequest,
    ) -> Result<LibraryPlayerView, CommandError> {
        use crate::shop::tool_people::{check_free, new_person, with_number};
        let typed = crate::shop::views::library::PublisherIds {
            tcgplus_id: (request.tool == PublisherTool::Tcgplus).then(|| request.id.clone()),
            pokemon_id: (request.tool == PublisherTool::Pokemon).then(|| request.id.clone()),
        };
        let checked = crate::names::publisher_numbers(&typed)?;
        let Some(id) = checked.tcgplus_id.as_ref().or(checked.pokemon_id.as_ref()) else {
            return Err(crate::names::publisher_numbers_missing(request.tool));
        };
        let library = self.library_mut()?;
        let card = request.number.map(|n| library.player(n)).transpose()?;
        check_free(library, &checked, card.as_ref())?;
        let now = crate::desk::printer::print_time();
        let number = match request.number {
            Some(number) => {
                let player = library.player(number)?;
                let details = with_number(&player, request.tool, id)?;
                let details = crate::names::library_details(&details)?;
                library.correct_player(number, &details)?.number
            }
            None => {
                let details = new_person(request.tool, id, &request.name);
                let details = crate::names::library_details(&details)?;
                library.add_player(&details, &now)?.number
            }
        };
        self.player_view(number)
    }
}
