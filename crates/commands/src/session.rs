//! An open event: the event file plus the replayed state, and every command on it.
//!
//! Each command builds the actions it needs, applies them to a copy of the event (so an
//! invalid command changes nothing), appends them to the file in one durable transaction,
//! and only then replaces the in-memory state and reports success.

use std::path::{Path, PathBuf};
use tablekeeper_engine::ErrorKind;

use rand::RngExt;
use tablekeeper_engine::event::snapshot::EventState;
use tablekeeper_engine::message::{Message, Param};
use tablekeeper_engine::model::{
    DeckData, DefaultReason, PenaltyType, PlayerId, ResultEntry, Seats, Side,
};
use tablekeeper_engine::pairing::pair_next_round;
use tablekeeper_engine::ruleset::{catalogue, overrides::apply_overrides, parse_ruleset};
use tablekeeper_engine::structure::{EliminationStop, Structure};
use tablekeeper_engine::{Action, Event, EventSettings, PlayerDetails, Ruleset, standings};
use tablekeeper_store::{
    Access, Entry, EventFile, LoggedAction, ReadOnlyReason, StoreError, StoredEvent, StoredRow,
};

use crate::log::Log;

mod suggestions;
mod top_cut;

use crate::history::{Step, Timeline};

use crate::backup;
use crate::error::CommandError;
use crate::notice::Notice;
use crate::views::{
    EventView, ExplanationView, PairingsView, PenaltyView, PlayerView, RulesetRef, StandingsView,
    TableView,
};
use tablekeeper_engine::msg;

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
}

/// Ruleset changes an elimination structure implies, applied before the organizer's own
/// overrides: Bushiroad's two-loss format ranks by wins with "effective rounds" in the
/// match-win denominator (000 §3.2.2.2, 001 第3部第2章第2節第2項), and a draw is a loss for
/// both (000 §3.2.2 "both fighters are considered to have lost"; 001 「引き分けは敗北したもの
/// と同様に扱います」), so it scores the loss points.
fn structure_overrides(structure: Structure, base: &Ruleset) -> Vec<String> {
    match structure {
        Structure::TwoLoss => vec![
            "standings.primary=wins".into(),
            "match_win.denominator=effective-rounds".into(),
            format!("points.draw={}", base.points.loss),
        ],
        Structure::Swiss
        | Structure::RoundRobin
        | Structure::PointsThreshold
        | Structure::SingleElimination => Vec::new(),
    }
}

/// Which fields of [`Session::edit_player`]'s changes to keep as they are (the name is
/// required in `PlayerDetails`, so "keep" is said here).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EditKeep {
    pub name: bool,
}

/// An open event.
pub struct Session {
    file: EventFile,
    /// Settings as the event was created; the log is replayed from these.
    initial_settings: EventSettings,
    event: Event,
    log: Log,
    /// Log rows (and their payload bytes) written since the last snapshot of the state.
    since_snapshot: (usize, usize),
    /// Warnings for the host to show (see [`Session::take_notices`]).
    notices: Vec<Notice>,
    /// Automatic backups being written on their own thread (the errors they met).
    backups_in_progress: Option<std::thread::JoinHandle<Vec<CommandError>>>,
    /// When the last rolling backup was started in this session.
    last_rolling_backup: Option<std::time::Instant>,
}

impl Drop for Session {
    /// Backups in progress finish before the event file closes.
    fn drop(&mut self) {
        self.settle_backups();
    }
}

/// The errors of a backup thread (one that stopped unexpectedly is an error too).
fn joined(writing: std::thread::JoinHandle<Vec<CommandError>>, folder: &str) -> Vec<CommandError> {
    writing.join().unwrap_or_else(|_| {
        vec![CommandError::Io {
            path: folder.to_string(),
            detail: "the backup stopped unexpectedly".into(),
        }]
    })
}

/// A snapshot of the state is stored once this many log rows, or this many bytes of log,
/// were written since the last one: opening then replays at most about that much.
const SNAPSHOT_ROWS: usize = 400;
const SNAPSHOT_BYTES: usize = 512 * 1024;

/// A copy of the event written by [`Session::save_copy`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct SavedCopyView {
    pub written: String,
    #[ts(type = "number")]
    pub bytes: u64,
}

/// The event rebuilt from the stored snapshot and the log rows after it, with the rows
/// and bytes written since the snapshot; `None` when there is no snapshot, it is from
/// another app version, or an undo or redo after it reaches back before it (then the whole
/// log is replayed, which also reports any damage).
fn from_snapshot(stored: &StoredEvent) -> Option<(Event, (usize, usize))> {
    let snapshot = stored.snapshot.as_ref()?;
    let (before, tail) = stored
        .rows
        .split_at_checked(usize::try_from(snapshot.rows).ok()?)?;
    let boundary = before.last().map_or(0, |r| r.step);
    let tail_entries: Vec<LoggedAction> = tail
        .iter()
        .map(StoredRow::logged)
        .collect::<Result<_, _>>()
        .ok()?;
    let reaches_back = tail_entries.iter().any(
        |e| matches!(e.entry, Entry::Undo { step } | Entry::Redo { step } if step <= boundary),
    );
    if reaches_back {
        return None;
    }
    let state: EventState = serde_json::from_str(&snapshot.state).ok()?;
    if state.version != env!("CARGO_PKG_VERSION") {
        return None;
    }
    let mut event = state.into_event(stored.ruleset.clone());
    for step in &Timeline::new(&tail_entries).applied {
        for action in step.actions() {
            event.apply(action).ok()?;
        }
    }
    // The snapshot is the replay of the rows before it; debug builds (the tests) check it
    // against a full replay every time, of the same rows (another process may have
    // appended more since they were read).
    #[cfg(debug_assertions)]
    if let Ok((_, mut full)) = EventFile::open_read_only(&stored.path) {
        full.rows.truncate(stored.rows.len());
        debug_assert_eq!(
            Some(&event),
            crate::replay::replay_stored(&full, &stored.path)
                .ok()
                .as_ref(),
            "snapshot plus tail differs from the full replay"
        );
    }
    let bytes = tail
        .iter()
        .map(|r| r.payload.as_ref().map_or(0, String::len))
        .sum();
    Some((event, (tail.len(), bytes)))
}

/// One step of the history, as shown to the scorekeeper.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[ts(export)]
pub struct HistoryItem {
    #[ts(type = "number")]
    pub step: i64,
    pub recorded_at: String,
    /// What the step did, one message per action.
    pub description: Vec<Message>,
    pub reason: Option<String>,
    /// Taken back by undo (or by going back to an earlier round).
    pub undone: bool,
}

/// Seats with the two players in id order, to compare pairings regardless of seat order.
fn normalized(seats: Seats) -> (u32, u32) {
    match seats {
        Seats::Pair { a, b } => (a.0.min(b.0), a.0.max(b.0)),
        Seats::Single { player } => (player.0, 0),
    }
}

/// A plain description of an action for the history.
fn describe(event: &Event, action: &Action) -> Message {
    let name = |id: PlayerId| {
        event
            .player(id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|_| format!("#{id}"))
    };
    match action {
        Action::RegisterPlayer(details) => {
            msg!(
                "history.registered",
                "registered {name}",
                name = &details.name
            )
        }
        Action::DropPlayer { player, timing } => match timing {
            Some(timing) => msg!(
                "history.dropped-when",
                "dropped {name} ({timing})",
                name = name(*player),
                timing = Param::word(
                    &format!("drop.{}", timing.id()),
                    timing.id().replace('-', " ")
                )
            ),
            None => msg!("history.dropped", "dropped {name}", name = name(*player)),
        },
        Action::PairRound { seats, .. } => msg!(
            "history.paired",
            "paired a round ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::RecordResult {
            round,
            entry,
            player: Some(player),
            ..
        } => msg!(
            "history.recorded-for-player",
            "recorded {result} for {name} in round {round}",
            result = Param::message(&entry_summary(entry)),
            name = name(*player),
            round = *round
        ),
        Action::RecordResult {
            round,
            table,
            entry,
            replace,
            player: None,
        } => {
            if *replace {
                msg!(
                    "history.corrected",
                    "corrected the result of round {round} table {table} ({result})",
                    round = *round,
                    table = *table,
                    result = Param::message(&entry_summary(entry))
                )
            } else {
                msg!(
                    "history.entered",
                    "entered the result of round {round} table {table} ({result})",
                    round = *round,
                    table = *table,
                    result = Param::message(&entry_summary(entry))
                )
            }
        }
        Action::SetPlannedRounds { rounds } => msg!(
            "history.planned-rounds",
            "set the planned rounds to {rounds}",
            rounds = *rounds
        ),
        Action::OverrideResultLock { round } => msg!(
            "history.unlocked",
            "opened round {round} for corrections",
            round = *round
        ),
        Action::RecordPenalty {
            player,
            round,
            penalty,
            infraction,
            member,
            ..
        } => msg!(
            "history.penalty",
            "{penalty} for {name} in round {round}: {infraction}",
            penalty = Param::word(
                &format!("penalty.{}", penalty.id()),
                penalty.id().replace('-', " ")
            ),
            name = member_name(event, *player, *member),
            round = *round,
            infraction = infraction
        ),
        Action::SetDeck { player, member, .. } => msg!(
            "history.deck",
            "registered the deck of {name}",
            name = member_name(event, *player, *member)
        ),
        Action::ReplacePairing { round, seed, .. } => {
            if seed.is_some() {
                msg!(
                    "history.repaired",
                    "re-paired round {round}",
                    round = *round
                )
            } else {
                msg!(
                    "history.pairing-changed",
                    "changed the pairing of round {round}",
                    round = *round
                )
            }
        }
        Action::StartCut { finalists, .. } => msg!(
            "history.cut",
            "started a top {size}",
            size = finalists.len()
        ),
        Action::PairBracketRound => msg!("history.bracket-round", "paired a top-cut round"),
        Action::EnterPairing { seats, .. } => msg!(
            "history.entered-pairing",
            "entered a round's pairings as given ({tables} tables)",
            tables = seats
                .iter()
                .filter(|s| matches!(s, Seats::Pair { .. }))
                .count()
        ),
        Action::EditPlayer { player, .. } => msg!(
            "history.edited-player",
            "corrected the details of {name}",
            name = name(*player)
        ),
        Action::SetFixedTable { player, table } => match table {
            Some(t) => msg!(
                "history.fixed-table",
                "{name} keeps table {table}",
                name = name(*player),
                table = *t
            ),
            None => msg!(
                "history.fixed-table-released",
                "{name} no longer keeps a fixed table",
                name = name(*player)
            ),
        },
        Action::ReissuePlayerCode { player } => msg!(
            "history.reissued-player-code",
            "gave {name} a new player code (the old ticket no longer works)",
            name = name(*player)
        ),
    }
}

/// "Sato (Team A, seat 2)" for a team member, else the player's name.
fn member_name(event: &Event, player: PlayerId, member: Option<u8>) -> String {
    let Ok(found) = event.player(player) else {
        return format!("#{player}");
    };
    match member.and_then(|seat| found.members.get(usize::from(seat)).map(|m| (seat, m))) {
        Some((seat, name)) => format!("{name} ({} {})", found.name, u32::from(seat) + 1),
        None => found.name.clone(),
    }
}

/// A result in words: "A wins 2-1", "draw", …
pub(crate) fn entry_summary(entry: &ResultEntry) -> Message {
    let side = |side: &Side| match side {
        Side::A => Param::word("side.a", "A"),
        Side::B => Param::word("side.b", "B"),
    };
    match entry {
        ResultEntry::Win {
            winner,
            games: Some(g),
            ..
        } => msg!(
            "result.win-games",
            "{side} wins {a}-{b}",
            side = side(winner),
            a = g.a,
            b = g.b
        ),
        ResultEntry::Win { winner, .. } => msg!("result.win", "{side} wins", side = side(winner)),
        ResultEntry::Draw { .. } => msg!("result.draw", "draw"),
        ResultEntry::DoubleLoss => msg!("result.double-loss", "double loss"),
        ResultEntry::DoubleWin => msg!("result.double-win", "double win"),
        ResultEntry::Default { winner, .. } => msg!(
            "result.default",
            "{side} wins by default",
            side = side(winner)
        ),
        ResultEntry::Penalty { loser, .. } => msg!(
            "result.penalty",
            "{side} loses by penalty",
            side = side(loser)
        ),
        ResultEntry::Bye => msg!("result.bye", "bye"),
        ResultEntry::LateEntryLoss => msg!("result.late-entry", "late entry"),
        ResultEntry::WithdrawnBye => msg!(
            "result.withdrawn-bye",
            "the bye withdrawn (dropped after pairing)"
        ),
        ResultEntry::Team { seats } => msg!(
            "result.team",
            "team seats {seats}",
            seats = crate::views::team_seats(seats)
        ),
    }
}

/// A manual change needs a reason (it is stored in the log).
fn required_reason(reason: &str) -> Result<&str, CommandError> {
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
fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

/// Resolves the ruleset of a new event: explicit source, else the title's, plus overrides.
pub fn resolve_ruleset(
    source: Option<&RulesetSource>,
    title: Option<&str>,
    overrides: &[String],
) -> Result<Ruleset, CommandError> {
    with_overrides(&base_ruleset(source, title)?, overrides)
}

fn with_overrides(base: &Ruleset, overrides: &[String]) -> Result<Ruleset, CommandError> {
    Ok(apply_overrides(base, overrides).map_err(tablekeeper_engine::EngineError::from)?)
}

/// The ruleset a new event starts from: a file, an embedded id, the title's, or the default.
fn base_ruleset(
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
        let mut overrides = structure_overrides(options.structure, &base);
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
        };
        let event = Event::new(settings.clone(), ruleset.clone())?;
        let file = EventFile::create(path, &settings, &ruleset, &now())?;
        Ok(Session::from_parts(file, settings, event, Vec::new()))
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
                let event = crate::replay::replay_stored(&stored, path).map_err(damaged)?;
                (event, (stored.rows.len(), SNAPSHOT_BYTES), stored)
            }
        };
        let mut session = Session::from_parts(file, stored.settings, event, stored.rows);
        session.since_snapshot = since_snapshot;
        Ok(session)
    }

    fn from_parts(
        file: EventFile,
        initial_settings: EventSettings,
        event: Event,
        rows: Vec<StoredRow>,
    ) -> Session {
        Session {
            log: Log::new(file.path().to_path_buf(), rows),
            file,
            initial_settings,
            event,
            since_snapshot: (0, 0),
            notices: Vec::new(),
            backups_in_progress: None,
            last_rolling_backup: None,
        }
    }

    /// The event as stored on disk, read without locking it (another process may have it
    /// open), fully replayed; returns the event and the number of log entries.
    pub fn on_disk(path: &Path) -> Result<(Event, usize), CommandError> {
        let stored = EventFile::load_read_only(path)?;
        let event = crate::replay::replay_stored(&stored, path)?;
        Ok((event, stored.rows.len()))
    }

    /// Why changes cannot be saved to this event, if they cannot.
    pub fn read_only(&self) -> Option<&ReadOnlyReason> {
        match self.file.access() {
            Access::Write => None,
            Access::ReadOnly(reason) => Some(reason),
        }
    }

    /// Warnings the last commands produced that did not stop them (a backup that could not
    /// be written); the host shows them once.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        self.settle_backups();
        std::mem::take(&mut self.notices)
    }

    /// [`Session::take_notices`] without waiting for backups still being written (a window
    /// asks after every command; a failed backup's notice comes with a later answer).
    pub fn take_notices_now(&mut self) -> Vec<Notice> {
        if self
            .backups_in_progress
            .as_ref()
            .is_some_and(std::thread::JoinHandle::is_finished)
        {
            self.settle_backups();
        }
        std::mem::take(&mut self.notices)
    }

    /// Waits for the automatic backups in progress; their failures become notices.
    pub fn settle_backups(&mut self) {
        let Some(writing) = self.backups_in_progress.take() else {
            return;
        };
        let folder = backup::backup_dir(self.file.path()).display().to_string();
        let errors = joined(writing, &folder);
        self.notices
            .extend(errors.iter().map(crate::notice::backup_failed));
    }

    /// Writes a consistent copy of the event to `target` (SQLite's backup API, synced and
    /// renamed into place), also from an event opened for reading only.
    pub fn save_copy(&self, target: &Path, replace: bool) -> Result<SavedCopyView, CommandError> {
        self.file.save_copy(target, replace)?;
        let bytes = std::fs::metadata(target).map_or(0, |m| m.len());
        Ok(SavedCopyView {
            written: target.display().to_string(),
            bytes,
        })
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

    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// Applies `actions` to a copy, stores them durably, then adopts the copy.
    fn commit(&mut self, actions: Vec<Action>, reason: Option<&str>) -> Result<(), CommandError> {
        let mut next = self.event.clone();
        for action in &actions {
            next.apply(action)?;
        }
        // A new round (Swiss or bracket) is a round start; changing a pairing is not.
        let paired = actions.iter().any(|a| {
            matches!(
                a,
                Action::PairRound { .. }
                    | Action::EnterPairing { .. }
                    | Action::PairBracketRound
                    | Action::StartCut { .. }
            )
        });
        let was_complete = self.event.current_round().is_some_and(|r| r.is_complete());
        let entries: Vec<Entry> = actions
            .into_iter()
            .map(|action| Entry::Action { action })
            .collect();
        self.append(entries, reason)?;
        self.event = next;
        self.snapshot_when_due();
        self.automatic_backups(paired, was_complete);
        Ok(())
    }

    /// Stores a snapshot of the state once enough log was written since the last one. It
    /// only speeds up opening, so a failure is ignored (the next command tries again).
    fn snapshot_when_due(&mut self) {
        let (rows, bytes) = self.since_snapshot;
        if rows < SNAPSHOT_ROWS && bytes < SNAPSHOT_BYTES {
            return;
        }
        let state = EventState::of(&self.event, env!("CARGO_PKG_VERSION"));
        if let Ok(text) = serde_json::to_string(&state)
            && self.file.write_snapshot(&text).is_ok()
        {
            self.since_snapshot = (0, 0);
        }
    }

    /// Backups at round start and end and a rolling copy. The change is already safely
    /// stored, so a backup is written from the state pinned now on a thread of its own
    /// after the command answers (copying a large event is the slowest part of a result
    /// entry otherwise), and a failed backup never fails the command: it becomes a notice.
    fn automatic_backups(&mut self, paired: bool, was_complete: bool) {
        let step = self.log.last_step();
        let round = self.event.current_round();
        let number = round.map_or(0, |r| r.number);
        let mut moments = Vec::new();
        if paired {
            moments.push(backup::Moment::RoundStart(number));
        } else if !was_complete && round.is_some_and(|r| r.is_complete()) {
            moments.push(backup::Moment::RoundEnd(number));
        }
        let rolling_allowed = self
            .last_rolling_backup
            .is_none_or(|last| last.elapsed() >= backup::ROLLING_AT_MOST_EVERY);
        if step % backup::ROLLING_EVERY == 0 && rolling_allowed {
            moments.push(backup::Moment::Rolling);
            self.last_rolling_backup = Some(std::time::Instant::now());
        }
        if moments.is_empty() {
            return;
        }
        let pinned = match self.file.pin() {
            Ok(pinned) => pinned,
            Err(error) => {
                self.notices
                    .push(crate::notice::backup_failed(&error.into()));
                return;
            }
        };
        // The copies are written one after another (copies of one folder never race each
        // other), but the command never waits for an earlier one: the new thread does.
        let earlier = self.backups_in_progress.take();
        let folder = backup::backup_dir(self.file.path()).display().to_string();
        let folder_for_thread = folder.clone();
        let write_all = move || {
            let mut errors = earlier.map_or_else(Vec::new, |e| joined(e, &folder_for_thread));
            errors.extend(
                moments
                    .into_iter()
                    .filter_map(|moment| backup::write(&pinned, moment).err()),
            );
            errors
        };
        match std::thread::Builder::new()
            .name("automatic backup".into())
            .spawn(write_all)
        {
            Ok(writing) => self.backups_in_progress = Some(writing),
            // No thread (the system is out of them): this copy is not written; an earlier
            // one still being written finishes on its own thread, unjoined.
            Err(error) => self
                .notices
                .push(crate::notice::backup_failed(&CommandError::Io {
                    path: folder,
                    detail: error.to_string(),
                })),
        }
    }

    /// Stores entries as one step and mirrors them in memory.
    fn append(&mut self, entries: Vec<Entry>, reason: Option<&str>) -> Result<(), CommandError> {
        let rows = self.file.append(&entries, reason, &now())?;
        self.written(rows);
        Ok(())
    }

    /// Mirrors rows just written (the caller adopts the new state, then calls
    /// [`Session::snapshot_when_due`]).
    fn written(&mut self, rows: Vec<StoredRow>) {
        self.since_snapshot.0 += rows.len();
        self.since_snapshot.1 += rows
            .iter()
            .map(|r| r.payload.as_ref().map_or(0, String::len))
            .sum::<usize>();
        self.log.push(rows);
    }

    /// The event rebuilt from the steps in effect.
    fn replay(&self, actions: Vec<&Action>) -> Result<Event, CommandError> {
        Ok(Event::replay(
            self.initial_settings.clone(),
            self.event.ruleset.clone(),
            actions,
        )?)
    }

    /// Takes back the last step still in effect.
    pub fn undo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let last = timeline.applied.last().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NothingToUndo,
                msg!(
                    "error.nothing-to-undo.there-nothing-undo",
                    "there is nothing to undo"
                ),
            )
        })?;
        let step = last.step;
        let item = self.describe_step(last, true);
        let remaining: Vec<&Action> = timeline.applied[..timeline.applied.len() - 1]
            .iter()
            .flat_map(|s| s.actions())
            .collect();
        let next = self.replay(remaining)?;
        self.append(vec![Entry::Undo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Applies again the step undone last (until a new change is made).
    pub fn redo(&mut self) -> Result<HistoryItem, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let next_step = timeline.redoable.last().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NothingToRedo,
                msg!(
                    "error.nothing-to-redo.there-nothing-redo",
                    "there is nothing to redo"
                ),
            )
        })?;
        let step = next_step.step;
        let item = self.describe_step(next_step, false);
        let mut actions: Vec<&Action> = timeline.effective_actions();
        actions.extend(next_step.actions());
        let next = self.replay(actions)?;
        self.append(vec![Entry::Redo { step }], None)?;
        self.event = next;
        self.snapshot_when_due();
        Ok(item)
    }

    /// Every step of the log, oldest first, marked when it is no longer in effect.
    pub fn history(&self) -> Result<Vec<HistoryItem>, CommandError> {
        let log = self.log.entries(&self.file)?;
        let timeline = Timeline::new(log);
        let mut items: Vec<HistoryItem> = Vec::new();
        for step in &timeline.applied {
            items.push(self.describe_step(step, false));
        }
        for step in &timeline.redoable {
            items.push(self.describe_step(step, true));
        }
        let mut undo_entries: Vec<HistoryItem> = log
            .iter()
            .filter_map(|l| match l.entry {
                Entry::Undo { step } => {
                    Some((l, msg!("history.undo", "undo of step {step}", step = step)))
                }
                Entry::Redo { step } => {
                    Some((l, msg!("history.redo", "redo of step {step}", step = step)))
                }
                Entry::Action { .. } => None,
            })
            .map(|(l, description)| HistoryItem {
                step: l.step,
                recorded_at: l.recorded_at.clone(),
                description: vec![description],
                reason: l.reason.clone(),
                undone: false,
            })
            .collect();
        items.append(&mut undo_entries);
        let discarded: Vec<&LoggedAction> = log
            .iter()
            .filter(|l| timeline.discarded.contains(&l.step))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for l in discarded {
            if seen.insert(l.step)
                && let Some(step) = self.step_of(l.step)
            {
                items.push(self.describe_step(&step, true));
            }
        }
        items.sort_by_key(|i| i.step);
        Ok(items)
    }

    fn step_of(&self, step: i64) -> Option<Step<'_>> {
        let entries: Vec<&LoggedAction> = self
            .log
            .entries(&self.file)
            .ok()?
            .iter()
            .filter(|l| l.step == step)
            .collect();
        (!entries.is_empty()).then_some(Step { step, entries })
    }

    fn describe_step(&self, step: &Step, undone: bool) -> HistoryItem {
        let first = step.entries.first();
        let description = step
            .actions()
            .map(|a| describe(&self.event, a))
            .collect::<Vec<_>>();
        HistoryItem {
            step: step.step,
            recorded_at: first.map(|e| e.recorded_at.clone()).unwrap_or_default(),
            description,
            reason: first.and_then(|e| e.reason.clone()),
            undone,
        }
    }

    /// The steps that going back to before round `round` was paired would undo, newest
    /// first. With `confirm`, they are undone (one undo entry each, in one transaction).
    pub fn back_to_round(
        &mut self,
        round: u32,
        confirm: bool,
    ) -> Result<Vec<HistoryItem>, CommandError> {
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let mut paired = 0;
        let start = timeline
            .applied
            .iter()
            .position(|s| {
                paired += s
                    .actions()
                    .filter(|a| matches!(a, Action::PairRound { .. } | Action::EnterPairing { .. }))
                    .count();
                paired >= round as usize
            })
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.round-has-been-paired",
                        "round {round} has not been paired",
                        round = round
                    ),
                )
            })?;
        let discarded: Vec<HistoryItem> = timeline.applied[start..]
            .iter()
            .rev()
            .map(|s| self.describe_step(s, confirm))
            .collect();
        if confirm {
            let remaining: Vec<&Action> = timeline.applied[..start]
                .iter()
                .flat_map(|s| s.actions())
                .collect();
            let next = self.replay(remaining)?;
            let entries: Vec<Entry> = timeline.applied[start..]
                .iter()
                .rev()
                .map(|s| Entry::Undo { step: s.step })
                .collect();
            self.append_undos(entries)?;
            self.event = next;
            self.snapshot_when_due();
        }
        Ok(discarded)
    }

    /// Several undo entries written in one transaction; each keeps its own step.
    fn append_undos(&mut self, entries: Vec<Entry>) -> Result<(), CommandError> {
        let rows = self.file.append_steps(&entries, &now())?;
        self.written(rows);
        Ok(())
    }

    pub fn summary(&self) -> EventView {
        let event = &self.event;
        EventView {
            file: self.path().display().to_string(),
            name: event.settings.name.clone(),
            title: event.settings.title.clone(),
            ruleset: RulesetRef {
                id: event.ruleset.id.clone(),
                name_en: event.ruleset.name_en.clone(),
                name_ja: event.ruleset.name_ja.clone(),
            },
            planned_rounds: event.settings.planned_rounds,
            // A single-elimination event's rounds are its bracket's.
            rounds_paired: u32::try_from(
                if event.settings.structure == Structure::SingleElimination {
                    event.cut.as_ref().map_or(0, |c| c.rounds.len())
                } else {
                    event.rounds.len()
                },
            )
            .unwrap_or(u32::MAX),
            current_round_complete: event.current_round().is_none_or(|r| r.is_complete()),
            players_registered: u32::try_from(event.players.len()).unwrap_or(u32::MAX),
            players_active: u32::try_from(event.active_players().count()).unwrap_or(u32::MAX),
            recommended_rounds: self.recommended_rounds(),
            recommended_cut: self.recommended_cut(),
            planned_cut: event.settings.planned_cut,
            recommended_rounds_range: self.recommended_rounds_range(),
            recommended_structure: self.recommended_structure(),
            recommended_finals: self.recommended_finals(),
            field: self.field_size(),
            stage: match &event.cut {
                Some(cut) if cut.is_finished() => "finished",
                Some(_) => "cut",
                None if event.rounds.is_empty() => "registration",
                None => "swiss",
            }
            .into(),
            structure: event.settings.structure.id().into(),
            team_size: event.settings.team_size,
            structure_finished: tablekeeper_engine::structure::finished(event)
                .ok()
                .flatten(),
            slip_code: crate::slip_code::event_code(event),
            read_only: self
                .read_only()
                .map(crate::views::ReadOnlyView::from_reason),
        }
    }

    pub fn players(&self) -> Vec<PlayerView> {
        self.event
            .players
            .iter()
            .map(PlayerView::from_player)
            .collect()
    }

    /// Registers players in one transaction: all of them, or none.
    pub fn add_players(
        &mut self,
        players: Vec<PlayerDetails>,
    ) -> Result<Vec<PlayerView>, CommandError> {
        let count = players.len();
        let actions = players
            .iter()
            .map(|details| crate::names::player_details(details).map(Action::RegisterPlayer))
            .collect::<Result<Vec<_>, _>>()?;
        self.commit(actions, None)?;
        let start = self.event.players.len() - count;
        let added = &self.event.players[start..];
        let notices: Vec<_> = added
            .iter()
            .filter_map(|p| crate::names::unprintable_notice(&p.name))
            .collect();
        let views = added.iter().map(PlayerView::from_player).collect();
        self.notices.extend(notices);
        Ok(views)
    }

    /// Keeps a player at one table every round (accessibility), or releases the table.
    pub fn set_fixed_table(
        &mut self,
        reference: &str,
        table: Option<u32>,
    ) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        self.commit(vec![Action::SetFixedTable { player, table }], None)?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// Gives a player a new personal code; the one before stops working at once.
    pub fn reissue_player_code(&mut self, reference: &str) -> Result<PlayerId, CommandError> {
        let player = self.find_player(reference)?;
        self.commit(vec![Action::ReissuePlayerCode { player }], None)?;
        Ok(player)
    }

    /// Records a penalty (in `round`, default the current round) and applies its effect.
    pub fn record_penalty(
        &mut self,
        reference: &str,
        round: Option<u32>,
        penalty: PenaltyType,
        infraction: &str,
        note: Option<String>,
    ) -> Result<PenaltyView, CommandError> {
        // A member's penalty is recorded with their name; its effect is the team's
        // (decision 9).
        let (player, member) = self.find_person(reference)?;
        let round = round.unwrap_or_else(|| self.event.current_round().map_or(0, |r| r.number));
        let action = Action::RecordPenalty {
            player,
            round,
            penalty,
            infraction: infraction.to_string(),
            note,
            member,
        };
        self.commit(vec![action], Some(infraction))?;
        let record = self.event.penalties.last().cloned().ok_or_else(|| {
            CommandError::input(
                ErrorKind::Internal,
                msg!("error.internal.penalty-missing", "penalty missing"),
            )
        })?;
        Ok(PenaltyView::from_record(&self.event, &record))
    }

    /// A player who did not show up for as many rounds in a row as the ruleset allows is
    /// dropped in the same step (000 §1.2.1; 004 VIII › Drops).
    fn no_show_drop(&self, round: u32, table: u32, entry: &ResultEntry) -> Option<Action> {
        let ResultEntry::Default {
            winner,
            reason: DefaultReason::NoShow,
        } = entry
        else {
            return None;
        };
        let limit = self.event.ruleset.penalties.no_show_drop_after?;
        let this_round = self.event.rounds.iter().find(|r| r.number == round)?;
        let Seats::Pair { a, b } = this_round.match_at_table(table)?.seats else {
            return None;
        };
        let absent = if *winner == Side::A { b } else { a };
        let missed_before = self
            .event
            .rounds
            .iter()
            .rev()
            .filter(|r| r.number < round)
            .take_while(|r| {
                r.match_of(absent).is_some_and(|m| {
                    match (m.seats, m.result.as_ref().map(|x| &x.entry)) {
                        (
                            Seats::Pair { a: x, .. },
                            Some(ResultEntry::Default {
                                winner: Side::B,
                                reason: DefaultReason::NoShow,
                            }),
                        ) => x == absent,
                        (
                            Seats::Pair { b: y, .. },
                            Some(ResultEntry::Default {
                                winner: Side::A,
                                reason: DefaultReason::NoShow,
                            }),
                        ) => y == absent,
                        _ => false,
                    }
                })
            })
            .count();
        let missed = u32::try_from(missed_before + 1).unwrap_or(u32::MAX);
        let active = self.event.player(absent).is_ok_and(|p| p.is_active());
        // The no-show's result is recorded, so the drop takes effect from the next round.
        (active && missed >= limit).then_some(Action::DropPlayer {
            player: absent,
            timing: Some(tablekeeper_engine::model::DropTiming::AfterResults),
        })
    }

    /// The penalty the ruleset's tardiness thresholds give for `minutes` late (decision 16).
    pub fn tardiness_penalty(&self, minutes: u32) -> Option<PenaltyType> {
        let mut thresholds = self.event.ruleset.penalties.tardiness.clone();
        thresholds.sort_by_key(|t| std::cmp::Reverse(t.minutes));
        thresholds
            .iter()
            .find(|t| {
                if t.inclusive {
                    minutes >= t.minutes
                } else {
                    minutes > t.minutes
                }
            })
            .and_then(|t| PenaltyType::from_id(&t.penalty))
    }

    /// Records (or replaces) a player's deck registration data.
    pub fn set_deck(
        &mut self,
        reference: &str,
        deck: DeckData,
    ) -> Result<PlayerView, CommandError> {
        // In team events each member registers a deck (named by member name or TEAM.SEAT).
        let (player, member) = self.find_person(reference)?;
        self.commit(
            vec![Action::SetDeck {
                player,
                deck,
                member,
            }],
            None,
        )?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    pub fn penalties(&self) -> Vec<PenaltyView> {
        self.event
            .penalties
            .iter()
            .map(|p| PenaltyView::from_record(&self.event, p))
            .collect()
    }

    /// What importing this CSV file would do, with every problem (nothing is imported).
    pub fn import_preview(
        &self,
        bytes: &[u8],
    ) -> Result<crate::csv_import::ImportPreview, CommandError> {
        let registered: Vec<(String, Option<String>)> = self
            .event
            .players
            .iter()
            .map(|p| (p.name.clone(), p.publisher_id.clone()))
            .collect();
        crate::csv_import::preview(bytes, &registered)
    }

    /// Imports a CSV file of players in one step, only if it has no problem.
    pub fn import_players(&mut self, bytes: &[u8]) -> Result<Vec<PlayerView>, CommandError> {
        let players = crate::csv_import::players_from(self.import_preview(bytes)?)?;
        self.add_players(players)
    }

    /// Finds a player (or team) by number or by exact (case-insensitive) name; in team
    /// events a member's name or `TEAM.SEAT` (`3.2`) finds their team (decision 9: a
    /// member's drop or disqualification is the team's).
    pub fn find_player(&self, reference: &str) -> Result<PlayerId, CommandError> {
        self.find_person(reference).map(|(player, _)| player)
    }

    /// A person the scorekeeper names: a player or team by number or exact name, or in team
    /// events a member by exact name or as `TEAM.SEAT` (seat from 1): the player or team,
    /// and the member's seat (from 0) when a member was named.
    pub fn find_person(&self, reference: &str) -> Result<(PlayerId, Option<u8>), CommandError> {
        let reference = reference.trim();
        let team_size = self.event.settings.team_size;
        if let Ok(number) = reference.parse::<u32>() {
            let id = PlayerId(number);
            self.event.player(id)?;
            return Ok((id, None));
        }
        if team_size > 0
            && let Some((team, seat)) = reference.split_once('.')
            && let (Ok(team), Ok(seat)) = (team.trim().parse::<u32>(), seat.trim().parse::<u8>())
        {
            let id = PlayerId(team);
            self.event.player(id)?;
            if seat == 0 || seat > team_size {
                return Err(CommandError::input(
                    ErrorKind::UnknownPlayer,
                    msg!(
                        "error.unknown-player.team-has-members-1-name",
                        "team {team} has members 1 to {team_size}; name a member as TEAM.SEAT, e.g. {team}.1",
                        team = team,
                        team_size = team_size
                    ),
                ));
            }
            return Ok((id, Some(seat - 1)));
        }
        let wanted = reference.to_lowercase();
        let mut found: Vec<(PlayerId, Option<u8>)> = Vec::new();
        for player in &self.event.players {
            if player.name.to_lowercase() == wanted {
                found.push((player.id, None));
            }
            for (seat, member) in player.members.iter().enumerate() {
                if member.to_lowercase() == wanted {
                    found.push((player.id, u8::try_from(seat).ok()));
                }
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] if team_size > 0 => Err(CommandError::input(
                ErrorKind::UnknownPlayer,
                msg!(
                    "error.unknown-player.team-team-member-named-use",
                    "no team or team member named '{reference}'; use the team's number from the player list (a member as TEAM.SEAT, e.g. 3.2)",
                    reference = reference
                ),
            )),
            [] => Err(CommandError::input(
                ErrorKind::UnknownPlayer,
                msg!(
                    "error.unknown-player.player-named-use-players-number",
                    "no player named '{reference}'; use the player's number from the player list",
                    reference = reference
                ),
            )),
            _ if team_size > 0 => Err(CommandError::input(
                ErrorKind::AmbiguousPlayer,
                msg!(
                    "error.ambiguous-player.several-teams-members-named-use",
                    "several teams or members are named '{reference}'; use the team's number, or TEAM.SEAT for a member (e.g. 3.2)",
                    reference = reference
                ),
            )),
            _ => Err(CommandError::input(
                ErrorKind::AmbiguousPlayer,
                msg!(
                    "error.ambiguous-player.several-players-named-use-players",
                    "several players are named '{reference}'; use the player's number",
                    reference = reference
                ),
            )),
        }
    }

    /// Drops a player (a team member's name drops the team, decision 9). A drop entered
    /// after the round is paired and before the player's result loses that round's match,
    /// logged as its own result, and a bye of a round still in play is withdrawn (RULESETS.md
    /// decision 35; 000 §4.5, 001 本文 第4部 第5章); otherwise the drop takes effect from
    /// the next round.
    pub fn drop_player(&mut self, reference: &str) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        let actions = self.drop_actions(player);
        self.commit(actions, None)?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// The actions of dropping `player` now.
    fn drop_actions(&self, player: PlayerId) -> Vec<Action> {
        use tablekeeper_engine::model::DropTiming;
        let drop = |timing| Action::DropPlayer {
            player,
            timing: Some(timing),
        };
        if !self.event.player(player).is_ok_and(|p| p.is_active()) {
            // The engine refuses it with `already-dropped`.
            return vec![drop(DropTiming::AfterResults)];
        }
        if let Some((round, table, winner)) = self.event.pending_match(player) {
            return vec![
                Action::RecordResult {
                    round,
                    table,
                    entry: ResultEntry::Default {
                        winner,
                        reason: DefaultReason::DropAfterPairing,
                    },
                    replace: false,
                    player: None,
                },
                drop(DropTiming::AfterPairing),
            ];
        }
        let bye_in_play = self.event.cut.is_none()
            && self.event.rounds.last().is_some_and(|round| {
                !round.is_complete()
                    && round.matches.iter().any(|m| {
                        m.seats == Seats::Single { player }
                            && matches!(m.result.as_ref().map(|r| &r.entry), Some(ResultEntry::Bye))
                    })
            });
        if let (true, Some(round)) = (bye_in_play, self.event.rounds.last()) {
            return vec![
                Action::RecordResult {
                    round: round.number,
                    table: 0,
                    entry: ResultEntry::WithdrawnBye,
                    replace: true,
                    player: Some(player),
                },
                drop(DropTiming::AfterPairing),
            ];
        }
        vec![drop(DropTiming::AfterResults)]
    }

    pub fn set_planned_rounds(&mut self, rounds: u32) -> Result<EventView, CommandError> {
        self.commit(vec![Action::SetPlannedRounds { rounds }], None)?;
        Ok(self.summary())
    }

    /// Pairs whatever comes next: the next bracket round once the top cut (or a
    /// single-elimination event) has started, a single-elimination event seeded in `order`,
    /// else the next Swiss (or structure) round. The one place hosts send "pair" to.
    pub fn pair(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
        order: Option<Vec<String>>,
    ) -> Result<PairingsView, CommandError> {
        if order.is_some() {
            self.start_single_elimination(seed, order)
        } else if self.event.cut.is_some() {
            self.pair_bracket_round()
        } else {
            self.pair_next_round(seed, allow_rematches)
        }
    }

    /// Pairs the next round. The first pairing fixes the planned rounds from the
    /// publisher's table when none were announced.
    pub fn pair_next_round(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
    ) -> Result<PairingsView, CommandError> {
        if self.event.settings.structure == Structure::SingleElimination {
            return self.start_single_elimination(seed, None);
        }
        let mut actions = Vec::new();
        let mut scratch = self.event.clone();
        if scratch.settings.planned_rounds == 0 {
            // With fewer than 2 players nothing is suggested; the pairer then says so.
            let rounds = self.recommended_rounds().max(1);
            let action = Action::SetPlannedRounds { rounds };
            scratch.apply(&action)?;
            actions.push(action);
        }
        if let Some(last) = scratch.current_round()
            && !last.is_complete()
        {
            return Err(tablekeeper_engine::EngineError::RoundIncomplete(last.number).into());
        }
        // The structure's own end (an elimination decided, a round robin complete) says more
        // than "all planned rounds played".
        if let Some(reason) = tablekeeper_engine::structure::finished(&scratch)? {
            return Err(tablekeeper_engine::EngineError::StructureFinished(reason).into());
        }
        let next_round = u32::try_from(scratch.rounds.len() + 1).unwrap_or(u32::MAX);
        if next_round > scratch.settings.planned_rounds {
            return Err(tablekeeper_engine::EngineError::AllRoundsPlayed(
                scratch.settings.planned_rounds,
            )
            .into());
        }
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        let pairing = pair_next_round(&scratch, seed, allow_rematches)?;
        actions.push(Action::PairRound {
            seed,
            seats: pairing.seats.clone(),
            tables: pairing.tables.clone(),
        });
        self.commit(actions, None)?;
        let mut view = self.pairings(None)?;
        view.explanation = Some(ExplanationView::from_explanation(
            &self.event,
            &pairing.explanation,
            true,
        ));
        Ok(view)
    }

    /// Exchanges two players' seats in the current round (or moves the bye, when one of
    /// them has it). Needs a reason; tables with a result cannot change.
    pub fn swap_players(
        &mut self,
        first: &str,
        second: &str,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?;
        let (a, b) = (self.find_player(first)?, self.find_player(second)?);
        if a == b {
            return Err(CommandError::input(
                ErrorKind::InvalidPairing,
                msg!(
                    "error.invalid-pairing.name-two-different-players-swap",
                    "name two different players to swap"
                ),
            ));
        }
        let round = self.event.current_round().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NoRound,
                msg!(
                    "error.no-round.round-has-been-paired-yet",
                    "no round has been paired yet"
                ),
            )
        })?;
        let swap = |p: PlayerId| {
            if p == a {
                b
            } else if p == b {
                a
            } else {
                p
            }
        };
        let mut seats: Vec<(u32, Seats)> = round
            .matches
            .iter()
            .filter(|m| {
                !matches!(
                    m.result.as_ref().map(|r| &r.entry),
                    Some(ResultEntry::LateEntryLoss)
                )
            })
            .map(|m| {
                let seats = match m.seats {
                    Seats::Pair { a: x, b: y } => Seats::Pair {
                        a: swap(x),
                        b: swap(y),
                    },
                    Seats::Single { player } => Seats::Single {
                        player: swap(player),
                    },
                };
                (m.table.unwrap_or(u32::MAX), seats)
            })
            .collect();
        if !seats.iter().any(|(_, s)| s.contains(a)) || !seats.iter().any(|(_, s)| s.contains(b)) {
            return Err(CommandError::input(
                ErrorKind::InvalidPairing,
                msg!(
                    "error.invalid-pairing.both-players-must-seated-current",
                    "both players must be seated in the current round"
                ),
            ));
        }
        seats.sort_by_key(|(table, _)| *table);
        let number = round.number;
        // Keep the table numbers (fixed tables stay where they are); the bye has none.
        let tables = seats
            .iter()
            .filter(|(_, s)| matches!(s, Seats::Pair { .. }))
            .map(|(t, _)| *t)
            .collect();
        let seats = seats.into_iter().map(|(_, s)| s).collect();
        self.commit(
            vec![Action::ReplacePairing {
                round: number,
                seats,
                tables,
                seed: None,
            }],
            Some(reason),
        )?;
        self.changed_pairings(number)
    }

    /// Moves the current round's bye to `player` (they take each other's seats).
    pub fn give_bye(&mut self, player: &str, reason: &str) -> Result<PairingsView, CommandError> {
        let current = self.pairings(None)?;
        let holder = current.byes.first().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NoBye,
                msg!(
                    "error.no-bye.round-has-bye-use-swap",
                    "this round has no bye; use `swap` to exchange two players"
                ),
            )
        })?;
        let holder = holder.player.to_string();
        self.swap_players(player, &holder, reason)
    }

    /// Pairs the current round again from scratch (no result may exist yet).
    pub fn repair_round(
        &mut self,
        seed: Option<u64>,
        allow_rematches: bool,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?;
        let round = self.event.current_round().ok_or_else(|| {
            CommandError::input(
                ErrorKind::NoRound,
                msg!(
                    "error.no-round.round-has-been-paired-yet",
                    "no round has been paired yet"
                ),
            )
        })?;
        if round
            .matches
            .iter()
            .any(|m| m.table.is_some() && m.result.is_some())
        {
            return Err(CommandError::input(
                ErrorKind::ResultsExist,
                msg!(
                    "error.results-exist.round-already-has-results-swap",
                    "round {round} already has results; swap players instead, or correct the results first",
                    round = round.number
                ),
            ));
        }
        let number = round.number;
        let mut before = self.event.clone();
        before.rounds.pop();
        let seed = seed.unwrap_or_else(|| rand::rng().random());
        let pairing = pair_next_round(&before, seed, allow_rematches)?;
        let action = Action::ReplacePairing {
            round: number,
            seats: pairing.seats.clone(),
            tables: pairing.tables.clone(),
            seed: Some(seed),
        };
        self.commit(vec![action], Some(reason))?;
        let mut view = self.changed_pairings(number)?;
        view.explanation = Some(ExplanationView::from_explanation(
            &self.event,
            &pairing.explanation,
            true,
        ));
        Ok(view)
    }

    /// The pairings of a changed round with warnings about what the change broke.
    fn changed_pairings(&self, round: u32) -> Result<PairingsView, CommandError> {
        let mut view = self.pairings(Some(round))?;
        let mut before = self.event.clone();
        before.rounds.retain(|r| r.number < round);
        let points = standings::compute(&before)?;
        let points_of = |id: u32| {
            points
                .rows
                .iter()
                .find(|r| r.player.0 == id)
                .map(|r| r.points)
        };
        for [a, b] in &view.rematches {
            view.warnings.push(msg!(
                "warning.pairing.rematch",
                "rematch: {a} and {b} have already played each other",
                a = self.name(*a),
                b = self.name(*b)
            ));
        }
        for table in &view.tables {
            if points_of(table.a.player) != points_of(table.b.player) {
                view.warnings.push(msg!(
                    "warning.pairing.different-points",
                    "table {table}: {a} and {b} have different points",
                    table = table.table,
                    a = &table.a.name,
                    b = &table.b.name
                ));
            }
        }
        let fewest = before
            .active_players()
            .map(|p| before.byes_of(p.id))
            .min()
            .unwrap_or(0);
        for bye in &view.byes {
            if before.byes_of(PlayerId(bye.player)) > fewest {
                view.warnings.push(msg!(
                    "warning.pairing.second-bye",
                    "{name} gets a second bye while another player has had none",
                    name = &bye.name
                ));
            }
        }
        Ok(view)
    }

    fn name(&self, id: u32) -> String {
        self.event
            .players
            .iter()
            .find(|p| p.id.0 == id)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    }

    /// Explains a round's pairing by pairing it again from the event as it was before,
    /// with the round's stored seed (which also audits that it regenerates exactly).
    pub fn explain(&self, round: Option<u32>) -> Result<ExplanationView, CommandError> {
        let stored = self.pairings(round)?;
        let timeline = Timeline::new(self.log.entries(&self.file)?);
        let effective = timeline.effective_actions();
        let mut rounds_seen = 0;
        let cut = effective
            .iter()
            .position(|action| {
                // A round entered as given is a Swiss round too (paper re-entry).
                if matches!(
                    action,
                    Action::PairRound { .. } | Action::EnterPairing { .. }
                ) {
                    rounds_seen += 1;
                }
                rounds_seen == stored.round
            })
            .ok_or_else(|| {
                CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.round-has-pairing-log",
                        "round {round} has no pairing in the log",
                        round = stored.round
                    ),
                )
            })?;
        let before = self.replay(effective[..cut].to_vec())?;
        let seed = match effective[cut] {
            Action::PairRound { seed, .. } => *seed,
            // Entered as given: nothing of the pairer's to explain; the warnings of the
            // entry (rematches, second byes) are the round's own view.
            Action::EnterPairing { .. } => {
                return Ok(ExplanationView::entered_as_given(stored.round));
            }
            _ => {
                return Err(CommandError::input(
                    ErrorKind::UnknownRound,
                    msg!(
                        "error.unknown-round.log-entry-pairing",
                        "the log entry is not a pairing"
                    ),
                ));
            }
        };
        let again = pair_next_round(&before, seed, true)?;
        // The stored round may have been changed by hand since (swap, give-bye, re-pair).
        let current = self
            .event
            .rounds
            .iter()
            .find(|r| r.number == stored.round)
            .map(|r| {
                r.matches
                    .iter()
                    .filter(|m| {
                        m.table.is_some()
                            || matches!(m.seats, Seats::Single { .. })
                                && m.result
                                    .as_ref()
                                    .is_some_and(|x| matches!(x.entry, ResultEntry::Bye))
                    })
                    .map(|m| normalized(m.seats))
                    .collect::<std::collections::BTreeSet<_>>()
            });
        let regenerated: std::collections::BTreeSet<_> =
            again.seats.iter().map(|s| normalized(*s)).collect();
        Ok(ExplanationView::from_explanation(
            &self.event,
            &again.explanation,
            current == Some(regenerated),
        ))
    }

    /// `round`, or the current round when it is `None`.
    fn round_or_current(&self, round: Option<u32>) -> Result<u32, CommandError> {
        if let Some(round) = round {
            return Ok(round);
        }
        self.event.current_round().map(|r| r.number).ok_or_else(|| {
            CommandError::input(
                ErrorKind::NoRound,
                msg!(
                    "error.no-round.round-has-been-paired-yet-2",
                    "no round has been paired yet; pair round 1 first"
                ),
            )
        })
    }

    /// Records the result at `table` of `round` (default: the current round).
    pub fn record_result(
        &mut self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
    ) -> Result<TableView, CommandError> {
        let round = self.round_or_current(round)?;
        let mut actions = vec![Action::RecordResult {
            round,
            table,
            entry: entry.clone(),
            replace,
            player: None,
        }];
        if let Some(drop) = self.no_show_drop(round, table, &entry) {
            actions.push(drop);
        }
        self.commit(actions, None)?;
        let view = self.pairings(Some(round))?;
        view.tables
            .into_iter()
            .find(|t| t.table == table)
            .ok_or_else(|| tablekeeper_engine::EngineError::UnknownTable { round, table }.into())
    }

    /// The actions entering (or correcting) `entry` at `table` of `round` (default: the
    /// current round) makes, and the reason logged with them. A correction is asked for
    /// with `replace`, or by giving `override_reason` for a locked round.
    fn result_actions(
        &self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<(u32, Vec<Action>, Option<String>), CommandError> {
        let round = self.round_or_current(round)?;
        let mut actions = Vec::new();
        let reason = match override_reason {
            Some(reason) => {
                actions.push(Action::OverrideResultLock { round });
                Some(required_reason(reason)?.to_string())
            }
            None => None,
        };
        let replace = replace || reason.is_some();
        let drop = if replace {
            None
        } else {
            self.no_show_drop(round, table, &entry)
        };
        actions.push(Action::RecordResult {
            round,
            table,
            entry,
            replace,
            player: None,
        });
        actions.extend(drop);
        Ok((round, actions, reason))
    }

    /// Enters the result typed for a table, or corrects it (`replace`, or a reason to open
    /// a locked round): the one place hosts send results to.
    pub fn enter_result(
        &mut self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        if replace || override_reason.is_some() {
            let round = match round {
                Some(round) => round,
                None => self.pairings(None)?.round,
            };
            self.correct_result(round, table, entry, override_reason)
        } else {
            self.record_result(round, table, entry, false)
        }
    }

    /// What entering this result would record, without recording it: the same actions
    /// applied to a copy of the event, so the preview is exactly what will be stored.
    pub fn preview_result(
        &self,
        round: Option<u32>,
        table: u32,
        entry: ResultEntry,
        replace: bool,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        let (round, actions, _) =
            self.result_actions(round, table, entry, replace, override_reason)?;
        let mut copy = self.event.clone();
        for action in &actions {
            copy.apply(action)?;
        }
        let found = copy
            .round(round)
            .ok_or(tablekeeper_engine::EngineError::UnknownRound(round))?;
        PairingsView::from_round(&copy, found)
            .tables
            .into_iter()
            .find(|t| t.table == table)
            .ok_or_else(|| tablekeeper_engine::EngineError::UnknownTable { round, table }.into())
    }

    /// Corrects a player's (or team's) details: name, reading, player ID, nickname
    /// (`None` keeps a field; an empty text clears an optional one).
    pub fn edit_player(
        &mut self,
        reference: &str,
        changes: PlayerDetails,
        keep: EditKeep,
    ) -> Result<PlayerView, CommandError> {
        let player = self.find_player(reference)?;
        if keep.name
            && changes.reading.is_none()
            && changes.publisher_id.is_none()
            && changes.nickname.is_none()
        {
            // An empty step in the history helps nobody.
            return Err(CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.edit-nothing",
                    "nothing to change: give a new name, reading, player ID or nickname"
                ),
            ));
        }
        let checked = crate::names::player_details(&PlayerDetails {
            name: if keep.name {
                self.event.player(player)?.name.clone()
            } else {
                changes.name.clone()
            },
            ..changes.clone()
        })?;
        let clear_or = |given: &Option<String>, checked: Option<String>| {
            given.as_ref().map(|_| checked.unwrap_or_default())
        };
        self.commit(
            vec![Action::EditPlayer {
                player,
                name: (!keep.name).then_some(checked.name.clone()),
                reading: clear_or(&changes.reading, checked.reading.clone()),
                publisher_id: clear_or(&changes.publisher_id, checked.publisher_id.clone()),
                nickname: clear_or(&changes.nickname, checked.nickname.clone()),
            }],
            None,
        )?;
        Ok(PlayerView::from_player(self.event.player(player)?))
    }

    /// Pairs the next round exactly as given (a round played on paper, entered afterwards)
    /// as one logged step: `tables` are `(table, player, opponent)` with `None` for a bye.
    /// Every active player must be seated once; rematches, second byes and pairs across
    /// score groups are allowed and come back as warnings.
    pub fn enter_pairing(
        &mut self,
        tables: Vec<(u32, String, Option<String>)>,
        reason: &str,
    ) -> Result<PairingsView, CommandError> {
        let reason = required_reason(reason)?.to_string();
        let mut actions = Vec::new();
        if self.event.settings.planned_rounds == 0 {
            actions.push(Action::SetPlannedRounds {
                rounds: self.recommended_rounds(),
            });
        }
        let mut seats = Vec::with_capacity(tables.len());
        let mut numbers = Vec::new();
        let mut pairs: Vec<(u32, Seats)> = Vec::new();
        for (table, a, b) in &tables {
            let a = self.find_player(a)?;
            match b {
                Some(b) => pairs.push((
                    *table,
                    Seats::Pair {
                        a,
                        b: self.find_player(b)?,
                    },
                )),
                None => seats.push(Seats::Single { player: a }),
            }
        }
        pairs.sort_by_key(|(table, _)| *table);
        for (table, pair) in pairs {
            numbers.push(table);
            seats.insert(numbers.len() - 1, pair);
        }
        actions.push(Action::EnterPairing {
            seats,
            tables: numbers,
        });
        self.commit(actions, Some(&reason))?;
        let round = self.event.rounds.len();
        self.changed_pairings(u32::try_from(round).unwrap_or(u32::MAX))
    }

    /// Records many results of one round as a single step (re-entering a paper round, or a
    /// station's batch): all are stored, or none. Each is checked exactly like a single
    /// entry; a no-show that drops a player drops them in the same step.
    pub fn record_results(
        &mut self,
        round: Option<u32>,
        results: Vec<(u32, ResultEntry)>,
    ) -> Result<Vec<TableView>, CommandError> {
        let round = match round {
            Some(r) => r,
            None => self.pairings(None)?.round,
        };
        let mut actions = Vec::with_capacity(results.len());
        let tables: Vec<u32> = results.iter().map(|(table, _)| *table).collect();
        for (table, entry) in results {
            let drop = self.no_show_drop(round, table, &entry);
            actions.push(Action::RecordResult {
                round,
                table,
                entry,
                replace: false,
                player: None,
            });
            actions.extend(drop);
        }
        self.commit(actions, None)?;
        let view = self.pairings(Some(round))?;
        Ok(view
            .tables
            .into_iter()
            .filter(|t| tables.contains(&t.table))
            .collect())
    }

    /// Corrects an entered result. A round the ruleset has locked (Bandai §5.3) needs
    /// `override_reason`; corrections of rounds that later pairings used are flagged.
    pub fn correct_result(
        &mut self,
        round: u32,
        table: u32,
        entry: ResultEntry,
        override_reason: Option<&str>,
    ) -> Result<TableView, CommandError> {
        let mut actions = Vec::new();
        let reason = match override_reason {
            Some(reason) => {
                let reason = required_reason(reason)?;
                actions.push(Action::OverrideResultLock { round });
                Some(reason)
            }
            None => None,
        };
        actions.push(Action::RecordResult {
            round,
            table,
            entry,
            replace: true,
            player: None,
        });
        self.commit(actions, reason)?;
        let mut view = self
            .pairings(Some(round))?
            .tables
            .into_iter()
            .find(|t| t.table == table)
            .ok_or(tablekeeper_engine::EngineError::UnknownTable { round, table })?;
        let paired = u32::try_from(self.event.rounds.len()).unwrap_or(0);
        if paired > round {
            view.warnings.push(if paired == round + 1 {
                msg!(
                    "warning.correction.later-round",
                    "round {later} was paired with the standings before this correction; the pairings are kept, standings are updated",
                    later = paired
                )
            } else {
                msg!(
                    "warning.correction.later-rounds",
                    "rounds {first}–{last} were paired with the standings before this correction; the pairings are kept, standings are updated",
                    first = round + 1,
                    last = paired
                )
            });
        }
        Ok(view)
    }

    /// Pairings of `round` (default: the current round).
    pub fn pairings(&self, round: Option<u32>) -> Result<PairingsView, CommandError> {
        let event = &self.event;
        let found = match round {
            Some(number) => event.round(number),
            None => event.current_round(),
        };
        let found = found.ok_or_else(|| match round {
            Some(number) => {
                CommandError::from(tablekeeper_engine::EngineError::UnknownRound(number))
            }
            None => CommandError::input(
                ErrorKind::NoRound,
                msg!(
                    "error.no-round.round-has-been-paired-yet-3",
                    "no round has been paired yet; pair round 1 first"
                ),
            ),
        })?;
        Ok(PairingsView::from_round(event, found))
    }

    /// Each player's points before `round` was played (what a reprint of that round's
    /// pairings shows): the standings of the rounds before it, with today's corrections.
    pub fn points_before(
        &self,
        round: u32,
    ) -> Result<std::collections::HashMap<u32, String>, CommandError> {
        Ok(self
            .standings_before(round)?
            .rows
            .into_iter()
            .map(|row| (row.player, row.points))
            .collect())
    }

    /// The standings of the rounds before `round` (points and records as they stood when
    /// it was paired, with today's corrections): what its reprinted pairings and its slips
    /// show.
    pub fn standings_before(&self, round: u32) -> Result<StandingsView, CommandError> {
        let mut before = self.event.clone();
        before.rounds.retain(|r| r.number < round);
        before.penalties.retain(|p| p.round < round);
        before.cut = None;
        let computed = standings::compute(&before)?;
        Ok(StandingsView::from_standings(&before, &computed))
    }

    pub fn standings(&self) -> Result<StandingsView, CommandError> {
        let computed = standings::compute(&self.event)?;
        Ok(StandingsView::from_standings(&self.event, &computed))
    }
}
