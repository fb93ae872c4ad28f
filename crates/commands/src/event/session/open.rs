//! The open event: the event file plus the replayed state, opening and creating it, and its
//! one write path (`commit`: actions checked on a copy of the state, appended in one durable
//! transaction, and only then made the state).

use std::path::Path;
use tablekeeper_words::ErrorKind;

use rand::RngExt;
use tablekeeper_engine::rules::structure::{EliminationStop, Structure};
use tablekeeper_engine::ruleset::catalogue;
use tablekeeper_engine::{Action, Event, EventSettings};
use tablekeeper_store::{
    Access, Entry, EventFile, LoggedAction, ReadOnlyReason, StoreError, StoredRow,
};

use crate::session::log::Log;

use crate::error::CommandError;
use crate::notice::Notice;
use tablekeeper_words::msg;

use super::options::{CreateOptions, base_ruleset, with_overrides};
use super::snapshot::{SNAPSHOT_BYTES, from_snapshot};

/// An open event.
pub struct Session {
    pub(super) file: EventFile,
    /// Settings as the event was created; the log is replayed from these.
    pub(super) initial_settings: EventSettings,
    pub(super) event: Event,
    pub(super) log: Log,
    /// Log rows (and their payload bytes) written since the last snapshot of the state.
    pub(super) since_snapshot: (usize, usize),
    /// Warnings for the host to show (see [`Session::take_notices`]).
    pub(super) notices: Vec<Notice>,
    /// Automatic backups being written on their own thread (the errors they met).
    pub(super) backups_in_progress: Option<std::thread::JoinHandle<Vec<CommandError>>>,
    /// When the last rolling backup was started in this session.
    pub(super) last_rolling_backup: Option<std::time::Instant>,
    /// When the event was created (as its file records it): part of its identity.
    pub(super) created_at: String,
    /// The mirror folder's copy, kept up to date after every step (`mirror.rs`).
    pub(super) mirror: Option<crate::session::mirror::Mirror>,
}

impl Drop for Session {
    /// Backups in progress finish before the event file closes.
    fn drop(&mut self) {
        self.settle_backups();
    }
}

/// The refusal of a command that needs a paired round before round 1 is paired.
pub(crate) fn no_round_yet() -> CommandError {
    CommandError::input(
        ErrorKind::NoRound,
        msg!(
            "error.no-round.pair-round-1-first",
            "no round has been paired yet; pair round 1 first"
        ),
    )
}

/// A manual change needs a reason (it is stored in the log).
pub(super) fn required_reason(reason: &str) -> Result<&str, CommandError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(CommandError::input(
            ErrorKind::ReasonRequired,
            msg!(
                "error.reason-required.say-why-e-g-reason",
                "say why (e.g. --reason \"players asked\"); the reason is kept in the event log"
            ),
        ));
    }
    Ok(reason)
}

/// Current local time, as stored in the log.
pub(super) fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

impl Session {
    /// Creates a new event file.
    pub fn create(path: &Path, options: CreateOptions) -> Result<Session, CommandError> {
        let name = crate::names::event_name(&options.name)?;
        if let Some(title) = &options.title {
            catalogue::title(title).map_err(tablekeeper_engine::EngineError::from)?;
        }
        if !matches!(options.team_size, 0 | 2 | 3) {
            return Err(CommandError::input(
                ErrorKind::InvalidTeam,
                msg!(
                    "error.invalid-team.teams-have-2-tag-3",
                    "teams have 2 (tag) or 3 (trio) members"
                ),
            ));
        }
        if options.min_rounds > 0
            && !matches!(
                options.structure,
                Structure::Swiss | Structure::PointsThreshold
            )
        {
            return Err(CommandError::input(
                ErrorKind::InvalidRounds,
                msg!(
                    "error.invalid-rounds.min-rounds-swiss-variable-rounds",
                    "--min-rounds is for swiss (variable rounds) and points-threshold (early end once one player has not lost) events, not {structure}",
                    structure = options.structure.id()
                ),
            ));
        }
        if options.planned_cut == 1 {
            return Err(CommandError::input(
                ErrorKind::InvalidCut,
                msg!(
                    "error.invalid-cut.top-cut-needs-least-2-3",
                    "a top cut needs at least 2 players; plan a top 4 or top 8, or no cut"
                ),
            ));
        }
        if options.min_rounds > 0
            && options
                .planned_rounds
                .is_none_or(|planned| planned < options.min_rounds)
        {
            return Err(CommandError::input(
                ErrorKind::InvalidRounds,
                msg!(
                    "error.invalid-rounds.variable-rounds-need-maximum-planned",
                    "variable rounds need the maximum as the planned rounds, at least the minimum (e.g. at least 6, at most 8 rounds)"
                ),
            ));
        }
        // The ruleset (a file is read once), then the structure's changes, then the
        // organizer's own overrides, which win.
        let base = base_ruleset(options.ruleset.as_ref(), options.title.as_deref())?;
        let mut overrides =
            tablekeeper_engine::rules::structure::ruleset_overrides(options.structure, &base);
        overrides.extend(options.overrides.iter().cloned());
        let ruleset = with_overrides(&base, &overrides)?;
        let settings = EventSettings {
            name,
            planned_rounds: options.planned_rounds.unwrap_or(0),
            standings_seed: options
                .standings_seed
                .unwrap_or_else(|| rand::rng().random()),
            title: options.title.clone(),
            structure: options.structure,
            elimination_stop: EliminationStop {
                finalists: options.elimination_finalists,
                min_rounds: options.min_rounds,
            },
            team_size: options.team_size,
            planned_cut: options.planned_cut,
            first_table: options.first_table,
        };
        let event = Event::new(settings.clone(), ruleset.clone())?;
        let created_at = now();
        let file = EventFile::create(path, &settings, &ruleset, &created_at)?;
        Ok(Session::from_parts(
            file,
            settings,
            event,
            Vec::new(),
            created_at,
        ))
    }

    /// Opens an event file after checking all of it, and rebuilds the event: from the
    /// stored snapshot plus the log rows after it when the snapshot belongs to this log,
    /// else by replaying the whole log. A damaged file is refused with the newest good
    /// backup named; a file that cannot be written (read-only media, a full disk, another
    /// Tablekeeper has it) opens for reading.
    pub fn open(path: &Path) -> Result<Session, CommandError> {
        let damaged = |error: StoreError| CommandError::damaged(path, error);
        let (file, stored) = EventFile::open(path).map_err(damaged)?;
        let (event, since_snapshot, stored) = match from_snapshot(&stored) {
            Some((event, since)) => (event, since, stored),
            None => {
                // Replay everything; the rows a snapshot covered are read in full first.
                let stored = if stored.rows.iter().any(|r| r.payload.is_none()) {
                    file.load().map_err(damaged)?
                } else {
                    stored
                };
                let event =
                    crate::session::replay::replay_stored(&stored, path).map_err(damaged)?;
                (event, (stored.rows.len(), SNAPSHOT_BYTES), stored)
            }
        };
        let mut session =
            Session::from_parts(file, stored.settings, event, stored.rows, stored.created_at);
        session.since_snapshot = since_snapshot;
        Ok(session)
    }

    pub(super) fn from_parts(
        file: EventFile,
        initial_settings: EventSettings,
        event: Event,
        rows: Vec<StoredRow>,
        created_at: String,
    ) -> Session {
        Session {
            created_at,
            log: Log::new(file.path().to_path_buf(), rows),
            file,
            initial_settings,
            event,
            since_snapshot: (0, 0),
            notices: Vec::new(),
            backups_in_progress: None,
            last_rolling_backup: None,
            mirror: None,
        }
    }

    /// The event as stored on disk, read without locking it (another process may have it
    /// open), fully replayed; returns the event and the number of log entries.
    pub fn on_disk(path: &Path) -> Result<(Event, usize), CommandError> {
        let stored = EventFile::load_read_only(path)?;
        let event = crate::session::replay::replay_stored(&stored, path)?;
        Ok((event, stored.rows.len()))
    }

    /// The event's last step, as its file holds it.
    pub fn last_step(&self) -> i64 {
        self.file.head().0
    }

    /// Why changes cannot be saved to this event, if they cannot.
    pub fn read_only(&self) -> Option<&ReadOnlyReason> {
        match self.file.access() {
            Access::Write => None,
            Access::ReadOnly(reason) => Some(reason),
        }
    }

    pub fn event(&self) -> &Event {
        &self.event
    }

    /// Settings as the event was created (the start of the replay).
    pub fn initial_settings(&self) -> &EventSettings {
        &self.initial_settings
    }

    /// Every entry of the log (parsed on first use).
    pub fn log(&self) -> Result<&[LoggedAction], CommandError> {
        self.log.entries(&self.file)
    }

    /// Changes with every change to the event (the log only grows, undo included): a
    /// host's cache of a view is fresh while this is the same.
    pub fn revision(&self) -> usize {
        self.log.len()
    }

    /// The event's identity: when it was created and its recorded seed, so a copy or a
    /// backup of it is the same event (seasons, the player library).
    pub fn identity(&self) -> String {
        event_identity(&self.created_at, self.initial_settings.standings_seed)
    }

    /// When the event was created (RFC 3339, as its file records it).
    pub fn created_at(&self) -> &str {
        &self.created_at
    }

    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Applies `actions` to a copy, stores them durably, then adopts the copy.
    pub(super) fn commit(
        &mut self,
        actions: Vec<Action>,
        reason: Option<&str>,
    ) -> Result<(), CommandError> {
        let mut next = self.event.clone();
        for action in &actions {
            next.apply(action)?;
        }
        self.commit_applied(next, actions, reason)
    }

    /// [`Session::commit`] for a caller that has already applied `actions`, in order, to a
    /// copy of the event (`next`): the copy is adopted instead of made again (a second copy
    /// of a large event was a good part of pairing a round through the session).
    pub(super) fn commit_applied(
        &mut self,
        mut next: Event,
        actions: Vec<Action>,
        reason: Option<&str>,
    ) -> Result<(), CommandError> {
        debug_assert!(
            {
                let mut replayed = self.event.clone();
                actions.iter().all(|a| replayed.apply(a).is_ok()) && replayed == next
            },
            "the copy handed over is not the event with these actions applied"
        );
        let mut actions = actions;
        let (seated, waits) = self.seats_freed(&mut next);
        actions.extend(seated);
        // A new round (Swiss or bracket) is a round start; changing a pairing is not.
        let paired = actions.iter().any(Action::starts_round);
        let was_complete = self.event.current_round().is_some_and(|r| r.is_complete());
        let entries: Vec<Entry> = actions
            .into_iter()
            .map(|action| Entry::Action { action })
            .collect();
        self.append(entries, reason)?;
        self.event = next;
        if let Some(notice) = waits {
            self.add_notice(notice);
        }
        self.snapshot_when_due();
        self.automatic_backups(paired, was_complete);
        Ok(())
    }

    /// Stores entries as one step and mirrors them in memory.
    pub(super) fn append(
        &mut self,
        entries: Vec<Entry>,
        reason: Option<&str>,
    ) -> Result<(), CommandError> {
        let rows = self.file.append(&entries, reason, &now())?;
        self.written(rows);
        Ok(())
    }

    /// Mirrors rows just written (the caller adopts the new state, then calls
    /// [`Session::snapshot_when_due`]).
    pub(super) fn written(&mut self, rows: Vec<StoredRow>) {
        self.since_snapshot.0 += rows.len();
        self.since_snapshot.1 += rows
            .iter()
            .map(|r| r.payload.as_ref().map_or(0, String::len))
            .sum::<usize>();
        self.log.push(rows);
        self.mirror_step();
    }

    /// The event rebuilt from the steps in effect.
    pub(super) fn replay(&self, actions: Vec<&Action>) -> Result<Event, CommandError> {
        Ok(Event::replay(
            self.initial_settings.clone(),
            self.event.ruleset.clone(),
            actions,
        )?)
    }
}

pub use crate::session::identity::event_identity;
