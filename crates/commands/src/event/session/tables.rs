//! The event's table range: its first table number, so events run side by side use table
//! numbers that do not overlap (rounds paired later are numbered from it).

use tablekeeper_engine::Action;

use super::open::Session;
use crate::error::CommandError;

impl Session {
    /// Sets the first table number of the rounds paired from now on.
    pub fn set_first_table(&mut self, first: u32) -> Result<(), CommandError> {
        self.commit(vec![Action::SetFirstTable { first }], None)
    }
}
