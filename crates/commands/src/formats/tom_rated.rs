//! A TOM event's matches as ratings see them (docs/ratings.md, "Events run in TOM"): each
//! division its own rated event, its identity the season's, each player their Play!
//! Pokémon ID as a shop event's player with that publisher ID is. Only matches both
//! players played are rated, as in a shop event (decision 67): a bye (5) and a loss given
//! to one player (8) had no opponent, and a match not played yet (0) is not over.

use tablekeeper_engine::ratings::{RatedEvent, RatedMatch, RatedOutcome};

use crate::formats::tom::{TomEvent, TomOutcome, division_name};

/// The ratings' game for TOM's `gametype`: the card game, or the video game apart.
pub fn title(game: &str) -> &'static str {
    if game.eq_ignore_ascii_case("VIDEO_GAME") {
        "pokemon-vg"
    } else {
        "pokemon"
    }
}

impl TomEvent {
    /// The rated events: one per division with a match or a placed player (named after
    /// the division when there are several), and whether TOM finalized it.
    pub fn rated_events(&self) -> Vec<(RatedEvent, bool)> {
        let kept = self.kept_divisions();
        let named = kept.len() > 1;
        let key = crate::shop::identities::pokemon_key;
        kept.into_iter()
            .map(|division| {
                let matches = division
                    .matches
                    .iter()
                    .filter_map(|(_, outcome)| {
                        let (a, b, outcome) = match outcome {
                            TomOutcome::Won { winner, loser } => {
                                (winner, loser, RatedOutcome::AWins)
                            }
                            TomOutcome::Tie(a, b) => (a, b, RatedOutcome::Draw),
                            TomOutcome::DoubleLoss(a, b) => (a, b, RatedOutcome::BothLose),
                            TomOutcome::Bye(_) | TomOutcome::Loss(_) | TomOutcome::Unplayed => {
                                return None;
                            }
                        };
                        Some(RatedMatch {
                            a: key(a),
                            b: key(b),
                            outcome,
                        })
                    })
                    .collect();
                let mut entered = std::collections::BTreeSet::new();
                for (_, outcome) in &division.matches {
                    match outcome {
                        TomOutcome::Won {
                            winner: a,
                            loser: b,
                        }
                        | TomOutcome::Tie(a, b)
                        | TomOutcome::DoubleLoss(a, b) => {
                            entered.insert(a.as_str());
                            entered.insert(b.as_str());
                        }
                        TomOutcome::Bye(a) | TomOutcome::Loss(a) => {
                            entered.insert(a.as_str());
                        }
                        TomOutcome::Unplayed => {}
                    }
                }
                for (id, _) in division.standings.iter().flatten() {
                    entered.insert(id.as_str());
                }
                let mut name = self.name.clone();
                if named {
                    name = format!("{name} ({})", division_name(&division.category));
                }
                let event = RatedEvent {
                    id: self.identity(division),
                    held_at: self.held_at(),
                    name,
                    title: title(&self.game).to_string(),
                    players: u32::try_from(entered.len()).unwrap_or(u32::MAX),
                    names: entered
                        .iter()
                        .map(|id| (key(id), self.players.get(*id).cloned().unwrap_or_default()))
                        .collect(),
                    matches,
                };
                (event, division.standings.is_some())
            })
            .collect()
    }
}
