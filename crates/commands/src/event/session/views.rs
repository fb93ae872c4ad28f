//! What an open event shows: its summary, the pairings of a round, and the standings (now,
//! or as they were before a round).

use crate::error::CommandError;
use crate::views::{EventView, PairingsView, RulesetRef, StandingsView};
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::standings;

use super::open::{Session, no_round_yet};
use crate::vocabulary::Stage;

impl Session {
    pub fn summary(&self) -> EventView {
        let event = &self.event;
        EventView {
            file: self.path().display().to_string(),
            name: event.settings.name.clone(),
            title: event.settings.title.clone(),
            ruleset: RulesetRef {
                id: event.ruleset.id.clone(),
                name_en: event.ruleset.name_en.clone(),
                name_ja: event.ruleset.name_ja.clone(),
            },
            planned_rounds: event.settings.planned_rounds,
            // A single-elimination event's rounds are its bracket's.
            rounds_paired: u32::try_from(
                if event.settings.structure == Structure::SingleElimination {
                    event.cut.as_ref().map_or(0, |c| c.rounds.len())
                } else {
                    event.rounds.len()
                },
            )
            .unwrap_or(u32::MAX),
            current_round_complete: event.current_round().is_none_or(|r| r.is_complete()),
            players_registered: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
            players_active: u32::try_from(event.active_players().count()).unwrap_or(u32::MAX),
            recommended_rounds: self.recommended_rounds(),
            recommended_cut: self.recommended_cut(),
            planned_cut: event.settings.planned_cut,
            first_table: event.settings.first_table(),
            recommended_rounds_range: self.recommended_rounds_range(),
            recommended_structure: self.recommended_structure(),
            recommended_finals: self.recommended_finals(),
            field: self.field_size(),
            stage: match &event.cut {
                Some(cut) if cut.is_finished() => Stage::Finished,
                Some(_) => Stage::Cut,
                None if event.rounds.is_empty() => Stage::Registration,
                None => Stage::Swiss,
            },
            structure: event.settings.structure,
            team_size: event.settings.team_size,
            structure_finished: tablekeeper_engine::rules::structure::finished(event)
                .ok()
                .flatten(),
            slip_code: crate::slip_code::event_code(event),
            read_only: self
                .read_only()
                .map(crate::views::ReadOnlyView::from_reason),
            cut_size: event
                .cut
                .as_ref()
                .map_or(0, |cut| u32::try_from(cut.seeds.len()).unwrap_or(u32::MAX)),
            bracket_round: event
                .cut
                .as_ref()
                .and_then(|cut| cut.rounds.last())
                .and_then(|last| crate::views::pairings::bracket_label(event, last.round.number)),
        }
    }

    /// Pairings of `round` (default: the current round).
    pub fn pairings(&self, round: Option<u32>) -> Result<PairingsView, CommandError> {
        let event = &self.event;
        let found = match round {
            Some(number) => event.round(number),
            None => event.current_round(),
        };
        let found = found.ok_or_else(|| match round {
            Some(number) => {
                CommandError::from(tablekeeper_engine::EngineError::UnknownRound(number))
            }
            None => no_round_yet(),
        })?;
        Ok(PairingsView::from_round(event, found))
    }

    /// Each player's points before `round` was played (what a reprint of that round's
    /// pairings shows): the standings of the rounds before it, with today's corrections.
    pub fn points_before(
        &self,
        round: u32,
    ) -> Result<std::collections::HashMap<u32, String>, CommandError> {
        Ok(self
            .standings_before(round)?
            .rows
            .into_iter()
            .map(|row| (row.player, row.points))
            .collect())
    }

    /// The standings of the rounds before `round` (points and records as they stood when
    /// it was paired, with today's corrections): what its reprinted pairings and its slips
    /// show.
    pub fn standings_before(&self, round: u32) -> Result<StandingsView, CommandError> {
        let mut before = self.event.clone();
        before.rounds.retain(|r| r.number < round);
        before.penalties.retain(|p| p.round < round);
        before.cut = None;
        let computed = standings::compute(&before)?;
        Ok(StandingsView::from_standings(&before, &computed))
    }

    pub fn standings(&self) -> Result<StandingsView, CommandError> {
        self.standings_top(usize::MAX)
    }

    /// The standings with only their first `first` rows (every row's rank is still decided
    /// over the whole field).
    pub fn standings_top(&self, first: usize) -> Result<StandingsView, CommandError> {
        let computed = standings::compute(&self.event)?;
        Ok(StandingsView::from_standings_top(
            &self.event,
            &computed,
            first,
        ))
    }

    /// Where `round` (default: the current one) stands.
    pub fn progress(
        &self,
        round: Option<u32>,
    ) -> Result<crate::views::RoundProgress, CommandError> {
        let number = self.round_or_current(round)?;
        let found = self
            .event
            .round(number)
            .ok_or(tablekeeper_engine::EngineError::UnknownRound(number))?;
        Ok(crate::views::RoundProgress::of(&self.event, found))
    }
}
