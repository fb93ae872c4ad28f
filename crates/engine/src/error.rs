//! Errors the engine reports. Each has a stable [`EngineError::kind`] the UI can act on.

use crate::ErrorKind;
use crate::exact::ArithmeticError;
use crate::model::PlayerId;
use crate::ruleset::RulesetError;

/// Why the engine refused an action or a computation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Ruleset(#[from] RulesetError),
    #[error("player {0} does not exist")]
    UnknownPlayer(PlayerId),
    #[error(
        "a player named '{0}' is already registered; add a distinguishing detail (e.g. a player ID) or use a different name"
    )]
    DuplicatePlayer(String),
    #[error("player names cannot be empty")]
    EmptyName,
    #[error("player name is {0} characters long; the limit is 200")]
    NameTooLong(usize),
    #[error("player {0} has already dropped")]
    AlreadyDropped(PlayerId),
    #[error("round {0} does not exist")]
    UnknownRound(u32),
    #[error("round {round} has no table {table}")]
    UnknownTable { round: u32, table: u32 },
    #[error("table {table} of round {round} already has a result; use `--replace` to correct it")]
    ResultExists { round: u32, table: u32 },
    #[error("invalid result: {0}")]
    InvalidResult(String),
    #[error(
        "round {round} results are locked since round {since} was paired (the ruleset allows corrections only until then); override the lock with a reason to correct it"
    )]
    ResultLocked { round: u32, since: u32 },
    #[error("round {0} still has tables without results; enter them before pairing the next round")]
    RoundIncomplete(u32),
    #[error("the event already has its {0} planned rounds; raise the planned rounds to play more")]
    AllRoundsPlayed(u32),
    #[error(
        "fewer than 2 players can be paired; register more players with `tablekeeper add-player` (a dropped or eliminated player cannot return)"
    )]
    NotEnoughPlayers,
    #[error("the pairing is invalid: {0}")]
    InvalidPairing(String),
    #[error("no pairing without a rematch exists: {0}")]
    RematchUnavoidable(String),
    #[error("invalid penalty: {0}")]
    InvalidPenalty(String),
    #[error("more than {max} rounds are not supported", max = crate::exact::MAX_ROUNDS)]
    TooManyRounds,
    #[error("{0}")]
    Arithmetic(#[from] ArithmeticError),
    #[error("top cut: {0}")]
    InvalidCut(String),
    #[error(
        "the top cut has started; no more Swiss rounds can be paired (undo the cut to go back)"
    )]
    CutStarted,
    #[error("no further round: {0}")]
    StructureFinished(String),
    #[error("{0}")]
    LateEntryRefused(String),
    #[error("{0}")]
    InvalidTeam(String),
}

impl EngineError {
    /// Stable machine-readable kind, shared with the command layer and the UI.
    pub fn kind(&self) -> ErrorKind {
        match self {
            EngineError::Ruleset(RulesetError::Invalid { .. }) => ErrorKind::InvalidRuleset,
            EngineError::Ruleset(RulesetError::Unknown { .. }) => ErrorKind::UnknownRuleset,
            EngineError::Ruleset(RulesetError::UnknownTitle { .. }) => ErrorKind::UnknownTitle,
            EngineError::UnknownPlayer(_) => ErrorKind::UnknownPlayer,
            EngineError::DuplicatePlayer(_) => ErrorKind::DuplicatePlayer,
            EngineError::EmptyName => ErrorKind::EmptyName,
            EngineError::NameTooLong(_) => ErrorKind::NameTooLong,
            EngineError::AlreadyDropped(_) => ErrorKind::AlreadyDropped,
            EngineError::UnknownRound(_) => ErrorKind::UnknownRound,
            EngineError::UnknownTable { .. } => ErrorKind::UnknownTable,
            EngineError::ResultExists { .. } => ErrorKind::ResultExists,
            EngineError::InvalidResult(_) => ErrorKind::InvalidResult,
            EngineError::ResultLocked { .. } => ErrorKind::ResultLocked,
            EngineError::RoundIncomplete(_) => ErrorKind::RoundIncomplete,
            EngineError::AllRoundsPlayed(_) => ErrorKind::AllRoundsPlayed,
            EngineError::NotEnoughPlayers => ErrorKind::NotEnoughPlayers,
            EngineError::InvalidPairing(_) => ErrorKind::InvalidPairing,
            EngineError::RematchUnavoidable(_) => ErrorKind::RematchUnavoidable,
            EngineError::TooManyRounds => ErrorKind::TooManyRounds,
            EngineError::InvalidPenalty(_) => ErrorKind::InvalidPenalty,
            EngineError::Arithmetic(_) => ErrorKind::Arithmetic,
            EngineError::InvalidCut(_) => ErrorKind::InvalidCut,
            EngineError::CutStarted => ErrorKind::CutStarted,
            EngineError::StructureFinished(_) => ErrorKind::StructureFinished,
            EngineError::LateEntryRefused(_) => ErrorKind::LateEntryRefused,
            EngineError::InvalidTeam(_) => ErrorKind::InvalidTeam,
        }
    }
}
