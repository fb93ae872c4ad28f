//! The organizer's post-event report for the publisher: final standings, every penalty
//! and disqualification (Bushiroad's post-event report, 000 §1.9 / 001 第1部), and the
//! registered decks with results (Bandai, 002 §2.12 / §5.5).

use serde::{Deserialize, Serialize};

use crate::error::CommandError;
use crate::session::Session;
use crate::views::{PenaltyView, StandingsRowView};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckLine {
    pub player: u32,
    pub name: String,
    pub deck: tablekeeper_engine::model::DeckData,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
            .map(|p| p.name.clone())
            .collect(),
        decks: event
            .players
            .iter()
            .filter_map(|p| {
                p.deck.clone().map(|deck| DeckLine {
                    player: p.id.0,
                    name: p.name.clone(),
                    deck,
                })
            })
            .collect(),
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
            p.round, p.name, p.penalty, p.infraction, note
        ));
    }
    out.push_str("\nDisqualifications\n");
    if report.disqualified.is_empty() {
        out.push_str("  none\n");
    }
    for name in &report.disqualified {
        out.push_str(&format!("  {name}\n"));
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
