//! A season's standings from its events' final placings and records.

use super::rules::{SeasonRules, SeasonTiebreaker};

/// One player's result in one event. `key` names the same person across events (the
/// command layer's choice: the publisher ID where there is one, else the name and reading).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonResult {
    pub key: String,
    pub name: String,
    /// Final place (players tied for a place share its number).
    pub place: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// One event of the season.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonEvent {
    /// The event's own identity: an event added twice counts once.
    pub id: String,
    /// When it was held (milliseconds since 1970, UTC): events are taken in this order,
    /// then by `id`, whatever order they are given in.
    pub held_at: i64,
    pub name: String,
    pub players: u32,
    pub results: Vec<SeasonResult>,
    /// Matches played, as (player key, player key, winner: Some(true) the first).
    pub matches: Vec<(String, String, Option<bool>)>,
    /// Whether the event says who played whom: a TCG+ file does not, so its matches are
    /// unknown to head-to-head (not "none played").
    pub opponents_known: bool,
    /// Whether its places are final: a TOM file not finalized gives places from match
    /// points so far.
    pub finished: bool,
}

/// What one event gave one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contribution {
    /// Index into [`SeasonStandings::events`].
    pub event: usize,
    pub points: i64,
    pub place: u32,
    /// Among the best results that count (best-N).
    pub counted: bool,
}

/// A player's line in the season.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonRow {
    /// Shared by players still equal after every tiebreaker; `None` below the minimum of
    /// events (listed after the ranked players).
    pub rank: Option<u32>,
    pub key: String,
    pub name: String,
    pub points: i64,
    pub events_played: u32,
    pub best_place: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub contributions: Vec<Contribution>,
}

/// The season's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonStandings {
    pub name: String,
    /// The events counted, each once, in the order they were held.
    pub events: Vec<(String, String)>,
    /// The events whose opponents are unknown (by id), when the rules break ties by
    /// head-to-head: a tie it would break may rest on matches the season cannot see.
    pub head_to_head_unknown: Vec<String>,
    /// The events whose places are not final yet (by id).
    pub unfinished: Vec<String>,
    pub rows: Vec<SeasonRow>,
}

/// The season's standings over `events` (each event once, by id). The events are taken in
/// the order they were held (`held_at`, then `id`), whatever order they are given in: the
/// same events give the same table, and "the earlier event" of best-N is the one held first
/// (in time, whatever the time zones of the laptops that ran them).
pub fn compute(rules: &SeasonRules, events: &[SeasonEvent]) -> SeasonStandings {
    let mut unique: Vec<&SeasonEvent> = events.iter().collect();
    unique.sort_by(|a, b| (a.held_at, &a.id).cmp(&(b.held_at, &b.id)));
    unique.dedup_by(|a, b| a.id == b.id);
    let mut rows: Vec<SeasonRow> = Vec::new();
    for (index, event) in unique.iter().enumerate() {
        // An event below the minimum of players counts for nothing (not even attendance).
        if event.players < rules.min_players {
            continue;
        }
        for result in &event.results {
            let points = rules.participation
                + rules.per_win * i64::from(result.wins)
                + rules.per_draw * i64::from(result.draws)
                + rules.placing_points(result.place, event.players)
                + rules.field_bonus(event.players);
            let row = match rows.iter().position(|r| r.key == result.key) {
                Some(at) => &mut rows[at],
                None => {
                    rows.push(SeasonRow {
                        rank: None,
                        key: result.key.clone(),
                        name: result.name.clone(),
                        points: 0,
                        events_played: 0,
                        best_place: u32::MAX,
                        wins: 0,
                        losses: 0,
                        draws: 0,
                        contributions: Vec::new(),
                    });
                    let last = rows.len() - 1;
                    &mut rows[last]
                }
            };
            row.events_played += 1;
            row.best_place = row.best_place.min(result.place);
            row.wins += result.wins;
            row.losses += result.losses;
            row.draws += result.draws;
            row.contributions.push(Contribution {
                event: index,
                points,
                place: result.place,
                counted: false,
            });
        }
    }
    let counted_events = unique
        .iter()
        .filter(|e| e.players >= rules.min_players)
        .count();
    let counted = rules.results_counted(counted_events);
    for row in &mut rows {
        // Best N (and the worst dropped): the highest contributions count, the earlier
        // event first among equals.
        let mut order: Vec<usize> = (0..row.contributions.len()).collect();
        order.sort_by_key(|i| (std::cmp::Reverse(row.contributions[*i].points), *i));
        for i in order.into_iter().take(counted) {
            row.contributions[i].counted = true;
        }
        row.points = row
            .contributions
            .iter()
            .filter(|c| c.counted)
            .map(|c| c.points)
            .sum();
    }
    // Head-to-head reads only the events that count: one below the minimum of players
    // gives nothing, not even a tiebreak.
    let matches: Vec<&(String, String, Option<bool>)> = unique
        .iter()
        .filter(|e| e.players >= rules.min_players)
        .flat_map(|e| &e.matches)
        .collect();
    rank(rules, &mut rows, &matches);
    SeasonStandings {
        name: rules.name.clone(),
        events: unique
            .iter()
            .map(|e| (e.id.clone(), e.name.clone()))
            .collect(),
        head_to_head_unknown: if rules.tiebreakers.contains(&SeasonTiebreaker::HeadToHead) {
            unique
                .iter()
                .filter(|e| !e.opponents_known && e.players >= rules.min_players)
                .map(|e| e.id.clone())
                .collect()
        } else {
            Vec::new()
        },
        unfinished: unique
            .iter()
            .filter(|e| !e.finished)
            .map(|e| e.id.clone())
            .collect(),
        rows,
    }
}

/// Orders the rows: ranked players (enough events) by points, then the tiebreakers in
/// order, equal ones sharing a rank; then the unranked by points.
fn rank(
    rules: &SeasonRules,
    rows: &mut Vec<SeasonRow>,
    matches: &[&(String, String, Option<bool>)],
) {
    let (mut ranked, mut unranked): (Vec<SeasonRow>, Vec<SeasonRow>) = rows
        .drain(..)
        .partition(|r| r.events_played >= rules.min_events);
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.key.cmp(&b.key)));
    // Refine groups of equal points tiebreaker by tiebreaker.
    let mut groups: Vec<Vec<SeasonRow>> = split(ranked, |r| r.points);
    for tiebreaker in &rules.tiebreakers {
        let mut refined = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                refined.push(group);
                continue;
            }
            let keys: Vec<String> = group.iter().map(|r| r.key.clone()).collect();
            let mut keyed: Vec<(i64, SeasonRow)> = group
                .into_iter()
                .map(|row| {
                    let key = match tiebreaker {
                        SeasonTiebreaker::BestFinish => -i64::from(row.best_place),
                        SeasonTiebreaker::EventsPlayed => i64::from(row.events_played),
                        SeasonTiebreaker::Wins => i64::from(row.wins),
                        SeasonTiebreaker::HeadToHead => head_to_head(&row.key, &keys, matches),
                    };
                    (key, row)
                })
                .collect();
            keyed.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.key.cmp(&b.1.key)));
            let mut current: Vec<SeasonRow> = Vec::new();
            let mut last: Option<i64> = None;
            for (key, row) in keyed {
                if last.is_some_and(|l| l != key) {
                    refined.push(std::mem::take(&mut current));
                }
                last = Some(key);
                current.push(row);
            }
            refined.push(current);
        }
        groups = refined;
    }
    let mut position = 0u32;
    for group in groups {
        let group_rank = position + 1;
        for mut row in group {
            position += 1;
            row.rank = Some(group_rank);
            rows.push(row);
        }
    }
    unranked.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.key.cmp(&b.key)));
    rows.extend(unranked);
}

fn split(sorted: Vec<SeasonRow>, key: impl Fn(&SeasonRow) -> i64) -> Vec<Vec<SeasonRow>> {
    let mut groups: Vec<Vec<SeasonRow>> = Vec::new();
    let mut last: Option<i64> = None;
    for row in sorted {
        let value = key(&row);
        match (last, groups.last_mut()) {
            (Some(previous), Some(group)) if previous == value => group.push(row),
            _ => groups.push(vec![row]),
        }
        last = Some(value);
    }
    groups
}

/// Wins of `player` over the others of `group` in the season's matches.
fn head_to_head(
    player: &str,
    group: &[String],
    matches: &[&(String, String, Option<bool>)],
) -> i64 {
    let wins = matches
        .iter()
        .filter(|(a, b, winner)| match winner {
            Some(true) => a == player && group.contains(b),
            Some(false) => b == player && group.contains(a),
            None => false,
        })
        .count();
    i64::try_from(wins).unwrap_or(i64::MAX)
}
