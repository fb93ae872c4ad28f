//! The tournament model: players, rounds, matches and results.
//!
//! The model is plain data and depends on nothing but exact arithmetic. It is changed only
//! by the event's transitions (`Event::apply`), so every state is the replay of an action
//! log (see ARCHITECTURE.md).

mod deck;
mod deck_check;
mod door;
mod penalty;
mod player;
mod printed;
mod prizes;
mod result;
mod round;
mod structure;

pub use deck::{DeckCard, DeckData};
pub use deck_check::{CheckedTable, DeckCheck};
pub use door::{
    Door, DoorSettings, DropRequest, DropRequestState, DropRequests, Entry, EntryMode, EntryState,
    JudgeCall, LotteryDraw,
};
pub use penalty::{PenaltyRecord, PenaltyType, infraction_message, legacy_late_minutes};
pub use player::{DetailsChange, DropTiming, Player, PlayerDetails, PlayerId, PlayerStatus};
pub use printed::PrintedSheets;
pub use prizes::PrizeSetting;
pub use result::{
    Category, DefaultReason, DrawReason, GameScore, MatchResult, Outcome, PenaltyKind, ResultEntry,
    SeatResult, Side, TeamSeat,
};
pub use round::{Match, Round, Seats};
pub use structure::{EliminationStop, Structure};
