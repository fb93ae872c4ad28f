//! Player tickets: every player has a personal code, derived from the shop's
//! secret, the event and how many codes the player was given. A phone that holds it is that
//! player: its reports count for that player's seat only. The code appears in no view but
//! the player's own ticket (`player_ticket`, the `tickets` printout); a reissue makes the
//! old ticket useless at once.

use crate::desk::base::Desk;
use crate::desk::base::Nothing;
use crate::desk::phone_codes::{Holder, wrong_player_code};
use crate::error::CommandError;
use crate::event::desk::players::PlayerRequest;
use crate::room::Room;
use crate::room::codes;
use crate::views::tickets::PlayerTicketView;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A code typed or scanned on a phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerCodeRequest {
    pub code: String,
}

/// Who a personal code belongs to (what the phone shows: "You are …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerCodeView {
    pub player: u32,
    pub name: String,
}

/// The page address that opens with `code` (a fragment: it never reaches a server's log).
pub fn ticket_url(share_url: &str, code: &str) -> String {
    format!("{}#p={code}", share_url.trim_end_matches('#'))
}

impl Desk {
    /// A player's ticket, with their personal code.
    pub fn player_ticket(
        &mut self,
        request: PlayerRequest,
    ) -> Result<PlayerTicketView, CommandError> {
        let player = self.session()?.find_player(&request.player)?;
        self.ticket(player.0)
    }

    /// Every active player's ticket, in player-number order (the `tickets` printout).
    pub fn player_tickets(&mut self, _: Nothing) -> Result<Vec<PlayerTicketView>, CommandError> {
        let players: Vec<u32> = self
            .session()?
            .event()
            .players
            .iter()
            .filter(|p| p.is_active())
            .map(|p| p.id.0)
            .collect();
        players.into_iter().map(|p| self.ticket(p)).collect()
    }

    /// Gives a player a new code (a lost or shared ticket): the old one stops working at
    /// once. The new ticket.
    pub fn reissue_player_code(
        &mut self,
        request: PlayerRequest,
    ) -> Result<PlayerTicketView, CommandError> {
        let player = self.session_mut()?.reissue_player_code(&request.player)?;
        // A phone that held the old code reports nothing for this player any more.
        self.event_room_mut().report_revision += 1;
        self.ticket(player.0)
    }

    /// The player a personal code belongs to (a phone that scanned a ticket). An entry's
    /// code is not a player's (`me` tells a phone about its entry).
    pub fn player_by_code(
        &mut self,
        request: PlayerCodeRequest,
    ) -> Result<PlayerCodeView, CommandError> {
        let Holder::Player(player) = self.holder(&request.code)? else {
            return Err(wrong_player_code());
        };
        let name = self.session()?.event().player(player)?.details.name.clone();
        Ok(PlayerCodeView {
            player: player.0,
            name,
        })
    }

    fn ticket(&mut self, player: u32) -> Result<PlayerTicketView, CommandError> {
        let secret = self.room_secret();
        let share_url = self.share_url.clone();
        let session = self.session()?;
        let found = session
            .event()
            .player(tablekeeper_engine::model::PlayerId(player))?;
        let code = Room::player_code(&secret, session, player)
            .map(|c| codes::grouped(&c))
            .unwrap_or_default();
        let url = share_url.as_deref().map(|u| ticket_url(u, &code));
        Ok(PlayerTicketView {
            player,
            name: found.details.name.clone(),
            qr_svg: crate::qr::svg(url.as_deref().unwrap_or(&code)),
            code,
            url,
        })
    }
}
