//! What creating an event and starting its cut take: the organizer's options, and the
//! ruleset a new event starts from (embedded, a file, the title's, plus overrides).

use crate::error::CommandError;
use std::path::PathBuf;
use tablekeeper_engine::Ruleset;
use tablekeeper_engine::rules::structure::Structure;
use tablekeeper_engine::ruleset::{catalogue, overrides::apply_overrides, parse_ruleset};

/// Which finals the organizer asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FinalsChoice {
    /// The ruleset's default: FoW with one-game matches plays double elimination
    /// (003 §6b-vi, decision 23) when the size is 4 or 8; everything else single.
    #[default]
    RulesetDefault,
    Single,
    Double,
}

/// What the organizer decided for the cut.
#[derive(Debug, Clone, Default)]
pub struct CutOptions {
    /// Number of finalists (the bracket is padded to a power of two with byes); `0` takes
    /// the planned cut, else the publisher's suggestion.
    pub size: u32,
    /// Play a third-place match between the semifinal losers.
    pub third_place: bool,
    /// Players who declined, are absent, or were excluded by the organizer (by id or name);
    /// the next player in the standings moves up.
    pub excluded: Vec<String>,
    /// Seed of every draw among players tied on the cut line; `None` draws one. It is
    /// recorded with the cut either way (docs/decisions.md 32).
    pub seed: Option<u64>,
    /// Double-elimination finals (FoW best-of-one finals, decision 23; 4 or 8 players).
    /// `false` leaves the choice to the ruleset ([`FinalsChoice::RulesetDefault`]); see
    /// [`Session::start_cut_as`] to ask for single elimination.
    pub double: bool,
    /// How finalists are chosen (000 §3.2.4; 001 第3部第2章第4節). `None` = ranking.
    pub method: Option<tablekeeper_engine::top_cut::decks::SelectionMethod>,
}

/// Where the ruleset of a new event comes from.
#[derive(Debug, Clone)]
pub enum RulesetSource {
    /// An embedded ruleset id (`bandai`).
    Embedded(String),
    /// A custom ruleset file.
    File(PathBuf),
}

/// Options for creating an event.
#[derive(Debug, Clone, Default)]
pub struct CreateOptions {
    pub name: String,
    /// `None`: the title preset's ruleset, else `bushiroad-en`.
    pub ruleset: Option<RulesetSource>,
    pub title: Option<String>,
    /// `None`: decided from the publisher's table when round 1 is paired.
    pub planned_rounds: Option<u32>,
    /// `field=value` overrides of single ruleset fields.
    pub overrides: Vec<String>,
    /// Seed of the random tie order; `None` draws one (it is recorded either way).
    pub standings_seed: Option<u64>,
    /// Swiss (default), round robin, two-loss or points-threshold elimination.
    pub structure: Structure,
    /// Elimination formats: the announced finalists / remaining players that end them early;
    /// Swiss with `min_rounds`: the prize places.
    pub elimination_finalists: u32,
    /// Swiss variable rounds: the announced minimum (`planned_rounds` is the maximum).
    pub min_rounds: u32,
    /// Team events: 2 (tag) or 3 (trio) members per team; 0 for individual events.
    pub team_size: u8,
    /// The planned top cut (its size; 0 = none): suggested rounds then come from the
    /// publisher's "with cut" table.
    pub planned_cut: u32,
    /// The event's first table number (0: table 1), for events run side by side.
    pub first_table: u32,
}

/// Resolves the ruleset of a new event: explicit source, else the title's, plus overrides.
pub fn resolve_ruleset(
    source: Option<&RulesetSource>,
    title: Option<&str>,
    overrides: &[String],
) -> Result<Ruleset, CommandError> {
    with_overrides(&base_ruleset(source, title)?, overrides)
}

pub(super) fn with_overrides(
    base: &Ruleset,
    overrides: &[String],
) -> Result<Ruleset, CommandError> {
    Ok(apply_overrides(base, overrides).map_err(tablekeeper_engine::EngineError::from)?)
}

/// The ruleset a new event starts from: a file, an embedded id, the title's, or the default.
pub(super) fn base_ruleset(
    source: Option<&RulesetSource>,
    title: Option<&str>,
) -> Result<Ruleset, CommandError> {
    Ok(match (source, title) {
        (Some(RulesetSource::File(path)), _) => {
            let text = std::fs::read_to_string(path).map_err(|e| CommandError::Io {
                path: path.display().to_string(),
                detail: format!("cannot read the ruleset file: {e}"),
            })?;
            parse_ruleset(&path.display().to_string(), &text)
                .map_err(tablekeeper_engine::EngineError::from)?
        }
        (Some(RulesetSource::Embedded(id)), _) => {
            catalogue::ruleset(id).map_err(tablekeeper_engine::EngineError::from)?
        }
        (None, Some(title)) => {
            let preset = catalogue::title(title).map_err(tablekeeper_engine::EngineError::from)?;
            catalogue::ruleset(&preset.ruleset).map_err(tablekeeper_engine::EngineError::from)?
        }
        (None, None) => {
            catalogue::ruleset("bushiroad-en").map_err(tablekeeper_engine::EngineError::from)?
        }
    })
}
