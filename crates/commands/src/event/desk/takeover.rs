//! Never two writers (docs/lan.md): what this laptop says of the event it holds
//! (`whereabouts`, asked by other laptops and by phones), the stations that may carry the
//! event on (remembered per event in the app's data folder, so a main laptop that comes
//! back after a crash still knows whom to ask), a takeover's new epoch, and the refusal of
//! every change once the event is known to be written elsewhere.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::desk::app_files::AppFile;
use crate::desk::base::{Desk, Nothing};
use crate::error::CommandError;
use crate::views::takeover::WhereaboutsView;

/// Addresses remembered for one event at most (a station rejoining from a new address
/// pushes out the oldest).
const HOSTS_KEPT: usize = 16;

/// Events remembered at most (the oldest are forgotten first).
const EVENTS_KEPT: usize = 64;

/// What the app remembers of one event.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Remembered {
    #[serde(default)]
    hosts: Vec<String>,
    #[serde(default)]
    moved_to: Option<String>,
    /// When this was last written (milliseconds since 1970), to forget the oldest.
    #[serde(default)]
    at: i64,
}

impl Desk {
    /// What this laptop says of the open event: its identity, epoch and rows, and where it
    /// went if it was taken over.
    pub fn whereabouts(&mut self, _: Nothing) -> Result<WhereaboutsView, CommandError> {
        self.session()?.whereabouts()
    }

    /// The stations' addresses known for the open event.
    pub fn known_hosts(&self) -> Vec<String> {
        self.event_room().hosts.clone()
    }

    /// A joined station asked for its copy from `address` (`ip:port`, where it would serve
    /// the event after a takeover): remembered for the phones and for this laptop's return.
    pub fn note_host(&mut self, address: &str) {
        if self.event_room().hosts.iter().any(|known| known == address) {
            return;
        }
        if self.event_room().hosts.len() >= HOSTS_KEPT {
            self.event_room_mut().hosts.remove(0);
        }
        self.event_room_mut().hosts.push(address.to_string());
        self.remember_takeover();
    }

    /// Makes the open event this laptop's (a takeover): the next epoch begins, begun by
    /// station `by` after the main laptop at `from` stopped answering.
    pub fn begin_epoch(&mut self, by: &str, from: &str) -> Result<WhereaboutsView, CommandError> {
        let view = self.session_mut()?.begin_epoch(by, from)?;
        // The old main laptop is where the event may be looked for too.
        self.note_host(from);
        Ok(view)
    }

    /// The open event is written at `to` now: every change is refused here, the phones'
    /// page moves there, and the app remembers it for the next time the event is opened.
    pub fn event_moved(&mut self, to: &str) -> Result<(), CommandError> {
        self.session_mut()?.set_moved(to);
        self.remember_takeover();
        self.changes.bump();
        Ok(())
    }

    /// The phones' part: the stations to look for and where the event went, with their
    /// part of the view's version.
    pub(crate) fn carry_on(&self, version: &mut String) -> (Vec<String>, Option<String>) {
        let moved_to = self.session().ok().and_then(|s| s.moved_to());
        version.push_str(&format!(
            "|h{}|{}",
            self.event_room().hosts.len(),
            moved_to.is_some()
        ));
        (self.event_room().hosts.clone(), moved_to)
    }

    /// What the app remembers of the event just opened: its stations, and whether it was
    /// found taken over (then changes are refused at once).
    /// Its stations' addresses come back for its room.
    pub(crate) fn recall_takeover(&self, session: &mut crate::session::Session) -> Vec<String> {
        let Some(remembered) = read_memory(self).remove(&session.identity()) else {
            return Vec::new();
        };
        if let Some(to) = &remembered.moved_to {
            session.set_moved(to);
        }
        remembered.hosts
    }

    /// Writes what the app remembers of the open event (best effort: the next station's
    /// ask writes it again).
    fn remember_takeover(&mut self) {
        let Ok(session) = self.session() else {
            return;
        };
        // Kept by every host, the command line too: a safety fence, not a preference (an
        // old main laptop's command line refuses changes once a takeover is known).
        let mut memory = read_memory(self);
        memory.insert(
            session.identity(),
            Remembered {
                hosts: self.event_room().hosts.clone(),
                moved_to: session.moved_to(),
                at: chrono::Utc::now().timestamp_millis(),
            },
        );
        while memory.len() > EVENTS_KEPT {
            let Some(oldest) = memory
                .iter()
                .min_by_key(|(_, r)| r.at)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            memory.remove(&oldest);
        }
        if let Ok(text) = serde_json::to_vec_pretty(&memory) {
            let _ = self.write_app_file(AppFile::Takeovers, &text);
        }
    }
}

/// The app's memory of events' stations (a damaged or missing file remembers nothing).
fn read_memory(desk: &Desk) -> BTreeMap<String, Remembered> {
    std::fs::read(desk.app_file(AppFile::Takeovers))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}
