//! Glicko-2 over a shop's events (skillratings' `glicko2_rating_period`): one rating period
//! per event, per title, every player's matches of the event rated together against their
//! opponents' ratings from before it; a player who misses an event of the title has their
//! deviation grown by one period. Each change is kept with its matches' shares ("why did my
//! rating move?"): Glicko-2 moves a rating by μ' − μ = φ'² Σ g(φⱼ)(sⱼ − Eⱼ), so each match's
//! share is its term, and the shares add up to the change. docs/ratings.md.

use std::collections::{BTreeMap, BTreeSet};

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::rules::RatingRules;

/// Glicko-2's scale factor between a rating and its internal μ (Glickman: 173.7178).
const SCALE: f64 = 173.7178;

/// A rated match's result, from seat A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RatedOutcome {
    AWins,
    BWins,
    Draw,
    /// Both players lost (a double loss): each is rated as having lost to the other.
    BothLose,
}

/// One match that counts for ratings: two players who played it, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedMatch {
    pub a: String,
    pub b: String,
    pub outcome: RatedOutcome,
}

/// An event as ratings see it: its identity, when it was held, its title and its matches
/// (byes, no-shows and other results not played are left out by whoever builds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedEvent {
    /// The event's identity: a copy of the same event is the same event.
    pub id: String,
    /// When it was held (milliseconds since 1970, UTC): events are rated in this order.
    pub held_at: i64,
    pub name: String,
    /// The game (a Vanguard rating is not a Digimon rating).
    pub title: String,
    /// Registered players (for the rules' minimum).
    pub players: u32,
    /// Each player's key (the same person across events) and name.
    pub names: Vec<(String, String)>,
    pub matches: Vec<RatedMatch>,
}

/// A rating: Glicko-2's rating, deviation and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl From<Glicko2Rating> for Rating {
    fn from(value: Glicko2Rating) -> Self {
        Rating {
            rating: value.rating,
            deviation: value.deviation,
            volatility: value.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(value: Rating) -> Self {
        Glicko2Rating {
            rating: value.rating,
            deviation: value.deviation,
            volatility: value.volatility,
        }
    }
}

/// One match's share in a rating's change.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchShare {
    pub opponent: String,
    pub opponent_name: String,
    /// The opponent's rating before the event.
    pub opponent_rating: Rating,
    /// What Glicko-2 expected of the player (0 to 1).
    pub expected: f64,
    /// What they scored: 1 a win, ½ a draw, 0 a loss.
    pub actual: f64,
    /// The rating points this match moved the rating by.
    pub change: f64,
}

/// How one event moved one player's rating.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub event: String,
    pub event_name: String,
    pub before: Rating,
    pub after: Rating,
    /// Each rated match (the player's matches of the event, in the order of their opponents' keys).
    pub matches: Vec<MatchShare>,
}

/// A player's rating in one title after every event.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    pub key: String,
    pub name: String,
    pub rating: Rating,
    pub matches: u32,
    pub events: u32,
    /// Fewer rated matches than the rules ask before a rating is settled.
    pub provisional: bool,
    /// Every event that changed the rating, oldest first (a missed event grows the
    /// deviation and is not listed).
    pub changes: Vec<RatingChange>,
}

/// One title's ratings, highest first.
#[derive(Debug, Clone, PartialEq)]
pub struct TitleRatings {
    pub title: String,
    /// The rated events, in the order they were rated: (identity, name).
    pub events: Vec<(String, String)>,
    pub players: Vec<PlayerRating>,
}

/// Every title's ratings over `events` (each event once however often listed, rated in the
/// order they were held), titles in name order.
pub fn compute(rules: &RatingRules, events: &[RatedEvent]) -> Vec<TitleRatings> {
    let mut seen = BTreeSet::new();
    let mut ordered: Vec<&RatedEvent> = events
        .iter()
        .filter(|event| seen.insert(event.id.clone()))
        .collect();
    ordered.sort_by(|x, y| (x.held_at, &x.id).cmp(&(y.held_at, &y.id)));
    let titles: BTreeSet<&str> = ordered.iter().map(|event| event.title.as_str()).collect();
    titles
        .into_iter()
        .map(|title| {
            rate_title(
                rules,
                title,
                ordered.iter().copied().filter(|event| event.title == title),
            )
        })
        .collect()
}

/// A player who did not compete in a period: Glickman's step 6, φ* = √(φ² + σ²), kept within
/// the rules' starting deviation (skillratings' `decay_deviation` caps it at 350 whatever
/// the rules start from, so a start of 500 would shrink a returning player's deviation).
fn decayed(rating: Rating, start_deviation: f64) -> Rating {
    let phi = (rating.deviation / SCALE).hypot(rating.volatility);
    Rating {
        deviation: (phi * SCALE).min(start_deviation),
        ..rating
    }
}

fn score(outcome: RatedOutcome, seat_a: bool) -> Outcomes {
    match (outcome, seat_a) {
        (RatedOutcome::Draw, _) => Outcomes::DRAW,
        (RatedOutcome::BothLose, _) => Outcomes::LOSS,
        (RatedOutcome::AWins, true) | (RatedOutcome::BWins, false) => Outcomes::WIN,
        (RatedOutcome::AWins, false) | (RatedOutcome::BWins, true) => Outcomes::LOSS,
    }
}

/// Glicko-2's g(φ) and E(μ, μⱼ, φⱼ) (Glickman, step 3), for a match's share.
fn g_and_expected(player: Rating, opponent: Rating) -> (f64, f64) {
    let phi = opponent.deviation / SCALE;
    let g = 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt();
    let mu = (player.rating - 1500.0) / SCALE;
    let mu_j = (opponent.rating - 1500.0) / SCALE;
    (g, 1.0 / (1.0 + (-g * (mu - mu_j)).exp()))
}

struct Entry {
    name: String,
    rating: Rating,
    matches: u32,
    events: u32,
    changes: Vec<RatingChange>,
}

fn rate_title<'a>(
    rules: &RatingRules,
    title: &str,
    events: impl Iterator<Item = &'a RatedEvent>,
) -> TitleRatings {
    let config = Glicko2Config {
        tau: rules.tau,
        convergence_tolerance: 0.000_001,
    };
    let start = Rating {
        rating: rules.start_rating,
        deviation: rules.start_deviation,
        volatility: rules.start_volatility,
    };
    let mut table: BTreeMap<String, Entry> = BTreeMap::new();
    let mut rated = Vec::new();
    for event in events {
        if event.players < rules.min_players || event.matches.is_empty() {
            continue;
        }
        rated.push((event.id.clone(), event.name.clone()));
        let name_of = |key: &str| {
            event
                .names
                .iter()
                .find(|(k, _)| k == key)
                .map_or_else(|| key.to_string(), |(_, name)| name.clone())
        };
        // Each player's matches of the event against their opponents' ratings from before it.
        let mut results: BTreeMap<String, Vec<(String, Rating, Outcomes)>> = BTreeMap::new();
        for played in &event.matches {
            if played.a == played.b {
                continue;
            }
            for key in [&played.a, &played.b] {
                table.entry(key.clone()).or_insert_with(|| Entry {
                    name: name_of(key),
                    rating: start,
                    matches: 0,
                    events: 0,
                    changes: Vec::new(),
                });
            }
            let rating_of = |key: &str| table.get(key).map_or(start, |entry| entry.rating);
            let (ra, rb) = (rating_of(&played.a), rating_of(&played.b));
            results.entry(played.a.clone()).or_default().push((
                played.b.clone(),
                rb,
                score(played.outcome, true),
            ));
            results.entry(played.b.clone()).or_default().push((
                played.a.clone(),
                ra,
                score(played.outcome, false),
            ));
        }
        // Everyone's new rating from the ratings before the event (one period, together).
        let mut updates = Vec::with_capacity(table.len());
        for (key, entry) in &table {
            let Some(list) = results.get_mut(key) else {
                // Missed the event: the deviation grows by one period (up to the start's).
                updates.push((key.clone(), decayed(entry.rating, start.deviation), None));
                continue;
            };
            // A canonical order: the period's result is the same however the matches were listed.
            list.sort_by(|x, y| {
                x.0.cmp(&y.0)
                    .then_with(|| points(x.2).total_cmp(&points(y.2)))
            });
            let pairs: Vec<(Glicko2Rating, Outcomes)> = list
                .iter()
                .map(|(_, rating, outcome)| ((*rating).into(), *outcome))
                .collect();
            let after = Rating::from(glicko2_rating_period(&entry.rating.into(), &pairs, &config));
            let phi = after.deviation / SCALE;
            let matches = list
                .iter()
                .map(|(opponent, rating, outcome)| {
                    let (g, expected) = g_and_expected(entry.rating, *rating);
                    let actual = points(*outcome);
                    MatchShare {
                        opponent: opponent.clone(),
                        opponent_name: table
                            .get(opponent)
                            .map_or_else(|| opponent.clone(), |other| other.name.clone()),
                        opponent_rating: *rating,
                        expected,
                        actual,
                        change: SCALE * phi * phi * g * (actual - expected),
                    }
                })
                .collect();
            let change = RatingChange {
                event: event.id.clone(),
                event_name: event.name.clone(),
                before: entry.rating,
                after,
                matches,
            };
            updates.push((key.clone(), after, Some(change)));
        }
        for (key, rating, change) in updates {
            if let Some(entry) = table.get_mut(&key) {
                entry.rating = rating;
                if let Some(change) = change {
                    entry.matches = entry
                        .matches
                        .saturating_add(u32::try_from(change.matches.len()).unwrap_or(u32::MAX));
                    entry.events = entry.events.saturating_add(1);
                    entry.changes.push(change);
                }
            }
        }
    }
    let mut players: Vec<PlayerRating> = table
        .into_iter()
        .map(|(key, entry)| PlayerRating {
            key,
            name: entry.name,
            rating: entry.rating,
            matches: entry.matches,
            events: entry.events,
            provisional: entry.matches < rules.provisional_matches,
            changes: entry.changes,
        })
        .collect();
    players.sort_by(|x, y| {
        y.rating
            .rating
            .total_cmp(&x.rating.rating)
            .then_with(|| x.name.cmp(&y.name))
            .then_with(|| x.key.cmp(&y.key))
    });
    TitleRatings {
        title: title.to_string(),
        events: rated,
        players,
    }
}

fn points(outcome: Outcomes) -> f64 {
    match outcome {
        Outcomes::WIN => 1.0,
        Outcomes::DRAW => 0.5,
        Outcomes::LOSS => 0.0,
    }
}
