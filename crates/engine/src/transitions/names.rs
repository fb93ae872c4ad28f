//! How the history names who an action was about: a player, a team's member, an entry.

use crate::model::PlayerId;
use crate::state::Event;

/// The player's name, or "#N" for a number the event does not know.
pub(super) fn name_of(event: &Event, id: PlayerId) -> String {
    event
        .player(id)
        .map(|p| p.details.name.clone())
        .unwrap_or_else(|_| format!("#{id}"))
}

/// The name on entry `number`, or "entry N".
pub(super) fn entry_name(event: &Event, number: u32) -> String {
    event.door.entry(number).map_or_else(
        || format!("#{number}"),
        |e| e.details.name.trim().to_string(),
    )
}

/// "Sato (Team A, seat 2)" for a team member, else the player's name.
pub(super) fn member_name(event: &Event, player: PlayerId, member: Option<u8>) -> String {
    let Ok(found) = event.player(player) else {
        return format!("#{player}");
    };
    match member.and_then(|seat| {
        found
            .details
            .members
            .get(usize::from(seat))
            .map(|m| (seat, m))
    }) {
        Some((seat, name)) => format!("{name} ({} {})", found.details.name, u32::from(seat) + 1),
        None => found.details.name.clone(),
    }
}
