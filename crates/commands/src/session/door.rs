//! The door's steps on the open event: each is one action, committed like any
//! other; the rules are the engine's (`transitions/door.rs`).

use tablekeeper_engine::rules::door::{anyone_waiting, seat_the_waiting_list, seats_taken};
use tablekeeper_engine::{Action, Event};

use super::Session;
use crate::error::CommandError;
use crate::notice::Notice;

impl Session {
    /// Commits one door action (an entry, a decision, a check-in, a drop request, a judge
    /// call) as one step.
    pub fn door_step(&mut self, action: Action) -> Result<(), CommandError> {
        self.commit(vec![action], None)
    }

    /// The steps that give the seats a change freed (`next` is the event after it) to the
    /// first in line, applied to `next` and returned to be recorded with the change, so the
    /// log says who took the seat and replays it as it happened. When the event takes no
    /// late entry now (decision 11), nobody is seated and the notice to give once the change
    /// is stored says why the list waits.
    pub(super) fn seats_freed(&self, next: &mut Event) -> (Vec<Action>, Option<Notice>) {
        if !anyone_waiting(next) || seats_taken(next) >= seats_taken(&self.event) {
            return (Vec::new(), None);
        }
        let (steps, refused) = seat_the_waiting_list(next);
        // Each step was tried on a copy of this very event; applied to another copy, and
        // kept only whole.
        let mut seated = next.clone();
        if steps.iter().any(|step| seated.apply(step).is_err()) {
            return (Vec::new(), None);
        }
        *next = seated;
        let notice = refused.map(|error| crate::notice::waiting_list_waits(&error.message()));
        (steps, notice)
    }
}
