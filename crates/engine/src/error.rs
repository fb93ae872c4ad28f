//! Errors the engine reports. Each has a stable [`EngineError::kind`] the UI can act on.

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
    #[error("fewer than 2 active players; register or reinstate players before pairing")]
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
    pub fn kind(&self) -> &'static str {
        match self {
            EngineError::Ruleset(RulesetError::Invalid { .. }) => "invalid-ruleset",
            EngineError::Ruleset(RulesetError::Unknown { .. }) => "unknown-ruleset",
            EngineError::Ruleset(RulesetError::UnknownTitle { .. }) => "unknown-title",
            EngineError::UnknownPlayer(_) => "unknown-player",
            EngineError::DuplicatePlayer(_) => "duplicate-player",
            EngineError::EmptyName => "empty-name",
            EngineError::NameTooLong(_) => "name-too-long",
            EngineError::AlreadyDropped(_) => "already-dropped",
            EngineError::UnknownRound(_) => "unknown-round",
            EngineError::UnknownTable { .. } => "unknown-table",
            EngineError::ResultExists { .. } => "result-exists",
            EngineError::InvalidResult(_) => "invalid-result",
            EngineError::ResultLocked { .. } => "result-locked",
            EngineError::RoundIncomplete(_) => "round-incomplete",
            EngineError::AllRoundsPlayed(_) => "all-rounds-played",
            EngineError::NotEnoughPlayers => "not-enough-players",
            EngineError::InvalidPairing(_) => "invalid-pairing",
            EngineError::RematchUnavoidable(_) => "rematch-unavoidable",
            EngineError::TooManyRounds => "too-many-rounds",
            EngineError::InvalidPenalty(_) => "invalid-penalty",
            EngineError::Arithmetic(_) => "arithmetic",
            EngineError::InvalidCut(_) => "invalid-cut",
            EngineError::CutStarted => "cut-started",
            EngineError::StructureFinished(_) => "structure-finished",
            EngineError::LateEntryRefused(_) => "late-entry-refused",
            EngineError::InvalidTeam(_) => "invalid-team",
        }
    }
}
