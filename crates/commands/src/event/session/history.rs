//! Undo, redo and going back to a round: every step of the append-only log, in words for
//! the scorekeeper (`HistoryItem`), and the entries that take steps back or bring them back.

use crate::error::CommandError;
use crate::session::timeline::{Step, Timeline};
use tablekeeper_engine::Action;
use tablekeeper_store::{Entry, LoggedAction};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use super::open::{Session, now};

/// One step of the history, as shown to the scorekeeper.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct HistoryItem {
    #[ts(type = "number")]
    pub step: i64,
    pub recorded_at: String,
    /// What the step did, one message per action.
    pub description: Vec<Message>,
    pub reason: Option<String>,
    /// Taken back by undo (or by going back to an earlier round).
    pub undone: bool,
}

impl Session {
    /// Takes back the last step still in effect.
    pub fn undo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        // The scorekeeper's own last step: what players did from their phones (entries,
        // check-ins, drop requests, judge calls) is not theirs to take back (docs/door.md).
        let position = timeline
            .applied
            .iter()
            .rposition(|s| s.actions().any(|a| !a.is_from_the_room()));
        let last = position
            .and_then(|p| timeline.applied.get(p))
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::NothingToUndo,
                    msg!(
                        "error.nothing-to-undo.there-nothing-undo",
                        "there is nothing to undo"
                    ),
                )
            })?;
        let step = last.step;
        let item = self.describe_step(last, true);
        let remaining: Vec<&Action> = timeline
            .applied
            .iter()
            .filter(|s| s.step != step)
            .flat_map(|s| s.actions())
            .collect();
        let next = self.replay(remaining)?;
        self.append(vec![Entry::Undo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Applies again the step undone last (until a new change is made).
    pub fn redo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let next_step = timeline.redoable.last().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NothingToRedo,
                msg!(
                    "error.nothing-to-redo.there-nothing-redo",
                    "there is nothing to redo"
                ),
            )
        })?;
        let step = next_step.step;
        let item = self.describe_step(next_step, false);
        let mut actions: Vec<&Action> = timeline.effective_actions();
        actions.extend(next_step.actions());
        let next = self.replay(actions)?;
        self.append(vec![Entry::Redo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Every step of the log, oldest first, marked when it is no longer in effect.
    pub fn history(&self) -> Result<Vec<HistoryItem>, CommandError> {
        self.history_newest(None)
    }

    /// The `newest` steps of the log (all when `None`), oldest first, marked when no longer
    /// in effect. Only those steps are put into words, so a screen showing the latest few
    /// costs the same at round 10 as at round 1.
    pub fn history_newest(&self, newest: Option<usize>) -> Result<Vec<HistoryItem>, CommandError> {
        let log = self.log.entries(&self.file)?;
        // The oldest step shown: every step number is one item of the history.
        let from = match newest {
            Some(count) => {
                let steps: std::collections::BTreeSet<i64> = log.iter().map(|l| l.step).collect();
                // The count-th newest step, or the oldest when there are fewer.
                count
                    .checked_sub(1)
                    .and_then(|back| steps.iter().rev().nth(back).or_else(|| steps.first()))
                    .copied()
                    .unwrap_or(i64::MAX)
            }
            None => i64::MIN,
        };
        let timeline = Timeline::new(log);
        let mut items: Vec<HistoryItem> = Vec::new();
        for step in timeline.applied.iter().filter(|s| s.step >= from) {
            items.push(self.describe_step(step, false));
        }
        for step in timeline.redoable.iter().filter(|s| s.step >= from) {
            items.push(self.describe_step(step, true));
        }
        let mut undo_entries: Vec<HistoryItem> = log
            .iter()
            .filter(|l| l.step >= from)
            .filter_map(|l| match l.entry {
                Entry::Undo { step } => {
                    Some((l, msg!("history.undo", "undo of step {step}", step = step)))
                }
                Entry::Redo { step } => {
                    Some((l, msg!("history.redo", "redo of step {step}", step = step)))
                }
                Entry::Epoch {
                    epoch,
                    ref by,
                    ref from,
                } => Some((
                    l,
                    msg!(
                        "history.epoch",
                        "taken over by station {station} when the main laptop at {from} stopped answering (epoch {epoch})",
                        station = by,
                        from = from,
                        epoch = epoch
                    ),
                )),
                Entry::Action { .. } => None,
            })
            .map(|(l, description)| HistoryItem {
                step: l.step,
                recorded_at: l.recorded_at.clone(),
                description: vec![description],
                reason: typed_reason(l.reason.as_deref()),
                undone: false,
            })
            .collect();
        items.append(&mut undo_entries);
        let discarded: Vec<&LoggedAction> = log
            .iter()
            .filter(|l| l.step >= from && timeline.discarded.contains(&l.step))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for l in discarded {
            if seen.insert(l.step)
                && let Some(step) = self.step_of(l.step)
            {
                items.push(self.describe_step(&step, true));
            }
        }
        items.sort_by_key(|i| i.step);
        Ok(items)
    }

    /// The step the last command stored, as the history shows it (from that step's rows
    /// alone: no parse of the whole log).
    pub fn newest_step(&self) -> Option<HistoryItem> {
        let entries = self.log.newest_step()?;
        let step = Step {
            step: entries.first()?.step,
            entries: entries.iter().collect(),
        };
        Some(self.describe_step(&step, false))
    }

    pub(super) fn step_of(&self, step: i64) -> Option<Step<'_>> {
        let entries: Vec<&LoggedAction> = self
            .log
            .entries(&self.file)
            .ok()?
            .iter()
            .filter(|l| l.step == step)
            .collect();
        (!entries.is_empty()).then_some(Step { step, entries })
    }

    pub(super) fn describe_step(&self, step: &Step, undone: bool) -> HistoryItem {
        let first = step.entries.first();
        let description = step
            .actions()
            .map(|a| a.describe(&self.event))
            .collect::<Vec<_>>();
        HistoryItem {
            step: step.step,
            recorded_at: first.map(|e| e.recorded_at.clone()).unwrap_or_default(),
            description,
            reason: typed_reason(first.and_then(|e| e.reason.as_deref())),
            undone,
        }
    }

    /// The steps that going back to before round `round` was paired would undo, newest
    /// first. With `confirm`, they are undone (one undo entry each, in one transaction).
    pub fn back_to_round(
        &mut self,
        round: u32,
        confirm: bool,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let mut paired = 0;
        let start = timeline
            .applied
            .iter()
            .position(|s| {
                paired += s
                    .actions()
                    .filter(|a| matches!(a, Action::PairRound { .. } | Action::EnterPairing { .. }))
                    .count();
                paired >= round as usize
            })
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.round-has-been-paired",
                        "round {round} has not been paired",
                        round = round
                    ),
                )
            })?;
        let discarded: Vec<HistoryItem> = timeline.applied[start..]
            .iter()
            .rev()
            .map(|s| self.describe_step(s, confirm))
            .collect();
        if confirm {
            let remaining: Vec<&Action> = timeline.applied[..start]
                .iter()
                .flat_map(|s| s.actions())
                .collect();
            let next = self.replay(remaining)?;
            let entries: Vec<Entry> = timeline.applied[start..]
                .iter()
                .rev()
                .map(|s| Entry::Undo { step: s.step })
                .collect();
            self.append_undos(entries)?;
            self.event = next;
            self.snapshot_when_due();
        }
        Ok(discarded)
    }

    /// Several undo entries written in one transaction; each keeps its own step.
    pub(super) fn append_undos(&mut self, entries: Vec<Entry>) -> Result<(), CommandError> {
        let rows = self.file.append_steps(&entries, &now())?;
        self.written(rows);
        Ok(())
    }
}

/// A step's reason as the scorekeeper typed it. Older versions also stored the English
/// "tardiness (N min)" of a late arrival as the reason; the description says it now.
fn typed_reason(reason: Option<&str>) -> Option<String> {
    reason
        .filter(|r| tablekeeper_engine::model::legacy_late_minutes(r).is_none())
        .map(str::to_string)
}
