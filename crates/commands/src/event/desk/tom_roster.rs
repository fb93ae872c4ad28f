//! The roster into TOM: the open event's players written into a `.tdf` that TOM created
//! (`formats::tom_roster` splices them in; docs/seasons.md, "The roster into TOM").

use serde::{Deserialize, Serialize};
use tablekeeper_words::{ErrorKind, msg};
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::error::CommandError;
use crate::formats::export;
use crate::formats::tom_roster::{self, RosterPlayer, SkippedPlayer};

/// Write the event's players into a `.tdf` that TOM created (`path`, saved over in place).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TomRosterRequest {
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
}

/// What the roster did to the TOM file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TomRosterView {
    pub written: String,
    /// Whether the file changed (nobody new: it is left as it was, byte for byte).
    pub changed: bool,
    pub added: Vec<RosterPlayer>,
    /// Already in the file (the same Play! Pokémon ID): left as TOM has them.
    pub already: Vec<RosterPlayer>,
    pub skipped: Vec<SkippedPlayer>,
}

impl Desk {
    /// Writes the event's players (all but those who withdrew before round 1) into the TOM
    /// file at `path`: read, spliced, read back, and saved over through a temporary file,
    /// TOM's own file kept beside it first (`<name>.tdf.before-roster`, which TOM's Open
    /// dialog does not list); a file nobody is added to is not written at all.
    pub fn tom_roster(&mut self, request: TomRosterRequest) -> Result<TomRosterView, CommandError> {
        let event = self.session()?.event();
        if event.settings.team_size > 0 {
            return Err(CommandError::input(
                ErrorKind::TomRoster,
                msg!(
                    "error.tom-roster.teams",
                    "TOM pairs single players, and this is a team event: its roster cannot go into TOM"
                ),
            ));
        }
        let players: Vec<_> = event
            .players
            .iter()
            .filter(|p| {
                !matches!(
                    p.status,
                    tablekeeper_engine::model::PlayerStatus::Dropped { after_round: 0 }
                )
            })
            .map(|p| p.details.clone())
            .collect();
        let original = std::fs::read(&request.path).map_err(|e| CommandError::Io {
            path: request.path.display().to_string(),
            detail: e.to_string(),
        })?;
        let now = chrono::Local::now().naive_local();
        let roster = tom_roster::write_roster(&original, &players, now)?;
        let changed = roster.bytes != original;
        if changed {
            export::write_file(&kept_beside(&request.path), &original)?;
            export::write_file(&request.path, &roster.bytes)?;
        }
        Ok(TomRosterView {
            written: request.path.display().to_string(),
            changed,
            added: roster.added,
            already: roster.already,
            skipped: roster.skipped,
        })
    }
}

/// Where TOM's file is kept before the roster goes into it: `<name>.tdf.before-roster`.
pub fn kept_beside(path: &std::path::Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".before-roster");
    path.with_file_name(name)
}
