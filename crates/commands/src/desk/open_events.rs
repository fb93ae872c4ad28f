//! The events open on the desk, the active one and those open beside it: finding one by its
//! file or its code, serving one for what a host does through it (`serving`), their table
//! ranges, and the notices that look across them (tables that overlap, a player registered
//! in two events under way at once).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use tablekeeper_words::msg;
use ts_rs::TS;

use crate::desk::base::Desk;
use crate::desk::event_list::same_file;
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
    /// The desk serving the open event at `path` for what is done through it (the LAN
    /// server answering a side event's phones while the scorekeeper works on another): its
    /// commands work on that event, with its own room, until the guard is dropped. Nothing
    /// moves; the active event stays active. `None` when no open event is at `path`.
    pub fn serving(&mut self, path: &std::path::Path) -> Option<Serving<'_>> {
        let before = self.events.serve(path)?;
        Some(Serving { desk: self, before })
    }

    /// Whether an event open here (active or beside it) is the one at `path`.
    pub fn is_open(&self, path: &std::path::Path) -> bool {
        self.open_event_paths()
            .iter()
            .any(|open| same_file(open, path))
    }

    /// The files of every event open here, the current one first.
    pub fn open_event_paths(&self) -> Vec<PathBuf> {
        self.events
            .all()
            .map(|e| e.session.path().to_path_buf())
            .collect()
    }

    /// The file of the open event whose code is `code` (as the players' page names it).
    pub fn open_event_by_code(&self, code: &str) -> Option<PathBuf> {
        self.events
            .all()
            .map(|e| &e.session)
            .find(|s| crate::slip_code::event_code(s.event()).eq_ignore_ascii_case(code.trim()))
            .map(|s| s.path().to_path_buf())
    }

    /// Every open event as the players' page lists it (none while only one is open), and
    /// a version part that changes with the list.
    pub(crate) fn room_events(&self) -> (Vec<RoomEventLink>, String) {
        if self.events.others().next().is_none() {
            return (Vec::new(), String::new());
        }
        let mut events: Vec<RoomEventLink> = self
            .events
            .all()
            .map(|e| &e.session)
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

    /// The first table of a new event's range: table 1 when it is the only one, else the
    /// round hundred after every open event's range.
    pub(crate) fn next_free_table(&self) -> u32 {
        let last = self.events.all().map(|e| range(&e.session).1).max();
        match last {
            None => 1,
            Some(last) => (last / RANGE_STEP + 1) * RANGE_STEP + 1,
        }
    }

    /// A notice when the active event's table range overlaps another open event's.
    pub(crate) fn warn_overlapping_tables(&mut self) {
        let Ok(active) = self.session() else { return };
        let (first, last) = range(active);
        let overlapping: Vec<String> = self
            .events
            .others()
            .filter(|p| {
                let (f, l) = range(&p.session);
                f <= last && first <= l
            })
            .map(|p| p.session.event().settings.name.clone())
            .collect();
        if let (Some(other), Ok(session)) = (overlapping.first(), self.session_mut()) {
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
    pub(crate) fn warn_playing_elsewhere(&mut self, added: &[PlayerView]) {
        let mut notices = Vec::new();
        for other in self.events.others() {
            let event = other.session.event();
            let Some(round) = event.current_round() else {
                continue;
            };
            let under_way = round.matches.iter().any(|m| m.result.is_none());
            if !under_way {
                continue;
            }
            for view in added {
                let same = event.active_players().any(|p| {
                    match (&p.details.publisher_id, &view.details.publisher_id) {
                        (Some(a), Some(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
                        _ => p.details.name.trim() == view.details.name.trim(),
                    }
                });
                if same {
                    notices.push(msg!(
                        "notice.plays-elsewhere",
                        "{name} also plays in {other}, whose round {round} is under way",
                        name = view.details.name.clone(),
                        other = event.settings.name.clone(),
                        round = round.number
                    ));
                }
            }
        }
        if let Ok(session) = self.session_mut() {
            for notice in notices {
                session.add_notice(notice);
            }
        }
    }
}

/// The table range of an open event: its first table, and the last it uses or may use.
pub(crate) fn range(session: &Session) -> (u32, u32) {
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

pub(crate) fn open_view(session: &Session, room: &Room, active: bool, now: i64) -> OpenEventView {
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

/// The desk while it serves an open event other than (or the same as) the active one:
/// everything done through it works on that event. Dropping it makes current again what was
/// before (the active event, or the one an outer guard serves).
pub struct Serving<'a> {
    desk: &'a mut Desk,
    /// What was served before (`None`: the active event), given back when this is dropped.
    before: Option<usize>,
}

impl std::ops::Deref for Serving<'_> {
    type Target = Desk;

    fn deref(&self) -> &Desk {
        self.desk
    }
}

impl std::ops::DerefMut for Serving<'_> {
    fn deref_mut(&mut self) -> &mut Desk {
        self.desk
    }
}

impl Drop for Serving<'_> {
    fn drop(&mut self) {
        self.desk.events.served(self.before);
    }
}
