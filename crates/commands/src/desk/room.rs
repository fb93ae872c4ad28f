//! The room's commands: the view players' phones show, results they report with their
//! table's code, and the organizer's side (what is shared, the clock, confirming reports,
//! the codes to hand out). The LAN server (`crates/lan`) serves them; the app calls the
//! organizer's ones directly.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::{ResultEntry, Seats};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use super::app_files::AppFile;
use super::base::Desk;
use super::base::Nothing;
use super::rounds::RoundRequest;
use crate::error::CommandError;
use crate::result_input::parse_result;
use crate::room::codes::{self, Secret};
use crate::room::reports::SeatReport;
use crate::room::{ClockState, ReportStatus, Reporting, Room, RoomSettings, RoomView};
use crate::views::TableView;

/// A result reported from a phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportRequest {
    pub round: u32,
    pub table: u32,
    /// The reporting player's own code (their player ticket), or the table's code from the
    /// match slip.
    pub code: String,
    /// The reporting player's number (they sit at this table).
    pub player: u32,
    /// In the result grammar, by seat: `a`, `b`, `2-1`, `draw`, `dl`.
    pub result: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportView {
    pub round: u32,
    pub table: u32,
    pub status: ReportStatus,
}

/// A table with players' reports, for the scorekeeper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableReportView {
    pub round: u32,
    pub table: u32,
    pub status: ReportStatus,
    /// What seat A's player reported (result grammar), if they did.
    pub a: Option<String>,
    pub b: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableRequest {
    pub round: u32,
    pub table: u32,
}

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

/// The app's data file holding the shop's secret the table codes come from.

impl Desk {
    /// What the players' phones show.
    pub fn room(&mut self, _: Nothing) -> Result<RoomView, CommandError> {
        let now = chrono::Utc::now().timestamp_millis();
        let session = self.session.as_ref().ok_or_else(super::no_event)?;
        let mut view = self.room.view(session, now)?;
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
        let session = self.session.as_ref().ok_or_else(super::no_event)?;
        let mut snapshot = self.room.snapshot(session, now)?;
        let (events, version) = self.room_events();
        snapshot.events = events;
        snapshot.version.push_str(&version);
        (snapshot.hosts, snapshot.moved_to) = self.carry_on(&mut snapshot.version);
        Ok(snapshot)
    }

    pub fn room_settings(&mut self, _: Nothing) -> Result<RoomSettings, CommandError> {
        self.session()?;
        Ok(self.room.settings)
    }

    pub fn set_room(&mut self, settings: RoomSettings) -> Result<RoomSettings, CommandError> {
        self.session()?;
        if settings.reporting == Reporting::Off {
            self.room.reports.clear();
            self.room.report_revision += 1;
        }
        self.room.settings = settings;
        Ok(settings)
    }

    /// Publishes a season's table to the phones (computed now from its event files), or
    /// stops showing it (`null`).
    pub fn publish_season(
        &mut self,
        request: Option<super::prizes::SeasonRequest>,
    ) -> Result<Option<crate::room::RoomSeason>, CommandError> {
        self.session()?;
        let season = match request {
            Some(request) => {
                let request = self.season(request)?;
                Some(crate::room::RoomSeason::of(&request))
            }
            None => None,
        };
        self.room.season = season.clone();
        self.room.season_revision += 1;
        Ok(season)
    }

    /// The app's round clock, shared with the phones.
    pub fn set_clock(&mut self, request: ClockRequest) -> Result<(), CommandError> {
        self.room.clock = request.clock;
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
    ) -> Result<super::PrintContext, CommandError> {
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
        Ok(super::PrintContext {
            printed_at: super::printer::print_time(),
            table_codes,
            share_url: self.share_url.clone(),
            tickets,
        })
    }

    /// A player's report of their table's result, with their own player code (their seat,
    /// proven) or the table's code (either seat, unproven). Recorded at once only in
    /// `agree` mode and only when both seats' players reported the same result with their
    /// own codes; otherwise kept for the opponent or the scorekeeper.
    pub fn report_result(&mut self, request: ReportRequest) -> Result<ReportView, CommandError> {
        let mode = self.room.settings.reporting;
        if mode == Reporting::Off {
            return Err(CommandError::input(
                ErrorKind::ReportingOff,
                msg!(
                    "error.reporting-off",
                    "results are not reported from phones at this event; take your match slip to the scorekeeper"
                ),
            ));
        }
        let secret = self.room_secret();
        let session = self.session()?;
        let proven = match Room::player_code(&secret, session, request.player) {
            Some(own) if codes::same_code(&request.code, &own) => true,
            _ => {
                let expected = Room::table_code(&secret, session, request.round, request.table);
                if !expected.is_some_and(|code| codes::same_code(&request.code, &code)) {
                    return Err(wrong_code());
                }
                false
            }
        };
        let event = session.event();
        let found = event
            .current_round()
            .filter(|round| round.number == request.round)
            .and_then(|round| round.match_at_table(request.table));
        let Some(table) = found else {
            return Err(wrong_code());
        };
        let seat_a = match table.seats {
            Seats::Pair { a, .. } if a.0 == request.player => true,
            Seats::Pair { b, .. } if b.0 == request.player => false,
            _ => {
                return Err(CommandError::input(
                    ErrorKind::UnknownPlayer,
                    msg!(
                        "error.unknown-player.not-at-table",
                        "player {player} does not play at table {table}; choose your own name",
                        player = request.player,
                        table = request.table
                    ),
                ));
            }
        };
        let entry = parse_result(&request.result, None)?;
        if !reportable(&entry) {
            return Err(CommandError::input(
                ErrorKind::InvalidResult,
                msg!(
                    "error.invalid-result.not-reportable",
                    "players report a win, a game score, a draw or a double loss; ask a judge for anything else"
                ),
            ));
        }
        // Every check recording would make (the table's kind: team seats or not, game
        // scores, the lock, a result already there), so a report that could never be
        // recorded is refused now, not when both agree. Nothing is copied: phones report
        // many times a second.
        event
            .check_result(request.round, request.table, entry.clone())
            .map_err(|error| match CommandError::from(error) {
                // Said to a player, who cannot replace a result.
                e if e.kind() == ErrorKind::ResultExists => CommandError::input(
                    ErrorKind::ResultExists,
                    msg!(
                        "error.result-exists.reported",
                        "table {table} already has its result; ask the scorekeeper to correct it",
                        table = request.table
                    ),
                ),
                other => other,
            })?;
        let (round, table_number) = (request.round, request.table);
        let kept = self.room.reports.get(round, table_number);
        if !proven
            && kept
                .and_then(|r| r.of_seat(seat_a))
                .is_some_and(|r| r.proven)
        {
            // A slip's code cannot overwrite what the player reported with their own code.
            return Err(CommandError::input(
                ErrorKind::NotAllowed,
                msg!(
                    "error.not-allowed.seat-reported-by-player",
                    "player {player} already reported with their own player code; report again from their phone, or ask the scorekeeper",
                    player = request.player
                ),
            ));
        }
        let report = SeatReport {
            text: request.result.trim().to_string(),
            entry,
            proven,
        };
        let by_both = {
            let reports = self.room.reports.put(round, table_number, seat_a, report);
            reports.agreed_by_both_players().map(|r| r.entry.clone())
        };
        self.room.report_revision += 1;
        let status = match (by_both, mode) {
            (Some(entry), Reporting::Agree) => {
                self.record_reported(round, table_number, entry)?;
                ReportStatus::Recorded
            }
            _ => self
                .room
                .reports
                .get(round, table_number)
                .map_or(ReportStatus::WaitingForOpponent, |r| r.status()),
        };
        Ok(ReportView {
            round,
            table: table_number,
            status,
        })
    }

    /// Tables of the current round with players' reports and no result yet.
    pub fn reports(&mut self, _: Nothing) -> Result<Vec<TableReportView>, CommandError> {
        self.prune_reports()?;
        Ok(self
            .room
            .reports
            .iter()
            .map(|(round, table, reports)| TableReportView {
                round,
                table,
                status: reports.status(),
                a: reports.a.as_ref().map(|r| r.text.clone()),
                b: reports.b.as_ref().map(|r| r.text.clone()),
            })
            .collect())
    }

    /// Records the result both players of a table reported (confirmation mode).
    pub fn confirm_report(&mut self, request: TableRequest) -> Result<TableView, CommandError> {
        self.prune_reports()?;
        let agreed = self
            .room
            .reports
            .get(request.round, request.table)
            .and_then(|r| r.agreed())
            .map(|r| r.entry.clone());
        let Some(entry) = agreed else {
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.no-agreed-report",
                    "table {table} has no result both players agree on; enter its result in Results",
                    table = request.table
                ),
            ));
        };
        self.record_reported(request.round, request.table, entry)
    }

    fn record_reported(
        &mut self,
        round: u32,
        table: u32,
        entry: ResultEntry,
    ) -> Result<TableView, CommandError> {
        let view = self
            .session_mut()?
            .enter_result(Some(round), table, entry, false, None)?;
        self.room.reports.remove(round, table);
        self.room.report_revision += 1;
        Ok(view)
    }

    /// Forgets reports of tables that have their result now, or of an earlier round.
    pub(super) fn prune_reports(&mut self) -> Result<(), CommandError> {
        let session = self.session.as_ref().ok_or_else(super::no_event)?;
        let event = session.event();
        let current = event.current_round();
        let before = self.room.reports.iter().count();
        self.room.reports.retain(|round, table| {
            current.is_some_and(|r| {
                r.number == round && r.match_at_table(table).is_some_and(|m| m.result.is_none())
            })
        });
        if self.room.reports.iter().count() != before {
            self.room.report_revision += 1;
        }
        Ok(())
    }

    /// The shop's secret for table codes: read from the app's data folder, or made and kept
    /// there. If it cannot be kept (a read-only data folder), this run's codes still work.
    pub(super) fn room_secret(&mut self) -> Secret {
        if let Some(secret) = &self.room_secret {
            return secret.clone();
        }
        let path = self.app_file(AppFile::RoomSecret);
        let stored = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| Secret::from_hex(&text));
        let secret = match stored {
            Some(secret) => {
                // A secret an earlier version left readable by every account is made private.
                keep_private(&path);
                secret
            }
            None => {
                let fresh = Secret::random();
                let _ = self.write_app_file(AppFile::RoomSecret, fresh.to_hex().as_bytes());
                fresh
            }
        };
        self.room_secret = Some(secret.clone());
        secret
    }
}

/// Only the owner may read `path` (0600 on Unix).
fn keep_private(path: &std::path::Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// What a player may report: the outcome of their match, not a penalty or a default.
fn reportable(entry: &ResultEntry) -> bool {
    matches!(
        entry,
        ResultEntry::Win { reason: None, .. }
            | ResultEntry::Draw {
                graded_reason: None,
                ..
            }
            | ResultEntry::DoubleLoss
            | ResultEntry::Team { .. }
    )
}

fn wrong_code() -> CommandError {
    CommandError::input(
        ErrorKind::WrongCode,
        msg!(
            "error.wrong-code",
            "that is not this table's code for this round; check the code on your match slip"
        ),
    )
}
