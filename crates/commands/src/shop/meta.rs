//! The shop's meta read from event files: each player's deck label (the deck data recorded
//! at registration or from the deck sheet), their played matches and who made the top cut,
//! each event once however often it is listed. The counting is the engine's
//! (`engine::meta`); the view is `views::meta::MetaView`. docs/meta.md.

use std::path::PathBuf;

use tablekeeper_engine::Event;
use tablekeeper_engine::meta::{MetaEvent, MetaMatch, compute, deck_label};

use crate::error::CommandError;
use crate::shop::ratings::played_matches;
use crate::shop::season::read_event;
use crate::views::meta::MetaView;

/// The meta over the event files `files` (read as they are on disk now), leaving out the
/// event whose identity is `hidden` (an open event whose decks are not revealed yet).
pub fn meta(files: &[PathBuf], hidden: Option<&str>) -> Result<MetaView, CommandError> {
    let mut events = Vec::with_capacity(files.len());
    for path in files {
        // The publishers' files (TCG+ CSVs, TOM's .tdf) record no decks: a season's list
        // holds them, and the meta has nothing to count in them.
        if crate::formats::tcgplus::is_tcgplus_file(path) || crate::formats::tom::is_tom_file(path)
        {
            continue;
        }
        let (event, id) = read_event(path)?;
        if hidden != Some(id.as_str()) {
            events.push(meta_event(&event, id));
        }
    }
    Ok(MetaView::of(&compute(&events)))
}

/// A player within the event: their number there (the meta is counted event by event).
fn key(player: &tablekeeper_engine::model::Player) -> String {
    player.id.0.to_string()
}

/// A player's deck label in the meta (empty: no deck data). A team's label is its members'
/// decks joined, as its members registered them.
pub(crate) fn player_deck_label(player: &tablekeeper_engine::model::Player) -> String {
    let labels: Vec<String> = player
        .decks()
        .iter()
        .map(deck_label)
        .filter(|l| !l.is_empty())
        .collect();
    labels.join(" + ")
}

fn meta_event(event: &Event, id: String) -> MetaEvent {
    let label = player_deck_label;
    MetaEvent {
        id,
        players: event
            .players
            .iter()
            .map(|player| (key(player), label(player)))
            .collect(),
        matches: played_matches(event, key)
            .into_iter()
            .map(|(a, b, outcome)| MetaMatch { a, b, outcome })
            .collect(),
        top_cut: event
            .cut
            .as_ref()
            .map(|cut| cut.seeds.iter().map(|seed| seed.0.to_string()).collect())
            .unwrap_or_default(),
    }
}
