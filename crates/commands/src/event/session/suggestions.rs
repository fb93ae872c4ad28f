//! What the publishers' tables suggest for an event: Swiss rounds (with or without a
//! planned top cut), the top cut's size, a round robin for very small events, and the
//! finals a plain `cut` plays.
//!
//! Every table is read for the field the event started with: before round 1 the active
//! players, from round 1 on the players registered before it was paired and not dropped
//! before it. Late entries and later drops change nothing (002 §3.6 "based on the total
//! number of players registered", "late entries will not impact the number of Swiss rounds
//! or top cut calculations"; 003 §6b-v, §6b-vi "once the number of participating players
//! has been affirmed"; docs/decisions.md 31).

use tablekeeper_engine::rules::structure::{self, Structure};
use tablekeeper_engine::ruleset::{CutSuggestion, Finals};

use super::open::Session;

/// ⌈log₂ n⌉ for n ≥ 2: the rounds a field needs to produce one undefeated player.
fn log2_rounds(count: u32) -> u32 {
    count.max(2).next_power_of_two().trailing_zeros()
}

impl Session {
    /// The number of players the publisher's tables are read for.
    pub fn field_size(&self) -> u32 {
        let event = &self.event;
        let started = !event.rounds.is_empty() || event.cut.is_some();
        let count = if started {
            event
                .players
                .iter()
                .filter(|p| p.joined_round <= 1)
                .filter(|p| {
                    !matches!(
                        p.status,
                        tablekeeper_engine::model::PlayerStatus::Dropped { after_round: 0 }
                    )
                })
                .count()
        } else {
            event.active_players().count()
        };
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Swiss rounds without a cut from the publisher's table (`0` where the table
    /// recommends a round robin), or ⌈log₂ n⌉ beyond it.
    fn table_rounds(&self, count: u32) -> u32 {
        match self.event.ruleset.recommended_for(count) {
            Some(row) if row.rounds > 0 => row.rounds,
            _ => log2_rounds(count).max(1),
        }
    }

    /// The rounds suggested for the event's structure and field; `0` while fewer than 2
    /// players are registered. With a cut (planned, or suggested when none is planned),
    /// Swiss rounds come from the "with cut" table: FoW's one count (003 Appendix "Swiss Rounds (with finals)"), or inside
    /// Bushiroad's range the no-cut count minus one (000 §3.2.1.1, 001 第1項; decision 34);
    /// a field the with-cut table does not cover (Bushiroad 5–8) keeps the no-cut count.
    pub fn recommended_rounds(&self) -> u32 {
        let count = self.field_size();
        if count < 2 {
            return 0;
        }
        // 2–4 players: the publisher recommends a round robin, which takes n − 1 rounds (n with
        // an odd field), so that is the plan suggested, not a Swiss count beside it.
        if self.recommended_structure() == Some(Structure::RoundRobin) {
            return u32::try_from(structure::round_robin_rounds(count as usize))
                .unwrap_or(u32::MAX);
        }
        match self.event.settings.structure {
            Structure::RoundRobin => {
                let field = structure::round_robin_field(&self.event).len();
                return u32::try_from(structure::round_robin_rounds(field)).unwrap_or(u32::MAX);
            }
            // Two-loss ends by itself when one fighter is left undefeated (000 §3.2.2.1):
            // enough rounds for that, plus one for the 1-loss fighters.
            Structure::TwoLoss => return log2_rounds(count) + 2,
            Structure::SingleElimination => return log2_rounds(count),
            Structure::Swiss | Structure::PointsThreshold => {}
        }
        let plain = self.table_rounds(count);
        match self.rounds_range() {
            Some([low, high]) if low == high => low,
            Some([low, high]) => plain.saturating_sub(1).clamp(low, high),
            None => plain,
        }
    }

    /// The with-cut table's rounds for a Swiss event with a cut — the planned one, or with
    /// none planned the cut suggested, so that the rounds and the cut suggested are one plan
    /// (a range for Bushiroad, one count for FoW).
    fn rounds_range(&self) -> Option<[u32; 2]> {
        let event = &self.event;
        let cut = match event.settings.planned_cut {
            0 => self.recommended_cut(),
            planned => planned,
        };
        if cut == 0 || event.settings.structure != Structure::Swiss {
            return None;
        }
        event
            .ruleset
            .with_cut_for(self.field_size())
            .map(|with| with.rounds)
    }

    /// The range of Swiss rounds the with-cut table gives, when it is a range.
    pub fn recommended_rounds_range(&self) -> Option<[u32; 2]> {
        self.rounds_range().filter(|[low, high]| low != high)
    }

    /// `round-robin` when the publisher recommends one instead of Swiss for the field
    /// (000 §3.2.1.1, 001 第1項: "For 2 - 4 fighters, a round robin format is recommended").
    pub fn recommended_structure(&self) -> Option<Structure> {
        let count = self.field_size();
        let row = self.event.ruleset.recommended_for(count)?;
        (count >= 2 && row.rounds == 0 && self.event.settings.structure == Structure::Swiss)
            .then_some(Structure::RoundRobin)
    }

    /// Top cut size suggested for the field (`0`: no cut), by the ruleset's rule: the
    /// table's size (Bandai 002 §3.6; FoW 003 Appendix with finals: Top 4 up to 12 players,
    /// Top 8 above), a quarter of the players from 16 (Bushiroad, decision 34), or a top 8
    /// above 32 players (Crossover 004 VIII "Top Cuts").
    pub fn recommended_cut(&self) -> u32 {
        let count = self.field_size();
        let ruleset = &self.event.ruleset;
        match ruleset.top_cut.suggest {
            CutSuggestion::Table if ruleset.has_with_cut_table() => ruleset
                .with_cut_for(count)
                .and_then(|with| with.cut)
                .unwrap_or(0),
            CutSuggestion::Table => ruleset
                .recommended_for(count)
                .and_then(|row| row.cut)
                .unwrap_or(0),
            CutSuggestion::Quarter {
                min_players,
                max_size,
            } => {
                let quarter = count / 4;
                if count < min_players || quarter < 2 {
                    0
                } else {
                    (1u32 << quarter.ilog2()).min(max_size)
                }
            }
            CutSuggestion::Above { min_players, size } => {
                if count >= min_players {
                    size
                } else {
                    0
                }
            }
            CutSuggestion::Legacy => match ruleset.recommended_for(count).and_then(|r| r.cut) {
                Some(cut) => cut,
                None if count >= 33 => 8,
                None if count >= 9 => 4,
                None => 0,
            },
        }
    }

    /// Whether a plain `cut` of `size` plays double-elimination finals: FoW with one-game
    /// matches (003 §6b-vi, decision 23), when the size is one double elimination takes.
    pub fn default_double_elimination(&self, size: u32) -> bool {
        let ruleset = &self.event.ruleset;
        ruleset.top_cut.finals == Finals::DoubleWhenBestOfOne
            && ruleset.points.games_to_win == 1
            && usize::try_from(size)
                .ok()
                .and_then(tablekeeper_engine::top_cut::double::plan)
                .is_some()
    }

    /// The finals a plain `cut` plays for the planned (or suggested) size.
    pub fn recommended_finals(&self) -> crate::vocabulary::Finals {
        let size = match self.event.settings.planned_cut {
            0 => self.recommended_cut(),
            planned => planned,
        };
        if self.default_double_elimination(size) {
            crate::vocabulary::Finals::DoubleElimination
        } else {
            crate::vocabulary::Finals::SingleElimination
        }
    }
}
