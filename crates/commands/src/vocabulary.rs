//! The command layer's closed lists of words, declared once (see
//! `tablekeeper_words::vocabulary`): serde gives the JSON form, ts-rs the TypeScript
//! union type in `ui/src/bindings/`, and the CLI builds its clap `ValueEnum`s from them.
//! The engine's own lists (structure, penalty, selection method) live in the engine.

use tablekeeper_words::choice_enum;

choice_enum! {
    /// Where the event is: registering players, in the Swiss (or structure) rounds, in the
    /// top cut, or finished.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum Stage {
        Registration = "registration",
        Swiss = "swiss",
        Cut = "cut",
        Finished = "finished",
    }
}

choice_enum! {
    /// A player's (or team's) state in the event.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum PlayerState {
        Active = "active",
        Dropped = "dropped",
    }
}

choice_enum! {
    /// What kind of result a match has (`ResultView::kind`).
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum ResultKind {
        Win = "win",
        Draw = "draw",
        DoubleLoss = "double-loss",
        DoubleWin = "double-win",
        Default = "default",
        Penalty = "penalty",
        Team = "team",
        Bye = "bye",
        LateEntryLoss = "late-entry-loss",
        WithdrawnBye = "withdrawn-bye",
    }
}

choice_enum! {
    /// What `export` writes.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum ExportFormat {
        Archive = "archive",
        StandingsCsv = "standings-csv",
        ResultsCsv = "results-csv",
        Report = "report",
        /// The payout under the event's prize rules.
        PayoutCsv = "payout-csv",
    }
}

choice_enum! {
    /// The text encoding of a CSV export: UTF-8 with a BOM (what Excel needs to show
    /// Japanese) or Shift-JIS (older Japanese tools).
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum CsvEncoding {
        Utf8Bom = "utf8-bom" ["utf8", "utf-8"],
        ShiftJis = "shift-jis" ["sjis", "cp932"],
    }
}

choice_enum! {
    /// A printout.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum Document {
        Pairings = "pairings",
        PairingsByName = "pairings-by-name",
        Slips = "slips",
        /// Six slips to a page: no per-game boxes (best-of-one events, saving paper).
        SlipsCompact = "slips-compact",
        Standings = "standings",
        Breakdown = "breakdown",
        Bracket = "bracket",
        ScoreCard = "score-card",
        DeckSheet = "deck-sheet",
        /// Each active player's ticket with their personal code.
        Tickets = "tickets",
        /// The door's QR poster: the entry page's address.
        DoorPoster = "door-poster",
        /// What each player needs for the planned cut.
        CutLine = "cut-line",
        /// The payout under the event's prize rules, to sign on receipt.
        Payout = "payout",
        /// The round's deck checks for the judges: tables, players, extensions.
        DeckChecks = "deck-checks",
    }
}

choice_enum! {
    /// Paper size of a printout.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum Paper {
        A4 = "a4",
        Letter = "letter" ["us-letter"],
    }
}

choice_enum! {
    /// Which finals the organizer asks for (`null`: the ruleset decides); also the finals
    /// a plain `cut` plays (`EventView::recommended_finals`).
    #[derive(ts_rs::TS, Default)]
    #[ts(export)]
    pub enum Finals {
        #[default]
        SingleElimination = "single-elimination",
        DoubleElimination = "double-elimination",
    }
}

choice_enum! {
    /// One seat's result in a team match, as a result view shows it.
    #[derive(ts_rs::TS)]
    #[ts(export)]
    pub enum TeamSeatResult {
        A = "a",
        B = "b",
        Draw = "draw",
        DoubleLoss = "dl",
    }
}
