//! A round as the screens and printouts show it: its tables and seats, the bye, the pairing's
//! explanation, the name of a bracket round and how far the round's results are.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Match, ResultEntry, Round, Seats, Side};
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;
use ts_rs::TS;

use super::results::ResultView;

/// A player at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeatView {
    pub player: u32,
    pub name: String,
    /// Points from the result of this match, once it is recorded.
    pub points: Option<String>,
    pub outcome: Option<tablekeeper_engine::model::Outcome>,
    /// A single-seat record's result (the bye, a withdrawn bye, a late entry's missed
    /// round); left out for a seat at a table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableView {
    pub table: u32,
    /// Notes about a correction (e.g. later rounds were paired on the old standings).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Message>,
    /// `"a"` or `"b"`: who goes first in game 1, where the ruleset assigns it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Side>,
    /// `"a"` or `"b"`: who chooses to go first or second in game 1, where the ruleset gives
    /// the choice (FoW 003 §6b-vii: the higher Swiss rank in the first finals round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooses: Option<Side>,
    pub a: SeatView,
    pub b: SeatView,
    pub result: Option<ResultView>,
}

/// A round's pairings: tables, the bye and late entries' missed rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PairingsView {
    pub round: u32,
    /// For a top-cut round: `quarterfinal`, `semifinal`, `final`, `round-of-16`, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket_round: Option<String>,
    pub pairing_seed: String,
    pub complete: bool,
    pub tables: Vec<TableView>,
    pub byes: Vec<SeatView>,
    pub late_entry_losses: Vec<SeatView>,
    /// Pairs that repeat an earlier match (only when rematches were allowed).
    pub rematches: Vec<[u32; 2]>,
    /// What a manual change broke (rematches, second byes, players outside their score
    /// group); empty for the pairer's own pairings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Message>,
    /// Why the pairing looks as it does (`pair`, and `pairings --explain`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<ExplanationView>,
}

/// A player named in an explanation, with the numbers the pairer used for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NamedPlayer {
    pub player: u32,
    pub name: String,
    /// Points before the round, as the pairer counts them.
    pub points: String,
    /// Byes received before the round.
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub byes: u32,
    /// Paired against a lower-scored opponent in the previous round (the pairer avoids
    /// pairing them down twice running).
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub paired_down_last_round: bool,
    /// Place in the standings among the players paired (1 = first).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub standing: u32,
    /// The bye tie-break SoS, where the ruleset's bye rule uses it (Crossover: the
    /// standings' TB1, decision 26); `null` otherwise.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub sos: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ByeView {
    pub player: NamedPlayer,
    pub reason: Message,
    /// The first players in the ruleset's bye order (fewest byes, lowest points, then the
    /// ruleset's tie-break), best placed to receive it first; a player ahead of the
    /// recipient could not take it without a rematch.
    #[serde(default)]
    #[ts(as = "Option<Vec<NamedPlayer>>", optional)]
    pub candidates: Vec<NamedPlayer>,
}

/// A pair whose players had different points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FloatView {
    pub higher: NamedPlayer,
    pub lower: NamedPlayer,
    pub reason: Message,
}

/// Why a round was paired as it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExplanationView {
    pub round: u32,
    /// Re-running the pairer on the event as it was, with the round's stored seed, gives
    /// exactly the stored pairing (false after a manual change).
    pub regenerated_identically: bool,
    pub bye: Option<ByeView>,
    pub floats: Vec<FloatView>,
    pub rematches: Vec<[u32; 2]>,
    pub forced_second_byes: Vec<u32>,
    pub notes: Vec<Message>,
}

impl ExplanationView {
    /// A round entered as given (played on paper, paired by hand): the pairer did not make
    /// it, so there is no bye reason or float to explain.
    pub fn entered_as_given(round: u32) -> Self {
        Self {
            round,
            regenerated_identically: false,
            bye: None,
            floats: Vec::new(),
            rematches: Vec::new(),
            forced_second_byes: Vec::new(),
            notes: vec![msg!(
                "explain.entered-as-given",
                "this round was entered as given, not paired by Tablekeeper"
            )],
        }
    }

    pub fn from_explanation(
        event: &Event,
        explanation: &tablekeeper_engine::pairing::Explanation,
        regenerated_identically: bool,
    ) -> Self {
        let named = |id: tablekeeper_engine::model::PlayerId, points: i64| {
            let inputs = explanation.inputs.iter().find(|i| i.player == id);
            NamedPlayer {
                player: id.0,
                name: name_of(event, id.0),
                points: inputs.map_or(points, |i| i.score).to_string(),
                byes: inputs.map_or(0, |i| u32::try_from(i.byes).unwrap_or(u32::MAX)),
                paired_down_last_round: inputs.is_some_and(|i| i.paired_down_last_round),
                standing: inputs.map_or(0, |i| u32::try_from(i.standing).unwrap_or(u32::MAX)),
                sos: inputs.and_then(|i| i.sos).map(|v| v.to_string()),
            }
        };
        let points_of = |id: tablekeeper_engine::model::PlayerId| {
            explanation.floats.iter().find_map(|f| {
                if f.higher == id {
                    Some(f.higher_score)
                } else if f.lower == id {
                    Some(f.lower_score)
                } else {
                    None
                }
            })
        };
        ExplanationView {
            round: explanation.round,
            regenerated_identically,
            bye: explanation.bye.as_ref().map(|(id, reason)| ByeView {
                player: named(*id, points_of(*id).unwrap_or(explanation.bye_points)),
                reason: reason.clone(),
                candidates: explanation
                    .bye_candidates
                    .iter()
                    .map(|c| named(*c, 0))
                    .collect(),
            }),
            floats: explanation
                .floats
                .iter()
                .map(|f| FloatView {
                    higher: named(f.higher, f.higher_score),
                    lower: named(f.lower, f.lower_score),
                    reason: f.reason.clone(),
                })
                .collect(),
            rematches: explanation
                .rematches
                .iter()
                .map(|(a, b)| [a.0, b.0])
                .collect(),
            forced_second_byes: explanation.forced_second_byes.iter().map(|p| p.0).collect(),
            notes: explanation.notes.clone(),
        }
    }
}

pub(super) fn name_of(event: &Event, id: u32) -> String {
    event
        .player(tablekeeper_engine::model::PlayerId(id))
        .map(|p| p.details.name.clone())
        .unwrap_or_default()
}

impl TableView {
    /// The table of match `m`, seats `a` and `b` (player numbers).
    fn of(event: &Event, m: &tablekeeper_engine::model::Match, a: u32, b: u32) -> TableView {
        TableView {
            warnings: Vec::new(),
            table: m.table.unwrap_or(0),
            first: m.first,
            chooses: m.chooses,
            a: seat(event, m, a, 0),
            b: seat(event, m, b, 1),
            result: m
                .result
                .as_ref()
                .map(|r| crate::views::results::result_view(&r.entry, &event.ruleset)),
        }
    }

    /// Table `table` of round `round` (Swiss or bracket) as the round's pairings show it,
    /// without building the rest of the round.
    pub fn at(event: &Event, round: u32, table: u32) -> Option<TableView> {
        let m = event.round(round)?.match_at_table(table)?;
        match m.seats {
            Seats::Pair { a, b } => Some(TableView::of(event, m, a.0, b.0)),
            Seats::Single { .. } => None,
        }
    }
}

impl PairingsView {
    pub fn from_round(event: &Event, round: &Round) -> Self {
        let bracket_round = bracket_label(event, round.number);
        let mut view = PairingsView {
            round: round.number,
            bracket_round,
            pairing_seed: round.pairing_seed.to_string(),
            complete: round.is_complete(),
            tables: Vec::new(),
            byes: Vec::new(),
            late_entry_losses: Vec::new(),
            rematches: Vec::new(),
            warnings: Vec::new(),
            explanation: None,
        };
        // Every earlier pair once (a scan per table made a 512-table view of round 10
        // cost millions of comparisons).
        let met_before: std::collections::HashSet<(u32, u32)> = event
            .rounds
            .iter()
            .filter(|r| r.number < round.number)
            .flat_map(|r| &r.matches)
            .filter_map(|x| match x.seats {
                Seats::Pair { a, b } => Some((a.0.min(b.0), a.0.max(b.0))),
                Seats::Single { .. } => None,
            })
            .collect();
        for m in &round.matches {
            match m.seats {
                Seats::Pair { a, b } => {
                    if met_before.contains(&(a.0.min(b.0), a.0.max(b.0))) {
                        view.rematches.push([a.0, b.0]);
                    }
                    view.tables.push(TableView::of(event, m, a.0, b.0));
                }
                Seats::Single { player } => {
                    let mut single = seat(event, m, player.0, 0);
                    single.result = m
                        .result
                        .as_ref()
                        .map(|r| crate::views::results::result_view(&r.entry, &event.ruleset));
                    match m.result.as_ref().map(|r| &r.entry) {
                        Some(ResultEntry::LateEntryLoss) => view.late_entry_losses.push(single),
                        _ => view.byes.push(single),
                    }
                }
            }
        }
        view.tables.sort_by_key(|t| t.table);
        view
    }
}

fn seat(event: &Event, m: &Match, player: u32, index: usize) -> SeatView {
    let seat = m.result.as_ref().and_then(|r| r.seats.get(index));
    SeatView {
        player,
        name: name_of(event, player),
        points: seat.map(|s| s.points.to_string()),
        outcome: seat.map(|s| s.outcome),
        result: None,
    }
}

/// Name of a bracket round by the number of players entering it.
pub fn round_label(entrants: usize) -> String {
    match entrants {
        2 => "final".into(),
        4 => "semifinal".into(),
        8 => "quarterfinal".into(),
        n => format!("round-of-{n}"),
    }
}

/// The name of bracket round `number` (`quarterfinal`, `final`, … or `double-elimination`);
/// `None` for a Swiss round.
pub fn bracket_label(event: &Event, number: u32) -> Option<String> {
    let cut = event.cut.as_ref()?;
    let round = cut.rounds.iter().find(|r| r.round.number == number)?;
    Some(if cut.double {
        "double-elimination".to_string()
    } else {
        round_label(round.entrants.len())
    })
}

/// Where a round stands: how many of its tables have their result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundProgress {
    pub round: u32,
    /// Tables with a result.
    pub entered: u32,
    pub tables: u32,
    /// Every table (and bye) of the round has its result: the next round can be paired.
    pub complete: bool,
    /// How the round's sheets went out (`null`: not yet, or not since its pairing changed).
    pub printed: Option<super::printing::PrintedView>,
    /// For a bracket round, its name (as `PairingsView.bracket_round`); `null` for Swiss.
    pub bracket: Option<String>,
}

impl RoundProgress {
    /// How far `round` of `event` is: its results, and whether its sheets went out.
    pub fn of(event: &Event, round: &Round) -> RoundProgress {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let tables = round.matches.iter().filter(|m| m.table.is_some());
        RoundProgress {
            round: round.number,
            entered: count(tables.clone().filter(|m| m.result.is_some()).count()),
            tables: count(tables.count()),
            complete: round.is_complete(),
            printed: super::printing::PrintedView::of(event, round.number),
            bracket: bracket_label(event, round.number),
        }
    }
}
