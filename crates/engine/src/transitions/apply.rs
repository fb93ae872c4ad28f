//! Applying an action: the one way an event changes. Each action is validated first and
//! refused without a change, so replaying a log rebuilds the event exactly.
//!
//! Each file of `transitions/` applies its own actions and says them in words for the
//! history, side by side (`apply` and `describe` in each): adding an action to a feature
//! edits that feature's file and the action's declaration, and no list here. A new file of
//! actions adds one line to [`FEATURES`].

use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use super::action::Action;
use super::{
    deck_checks, door, pairing, penalties, printing, prizes, registration, results, top_cut,
};
use crate::error::EngineError;
use crate::ruleset::Ruleset;
use crate::state::{Event, EventSettings};

/// One file of actions: how it applies them and how it says them.
struct Feature {
    apply: fn(&mut Event, &Action) -> Option<Result<(), EngineError>>,
    describe: fn(&Event, &Action) -> Option<Message>,
}

/// Every file of actions.
const FEATURES: &[Feature] = &[
    Feature {
        apply: registration::apply,
        describe: registration::describe,
    },
    Feature {
        apply: pairing::apply,
        describe: pairing::describe,
    },
    Feature {
        apply: results::apply,
        describe: results::describe,
    },
    Feature {
        apply: penalties::apply,
        describe: penalties::describe,
    },
    Feature {
        apply: top_cut::apply,
        describe: top_cut::describe,
    },
    Feature {
        apply: door::apply,
        describe: door::describe,
    },
    Feature {
        apply: prizes::apply,
        describe: prizes::describe,
    },
    Feature {
        apply: deck_checks::apply,
        describe: deck_checks::describe,
    },
    Feature {
        apply: printing::apply,
        describe: printing::describe,
    },
];

impl Event {
    /// Rebuilds an event from its settings, ruleset and action log.
    pub fn replay<'a>(
        settings: EventSettings,
        ruleset: Ruleset,
        actions: impl IntoIterator<Item = &'a Action>,
    ) -> Result<Self, EngineError> {
        let mut event = Event::new(settings, ruleset)?;
        for action in actions {
            event.apply(action)?;
        }
        Ok(event)
    }

    /// Validates and applies `action`; on error the event is unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<(), EngineError> {
        FEATURES
            .iter()
            .find_map(|feature| (feature.apply)(self, action))
            .unwrap_or_else(|| Err(unhandled(action)))
    }
}

impl Action {
    /// What the action did, in words for the history (the event is the one it applied to,
    /// for names).
    pub fn describe(&self, event: &Event) -> Message {
        FEATURES
            .iter()
            .find_map(|feature| (feature.describe)(event, self))
            .unwrap_or_else(|| unhandled(self).message())
    }
}

/// An action no file of transitions takes (a test keeps every action taken by one).
fn unhandled(_: &Action) -> EngineError {
    EngineError::InvalidStep(msg!(
        "error.invalid-step.no-transition",
        "this version of Tablekeeper cannot apply this step"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every action is applied by exactly one file of transitions and said in words by the
    /// same file: a new action cannot fall through to "cannot apply this step".
    #[test]
    fn every_action_has_one_file_that_applies_and_describes_it() {
        let ruleset = crate::ruleset::catalogue::ruleset("bandai").expect("embedded ruleset");
        let settings = EventSettings {
            name: "test".into(),
            planned_rounds: 3,
            ..EventSettings::default()
        };
        let event = Event::new(settings, ruleset).expect("event");
        for action in Action::one_of_each() {
            let applying: Vec<usize> = FEATURES
                .iter()
                .enumerate()
                .filter(|(_, f)| (f.apply)(&mut event.clone(), &action).is_some())
                .map(|(i, _)| i)
                .collect();
            let describing: Vec<usize> = FEATURES
                .iter()
                .enumerate()
                .filter(|(_, f)| (f.describe)(&event, &action).is_some())
                .map(|(i, _)| i)
                .collect();
            assert_eq!(applying.len(), 1, "{action:?} is applied by {applying:?}");
            assert_eq!(applying, describing, "{action:?}");
        }
    }
}
