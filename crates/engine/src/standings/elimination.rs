//! Who the elimination formats have put out (two-loss: two matches not won; points
//! threshold: below (r − 1) × 3 victory points after round r, digest D5), derived from the
//! completed rounds so replaying the log gives the same eliminations.

use std::collections::BTreeSet;

use crate::error::EngineError;
use crate::exact::Exact;
use crate::model::{Outcome, PlayerId, Structure};
use crate::rules::elimination::below_points_threshold;
use crate::state::Event;

use super::records::Records;

/// Losses as an elimination format counts them: a draw or a double loss is a loss for
/// both (000 §3.2.2 "In the event of a tie, both fighters are considered to have lost").
pub(crate) fn losses(records: &Records, player: PlayerId) -> usize {
    records
        .of(player)
        .iter()
        .filter(|r| r.seat.outcome != Outcome::Win)
        .count()
}

/// Whether the player lost any match (a draw is not a loss: 003 §6b-iv, §6b-v "has not
/// lost a single round").
pub(crate) fn lost_any(records: &Records, player: PlayerId) -> bool {
    records
        .of(player)
        .iter()
        .any(|r| r.seat.outcome == Outcome::Loss)
}

/// Players the structure has eliminated after the completed rounds (dropped players are
/// not listed: they are out already).
pub fn eliminated(event: &Event) -> Result<BTreeSet<PlayerId>, EngineError> {
    let structure = event.settings.structure;
    if !structure.eliminates() {
        return Ok(BTreeSet::new());
    }
    let records = Records::collect(event);
    let finished =
        u32::try_from(event.completed_rounds().count()).map_err(|_| EngineError::TooManyRounds)?;
    let mut out = BTreeSet::new();
    for player in event.active_players() {
        let gone = match structure {
            Structure::TwoLoss => losses(&records, player.id) >= 2,
            Structure::PointsThreshold => {
                let points = records
                    .of(player.id)
                    .iter()
                    .try_fold(Exact::ZERO, |acc, r| acc.checked_add(r.seat.points))?;
                below_points_threshold(&event.ruleset, finished, points)?
            }
            Structure::Swiss | Structure::RoundRobin | Structure::SingleElimination => false,
        };
        if gone {
            out.insert(player.id);
        }
    }
    Ok(out)
}

impl Event {
    /// Players the next Swiss-style round pairs: the active ones the structure has not
    /// eliminated (two-loss and points-threshold formats, [`eliminated`]).
    pub fn pairable_players(&self) -> Result<Vec<PlayerId>, EngineError> {
        let out = eliminated(self)?;
        Ok(self
            .active_players()
            .map(|p| p.id)
            .filter(|id| !out.contains(id))
            .collect())
    }
}
