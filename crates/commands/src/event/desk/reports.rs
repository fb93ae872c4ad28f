//! Results players report from their phones with their table's code, kept until both seats
//! agree (or the scorekeeper confirms one), then recorded as the desk would record them.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::{ResultEntry, Seats};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::result_input::parse_result;
use crate::room::codes;
use crate::room::reports::SeatReport;
use crate::room::{ReportStatus, Reporting, Room};
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

impl Desk {
    /// A player's report of their table's result, with their own player code (their seat,
    /// proven) or the table's code (either seat, unproven). Recorded at once only in
    /// `agree` mode and only when both seats' players reported the same result with their
    /// own codes; otherwise kept for the opponent or the scorekeeper.
    pub fn report_result(&mut self, request: ReportRequest) -> Result<ReportView, CommandError> {
        let mode = self.event_room().settings.reporting;
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
        let kept = self.event_room().reports.get(round, table_number);
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
            let reports = self
                .event_room_mut()
                .reports
                .put(round, table_number, seat_a, report);
            reports.agreed_by_both_players().map(|r| r.entry.clone())
        };
        self.event_room_mut().report_revision += 1;
        let status = match (by_both, mode) {
            (Some(entry), Reporting::Agree) => {
                self.record_reported(round, table_number, entry)?;
                ReportStatus::Recorded
            }
            _ => self
                .event_room()
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
            .event_room()
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
            .event_room()
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
        self.event_room_mut().reports.remove(round, table);
        self.event_room_mut().report_revision += 1;
        Ok(view)
    }

    /// Forgets reports of tables that have their result now, or of an earlier round.
    pub(crate) fn prune_reports(&mut self) -> Result<(), CommandError> {
        let (session, room) = self.session_and_room()?;
        let current = session.event().current_round();
        let before = room.reports.iter().count();
        room.reports.retain(|round, table| {
            current.is_some_and(|r| {
                r.number == round && r.match_at_table(table).is_some_and(|m| m.result.is_none())
            })
        });
        if room.reports.iter().count() != before {
            room.report_revision += 1;
        }
        Ok(())
    }
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
