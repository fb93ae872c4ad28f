//! What needs the scorekeeper: the attention bar every screen shows, asked every few
//! seconds (and by a station for its own bar).

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::room::ReportStatus;
use crate::views::attention::{AttentionView, MirrorBehind};

impl Desk {
    /// The counts of the attention bar: the round's results and clock, open judge calls,
    /// drop requests, disputed reports and entries waiting, the mirror's copy when it is
    /// behind and the stations gone quiet.
    pub fn attention(&mut self, _: Nothing) -> Result<AttentionView, CommandError> {
        self.prune_reports()?;
        let disputed = self
            .event_room()
            .reports
            .iter()
            .filter(|(_, _, reports)| reports.status() == ReportStatus::Disagree)
            .count();
        let clock = self
            .event_room()
            .clock_view(chrono::Utc::now().timestamp_millis());
        let session = self.session()?;
        let mirror = session.mirror_view();
        let mirror = match (&mirror.folder, mirror.newest) {
            (Some(_), Some(newest)) => {
                MirrorBehind::of(mirror.step, newest, mirror.problem.is_some())
            }
            _ => None,
        };
        let now = chrono::Utc::now().timestamp_millis();
        Ok(AttentionView {
            mirror,
            silent_stations: self.stations_silent(now),
            stations_known: self.stations_known(now),
            ..AttentionView::of(session.event(), clock, disputed)
        })
    }
}
