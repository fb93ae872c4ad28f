//! The round's sheets on paper: the record that a printer accepted them, or that they were
//! opened in the viewer to print by hand. The record changes nothing a standing or a
//! pairing reads; it tells every copy of the event (a station's, a laptop that takes over)
//! that the round's sheets are out, and a pairing replaced afterwards clears it
//! (`pairing.rs`), since the paper shows the old tables.

use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

use super::action::Action;
use crate::error::EngineError;
use crate::model::PrintedSheets;
use crate::state::Event;

/// The longest printer name the record keeps (the print services' own names are short).
pub const MAX_PRINTER_NAME: usize = 127;

impl Event {
    /// Records the round's sheets as out. A round no longer paired (its pairing taken back
    /// by undo, which leaves this record in the log) records nothing.
    pub(super) fn record_printing(
        &mut self,
        round: u32,
        printer: Option<&str>,
        copies: u32,
    ) -> Result<(), EngineError> {
        if copies == 0 {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.printing-no-copies",
                "print at least one copy of each sheet"
            )));
        }
        let printer = printer.map(str::trim);
        if printer.is_some_and(|p| p.is_empty() || p.chars().count() > MAX_PRINTER_NAME) {
            return Err(EngineError::InvalidStep(msg!(
                "error.invalid-step.printing-printer-name",
                "a printer's name has 1 to {most} characters",
                most = MAX_PRINTER_NAME
            )));
        }
        if self.round(round).is_none() {
            return Ok(());
        }
        self.printed.retain(|p| p.round != round);
        self.printed.push(PrintedSheets {
            round,
            printer: printer.map(str::to_string),
            copies,
        });
        Ok(())
    }

    /// How round `round`'s sheets went out, if they did (since its pairing last changed).
    pub fn printed(&self, round: u32) -> Option<&PrintedSheets> {
        self.printed.iter().find(|p| p.round == round)
    }
}

/// Applies this file's actions (`None`: the action is another file's).
pub(super) fn apply(event: &mut Event, action: &Action) -> Option<Result<(), EngineError>> {
    Some(match action {
        Action::RecordPrinting {
            round,
            printer,
            copies,
        } => event.record_printing(*round, printer.as_deref(), *copies),
        _ => return None,
    })
}

/// This file's actions in words, for the history (`None`: the action is another file's).
pub(super) fn describe(_: &Event, action: &Action) -> Option<Message> {
    Some(match action {
        Action::RecordPrinting {
            round,
            printer: Some(printer),
            copies,
        } => msg!(
            "history.printed",
            "sent the sheets of round {round} to {printer}, {count} copies each",
            round = round,
            printer = printer,
            count = copies
        ),
        Action::RecordPrinting {
            round,
            printer: None,
            ..
        } => msg!(
            "history.printed-by-hand",
            "opened the sheets of round {round} to print",
            round = round
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PlayerDetails, PlayerId, Seats};

    fn paired_event(players: u32) -> Event {
        let ruleset = crate::ruleset::catalogue::ruleset("bandai").expect("embedded ruleset");
        let settings = crate::state::EventSettings {
            name: "printing".into(),
            planned_rounds: 3,
            ..Default::default()
        };
        let mut event = Event::new(settings, ruleset).expect("event");
        for n in 1..=players {
            event
                .apply(&Action::RegisterPlayer(PlayerDetails {
                    name: format!("Player {n}"),
                    ..Default::default()
                }))
                .expect("register");
        }
        let seats = (1..=players / 2)
            .map(|n| Seats::Pair {
                a: PlayerId(2 * n - 1),
                b: PlayerId(2 * n),
            })
            .collect();
        event
            .apply(&Action::PairRound {
                seed: 7,
                seats,
                tables: Vec::new(),
            })
            .expect("pair");
        event
    }

    fn printing(round: u32, printer: Option<&str>, copies: u32) -> Action {
        Action::RecordPrinting {
            round,
            printer: printer.map(str::to_string),
            copies,
        }
    }

    #[test]
    fn the_latest_printing_of_a_round_is_its_record() {
        let mut event = paired_event(8);
        assert_eq!(event.printed(1), None);
        event.apply(&printing(1, None, 1)).expect("opened");
        event
            .apply(&printing(1, Some(" Counter "), 2))
            .expect("sent");
        let record = event.printed(1).expect("recorded");
        assert_eq!(record.printer.as_deref(), Some("Counter"));
        assert_eq!(record.copies, 2);
        assert_eq!(event.printed.len(), 1);
    }

    #[test]
    fn a_printing_refused_leaves_the_event_as_it_was() {
        let mut event = paired_event(4);
        let before = event.clone();
        assert!(event.apply(&printing(1, Some("P"), 0)).is_err());
        assert!(event.apply(&printing(1, Some("  "), 1)).is_err());
        let long = "p".repeat(MAX_PRINTER_NAME + 1);
        assert!(event.apply(&printing(1, Some(&long), 1)).is_err());
        assert_eq!(event, before);
    }

    #[test]
    fn a_round_no_longer_paired_records_nothing() {
        let mut event = paired_event(4);
        event.apply(&printing(2, Some("P"), 1)).expect("replays");
        assert_eq!(event.printed(2), None);
    }

    #[test]
    fn a_pairing_replaced_after_printing_is_to_print_again() {
        let mut event = paired_event(4);
        event.apply(&printing(1, Some("P"), 1)).expect("sent");
        let mut seats: Vec<Seats> = event.rounds[0].matches.iter().map(|m| m.seats).collect();
        seats.reverse();
        event
            .apply(&Action::ReplacePairing {
                round: 1,
                seats,
                tables: Vec::new(),
                seed: None,
            })
            .expect("replaced");
        assert_eq!(event.printed(1), None);
    }

    #[test]
    fn no_undo_takes_a_printing_back() {
        assert!(printing(1, None, 1).is_from_the_room());
    }
}
