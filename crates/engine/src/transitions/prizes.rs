//! Setting the prize rules and drawing the door-prize raffle (docs/prizes.md).
//! The rules are checked before they are recorded, so a stored event always has rules the
//! planner can pay.

use tablekeeper_words::msg;

use super::action::Action;
use crate::error::EngineError;
use crate::prizes::PrizeRules;
use crate::state::Event;
use tablekeeper_words::message::Message;

impl Event {
    pub(super) fn set_prize_rules(&mut self, rules: &str) -> Result<(), EngineError> {
        if rules.trim().is_empty() {
            self.prizes.rules = None;
            return Ok(());
        }
        PrizeRules::from_toml(rules)?;
        self.prizes.rules = Some(rules.to_string());
        Ok(())
    }

    pub(super) fn draw_raffle(&mut self, seed: u64) -> Result<(), EngineError> {
        let has_raffle = match &self.prizes.rules {
            Some(text) => PrizeRules::from_toml(text)?.raffle.is_some(),
            None => false,
        };
        if !has_raffle {
            return Err(EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.no-raffle",
                "the prize rules have no raffle; add a [raffle] section first"
            )));
        }
        if self.prizes.raffle_seed.is_some() {
            return Err(EngineError::InvalidPrizes(msg!(
                "error.invalid-prizes.raffle-drawn",
                "the raffle is already drawn; undo the draw to draw again"
            )));
        }
        self.prizes.raffle_seed = Some(seed);
        Ok(())
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::SetPrizeRules { rules } => event.set_prize_rules(rules),
        Action::DrawRaffle { seed } => event.draw_raffle(*seed),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(_: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::SetPrizeRules { rules } if rules.trim().is_empty() => {
            msg!("history.prize-rules-removed", "removed the prize rules")
        }
        Action::SetPrizeRules { .. } => msg!("history.prize-rules", "set the prize rules"),
        Action::DrawRaffle { seed } => msg!(
            "history.raffle",
            "drew the door-prize raffle (seed {seed})",
            seed = seed.to_string()
        ),
        _ => return None,
    })
}
