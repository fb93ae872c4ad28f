//! The room's commands: the view players' phones show and the organizer's side (what is
//! shared, the clock, the codes to hand out); results players report are `reports.rs`. The LAN server (`crates/lan`) serves them; the app calls the
//! organizer's ones directly.

use serde::{Deserialize, Serialize};
use tablekeeper_words::ErrorKind;
use ts_rs::TS;

use crate::desk::app_files::AppFile;
use crate::desk::base::Desk;
use crate::desk::base::Nothing;
use crate::error::CommandError;
use crate::event::desk::rounds::RoundRequest;
use crate::room::codes::Secret;
use crate::room::{ClockState, Reporting, Room, RoomSettings, RoomView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ClockRequest {
    /// `null`: no clock is running for the room.
    pub clock: Option<ClockState>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableCodeView {
    pub table: u32,
    pub code: String,
}

impl Desk {
    /// What the players' phones show.
    pub fn room(&mut self, _: Nothing) -> Result<RoomView, CommandError> {
        let now = chrono::Utc::now().timestamp_millis();
        let (session, room) = self.session_and_room()?;
        let mut view = room.view(session, now)?;
        let (events, version) = self.room_events();
        view.events = events;
        view.version.push_str(&version);
        (view.hosts, view.moved_to) = self.carry_on(&mut view.version);
        Ok(view)
    }

    /// The room view with its event part as shared JSON, for a host that answers many
    /// polls (the LAN server serializes it outside the desk's lock). Same content as `room`.
    pub fn room_snapshot(&mut self) -> Result<crate::room::RoomSnapshot, CommandError> {
        let now = chrono::Utc::now().timestamp_millis();
        let (session, room) = self.session_and_room()?;
        let mut snapshot = room.snapshot(session, now)?;
        let (events, version) = self.room_events();
        snapshot.events = events;
        snapshot.version.push_str(&version);
        (snapshot.hosts, snapshot.moved_to) = self.carry_on(&mut snapshot.version);
        Ok(snapshot)
    }

    pub fn room_settings(&mut self, _: Nothing) -> Result<RoomSettings, CommandError> {
        self.session()?;
        Ok(self.event_room().settings)
    }

    pub fn set_room(&mut self, settings: RoomSettings) -> Result<RoomSettings, CommandError> {
        self.session()?;
        if settings.reporting == Reporting::Off {
            self.event_room_mut().reports.clear();
            self.event_room_mut().report_revision += 1;
        }
        self.event_room_mut().settings = settings;
        Ok(settings)
    }

    /// Publishes a season's table to the phones (computed now from its event files), or
    /// stops showing it (`null`).
    pub fn publish_season(
        &mut self,
        request: Option<crate::event::desk::prizes::SeasonRequest>,
    ) -> Result<Option<crate::room::RoomSeason>, CommandError> {
        self.session()?;
        let season = match request {
            Some(request) => {
                let request = self.season(request)?;
                Some(crate::room::RoomSeason::of(&request))
            }
            None => None,
        };
        self.event_room_mut().season = season.clone();
        self.event_room_mut().season_revision += 1;
        Ok(season)
    }

    /// The app's round clock, shared with the phones.
    pub fn set_clock(&mut self, request: ClockRequest) -> Result<(), CommandError> {
        self.event_room_mut().clock = request.clock;
        Ok(())
    }

    /// The codes of the round's tables (for the slips and for a table that lost its slip).
    pub fn table_codes(
        &mut self,
        request: RoundRequest,
    ) -> Result<Vec<TableCodeView>, CommandError> {
        let secret = self.room_secret();
        let session = self.session()?;
        let view = session.pairings(request.round)?;
        let current = session.event().current_round().map(|r| r.number);
        if current != Some(view.round) {
            // Codes die with their round.
            return Ok(Vec::new());
        }
        Ok(view
            .tables
            .iter()
            .filter_map(|t| {
                Room::table_code(&secret, session, view.round, t.table).map(|code| TableCodeView {
                    table: t.table,
                    code,
                })
            })
            .collect())
    }

    /// The footer time and the table codes of `round` (the current one when `None`) for a
    /// printout; no codes for an earlier round or before round 1; the players' tickets for
    /// the `tickets` printout only.
    pub fn print_context(
        &mut self,
        round: Option<u32>,
        document: crate::vocabulary::Document,
    ) -> Result<crate::desk::printer::PrintContext, CommandError> {
        let table_codes = match self.table_codes(RoundRequest { round }) {
            Ok(codes) => codes.into_iter().map(|c| (c.table, c.code)).collect(),
            Err(error)
                if error.kind() == ErrorKind::NoRound
                    || error.kind() == ErrorKind::UnknownRound =>
            {
                Default::default()
            }
            Err(error) => return Err(error),
        };
        let tickets = if document == crate::vocabulary::Document::Tickets {
            self.player_tickets(())?
        } else {
            Vec::new()
        };
        Ok(crate::desk::printer::PrintContext {
            printed_at: crate::desk::printer::print_time(),
            table_codes,
            share_url: self.share_url.clone(),
            tickets,
        })
    }

    /// The shop's secret for table codes: read from the app's data folder, or made and kept
    /// there. If it cannot be kept (a read-only data folder), this run's codes still work.
    pub(crate) fn room_secret(&mut self) -> Secret {
        // An event carried on from a station's copy keeps its main laptop's codes.
        if let Some(secret) = &self.event_room().carried_secret {
            return secret.clone();
        }
        if let Some(secret) = &self.shop.room_secret {
            return secret.clone();
        }
        let path = self.app_file(AppFile::RoomSecret);
        let stored = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| Secret::from_hex(&text));
        let secret = match stored {
            Some(secret) => {
                // A secret an earlier version left readable by every account is made private.
                crate::room::private_file::keep_private(&path);
                secret
            }
            None => {
                let fresh = Secret::random();
                let _ = self.write_app_file(AppFile::RoomSecret, fresh.to_hex().as_bytes());
                fresh
            }
        };
        self.shop.room_secret = Some(secret.clone());
        secret
    }
}
