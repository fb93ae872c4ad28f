//! Finalists chosen by deck data instead of ranking: by Nation/Clan, Ride Line, Title and
//! Oshi holomem (000 §3.2.4.2–§3.2.4.5; 001 本文 第3部 第2章 第4節 第2項–第6項) and by usage
//! rate (JA only, 001 第4節 第5項, digest E7).
//!
//! The deck methods share one procedure (digest §1.6): the keys (nations, ride lines, titles,
//! oshi) used by any fighter or team that won every qualifying round are "selected"; the
//! undefeated advance first; then fighters with one loss, those using no selected key
//! first, then those using it in one deck, two, three, and so on. A step with more
//! candidates than places left takes them by ranking (the seeds allow "by their ranking or
//! at random"; ranking is the default). Places left over are not refilled.
//!
//! Ride Line counts differently in the two texts (⚠ EN≠JA): EN counts how many selected
//! ride lines a fighter's ride decks match, JA how many of the fighter's decks contain one.
//! A fighter has one deck; a team one per member, so the difference shows in team events
//! and when a ride deck holds several ride lines.
//!
//! "One loss" counts every match that was not a win (a Bushiroad draw scores like a loss).
//!
//! The keys are selected from the qualifying record of everyone who won all of their
//! qualifying rounds, and usage rate counts the deck of everyone who met the qualifying
//! standard: excluding a player (declined, absent, the organizer's decision, 000 §3.2.4)
//! only removes that player's candidacy, so excluded contenders stay in the input with
//! `eligible = false`.

use std::collections::{BTreeSet, HashMap};

use crate::model::{DeckData, PlayerId};

/// Which deck key the method compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckMethod {
    NationClan,
    /// `lines`: EN counting (selected ride lines matched); otherwise JA (decks matching).
    RideLine {
        count_lines: bool,
    },
    Title,
    Oshi,
}

/// A fighter (or team) who may advance: in ranking order, with their record and decks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contender {
    pub id: PlayerId,
    pub wins: u32,
    /// Matches that were not wins (losses, draws, double losses).
    pub non_wins: u32,
    /// One deck for a fighter, one per member for a team.
    pub decks: Vec<DeckData>,
    /// May advance (false for a player who was excluded or dropped: their record still
    /// selects keys and their deck still counts for usage rate).
    pub eligible: bool,
}

/// The finalists and how each step filled places, for the log and the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckSelection {
    /// Seed order: the order of selection.
    pub finalists: Vec<PlayerId>,
    /// The selected keys (deck methods) — empty for usage rate.
    pub selected: Vec<String>,
    /// Each step: its description and the players it advanced.
    pub steps: Vec<(String, Vec<PlayerId>)>,
}

/// The keys a deck uses for `method`. A ride deck may name several ride lines, separated
/// by commas (`,` or `、`) or slashes.
fn keys(deck: &DeckData, method: DeckMethod) -> Vec<String> {
    let field = match method {
        DeckMethod::NationClan => &deck.nation_clan,
        DeckMethod::RideLine { .. } => &deck.ride_line,
        DeckMethod::Title => &deck.title,
        DeckMethod::Oshi => &deck.oshi,
    };
    field
        .as_deref()
        .unwrap_or("")
        .split([',', '、', '/'])
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_string)
        .collect()
}

/// How many of `contender`'s decks (or, counting ride lines EN-style, how many selected
/// ride lines) use a selected key.
fn usage_count(contender: &Contender, selected: &BTreeSet<String>, method: DeckMethod) -> usize {
    match method {
        DeckMethod::RideLine { count_lines: true } => contender
            .decks
            .iter()
            .flat_map(|d| keys(d, method))
            .filter(|k| selected.contains(k))
            .collect::<BTreeSet<_>>()
            .len(),
        _ => contender
            .decks
            .iter()
            .filter(|d| keys(d, method).iter().any(|k| selected.contains(k)))
            .count(),
    }
}

/// Takes the candidates of one step, in the order given, while places remain.
fn take(
    finalists: &mut Vec<PlayerId>,
    steps: &mut Vec<(String, Vec<PlayerId>)>,
    size: usize,
    label: String,
    candidates: impl IntoIterator<Item = PlayerId>,
) {
    let room = size.saturating_sub(finalists.len());
    let taken: Vec<PlayerId> = candidates.into_iter().take(room).collect();
    finalists.extend(taken.iter().copied());
    steps.push((label, taken));
}

/// Selection by Nation/Clan, Ride Line, Title or Oshi holomem. `contenders` come in
/// ranking order.
pub fn select_by_deck(contenders: &[Contender], size: usize, method: DeckMethod) -> DeckSelection {
    // 000 §3.2.4.2 "used by any fighter who won all of their qualifying rounds" (001 第2項):
    // the record decides, not the candidacy.
    let selected: BTreeSet<String> = contenders
        .iter()
        .filter(|c| c.non_wins == 0)
        .flat_map(|c| c.decks.iter().flat_map(|d| keys(d, method)))
        .collect();
    let undefeated: Vec<&Contender> = contenders
        .iter()
        .filter(|c| c.non_wins == 0 && c.eligible)
        .collect();
    let mut finalists = Vec::new();
    let mut steps = Vec::new();
    take(
        &mut finalists,
        &mut steps,
        size,
        "undefeated".into(),
        undefeated.iter().map(|c| c.id),
    );
    let one_loss: Vec<(usize, &Contender)> = contenders
        .iter()
        .filter(|c| c.non_wins == 1 && c.eligible)
        .map(|c| (usage_count(c, &selected, method), c))
        .collect();
    let most = one_loss.iter().map(|(n, _)| *n).max().unwrap_or(0);
    for uses in 0..=most {
        let group: Vec<PlayerId> = one_loss
            .iter()
            .filter(|(n, _)| *n == uses)
            .map(|(_, c)| c.id)
            .collect();
        if !group.is_empty() {
            take(
                &mut finalists,
                &mut steps,
                size,
                format!("one loss, selected key used {uses} time(s)"),
                group,
            );
        }
    }
    DeckSelection {
        finalists,
        selected: selected.into_iter().collect(),
        steps,
    }
}

/// Usage-rate points of each contender (001 第4節 第5項, E7): every card's individual
/// points are the copies of it across the aggregated decks (those of every contender with
/// at least `min_wins` wins, eligible or not; by card name), and a deck's points are the sum over its cards
/// of copies × individual points. List only the cards that count (character cards; not
/// Re:Birth or partner cards).
pub fn usage_points(contenders: &[Contender], min_wins: u32) -> HashMap<PlayerId, u64> {
    let mut copies: HashMap<&str, u64> = HashMap::new();
    for contender in contenders.iter().filter(|c| c.wins >= min_wins) {
        for card in contender.decks.iter().flat_map(|d| &d.cards) {
            *copies.entry(card.name.trim()).or_default() += u64::from(card.count);
        }
    }
    contenders
        .iter()
        .map(|c| {
            let points = c
                .decks
                .iter()
                .flat_map(|d| &d.cards)
                .map(|card| {
                    u64::from(card.count) * copies.get(card.name.trim()).copied().unwrap_or(0)
                })
                .sum();
            (c.id, points)
        })
        .collect()
}

/// Selection by usage rate: the undefeated by fewest usage-rate points, then the one-loss
/// contenders likewise (ties keep the ranking order). The default aggregation takes the
/// decks of contenders with 2 or more wins.
pub fn select_by_usage_rate(contenders: &[Contender], size: usize, min_wins: u32) -> DeckSelection {
    let points = usage_points(contenders, min_wins);
    let mut finalists = Vec::new();
    let mut steps = Vec::new();
    for (non_wins, label) in [(0, "undefeated"), (1, "one loss")] {
        let mut group: Vec<(u64, usize, PlayerId)> = contenders
            .iter()
            .enumerate()
            .filter(|(_, c)| c.non_wins == non_wins && c.eligible)
            .map(|(rank, c)| (points.get(&c.id).copied().unwrap_or(0), rank, c.id))
            .collect();
        group.sort();
        take(
            &mut finalists,
            &mut steps,
            size,
            format!("{label}, fewest usage-rate points first"),
            group.into_iter().map(|(_, _, id)| id),
        );
    }
    DeckSelection {
        finalists,
        selected: Vec::new(),
        steps,
    }
}

tablekeeper_words::choice_enum! {
    /// How finalists are chosen, as the organizer names it (000 §3.2.4–§3.2.4.5; 001 第4節).
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    pub enum SelectionMethod {
        Ranking = "ranking",
        NationClan = "nation-clan",
        RideLine = "ride-line",
        Title = "title",
        Oshi = "oshi",
        UsageRate = "usage-rate",
    }
}

/// How finalists are chosen (announced in advance; ranking is the default, 000 §3.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    #[default]
    Ranking,
    Deck(DeckMethod),
    /// 001 第4節 第5項 (JA only).
    UsageRate,
}

impl Method {
    /// The method the organizer chose; `japanese_text` picks the JA counting of Ride Line
    /// (the event's ruleset encodes 001, the Japanese floor rules).
    pub fn of(method: SelectionMethod, japanese_text: bool) -> Method {
        match method {
            SelectionMethod::Ranking => Method::Ranking,
            SelectionMethod::NationClan => Method::Deck(DeckMethod::NationClan),
            SelectionMethod::RideLine => Method::Deck(DeckMethod::RideLine {
                count_lines: !japanese_text,
            }),
            SelectionMethod::Title => Method::Deck(DeckMethod::Title),
            SelectionMethod::Oshi => Method::Deck(DeckMethod::Oshi),
            SelectionMethod::UsageRate => Method::UsageRate,
        }
    }

    /// The method named `id`, as [`Method::of`].
    pub fn from_id(id: &str, japanese_text: bool) -> Option<Method> {
        SelectionMethod::from_id(id).map(|m| Method::of(m, japanese_text))
    }
}
