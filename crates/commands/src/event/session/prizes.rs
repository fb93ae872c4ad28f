//! The event's prizes: its prize rules checked and recorded, the door-prize raffle drawn,
//! and the payout planned under the recorded rules or rules being tried. The planner is the
//! engine's (`engine::prizes`); the sheet is `views::prizes::PayoutView`. docs/prizes.md.

use tablekeeper_engine::prizes::{Entrant, PrizeRules, TieRule, plan};
use tablekeeper_engine::rules::final_order::final_order;
use tablekeeper_engine::{Action, Event};

use super::open::Session;
use crate::error::CommandError;
use crate::views::prizes::PayoutView;

impl Session {
    /// The open event's payout under the recorded rules (`rules: None`) or `rules` (TOML
    /// text, to try rules before setting them). A raffle is drawn from `raffle_seed` (a
    /// 64-bit number as text); without one, the recorded rules use the recorded draw and
    /// rules given here draw a fresh seed.
    pub fn prizes(
        &self,
        rules: Option<String>,
        raffle_seed: Option<&str>,
    ) -> Result<PayoutView, CommandError> {
        let event = self.event();
        let recorded = rules.is_none();
        let text = match rules {
            Some(text) => text,
            None => event.prizes.rules.clone().ok_or_else(no_rules)?,
        };
        let rules = PrizeRules::from_toml(&text)?;
        let seed = match (&rules.raffle, raffle_seed, recorded) {
            (None, _, _) => None,
            (Some(_), None, true) => event.prizes.raffle_seed,
            (Some(_), typed, _) => Some(crate::seed::from_text(typed)?),
        };
        let payout = plan(&rules, &entrants(event, rules.ties)?, seed)?;
        Ok(PayoutView::of(event, &payout, &rules, text, recorded))
    }

    /// Refuses prize rules (TOML text) that cannot be paid as written for the event as it
    /// stands: unreadable, amounts out of range, or a ladder beyond the pool. Empty text
    /// (removing the rules) passes. Called before the rules are recorded, so a refusal
    /// leaves the event unchanged.
    pub fn check_prize_rules(&self, text: &str) -> Result<(), CommandError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let rules = PrizeRules::from_toml(text)?;
        let seed = rules.raffle.as_ref().map(|_| 0);
        plan(&rules, &entrants(self.event(), rules.ties)?, seed)?;
        Ok(())
    }

    /// Records the event's prize rules (TOML text; empty removes them), checked first so a
    /// refusal leaves the event unchanged.
    pub fn set_prize_rules(&mut self, text: String) -> Result<(), CommandError> {
        self.check_prize_rules(&text)?;
        self.commit(vec![Action::SetPrizeRules { rules: text }], None)
    }

    /// Draws the door-prize raffle with `seed` (recorded, so it replays).
    pub fn draw_raffle(&mut self, seed: u64) -> Result<(), CommandError> {
        self.commit(vec![Action::DrawRaffle { seed }], None)
    }

    /// The payout under the event's recorded prize rules, as they stand after a change;
    /// rules just removed give an empty sheet rather than an error.
    pub fn recorded_payout(&self) -> Result<PayoutView, CommandError> {
        if self.event().prizes.rules.is_none() {
            return Ok(PayoutView::empty(self.event()));
        }
        self.prizes(None, None)
    }
}

/// The event's final order as the payout planner takes it: groups of players tied for
/// places (Swiss players on equal points grouped only when the rules share ties).
fn entrants(event: &Event, ties: TieRule) -> Result<Vec<Vec<Entrant>>, CommandError> {
    let groups = final_order(event, ties != TieRule::Standings)?;
    Ok(groups
        .iter()
        .map(|group| {
            group
                .iter()
                .map(|f| Entrant {
                    player: f.player,
                    wins: f.wins,
                    losses: f.losses,
                    draws: f.draws,
                })
                .collect()
        })
        .collect())
}

fn no_rules() -> CommandError {
    CommandError::input(
        tablekeeper_words::ErrorKind::InvalidPrizes,
        tablekeeper_words::msg!(
            "error.invalid-prizes.none",
            "this event has no prize rules yet; write them on the Prizes screen (or pass --rules FILE)"
        ),
    )
}
