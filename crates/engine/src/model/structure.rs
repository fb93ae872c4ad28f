//! How the event is played, as it is set when the event is created: the structure and
//! when an elimination or variable-rounds event ends early (decision 25). What follows
//! from it (who is eliminated, whether the event is over) is in [`crate::rules::structure`].

use serde::{Deserialize, Serialize};

tablekeeper_words::choice_enum! {
    /// How the event is played (decision 25).
    #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
    #[derive(Default)]
    pub enum Structure {
        #[default]
        Swiss = "swiss",
        RoundRobin = "round-robin",
        TwoLoss = "two-loss",
        PointsThreshold = "points-threshold",
        SingleElimination = "single-elimination",
    }
}

impl Structure {
    /// Whether players leave the event by losing (the two elimination formats).
    pub fn eliminates(self) -> bool {
        matches!(self, Structure::TwoLoss | Structure::PointsThreshold)
    }
}

/// When an event ends besides its announced (maximum) rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EliminationStop {
    /// Swiss "variable rounds" (000 §3.2.1.1, 001 第1項, 002 §3.6, decision 13): from this
    /// many completed rounds on, the event stops once at most one player has only wins (FoW:
    /// exactly one has not lost, 003 §6b-v), or (with `finalists`) once those players are
    /// fewer than (EN) / at most (JA, Bandai) the prize places. Points-threshold: from this
    /// many rounds on, it stops once only one remaining player has not lost a round
    /// (003 §6b-iv). 0 = fixed rounds / no early end.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub min_rounds: u32,
    /// Two-loss: stop once the undefeated are fewer than (EN) / at most (JA) this many
    /// (000 §3.2.2 "top X number of finalists", 001 「入賞人数以下」). Points-threshold: stop
    /// once at most this many players remain (003 §6b-iv "a remaining number of players").
    /// 0 = only the structure's own end (one undefeated player).
    pub finalists: u32,
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}
