//! The top cut on an open event: choosing the finalists, pairing bracket rounds, and the
//! bracket as the UI and printouts show it; and single-elimination events, which are one
//! bracket from round 1.

use rand::RngExt;
use tablekeeper_engine::model::PlayerId;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::ruleset::SingleElimination;
use tablekeeper_engine::top_cut::decks::SelectionMethod;
use tablekeeper_engine::top_cut::decks::{
    Contender, DeckSelection, Method, select_by_deck, select_by_usage_rate,
};
use tablekeeper_engine::top_cut::ranking::{Selection, select_by_ranking};
use tablekeeper_engine::{Action, standings};
use tablekeeper_words::ErrorKind;
use tablekeeper_words::message::Message;

use super::open::Session;
use super::options::{CutOptions, FinalsChoice};
use crate::error::CommandError;
use crate::views::PairingsView;
use crate::views::bracket::BracketView;
use tablekeeper_words::msg;

/// Usage rate aggregates the decks of players with at least this many wins when the event
/// announces nothing else (001 第4節 第5項 「特に指定がない場合」: 2 wins or more).
const USAGE_RATE_MIN_WINS: u32 = 2;

impl Session {
    /// Fixes the finalists from the final Swiss standings (000 §3.2.4.1, digest E1) and
    /// pairs the first bracket round, in one step. `options.double` asks for double
    /// elimination; otherwise the ruleset decides.
    pub fn start_cut(&mut self, options: CutOptions) -> Result<BracketView, CommandError> {
        let finals = if options.double {
            FinalsChoice::Double
        } else {
            FinalsChoice::RulesetDefault
        };
        self.start_cut_as(options, finals)
    }

    /// [`Session::start_cut`] with the finals chosen explicitly.
    pub fn start_cut_as(
        &mut self,
        options: CutOptions,
        finals: FinalsChoice,
    ) -> Result<BracketView, CommandError> {
        if self.event.settings.structure == Structure::SingleElimination {
            return Err(CommandError::input(
                ErrorKind::InvalidCut,
                msg!(
                    "error.invalid-cut.single-elimination-event-one-bracket",
                    "a single-elimination event is one bracket from round 1; pair its rounds one after another"
                ),
            ));
        }
        let size = match options.size {
            0 => match self.event.settings.planned_cut {
                0 => self.recommended_cut(),
                planned => planned,
            },
            size => size,
        };
        if size < 2 {
            return Err(CommandError::input(
                ErrorKind::InvalidCut,
                msg!(
                    "error.invalid-cut.too-few-players-for-the-size",
                    "a top cut needs at least 2 players; choose a size with --size (e.g. --size 4 or --size 8); the publisher's table suggests no cut for {players} players",
                    players = self.field_size()
                ),
            ));
        }
        let mut warnings = Vec::new();
        let double = match finals {
            FinalsChoice::Double => true,
            FinalsChoice::Single => false,
            FinalsChoice::RulesetDefault => {
                let double = self.default_double_elimination(size);
                let wants = self.event.ruleset.top_cut.finals
                    == tablekeeper_engine::ruleset::Finals::DoubleWhenBestOfOne
                    && self.event.ruleset.points.games_to_win == 1;
                if wants && !double {
                    warnings.push(msg!(
                        "warning.cut.double-sizes",
                        "double-elimination finals take {sizes} players, so this top {size} is single elimination (003 §6b-vi)",
                        sizes = tablekeeper_engine::top_cut::double::SIZES,
                        size = size
                    ));
                }
                double
            }
        };
        if let Some(warning) = self.rounds_left_warning() {
            warnings.push(warning);
        }
        let excluded = options
            .excluded
            .iter()
            .map(|reference| self.find_player(reference))
            .collect::<Result<Vec<_>, _>>()?;
        let computed = standings::compute(&self.event)?;
        let seed = options.seed.unwrap_or_else(|| rand::rng().random());
        let places = usize::try_from(size).unwrap_or(usize::MAX);
        let method = self.selection_method(options.method)?;
        let (selection, method_note) = match method {
            Method::Ranking => (select_by_ranking(&computed, places, &excluded, seed), None),
            Method::Deck(_) | Method::UsageRate => {
                let contenders = self.contenders(&computed, &excluded);
                let chosen = match method {
                    Method::Deck(deck) => select_by_deck(&contenders, places, deck),
                    _ => select_by_usage_rate(&contenders, places, USAGE_RATE_MIN_WINS),
                };
                let note = self.method_note(options.method.map_or("", |m| m.id()), &chosen);
                (
                    Selection {
                        finalists: chosen.finalists,
                        drawn_among: Vec::new(),
                        draw: None,
                    },
                    Some(note),
                )
            }
        };
        if selection.finalists.len() < 2 {
            return Err(CommandError::input(
                ErrorKind::InvalidCut,
                msg!(
                    "error.invalid-cut.fewer-than-2-players-can",
                    "fewer than 2 players can advance; include more players or lower the exclusions"
                ),
            ));
        }
        let mut reason = format!(
            "top {size}{}",
            if double { ", double elimination" } else { "" }
        );
        if let Some(note) = method_note {
            reason.push_str(&format!("; {note}"));
        }
        if !excluded.is_empty() {
            let names: Vec<String> = excluded.iter().map(|p| self.name_of(*p)).collect();
            reason.push_str(&format!("; excluded: {}", names.join(", ")));
        }
        if let Some(draw) = &selection.draw {
            let names: Vec<String> = draw.among.iter().map(|p| self.name_of(*p)).collect();
            reason.push_str(&format!(
                "; {} of the players tied on the cut line drawn at random with the cut's seed {seed}: {}",
                draw.places,
                names.join(", ")
            ));
        }
        for warning in &warnings {
            reason.push_str(&format!("; {warning}"));
        }
        self.commit(
            vec![
                Action::StartCut {
                    finalists: selection.finalists,
                    third_place: options.third_place,
                    double,
                    draw: selection.draw,
                    repair_seed: None,
                },
                Action::PairBracketRound,
            ],
            Some(&reason),
        )?;
        let mut view = self.bracket()?.ok_or_else(not_started)?;
        view.warnings = warnings;
        Ok(view)
    }

    /// "2 of the 5 planned Swiss rounds were not played" when the cut starts before the
    /// Swiss rounds (or the elimination rounds, or a round robin's schedule) are over.
    fn rounds_left_warning(&self) -> Option<Message> {
        let event = &self.event;
        if tablekeeper_engine::rules::structure::finished(event)
            .ok()
            .flatten()
            .is_some()
        {
            return None;
        }
        let played = u32::try_from(event.rounds.len()).unwrap_or(u32::MAX);
        let planned = event.settings.planned_rounds;
        let left = planned.checked_sub(played).filter(|left| *left > 0)?;
        Some(msg!(
            "warning.cut.rounds-left",
            "the cut starts after round {played} of {planned} planned rounds: {left} round(s) were not played (set the planned rounds to {played} to record the shorter event; undo the cut to play them)",
            played = played,
            planned = planned,
            left = left
        ))
    }

    /// Starts a single-elimination event (002 §3.4, §3.4.1; 003 §6b-ii; 000 §3.2.3): every
    /// active player is seeded at random from `seed` (or in `order`, each player once), and
    /// round 1 is paired. Under a ruleset that re-pairs at random every round (FoW) the
    /// seed also draws every later round.
    pub fn start_single_elimination(
        &mut self,
        seed: Option<u64>,
        order: Option<Vec<String>>,
    ) -> Result<PairingsView, CommandError> {
        if self.event.settings.structure != Structure::SingleElimination {
            return Err(CommandError::input(
                ErrorKind::InvalidStructure,
                msg!(
                    "error.invalid-structure.order-seeds-single-elimination-event",
                    "a seed order is for a single-elimination event (created with that structure); this event pairs Swiss-style"
                ),
            ));
        }
        if self.event.cut.is_some() {
            if order.is_some() {
                return Err(CommandError::input(
                    ErrorKind::InvalidPairing,
                    msg!(
                        "error.invalid-pairing.bracket-seeded-already-tablekeeper-pair",
                        "the bracket is seeded already; its next round is paired from the bracket, without a seed order"
                    ),
                ));
            }
            return self.pair_bracket_round();
        }
        let random_each_round =
            self.event.ruleset.pairing.single_elimination == SingleElimination::RandomEachRound;
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        let active: Vec<PlayerId> = self.event.active_players().map(|p| p.id).collect();
        if active.len() < 2 {
            return Err(tablekeeper_engine::EngineError::NotEnoughPlayers.into());
        }
        let seeds = match order {
            Some(_) if random_each_round => {
                return Err(CommandError::input(
                    ErrorKind::InvalidPairing,
                    msg!(
                        "error.invalid-pairing.ruleset-pairs-every-round-single",
                        "this ruleset pairs every round of single elimination at random (003 §6b-ii); leave out --order"
                    ),
                ));
            }
            Some(order) => {
                let seeds = order
                    .iter()
                    .map(|reference| self.find_player(reference))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut sorted = seeds.clone();
                sorted.sort();
                sorted.dedup();
                let mut expected = active.clone();
                expected.sort();
                if sorted.len() != seeds.len() || sorted != expected {
                    return Err(CommandError::input(
                        ErrorKind::InvalidPairing,
                        msg!(
                            "error.invalid-pairing.order-lists-seeds-each-active",
                            "the seed order lists each active player once ({players} players, by their numbers in the player list)",
                            players = active.len()
                        ),
                    ));
                }
                seeds
            }
            None => {
                // 002 §3.4.1 "Players are assigned seeds at random and paired up".
                tablekeeper_engine::top_cut::seeding::random_seeds(&active, seed)
            }
        };
        let mut actions = Vec::new();
        if self.event.settings.planned_rounds == 0 {
            actions.push(Action::SetPlannedRounds {
                rounds: self.recommended_rounds(),
            });
        }
        actions.push(Action::StartCut {
            finalists: seeds,
            third_place: false,
            double: false,
            draw: None,
            repair_seed: random_each_round.then_some(seed),
        });
        actions.push(Action::PairBracketRound);
        let reason = if random_each_round {
            format!("single elimination, every round paired at random (seed {seed})")
        } else {
            format!("single elimination, seeded with seed {seed}")
        };
        self.commit(actions, Some(&reason))?;
        self.pairings(None)
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
    fn selection_method(&self, method: Option<SelectionMethod>) -> Result<Method, CommandError> {
        let japanese = self.event.ruleset.source.starts_with("001");
        Ok(Method::of(
            method.unwrap_or(SelectionMethod::Ranking),
            japanese,
        ))
    }

    /// Everyone who may advance, in ranking order, with their record and deck.
    /// Everyone in ranking order: excluded and dropped players stay in with
    /// `eligible = false`, so an excluded undefeated player's keys are still selected
    /// (000 §3.2.4.2 "used by any fighter who won all of their qualifying rounds") and
    /// their deck still counts for usage rate (001 第5項). A round without a record (a
    /// player who dropped before the end) counts as not won.
    fn contenders(&self, computed: &standings::Standings, excluded: &[PlayerId]) -> Vec<Contender> {
        computed
            .rows
            .iter()
            .map(|row| Contender {
                id: row.player,
                wins: row.wins,
                non_wins: computed.completed_rounds.saturating_sub(row.wins),
                decks: self
                    .event
                    .player(row.player)
                    .map(|p| p.decks())
                    .unwrap_or_default(),
                eligible: !row.dropped && !excluded.contains(&row.player),
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
            .map(|p| p.details.name.clone())
            .unwrap_or_else(|_| format!("player {id}"))
    }
}

fn not_started() -> CommandError {
    CommandError::input(
        ErrorKind::NoCut,
        msg!(
            "error.no-cut.top-cut-has-started-start-2",
            "the top cut has not started; start it with the finalists' count first"
        ),
    )
}
