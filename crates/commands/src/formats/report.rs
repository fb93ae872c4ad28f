//! The organizer's post-event report for the publisher: final standings, every penalty
//! and disqualification (Bushiroad's post-event report, 000 §1.9 / 001 第1部), and the
//! registered decks with results (Bandai, 002 §2.12 / §5.5).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::CommandError;
use crate::session::Session;
use crate::views::{PenaltyView, StandingsRowView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckLine {
    pub player: u32,
    pub name: String,
    pub deck: tablekeeper_engine::model::DeckData,
}

/// A team member's own record: the seat results of their team's matches entered seat by
/// seat (decision 9). Byes and matches decided without the seats (a default, a penalty)
/// are the team's, not a member's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MemberLine {
    pub team: u32,
    pub team_name: String,
    /// Seat from 1.
    pub seat: u32,
    pub name: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The member's deck, when registered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<tablekeeper_engine::model::DeckData>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct EventReport {
    pub event: String,
    pub ruleset: String,
    pub ruleset_source: String,
    pub players: u32,
    pub rounds: u32,
    pub standings: Vec<StandingsRowView>,
    pub penalties: Vec<PenaltyView>,
    pub disqualified: Vec<String>,
    pub decks: Vec<DeckLine>,
    /// Team events: every member's record, team by team in registration order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<MemberLine>,
    /// Players' calls for a judge from their phones, in the order called; for
    /// the organizer and the publisher, never shown to other players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judge_calls: Vec<crate::views::door::JudgeCallView>,
}

/// Every team member's record over the team matches entered seat by seat (Swiss and
/// bracket rounds).
fn member_lines(event: &tablekeeper_engine::Event) -> Vec<MemberLine> {
    use tablekeeper_engine::model::{ResultEntry, Seats, TeamSeat};
    let mut lines: Vec<MemberLine> = event
        .players
        .iter()
        .flat_map(|team| {
            team.details
                .members
                .iter()
                .enumerate()
                .map(|(seat, name)| MemberLine {
                    team: team.id.0,
                    team_name: team.details.name.clone(),
                    seat: u32::try_from(seat + 1).unwrap_or(u32::MAX),
                    name: name.clone(),
                    wins: 0,
                    losses: 0,
                    draws: 0,
                    deck: team.member_decks.get(seat).cloned().flatten(),
                })
        })
        .collect();
    let bracket = event.cut.iter().flat_map(|c| &c.rounds).map(|r| &r.round);
    for m in event.rounds.iter().chain(bracket).flat_map(|r| &r.matches) {
        let (Seats::Pair { a, b }, Some(result)) = (m.seats, &m.result) else {
            continue;
        };
        let ResultEntry::Team { seats } = &result.entry else {
            continue;
        };
        for (index, seat) in seats.iter().enumerate() {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            for (team, won, lost) in [(a, TeamSeat::A, TeamSeat::B), (b, TeamSeat::B, TeamSeat::A)]
            {
                if let Some(line) = lines
                    .iter_mut()
                    .find(|l| l.team == team.0 && l.seat == number)
                {
                    match *seat {
                        s if s == won => line.wins += 1,
                        s if s == lost => line.losses += 1,
                        TeamSeat::Draw => line.draws += 1,
                        _ => line.losses += 1,
                    }
                }
            }
        }
    }
    lines
}

pub fn report(session: &Session) -> Result<EventReport, CommandError> {
    let event = session.event();
    let standings = session.standings()?;
    Ok(EventReport {
        event: event.settings.name.clone(),
        ruleset: event.ruleset.id.clone(),
        ruleset_source: event.ruleset.source.clone(),
        players: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
        rounds: standings.completed_rounds,
        standings: standings.rows,
        penalties: session.penalties(),
        disqualified: event
            .players
            .iter()
            .filter(|p| p.disqualified)
            .map(|p| p.details.name.clone())
            .collect(),
        decks: event
            .players
            .iter()
            .filter_map(|p| {
                p.deck.clone().map(|deck| DeckLine {
                    player: p.id.0,
                    name: p.details.name.clone(),
                    deck,
                })
            })
            .collect(),
        members: member_lines(event),
        judge_calls: {
            let mut calls = crate::views::door::JudgeCallsView::of(event, 0).calls;
            calls.sort_by_key(|c| c.number);
            calls
        },
    })
}

/// Plain text of the report, for printing or mailing.
pub fn text(report: &EventReport) -> String {
    let mut out = format!(
        "Event report: {}\nRuleset: {} ({})\nPlayers: {}  Rounds: {}\n\nFinal standings\n",
        report.event, report.ruleset, report.ruleset_source, report.players, report.rounds
    );
    for row in &report.standings {
        let values: Vec<String> = row
            .tiebreakers
            .iter()
            .map(|t| format!("{} {}", t.id, t.display))
            .collect();
        out.push_str(&format!(
            "{:>4}. {}  {} pts  {}-{}-{}  {}\n",
            row.rank,
            row.name,
            row.points,
            row.wins,
            row.losses,
            row.draws,
            values.join("  ")
        ));
    }
    out.push_str("\nPenalties\n");
    if report.penalties.is_empty() {
        out.push_str("  none\n");
    }
    for p in &report.penalties {
        let note = p
            .note
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        out.push_str(&format!(
            "  round {}: {} — {}: {}{}\n",
            p.round,
            p.name,
            p.penalty,
            p.infraction_message().text,
            note
        ));
    }
    out.push_str("\nDisqualifications\n");
    if report.disqualified.is_empty() {
        out.push_str("  none\n");
    }
    for name in &report.disqualified {
        out.push_str(&format!("  {name}\n"));
    }
    if !report.members.is_empty() {
        out.push_str("\nTeam members\n");
        for line in &report.members {
            out.push_str(&format!(
                "  {} (seat {}): {}  {}-{}-{}\n",
                line.team_name, line.seat, line.name, line.wins, line.losses, line.draws
            ));
        }
    }
    if !report.judge_calls.is_empty() {
        out.push_str("\nJudge calls\n");
        for call in &report.judge_calls {
            let at = |seconds: Option<i64>| {
                seconds
                    .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
                    .map(|t| t.format("%H:%M:%S UTC").to_string())
                    .unwrap_or_else(|| "-".to_string())
            };
            out.push_str(&format!(
                "  {}. round {}, table {}: {}{} — called {}, claimed {}, resolved {}\n",
                call.number,
                call.round.map_or("-".to_string(), |r| r.to_string()),
                call.table.map_or("-".to_string(), |t| t.to_string()),
                call.name,
                call.reason
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default(),
                at(Some(call.at)),
                at(call.claimed_at),
                at(call.resolved_at)
            ));
        }
    }
    if !report.decks.is_empty() {
        out.push_str("\nDecks\n");
        for line in &report.decks {
            let deck = &line.deck;
            let label = [
                &deck.name,
                &deck.title,
                &deck.nation_clan,
                &deck.ride_line,
                &deck.oshi,
            ]
            .iter()
            .filter_map(|v| v.as_deref())
            .collect::<Vec<_>>()
            .join(" / ");
            out.push_str(&format!("  {}: {}\n", line.name, label));
            for card in &deck.cards {
                out.push_str(&format!(
                    "      {} × {} {}\n",
                    card.count, card.number, card.name
                ));
            }
        }
    }
    out
}
