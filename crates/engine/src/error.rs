//! Errors the engine reports. Each has a stable [`EngineError::kind`] the UI can act on.

use crate::exact::ArithmeticError;
use crate::model::PlayerId;
use crate::ruleset::RulesetError;
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;

/// Why the engine refused an action or a computation. Its words are a [`Message`]
/// ([`EngineError::message`]); `Display` writes the English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    Ruleset(RulesetError),
    UnknownPlayer(PlayerId),
    DuplicatePlayer(String),
    EmptyName,
    NameTooLong(usize),
    AlreadyDropped(PlayerId),
    UnknownRound(u32),
    UnknownTable {
        round: u32,
        table: u32,
    },
    ResultExists {
        round: u32,
        table: u32,
    },
    InvalidResult(Message),
    ResultLocked {
        round: u32,
        since: u32,
    },
    RoundIncomplete(u32),
    AllRoundsPlayed(u32),
    NotEnoughPlayers,
    InvalidPairing(Message),
    RematchUnavoidable(Message),
    InvalidPenalty(Message),
    TooManyRounds,
    Arithmetic(ArithmeticError),
    InvalidCut(Message),
    CutStarted,
    StructureFinished(Message),
    LateEntryRefused(Message),
    InvalidTeam(Message),
    /// The entry page does not take this entry now (closed, past the deadline, the waiting
    /// list full).
    DoorClosed(Message),
    UnknownEntry(u32),
    /// A door step that does not fit where the entry, request or call stands.
    InvalidStep(Message),
    /// Prize rules that cannot be read or paid as written.
    InvalidPrizes(Message),
    /// Season rules that cannot be read or computed as written.
    InvalidSeason(Message),
    /// Rating rules that cannot be read or used as written.
    InvalidRatings(Message),
}

impl From<RulesetError> for EngineError {
    fn from(error: RulesetError) -> Self {
        EngineError::Ruleset(error)
    }
}

impl From<ArithmeticError> for EngineError {
    fn from(error: ArithmeticError) -> Self {
        EngineError::Arithmetic(error)
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().text)
    }
}

impl std::error::Error for EngineError {}

impl EngineError {
    /// The words for people: key, parameters and the English text.
    pub fn message(&self) -> Message {
        match self {
            EngineError::Ruleset(error) => error.message(),
            EngineError::UnknownPlayer(player) => {
                msg!(
                    "error.unknown-player.number",
                    "player {player} does not exist",
                    player = *player
                )
            }
            EngineError::DuplicatePlayer(name) => msg!(
                "error.duplicate-player",
                "a player named '{name}' is already registered; add a distinguishing detail (e.g. a player ID) or use a different name",
                name = name
            ),
            EngineError::EmptyName => {
                msg!("error.empty-name.player", "player names cannot be empty")
            }
            EngineError::NameTooLong(length) => msg!(
                "error.name-too-long.player",
                "player name is {length} characters long; the limit is 200",
                length = *length
            ),
            EngineError::AlreadyDropped(player) => {
                msg!(
                    "error.already-dropped",
                    "player {player} has already dropped",
                    player = *player
                )
            }
            EngineError::UnknownRound(round) => {
                msg!(
                    "error.unknown-round",
                    "round {round} does not exist",
                    round = *round
                )
            }
            EngineError::UnknownTable { round, table } => msg!(
                "error.unknown-table",
                "round {round} has no table {table}",
                round = *round,
                table = *table
            ),
            EngineError::ResultExists { round, table } => msg!(
                "error.result-exists",
                "table {table} of round {round} already has a result; correct it to change it",
                round = *round,
                table = *table
            ),
            EngineError::ResultLocked { round, since } => msg!(
                "error.result-locked",
                "round {round} results are locked since round {since} was paired (the ruleset allows corrections only until then); override the lock with a reason to correct it",
                round = *round,
                since = *since
            ),
            EngineError::RoundIncomplete(round) => msg!(
                "error.round-incomplete",
                "round {round} still has tables without results; enter them before pairing the next round",
                round = *round
            ),
            EngineError::AllRoundsPlayed(rounds) => msg!(
                "error.all-rounds-played",
                "the event already has its {rounds} planned rounds; raise the planned rounds to play more",
                rounds = *rounds
            ),
            EngineError::NotEnoughPlayers => msg!(
                "error.not-enough-players",
                "fewer than 2 players can be paired; register more players (a dropped or eliminated player cannot return)"
            ),
            EngineError::TooManyRounds => msg!(
                "error.too-many-rounds",
                "more than {max} rounds are not supported",
                max = crate::exact::MAX_ROUNDS
            ),
            EngineError::Arithmetic(_) => msg!(
                "error.arithmetic",
                "exact arithmetic overflowed or divided by zero; report this as a bug"
            ),
            EngineError::UnknownEntry(entry) => msg!(
                "error.unknown-entry",
                "there is no entry {entry}; check the number on the Registration screen",
                entry = *entry
            ),
            EngineError::CutStarted => msg!(
                "error.cut-started",
                "the top cut has started; no more Swiss rounds can be paired (undo the cut to go back)"
            ),
            EngineError::InvalidResult(message)
            | EngineError::InvalidPairing(message)
            | EngineError::RematchUnavoidable(message)
            | EngineError::InvalidPenalty(message)
            | EngineError::InvalidCut(message)
            | EngineError::StructureFinished(message)
            | EngineError::LateEntryRefused(message)
            | EngineError::DoorClosed(message)
            | EngineError::InvalidStep(message)
            | EngineError::InvalidPrizes(message)
            | EngineError::InvalidSeason(message)
            | EngineError::InvalidRatings(message)
            | EngineError::InvalidTeam(message) => message.clone(),
        }
    }

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
            EngineError::DoorClosed(_) => ErrorKind::DoorClosed,
            EngineError::UnknownEntry(_) => ErrorKind::UnknownEntry,
            EngineError::InvalidStep(_) => ErrorKind::InvalidStep,
            EngineError::InvalidPrizes(_) => ErrorKind::InvalidPrizes,
            EngineError::InvalidSeason(_) => ErrorKind::InvalidSeason,
            EngineError::InvalidRatings(_) => ErrorKind::InvalidRatings,
        }
    }
}
