//! What a drop brings with it: the actions of dropping a player now (decision 35; 000 §4.5,
//! 001 本文 第4部 第5章, 002 §6.0, 003 §6e), and the drop a no-show brings (000 §1.2.1; 004
//! VIII › Drops).

use crate::model::{DefaultReason, DropTiming, PlayerId, ResultEntry, Seats, Side};
use crate::state::Event;
use crate::transitions::Action;

/// The actions of dropping `player` now. A drop entered after the round is paired and
/// before the player's result loses that round's match (logged as its own result), and a
/// bye of a round still in play is withdrawn; otherwise the drop takes effect from the next
/// round. An inactive player's drop is left for the event to refuse (`already-dropped`).
pub fn drop_actions(event: &Event, player: PlayerId) -> Vec<Action> {
    let drop = |timing| Action::DropPlayer {
        player,
        timing: Some(timing),
    };
    if !event.player(player).is_ok_and(|p| p.is_active()) {
        return vec![drop(DropTiming::AfterResults)];
    }
    if let Some((round, table, winner)) = event.pending_match(player) {
        return vec![
            Action::RecordResult {
                round,
                table,
                entry: ResultEntry::Default {
                    winner,
                    reason: DefaultReason::DropAfterPairing,
                },
                replace: false,
                player: None,
            },
            drop(DropTiming::AfterPairing),
        ];
    }
    let bye_in_play = event.cut.is_none()
        && event.rounds.last().is_some_and(|round| {
            !round.is_complete()
                && round.matches.iter().any(|m| {
                    m.seats == Seats::Single { player }
                        && matches!(m.result.as_ref().map(|r| &r.entry), Some(ResultEntry::Bye))
                })
        });
    if let (true, Some(round)) = (bye_in_play, event.rounds.last()) {
        return vec![
            Action::RecordResult {
                round: round.number,
                table: 0,
                entry: ResultEntry::WithdrawnBye,
                replace: true,
                player: Some(player),
            },
            drop(DropTiming::AfterPairing),
        ];
    }
    vec![drop(DropTiming::AfterResults)]
}

/// The drop that recording `entry` at `table` of `round` brings: a player who did not show
/// up for as many rounds in a row as the ruleset allows is dropped in the same step (from
/// the next round: the no-show's result is recorded).
pub fn no_show_drop(event: &Event, round: u32, table: u32, entry: &ResultEntry) -> Option<Action> {
    let ResultEntry::Default {
        winner,
        reason: DefaultReason::NoShow,
    } = entry
    else {
        return None;
    };
    let limit = event.ruleset.penalties.no_show_drop_after?;
    let this_round = event.rounds.iter().find(|r| r.number == round)?;
    let Seats::Pair { a, b } = this_round.match_at_table(table)?.seats else {
        return None;
    };
    let absent = if *winner == Side::A { b } else { a };
    let missed_before = event
        .rounds
        .iter()
        .rev()
        .filter(|r| r.number < round)
        .take_while(|r| {
            r.match_of(absent).is_some_and(|m| {
                match (m.seats, m.result.as_ref().map(|x| &x.entry)) {
                    (
                        Seats::Pair { a: x, .. },
                        Some(ResultEntry::Default {
                            winner: Side::B,
                            reason: DefaultReason::NoShow,
                        }),
                    ) => x == absent,
                    (
                        Seats::Pair { b: y, .. },
                        Some(ResultEntry::Default {
                            winner: Side::A,
                            reason: DefaultReason::NoShow,
                        }),
                    ) => y == absent,
                    _ => false,
                }
            })
        })
        .count();
    let missed = u32::try_from(missed_before + 1).unwrap_or(u32::MAX);
    let active = event.player(absent).is_ok_and(|p| p.is_active());
    (active && missed >= limit).then_some(Action::DropPlayer {
        player: absent,
        timing: Some(DropTiming::AfterResults),
    })
}
