//! Rebuilding an event from its stored log (the undo timeline applied in order); a step
//! that does not apply is damage, named with its step number.

use std::path::Path;

use tablekeeper_engine::Event;
use tablekeeper_store::{Damage, StoreError, StoredEvent};

use crate::session::timeline::Timeline;

/// Replays a stored log step by step; a step that does not apply makes the file damaged.
pub fn replay_stored(stored: &StoredEvent, path: &Path) -> Result<Event, StoreError> {
    let damaged = |step: i64, problem: String| StoreError::Damaged {
        path: path.to_path_buf(),
        damage: Damage::Replay { step, problem },
    };
    let actions = stored.actions()?;
    let timeline = Timeline::new(&actions);
    let mut event = Event::new(stored.settings.clone(), stored.ruleset.clone())
        .map_err(|e| damaged(0, e.to_string()))?;
    for step in &timeline.applied {
        for action in step.actions() {
            event
                .apply(action)
                .map_err(|e| damaged(step.step, e.to_string()))?;
        }
    }
    Ok(event)
}
