//! The validated ruleset type and its TOML shape.

use serde::{Deserialize, Serialize};

use crate::exact::{Exact, Rounding};
use crate::model::Category;

/// A complete, validated ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruleset {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
    pub source: String,
    pub points: PointsRule,
    pub match_win: MatchWinRule,
    pub opponents: OpponentRule,
    pub standings: StandingsRule,
    pub pairing: PairingRule,
    pub penalties: PenaltyRule,
    pub recommended: Vec<RecommendedRounds>,
    /// Swiss rounds and finals size when finals follow, where the publisher has a separate
    /// table for them (FoW 003 Appendix "Swiss Rounds (with finals)").
    pub recommended_with_cut: Vec<RecommendedWithCut>,
    /// How a top cut is suggested and played by default.
    pub top_cut: TopCutRule,
    /// The TOML text this ruleset was read from (stored in every event file).
    pub source_text: String,
}

/// Points per result (RULESETS.md catalogue; decision 32 for graded reasons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsRule {
    pub win: Exact,
    pub draw: Exact,
    pub loss: Exact,
    pub bye: Exact,
    pub default_win: Exact,
    pub default_loss: Exact,
    pub double_loss: Exact,
    pub double_win: Exact,
    /// "Highest points obtainable in a single match" (000 §3.2.1.2).
    pub max_per_match: Exact,
    /// Games needed to win a match (1 = best of one, 2 = best of three).
    pub games_to_win: u8,
    pub graded: Vec<GradedReason>,
    /// The graded reason a penalty loss scores with (Monster Collection 反則負け / 反則勝ち,
    /// 001 《参考》); `None` scores it as a plain win and loss.
    pub penalty_reason: Option<String>,
}

/// A graded result reason (Monster Collection, 001 《参考》): points for each seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradedReason {
    pub id: String,
    pub name_en: String,
    pub name_ja: String,
    /// "win" (winner/loser points) or "draw" (both get `winner`).
    pub outcome: String,
    pub winner: i64,
    #[serde(default)]
    pub loser: i64,
}

/// Which rounds the match-win denominator counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denominator {
    /// Rounds of the event so far (000 §3.2.1.2 "total number of rounds").
    TotalRounds,
    /// Rounds in which the player has a record (Bushi Navi, Bandai, FoW).
    RoundsPlayed,
    /// Bushiroad double elimination "effective rounds" (000 §3.2.2.2).
    EffectiveRounds,
}

/// How a player's own match-win percentage is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchWinRule {
    pub denominator: Denominator,
    pub multiply_by_max_points: bool,
    /// Categories removed from the player's own numerator and denominator.
    pub exclude_own: Vec<Category>,
    pub rounding: Rounding,
    pub floor: Exact,
}

/// Which opponents enter the averages, and how averages are rounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpponentRule {
    pub exclude: Vec<Category>,
    pub average_rounding: Rounding,
}

/// One step of a standings chain after the primary key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tiebreaker {
    /// The player's own match-win percentage (Bandai MWR).
    MatchWin,
    /// Opponents' average match-win percentage (OMW%, Opp%, OMWR).
    OppMatchWin,
    /// Opponents' average of their OMW% (OOMW%, Opp2%).
    OppOppMatchWin,
    /// Match wins among the tied players.
    HeadToHead,
    /// Crossover TB1: opponents' points, lowest dropped.
    SosDropLowest,
    /// Crossover TB2: sum over opponents of their own SoS.
    OppSos,
    /// Crossover TB3: sum of the squares of the rounds lost.
    RoundsLostSquared,
    /// Round robin: fewest game losses.
    GameLosses,
    /// Round robin: most game wins.
    GameWins,
}

impl Tiebreaker {
    pub const ALL: [Tiebreaker; 9] = [
        Tiebreaker::MatchWin,
        Tiebreaker::OppMatchWin,
        Tiebreaker::OppOppMatchWin,
        Tiebreaker::HeadToHead,
        Tiebreaker::SosDropLowest,
        Tiebreaker::OppSos,
        Tiebreaker::RoundsLostSquared,
        Tiebreaker::GameLosses,
        Tiebreaker::GameWins,
    ];

    /// Stable id used in ruleset files, JSON and exports.
    pub fn id(self) -> &'static str {
        match self {
            Tiebreaker::MatchWin => "match-win",
            Tiebreaker::OppMatchWin => "opp-match-win",
            Tiebreaker::OppOppMatchWin => "opp-opp-match-win",
            Tiebreaker::HeadToHead => "head-to-head",
            Tiebreaker::SosDropLowest => "sos-drop-lowest",
            Tiebreaker::OppSos => "opp-sos",
            Tiebreaker::RoundsLostSquared => "rounds-lost-squared",
            Tiebreaker::GameLosses => "game-losses",
            Tiebreaker::GameWins => "game-wins",
        }
    }

    pub fn from_id(id: &str) -> Option<Tiebreaker> {
        Tiebreaker::ALL.into_iter().find(|t| t.id() == id)
    }

    /// Whether a larger value ranks higher.
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Tiebreaker::GameLosses)
    }

    /// Whether the value is read from the player's opponents' records (rather than the
    /// player's own).
    pub fn depends_on_opponents(self) -> bool {
        matches!(
            self,
            Tiebreaker::OppMatchWin
                | Tiebreaker::OppOppMatchWin
                | Tiebreaker::SosDropLowest
                | Tiebreaker::OppSos
        )
    }
}

/// What happens when the chain is exhausted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieResolution {
    /// Seeded random order (recorded seed).
    Random,
    /// Equal rank; random only when a distinct rank is demanded (a cut line).
    EqualRank,
}

/// The standings chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRule {
    /// `true`: rank by wins first (double elimination); `false`: by points.
    pub primary_wins: bool,
    pub tiebreakers: Vec<Tiebreaker>,
    pub round_robin_tiebreakers: Vec<Tiebreaker>,
    pub unresolved: TieResolution,
    /// Decimals shown for values the seed does not round.
    pub display_decimals: u32,
}

/// Who gets the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByeRule {
    /// Decision 1: lowest-ranked eligible player of the lowest score group.
    LowestRanked,
    /// FoW §6b-iii: a low-VP player without a bye, random among candidates.
    LowestPointsRandom,
    /// Crossover decision 26: lowest MP, then lowest SoS, then random.
    LowestPointsThenSos,
}

/// "Less than" (EN) or "at most" (JA 以下) for cut-offs (decision 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutComparison {
    LessThan,
    AtMost,
}

/// Pairing rules the engine needs from the ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRule {
    pub bye: ByeRule,
    pub cut_comparison: CutComparison,
    /// Results of round r stay editable until round r + lock is paired (Bandai §5.3).
    pub result_lock_rounds: Option<u32>,
    /// Assign who goes first in game 1 so that it evens out (FoW 003 §6b-vii).
    pub balance_first_turn: bool,
    /// Which players Swiss variable rounds count as still perfect.
    pub variable_rounds: VariableRounds,
    /// How a single-elimination event (from round 1) pairs its rounds.
    pub single_elimination: SingleElimination,
}

/// Who counts as "undefeated" when Swiss variable rounds decide whether to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VariableRounds {
    /// Only wins (a draw disqualifies): 002 §3.6 "with only wins reported", 001 第1項
    /// 全勝者 (decision 28). Stops once at most one such player is left.
    #[default]
    OnlyWins,
    /// No match lost (a draw is not a loss): 003 §6b-v "only one remaining player who has not
    /// lost a single round". Stops once exactly one such player is left.
    NoLoss,
}

/// How the rounds of a single-elimination event are paired (docs/decisions.md 34).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SingleElimination {
    /// A seeded bracket: winners of neighbouring slots meet; byes to the top seeds
    /// (002 §3.4.1, 000 §3.2.3, decision 10).
    #[default]
    Bracket,
    /// Every round, all remaining players are paired at random; an odd player out wins
    /// without playing (003 §6b-ii).
    RandomEachRound,
}

/// How a top cut's size is suggested (the organizer decides; a suggestion only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutSuggestion {
    /// The size in the recommended table (Bandai 002 §3.6; FoW 003 Appendix with finals).
    Table,
    /// None below `min_players`, else the largest power of two not above a quarter of the
    /// players, at most `max_size` (Bushiroad, RULESETS.md decision 34).
    Quarter { min_players: u32, max_size: u32 },
    /// `size` from `min_players` on, none below (Crossover 004 VIII "Top Cuts": only above
    /// 32 players, typically the top 8).
    Above { min_players: u32, size: u32 },
    /// A ruleset file without a `[top_cut]` table: the table's size where it has one, else
    /// top 8 from 33 players and top 4 from 9.
    Legacy,
}

/// Which finals a plain `cut` plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Finals {
    #[default]
    SingleElimination,
    /// Double elimination when matches are one game, single elimination otherwise
    /// (003 §6b-vi "3 game matches are single elimination, 1 game matches are double
    /// elimination"; RULESETS.md decision 23).
    DoubleWhenBestOfOne,
}

/// Who plays first in game 1 of the first finals round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FinalsFirstPlayer {
    /// Decided at random by the players (the general rule; decision 10).
    #[default]
    Random,
    /// The player with the higher Swiss rank chooses (003 §6b-vii).
    HigherSeedChooses,
}

/// Top cut suggestions and defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TopCutRule {
    pub suggest: CutSuggestion,
    pub finals: Finals,
    pub first_player: FinalsFirstPlayer,
    /// Team matches in elimination rounds need a winner in every seat, and an undecided
    /// tag match goes to its last seat (RULESETS.md decision 33). True for every ruleset with
    /// a `[top_cut]` table; a ruleset copy from before it (an older event file) keeps
    /// accepting drawn seats, so its log replays as it did (docs/decisions.md 37).
    pub decisive_team_matches: bool,
}

impl Default for TopCutRule {
    fn default() -> Self {
        TopCutRule {
            suggest: CutSuggestion::Legacy,
            finals: Finals::SingleElimination,
            first_player: FinalsFirstPlayer::Random,
            decisive_team_matches: false,
        }
    }
}

/// A row of a "with finals" table: Swiss rounds and finals size for a player range, for
/// one match length (`games_to_win`; `None` = any).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendedWithCut {
    /// Inclusive player range `[min, max]`.
    pub players: [u32; 2],
    pub rounds: u32,
    /// Finals size.
    pub cut: u32,
    /// The match length the row is for: 1 (one game) or 2 (best of three).
    #[serde(default)]
    pub games_to_win: Option<u8>,
}

/// Swiss rounds recommended when a cut follows: a range (Bushiroad) or one count (FoW),
/// and the finals size where the table gives one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WithCut {
    pub rounds: [u32; 2],
    pub cut: Option<u32>,
}

/// Penalties the ruleset uses, tardiness thresholds and no-show drops (decision 16).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PenaltyRule {
    pub kinds: Vec<crate::model::PenaltyType>,
    pub tardiness: Vec<TardinessThreshold>,
    /// A player who misses this many rounds in a row without notice is dropped.
    pub no_show_drop_after: Option<u32>,
}

/// "≥ minutes" (inclusive) or "> minutes" late → penalty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TardinessThreshold {
    pub minutes: u32,
    #[serde(default)]
    pub inclusive: bool,
    pub penalty: String,
}

/// A row of the publisher's recommended-rounds table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendedRounds {
    /// Inclusive player range `[min, max]`.
    pub players: [u32; 2],
    /// Swiss rounds without a top cut (0 = round robin recommended).
    pub rounds: u32,
    /// Swiss rounds when a top cut follows, `[min, max]` (Bushiroad).
    #[serde(default)]
    pub rounds_with_cut: Option<[u32; 2]>,
    /// Top cut size (Bandai table).
    #[serde(default)]
    pub cut: Option<u32>,
}

impl Ruleset {
    /// The recommended row for `players` registered players.
    pub fn recommended_for(&self, players: u32) -> Option<&RecommendedRounds> {
        self.recommended
            .iter()
            .find(|row| row.players[0] <= players && players <= row.players[1])
    }

    /// Swiss rounds when a top cut follows, for `players` and the ruleset's match length:
    /// the "with finals" table's row (FoW), else the recommended row's `rounds_with_cut`
    /// (Bushiroad 000 §3.2.1.1, 001 第1項).
    pub fn with_cut_for(&self, players: u32) -> Option<WithCut> {
        let games = self.points.games_to_win;
        let finals = self.recommended_with_cut.iter().find(|row| {
            row.players[0] <= players
                && players <= row.players[1]
                && row.games_to_win.is_none_or(|g| g == games)
        });
        if let Some(row) = finals {
            return Some(WithCut {
                rounds: [row.rounds, row.rounds],
                cut: Some(row.cut),
            });
        }
        let row = self.recommended_for(players)?;
        row.rounds_with_cut
            .map(|rounds| WithCut { rounds, cut: None })
    }

    /// Whether the ruleset has a "with finals" table for its match length.
    pub fn has_with_cut_table(&self) -> bool {
        let games = self.points.games_to_win;
        self.recommended_with_cut
            .iter()
            .any(|row| row.games_to_win.is_none_or(|g| g == games))
    }

    /// Points for a graded reason id, if the ruleset defines it.
    pub fn graded_reason(&self, id: &str) -> Option<&GradedReason> {
        self.points.graded.iter().find(|r| r.id == id)
    }
}
