//! The shop's meta: which decks its players bring (a label per player per event), how many
//! of each reach the top cut, and how each deck fares against each other deck — a matchup
//! matrix with each cell's Wilson score interval. Counts are exact; only the interval is a
//! real number (it is a square root by definition). Its events arrive as each event's
//! players with their labels, played matches and top cut ([`MetaEvent`], built by the
//! command layer from the event files). docs/meta.md.

pub mod matrix;

pub use matrix::{
    DeckShare, MatchupCell, Meta, MetaEvent, MetaMatch, UNLABELLED, compute, deck_label,
    wilson_interval,
};
