//! Results reported by the players of a table from their phones, until the scorekeeper's
//! event file has the result. Both seats report; a table whose two reports agree is
//! recorded at once or waits for the scorekeeper's confirmation (the organizer chooses);
//! reports that disagree are flagged for the scorekeeper, who enters the result as usual.
//!
//! A report is *proven* when it came with the reporting player's own code (their player
//! ticket), and unproven when it came with the table's code, which both players' slip
//! shows. Only two proven reports of two different players are recorded without the
//! scorekeeper: one phone holding the slip could otherwise report for both seats.
//!
//! Reports live in memory only: they are not results yet. A restart of the main laptop
//! forgets them and the players report again (the result itself is durable once recorded).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::model::ResultEntry;
use ts_rs::TS;

/// Where one table's reports stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum ReportStatus {
    /// One seat has reported; the other has not yet.
    WaitingForOpponent,
    /// Both seats agree; the scorekeeper confirms it (the organizer asked for that).
    WaitingForScorekeeper,
    /// The two seats reported different results: the scorekeeper decides.
    Disagree,
    /// In the event file.
    Recorded,
}

/// One seat's report: the text the player's choice made (the result grammar), its meaning,
/// and whether it came with the player's own code.
#[derive(Debug, Clone)]
pub struct SeatReport {
    pub text: String,
    pub entry: ResultEntry,
    pub proven: bool,
}

/// The reports of one table.
#[derive(Debug, Clone, Default)]
pub struct TableReports {
    pub a: Option<SeatReport>,
    pub b: Option<SeatReport>,
}

impl TableReports {
    pub fn status(&self) -> ReportStatus {
        match (&self.a, &self.b) {
            (Some(a), Some(b)) if a.entry == b.entry => ReportStatus::WaitingForScorekeeper,
            (Some(_), Some(_)) => ReportStatus::Disagree,
            _ => ReportStatus::WaitingForOpponent,
        }
    }

    /// The result both seats reported, when they agree.
    pub fn agreed(&self) -> Option<&SeatReport> {
        match (&self.a, &self.b) {
            (Some(a), Some(b)) if a.entry == b.entry => Some(a),
            _ => None,
        }
    }

    /// The result both seats' players reported with their own codes, when they agree: the
    /// only reports recorded without a scorekeeper.
    pub fn agreed_by_both_players(&self) -> Option<&SeatReport> {
        self.agreed().filter(|_| {
            self.a
                .as_ref()
                .zip(self.b.as_ref())
                .is_some_and(|(a, b)| a.proven && b.proven)
        })
    }

    /// `seat`'s report (`true`: seat A).
    pub fn of_seat(&self, seat_a: bool) -> Option<&SeatReport> {
        if seat_a {
            self.a.as_ref()
        } else {
            self.b.as_ref()
        }
    }
}

/// Reports of the current round, by (round, table).
#[derive(Debug, Default)]
pub struct Reports {
    tables: BTreeMap<(u32, u32), TableReports>,
}

impl Reports {
    /// Puts `report` in for `seat` (`true` for seat A), replacing that seat's earlier report
    /// (a player who tapped the wrong button reports again).
    pub fn put(
        &mut self,
        round: u32,
        table: u32,
        seat_a: bool,
        report: SeatReport,
    ) -> &TableReports {
        let reports = self.tables.entry((round, table)).or_default();
        if seat_a {
            reports.a = Some(report);
        } else {
            reports.b = Some(report);
        }
        reports
    }

    pub fn get(&self, round: u32, table: u32) -> Option<&TableReports> {
        self.tables.get(&(round, table))
    }

    pub fn remove(&mut self, round: u32, table: u32) {
        self.tables.remove(&(round, table));
    }

    /// Keeps only the reports `keep` accepts (tables of the current round without a result).
    pub fn retain(&mut self, mut keep: impl FnMut(u32, u32) -> bool) {
        self.tables.retain(|&(round, table), _| keep(round, table));
    }

    pub fn iter(&self) -> impl Iterator<Item = (u32, u32, &TableReports)> {
        self.tables
            .iter()
            .map(|(&(round, table), r)| (round, table, r))
    }

    pub fn clear(&mut self) {
        self.tables.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablekeeper_engine::model::Side;

    fn win(side: Side) -> SeatReport {
        SeatReport {
            text: format!("{side:?}"),
            entry: ResultEntry::Win {
                winner: side,
                games: None,
                reason: None,
            },
            proven: true,
        }
    }

    #[test]
    fn two_agreeing_reports_agree_and_a_seat_may_report_again() {
        let mut reports = Reports::default();
        assert_eq!(
            reports.put(1, 3, true, win(Side::A)).status(),
            ReportStatus::WaitingForOpponent
        );
        assert_eq!(
            reports.put(1, 3, false, win(Side::B)).status(),
            ReportStatus::Disagree
        );
        let table = reports.put(1, 3, false, win(Side::A));
        assert_eq!(table.status(), ReportStatus::WaitingForScorekeeper);
        assert!(table.agreed().is_some());
        assert!(table.agreed_by_both_players().is_some());
        let unproven = SeatReport {
            proven: false,
            ..win(Side::A)
        };
        let table = reports.put(1, 3, true, unproven);
        assert!(table.agreed().is_some());
        assert!(
            table.agreed_by_both_players().is_none(),
            "the table's code proves no player"
        );
        reports.retain(|_, table| table != 3);
        assert!(reports.get(1, 3).is_none());
    }
}
