//! A registered player and their penalties, as every screen shows them.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Player, PlayerDetails, PlayerStatus};
use tablekeeper_words::message::Message;
use ts_rs::TS;

use super::pairings::name_of;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerView {
    pub id: u32,
    /// The name, reading, player ID, nickname and a team's members (a detail not given is
    /// left out).
    #[serde(flatten)]
    pub details: PlayerDetails,
    pub joined_round: u32,
    pub status: crate::vocabulary::PlayerState,
    pub dropped_after_round: Option<u32>,
    /// A table this player keeps every round (accessibility).
    #[serde(default)]
    pub fixed_table: Option<u32>,
    #[serde(default)]
    pub disqualified: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<tablekeeper_engine::model::DeckData>,
    /// Each member's deck in seat order (`null` where none is registered); left out when
    /// no member has one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_decks: Vec<Option<tablekeeper_engine::model::DeckData>>,
    /// For a dropped player: `after-pairing` (the round's match was lost, a bye withdrawn)
    /// or `after-results` (out from the next round); `null` otherwise and for drops
    /// recorded before this was kept.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub drop: Option<tablekeeper_engine::model::DropTiming>,
}

impl PlayerView {
    pub fn from_player(player: &Player) -> Self {
        let (status, dropped_after_round) = match player.status {
            PlayerStatus::Active => (crate::vocabulary::PlayerState::Active, None),
            PlayerStatus::Dropped { after_round } => {
                (crate::vocabulary::PlayerState::Dropped, Some(after_round))
            }
        };
        PlayerView {
            id: player.id.0,
            details: player.details.clone(),
            joined_round: player.joined_round,
            status,
            dropped_after_round,
            fixed_table: player.fixed_table,
            disqualified: player.disqualified,
            deck: player.deck.clone(),
            member_decks: player.member_decks.clone(),
            drop: player.drop_timing,
        }
    }
}

/// A recorded penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PenaltyView {
    pub player: u32,
    pub name: String,
    /// In team events, the member the penalty was given to (its effect is the team's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    pub round: u32,
    pub penalty: tablekeeper_engine::model::PenaltyType,
    /// The infraction as typed; empty for a tardiness penalty, which has `late_minutes`.
    pub infraction: String,
    /// A tardiness penalty: how many minutes late (decision 16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub late_minutes: Option<u32>,
    pub note: Option<String>,
}

impl PenaltyView {
    /// The infraction in words: as typed, or "tardiness (N min)".
    pub fn infraction_message(&self) -> Message {
        infraction_message(&self.infraction, self.late_minutes)
    }
}

pub use tablekeeper_engine::model::infraction_message;

impl PenaltyView {
    pub fn from_record(event: &Event, record: &tablekeeper_engine::model::PenaltyRecord) -> Self {
        PenaltyView {
            player: record.player.0,
            name: name_of(event, record.player.0),
            member: record.member.and_then(|seat| {
                event
                    .player(record.player)
                    .ok()
                    .and_then(|p| p.details.members.get(usize::from(seat)).cloned())
            }),
            round: record.round,
            penalty: record.penalty,
            infraction: record.typed_infraction().to_string(),
            late_minutes: record.late_minutes(),
            note: record.note.clone(),
        }
    }
}
