//! The meta as hosts show and draw it: each deck's share of the field and its top-cut
//! conversion (counts, and shares in tenths of a percent rounded half up, for words and
//! pictures), and the matchup matrix with each cell's 95 % Wilson interval. Built from the
//! engine's `meta::Meta`; nothing here reads a file. docs/meta.md.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::meta::Meta;
use ts_rs::TS;

/// `part` of `whole` in tenths of a percent, rounded half up (for display only: the counts
/// are the data).
pub fn per_mille(part: u32, whole: u32) -> u32 {
    if whole == 0 {
        return 0;
    }
    let scaled = u64::from(part) * 1000 * 2 + u64::from(whole);
    u32::try_from(scaled / (u64::from(whole) * 2)).unwrap_or(u32::MAX)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckShareView {
    /// The deck's label; "" for players without deck data.
    pub label: String,
    pub players: u32,
    /// Share of the field, in tenths of a percent.
    pub share: u32,
    pub top_cut: u32,
    /// Of its players, how many made a top cut, in tenths of a percent.
    pub conversion: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MatchupView {
    pub row: String,
    pub column: String,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The row's match-win rate (a draw half a win), in tenths of a percent.
    pub win_rate: u32,
    /// The 95 % Wilson score interval of that rate (0 to 1); `null` without a match.
    pub interval: Option<(f64, f64)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MetaView {
    pub events: u32,
    pub players: u32,
    pub top_cut: u32,
    pub decks: Vec<DeckShareView>,
    pub matchups: Vec<MatchupView>,
}

impl MetaView {
    pub fn of(meta: &Meta) -> MetaView {
        MetaView {
            events: meta.events,
            players: meta.players,
            top_cut: meta.top_cut,
            decks: meta
                .decks
                .iter()
                .map(|deck| DeckShareView {
                    label: deck.label.clone(),
                    players: deck.players,
                    share: per_mille(deck.players, meta.players),
                    top_cut: deck.top_cut,
                    conversion: per_mille(deck.top_cut, deck.players),
                })
                .collect(),
            matchups: meta
                .cells
                .iter()
                .map(|cell| {
                    let games = cell.wins + cell.losses + cell.draws;
                    MatchupView {
                        row: cell.row.clone(),
                        column: cell.column.clone(),
                        wins: cell.wins,
                        losses: cell.losses,
                        draws: cell.draws,
                        win_rate: per_mille(cell.wins * 2 + cell.draws, games * 2),
                        interval: cell.interval,
                    }
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::per_mille;

    #[test]
    fn shares_round_half_up_in_tenths_of_a_percent() {
        assert_eq!(per_mille(1, 3), 333);
        assert_eq!(per_mille(2, 3), 667);
        assert_eq!(per_mille(1, 8), 125);
        assert_eq!(per_mille(1, 16), 63, "62.5 rounds up");
        assert_eq!(per_mille(0, 0), 0);
        assert_eq!(per_mille(5, 5), 1000);
    }
}

/// The deck parts (and free deck names) already used, each list sorted and without
/// repeats: what the deck boxes offer, so a label is typed once and picked after.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DeckPartsView {
    pub nation_clan: Vec<String>,
    pub ride_line: Vec<String>,
    pub title: Vec<String>,
    pub oshi: Vec<String>,
    pub name: Vec<String>,
}

impl DeckPartsView {
    /// The parts of every deck of `decks` (blank parts left out).
    pub fn of<'a>(
        decks: impl IntoIterator<Item = &'a tablekeeper_engine::model::DeckData>,
    ) -> DeckPartsView {
        use std::collections::BTreeSet;
        let mut sets: [BTreeSet<String>; 5] = Default::default();
        for deck in decks {
            let parts = [
                &deck.nation_clan,
                &deck.ride_line,
                &deck.title,
                &deck.oshi,
                &deck.name,
            ];
            for (set, part) in sets.iter_mut().zip(parts) {
                if let Some(value) = part.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
                    set.insert(value.to_string());
                }
            }
        }
        let [nation_clan, ride_line, title, oshi, name] = sets.map(|set| set.into_iter().collect());
        DeckPartsView {
            nation_clan,
            ride_line,
            title,
            oshi,
            name,
        }
    }
}
