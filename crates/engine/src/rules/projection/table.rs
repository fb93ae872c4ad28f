//! A pending table of the last round as the projection reads it: its seats and, per
//! outcome, each seat's result, how their match went and the points they finish with.

use crate::exact::Exact;
use crate::model::{PlayerId, SeatResult};

/// How a player's own match went, for "in with a win / a draw".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Own {
    Win,
    Draw,
    Other,
}

/// A pending table: its number, seats and what each outcome gives each seat.
#[derive(Debug, Clone)]
pub(super) struct Table {
    pub(super) number: u32,
    pub(super) a: PlayerId,
    pub(super) b: PlayerId,
    /// Per outcome: how it went for A and B, and the least and most each can finish with
    /// (`None` for a seat whose player has dropped).
    pub(super) outcomes: Vec<TableOutcome>,
}

/// One outcome of a pending table: each seat's result, how it went for them, and the least
/// and most each finishes with.
#[derive(Debug, Clone)]
pub(super) struct TableOutcome {
    pub(super) seats: [SeatResult; 2],
    pub(super) own: [Own; 2],
    pub(super) finish: [Option<(Exact, Exact)>; 2],
}
