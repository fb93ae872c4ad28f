//! The outcomes a pending table can have, and what each adds to the standings' first key.

use super::table::Own;
use crate::exact::Exact;
use crate::model::{Outcome, ResultEntry, SeatResult, Seats, Side};
use crate::rules::scoring::score;
use crate::ruleset::Ruleset;
use crate::state::Event;

/// What a seat's result adds to the standings' first key: its points, or one for a win
/// where the ruleset ranks by wins first.
fn primary_gain(ruleset: &Ruleset, seat: &SeatResult) -> Exact {
    if ruleset.standings.primary_wins {
        Exact::integer(i64::from(seat.outcome == Outcome::Win))
    } else {
        seat.points
    }
}

/// The standings' first key (points, or wins) each player has from the results entered
/// so far.
pub(super) fn points_so_far(event: &Event) -> Vec<Exact> {
    let mut points = vec![Exact::ZERO; event.players.len()];
    for round in &event.rounds {
        for found in &round.matches {
            let Some(result) = &found.result else {
                continue;
            };
            for (player, seat) in found.seats.players().into_iter().zip(&result.seats) {
                if let Some(total) = points.get_mut(player.0 as usize - 1) {
                    *total = total
                        .checked_add(primary_gain(&event.ruleset, seat))
                        .unwrap_or(*total);
                }
            }
        }
    }
    points
}

/// One outcome a played match can have: each seat's result, gain and how it went.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Possible {
    pub(super) seats: [SeatResult; 2],
    pub(super) gains: [Exact; 2],
    pub(super) own: [Own; 2],
}

/// Every distinct outcome a played match can have under the ruleset.
pub(super) fn outcomes(event: &Event, seats: &Seats) -> Vec<Possible> {
    let ruleset = &event.ruleset;
    let mut entries: Vec<ResultEntry> = Vec::new();
    for winner in [Side::A, Side::B] {
        entries.push(ResultEntry::Win {
            winner,
            games: None,
            reason: None,
        });
        entries.push(ResultEntry::Default {
            winner,
            reason: crate::model::DefaultReason::NoShow,
        });
        for graded in ruleset.points.graded.iter().filter(|g| g.outcome == "win") {
            entries.push(ResultEntry::Win {
                winner,
                games: None,
                reason: Some(graded.id.clone()),
            });
        }
    }
    entries.push(ResultEntry::Draw {
        reason: crate::model::DrawReason::Time,
        games: None,
        graded_reason: None,
    });
    for graded in ruleset.points.graded.iter().filter(|g| g.outcome == "draw") {
        entries.push(ResultEntry::Draw {
            reason: crate::model::DrawReason::Time,
            games: None,
            graded_reason: Some(graded.id.clone()),
        });
    }
    entries.push(ResultEntry::DoubleLoss);
    let mut found: Vec<Possible> = Vec::new();
    for entry in entries {
        let (own_a, own_b) = match &entry {
            ResultEntry::Win {
                winner: Side::A, ..
            }
            | ResultEntry::Default {
                winner: Side::A, ..
            } => (Own::Win, Own::Other),
            ResultEntry::Win { .. } | ResultEntry::Default { .. } => (Own::Other, Own::Win),
            ResultEntry::Draw { .. } => (Own::Draw, Own::Draw),
            _ => (Own::Other, Own::Other),
        };
        // A result the ruleset does not take (a draw where there are none) is no outcome.
        let Ok(result) = score(ruleset, seats, entry) else {
            continue;
        };
        let (Some(a), Some(b)) = (result.seats.first(), result.seats.get(1)) else {
            continue;
        };
        let outcome = Possible {
            seats: [*a, *b],
            gains: [primary_gain(ruleset, a), primary_gain(ruleset, b)],
            own: [own_a, own_b],
        };
        // Results the standings cannot tell apart are one outcome (fewer to try).
        let same = |o: &Possible| {
            o.own == outcome.own
                && (0..2).all(|seat| alike(ruleset, &o.seats[seat], &outcome.seats[seat]))
        };
        if !found.iter().any(same) {
            found.push(outcome);
        }
    }
    found
}

/// Whether the standings tell two seat results apart: points, win or not, and whether the
/// category counts in the opponents' averages and the player's own match-win.
fn alike(ruleset: &Ruleset, a: &SeatResult, b: &SeatResult) -> bool {
    let excluded = |seat: &SeatResult| {
        (
            ruleset.opponents.exclude.contains(&seat.category),
            ruleset.match_win.exclude_own.contains(&seat.category),
        )
    };
    a.points == b.points && a.outcome == b.outcome && excluded(a) == excluded(b)
}
