//! Playing a single-elimination bracket (the top cut) round by round.
//!
//! The finalists are fixed when the cut starts (no refill afterwards, 000 §3.2.4.1); the
//! first round follows standard seeding with byes to the top seeds ([`super::seeding`]). Each
//! later round pairs the winners of neighbouring slots, so seeds 1 and 2 can meet only in
//! the final. There are no draws: a time-up ends with a winner or, where the ruleset's
//! time-up procedure says so, with both players losing (then the neighbouring slot's
//! winner advances on a bye). An optional third-place match between the semifinal losers
//! is played beside the final (decision 10).
//!
//! Bracket rounds continue the event's round numbers after the Swiss rounds but are kept
//! apart from them, so Swiss standings and Swiss pairing never see them.

use super::double::{self, Decided, Planned};
use super::seeding::{Opening, first_round};
use crate::error::EngineError;
use crate::model::{Match, Outcome, PlayerId, Round, Seats, Side};
use tablekeeper_words::msg;

/// The seeded draw among players tied on the cut line (000 §3.2.4.1, 003 §6d, digest E1):
/// the cut's seed shuffles `among` and the first `places` advance.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CutDraw {
    pub seed: u64,
    /// The tied players, in standings order.
    pub among: Vec<PlayerId>,
    /// How many of them advanced.
    pub places: u32,
}

/// The cut: its finalists in seed order and the bracket rounds played so far.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cut {
    /// Seed 1 first.
    pub seeds: Vec<PlayerId>,
    pub third_place: bool,
    /// Double-elimination finals ([`double`]) instead of single elimination.
    pub double: bool,
    pub rounds: Vec<BracketRound>,
    /// The draw among players tied on the cut line, when one decided who advanced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<CutDraw>,
    /// Single elimination paired at random every round (003 §6b-ii): the seed each round's
    /// draw derives from. `None`: a seeded bracket.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair_seed: Option<u64>,
    /// Tables before the event's range (its first table less one; 0: from table 1), so the
    /// bracket's tables stay in the event's table range.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table_offset: u32,
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}

/// One round of the bracket.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BracketRound {
    pub round: Round,
    /// The players entering this round in bracket order, two per slot; `None` where a
    /// slot's earlier match ended with both players losing (or the seed does not exist).
    pub entrants: Vec<Option<PlayerId>>,
    /// The table of the third-place match, in the final's round.
    pub third_place_table: Option<u32>,
    /// Double elimination: the plan's bracket number of each slot (empty otherwise).
    pub numbers: Vec<u8>,
}

impl BracketRound {
    /// Event round `number` of the bracket (bracket rounds have no pairing seed: they
    /// follow from the seeds and results).
    fn new(
        number: u32,
        matches: Vec<Match>,
        entrants: Vec<Option<PlayerId>>,
        third_place_table: Option<u32>,
        numbers: Vec<u8>,
    ) -> BracketRound {
        BracketRound {
            round: Round {
                number,
                pairing_seed: 0,
                matches,
            },
            entrants,
            third_place_table,
            numbers,
        }
    }

    /// Number of slots (matches or byes) in this round.
    pub fn slots(&self) -> usize {
        self.entrants.len() / 2
    }

    /// The match (or bye) of slot `index`, if the slot has any player.
    pub fn slot_match(&self, index: usize) -> Option<&Match> {
        let (a, b) = (self.entrants[2 * index], self.entrants[2 * index + 1]);
        let player = a.or(b)?;
        // The third-place match holds the semifinal losers, never a slot's entrants.
        self.round.matches.iter().find(|m| m.seats.contains(player))
    }

    pub fn is_final(&self) -> bool {
        self.entrants.len() == 2
    }
}

impl Cut {
    /// Starts a cut with `seeds` (seed 1 first). Needs at least two distinct players;
    /// double elimination takes 4 or 8 and has no separate third-place match (the lower
    /// final decides third place).
    pub fn new(seeds: Vec<PlayerId>, third_place: bool, double: bool) -> Result<Cut, EngineError> {
        if double && double::plan(seeds.len()).is_none() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.double-elimination-finals-take-players",
                "double-elimination finals take {sizes} players, not {players}",
                sizes = double::SIZES,
                players = seeds.len()
            )));
        }
        if double && third_place {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.double-elimination-finals-have-third",
                "double-elimination finals have no third-place match; the lower final decides third place"
            )));
        }
        if seeds.len() < 2 {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.top-cut-needs-least-2",
                "a top cut needs at least 2 players"
            )));
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = seeds.iter().find(|p| !seen.insert(**p)) {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.player-seeded-twice",
                "player {twice} is seeded twice",
                twice = twice
            )));
        }
        Ok(Cut {
            seeds,
            third_place,
            double,
            rounds: Vec::new(),
            draw: None,
            repair_seed: None,
            table_offset: 0,
        })
    }

    /// The double-elimination plan, when this cut is one.
    pub fn plan(&self) -> Option<&'static [Planned]> {
        if self.double {
            double::plan(self.seeds.len())
        } else {
            None
        }
    }

    /// The result of double-elimination bracket match `number`, once it has a single winner.
    pub fn decided(&self, number: u8) -> Option<Decided> {
        self.rounds.iter().find_map(|round| {
            let slot = round.numbers.iter().position(|n| *n == number)?;
            let found = round.slot_match(slot)?;
            let winner = slot_winner(round, slot)?;
            let loser = single_loser(found)?;
            Some(Decided { winner, loser })
        })
    }

    pub fn current(&self) -> Option<&BracketRound> {
        self.rounds.last()
    }

    pub fn round_mut(&mut self, number: u32) -> Option<&mut Round> {
        self.rounds
            .iter_mut()
            .map(|r| &mut r.round)
            .find(|r| r.number == number)
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds
            .iter()
            .map(|r| &r.round)
            .find(|r| r.number == number)
    }

    /// The bracket is decided: its final (or the double elimination's last needed match)
    /// has a result.
    pub fn is_finished(&self) -> bool {
        if let Some(plan) = self.plan() {
            return double::champion(plan, &|n| self.decided(n)).is_some();
        }
        self.current()
            .is_some_and(|r| r.is_final() && r.round.is_complete())
    }

    /// The winner of the final, once it is played (`None` if both finalists lost).
    pub fn champion(&self) -> Option<PlayerId> {
        if let Some(plan) = self.plan() {
            return double::champion(plan, &|n| self.decided(n));
        }
        let last = self.current()?;
        if !last.is_final() || !last.round.is_complete() {
            return None;
        }
        slot_winner(last, 0)
    }

    /// Pairs the next bracket round as event round `number`.
    pub fn pair_next(&mut self, number: u32) -> Result<(), EngineError> {
        if let Some(plan) = self.plan() {
            return self.pair_next_double(plan, number);
        }
        let (entrants, previous) = match self.rounds.last() {
            None => match self.repair_seed {
                Some(seed) => (random_pairs(&self.seeds, seed, 1), None),
                None => {
                    let size = self.seeds.len().next_power_of_two().max(2);
                    (opening_entrants(&self.seeds, size), None)
                }
            },
            Some(last) => {
                if !last.round.is_complete() {
                    return Err(EngineError::RoundIncomplete(last.round.number));
                }
                if last.is_final() {
                    return Err(EngineError::InvalidCut(msg!(
                        "error.invalid-cut.bracket-finished-there-further-round",
                        "the bracket is finished; there is no further round"
                    )));
                }
                let winners: Vec<Option<PlayerId>> =
                    (0..last.slots()).map(|i| slot_winner(last, i)).collect();
                match self.repair_seed {
                    Some(seed) => {
                        let remaining: Vec<PlayerId> = winners.iter().flatten().copied().collect();
                        let index = u64::try_from(self.rounds.len() + 1).unwrap_or(u64::MAX);
                        (random_pairs(&remaining, seed, index), Some(last))
                    }
                    None => (winners, Some(last)),
                }
            }
        };
        if entrants.is_empty() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.player-left-bracket-last-matches",
                "no player is left in the bracket: the last matches ended with both players losing; correct a result to the player who advances"
            )));
        }
        let mut matches = Vec::new();
        let mut table = self.table_offset;
        for pair in entrants.chunks(2) {
            match (pair[0], pair[1]) {
                (Some(a), Some(b)) => {
                    table += 1;
                    matches.push(open_match(Some(table), Seats::Pair { a, b }));
                }
                (Some(player), None) | (None, Some(player)) => {
                    matches.push(bye(player));
                }
                (None, None) => {}
            }
        }
        let mut third_place_table = None;
        if entrants.len() == 2
            && self.third_place
            && let Some(semis) = previous
        {
            let losers: Vec<PlayerId> = (0..semis.slots())
                .filter_map(|i| semis.slot_match(i))
                .filter_map(single_loser)
                .collect();
            if let [a, b] = losers[..] {
                table += 1;
                third_place_table = Some(table);
                matches.push(open_match(Some(table), Seats::Pair { a, b }));
            }
        }
        self.rounds.push(BracketRound::new(
            number,
            matches,
            entrants,
            third_place_table,
            Vec::new(),
        ));
        Ok(())
    }

    /// Double elimination: every planned match whose two players are known and that has not
    /// been played, in plan order, as one round (tables 1, 2, …). The reset is paired only
    /// when the upper finalist lost the grand final; in it the player who went second in
    /// the grand final goes first (digest E15).
    fn pair_next_double(&mut self, plan: &[Planned], number: u32) -> Result<(), EngineError> {
        if let Some(last) = self.rounds.last()
            && !last.round.is_complete()
        {
            return Err(EngineError::RoundIncomplete(last.round.number));
        }
        if self.is_finished() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.double-elimination-finals-decided-there",
                "the double-elimination finals are decided; there is no further round"
            )));
        }
        let decided = |n: u8| self.decided(n);
        let mut entrants = Vec::new();
        let mut numbers = Vec::new();
        let mut matches = Vec::new();
        for planned in plan {
            let paired = self
                .rounds
                .iter()
                .any(|r| r.numbers.contains(&planned.number));
            if paired || !double::needed(planned, plan, &decided) {
                continue;
            }
            let a = double::resolve(planned.a, &self.seeds, &decided);
            let b = double::resolve(planned.b, &self.seeds, &decided);
            let (Some(a), Some(b)) = (a, b) else { continue };
            let table = u32::try_from(matches.len() + 1)
                .ok()
                .and_then(|n| n.checked_add(self.table_offset))
                .ok_or(EngineError::TooManyRounds)?;
            let mut playing = open_match(Some(table), Seats::Pair { a, b });
            if planned.part == double::Part::Reset {
                playing.first = self
                    .grand_final_second(plan)
                    .map(|second| if second == a { Side::A } else { Side::B });
            }
            matches.push(playing);
            entrants.extend([Some(a), Some(b)]);
            numbers.push(planned.number);
        }
        if matches.is_empty() {
            return Err(EngineError::InvalidCut(msg!(
                "error.invalid-cut.bracket-match-can-paired-finished",
                "no bracket match can be paired: a finished match has no single winner (both players lost); correct its result to the player who advances"
            )));
        }
        self.rounds
            .push(BracketRound::new(number, matches, entrants, None, numbers));
        Ok(())
    }

    /// The player who went second in game 1 of the grand final, when it was recorded.
    fn grand_final_second(&self, plan: &[Planned]) -> Option<PlayerId> {
        let grand = plan.iter().find(|p| p.part == double::Part::GrandFinal)?;
        self.rounds.iter().find_map(|round| {
            let slot = round.numbers.iter().position(|n| *n == grand.number)?;
            let found = round.slot_match(slot)?;
            let Seats::Pair { a, b } = found.seats else {
                return None;
            };
            match found.first? {
                Side::A => Some(b),
                Side::B => Some(a),
            }
        })
    }

    /// Drops `player` from the bracket: their unplayed match is lost by default. Returns
    /// the table and the winning side, for the caller to record.
    pub fn open_match_of(&self, player: PlayerId) -> Option<(u32, u32, crate::model::Side)> {
        let current = self.current()?;
        current
            .round
            .matches
            .iter()
            .find_map(|m| match (m.seats, &m.result, m.table) {
                (Seats::Pair { a, .. }, None, Some(table)) if a == player => {
                    Some((current.round.number, table, crate::model::Side::B))
                }
                (Seats::Pair { b, .. }, None, Some(table)) if b == player => {
                    Some((current.round.number, table, crate::model::Side::A))
                }
                _ => None,
            })
    }
}

/// Every remaining player paired at random for round `index` (003 §6b-ii "all remaining
/// players are randomly made into pairs"): a seeded shuffle of the players in id order;
/// with an odd number the last one drawn has no opponent and wins without playing.
fn random_pairs(players: &[PlayerId], seed: u64, index: u64) -> Vec<Option<PlayerId>> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut order: Vec<PlayerId> = players.to_vec();
    order.sort();
    let mut rng =
        rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    order.shuffle(&mut rng);
    let mut entrants: Vec<Option<PlayerId>> = order.into_iter().map(Some).collect();
    if entrants.len() % 2 == 1 {
        entrants.push(None);
    }
    entrants
}

/// First-round entrants in bracket order: seeds, with `None` for the missing seeds.
fn opening_entrants(seeds: &[PlayerId], size: usize) -> Vec<Option<PlayerId>> {
    let mut entrants = Vec::with_capacity(size);
    let mut openings = first_round(seeds).into_iter();
    for pair in super::seeding::bracket_order(size).chunks(2) {
        let exists = |seed: usize| seed <= seeds.len();
        if exists(pair[0]) || exists(pair[1]) {
            match openings.next() {
                Some(Opening::Match { higher, lower }) => {
                    entrants.extend([Some(higher), Some(lower)]);
                }
                Some(Opening::Bye { player }) => entrants.extend([Some(player), None]),
                None => entrants.extend([None, None]),
            }
        } else {
            entrants.extend([None, None]);
        }
    }
    entrants
}

fn open_match(table: Option<u32>, seats: Seats) -> Match {
    Match {
        table,
        seats,
        result: None,
        first: None,
        chooses: None,
    }
}

/// A bye slot; the caller records its result with the ruleset's scoring.
fn bye(player: PlayerId) -> Match {
    open_match(None, Seats::Single { player })
}

/// Who advances from slot `index` of a completed round (`None`: both lost or empty).
fn slot_winner(round: &BracketRound, index: usize) -> Option<PlayerId> {
    let found = round.slot_match(index)?;
    let result = found.result.as_ref()?;
    found
        .seats
        .players()
        .into_iter()
        .zip(&result.seats)
        .find(|(_, seat)| seat.outcome == Outcome::Win)
        .map(|(player, _)| player)
}

/// The one player who lost a played match, if exactly one did.
fn single_loser(found: &Match) -> Option<PlayerId> {
    let result = found.result.as_ref()?;
    let Seats::Pair { .. } = found.seats else {
        return None;
    };
    let losers: Vec<PlayerId> = found
        .seats
        .players()
        .into_iter()
        .zip(&result.seats)
        .filter(|(_, seat)| seat.outcome == Outcome::Loss)
        .map(|(player, _)| player)
        .collect();
    match losers[..] {
        [one] => Some(one),
        _ => None,
    }
}
