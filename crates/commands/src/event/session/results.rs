//! Results on an open event, through one plan: entering one, previewing it, entering many
//! at once and correcting one all build a [`ResultPlan`] the same way (the actions, the
//! reason logged with them, the warnings the scorekeeper sees). A preview applies the plan
//! to a copy of the event; recording commits it. So the preview's view and warnings are
//! the record's, field for field.

use tablekeeper_engine::model::ResultEntry;
use tablekeeper_engine::rules::drops::no_show_drop;
use tablekeeper_engine::{Action, EngineError, Event};
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use super::open::{Session, no_round_yet, required_reason};
use crate::error::CommandError;
use crate::views::TableView;

/// What entering one result does.
pub(super) struct ResultPlan {
    round: u32,
    table: u32,
    actions: Vec<Action>,
    /// Logged with the step (opening a locked round needs one).
    reason: Option<String>,
    /// What the scorekeeper is told besides the result (a correction of a round that later
    /// pairings used).
    warnings: Vec<Message>,
}

impl ResultPlan {
    /// The table as the plan leaves it in `event` (after the plan's actions were applied),
    /// with the plan's warnings.
    fn view(&self, event: &Event) -> Result<TableView, CommandError> {
        let mut view =
            TableView::at(event, self.round, self.table).ok_or(EngineError::UnknownTable {
                round: self.round,
                table: self.table,
            })?;
        view.warnings.extend(self.warnings.iter().cloned());
        Ok(view)
    }
}

impl Session {
    /// `round`, or the current round when it is `None`.
    pub(crate) fn round_or_current(&self, round: Option<u32>) -> Result<u32, CommandError> {
        if let Some(round) = round {
            return Ok(round);
        }
        self.event
            .current_round()
            .map(|r| r.number)
            .ok_or_else(no_round_yet)
    }

    /// The plan of entering `entry` at `table` of `round` (default: the current round), or
    /// correcting it: asked for with `replace`, or by giving `override_reason` to open a
    /// round the ruleset has locked (Bandai §5.3). A first entry of a no-show that reaches
    /// the ruleset's limit drops the absent player in the same step (000 §1.2.1).
    fn plan(
        &self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<ResultPlan, CommandError> {
        let round = self.round_or_current(round)?;
        let mut actions = Vec::new();
        let reason = match override_reason {
            Some(reason) => {
                actions.push(Action::OverrideResultLock { round });
                Some(required_reason(reason)?.to_string())
            }
            None => None,
        };
        let replace = replace || reason.is_some();
        let drop = if replace {
            None
        } else {
            no_show_drop(&self.event, round, table, &entry)
        };
        actions.push(Action::RecordResult {
            round,
            table,
            entry,
            replace,
            player: None,
        });
        actions.extend(drop);
        let warnings = if replace {
            self.later_rounds_warning(round).into_iter().collect()
        } else {
            Vec::new()
        };
        Ok(ResultPlan {
            round,
            table,
            actions,
            reason,
            warnings,
        })
    }

    /// A correction of `round` after later rounds were paired with the standings before it.
    fn later_rounds_warning(&self, round: u32) -> Option<Message> {
        let paired = u32::try_from(self.event.rounds.len()).unwrap_or(0);
        if paired <= round {
            return None;
        }
        Some(if paired == round + 1 {
            msg!(
                "warning.correction.later-round",
                "round {later} was paired with the standings before this correction; the pairings are kept, standings are updated",
                later = paired
            )
        } else {
            msg!(
                "warning.correction.later-rounds",
                "rounds {first}–{last} were paired with the standings before this correction; the pairings are kept, standings are updated",
                first = round + 1,
                last = paired
            )
        })
    }

    /// Records the result at `table` of `round` (default: the current round); `replace`
    /// corrects one that is there.
    pub fn record_result(
        &mut self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<TableView, CommandError> {
        self.enter_result(round, table, entry, replace, None)
    }

    /// Enters the result typed for a table, or corrects it (`replace`, or a reason to open
    /// a locked round): the one place hosts send results to.
    pub fn enter_result(
        &mut self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        let plan = self.plan(round, table, entry, replace, override_reason)?;
        self.commit(plan.actions.clone(), plan.reason.as_deref())?;
        plan.view(&self.event)
    }

    /// What entering this result would record, without recording it: the same plan
    /// applied to a copy of the event, so the preview is exactly what will be stored, with
    /// the same warnings.
    pub fn preview_result(
        &self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        let plan = self.plan(round, table, entry, replace, override_reason)?;
        let mut copy = self.event.clone();
        for action in &plan.actions {
            copy.apply(action)?;
        }
        plan.view(&copy)
    }

    /// Records many results of one round as a single step (re-entering a paper round, or a
    /// station's batch): all are stored, or none. Each is planned exactly like a single
    /// entry; a no-show that drops a player drops them in the same step.
    pub fn record_results(
        &mut self,
        round: Option<u32>,
        results: Vec<(u32, ResultEntry)>,
    ) -> Result<Vec<TableView>, CommandError> {
        let round = self.round_or_current(round)?;
        let plans = results
            .into_iter()
            .map(|(table, entry)| self.plan(Some(round), table, entry, false, None))
            .collect::<Result<Vec<_>, _>>()?;
        let actions = plans.iter().flat_map(|p| p.actions.clone()).collect();
        self.commit(actions, None)?;
        plans.iter().map(|plan| plan.view(&self.event)).collect()
    }

    /// Corrects an entered result. A round the ruleset has locked (Bandai §5.3) needs
    /// `override_reason`; corrections of rounds that later pairings used are flagged.
    pub fn correct_result(
        &mut self,
        round: u32,
        table: u32,
        entry: ResultEntry,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        self.enter_result(Some(round), table, entry, true, override_reason)
    }
}
