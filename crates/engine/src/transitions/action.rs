//! [`Action`]: one change to an event. Its serde form is the event file's log format, so
//! changes to it are additive only (new variants, new fields with defaults): every event
//! file ever written must replay.

use serde::{Deserialize, Serialize};

pub use crate::model::PlayerDetails;
use crate::model::{
    DeckData, DetailsChange, DoorSettings, DropTiming, PenaltyType, PlayerId, ResultEntry, Seats,
};
use crate::top_cut::bracket::CutDraw;

/// One change to an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
pub enum Action {
    /// Registers a player. After round 1 is paired this is a late entry: every round
    /// already paired is recorded as a late-entry default loss (decision 11).
    RegisterPlayer(PlayerDetails),
    /// Drops a player. Without `timing` (event files written before decision 35): if the
    /// player's current match has no result yet, the opponent wins by default (000 §4.5,
    /// 002 §6.0, 003 §6e) and a bye is kept. With `timing`, the loss of a drop after
    /// pairing is its own `RecordResult` logged just before, so the drop only checks it.
    DropPlayer {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timing: Option<DropTiming>,
    },
    /// Pairs the next round. Pairs get tables 1, 2, … in the order given; a single seat
    /// is the bye.
    PairRound {
        seed: u64,
        seats: Vec<Seats>,
        /// Table numbers of the pairs, in order; empty means 1, 2, 3, …
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tables: Vec<u32>,
    },
    /// Pairs the next round exactly as given (a round played on paper and entered
    /// afterwards, or pairings made by hand): checked like any pairing (every player once),
    /// but not the pairer's; the command layer warns about rematches and second byes.
    EnterPairing {
        seats: Vec<Seats>,
        /// Table numbers of the pairs, in order; empty means 1, 2, 3, …
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tables: Vec<u32>,
    },
    /// Corrects a player's (or team's) registration details; `None` keeps a field, an
    /// empty text clears an optional one.
    EditPlayer {
        player: PlayerId,
        #[serde(flatten)]
        change: DetailsChange,
    },
    /// Keeps a player at one table every round (accessibility); `None` releases it.
    SetFixedTable {
        player: PlayerId,
        table: Option<u32>,
    },
    /// Records (or, with `replace`, corrects) the result at a table, or, with `player`,
    /// of that player's single-seat record (a bye withdrawn by a drop, decision 35).
    RecordResult {
        round: u32,
        table: u32,
        entry: ResultEntry,
        #[serde(default)]
        replace: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<PlayerId>,
    },
    /// Changes the announced number of Swiss rounds.
    SetPlannedRounds { rounds: u32 },
    /// Records a penalty and applies its effect on results: a match loss (and a game loss in
    /// a best-of-one) loses the player's match of that round; a disqualification also
    /// drops and marks the player (000 PG, 002 §7.2, 004 VIIII).
    RecordPenalty {
        player: PlayerId,
        round: u32,
        penalty: PenaltyType,
        infraction: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        /// The team member (seat from 0) it was given to; the effect is the team's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<u8>,
        /// A tardiness penalty: minutes late (the infraction is then empty).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        late_minutes: Option<u32>,
    },
    /// Records (or replaces) a player's deck registration data, or with `member` the deck
    /// of that team member (seat from 0).
    SetDeck {
        player: PlayerId,
        deck: DeckData,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<u8>,
    },
    /// Opens a round whose results the ruleset has locked (Bandai §5.3, decision 17) for
    /// corrections; the log keeps the reason.
    OverrideResultLock { round: u32 },
    /// Starts the top cut with these finalists, seed 1 first (chosen by the command layer
    /// from the standings, 000 §3.2.4.1; recorded so replay never re-decides them).
    StartCut {
        finalists: Vec<PlayerId>,
        #[serde(default)]
        third_place: bool,
        /// Double-elimination finals (FoW best-of-one, decision 23) instead of single.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        double: bool,
        /// The draw among players tied on the cut line, when one decided who advanced.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<CutDraw>,
        /// A single-elimination event paired at random every round (003 §6b-ii): the seed
        /// every round's draw derives from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        repair_seed: Option<u64>,
    },
    /// Pairs the next round of the bracket (deterministic from the seeds and results).
    PairBracketRound,
    /// Gives a player a new personal code; the one before stops working at once (a lost or
    /// shared player ticket). The code is never in the log: the command layer derives it
    /// from the shop's secret and how many codes the player was given.
    ReissuePlayerCode { player: PlayerId },
    /// The organizer's settings for the door: how the entry page takes entries, check-in,
    /// what a drop request does.
    SetDoor(DoorSettings),
    /// An entry from the entry page (or typed at the desk for a player); the door's
    /// settings decide where it stands. `at`: seconds since the epoch.
    Enter { details: PlayerDetails, at: i64 },
    /// The organizer accepts or refuses an entry; a seat given up moves the waiting list up.
    DecideEntry { entry: u32, accept: bool },
    /// An entry is withdrawn (by its player, or at the desk); the waiting list moves up.
    WithdrawEntry {
        entry: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_player: bool,
    },
    /// Draws the lottery among the entries in it with this seed (docs/door.md says how to
    /// replay it).
    DrawLottery { seed: u64 },
    /// The organizer's prize rules (TOML, docs/prizes.md); empty text removes them. A raffle
    /// already drawn keeps its seed.
    SetPrizeRules { rules: String },
    /// Draws the door-prize raffle of the prize rules with this seed (once; undo redraws).
    DrawRaffle { seed: u64 },
    /// The event's first table number: events run side by side use table ranges that do
    /// not overlap. Rounds paired later are numbered from it.
    SetFirstTable { first: u32 },
    /// Picks `count` tables of round `round` for a deck check with this seed
    /// (`rules::deck_check::pick`: players checked before are avoided while possible).
    CheckDecks { round: u32, count: u32, seed: u64 },
    /// The time extension given to a checked table for its deck check, in minutes.
    ExtendCheckedTable {
        round: u32,
        table: u32,
        minutes: u32,
    },
    /// An accepted entry is present on the day: it becomes a player (a late entry once
    /// round 1 is paired, decision 11).
    CheckIn {
        entry: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_player: bool,
    },
    /// A player asks to drop after this round (000 §4.5: told before the next pairing).
    RequestDrop { player: PlayerId, at: i64 },
    /// The scorekeeper confirms or declines a player's drop request.
    DecideDropRequest { player: PlayerId, accept: bool },
    /// A player calls a judge to their table.
    CallJudge {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        at: i64,
    },
    /// A judge takes a call ("a judge is coming").
    ClaimCall { call: u32, at: i64 },
    /// A call is dealt with.
    ResolveCall { call: u32, at: i64 },
    /// Replaces the current round's pairing (a manual change or a re-pair; the log keeps
    /// the reason). Tables that already have a result must keep the same two players.
    ReplacePairing {
        round: u32,
        seats: Vec<Seats>,
        /// Table numbers of the pairs, in order; empty means 1, 2, 3, …
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tables: Vec<u32>,
        /// The seed of a re-pair (recorded as the round's seed); `None` for a manual change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
    /// A round's sheets went out: a printer accepted them as a job (`printer`), or they
    /// were opened in the viewer to print by hand (`None`). A record of what happened on
    /// paper: no undo takes it back, and a round no longer paired records nothing.
    RecordPrinting {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        printer: Option<String>,
        copies: u32,
    },
}

impl Action {
    /// Whether the action starts a round (a Swiss round or a bracket round paired, the cut
    /// started); changing a pairing does not.
    pub fn starts_round(&self) -> bool {
        matches!(
            self,
            Action::PairRound { .. }
                | Action::EnterPairing { .. }
                | Action::PairBracketRound
                | Action::StartCut { .. }
        )
    }

    /// Whether the action is a player's own doing (from their phone) or the room's
    /// bookkeeping of judge calls: such steps are not taken back by the scorekeeper's undo,
    /// which takes back the scorekeeper's own last step (docs/door.md). Sheets sent to the
    /// printer are on paper whatever the log says: their record is not taken back either.
    pub fn is_from_the_room(&self) -> bool {
        match self {
            Action::Enter { .. }
            | Action::RecordPrinting { .. }
            | Action::RequestDrop { .. }
            | Action::CallJudge { .. }
            | Action::ClaimCall { .. }
            | Action::ResolveCall { .. } => true,
            Action::CheckIn { by_player, .. } | Action::WithdrawEntry { by_player, .. } => {
                *by_player
            }
            _ => false,
        }
    }
}

#[cfg(any(test, feature = "samples"))]
impl Action {
    /// One action of every kind (tests: the log's kinds, every action taken by a file of
    /// transitions). The `match` makes the compiler name a new action missing here.
    pub fn one_of_each() -> Vec<Action> {
        let player = PlayerId(1);
        let samples = vec![
            Action::RegisterPlayer(PlayerDetails::default()),
            Action::DropPlayer {
                player,
                timing: None,
            },
            Action::PairRound {
                seed: 0,
                seats: Vec::new(),
                tables: Vec::new(),
            },
            Action::EnterPairing {
                seats: Vec::new(),
                tables: Vec::new(),
            },
            Action::EditPlayer {
                player,
                change: DetailsChange::default(),
            },
            Action::SetFixedTable {
                player,
                table: None,
            },
            Action::RecordResult {
                round: 1,
                table: 1,
                entry: crate::model::ResultEntry::DoubleLoss,
                replace: false,
                player: None,
            },
            Action::SetPlannedRounds { rounds: 1 },
            Action::RecordPenalty {
                player,
                round: 1,
                penalty: crate::model::PenaltyType::Warning,
                infraction: String::new(),
                note: None,
                member: None,
                late_minutes: None,
            },
            Action::SetDeck {
                player,
                deck: Default::default(),
                member: None,
            },
            Action::OverrideResultLock { round: 1 },
            Action::StartCut {
                finalists: Vec::new(),
                third_place: false,
                double: false,
                draw: None,
                repair_seed: None,
            },
            Action::PairBracketRound,
            Action::ReissuePlayerCode { player },
            Action::ReplacePairing {
                round: 1,
                seats: Vec::new(),
                tables: Vec::new(),
                seed: None,
            },
            Action::SetDoor(DoorSettings::default()),
            Action::Enter {
                details: PlayerDetails::default(),
                at: 0,
            },
            Action::DecideEntry {
                entry: 1,
                accept: true,
            },
            Action::WithdrawEntry {
                entry: 1,
                by_player: false,
            },
            Action::DrawLottery { seed: 0 },
            Action::SetPrizeRules {
                rules: String::new(),
            },
            Action::DrawRaffle { seed: 0 },
            Action::SetFirstTable { first: 101 },
            Action::CheckDecks {
                round: 1,
                count: 1,
                seed: 0,
            },
            Action::ExtendCheckedTable {
                round: 1,
                table: 1,
                minutes: 3,
            },
            Action::CheckIn {
                entry: 1,
                by_player: false,
            },
            Action::RequestDrop { player, at: 0 },
            Action::DecideDropRequest {
                player,
                accept: true,
            },
            Action::CallJudge {
                player,
                reason: None,
                at: 0,
            },
            Action::ClaimCall { call: 1, at: 0 },
            Action::ResolveCall { call: 1, at: 0 },
            Action::RecordPrinting {
                round: 1,
                printer: Some("Counter".into()),
                copies: 2,
            },
        ];
        for action in &samples {
            match action {
                Action::RegisterPlayer(_)
                | Action::DropPlayer { .. }
                | Action::PairRound { .. }
                | Action::EnterPairing { .. }
                | Action::EditPlayer { .. }
                | Action::SetFixedTable { .. }
                | Action::RecordResult { .. }
                | Action::SetPlannedRounds { .. }
                | Action::RecordPenalty { .. }
                | Action::SetDeck { .. }
                | Action::OverrideResultLock { .. }
                | Action::StartCut { .. }
                | Action::PairBracketRound
                | Action::ReissuePlayerCode { .. }
                | Action::ReplacePairing { .. }
                | Action::SetDoor(_)
                | Action::Enter { .. }
                | Action::DecideEntry { .. }
                | Action::WithdrawEntry { .. }
                | Action::DrawLottery { .. }
                | Action::SetPrizeRules { .. }
                | Action::DrawRaffle { .. }
                | Action::SetFirstTable { .. }
                | Action::CheckDecks { .. }
                | Action::ExtendCheckedTable { .. }
                | Action::CheckIn { .. }
                | Action::RequestDrop { .. }
                | Action::DecideDropRequest { .. }
                | Action::CallJudge { .. }
                | Action::ClaimCall { .. }
                | Action::ResolveCall { .. }
                | Action::RecordPrinting { .. } => {}
            }
        }
        samples
    }
}
