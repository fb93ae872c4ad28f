//! Penalties on an open event: recording one with its effect, and the ruleset's tardiness
//! penalty (the rule itself is the engine's, `rules::tardiness`).

use crate::error::CommandError;
use crate::views::PenaltyView;
use tablekeeper_engine::Action;
use tablekeeper_engine::model::PenaltyType;
use tablekeeper_words::ErrorKind;
use tablekeeper_words::msg;

use super::open::Session;

impl Session {
    /// Records a penalty (in `round`, default the current round) and applies its effect.
    pub fn record_penalty(
        &mut self,
        reference: &str,
        round: Option<u32>,
        penalty: PenaltyType,
        infraction: &str,
        note: Option<String>,
    ) -> Result<PenaltyView, CommandError> {
        self.commit_penalty(reference, round, penalty, (infraction, None), note)
    }

    /// Records the tardiness penalty `penalty` for `minutes` late in the current round; its
    /// infraction is the minutes (hosts say "tardiness (N min)" in their language).
    pub fn record_tardiness(
        &mut self,
        reference: &str,
        penalty: PenaltyType,
        minutes: u32,
    ) -> Result<PenaltyView, CommandError> {
        self.commit_penalty(reference, None, penalty, ("", Some(minutes)), None)
    }

    fn commit_penalty(
        &mut self,
        reference: &str,
        round: Option<u32>,
        penalty: PenaltyType,
        (infraction, late_minutes): (&str, Option<u32>),
        note: Option<String>,
    ) -> Result<PenaltyView, CommandError> {
        // A member's penalty is recorded with their name; its effect is the team's
        // (decision 9).
        let (player, member) = self.find_person(reference)?;
        let round = round.unwrap_or_else(|| self.event.current_round().map_or(0, |r| r.number));
        let action = Action::RecordPenalty {
            player,
            round,
            penalty,
            infraction: infraction.to_string(),
            note,
            member,
            late_minutes,
        };
        // The history shows the infraction in its description; a reason repeats it.
        let reason = Some(infraction).filter(|typed| !typed.trim().is_empty());
        self.commit(vec![action], reason)?;
        let record = self.event.penalties.last().cloned().ok_or_else(|| {
            CommandError::input(
                ErrorKind::Internal,
                msg!("error.internal.penalty-missing", "penalty missing"),
            )
        })?;
        Ok(PenaltyView::from_record(&self.event, &record))
    }

    /// The penalty the ruleset's tardiness thresholds give for `minutes` late (decision 16).
    pub fn tardiness_penalty(&self, minutes: u32) -> Option<PenaltyType> {
        tablekeeper_engine::rules::tardiness::penalty_for(&self.event.ruleset, minutes)
    }

    pub fn penalties(&self) -> Vec<PenaltyView> {
        self.event
            .penalties
            .iter()
            .map(|p| PenaltyView::from_record(&self.event, p))
            .collect()
    }
}
