//! The top cut on an open event: choosing the finalists, pairing bracket rounds, and the
//! bracket as the UI and printouts show it.

use rand::RngExt;
use tablekeeper_engine::cut::select_by_ranking;
use tablekeeper_engine::{Action, standings};

use super::Session;
use crate::bracket_view::BracketView;
use crate::error::CommandError;
use crate::views::PairingsView;

/// What the organizer decided for the cut.
#[derive(Debug, Clone, Default)]
pub struct CutOptions {
    /// Number of finalists (the bracket is padded to a power of two with byes).
    pub size: u32,
    /// Play a third-place match between the semifinal losers.
    pub third_place: bool,
    /// Players who declined, are absent, or were excluded by the organizer (by id or name);
    /// the next player in the standings moves up.
    pub excluded: Vec<String>,
    /// Seed of the draw among players tied on the cut line; `None` draws one.
    pub seed: Option<u64>,
    /// Double-elimination finals (FoW best-of-one finals, decision 23; 4 or 8 players).
    pub double: bool,
}

impl Session {
    /// Top cut size suggested for the active players: the ruleset's table where it gives
    /// one (Bandai), else top 8 from 33 players, top 4 from 9 (decision 25).
    pub fn recommended_cut(&self) -> u32 {
        let count = u32::try_from(self.event.active_players().count()).unwrap_or(u32::MAX);
        match self
            .event
            .ruleset
            .recommended_for(count)
            .and_then(|r| r.cut)
        {
            Some(cut) => cut,
            None if count >= 33 => 8,
            None if count >= 9 => 4,
            None => 0,
        }
    }

    /// Fixes the finalists from the final Swiss standings (000 §3.2.4.1, digest E1) and
    /// pairs the first bracket round, in one step.
    pub fn start_cut(&mut self, options: CutOptions) -> Result<BracketView, CommandError> {
        if options.size < 2 {
            return Err(CommandError::input(
                "invalid-cut",
                "a top cut needs at least 2 players; choose a size such as 4 or 8",
            ));
        }
        let excluded = options
            .excluded
            .iter()
            .map(|reference| self.find_player(reference))
            .collect::<Result<Vec<_>, _>>()?;
        let computed = standings::compute(&self.event)?;
        let seed = options.seed.unwrap_or_else(|| rand::rng().random());
        let size = usize::try_from(options.size).unwrap_or(usize::MAX);
        let selection = select_by_ranking(&computed, size, &excluded, seed);
        if selection.finalists.len() < 2 {
            return Err(CommandError::input(
                "invalid-cut",
                "fewer than 2 players can advance; include more players or lower the exclusions",
            ));
        }
        let mut reason = format!(
            "top {}{}",
            options.size,
            if options.double {
                ", double elimination"
            } else {
                ""
            }
        );
        if !excluded.is_empty() {
            let names: Vec<String> = excluded.iter().map(|p| self.name_of(*p)).collect();
            reason.push_str(&format!("; excluded: {}", names.join(", ")));
        }
        if !selection.drawn_among.is_empty() {
            let names: Vec<String> = selection
                .drawn_among
                .iter()
                .map(|p| self.name_of(*p))
                .collect();
            reason.push_str(&format!(
                "; drawn at random (seed {seed}) among {}",
                names.join(", ")
            ));
        }
        self.commit(
            vec![
                Action::StartCut {
                    finalists: selection.finalists,
                    third_place: options.third_place,
                    double: options.double,
                },
                Action::PairBracketRound,
            ],
            Some(&reason),
        )?;
        self.bracket()?.ok_or_else(not_started)
    }

    /// Pairs the next bracket round from the winners of the last one.
    pub fn pair_bracket_round(&mut self) -> Result<PairingsView, CommandError> {
        if self.event.cut.is_none() {
            return Err(not_started());
        }
        self.commit(vec![Action::PairBracketRound], None)?;
        self.pairings(None)
    }

    /// The bracket, or `None` before the cut starts.
    pub fn bracket(&self) -> Result<Option<BracketView>, CommandError> {
        Ok(self
            .event
            .cut
            .as_ref()
            .map(|cut| BracketView::from_cut(&self.event, cut)))
    }

    fn name_of(&self, id: tablekeeper_engine::model::PlayerId) -> String {
        self.event
            .player(id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|_| format!("player {id}"))
    }
}

fn not_started() -> CommandError {
    CommandError::input(
        "no-cut",
        "the top cut has not started; start it with the finalists' count first",
    )
}
