//! An event's final order, for its prizes and its season points: the top cut's
//! players by how far they went (the champion, the final's loser, the third-place match's
//! winner and loser where one was played, then each earlier bracket round's losers
//! together), then everyone else in the Swiss standings' order. Players in one group are
//! tied for their places: a bracket round's losers always, Swiss players on equal points
//! only when `group_equal_points` (prizes shared among ties, docs/prizes.md); otherwise each
//! Swiss player stands alone in the standings' order (tiebreakers, then the recorded random
//! order). Dropped players keep their place (Limitless: players who drop stay "eligible for
//! prizes and ranking points").

use crate::error::EngineError;
use crate::model::{Outcome, PlayerId};
use crate::state::Event;

/// One player in the final order, with their Swiss record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finisher {
    pub player: PlayerId,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// The final order as groups of players tied for their places, best first.
pub fn final_order(
    event: &Event,
    group_equal_points: bool,
) -> Result<Vec<Vec<Finisher>>, EngineError> {
    let standings = crate::standings::compute(event)?;
    let finisher = |player: PlayerId| {
        standings
            .rows
            .iter()
            .find(|r| r.player == player)
            .map(|r| Finisher {
                player,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
            })
    };
    let mut groups: Vec<Vec<Finisher>> = Vec::new();
    let mut placed: Vec<PlayerId> = Vec::new();
    if let Some(cut) = &event.cut {
        // How far each finalist went: the index of the last bracket round they played
        // (later is better), the champion beyond every round.
        let last_round_of = |player: PlayerId| {
            cut.rounds
                .iter()
                .rposition(|r| r.round.matches.iter().any(|m| m.seats.contains(player)))
        };
        let champion = cut.champion();
        let final_index = cut
            .rounds
            .iter()
            .rposition(|r| r.is_final() && r.round.is_complete());
        let third_place = cut.rounds.last().and_then(|r| {
            let table = r.third_place_table?;
            let found = r.round.matches.iter().find(|m| m.table == Some(table))?;
            let result = found.result.as_ref()?;
            let seats: Vec<(PlayerId, Outcome)> = found
                .seats
                .players()
                .into_iter()
                .zip(result.seats.iter().map(|s| s.outcome))
                .collect();
            Some(seats)
        });
        let mut finalists: Vec<(usize, u8, PlayerId)> = cut
            .seeds
            .iter()
            .map(|player| {
                let reached = last_round_of(*player).unwrap_or(0);
                // Within the last round: the champion, the final's loser, then the
                // third-place match's winner and loser.
                let within = if Some(*player) == champion {
                    0
                } else if let Some(seats) = &third_place
                    && let Some((_, outcome)) = seats.iter().find(|(p, _)| p == player)
                {
                    if *outcome == Outcome::Win { 2 } else { 3 }
                } else {
                    1
                };
                (reached, within, *player)
            })
            .collect();
        finalists.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut last_key: Option<(usize, u8)> = None;
        for (reached, within, player) in finalists {
            let Some(found) = finisher(player) else {
                continue;
            };
            // The champion and the final's loser each stand alone; so do the third-place
            // match's players; earlier rounds' losers share their places.
            let key = (reached, within);
            let alone = Some(player) == champion || within >= 2 || Some(reached) == final_index;
            match groups.last_mut() {
                Some(group) if !alone && last_key == Some(key) => group.push(found),
                _ => groups.push(vec![found]),
            }
            last_key = Some(key);
            placed.push(player);
        }
    }
    let mut last_points = None;
    for row in standings
        .rows
        .iter()
        .filter(|r| !placed.contains(&r.player))
    {
        let Some(found) = finisher(row.player) else {
            continue;
        };
        match groups.last_mut() {
            Some(group) if group_equal_points && last_points == Some(row.points) => {
                group.push(found)
            }
            _ => groups.push(vec![found]),
        }
        last_points = Some(row.points);
    }
    Ok(groups)
}
