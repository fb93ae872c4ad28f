//! Undo and redo over the append-only log.
//!
//! Every command appends one *step* (one or more actions). Undo appends an `undo` entry
//! naming the step it takes back; redo appends a `redo` entry. Nothing is ever deleted:
//! the event is the replay of the steps still in effect, and the whole history stays
//! visible.

use tablekeeper_engine::Action;
use tablekeeper_store::{Entry, LoggedAction};

/// One step of the log and its actions.
#[derive(Debug, Clone)]
pub struct Step<'a> {
    pub step: i64,
    pub entries: Vec<&'a LoggedAction>,
}

impl Step<'_> {
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.entries.iter().filter_map(|e| match &e.entry {
            Entry::Action { action } => Some(action),
            Entry::Undo { .. } | Entry::Redo { .. } | Entry::Epoch { .. } => None,
        })
    }
}

/// Which steps are in effect and which can be redone.
#[derive(Debug, Clone, Default)]
pub struct Timeline<'a> {
    /// Steps in effect, oldest first.
    pub applied: Vec<Step<'a>>,
    /// Undone steps that can be redone; the next redo is the last one.
    pub redoable: Vec<Step<'a>>,
    /// Steps that were undone and can no longer be redone (a new step came after).
    pub discarded: Vec<i64>,
}

impl<'a> Timeline<'a> {
    pub fn new(log: &'a [LoggedAction]) -> Timeline<'a> {
        let mut timeline = Timeline::default();
        let mut index = 0;
        while index < log.len() {
            let step = log[index].step;
            let mut entries = Vec::new();
            while index < log.len() && log[index].step == step {
                entries.push(&log[index]);
                index += 1;
            }
            match entries[0].entry {
                Entry::Undo { step: target } => {
                    if let Some(position) = timeline.applied.iter().rposition(|s| s.step == target)
                    {
                        let undone = timeline.applied.remove(position);
                        timeline.redoable.push(undone);
                    }
                }
                Entry::Redo { step: target } => {
                    if let Some(position) = timeline.redoable.iter().rposition(|s| s.step == target)
                    {
                        let redone = timeline.redoable.remove(position);
                        timeline.applied.push(redone);
                    }
                }
                // A takeover changes nothing in the event and is nobody's to undo: what
                // could be redone before it can still be redone after it.
                Entry::Epoch { .. } => {}
                Entry::Action { .. } => {
                    timeline
                        .discarded
                        .extend(timeline.redoable.drain(..).map(|s| s.step));
                    timeline.applied.push(Step { step, entries });
                }
            }
        }
        timeline
    }

    /// The actions in effect, in order: replaying them gives the event.
    pub fn effective_actions(&self) -> Vec<&'a Action> {
        self.applied
            .iter()
            .flat_map(|s| {
                s.entries.iter().filter_map(|e| match &e.entry {
                    Entry::Action { action } => Some(action),
                    Entry::Undo { .. } | Entry::Redo { .. } | Entry::Epoch { .. } => None,
                })
            })
            .collect()
    }
}
