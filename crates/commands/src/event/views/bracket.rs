//! The bracket of the top cut as the UI, the CLI and printouts show it: every round from
//! the first to the final (future rounds with their slots still open), winners, the
//! third-place match and the champion.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Match, Outcome, PlayerId, Seats};
use tablekeeper_engine::top_cut::bracket::{BracketRound, Cut};
use tablekeeper_words::message::Message;
use ts_rs::TS;

/// A finalist with their seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BracketSeat {
    pub seed: u32,
    pub player: u32,
    pub name: String,
}

/// One match (or bye) of the bracket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BracketMatchView {
    /// Table number; `null` for a bye or a match not yet paired.
    pub table: Option<u32>,
    pub a: Option<BracketSeat>,
    pub b: Option<BracketSeat>,
    /// The player who advances, once decided.
    pub winner: Option<u32>,
    /// The recorded result (a bye, a game score, a double loss, …).
    pub result: Option<crate::views::results::ResultView>,
    /// Double elimination: the bracket number (FoW "bracket n") and its part: `upper`,
    /// `lower`, `grand-final` or `reset`.
    #[serde(default)]
    pub bracket: Option<u32>,
    #[serde(default)]
    pub part: Option<tablekeeper_engine::top_cut::double::Part>,
    /// `"a"` or `"b"`: who goes first in game 1, where the ruleset assigns it (FoW Player
    /// Arrangement Control; the grand final's second player in the reset, digest E15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<tablekeeper_engine::model::Side>,
    /// `"a"` or `"b"`: who chooses to go first or second in game 1 (FoW 003 §6b-vii: the
    /// higher Swiss rank in the first finals round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooses: Option<tablekeeper_engine::model::Side>,
}

/// The draw among players tied on the cut line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CutDrawView {
    /// The cut's seed (u64 as a decimal string), `cut --seed` or drawn and recorded.
    pub seed: String,
    /// The tied players, in standings order.
    pub among: Vec<BracketSeat>,
    /// How many of them advanced.
    pub places: u32,
    /// The players drawn, in the order the draw seeded them.
    pub drawn: Vec<u32>,
    /// How the draw is made: a kind each host words in its own language.
    pub method: CutDrawMethod,
}

/// How a draw among players tied on the cut line is made (000 §3.2.4.1, E1; docs/decisions.md
/// 32). Data, not words: the UI, the CLI and printouts say it in the reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "kebab-case")]
pub enum CutDrawMethod {
    /// The tied players, in standings order, shuffled with the cut's seed (ChaCha8); the
    /// first `places` of the shuffle advance.
    SeededShuffle,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BracketRoundView {
    /// The event round number once paired; `null` for rounds still to come.
    pub number: Option<u32>,
    /// `round-of-16`, `quarterfinal`, `semifinal`, `final`.
    pub label: String,
    pub matches: Vec<BracketMatchView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BracketView {
    /// Number of finalists.
    pub size: u32,
    pub third_place: bool,
    /// Double-elimination finals (rounds are labelled `double-elimination`, each match
    /// names its bracket and part).
    #[serde(default)]
    pub double: bool,
    /// Seed 1 first.
    pub seeds: Vec<BracketSeat>,
    pub rounds: Vec<BracketRoundView>,
    pub third_place_match: Option<BracketMatchView>,
    pub champion: Option<BracketSeat>,
    /// What the scorekeeper does next: `pair`, `results` or `finished`.
    pub next: String,
    /// The draw that decided who advanced among players tied on the cut line; `null` when
    /// none was needed.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub draw: Option<CutDrawView>,
    /// A single-elimination event paired at random every round (FoW 003 §6b-ii): later
    /// rounds are drawn, not fixed by the bracket.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub random_each_round: bool,
    /// Only in the answer of `cut`: what the organizer should know (Swiss rounds left
    /// unplayed, double elimination not possible for this size).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Message>,
}

impl BracketView {
    pub fn from_cut(event: &Event, cut: &Cut) -> BracketView {
        let seat = |player: PlayerId| {
            let seed = cut.seeds.iter().position(|p| *p == player).unwrap_or(0);
            BracketSeat {
                seed: u32::try_from(seed + 1).unwrap_or(u32::MAX),
                player: player.0,
                name: event
                    .player(player)
                    .map(|p| p.details.name.clone())
                    .unwrap_or_default(),
            }
        };
        let plan = cut.plan();
        let mut rounds: Vec<BracketRoundView> = cut
            .rounds
            .iter()
            .map(|played| BracketRoundView {
                number: Some(played.round.number),
                label: if plan.is_some() {
                    "double-elimination".into()
                } else {
                    crate::views::round_label(played.entrants.len())
                },
                matches: (0..played.slots())
                    .map(|slot| {
                        let mut view = slot_view(played, slot, &seat, &event.ruleset);
                        if let (Some(plan), Some(number)) = (plan, played.numbers.get(slot)) {
                            view.bracket = Some(u32::from(*number));
                            view.part = plan.iter().find(|p| p.number == *number).map(|p| p.part);
                        }
                        view
                    })
                    .collect(),
            })
            .collect();
        // Players left after the last round paired (its slots' winners); double
        // elimination shows only the rounds played, since later ones depend on results.
        let mut remaining = match cut.rounds.last() {
            _ if plan.is_some() => 0,
            Some(last) if !last.is_final() => last.slots(),
            Some(_) => 0,
            None => cut.seeds.len(),
        };
        let random = cut.repair_seed.is_some();
        while remaining > 1 {
            // A bracket keeps its power-of-two slots; a random draw pairs who is left.
            let slots = if random {
                remaining.div_ceil(2)
            } else {
                remaining.next_power_of_two() / 2
            };
            rounds.push(BracketRoundView {
                number: None,
                label: crate::views::round_label(slots * 2),
                matches: (0..slots).map(|_| empty_match()).collect(),
            });
            remaining = slots;
        }
        let third_place_match = cut.rounds.last().and_then(|last| {
            let table = last.third_place_table?;
            last.round
                .match_at_table(table)
                .map(|m| match_view(m, &seat, &event.ruleset))
        });
        let next = if cut.is_finished() {
            "finished"
        } else if cut.current().is_some_and(|r| !r.round.is_complete()) {
            "results"
        } else {
            "pair"
        };
        BracketView {
            size: u32::try_from(cut.seeds.len()).unwrap_or(u32::MAX),
            third_place: cut.third_place,
            double: cut.double,
            seeds: cut.seeds.iter().map(|p| seat(*p)).collect(),
            rounds,
            third_place_match,
            champion: cut.champion().map(seat),
            next: next.into(),
            draw: cut.draw.as_ref().map(|draw| CutDrawView {
                seed: draw.seed.to_string(),
                among: draw.among.iter().map(|p| seat(*p)).collect(),
                places: draw.places,
                drawn: cut
                    .seeds
                    .iter()
                    .filter(|p| draw.among.contains(p))
                    .map(|p| p.0)
                    .collect(),
                method: CutDrawMethod::SeededShuffle,
            }),
            random_each_round: random,
            warnings: Vec::new(),
        }
    }
}

fn empty_match() -> BracketMatchView {
    BracketMatchView {
        table: None,
        a: None,
        b: None,
        winner: None,
        result: None,
        bracket: None,
        part: None,
        first: None,
        chooses: None,
    }
}

fn slot_view(
    round: &BracketRound,
    slot: usize,
    seat: &impl Fn(PlayerId) -> BracketSeat,
    ruleset: &tablekeeper_engine::Ruleset,
) -> BracketMatchView {
    match round.slot_match(slot) {
        Some(m) => match_view(m, seat, ruleset),
        None => BracketMatchView {
            a: round.entrants[2 * slot].map(seat),
            b: round.entrants[2 * slot + 1].map(seat),
            ..empty_match()
        },
    }
}

fn match_view(
    m: &Match,
    seat: &impl Fn(PlayerId) -> BracketSeat,
    ruleset: &tablekeeper_engine::Ruleset,
) -> BracketMatchView {
    let players = m.seats.players();
    let winner = m.result.as_ref().and_then(|r| {
        players
            .iter()
            .zip(&r.seats)
            .find(|(_, s)| s.outcome == Outcome::Win)
            .map(|(p, _)| p.0)
    });
    let (a, b) = match m.seats {
        Seats::Pair { a, b } => (Some(seat(a)), Some(seat(b))),
        Seats::Single { player } => (Some(seat(player)), None),
    };
    BracketMatchView {
        table: m.table,
        a,
        b,
        winner,
        result: m
            .result
            .as_ref()
            .map(|r| crate::views::results::result_view(&r.entry, ruleset)),
        bracket: None,
        part: None,
        first: m.first,
        chooses: m.chooses,
    }
}
