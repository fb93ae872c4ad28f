//! The top cut on an open event: choosing the finalists, pairing bracket rounds, and the
//! bracket as the UI and printouts show it.

use rand::RngExt;
use tablekeeper_engine::ErrorKind;
use tablekeeper_engine::cut::{Selection, select_by_ranking};
use tablekeeper_engine::model::PlayerId;
use tablekeeper_engine::selection::{
    Contender, DeckSelection, Method, select_by_deck, select_by_usage_rate,
};
use tablekeeper_engine::{Action, standings};

use super::Session;
use crate::bracket_view::BracketView;
use crate::error::CommandError;
use crate::views::PairingsView;

/// Usage rate aggregates the decks of players with at least this many wins when the event
/// announces nothing else (001 第4節 第5項 「特に指定がない場合」: 2 wins or more).
const USAGE_RATE_MIN_WINS: u32 = 2;

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
    /// `ranking` (default), `nation-clan`, `ride-line`, `title`, `oshi` or `usage-rate`
    /// (000 §3.2.4; 001 第3部第2章第4節). `None` = ranking.
    pub method: Option<String>,
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
                ErrorKind::InvalidCut,
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
        let method = self.selection_method(options.method.as_deref())?;
        let (selection, method_note) = match method {
            Method::Ranking => (select_by_ranking(&computed, size, &excluded, seed), None),
            Method::Deck(_) | Method::UsageRate => {
                let contenders = self.contenders(&computed, &excluded);
                let chosen = match method {
                    Method::Deck(deck) => select_by_deck(&contenders, size, deck),
                    _ => select_by_usage_rate(&contenders, size, USAGE_RATE_MIN_WINS),
                };
                let note = self.method_note(options.method.as_deref().unwrap_or(""), &chosen);
                (
                    Selection {
                        finalists: chosen.finalists,
                        drawn_among: Vec::new(),
                    },
                    Some(note),
                )
            }
        };
        if selection.finalists.len() < 2 {
            return Err(CommandError::input(
                ErrorKind::InvalidCut,
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
        if let Some(note) = method_note {
            reason.push_str(&format!("; {note}"));
        }
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

    /// The announced selection method; Ride Line counts as the event's floor-rule text
    /// does (JA when the ruleset encodes 001, the Japanese floor rules).
    fn selection_method(&self, id: Option<&str>) -> Result<Method, CommandError> {
        let japanese = self.event.ruleset.source.starts_with("001");
        match id {
            None | Some("") => Ok(Method::Ranking),
            Some(id) => Method::from_id(id, japanese).ok_or_else(|| {
                CommandError::input(
                    ErrorKind::InvalidCut,
                    format!("unknown selection method '{id}'; use {}", Method::CHOICES),
                )
            }),
        }
    }

    /// Everyone who may advance, in ranking order, with their record and deck.
    fn contenders(&self, computed: &standings::Standings, excluded: &[PlayerId]) -> Vec<Contender> {
        computed
            .rows
            .iter()
            .filter(|row| !row.dropped && !excluded.contains(&row.player))
            .map(|row| Contender {
                id: row.player,
                wins: row.wins,
                non_wins: row.losses + row.draws,
                decks: self
                    .event
                    .player(row.player)
                    .ok()
                    .and_then(|p| p.deck.clone())
                    .into_iter()
                    .collect(),
            })
            .collect()
    }

    /// "selected by nation-clan (Dragon Empire, Stoicheia): undefeated: A, B; …" for the log.
    fn method_note(&self, method: &str, chosen: &DeckSelection) -> String {
        let steps: Vec<String> = chosen
            .steps
            .iter()
            .filter(|(_, players)| !players.is_empty())
            .map(|(label, players)| {
                let names: Vec<String> = players.iter().map(|p| self.name_of(*p)).collect();
                format!("{label}: {}", names.join(", "))
            })
            .collect();
        let keys = if chosen.selected.is_empty() {
            String::new()
        } else {
            format!(" ({})", chosen.selected.join(", "))
        };
        format!("selected by {method}{keys}: {}", steps.join("; "))
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
        ErrorKind::NoCut,
        "the top cut has not started; start it with the finalists' count first",
    )
}
