//! The shapes commands answer with (documented in `docs/cli-json.md`): pure data built
//! from the event, with no `Session` and no files. The shapes every screen shows are here;
//! each feature's own are in its file.
//!
//! Exact values are strings: fractions such as `"2/3"` or integers such as `"3"`.

pub mod attention;
pub mod bracket;
pub mod breakdown;
pub mod deck_checks;
pub mod door;
pub mod exchange;
pub mod library;
pub mod meta;
pub mod prizes;
pub mod projection;
pub mod ratings;
pub mod results;
pub mod takeover;
pub mod tickets;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::Event;
use tablekeeper_engine::model::{Match, Player, PlayerStatus, ResultEntry, Round, Seats, Side};
use tablekeeper_engine::standings::{Standings, TiebreakValue};
use tablekeeper_words::message::Message;
use tablekeeper_words::msg;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RulesetRef {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
}

/// `tablekeeper status`: the event at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EventView {
    pub file: String,
    pub name: String,
    pub title: Option<String>,
    pub ruleset: RulesetRef,
    pub planned_rounds: u32,
    pub rounds_paired: u32,
    pub current_round_complete: bool,
    pub players_registered: u32,
    pub players_active: u32,
    /// Swiss rounds the publisher's table suggests for the field (`field`); with a planned
    /// cut, from the "with cut" table. `0` while fewer than 2 players are registered.
    pub recommended_rounds: u32,
    /// Top cut size suggested for the field (0: no cut).
    pub recommended_cut: u32,
    /// The top cut the organizer planned (`create --cut N`; 0: none).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub planned_cut: u32,
    /// The event's first table number (its table range starts there).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub first_table: u32,
    /// With a planned cut, the range of Swiss rounds the publisher's with-cut table gives
    /// (Bushiroad: e.g. `[3, 5]`); `null` when it gives one count or no cut is planned.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub recommended_rounds_range: Option<[u32; 2]>,
    /// `round-robin` when the publisher recommends one instead of Swiss for the field
    /// (Bushiroad, 2–4 players); `null` otherwise.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub recommended_structure: Option<tablekeeper_engine::rules::structure::Structure>,
    /// The finals a plain `cut` plays: `single-elimination`, or `double-elimination` (FoW
    /// with one-game matches, 4 or 8 players).
    #[serde(default)]
    #[ts(as = "Option<crate::vocabulary::Finals>", optional)]
    pub recommended_finals: crate::vocabulary::Finals,
    /// The number of players the suggestions are for: the active players before round 1,
    /// then the field of round 1 (late entries and later drops do not change it).
    #[serde(default)]
    #[ts(as = "Option<u32>", optional)]
    pub field: u32,
    /// `registration` (no round paired), `swiss`, `cut` (bracket running) or `finished`.
    pub stage: crate::vocabulary::Stage,
    /// `swiss`, `round-robin`, `two-loss`, `points-threshold` or `single-elimination`.
    #[serde(default)]
    pub structure: tablekeeper_engine::rules::structure::Structure,
    /// Members per team (2 tag, 3 trio); 0 for an individual event.
    #[serde(default)]
    pub team_size: u8,
    /// Why no further round can be paired under the structure (an elimination decided,
    /// a round robin complete), if so.
    #[serde(default)]
    pub structure_finished: Option<Message>,
    /// `null` when changes are saved to the file; otherwise why the event opened for
    /// reading only (changes are refused with that reason's error kind).
    #[serde(default)]
    pub read_only: Option<ReadOnlyView>,
    /// The event part of the codes on its match slips (`TK-<code>-<round>-<table>`).
    #[serde(default)]
    pub slip_code: String,
}

/// Why an event opened for reading only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReadOnlyView {
    /// `media` (write-protected disk, file or folder), `disk-full`, `in-use` (another
    /// Tablekeeper has it open) or `moved` (a station took it over; `detail` is its address).
    pub reason: String,
    /// The details in words (`the disk is write-protected…`, the holder).
    pub detail: String,
}

impl ReadOnlyView {
    pub fn from_reason(reason: &tablekeeper_store::ReadOnlyReason) -> ReadOnlyView {
        use tablekeeper_store::ReadOnlyReason;
        let (kind, detail) = match reason {
            ReadOnlyReason::Media { why } => ("media", why.clone()),
            ReadOnlyReason::DiskFull => ("disk-full", "the disk is full".to_string()),
            ReadOnlyReason::InUse { holder } => ("in-use", holder.clone()),
            ReadOnlyReason::Inspection => ("inspection", "opened to be read".to_string()),
            ReadOnlyReason::Moved { to } => ("moved", to.clone()),
        };
        ReadOnlyView {
            reason: kind.into(),
            detail,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayerView {
    pub id: u32,
    pub name: String,
    pub reading: Option<String>,
    pub publisher_id: Option<String>,
    pub nickname: Option<String>,
    pub joined_round: u32,
    pub status: crate::vocabulary::PlayerState,
    pub dropped_after_round: Option<u32>,
    /// A table this player keeps every round (accessibility).
    #[serde(default)]
    pub fixed_table: Option<u32>,
    #[serde(default)]
    pub disqualified: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<tablekeeper_engine::model::DeckData>,
    /// A team's members in seat order (team events).
    #[serde(default)]
    pub members: Vec<String>,
    /// Each member's deck in seat order (`null` where none is registered); left out when
    /// no member has one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub member_decks: Vec<Option<tablekeeper_engine::model::DeckData>>,
    /// For a dropped player: `after-pairing` (the round's match was lost, a bye withdrawn)
    /// or `after-results` (out from the next round); `null` otherwise and for drops
    /// recorded before this was kept.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub drop: Option<tablekeeper_engine::model::DropTiming>,
}

impl PlayerView {
    pub fn from_player(player: &Player) -> Self {
        let (status, dropped_after_round) = match player.status {
            PlayerStatus::Active => (crate::vocabulary::PlayerState::Active, None),
            PlayerStatus::Dropped { after_round } => {
                (crate::vocabulary::PlayerState::Dropped, Some(after_round))
            }
        };
        PlayerView {
            id: player.id.0,
            name: player.name.clone(),
            reading: player.reading.clone(),
            publisher_id: player.publisher_id.clone(),
            nickname: player.nickname.clone(),
            joined_round: player.joined_round,
            status,
            dropped_after_round,
            fixed_table: player.fixed_table,
            disqualified: player.disqualified,
            deck: player.deck.clone(),
            members: player.members.clone(),
            member_decks: player.member_decks.clone(),
            drop: player.drop_timing,
        }
    }
}

/// A recorded penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PenaltyView {
    pub player: u32,
    pub name: String,
    /// In team events, the member the penalty was given to (its effect is the team's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    pub round: u32,
    pub penalty: tablekeeper_engine::model::PenaltyType,
    /// The infraction as typed; empty for a tardiness penalty, which has `late_minutes`.
    pub infraction: String,
    /// A tardiness penalty: how many minutes late (decision 16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub late_minutes: Option<u32>,
    pub note: Option<String>,
}

impl PenaltyView {
    /// The infraction in words: as typed, or "tardiness (N min)".
    pub fn infraction_message(&self) -> Message {
        infraction_message(&self.infraction, self.late_minutes)
    }
}

pub use tablekeeper_engine::model::infraction_message;

impl PenaltyView {
    pub fn from_record(event: &Event, record: &tablekeeper_engine::model::PenaltyRecord) -> Self {
        PenaltyView {
            player: record.player.0,
            name: name_of(event, record.player.0),
            member: record.member.and_then(|seat| {
                event
                    .player(record.player)
                    .ok()
                    .and_then(|p| p.members.get(usize::from(seat)).cloned())
            }),
            round: record.round,
            penalty: record.penalty,
            infraction: record.typed_infraction().to_string(),
            late_minutes: record.late_minutes(),
            note: record.note.clone(),
        }
    }
}

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

pub use crate::views::results::{GamesView, ResultView};

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ValueView {
    pub id: String,
    /// Exact value as a reduced fraction; `null` where not applicable.
    pub exact: Option<String>,
    pub display: String,
}

impl ValueView {
    fn from_value(value: &TiebreakValue) -> Self {
        ValueView {
            id: value.tiebreaker.id().to_string(),
            exact: value.exact.map(|v| v.to_string()),
            display: value.display.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsRowView {
    pub rank: u32,
    pub player: u32,
    pub name: String,
    pub points: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub match_win: Option<ValueView>,
    pub tiebreakers: Vec<ValueView>,
    pub decided_by_random: bool,
    pub dropped: bool,
    /// Disqualified (the seeds let the organizer revoke the standing; it is kept here).
    #[serde(default)]
    pub disqualified: bool,
    /// Out of an elimination format (two losses, or below the points threshold).
    #[serde(default)]
    pub eliminated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandingsView {
    pub completed_rounds: u32,
    pub chain: Vec<String>,
    pub random_seed: String,
    pub rows: Vec<StandingsRowView>,
}

impl StandingsView {
    pub fn from_standings(event: &Event, standings: &Standings) -> Self {
        // Derived from the same completed rounds as the standings; an arithmetic failure
        // there would already have failed the standings.
        let eliminated =
            tablekeeper_engine::standings::elimination::eliminated(event).unwrap_or_default();
        let rows = standings
            .rows
            .iter()
            .map(|row| StandingsRowView {
                rank: row.rank,
                player: row.player.0,
                name: name_of(event, row.player.0),
                points: row.points.to_string(),
                wins: row.wins,
                losses: row.losses,
                draws: row.draws,
                match_win: row.match_win.as_ref().map(ValueView::from_value),
                tiebreakers: row.tiebreakers.iter().map(ValueView::from_value).collect(),
                decided_by_random: row.decided_by_random,
                dropped: row.dropped,
                disqualified: event.player(row.player).is_ok_and(|p| p.disqualified),
                eliminated: eliminated.contains(&row.player),
            })
            .collect();
        StandingsView {
            completed_rounds: standings.completed_rounds,
            chain: standings.chain.iter().map(|t| t.id().to_string()).collect(),
            random_seed: standings.random_seed.to_string(),
            rows,
        }
    }
}

fn name_of(event: &Event, id: u32) -> String {
    event
        .player(tablekeeper_engine::model::PlayerId(id))
        .map(|p| p.name.clone())
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
        let bracket_round = event.cut.as_ref().and_then(|cut| {
            cut.rounds
                .iter()
                .find(|r| r.round.number == round.number)
                .map(|r| {
                    if cut.double {
                        "double-elimination".to_string()
                    } else {
                        round_label(r.entrants.len())
                    }
                })
        });
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
}

impl RoundProgress {
    /// How far `round`'s results are.
    pub fn of(round: &Round) -> RoundProgress {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let tables = round.matches.iter().filter(|m| m.table.is_some());
        RoundProgress {
            round: round.number,
            entered: count(tables.clone().filter(|m| m.result.is_some()).count()),
            tables: count(tables.count()),
            complete: round.is_complete(),
        }
    }
}
