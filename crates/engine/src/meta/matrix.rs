//! Meta share, top-cut conversion and the matchup matrix over a set of events.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::DeckData;
use crate::ratings::RatedOutcome;

/// The label of a player without deck data.
pub const UNLABELLED: &str = "";

/// A deck's label: the parts the ruleset records (title, nation or clan, ride line, oshi)
/// joined with " / ", else the free name typed for it; "" when nothing is known.
pub fn deck_label(deck: &DeckData) -> String {
    let parts: Vec<&str> = [&deck.title, &deck.nation_clan, &deck.ride_line, &deck.oshi]
        .into_iter()
        .filter_map(|part| part.as_deref().map(str::trim).filter(|p| !p.is_empty()))
        .collect();
    if parts.is_empty() {
        deck.name
            .as_deref()
            .map(str::trim)
            .unwrap_or(UNLABELLED)
            .to_string()
    } else {
        parts.join(" / ")
    }
}

/// One played match (byes and defaults are not matchups).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaMatch {
    pub a: String,
    pub b: String,
    pub outcome: RatedOutcome,
}

/// An event as the meta sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetaEvent {
    /// The event's identity: a copy of the same event is the same event.
    pub id: String,
    /// Each player's key and deck label ("" unlabelled).
    pub players: Vec<(String, String)>,
    pub matches: Vec<MetaMatch>,
    /// The players who made the top cut (empty: no cut).
    pub top_cut: Vec<String>,
}

/// One deck's share of the field and of the top cut (counts; shares are count / total).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckShare {
    pub label: String,
    /// Players who brought it, over every event (a player counts once per event).
    pub players: u32,
    /// Of them, how many made a top cut.
    pub top_cut: u32,
}

/// Deck `row` against deck `column`: the row's wins, losses and draws.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchupCell {
    pub row: String,
    pub column: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The 95 % Wilson score interval of the row's match-win rate (a draw half a win);
    /// `None` without a match.
    pub interval: Option<(f64, f64)>,
}

/// The meta over a set of events.
#[derive(Debug, Clone, PartialEq)]
pub struct Meta {
    pub events: u32,
    /// Players over every event (the shares' total).
    pub players: u32,
    /// Players who made a top cut (the conversion's total).
    pub top_cut: u32,
    /// Most played first, then by label.
    pub decks: Vec<DeckShare>,
    /// Every pair of labels that met, rows and columns in the order of `decks`; mirrors on
    /// the diagonal (each mirror counted from both seats, so its wins equal its losses).
    pub cells: Vec<MatchupCell>,
}

/// The 95 % Wilson score interval (z = 1.96) for `successes` of `trials` (a draw counts as
/// half a success, so `successes` is given in halves): Wilson, "Probable inference, the law
/// of succession, and statistical inference" (JASA, 1927).
pub fn wilson_interval(half_successes: u32, trials: u32) -> Option<(f64, f64)> {
    if trials == 0 {
        return None;
    }
    let z: f64 = 1.96;
    let n = f64::from(trials);
    let p = f64::from(half_successes) / 2.0 / n;
    let denominator = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Some((
        ((centre - margin) / denominator).max(0.0),
        ((centre + margin) / denominator).min(1.0),
    ))
}

/// The meta over `events`, each event once however often listed.
pub fn compute(events: &[MetaEvent]) -> Meta {
    let mut seen = BTreeSet::new();
    let mut shares: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    // (row, column) → (wins, losses, draws)
    let mut cells: BTreeMap<(String, String), (u32, u32, u32)> = BTreeMap::new();
    let (mut count, mut players, mut cut) = (0u32, 0u32, 0u32);
    for event in events.iter().filter(|event| seen.insert(event.id.clone())) {
        count += 1;
        let label = |key: &str| {
            event
                .players
                .iter()
                .find(|(k, _)| k == key)
                .map_or(UNLABELLED, |(_, label)| label.as_str())
        };
        let mut counted = BTreeSet::new();
        for (key, deck) in &event.players {
            if !counted.insert(key) {
                continue;
            }
            let made_cut = event.top_cut.contains(key);
            let entry = shares.entry(deck.clone()).or_default();
            entry.0 += 1;
            players += 1;
            if made_cut {
                entry.1 += 1;
                cut += 1;
            }
        }
        for played in &event.matches {
            if played.a == played.b {
                continue;
            }
            let (la, lb) = (label(&played.a).to_string(), label(&played.b).to_string());
            let (a, b) = match played.outcome {
                RatedOutcome::AWins => ((1, 0, 0), (0, 1, 0)),
                RatedOutcome::BWins => ((0, 1, 0), (1, 0, 0)),
                RatedOutcome::Draw => ((0, 0, 1), (0, 0, 1)),
                RatedOutcome::BothLose => ((0, 1, 0), (0, 1, 0)),
            };
            for ((row, column), (w, l, d)) in [((la.clone(), lb.clone()), a), ((lb, la), b)] {
                let cell = cells.entry((row, column)).or_default();
                cell.0 += w;
                cell.1 += l;
                cell.2 += d;
            }
        }
    }
    let mut decks: Vec<DeckShare> = shares
        .into_iter()
        .map(|(label, (players, top_cut))| DeckShare {
            label,
            players,
            top_cut,
        })
        .collect();
    decks.sort_by(|x, y| {
        y.players
            .cmp(&x.players)
            .then_with(|| x.label.cmp(&y.label))
    });
    let order: BTreeMap<&str, usize> = decks
        .iter()
        .enumerate()
        .map(|(i, d)| (d.label.as_str(), i))
        .collect();
    let mut cells: Vec<MatchupCell> = cells
        .into_iter()
        .map(|((row, column), (wins, losses, draws))| MatchupCell {
            interval: wilson_interval(wins * 2 + draws, wins + losses + draws),
            row,
            column,
            wins,
            losses,
            draws,
        })
        .collect();
    let place = |label: &str| order.get(label).copied().unwrap_or(usize::MAX);
    cells.sort_by_key(|cell| (place(&cell.row), place(&cell.column)));
    Meta {
        events: count,
        players,
        top_cut: cut,
        decks,
        cells,
    }
}
