//! The door's steps on the open event (issue 24): each is one action, committed like any
//! other; the rules are the engine's (`transitions/door.rs`).

use tablekeeper_engine::Action;

use super::Session;
use crate::error::CommandError;

impl Session {
    /// Commits one door action (an entry, a decision, a check-in, a drop request, a judge
    /// call) as one step.
    pub fn door_step(&mut self, action: Action) -> Result<(), CommandError> {
        self.commit(vec![action], None)
    }
}
