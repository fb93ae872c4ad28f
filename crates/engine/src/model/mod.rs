//! The tournament model: players, rounds, matches and results.
//!
//! The model is plain data. It is changed only through [`crate::event::Event::apply`],
//! so every state is the replay of an action log (see ARCHITECTURE.md).

mod penalty;
mod player;
mod result;
mod round;

pub use penalty::{DeckCard, DeckData, PenaltyRecord, PenaltyType};
pub use player::{DropTiming, Player, PlayerId, PlayerStatus};
pub use result::{
    Category, DefaultReason, DrawReason, GameScore, MatchResult, Outcome, PenaltyKind, ResultEntry,
    SeatResult, Side, TeamSeat,
};
pub use round::{Match, Round, Seats};
