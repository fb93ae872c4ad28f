//! The events open on the desk, each with its own session and room, held where they were
//! opened: which one the scorekeeper works on (the active one), and which one the command
//! being run works on (the active one, or the event a host named: the LAN server answering a
//! side event's phone). Choosing an event moves nothing; no event ever stands in for
//! another.

use std::path::Path;

use crate::room::Room;
use crate::session::Session;

/// An open event: its session, and what it shows the room (phones and stations).
pub(crate) struct OpenEvent {
    pub(crate) session: Session,
    pub(crate) room: Room,
    /// When it last stopped being the active one (the event closed last comes back first).
    left_at: u64,
}

/// The open events, which one is active, and which one the command being run serves.
#[derive(Default)]
pub(crate) struct OpenEvents {
    list: Vec<OpenEvent>,
    active: Option<usize>,
    /// The event a host named for the command being run (`None`: the active one).
    serving: Option<usize>,
    /// The room while no event is open (a clock set before any event).
    spare_room: Room,
    /// Counts the times an event stopped being active (the order of `left_at`).
    clock: u64,
}

impl OpenEvents {
    /// The event the command being run works on: the one a host named, else the active one.
    pub(crate) fn current(&self) -> Option<&OpenEvent> {
        self.serving.or(self.active).and_then(|i| self.list.get(i))
    }

    pub(crate) fn current_mut(&mut self) -> Option<&mut OpenEvent> {
        let at = self.serving.or(self.active)?;
        self.list.get_mut(at)
    }

    /// The current event's room, or the room while no event is open.
    pub(crate) fn room(&self) -> &Room {
        self.current().map_or(&self.spare_room, |event| &event.room)
    }

    pub(crate) fn room_mut(&mut self) -> &mut Room {
        let at = self.serving.or(self.active);
        match at.and_then(|i| self.list.get_mut(i)) {
            Some(event) => &mut event.room,
            None => &mut self.spare_room,
        }
    }

    /// The active event's session (the scorekeeper's, whatever a host serves).
    pub(crate) fn active_session(&self) -> Option<&Session> {
        self.active
            .and_then(|i| self.list.get(i))
            .map(|e| &e.session)
    }

    /// Every open event: the current one first, then the others in the order they stopped
    /// being active.
    pub(crate) fn all(&self) -> impl Iterator<Item = &OpenEvent> {
        self.current().into_iter().chain(self.others())
    }

    /// The open events other than the current one, in the order they stopped being active.
    pub(crate) fn others(&self) -> impl Iterator<Item = &OpenEvent> {
        let current = self.serving.or(self.active);
        let mut others: Vec<(usize, &OpenEvent)> = self
            .list
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != current)
            .collect();
        others.sort_by_key(|(_, e)| e.left_at);
        others.into_iter().map(|(_, e)| e)
    }

    /// Where the event at `path` is in the list.
    fn position(&self, path: &Path) -> Option<usize> {
        self.list
            .iter()
            .position(|e| same_file(e.session.path(), path))
    }

    /// Whether `path` is open and not the active event.
    pub(crate) fn is_open_beside(&self, path: &Path) -> bool {
        self.position(path).is_some_and(|i| Some(i) != self.active)
    }

    /// The active event stays open beside the others (another is about to become active).
    pub(crate) fn leave_active(&mut self) {
        if let Some(at) = self.active.take() {
            self.clock += 1;
            if let Some(event) = self.list.get_mut(at) {
                event.left_at = self.clock;
            }
        }
    }

    /// Makes the open event at `path` the active one; `false` when it is not open.
    pub(crate) fn activate(&mut self, path: &Path) -> bool {
        let Some(at) = self.position(path) else {
            return false;
        };
        if self.active != Some(at) {
            self.leave_active();
            self.active = Some(at);
        }
        true
    }

    /// Closes the active event (its session is dropped: its file is released once its
    /// backups are written); the room while none is open starts afresh.
    pub(crate) fn close_active(&mut self) {
        if let Some(at) = self.active.take() {
            self.list.remove(at);
            self.serving = None;
        }
        self.spare_room = Room::default();
    }

    /// With no active event, the one that stopped being active last becomes active again.
    pub(crate) fn activate_latest(&mut self) {
        if self.active.is_none() {
            self.active = self
                .list
                .iter()
                .enumerate()
                .max_by_key(|(_, e)| e.left_at)
                .map(|(i, _)| i);
        }
    }

    /// Adds `session` as the active event, with a fresh room (any active one must have been
    /// left or closed first).
    pub(crate) fn add_active(&mut self, session: Session) -> &mut OpenEvent {
        self.leave_active();
        self.list.push(OpenEvent {
            session,
            room: Room::default(),
            left_at: 0,
        });
        let at = self.list.len() - 1;
        self.active = Some(at);
        &mut self.list[at]
    }

    /// Serves the event at `path` for what is run next; what was served before (to give
    /// back with [`OpenEvents::served`]), or `None` when `path` is not open.
    pub(crate) fn serve(&mut self, path: &Path) -> Option<Option<usize>> {
        let at = self.position(path)?;
        Some(self.serving.replace(at))
    }

    /// Done serving: what was served before is current again (the active event, unless a
    /// host served one around this).
    pub(crate) fn served(&mut self, before: Option<usize>) {
        self.serving = before;
    }
}

/// Whether two paths name the same file (the same path, or one file by another name).
pub(crate) fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// The refusal of work on the event at `path` when it is not open here (closed since the
/// window showed it, or never opened).
pub(crate) fn not_open(path: &std::path::Path) -> crate::error::CommandError {
    crate::error::CommandError::input(
        tablekeeper_words::ErrorKind::NoEvent,
        tablekeeper_words::msg!(
            "error.no-event.not-open",
            "{path} is not open; open it from the Start screen",
            path = path.display().to_string()
        ),
    )
}
