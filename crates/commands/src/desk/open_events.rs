//! The events open on the desk, the active one and those parked beside it: finding one by
//! its file or its code, making one active for a single call (`with_event`), parking and
//! unparking, their table ranges, and the notices that look across them (tables that
//! overlap, a player registered in two events under way at once).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_words::msg;
use ts_rs::TS;

use super::base::Desk;
use super::parked::Parked;
use crate::room::{Room, RoomClock, RoomEventLink};
use crate::session::Session;
use crate::views::PlayerView;

/// How far beyond its last table the next event's range starts: a round hundred.
const RANGE_STEP: u32 = 100;

/// One of the events open at once, as the switcher shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct OpenEventView {
    pub name: String,
    pub file: String,
    pub active: bool,
    /// The round being played (`null` before round 1).
    pub round: Option<u32>,
    /// `true` while the round's results are not all in.
    pub round_open: bool,
    /// The table range: the first table, and the last it uses or may use (half its players).
    pub first_table: u32,
    pub last_table: u32,
    /// The round clock the app runs for it (time left when asked).
    pub clock: Option<RoomClock>,
}

impl Desk {
    /// Runs `run` with the open event at `path` active for its duration, then puts every
    /// event back as it was: the LAN server answers a shared event's phones while the
    /// scorekeeper works on another (all under the desk's lock, so no other caller ever
    /// sees the swap). `None` when no open event is at `path`.
    pub fn with_event<T>(
        &mut self,
        path: &std::path::Path,
        run: impl FnOnce(&mut Desk) -> T,
    ) -> Option<T> {
        if self
            .session
            .as_ref()
            .is_some_and(|s| same_file(s.path(), path))
        {
            return Some(run(self));
        }
        let at = self
            .parked
            .iter()
            .position(|p| same_file(p.session.path(), path))?;
        let target = self.parked.remove(at);
        // The active event waits beside the others meanwhile (the room lists it).
        let previous_at = self.session.is_some().then_some(self.parked.len());
        self.park_active();
        self.session = Some(target.session);
        self.room = target.room;
        let answer = run(self);
        let current = self.session.take().map(|session| Parked {
            session,
            room: std::mem::take(&mut self.room),
        });
        if let Some(index) = previous_at.filter(|i| *i < self.parked.len()) {
            let previous = self.parked.remove(index);
            self.session = Some(previous.session);
            self.room = previous.room;
        }
        if let Some(current) = current {
            self.parked.insert(at.min(self.parked.len()), current);
        }
        Some(answer)
    }

    /// Whether an event open here (active or parked) is the one at `path`.
    pub fn is_open(&self, path: &std::path::Path) -> bool {
        self.open_event_paths()
            .iter()
            .any(|open| same_file(open, path))
    }

    /// The files of every event open here, the active one first.
    pub fn open_event_paths(&self) -> Vec<PathBuf> {
        self.session
            .iter()
            .chain(self.parked.iter().map(|p| &p.session))
            .map(|s| s.path().to_path_buf())
            .collect()
    }

    /// The file of the open event whose code is `code` (as the players' page names it).
    pub fn open_event_by_code(&self, code: &str) -> Option<PathBuf> {
        self.session
            .iter()
            .chain(self.parked.iter().map(|p| &p.session))
            .find(|s| crate::slip_code::event_code(s.event()).eq_ignore_ascii_case(code.trim()))
            .map(|s| s.path().to_path_buf())
    }

    /// Every open event as the players' page lists it (none while only one is open), and
    /// a version part that changes with the list.
    pub(super) fn room_events(&self) -> (Vec<RoomEventLink>, String) {
        if self.parked.is_empty() {
            return (Vec::new(), String::new());
        }
        let mut events: Vec<RoomEventLink> = self
            .session
            .iter()
            .chain(self.parked.iter().map(|p| &p.session))
            .map(|s| RoomEventLink {
                code: crate::slip_code::event_code(s.event()),
                name: s.event().settings.name.clone(),
                round: s.event().current_round().map(|r| r.number),
            })
            .collect();
        // The same order whichever is active, so a phone's list does not jump.
        events.sort_by(|a, b| a.code.cmp(&b.code));
        let version = events
            .iter()
            .map(|e| format!("{}{}", e.code, e.round.unwrap_or(0)))
            .collect::<String>();
        (events, format!(".{version}"))
    }

    /// Moves the active event (and its room) beside the others, so another can be opened.
    pub(super) fn park_active(&mut self) {
        if let Some(session) = self.session.take() {
            let room = std::mem::take(&mut self.room);
            self.parked.push(Parked { session, room });
        }
    }

    /// Makes the most recent parked event active after the active one closed.
    pub(super) fn unpark_last(&mut self) {
        if self.session.is_none()
            && let Some(parked) = self.parked.pop()
        {
            self.session = Some(parked.session);
            self.room = parked.room;
        }
    }

    /// The parked event at `path`, taken out (to become active), if it is open.
    pub(super) fn take_parked(&mut self, path: &std::path::Path) -> Option<Parked> {
        let at = self
            .parked
            .iter()
            .position(|p| same_file(p.session.path(), path))?;
        Some(self.parked.remove(at))
    }

    /// The first table of a new event's range: table 1 when it is the only one, else the
    /// round hundred after every open event's range.
    pub(super) fn next_free_table(&self) -> u32 {
        let last = self
            .session
            .iter()
            .chain(self.parked.iter().map(|p| &p.session))
            .map(|s| range(s).1)
            .max();
        match last {
            None => 1,
            Some(last) => (last / RANGE_STEP + 1) * RANGE_STEP + 1,
        }
    }

    /// A notice when the active event's table range overlaps another open event's.
    pub(super) fn warn_overlapping_tables(&mut self) {
        let Some(active) = &self.session else { return };
        let (first, last) = range(active);
        let overlapping: Vec<String> = self
            .parked
            .iter()
            .filter(|p| {
                let (f, l) = range(&p.session);
                f <= last && first <= l
            })
            .map(|p| p.session.event().settings.name.clone())
            .collect();
        if let (Some(other), Some(session)) = (overlapping.first(), self.session.as_mut()) {
            session.add_notice(msg!(
                "notice.tables-overlap",
                "tables {first}–{last} are also {other}'s: give this event another table range (Registration screen)",
                first = first,
                last = last,
                other = other.clone()
            ));
        }
    }

    /// A notice for each player just registered who also plays in another open event whose
    /// round is under way (a player cannot sit at two tables at once).
    pub(super) fn warn_playing_elsewhere(&mut self, added: &[PlayerView]) {
        let mut notices = Vec::new();
        for parked in &self.parked {
            let event = parked.session.event();
            let Some(round) = event.current_round() else {
                continue;
            };
            let under_way = round.matches.iter().any(|m| m.result.is_none());
            if !under_way {
                continue;
            }
            for view in added {
                let same =
                    event
                        .active_players()
                        .any(|p| match (&p.publisher_id, &view.publisher_id) {
                            (Some(a), Some(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
                            _ => p.name.trim() == view.name.trim(),
                        });
                if same {
                    notices.push(msg!(
                        "notice.plays-elsewhere",
                        "{name} also plays in {other}, whose round {round} is under way",
                        name = view.name.clone(),
                        other = event.settings.name.clone(),
                        round = round.number
                    ));
                }
            }
        }
        if let Some(session) = self.session.as_mut() {
            for notice in notices {
                session.add_notice(notice);
            }
        }
    }
}

/// The table range of an open event: its first table, and the last it uses or may use.
pub(super) fn range(session: &Session) -> (u32, u32) {
    let event = session.event();
    let first = event.settings.first_table();
    let players = u32::try_from(event.active_players().count()).unwrap_or(u32::MAX);
    let used = event
        .rounds
        .iter()
        .chain(
            event
                .cut
                .iter()
                .flat_map(|c| c.rounds.iter().map(|r| &r.round)),
        )
        .flat_map(|r| r.matches.iter().filter_map(|m| m.table))
        .filter(|t| *t >= first)
        .max()
        .unwrap_or(first);
    let capacity = first.saturating_add(players.div_ceil(2).max(1)) - 1;
    (first, used.max(capacity))
}

pub(super) fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

pub(super) fn open_view(session: &Session, room: &Room, active: bool, now: i64) -> OpenEventView {
    let event = session.event();
    let (first_table, last_table) = range(session);
    let round = event.current_round();
    OpenEventView {
        name: event.settings.name.clone(),
        file: session.path().display().to_string(),
        active,
        round: round.map(|r| r.number),
        round_open: round.is_some_and(|r| r.matches.iter().any(|m| m.result.is_none())),
        first_table,
        last_table,
        clock: room.clock_view(now),
    }
}
