//! The versioned JSON archive of a whole event (`tablekeeper export`).
//!
//! It carries the settings, the ruleset text, players, every round with each player's
//! points and result, the standings with every tiebreaker exact and as displayed, and the
//! full action log, so [`replay`] rebuilds the identical event.

use serde::{Deserialize, Serialize};
use tablekeeper_engine::ruleset::parse_ruleset;
use tablekeeper_engine::{Event, EventSettings, standings};
use tablekeeper_store::{Entry, LoggedAction};
use tablekeeper_words::ErrorKind;

use crate::session::timeline::Timeline;

use crate::error::CommandError;
use crate::session::Session;
use crate::views::{PairingsView, PlayerView, StandingsView};
use tablekeeper_words::msg;

/// Format marker and version of the archive.
pub const ARCHIVE_FORMAT: &str = "tablekeeper-archive";
pub const ARCHIVE_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Archive {
    pub format: String,
    pub version: u32,
    pub app_version: String,
    pub exported_at: String,
    /// Settings as the event was created; `log` replays from here.
    pub event: EventSettings,
    pub ruleset: ArchiveRuleset,
    pub players: Vec<PlayerView>,
    /// Every round as it stands: the Swiss rounds, then the top cut's (or a
    /// single-elimination event's) bracket rounds, each with its `bracket_round`.
    pub rounds: Vec<PairingsView>,
    /// The bracket (seeds, the cut-line draw, the champion), once the cut has started.
    #[serde(default)]
    pub bracket: Option<crate::views::bracket::BracketView>,
    pub standings: StandingsView,
    pub log: Vec<ArchiveEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveRuleset {
    pub id: String,
    pub toml: String,
}

/// One row of the event's log: an action, or the undo/redo of a step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    pub seq: i64,
    pub step: i64,
    pub recorded_at: String,
    pub reason: Option<String>,
    #[serde(flatten)]
    pub entry: Entry,
}

/// The archive of the open event.
pub fn export(session: &Session) -> Result<Archive, CommandError> {
    let event = session.event();
    let bracket_rounds = event.cut.iter().flat_map(|c| &c.rounds).map(|r| &r.round);
    let rounds = event
        .rounds
        .iter()
        .chain(bracket_rounds)
        .map(|r| PairingsView::from_round(event, r))
        .collect();
    Ok(Archive {
        format: ARCHIVE_FORMAT.to_string(),
        version: ARCHIVE_VERSION,
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        exported_at: chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        event: session.initial_settings().clone(),
        ruleset: ArchiveRuleset {
            id: event.ruleset.id.clone(),
            toml: event.ruleset.source_text.clone(),
        },
        players: session.players(),
        rounds,
        bracket: session.bracket()?,
        standings: session.standings()?,
        log: session
            .log()?
            .iter()
            .map(|l| ArchiveEntry {
                seq: l.seq,
                step: l.step,
                recorded_at: l.recorded_at.clone(),
                reason: l.reason.clone(),
                entry: l.entry.clone(),
            })
            .collect(),
    })
}

/// Rebuilds the event an archive describes (its initial settings plus its log).
pub fn replay(archive: &Archive) -> Result<Event, CommandError> {
    if archive.format != ARCHIVE_FORMAT {
        return Err(CommandError::input(
            ErrorKind::NotAnArchive,
            msg!(
                "error.not-an-archive.json-file-tablekeeper-archive",
                "this JSON file is not a Tablekeeper archive"
            ),
        ));
    }
    if archive.version > ARCHIVE_VERSION {
        return Err(CommandError::input(
            ErrorKind::NewerVersion,
            msg!(
                "error.newer-version.archive-version-newer-than-app",
                "archive version {version} is newer than this app reads ({ARCHIVE_VERSION}); update Tablekeeper",
                version = archive.version,
                ARCHIVE_VERSION = ARCHIVE_VERSION
            ),
        ));
    }
    let ruleset = parse_ruleset("archive ruleset", &archive.ruleset.toml)
        .map_err(tablekeeper_engine::EngineError::from)?;
    let log: Vec<LoggedAction> = archive
        .log
        .iter()
        .map(|e| LoggedAction {
            seq: e.seq,
            step: e.step,
            recorded_at: e.recorded_at.clone(),
            entry: e.entry.clone(),
            reason: e.reason.clone(),
        })
        .collect();
    Ok(Event::replay(
        archive.event.clone(),
        ruleset,
        Timeline::new(&log).effective_actions(),
    )?)
}

/// Standings recomputed from an archive, for checking it against its stored standings.
pub fn recomputed_standings(archive: &Archive) -> Result<StandingsView, CommandError> {
    let event = replay(archive)?;
    let computed = standings::compute(&event)?;
    Ok(StandingsView::from_standings(&event, &computed))
}

/// Reads the archive file at `source`.
pub fn read(source: &std::path::Path) -> Result<Archive, CommandError> {
    let bytes = std::fs::read(source).map_err(|e| CommandError::Io {
        path: source.display().to_string(),
        detail: e.to_string(),
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        CommandError::input(
            ErrorKind::NotAnArchive,
            msg!(
                "error.not-an-archive.tablekeeper-archive",
                "{file} is not a Tablekeeper archive: {e}",
                file = source.display().to_string(),
                e = e.to_string()
            ),
        )
    })
}

/// Creates a new event file from an archive: the same settings, ruleset and log (every
/// step, undo and reason), so exporting it again gives the same archive. The event is
/// built in a temporary file and renamed into place once complete, so a failed or killed
/// import leaves no file at `path`.
pub fn import(
    archive: &Archive,
    path: &std::path::Path,
) -> Result<crate::session::Session, CommandError> {
    // Refuse an archive that does not replay, or whose names or times could not have been
    // entered, before writing anything.
    replay(archive)?;
    check_entered_text(archive)?;
    let ruleset = parse_ruleset("archive ruleset", &archive.ruleset.toml)
        .map_err(tablekeeper_engine::EngineError::from)?;
    crate::session::Session::create_from_archive(archive, &ruleset, path)
}

/// The event name, player names and times in an archive pass the same checks as when
/// they are typed.
fn check_entered_text(archive: &Archive) -> Result<(), CommandError> {
    crate::names::event_name(&archive.event.name)?;
    for entry in &archive.log {
        if chrono::DateTime::parse_from_rfc3339(&entry.recorded_at).is_err() {
            return Err(CommandError::input(
                ErrorKind::InvalidArchive,
                msg!(
                    "error.invalid-archive.log-entry-has-time-which",
                    "log entry {seq} has the time '{time}', which is not a time; the archive was changed by hand",
                    seq = entry.seq,
                    time = &entry.recorded_at
                ),
            ));
        }
        if let Entry::Action {
            action: tablekeeper_engine::Action::RegisterPlayer(details),
        } = &entry.entry
        {
            crate::names::player_details(details)?;
        }
        // An undo or redo names an earlier step, as the event file requires of its rows.
        if let Entry::Undo { step: target } | Entry::Redo { step: target } = entry.entry
            && (target < 1 || target >= entry.step)
        {
            return Err(CommandError::input(
                ErrorKind::InvalidArchive,
                msg!(
                    "error.invalid-archive.takes-back-later-step",
                    "log entry {seq} takes back step {target}, which is not before it; the archive was changed by hand",
                    seq = entry.seq,
                    target = target
                ),
            ));
        }
    }
    Ok(())
}
