//! Players: registering (one, many, a team, a CSV), editing, decks, drops, fixed tables,
//! tardiness, and the number of Swiss rounds.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::PlayerDetails;
use tablekeeper_engine::model::DetailsChange;
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::formats::csv_import::ImportPreview;
use crate::views::{EventView, PenaltyView, PlayerView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddPlayersRequest {
    pub names: Vec<String>,
    /// Players with more than a name (reading, player ID, nickname), after `names`.
    #[serde(default)]
    #[ts(as = "Option<Vec<tablekeeper_engine::PlayerDetails>>", optional)]
    pub players: Vec<tablekeeper_engine::PlayerDetails>,
}

/// A team (team events): its name and members in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AddTeamRequest {
    pub name: String,
    pub members: Vec<String>,
    /// The publisher's team or player ID.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub publisher_id: Option<String>,
}

/// A player's corrected details; `null` keeps a field, an empty text clears an optional
/// one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EditPlayerRequest {
    /// The player, by number or exact name.
    pub player: String,
    #[serde(flatten)]
    pub change: DetailsChange,
}

/// A CSV file's bytes (UTF-8, UTF-8 with BOM or Shift-JIS).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportRequest {
    pub bytes: Vec<u8>,
}

/// A player by id or exact name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerRequest {
    pub player: String,
}

/// Keep a player at one table every round (accessibility), or release it (`null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FixedTableRequest {
    pub player: String,
    pub table: Option<u32>,
}

/// A late player: the ruleset's tardiness penalty for `minutes`, recorded when `apply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TardinessRequest {
    pub player: String,
    pub minutes: u32,
    pub apply: bool,
}

/// The tardiness penalty the ruleset gives, and the penalty recorded (with `apply`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TardinessView {
    pub minutes: u32,
    pub penalty: Option<PenaltyType>,
    pub recorded: Option<PenaltyView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetRoundsRequest {
    pub rounds: u32,
}

/// Deck keys used when finalists are chosen by deck (000 §3.2.4.2–§3.2.4.5). Blank fields
/// are cleared; the deck's name and card list recorded earlier are kept unless given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SetDeckRequest {
    pub player: String,
    pub nation_clan: String,
    pub ride_line: String,
    pub title: String,
    pub oshi: String,
    /// The deck's name (`""` clears it; `null` keeps it).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub name: Option<String>,
    /// A deck list file's bytes (one `COUNT NAME` per line) replacing the card list; `null`
    /// keeps it.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub list: Option<Vec<u8>>,
}

impl Desk {
    pub fn players(&mut self, _: Nothing) -> Result<Vec<PlayerView>, CommandError> {
        Ok(self.session()?.players())
    }

    pub fn add_players(
        &mut self,
        request: AddPlayersRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let players = request
            .names
            .into_iter()
            .filter(|name| !name.trim().is_empty())
            .map(|name| PlayerDetails {
                name,
                ..Default::default()
            })
            .chain(request.players)
            .collect::<Vec<_>>();
        if players.is_empty() {
            return Err(CommandError::input(
                ErrorKind::EmptyName,
                msg!(
                    "error.empty-name.type-players-name-first",
                    "type a player's name first"
                ),
            ));
        }
        let added = self.session_mut()?.add_players(players)?;
        self.link_to_library(&added);
        self.warn_playing_elsewhere(&added);
        Ok(added)
    }

    pub fn add_team(&mut self, request: AddTeamRequest) -> Result<Vec<PlayerView>, CommandError> {
        self.session_mut()?.add_players(vec![PlayerDetails {
            name: request.name,
            members: request.members,
            publisher_id: request.publisher_id,
            ..Default::default()
        }])
    }

    pub fn edit_player(&mut self, request: EditPlayerRequest) -> Result<PlayerView, CommandError> {
        self.session_mut()?
            .edit_player(&request.player, request.change)
    }

    pub fn import_preview(
        &mut self,
        request: ImportRequest,
    ) -> Result<ImportPreview, CommandError> {
        self.session()?.import_preview(&request.bytes)
    }

    pub fn import_players(
        &mut self,
        request: ImportRequest,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let added = self.session_mut()?.import_players(&request.bytes)?;
        self.link_to_library(&added);
        self.warn_playing_elsewhere(&added);
        Ok(added)
    }

    pub fn set_deck(&mut self, request: SetDeckRequest) -> Result<PlayerView, CommandError> {
        let session = self.session_mut()?;
        // A team member's deck is their own (named by member name or TEAM.SEAT).
        let (id, member) = session.find_person(&request.player)?;
        let mut deck = session
            .event()
            .player(id)
            .ok()
            .and_then(|p| match member {
                Some(seat) => p.member_decks.get(usize::from(seat)).cloned().flatten(),
                None => p.deck.clone(),
            })
            .unwrap_or_default();
        let value = |text: &str| Some(text.trim().to_string()).filter(|t| !t.is_empty());
        deck.nation_clan = value(&request.nation_clan);
        deck.ride_line = value(&request.ride_line);
        deck.title = value(&request.title);
        deck.oshi = value(&request.oshi);
        if let Some(name) = &request.name {
            deck.name = value(name);
        }
        if let Some(list) = &request.list {
            deck.cards = crate::formats::deck::parse_list(list)?;
        }
        session.set_deck(&request.player, deck)
    }

    pub fn drop_player(&mut self, request: PlayerRequest) -> Result<PlayerView, CommandError> {
        self.session_mut()?.drop_player(&request.player)
    }

    pub fn set_fixed_table(
        &mut self,
        request: FixedTableRequest,
    ) -> Result<PlayerView, CommandError> {
        self.session_mut()?
            .set_fixed_table(&request.player, request.table)
    }

    /// The ruleset's tardiness penalty for a late player (decision 16); recorded with
    /// `apply`.
    pub fn tardiness(&mut self, request: TardinessRequest) -> Result<TardinessView, CommandError> {
        let session = self.session_mut()?;
        let penalty = session.tardiness_penalty(request.minutes);
        let recorded = match (penalty, request.apply) {
            (Some(kind), true) => {
                Some(session.record_tardiness(&request.player, kind, request.minutes)?)
            }
            _ => None,
        };
        Ok(TardinessView {
            minutes: request.minutes,
            penalty,
            recorded,
        })
    }

    pub fn set_rounds(&mut self, request: SetRoundsRequest) -> Result<EventView, CommandError> {
        self.session_mut()?.set_planned_rounds(request.rounds)
    }
}
