//! What needs the scorekeeper: the attention bar every screen shows, asked every few
//! seconds (and by a station for its own bar).

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::room::ReportStatus;
use crate::views::attention::AttentionView;

impl Desk {
    /// The counts of the attention bar: the round's results and clock, open judge calls,
    /// drop requests, disputed reports and entries waiting.
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
        Ok(AttentionView::of(self.session()?.event(), clock, disputed))
    }
}
