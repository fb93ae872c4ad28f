//! Several events open at once: a main event and its side events, each with its
//! own file, lock, backups, undo and room. One is active — the one every command of the
//! surface works on, as before — and the others wait beside it; switching makes another
//! one active. Events opened together get table ranges that do not overlap, and a player
//! registered in two events under way at once is warned about.
//!
//! Creating, opening, importing and closing an event are here too.

use std::path::Path;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_engine::rules::structure::Structure;
use ts_rs::TS;

use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::session::{CreateOptions, RulesetSource, Session};
use crate::views::EventView;

use crate::desk::event_list::same_file;
use crate::desk::open_events::{OpenEventView, open_view};

/// Makes the open event at `path` the active one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SwitchEventRequest {
    #[ts(type = "string")]
    pub path: PathBuf,
}

/// The active event's first table number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableRangeRequest {
    pub first: u32,
}

impl Desk {
    /// Opens the event the app was started with (a double-clicked file). A failure is kept
    /// for [`AppInfo::startup_error`], so the window shows it in the user's language.
    pub fn open_at_start(&mut self, path: &Path) {
        let request = OpenEventRequest {
            path: path.to_path_buf(),
        };
        if let Err(error) = self.open_event(request) {
            self.startup_error = Some(error.to_view());
        }
    }
    /// Opens `path` for a host that is not the app's window (the CLI): the same open,
    /// without putting the file on the app's recent list.
    pub fn open_for_host(&mut self, path: &Path) -> Result<EventView, CommandError> {
        self.events.close_active();
        let session = Session::open(path)?;
        Ok(self.attach(session))
    }

    /// Every open event, the active one first.
    pub fn open_events(&mut self, _: ()) -> Result<Vec<OpenEventView>, CommandError> {
        let now = chrono::Utc::now().timestamp_millis();
        let active = self.events.active_session().map(Session::path);
        Ok(self
            .events
            .all()
            .map(|open| {
                let is_active = active == Some(open.session.path());
                open_view(&open.session, &open.room, is_active, now)
            })
            .collect())
    }

    /// Makes the open event at `request.path` the active one.
    pub fn switch_event(&mut self, request: SwitchEventRequest) -> Result<EventView, CommandError> {
        if let Some(session) = self.events.active_session()
            && same_file(session.path(), &request.path)
        {
            return Ok(session.summary());
        }
        if !self.events.activate(&request.path) {
            return Err(super::event_list::not_open(&request.path));
        }
        self.session().map(Session::summary)
    }

    /// Sets the active event's first table number (rounds paired later use it); an overlap
    /// with another open event's range is a notice.
    pub fn set_table_range(
        &mut self,
        request: TableRangeRequest,
    ) -> Result<EventView, CommandError> {
        let session = self.session_mut()?;
        session.set_first_table(request.first)?;
        self.warn_overlapping_tables();
        self.session().map(Session::summary)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CreateEventRequest {
    /// `null`: a new file in the default folder, named after the event.
    #[ts(type = "string | null")]
    pub path: Option<std::path::PathBuf>,
    pub name: String,
    /// Title preset id; its ruleset is used unless `ruleset` is given.
    pub title: Option<String>,
    pub ruleset: Option<String>,
    /// A ruleset file of the organizer's own instead of `ruleset`.
    #[serde(default)]
    #[ts(optional, type = "string | null")]
    pub ruleset_file: Option<std::path::PathBuf>,
    /// `field=value` overrides of single ruleset fields (`match_win.floor=0.25`).
    #[serde(default)]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub overrides: Vec<String>,
    /// Seed of the random tie order (`null`: one is drawn; it is recorded either way).
    #[serde(default, with = "crate::seed::json")]
    #[ts(optional, type = "string | null")]
    pub standings_seed: Option<u64>,
    pub planned_rounds: Option<u32>,
    /// `null`: Swiss.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub structure: Option<Structure>,
    /// Elimination formats: stop early at this many finalists; Swiss with `min_rounds`: the
    /// prize places.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub elimination_finalists: Option<u32>,
    /// Swiss variable rounds: the minimum (`planned_rounds` is the maximum).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub min_rounds: Option<u32>,
    /// Team event: 2 (tag) or 3 (trio) members per team.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub team_size: Option<u8>,
    /// The planned top cut's size: suggested Swiss rounds then come from the publisher's
    /// "with cut" table (`null`: none planned).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub planned_cut: Option<u32>,
    /// The first table number (`null`: table 1, or after the tables of the events already
    /// open, so events run side by side never share a table number).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub first_table: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpenEventRequest {
    #[ts(type = "string")]
    pub path: std::path::PathBuf,
}

/// A new event file made from an exported archive (the same event, history included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ImportArchiveRequest {
    /// The archive (`.json`) to read.
    #[ts(type = "string")]
    pub archive: std::path::PathBuf,
    /// Where to create the event; left out, a new file in the default folder named after
    /// the event.
    #[ts(optional, type = "string | null")]
    #[serde(default)]
    pub path: Option<std::path::PathBuf>,
}

impl Desk {
    pub fn create_event(&mut self, request: CreateEventRequest) -> Result<EventView, CommandError> {
        let path = match request.path {
            Some(path) => path,
            None => self.new_event_path(&request.name)?,
        };
        let preferences = self.preferences();
        let (ruleset, title) = match (request.ruleset, request.title) {
            (None, None) if request.ruleset_file.is_none() => {
                (preferences.default_ruleset, preferences.default_title)
            }
            given => given,
        };
        let ruleset = match request.ruleset_file {
            Some(file) => Some(RulesetSource::File(file)),
            None => ruleset.map(RulesetSource::Embedded),
        };
        // The event open now stays open beside the new one, which gets its own table range.
        let first_table = request
            .first_table
            .unwrap_or_else(|| self.next_free_table());
        let first_table = if first_table == 1 { 0 } else { first_table };
        self.events.leave_active();
        let session = Session::create(
            &path,
            CreateOptions {
                name: request.name,
                ruleset,
                title,
                planned_rounds: request.planned_rounds,
                overrides: request.overrides,
                standings_seed: request.standings_seed,
                structure: request.structure.unwrap_or_default(),
                elimination_finalists: request.elimination_finalists.unwrap_or(0),
                min_rounds: request.min_rounds.unwrap_or(0),
                team_size: request.team_size.unwrap_or(0),
                planned_cut: request.planned_cut.unwrap_or(0),
                first_table,
            },
        );
        let session = match session {
            Ok(session) => session,
            Err(error) => {
                self.events.activate_latest();
                return Err(error);
            }
        };
        self.opened(session)
    }

    /// Opens an event beside those already open and makes it the active one (an event
    /// already open becomes active; opening the active one again reads its file anew).
    pub fn open_event(&mut self, request: OpenEventRequest) -> Result<EventView, CommandError> {
        self.startup_error = None;
        if self.events.is_open_beside(&request.path) {
            self.events.activate(&request.path);
            let path = request.path.display().to_string();
            self.remember(&path);
            return self.session().map(Session::summary);
        }
        let reopening = self
            .events
            .active_session()
            .is_some_and(|s| s.path() == request.path.as_path());
        if reopening {
            // Release the lock first, so reopening the same file works.
            self.events.close_active();
        } else {
            self.events.leave_active();
        }
        match Session::open(&request.path) {
            Ok(session) => {
                let view = self.opened(session)?;
                self.warn_overlapping_tables();
                Ok(view)
            }
            Err(error) => {
                self.events.activate_latest();
                Err(error)
            }
        }
    }

    /// Creates an event file from an archive and opens it.
    pub fn import_archive(
        &mut self,
        request: ImportArchiveRequest,
    ) -> Result<EventView, CommandError> {
        let archive = crate::formats::archive::read(&request.archive)?;
        let path = match request.path {
            Some(path) => path,
            None => self.new_event_path(&archive.event.name)?,
        };
        self.events.leave_active();
        let session = match crate::formats::archive::import(&archive, &path) {
            Ok(session) => session,
            Err(error) => {
                self.events.activate_latest();
                return Err(error);
            }
        };
        self.opened(session)
    }

    /// Closes the active event; the event opened before it (if any) becomes active.
    pub fn close_event(&mut self, _: Nothing) -> Result<(), CommandError> {
        self.events.close_active();
        self.events.activate_latest();
        Ok(())
    }

    pub fn summary(&mut self, _: Nothing) -> Result<EventView, CommandError> {
        Ok(self.session()?.summary())
    }
}
