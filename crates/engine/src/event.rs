//! The event state and the actions that change it.
//!
//! Every change a scorekeeper makes is an [`Action`]. [`Event::apply`] validates an action
//! and applies it, or refuses it and leaves the event untouched. Replaying the stored
//! actions in order rebuilds the event exactly, which is how the event file works.

use serde::{Deserialize, Serialize};

use crate::bracket::Cut;
pub use crate::cut::CutDraw;
use crate::error::EngineError;
use crate::exact::MAX_ROUNDS;
use crate::model::{
    DeckData, DefaultReason, DropTiming, Match, PenaltyKind, PenaltyRecord, PenaltyType, Player,
    PlayerId, PlayerStatus, ResultEntry, Round, Seats, Side,
};
use crate::msg;
use crate::ruleset::Ruleset;
use crate::scoring::score;
use crate::structure::{self, EliminationStop, Structure};

/// Longest accepted player name, in characters.
pub const MAX_NAME_CHARS: usize = 200;

/// Settings fixed when the event is created (changed only through actions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct EventSettings {
    pub name: String,
    pub planned_rounds: u32,
    /// Seed of the random order used where a tie cannot be broken (recorded, so any
    /// standings can be recomputed exactly).
    pub standings_seed: u64,
    /// Title preset id, if the event was created from one.
    #[serde(default)]
    pub title: Option<String>,
    /// Swiss (the default), round robin or an elimination format ([`Structure`]).
    #[serde(default, skip_serializing_if = "is_swiss")]
    pub structure: Structure,
    /// When an elimination format stops besides its planned rounds.
    #[serde(default, skip_serializing_if = "is_default_stop")]
    pub elimination_stop: EliminationStop,
    /// Members per team: 0 for individual events, 2 (tag) or 3 (trio) for team events
    /// (000 §3.3, 001 第3部第3章; RULESETS.md decision 9). A team is paired, scored and
    /// ranked like a player.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub team_size: u8,
    /// The top cut the organizer plans (its size; 0 = none planned). Suggested Swiss rounds
    /// then come from the "with cut" tables (000 §3.2.1.1, 001 第1項, 003 Appendix; RULESETS.md
    /// decision 34).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub planned_cut: u32,
}

fn is_zero_u32(value: &u32) -> bool {
    *value == 0
}

fn is_zero(value: &u8) -> bool {
    *value == 0
}

fn is_swiss(structure: &Structure) -> bool {
    *structure == Structure::Swiss
}

fn is_default_stop(stop: &EliminationStop) -> bool {
    *stop == EliminationStop::default()
}

/// Registration details of a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
pub struct PlayerDetails {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    /// A team's members in seat order (team events only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
}

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
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reading: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        publisher_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nickname: Option<String>,
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
}

/// An event: settings, ruleset, players and rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub settings: EventSettings,
    pub ruleset: Ruleset,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    /// Rounds opened for corrections despite the ruleset's result lock.
    pub unlocked_rounds: Vec<u32>,
    pub penalties: Vec<PenaltyRecord>,
    /// The top cut, once it has started.
    pub cut: Option<Cut>,
    /// `(name, publisher id)` of every player, to refuse a duplicate without a scan (a
    /// 50,000-player import stays linear). Derived from `players`.
    registered: std::collections::HashSet<(String, Option<String>)>,
}

impl Event {
    /// An event with these players and rounds (a snapshot's state).
    pub(crate) fn with_state(
        settings: EventSettings,
        ruleset: Ruleset,
        players: Vec<Player>,
        rounds: Vec<Round>,
        unlocked_rounds: Vec<u32>,
        penalties: Vec<PenaltyRecord>,
        cut: Option<Cut>,
    ) -> Event {
        let registered = players
            .iter()
            .map(|p| (p.name.clone(), p.publisher_id.clone()))
            .collect();
        Event {
            settings,
            ruleset,
            players,
            rounds,
            unlocked_rounds,
            penalties,
            cut,
            registered,
        }
    }

    pub fn new(settings: EventSettings, ruleset: Ruleset) -> Result<Self, EngineError> {
        if settings.planned_rounds > MAX_ROUNDS {
            return Err(EngineError::TooManyRounds);
        }
        Ok(Event {
            settings,
            ruleset,
            players: Vec::new(),
            rounds: Vec::new(),
            unlocked_rounds: Vec::new(),
            cut: None,
            penalties: Vec::new(),
            registered: std::collections::HashSet::new(),
        })
    }

    /// Rebuilds an event from its settings, ruleset and action log.
    pub fn replay<'a>(
        settings: EventSettings,
        ruleset: Ruleset,
        actions: impl IntoIterator<Item = &'a Action>,
    ) -> Result<Self, EngineError> {
        let mut event = Event::new(settings, ruleset)?;
        for action in actions {
            event.apply(action)?;
        }
        Ok(event)
    }

    pub fn player(&self, id: PlayerId) -> Result<&Player, EngineError> {
        // Players are numbered 1, 2, … in registration order, so the id is the index.
        (id.0 as usize)
            .checked_sub(1)
            .and_then(|index| self.players.get(index))
            .filter(|p| p.id == id)
            .ok_or(EngineError::UnknownPlayer(id))
    }

    pub fn active_players(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| p.is_active())
    }

    /// Players the next Swiss-style round pairs: the active ones the structure has not
    /// eliminated (two-loss and points-threshold formats, [`structure::eliminated`]).
    pub fn pairable_players(&self) -> Result<Vec<PlayerId>, EngineError> {
        let out = structure::eliminated(self)?;
        Ok(self
            .active_players()
            .map(|p| p.id)
            .filter(|id| !out.contains(id))
            .collect())
    }

    /// The round being played: the latest bracket round once the cut has started, else
    /// the latest Swiss round.
    pub fn current_round(&self) -> Option<&Round> {
        match self.cut.as_ref().and_then(Cut::current) {
            Some(bracket) => Some(&bracket.round),
            None => self.rounds.last(),
        }
    }

    /// Round `number`, Swiss or bracket.
    pub fn round(&self, number: u32) -> Option<&Round> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        self.rounds
            .get(index)
            .or_else(|| self.cut.as_ref()?.round(number))
    }

    fn round_mut(&mut self, number: u32) -> Option<&mut Round> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        if index < self.rounds.len() {
            return self.rounds.get_mut(index);
        }
        self.cut.as_mut()?.round_mut(number)
    }

    /// Whether `round` is a round of the top cut.
    pub fn is_bracket_round(&self, round: u32) -> bool {
        self.cut.as_ref().is_some_and(|c| c.round(round).is_some())
    }

    /// Rounds whose every match has a result; standings are computed over these.
    pub fn completed_rounds(&self) -> impl Iterator<Item = &Round> {
        self.rounds.iter().filter(|r| r.is_complete())
    }

    /// Whether `a` and `b` have met in any round.
    pub fn have_met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.rounds.iter().flat_map(|r| &r.matches).any(|m| {
            matches!(m.seats, Seats::Pair { a: x, b: y } if (x == a && y == b) || (x == b && y == a))
        })
    }

    /// Number of byes `player` has received.
    pub fn byes_of(&self, player: PlayerId) -> usize {
        self.rounds
            .iter()
            .flat_map(|r| &r.matches)
            .filter(|m| {
                m.seats == Seats::Single { player }
                    && matches!(m.result.as_ref().map(|r| &r.entry), Some(ResultEntry::Bye))
            })
            .count()
    }

    /// Validates and applies `action`; on error the event is unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<(), EngineError> {
        match action {
            Action::RegisterPlayer(details) => self.register(details),
            Action::DropPlayer { player, timing } => self.drop_player(*player, *timing),
            Action::PairRound {
                seed,
                seats,
                tables,
            } => self.pair_round(*seed, seats, tables),
            Action::EnterPairing { seats, tables } => self.pair_round(0, seats, tables),
            Action::EditPlayer {
                player,
                name,
                reading,
                publisher_id,
                nickname,
            } => self.edit_player(*player, name, reading, publisher_id, nickname),
            Action::SetFixedTable { player, table } => {
                if *table == Some(0) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.table-numbers-start-1",
                        "table numbers start at 1"
                    )));
                }
                self.player(*player)?;
                if let Some(found) = self.players.iter_mut().find(|p| p.id == *player) {
                    found.fixed_table = *table;
                }
                Ok(())
            }
            Action::RecordResult {
                round,
                table,
                entry,
                replace,
                player: None,
            } => self.record_result(*round, *table, entry.clone(), *replace),
            Action::RecordResult {
                round,
                entry,
                replace,
                player: Some(player),
                ..
            } => self.record_single_seat(*round, *player, entry.clone(), *replace),
            Action::RecordPenalty {
                player,
                round,
                penalty,
                infraction,
                note,
                member,
            } => {
                self.check_member(*player, *member)?;
                self.record_penalty(*player, *round, *penalty, infraction, note.clone())?;
                if let Some(record) = self.penalties.last_mut() {
                    record.member = *member;
                }
                Ok(())
            }
            Action::SetDeck {
                player,
                deck,
                member,
            } => {
                self.check_member(*player, *member)?;
                let team_size = usize::from(self.settings.team_size);
                if let Some(found) = self.players.iter_mut().find(|p| p.id == *player) {
                    match member {
                        None => found.deck = Some(deck.clone()),
                        Some(seat) => {
                            found.member_decks.resize(team_size, None);
                            if let Some(slot) = found.member_decks.get_mut(usize::from(*seat)) {
                                *slot = Some(deck.clone());
                            }
                        }
                    }
                }
                Ok(())
            }
            Action::OverrideResultLock { round } => {
                if !self.rounds.iter().any(|r| r.number == *round) {
                    return Err(EngineError::UnknownRound(*round));
                }
                if !self.unlocked_rounds.contains(round) {
                    self.unlocked_rounds.push(*round);
                }
                Ok(())
            }
            Action::ReplacePairing {
                round,
                seats,
                tables,
                seed,
            } => self.replace_pairing(*round, seats, tables, *seed),
            Action::StartCut {
                finalists,
                third_place,
                double,
                draw,
                repair_seed,
            } => self.start_cut(finalists, *third_place, *double, draw.clone(), *repair_seed),
            Action::PairBracketRound => self.pair_bracket_round(),
            Action::SetPlannedRounds { rounds } => {
                if *rounds > MAX_ROUNDS {
                    return Err(EngineError::TooManyRounds);
                }
                let played =
                    u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
                if *rounds < played {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.rounds-already-paired-planned-rounds",
                        "{played} rounds are already paired; planned rounds cannot be lower",
                        played = played
                    )));
                }
                self.settings.planned_rounds = *rounds;
                Ok(())
            }
        }
    }

    fn register(&mut self, details: &PlayerDetails) -> Result<(), EngineError> {
        if self.settings.structure == Structure::RoundRobin && !self.rounds.is_empty() {
            return Err(EngineError::LateEntryRefused(msg!(
                "error.late-entry-refused.round-robins-schedule-fixed-round",
                "a round robin's schedule is fixed at round 1; late entries cannot join"
            )));
        }
        if self.settings.structure == Structure::SingleElimination && self.cut.is_some() {
            return Err(EngineError::LateEntryRefused(msg!(
                "error.late-entry-refused.single-elimination-event-fixed-once",
                "a single-elimination event is fixed once round 1 is paired; late entries cannot join"
            )));
        }
        let name = details.name.trim();
        if name.is_empty() {
            return Err(EngineError::EmptyName);
        }
        let members: Vec<String> = details
            .members
            .iter()
            .map(|m| m.trim().to_string())
            .collect();
        let team_size = usize::from(self.settings.team_size);
        if members.len() != team_size || members.iter().any(String::is_empty) {
            return Err(EngineError::InvalidTeam(if team_size == 0 {
                msg!(
                    "error.invalid-team.individual-event",
                    "this is an individual event; register players without members"
                )
            } else {
                msg!(
                    "error.invalid-team.member-count",
                    "a team of this event has {team_size} members, in seat order; '{name}' has {given}",
                    team_size = team_size,
                    name = name,
                    given = members.iter().filter(|m| !m.is_empty()).count()
                )
            }));
        }
        let length = name.chars().count();
        if length > MAX_NAME_CHARS {
            return Err(EngineError::NameTooLong(length));
        }
        let publisher_id = details
            .publisher_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let key = (name.to_string(), publisher_id.map(str::to_string));
        if self.registered.contains(&key) {
            return Err(EngineError::DuplicatePlayer(name.to_string()));
        }
        let next =
            u32::try_from(self.players.len() + 1).map_err(|_| EngineError::NotEnoughPlayers)?;
        let id = PlayerId(next);
        let joined_round =
            u32::try_from(self.rounds.len() + 1).map_err(|_| EngineError::TooManyRounds)?;
        let clean = |value: &Option<String>| {
            value
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        self.registered.insert(key);
        self.players.push(Player {
            id,
            name: name.to_string(),
            reading: clean(&details.reading),
            publisher_id: publisher_id.map(str::to_string),
            nickname: clean(&details.nickname),
            joined_round,
            status: PlayerStatus::Active,
            fixed_table: None,
            disqualified: false,
            deck: None,
            members,
            member_decks: Vec::new(),
            drop_timing: None,
        });
        // Decision 11: each missed round is a late-entry default loss.
        let seats = Seats::Single { player: id };
        let result = score(&self.ruleset, &seats, ResultEntry::LateEntryLoss)?;
        for round in &mut self.rounds {
            round.matches.push(Match {
                table: None,
                seats,
                result: Some(result.clone()),
                first: None,
                chooses: None,
            });
        }
        Ok(())
    }

    /// The player's match of the round in play that has no result yet: (round, table,
    /// the opponent's side).
    pub fn pending_match(&self, id: PlayerId) -> Option<(u32, u32, Side)> {
        if let Some(cut) = &self.cut {
            return cut.open_match_of(id);
        }
        self.rounds.last().and_then(|round| {
            round
                .matches
                .iter()
                .find_map(|m| match (m.seats, &m.result, m.table) {
                    (Seats::Pair { a, .. }, None, Some(table)) if a == id => {
                        Some((round.number, table, Side::B))
                    }
                    (Seats::Pair { b, .. }, None, Some(table)) if b == id => {
                        Some((round.number, table, Side::A))
                    }
                    _ => None,
                })
        })
    }

    fn drop_player(&mut self, id: PlayerId, timing: Option<DropTiming>) -> Result<(), EngineError> {
        let player = self.player(id)?;
        if !player.is_active() {
            return Err(EngineError::AlreadyDropped(id));
        }
        let after_round =
            u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        match timing {
            // Event files written before decision 35: dropping after pairing concedes the
            // match in progress, and a bye is kept.
            None => {
                if let Some((round, table, winner)) = self.pending_match(id) {
                    let entry = ResultEntry::Default {
                        winner,
                        reason: DefaultReason::DropAfterPairing,
                    };
                    self.record_result(round, table, entry, false)?;
                }
            }
            Some(DropTiming::AfterPairing) => {
                let conceded = self
                    .current_round()
                    .and_then(|r| r.match_of(id))
                    .is_some_and(|m| {
                        matches!(
                            m.result.as_ref().map(|r| &r.entry),
                            Some(
                                ResultEntry::WithdrawnBye
                                    | ResultEntry::Default {
                                        reason: DefaultReason::DropAfterPairing,
                                        ..
                                    }
                            )
                        )
                    });
                if !conceded {
                    return Err(EngineError::InvalidResult(msg!(
                        "error.invalid-result.player-drops-after-pairing-record",
                        "player {id} drops after pairing: record the loss of their match in the current round first",
                        id = id
                    )));
                }
            }
            Some(DropTiming::AfterResults) => {
                if self.pending_match(id).is_some() {
                    return Err(EngineError::InvalidResult(msg!(
                        "error.invalid-result.player-still-has-match-without",
                        "player {id} still has a match without a result; a drop now is a drop after pairing",
                        id = id
                    )));
                }
            }
        }
        if let Some(player) = self.players.iter_mut().find(|p| p.id == id) {
            player.status = PlayerStatus::Dropped { after_round };
            player.drop_timing = timing;
        }
        Ok(())
    }

    /// Records the result of `player`'s single-seat record in `round` (a Swiss round): the
    /// bye, or the bye withdrawn by a drop after pairing (decision 35).
    fn record_single_seat(
        &mut self,
        round: u32,
        player: PlayerId,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        if !matches!(entry, ResultEntry::Bye | ResultEntry::WithdrawnBye) {
            return Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.players-own-record-takes-only",
                "a player's own record takes only a bye or a withdrawn bye; enter other results by table"
            )));
        }
        let index = usize::try_from(round)
            .ok()
            .and_then(|r| r.checked_sub(1))
            .ok_or(EngineError::UnknownRound(round))?;
        let ruleset = &self.ruleset;
        let target = self
            .rounds
            .get_mut(index)
            .ok_or(EngineError::UnknownRound(round))?;
        let found = target
            .matches
            .iter_mut()
            .find(|m| {
                m.seats == Seats::Single { player }
                    && !matches!(
                        m.result.as_ref().map(|r| &r.entry),
                        Some(ResultEntry::LateEntryLoss)
                    )
            })
            .ok_or_else(|| {
                EngineError::InvalidResult(msg!(
                    "error.invalid-result.player-has-bye-round",
                    "player {player} has no bye in round {round}",
                    player = player,
                    round = round
                ))
            })?;
        if found.result.is_some() && !replace {
            return Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.player-s-bye-round-already",
                "player {player}'s bye in round {round} already has a result; replace it",
                player = player,
                round = round
            )));
        }
        found.result = Some(score(ruleset, &found.seats, entry)?);
        Ok(())
    }

    fn edit_player(
        &mut self,
        id: PlayerId,
        name: &Option<String>,
        reading: &Option<String>,
        publisher_id: &Option<String>,
        nickname: &Option<String>,
    ) -> Result<(), EngineError> {
        let current = self.player(id)?.clone();
        let optional = |given: &Option<String>, now: &Option<String>| match given {
            None => now.clone(),
            Some(text) => Some(text.trim().to_string()).filter(|t| !t.is_empty()),
        };
        let new_name = match name {
            Some(text) if text.trim().is_empty() => return Err(EngineError::EmptyName),
            Some(text) => text.trim().to_string(),
            None => current.name.clone(),
        };
        let new_id = optional(publisher_id, &current.publisher_id);
        let old_key = (current.name.clone(), current.publisher_id.clone());
        let new_key = (new_name.clone(), new_id.clone());
        if new_key != old_key && self.registered.contains(&new_key) {
            return Err(EngineError::DuplicatePlayer(new_name));
        }
        self.registered.remove(&old_key);
        self.registered.insert(new_key);
        if let Some(player) = self.players.iter_mut().find(|p| p.id == id) {
            player.reading = optional(reading, &current.reading);
            player.nickname = optional(nickname, &current.nickname);
            player.publisher_id = new_id;
            player.name = new_name;
        }
        Ok(())
    }

    fn pair_round(
        &mut self,
        seed: u64,
        seats: &[Seats],
        tables: &[u32],
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::CutStarted);
        }
        if self.settings.structure == Structure::SingleElimination {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.single-elimination-event-played-bracket",
                "a single-elimination event is played as a bracket, not in Swiss rounds"
            )));
        }
        if let Some(last) = self.rounds.last()
            && !last.is_complete()
        {
            return Err(EngineError::RoundIncomplete(last.number));
        }
        let number =
            u32::try_from(self.rounds.len() + 1).map_err(|_| EngineError::TooManyRounds)?;
        if number > MAX_ROUNDS {
            return Err(EngineError::TooManyRounds);
        }
        if let Some(reason) = structure::finished(self)? {
            return Err(EngineError::StructureFinished(reason));
        }
        if number > self.settings.planned_rounds {
            return Err(EngineError::AllRoundsPlayed(self.settings.planned_rounds));
        }
        if self.settings.structure == Structure::RoundRobin {
            // The schedule decides every round; only it is accepted.
            if seats != structure::round_robin_seats(self, number as usize).as_slice() {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.round-round-robin-must-follow",
                    "round {number} of a round robin must follow the schedule",
                    number = number
                )));
            }
        } else {
            self.check_pairing(seats)?;
        }
        let numbers = table_numbers(seats, tables)?;
        let mut matches = Vec::with_capacity(seats.len());
        let mut pair_index = 0;
        for seat in seats {
            match seat {
                Seats::Pair { a, b } => {
                    let first = self.first_turn(*a, *b, seed);
                    matches.push(Match {
                        table: Some(numbers[pair_index]),
                        seats: *seat,
                        result: None,
                        first,
                        chooses: None,
                    });
                    pair_index += 1;
                }
                Seats::Single { .. } => {
                    let result = score(&self.ruleset, seat, ResultEntry::Bye)?;
                    matches.push(Match {
                        table: None,
                        seats: *seat,
                        result: Some(result),
                        first: None,
                        chooses: None,
                    });
                }
            }
        }
        self.rounds.push(Round {
            number,
            pairing_seed: seed,
            matches,
        });
        Ok(())
    }

    fn start_cut(
        &mut self,
        finalists: &[PlayerId],
        third_place: bool,
        double: bool,
        draw: Option<CutDraw>,
        repair_seed: Option<u64>,
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.top-cut-has-already-started",
                "the top cut has already started; undo it to start again"
            )));
        }
        let whole_event = self.settings.structure == Structure::SingleElimination;
        match self.rounds.last() {
            None if whole_event => {}
            None => {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.play-least-one-swiss-round",
                    "play at least one Swiss round before the top cut"
                )));
            }
            Some(last) if !last.is_complete() => {
                return Err(EngineError::RoundIncomplete(last.number));
            }
            Some(_) => {}
        }
        if repair_seed.is_some() && !whole_event {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.random-pairing-every-round-single",
                "random pairing every round is for single-elimination events"
            )));
        }
        for &player in finalists {
            if !self.player(player)?.is_active() {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.player-has-dropped-cannot-finalist",
                    "player {player} has dropped and cannot be a finalist",
                    player = player
                )));
            }
        }
        if whole_event && finalists.len() != self.active_players().count() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.single-elimination-event-seeds-every",
                "a single-elimination event seeds every active player"
            )));
        }
        let mut cut = Cut::new(finalists.to_vec(), third_place, double)?;
        cut.draw = draw;
        cut.repair_seed = repair_seed;
        self.cut = Some(cut);
        Ok(())
    }

    fn pair_bracket_round(&mut self) -> Result<(), EngineError> {
        let swiss = u32::try_from(self.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        let ruleset = &self.ruleset;
        let cut = self.cut.as_mut().ok_or_else(|| {
            EngineError::InvalidCut(msg!(
                "error.invalid-cut.top-cut-has-started-start",
                "the top cut has not started; start it first"
            ))
        })?;
        let played = u32::try_from(cut.rounds.len()).map_err(|_| EngineError::TooManyRounds)?;
        cut.pair_next(swiss + played + 1)?;
        let players = &self.players;
        let gone = |id: PlayerId| {
            players
                .iter()
                .find(|p| p.id == id)
                .is_some_and(|p| !p.is_active())
        };
        if let Some(current) = cut.rounds.last_mut() {
            for m in &mut current.round.matches {
                match m.seats {
                    Seats::Single { .. } => {
                        m.result = Some(score(ruleset, &m.seats, ResultEntry::Bye)?);
                    }
                    // A finalist who has dropped (a double-elimination loser carried into the
                    // lower bracket) loses each later match by default (000 §4.5, 003 §6e).
                    Seats::Pair { a, b } if gone(a) || gone(b) => {
                        let winner = if gone(a) { Side::B } else { Side::A };
                        let entry = ResultEntry::Default {
                            winner,
                            reason: DefaultReason::DropAfterPairing,
                        };
                        m.result = Some(score(ruleset, &m.seats, entry)?);
                    }
                    Seats::Pair { .. } => {}
                }
            }
        }
        self.assign_finals_first_players();
        Ok(())
    }

    /// Who plays first in game 1 of the bracket round just paired, where the ruleset says:
    /// in the first finals round after Swiss rounds the higher seed chooses (003 §6b-vii);
    /// in later rounds, under Player Arrangement Control, the player with fewer game-1
    /// firsts goes first (§6b-vii "After players are paired off for each round";
    /// docs/decisions.md 33). The reset's first player (E15) is already set.
    fn assign_finals_first_players(&mut self) {
        use crate::ruleset::FinalsFirstPlayer;
        // Only rulesets that say who plays first in the finals (FoW's `[top_cut]`); a ruleset
        // copy from before leaves the finals as they were (docs/decisions.md 37).
        if self.ruleset.top_cut.first_player != FinalsFirstPlayer::HigherSeedChooses {
            return;
        }
        let Some(cut) = &self.cut else { return };
        let Some(current) = cut.current() else { return };
        let first_round = cut.rounds.len() == 1;
        let seed_of = |p: PlayerId| cut.seeds.iter().position(|s| *s == p);
        let chooses = first_round && !self.rounds.is_empty();
        let tie_seed = self.settings.standings_seed ^ u64::from(current.round.number);
        let assigned: Vec<(usize, Option<Side>, Option<Side>)> = current
            .round
            .matches
            .iter()
            .enumerate()
            .filter(|(_, m)| m.result.is_none() && m.first.is_none())
            .filter_map(|(index, m)| {
                let Seats::Pair { a, b } = m.seats else {
                    return None;
                };
                if chooses {
                    let side = if seed_of(a) <= seed_of(b) {
                        Side::A
                    } else {
                        Side::B
                    };
                    return Some((index, None, Some(side)));
                }
                self.first_turn(a, b, tie_seed)
                    .map(|side| (index, Some(side), None))
            })
            .collect();
        if let Some(current) = self.cut.as_mut().and_then(|c| c.rounds.last_mut()) {
            for (index, first, chooses) in assigned {
                if let Some(m) = current.round.matches.get_mut(index) {
                    m.first = first;
                    m.chooses = chooses;
                }
            }
        }
    }

    /// A team member's seat, checked against the event's team size.
    fn check_member(&self, player: PlayerId, member: Option<u8>) -> Result<(), EngineError> {
        self.player(player)?;
        match member {
            Some(seat) if seat >= self.settings.team_size => Err(EngineError::InvalidTeam(msg!(
                "error.invalid-team.team-event-has-members-there",
                "a team of this event has {members} members; there is no member {seat}",
                members = self.settings.team_size,
                seat = u32::from(seat) + 1
            ))),
            _ => Ok(()),
        }
    }

    fn replace_pairing(
        &mut self,
        number: u32,
        seats: &[Seats],
        tables: &[u32],
        seed: Option<u64>,
    ) -> Result<(), EngineError> {
        if self.cut.is_some() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.bracket-pairings-follow-seeds-cannot",
                "bracket pairings follow the seeds and cannot be changed by hand; undo to before the cut to change the finalists"
            )));
        }
        let Some(round) = self.rounds.last() else {
            return Err(EngineError::UnknownRound(number));
        };
        if round.number != number {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.only-current-round-can-re",
                "only the current round ({round}) can be re-paired; correct earlier rounds result by result",
                round = round.number
            )));
        }
        let late: Vec<PlayerId> = round
            .matches
            .iter()
            .filter(|m| {
                matches!(
                    m.result.as_ref().map(|r| &r.entry),
                    Some(ResultEntry::LateEntryLoss)
                )
            })
            .flat_map(|m| m.seats.players())
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut byes = 0;
        for seat in seats {
            if matches!(seat, Seats::Single { .. }) {
                byes += 1;
            }
            if let Seats::Pair { a, b } = seat
                && a == b
            {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.player-paired-against-themselves",
                    "player {a} is paired against themselves",
                    a = a
                )));
            }
            for player in seat.players() {
                if !self.player(player)?.is_active() {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-has-dropped",
                        "player {player} has dropped",
                        player = player
                    )));
                }
                if !seen.insert(player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-twice",
                        "player {player} is paired twice",
                        player = player
                    )));
                }
            }
        }
        if let Some(missing) = self
            .active_players()
            .find(|p| !seen.contains(&p.id) && !late.contains(&p.id))
        {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.not-paired",
                "{name} is not paired",
                name = &missing.name
            )));
        }
        if byes > usize::from(seen.len() % 2 == 1) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.more-byes-than-player-count",
                "more byes than the player count needs"
            )));
        }
        // Results already entered stay with their table and players. The current round's
        // pairs are looked up by their two players (in id order), so a change costs one
        // pass over the round however large it is.
        let by_pair: std::collections::HashMap<(PlayerId, PlayerId), &Match> = round
            .matches
            .iter()
            .filter_map(|m| match m.seats {
                Seats::Pair { a, b } => Some(((a.min(b), a.max(b)), m)),
                Seats::Single { .. } => None,
            })
            .collect();
        let mut matches = Vec::with_capacity(seats.len());
        let numbers = table_numbers(seats, tables)?;
        let mut pair_index = 0;
        for seat in seats {
            match seat {
                Seats::Pair { a, b } => {
                    let table = numbers[pair_index];
                    pair_index += 1;
                    let before = by_pair.get(&((*a).min(*b), (*a).max(*b))).copied();
                    let first = before
                        .and_then(|m| kept_first(m, *a))
                        .or_else(|| self.first_turn(*a, *b, seed.unwrap_or(round.pairing_seed)));
                    let kept = before.filter(|m| m.table == Some(table) && m.result.is_some());
                    matches.push(Match {
                        table: Some(table),
                        seats: kept.map_or(*seat, |m| m.seats),
                        result: kept.and_then(|m| m.result.clone()),
                        first,
                        chooses: None,
                    });
                }
                Seats::Single { .. } => {
                    let result = score(&self.ruleset, seat, ResultEntry::Bye)?;
                    matches.push(Match {
                        table: None,
                        seats: *seat,
                        result: Some(result),
                        first: None,
                        chooses: None,
                    });
                }
            }
        }
        let now_seated: std::collections::HashSet<(Option<u32>, Seats)> =
            matches.iter().map(|m| (m.table, m.seats)).collect();
        for old in round
            .matches
            .iter()
            .filter(|m| m.table.is_some() && m.result.is_some())
        {
            if !now_seated.contains(&(old.table, old.seats)) {
                return Err(EngineError::InvalidPairing(msg!(
                    "error.invalid-pairing.table-already-has-result-correct",
                    "table {table} already has a result; correct or keep that table",
                    table = old.table.unwrap_or(0)
                )));
            }
        }
        for m in round.matches.iter().filter(|m| {
            matches!(
                m.result.as_ref().map(|r| &r.entry),
                Some(ResultEntry::LateEntryLoss)
            )
        }) {
            if !m.seats.players().iter().any(|p| seen.contains(p)) {
                matches.push(m.clone());
            }
        }
        if let Some(last) = self.rounds.last_mut() {
            last.matches = matches;
            if let Some(seed) = seed {
                last.pairing_seed = seed;
            }
        }
        Ok(())
    }

    /// Every pairable player exactly once, nobody else, at most one bye.
    fn check_pairing(&self, seats: &[Seats]) -> Result<(), EngineError> {
        let active: std::collections::HashSet<PlayerId> =
            self.pairable_players()?.into_iter().collect();
        if active.len() < 2 {
            return Err(EngineError::NotEnoughPlayers);
        }
        let mut seen = std::collections::HashSet::new();
        let mut byes = 0;
        for seat in seats {
            if let Seats::Pair { a, b } = seat {
                if a == b {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-against-themselves",
                        "player {a} is paired against themselves",
                        a = a
                    )));
                }
            } else {
                byes += 1;
            }
            for player in seat.players() {
                if !active.contains(&player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-active-player",
                        "player {player} is not an active player",
                        player = player
                    )));
                }
                if !seen.insert(player) {
                    return Err(EngineError::InvalidPairing(msg!(
                        "error.invalid-pairing.player-paired-twice",
                        "player {player} is paired twice",
                        player = player
                    )));
                }
            }
        }
        if seen.len() != active.len() {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.every-active-player-paired",
                "not every active player is paired"
            )));
        }
        if byes > usize::from(active.len() % 2 == 1) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.more-byes-than-player-count",
                "more byes than the player count needs"
            )));
        }
        Ok(())
    }

    fn record_result(
        &mut self,
        round: u32,
        table: u32,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<(), EngineError> {
        let in_bracket = self.is_bracket_round(round);
        let decisive = in_bracket && self.ruleset.top_cut.decisive_team_matches;
        if in_bracket {
            check_bracket_entry(&entry, decisive)?;
            if self
                .cut
                .as_ref()
                .and_then(Cut::current)
                .map(|r| r.round.number)
                != Some(round)
            {
                return Err(EngineError::InvalidCut(msg!(
                    "error.invalid-cut.round-bracket-over-next-round",
                    "round {round} of the bracket is over and the next round is paired from its winners; undo back to it to change a result",
                    round = round
                )));
            }
        }
        if let Some(lock) = self.ruleset.pairing.result_lock_rounds
            && !in_bracket
        {
            let paired = u32::try_from(self.rounds.len()).unwrap_or(u32::MAX);
            if paired >= round.saturating_add(lock) && !self.unlocked_rounds.contains(&round) {
                return Err(EngineError::ResultLocked {
                    round,
                    since: round + lock,
                });
            }
        }
        let ruleset = &self.ruleset;
        let index = usize::try_from(round).ok().and_then(|r| r.checked_sub(1));
        let swiss = index.and_then(|i| self.rounds.get_mut(i));
        let target = match swiss {
            Some(found) => found,
            None => self
                .cut
                .as_mut()
                .and_then(|c| c.round_mut(round))
                .ok_or(EngineError::UnknownRound(round))?,
        };
        let found = target
            .matches
            .iter_mut()
            .find(|m| m.table == Some(table))
            .ok_or(EngineError::UnknownTable { round, table })?;
        if found.result.is_some() && !replace {
            return Err(EngineError::ResultExists { round, table });
        }
        // Game losses given by penalty in a multi-game match count as games the opponent won
        // (002 §7.2, 004 VIIII); the scorekeeper enters the games actually played.
        let (extra_a, extra_b) = match found.seats {
            Seats::Pair { a, b } if ruleset.points.games_to_win > 1 => {
                let game_losses = |player: PlayerId| {
                    let n = self
                        .penalties
                        .iter()
                        .filter(|p| {
                            p.round == round
                                && p.player == player
                                && p.penalty == PenaltyType::GameLoss
                        })
                        .count();
                    u8::try_from(n).unwrap_or(u8::MAX)
                };
                (game_losses(b), game_losses(a))
            }
            _ => (0, 0),
        };
        check_team_entry(self.settings.team_size, &entry)?;
        let entry = with_awarded_games(entry, extra_a, extra_b, ruleset.points.games_to_win);
        let result = if decisive {
            crate::scoring::score_in_elimination(ruleset, &found.seats, entry)?
        } else {
            score(ruleset, &found.seats, entry)?
        };
        found.result = Some(result);
        Ok(())
    }
}

/// Team events take each seat's result; individual events never do (decision 9).
fn check_team_entry(team_size: u8, entry: &ResultEntry) -> Result<(), EngineError> {
    match (team_size, entry) {
        (0, ResultEntry::Team { .. }) => Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.individual-event-enter-match-result",
            "this is an individual event; enter the match result without team seats"
        ))),
        (size, ResultEntry::Team { seats }) if seats.len() != usize::from(size) => {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.team-match-here-has-seats",
                "a team match here has {size} seats; enter one result per seat, e.g. team:{example}",
                size = size,
                example = vec!["a"; usize::from(size)].join(",")
            )))
        }
        (size, ResultEntry::Win { .. } | ResultEntry::Draw { .. } | ResultEntry::DoubleWin)
            if size > 0 =>
        {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.team-match-decided-seats-enter",
                "a team match is decided by its seats; enter each seat's result, e.g. team:{example}",
                example = vec!["a"; usize::from(size)].join(",")
            )))
        }
        _ => Ok(()),
    }
}

/// A bracket match needs a winner, or both players losing by the time-up procedure; with
/// `decisive_teams`, so does every seat of a team match (decision 33).
fn check_bracket_entry(entry: &ResultEntry, decisive_teams: bool) -> Result<(), EngineError> {
    match entry {
        ResultEntry::Draw { .. } | ResultEntry::DoubleWin => Err(EngineError::InvalidResult(msg!(
            "error.invalid-result.top-cut-match-cannot-end",
            "a top-cut match cannot end in a draw; enter the winner (or dl if the time-up procedure makes both players lose)"
        ))),
        ResultEntry::Win { games: Some(g), .. } if g.a == g.b => {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.top-cut-match-needs-winner",
                "a top-cut match needs a winner; a tied game score is not a result"
            )))
        }
        // Decision 33: every seat of a team match in elimination needs a winner.
        ResultEntry::Team { seats }
            if decisive_teams && seats.contains(&crate::model::TeamSeat::Draw) =>
        {
            Err(EngineError::InvalidResult(msg!(
                "error.invalid-result.seat-top-cut-team-match",
                "a seat of a top-cut team match cannot end in a draw (decision 33); enter each seat's winner (or dl where the time-up procedure makes both lose), e.g. team:a,b,a"
            )))
        }
        _ => Ok(()),
    }
}

/// Adds games awarded by penalty to a game score and derives the match result again.
fn with_awarded_games(
    entry: ResultEntry,
    extra_a: u8,
    extra_b: u8,
    games_to_win: u8,
) -> ResultEntry {
    if extra_a == 0 && extra_b == 0 {
        return entry;
    }
    let (games, reason, graded) = match &entry {
        ResultEntry::Win {
            games: Some(g),
            reason,
            ..
        } => (*g, reason.clone(), None),
        ResultEntry::Draw {
            games: Some(g),
            graded_reason,
            ..
        } => (*g, None, graded_reason.clone()),
        _ => return entry,
    };
    let combined = crate::model::GameScore {
        a: games.a.saturating_add(extra_a).min(games_to_win),
        b: games.b.saturating_add(extra_b).min(games_to_win),
        draws: games.draws,
    };
    match combined.a.cmp(&combined.b) {
        std::cmp::Ordering::Greater => ResultEntry::Win {
            winner: Side::A,
            games: Some(combined),
            reason,
        },
        std::cmp::Ordering::Less => ResultEntry::Win {
            winner: Side::B,
            games: Some(combined),
            reason,
        },
        std::cmp::Ordering::Equal => ResultEntry::Draw {
            reason: crate::model::DrawReason::Time,
            games: Some(combined),
            graded_reason: graded,
        },
    }
}

/// Table numbers for the pairs among `seats`: the given ones (checked), or 1, 2, 3, …
fn table_numbers(seats: &[Seats], given: &[u32]) -> Result<Vec<u32>, EngineError> {
    let pairs = seats
        .iter()
        .filter(|s| matches!(s, Seats::Pair { .. }))
        .count();
    if given.is_empty() {
        return (1..=pairs)
            .map(|t| u32::try_from(t).map_err(|_| EngineError::TooManyRounds))
            .collect();
    }
    if given.len() != pairs {
        return Err(EngineError::InvalidPairing(msg!(
            "error.invalid-pairing.table-numbers-pairs",
            "{given} table numbers for {pairs} pairs",
            given = given.len(),
            pairs = pairs
        )));
    }
    let mut seen = std::collections::HashSet::new();
    for table in given {
        if *table == 0 || !seen.insert(*table) {
            return Err(EngineError::InvalidPairing(msg!(
                "error.invalid-pairing.table-used-twice-table-number",
                "table {table} is used twice or is not a table number",
                table = table
            )));
        }
    }
    Ok(given.to_vec())
}

/// Who went first in an existing match of the same two players (kept by a swap).
/// Who goes first when `a` takes seat A of the pair that `earlier` already seated: the
/// same player as before.
fn kept_first(earlier: &Match, a: PlayerId) -> Option<Side> {
    match earlier.seats {
        Seats::Pair { a: x, .. } if x == a => earlier.first,
        Seats::Pair { .. } => earlier.first.map(Side::other),
        Seats::Single { .. } => None,
    }
}

/// FoW "Player Arrangement Control" (003 §6b-vii, digest D10): the player who has gone
/// first in game 1 fewer times goes first; equal counts (and round 1) are decided at
/// random from the round's seed.
pub fn first_by_balance(first_count_a: u32, first_count_b: u32, tie_break: u64) -> Side {
    match first_count_a.cmp(&first_count_b) {
        std::cmp::Ordering::Less => Side::A,
        std::cmp::Ordering::Greater => Side::B,
        std::cmp::Ordering::Equal => {
            if tie_break.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            }
        }
    }
}

impl Event {
    /// Who goes first in game 1 of a new match, where the ruleset balances it.
    fn first_turn(&self, a: PlayerId, b: PlayerId, seed: u64) -> Option<Side> {
        if !self.ruleset.pairing.balance_first_turn {
            return None;
        }
        let bracket = self.cut.iter().flat_map(|c| &c.rounds).map(|r| &r.round);
        let count = |player: PlayerId| -> u32 {
            let n = self
                .rounds
                .iter()
                .chain(bracket.clone())
                .flat_map(|r| &r.matches)
                .filter(|m| match (m.seats, m.first) {
                    (Seats::Pair { a: x, .. }, Some(Side::A)) => x == player,
                    (Seats::Pair { b: y, .. }, Some(Side::B)) => y == player,
                    _ => false,
                })
                .count();
            u32::try_from(n).unwrap_or(u32::MAX)
        };
        let tie_break = seed
            ^ u64::from(a.0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(b.0).rotate_left(29);
        Some(first_by_balance(
            count(a),
            count(b),
            tie_break.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 17,
        ))
    }
}

impl Event {
    fn record_penalty(
        &mut self,
        player: PlayerId,
        round: u32,
        penalty: PenaltyType,
        infraction: &str,
        note: Option<String>,
    ) -> Result<(), EngineError> {
        self.player(player)?;
        if !self.ruleset.penalties.kinds.contains(&penalty) {
            let used: Vec<&str> = self
                .ruleset
                .penalties
                .kinds
                .iter()
                .map(|p| p.id())
                .collect();
            return Err(EngineError::InvalidPenalty(msg!(
                "error.invalid-penalty.ruleset-has-penalty-uses",
                "this ruleset has no '{penalty}' penalty; it uses {used}",
                penalty = penalty.id(),
                used = used.join(", ")
            )));
        }
        if infraction.trim().is_empty() {
            return Err(EngineError::InvalidPenalty(msg!(
                "error.invalid-penalty.name-infraction-e-g-tardiness",
                "name the infraction (e.g. \"tardiness\")"
            )));
        }
        let rounds = u32::try_from(self.rounds.len()).unwrap_or(u32::MAX);
        if (round == 0 && rounds > 0) || (round > 0 && self.round(round).is_none()) {
            return Err(EngineError::UnknownRound(round));
        }
        let loses_match = match penalty {
            PenaltyType::MatchLoss | PenaltyType::Disqualification => true,
            PenaltyType::GameLoss => self.ruleset.points.games_to_win == 1,
            _ => false,
        };
        if loses_match && round > 0 {
            let kind = if penalty == PenaltyType::Disqualification {
                PenaltyKind::Disqualification
            } else {
                PenaltyKind::MatchLoss
            };
            let found = self
                .round(round)
                .into_iter()
                .flat_map(|r| &r.matches)
                .find_map(|m| match m.seats {
                    Seats::Pair { a, .. } if a == player => m.table.map(|t| (t, Side::A)),
                    Seats::Pair { b, .. } if b == player => m.table.map(|t| (t, Side::B)),
                    _ => None,
                });
            if let Some((table, loser)) = found {
                let seats = self
                    .round(round)
                    .and_then(|r| r.match_at_table(table))
                    .map(|m| m.seats);
                if let Some(seats) = seats {
                    let result = score(
                        &self.ruleset,
                        &seats,
                        ResultEntry::Penalty {
                            loser,
                            penalty: kind,
                        },
                    )?;
                    if let Some(m) = self
                        .round_mut(round)
                        .and_then(|r| r.matches.iter_mut().find(|m| m.table == Some(table)))
                    {
                        m.result = Some(result);
                    }
                }
            }
        }
        if penalty == PenaltyType::GameLoss && !loses_match && round > 0 {
            let games_to_win = self.ruleset.points.games_to_win;
            let entered = self
                .round(round)
                .into_iter()
                .flat_map(|r| &r.matches)
                .find_map(|m| match (m.seats, &m.result) {
                    (Seats::Pair { a, .. }, Some(result)) if a == player => {
                        Some((m.table, m.seats, result.entry.clone(), Side::B))
                    }
                    (Seats::Pair { b, .. }, Some(result)) if b == player => {
                        Some((m.table, m.seats, result.entry.clone(), Side::A))
                    }
                    _ => None,
                });
            if let Some((table, seats, entry, gains)) = entered {
                let (extra_a, extra_b) = if gains == Side::A { (1, 0) } else { (0, 1) };
                let rescored = score(
                    &self.ruleset,
                    &seats,
                    with_awarded_games(entry, extra_a, extra_b, games_to_win),
                )?;
                if let Some(m) = self
                    .round_mut(round)
                    .and_then(|r| r.matches.iter_mut().find(|m| m.table == table))
                {
                    m.result = Some(rescored);
                }
            }
        }
        if penalty == PenaltyType::Disqualification {
            let after_round = rounds;
            if let Some(found) = self.players.iter_mut().find(|p| p.id == player) {
                found.disqualified = true;
                if found.is_active() {
                    found.status = PlayerStatus::Dropped { after_round };
                }
            }
        }
        self.penalties.push(PenaltyRecord {
            player,
            round,
            penalty,
            infraction: infraction.trim().to_string(),
            note,
            member: None,
        });
        Ok(())
    }
}
