//! The event's epochs (docs/lan.md, "Never two writers"): a station's takeover begins a new
//! epoch, recorded as a row of the log, and a laptop that learns of a newer epoch elsewhere
//! refuses every change from then on.

use tablekeeper_store::{Access, Entry, ReadOnlyReason};

use super::open::Session;
use crate::error::CommandError;
use crate::views::takeover::WhereaboutsView;

impl Session {
    /// What this laptop says of the event it holds.
    pub fn whereabouts(&self) -> Result<WhereaboutsView, CommandError> {
        let (epoch, by) = self.file.epoch()?;
        Ok(WhereaboutsView {
            identity: self.identity(),
            epoch,
            by,
            rows: self.file.log_head().0,
            moved_to: self.moved_to(),
        })
    }

    /// Where the event is written now, once this laptop learned it went elsewhere.
    pub fn moved_to(&self) -> Option<String> {
        match self.file.access() {
            Access::ReadOnly(ReadOnlyReason::Moved { to }) => Some(to.clone()),
            _ => None,
        }
    }

    /// Begins the next epoch here: station `by` takes the event over from the main laptop
    /// at `from`, which stopped answering. One step of the log, nobody's to undo.
    pub fn begin_epoch(&mut self, by: &str, from: &str) -> Result<WhereaboutsView, CommandError> {
        let (epoch, _) = self.file.epoch()?;
        self.append(
            vec![Entry::Epoch {
                epoch: epoch + 1,
                by: by.to_string(),
                from: from.to_string(),
            }],
            None,
        )?;
        self.snapshot_when_due();
        self.whereabouts()
    }

    /// Refuses every change from now on: the event is written at `to` (a newer epoch, or
    /// the station that won a takeover made at the same moment).
    pub fn set_moved(&mut self, to: &str) {
        self.file.set_moved(to);
    }
}
