//! The stable kind of every error a host can see, from every layer (engine, event file,
//! command layer, printing). Hosts act on the kind and render their own words; the list is
//! data, so `docs/cli-json.md` is checked against [`ErrorKind::ALL`] by a test.

use serde::{Deserialize, Serialize};

macro_rules! error_kinds {
    ($( $(#[$doc:meta])* $variant:ident = $text:literal, )*) => {
        /// A stable, machine-readable error kind (`"result-exists"`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
        pub enum ErrorKind {
            $( $(#[$doc])* #[serde(rename = $text)] $variant, )*
        }

        impl ErrorKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$variant),*];

            /// The kind as it appears in JSON and in the documentation.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorKind::$variant => $text,)*
                }
            }
        }
    };
}

error_kinds! {
    // Engine: rules and the event's state.
    InvalidRuleset = "invalid-ruleset",
    UnknownRuleset = "unknown-ruleset",
    UnknownTitle = "unknown-title",
    UnknownPlayer = "unknown-player",
    DuplicatePlayer = "duplicate-player",
    EmptyName = "empty-name",
    InvalidName = "invalid-name",
    NameTooLong = "name-too-long",
    AlreadyDropped = "already-dropped",
    UnknownRound = "unknown-round",
    UnknownTable = "unknown-table",
    ResultExists = "result-exists",
    InvalidResult = "invalid-result",
    ResultLocked = "result-locked",
    RoundIncomplete = "round-incomplete",
    AllRoundsPlayed = "all-rounds-played",
    NotEnoughPlayers = "not-enough-players",
    InvalidPairing = "invalid-pairing",
    RematchUnavoidable = "rematch-unavoidable",
    InvalidPenalty = "invalid-penalty",
    TooManyRounds = "too-many-rounds",
    Arithmetic = "arithmetic",
    InvalidCut = "invalid-cut",
    CutStarted = "cut-started",
    StructureFinished = "structure-finished",
    WrongSlip = "wrong-slip",
    LateEntryRefused = "late-entry-refused",
    InvalidTeam = "invalid-team",
    /// The entry page does not take the entry now (closed, past the deadline, list full).
    DoorClosed = "door-closed",
    UnknownEntry = "unknown-entry",
    /// A door step (entry, check-in, drop request, judge call) that does not fit its state.
    InvalidStep = "invalid-step",
    /// Prize rules that cannot be read or paid as written.
    InvalidPrizes = "invalid-prizes",
    /// Season rules that cannot be read or computed as written.
    InvalidSeason = "invalid-season",
    /// Rating rules that cannot be read or used as written.
    InvalidRatings = "invalid-ratings",
    /// An exchange between shops that cannot be done as asked (no key, an unknown shop).
    ExchangeRefused = "exchange-refused",
    /// A TCG+ or Play! Pokémon number another library player carries, or a player who
    /// carries another one already.
    ToolNumber = "tool-number",
    // Event file.
    FileExists = "file-exists",
    FileNotFound = "file-not-found",
    NotAnEventFile = "not-an-event-file",
    NewerVersion = "newer-version",
    DamagedFile = "damaged-file",
    ReadOnly = "read-only",
    DiskFull = "disk-full",
    Storage = "storage",
    Migration = "migration",
    StoredData = "stored-data",
    SameFile = "same-file",
    FileInUse = "file-in-use",
    /// A station took the event over; changes are made on that laptop now.
    EventMoved = "event-moved",
    /// A change kept in this laptop's event file but not said saved: a station keeping the
    /// copy does not answer, so this laptop cannot tell it is still where the event goes on.
    Unconfirmed = "unconfirmed",
    Io = "io",
    /// A file given as the player library that is not one.
    NotALibrary = "not-a-library",
    // Command layer: requests and files from outside.
    AmbiguousPlayer = "ambiguous-player",
    CsvEncoding = "csv-encoding",
    CsvFormat = "csv-format",
    CsvProblems = "csv-problems",
    /// A TOM (.tdf) file that cannot be read or does not add up.
    TomFile = "tom-file",
    /// The roster cannot be written into this TOM (.tdf) file (the file is left as it was).
    TomRoster = "tom-roster",
    GoldenData = "golden-data",
    Internal = "internal",
    InvalidArchive = "invalid-archive",
    InvalidRounds = "invalid-rounds",
    InvalidStructure = "invalid-structure",
    InvalidTable = "invalid-table",
    NoBye = "no-bye",
    NoCut = "no-cut",
    NoEvent = "no-event",
    NoRound = "no-round",
    NotAnArchive = "not-an-archive",
    NothingToRedo = "nothing-to-redo",
    NothingToUndo = "nothing-to-undo",
    OutputRequired = "output-required",
    ReasonRequired = "reason-required",
    ResultsExist = "results-exist",
    UnknownCommand = "unknown-command",
    InvalidRequest = "invalid-request",
    // The room (phones and stations on the shop's network).
    WrongCode = "wrong-code",
    ReportingOff = "reporting-off",
    NotAllowed = "not-allowed",
    /// The desktop shell does not run a quick command on the window's own thread now (the
    /// desk is busy, or the app is a station): the window runs it the usual way.
    RunElsewhere = "run-elsewhere",
    TooManyAttempts = "too-many-attempts",
    RequestTooLarge = "request-too-large",
    /// The server is answering as many requests as it takes at once; try again.
    Busy = "busy",
    /// A request's headers or body did not arrive in time.
    TooSlow = "too-slow",
    /// Sharing could not start: another program listens on the chosen port.
    PortInUse = "port-in-use",
    ConnectionLost = "connection-lost",
    // Printing.
    PrintFont = "print-font",
    PrintInput = "print-input",
    /// The print service or the printer did not take the sheets (the PDFs are saved).
    PrintFailed = "print-failed",
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for ErrorKind {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for ErrorKind {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_unique_kebab_case() {
        let mut seen = std::collections::BTreeSet::new();
        for kind in ErrorKind::ALL {
            let text = kind.as_str();
            assert!(seen.insert(text), "{text} twice");
            assert!(
                text.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{text}"
            );
        }
    }
}
