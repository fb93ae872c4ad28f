//! The event's state: settings, ruleset, players, rounds, penalties, the top cut, and the
//! queries on it ([`snapshot`] is its stored form).
//!
//! The state depends only on the model, the ruleset and the bracket's state. Changes are
//! the [`crate::transitions`] (every change is an [`crate::Action`], applied by
//! [`Event::apply`]); they use the [`crate::rules`], which read the state, so the
//! dependencies stay acyclic: transitions → rules → state → model.

mod door_index;
pub mod snapshot;

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::exact::MAX_ROUNDS;
use crate::model::{
    DeckCheck, Door, EliminationStop, PenaltyRecord, Player, PlayerId, PrintedSheets, PrizeSetting,
    ResultEntry, Round, Seats, Side, Structure,
};
use crate::ruleset::Ruleset;
use crate::top_cut::bracket::Cut;
pub(crate) use door_index::DoorIndex;

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
    /// The event's first table number (0 or 1: table 1): events run side by side get table
    /// ranges that do not overlap. Tables the pairer numbers start here; a
    /// player's fixed table keeps its own number.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub first_table: u32,
}

impl EventSettings {
    /// The first table number of the event's range (at least 1).
    pub fn first_table(&self) -> u32 {
        self.first_table.max(1)
    }
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
    /// Entries from the entry page, drop requests and judge calls.
    pub door: Door,
    /// The prize rules and the raffle's seed.
    pub prizes: PrizeSetting,
    /// The deck checks of the event, oldest first.
    pub deck_checks: Vec<DeckCheck>,
    /// The rounds whose sheets went out, one record per round (the latest).
    pub printed: Vec<PrintedSheets>,
    /// `(name, publisher id)` of every player, to refuse a duplicate without a scan (a
    /// 50,000-player import stays linear). Derived from `players`.
    pub(crate) registered: std::collections::HashSet<(String, Option<String>)>,
    /// The door's entries as its transitions look them up on every entry (an entry made
    /// twice, the waiting list, seats held), so a door filling up stays linear. Derived
    /// from `door.entries`.
    pub(crate) door_index: DoorIndex,
}

impl Event {
    /// Indexes the players' names and the door's entries (after the state was put together
    /// from a snapshot).
    pub(crate) fn reindex(&mut self) {
        self.registered = self
            .players
            .iter()
            .map(|p| (p.details.name.clone(), p.details.publisher_id.clone()))
            .collect();
        self.door_index = DoorIndex::of(&self.door.entries);
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
            door: Door::default(),
            prizes: PrizeSetting::default(),
            deck_checks: Vec::new(),
            printed: Vec::new(),
            registered: std::collections::HashSet::new(),
            door_index: DoorIndex::default(),
        })
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

    pub(crate) fn round_mut(&mut self, number: u32) -> Option<&mut Round> {
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
}
