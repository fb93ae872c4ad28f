//! A station's side of its replica (`tablekeeper_commands::replica`): a thread that asks the
//! main laptop for what its copy lacks, stores it, and asks again — at once while it is
//! catching up, then every `every`. What it holds is the station's acknowledgement (its
//! next ask says so). The thread stops when told, or when the station leaves.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::json;
use tablekeeper_commands::replica::{ROWS_PER_ANSWER, Replica, ReplicaChunk};

use crate::Station;
use crate::shared::lock;

/// Where the station's copy stands, for its own window.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct FollowState {
    /// The copy's file, once written.
    pub file: Option<String>,
    /// The copy's last step, and the main laptop's when it last answered.
    pub step: Option<i64>,
    pub newest: Option<i64>,
    /// Why the last ask or store failed (the copy keeps its last whole state).
    pub problem: Option<tablekeeper_commands::ErrorView>,
}

/// A running follower: stop it with [`Follower::stop`] (or by dropping it).
pub struct Follower {
    stop: Arc<AtomicBool>,
    state: Arc<Mutex<FollowState>>,
    thread: Option<JoinHandle<()>>,
}

impl Follower {
    /// Keeps a copy of `station`'s event in `folder`, asking as `name`.
    pub fn start(station: Station, folder: PathBuf, name: String, every: Duration) -> Follower {
        let stop = Arc::new(AtomicBool::new(false));
        let state = Arc::new(Mutex::new(FollowState::default()));
        let (stop_for_thread, state_for_thread) = (Arc::clone(&stop), Arc::clone(&state));
        let thread = std::thread::Builder::new()
            .name("station replica".into())
            .spawn(move || {
                follow(
                    &station,
                    folder,
                    &name,
                    every,
                    &stop_for_thread,
                    &state_for_thread,
                )
            })
            .ok();
        Follower {
            stop,
            state,
            thread,
        }
    }

    /// Where the copy stands now.
    pub fn state(&self) -> FollowState {
        lock(&self.state).clone()
    }

    /// Stops asking (the copy stays as it is) and waits for the thread.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.halt();
    }
}

fn follow(
    station: &Station,
    folder: PathBuf,
    name: &str,
    every: Duration,
    stop: &AtomicBool,
    state: &Mutex<FollowState>,
) {
    let mut replica = Replica::new(&folder);
    while !stop.load(Ordering::Relaxed) {
        let asked = station
            .ask(
                "replica",
                &json!({ "station": name, "held": replica.held() }),
            )
            .and_then(|answer| {
                serde_json::from_value::<ReplicaChunk>(answer)
                    .map_err(|e| crate::station::unreadable(station.address(), &e.to_string()))
            });
        let (more, problem) = match asked {
            Ok(chunk) => {
                let full = chunk.base.is_some() || chunk.rows.len() >= ROWS_PER_ANSWER;
                let newest = chunk.newest_step;
                match replica.apply(chunk) {
                    Ok(()) => {
                        let mut shown = lock(state);
                        shown.newest = Some(newest);
                        (full, None)
                    }
                    Err(error) => (false, Some(error.to_view())),
                }
            }
            Err(detail) => (false, Some(detail)),
        };
        {
            let mut shown = lock(state);
            shown.file = replica.path().map(|p| p.display().to_string());
            shown.step = replica.held_step();
            shown.problem = problem;
        }
        if !more {
            // Sleeps in short slices, so a stop is heard at once.
            let mut slept = Duration::ZERO;
            while slept < every && !stop.load(Ordering::Relaxed) {
                let slice = Duration::from_millis(50).min(every - slept);
                std::thread::sleep(slice);
                slept += slice;
            }
        }
    }
}

/// Makes this station's copy the event (the main laptop stopped answering): the follower
/// stops, the copy is opened on this laptop's own desk and its summary answered. Refused
/// while the main laptop still answers (never two laptops writing one event) and while
/// there is no copy yet; the copy is left as it is either way.
pub fn take_over(
    station: &Station,
    follower: Follower,
    desk: &Mutex<tablekeeper_commands::desk::Desk>,
) -> Result<serde_json::Value, tablekeeper_commands::ErrorView> {
    use tablekeeper_commands::CommandError;
    use tablekeeper_words::{ErrorKind, msg};
    if station.ask("summary", &serde_json::Value::Null).is_ok() {
        let message = msg!(
            "error.not-allowed.main-answers",
            "the main laptop at {address} still answers; keep working as a station (a takeover is for a main laptop that stopped)",
            address = station.address().to_string()
        );
        return Err(CommandError::input(ErrorKind::NotAllowed, message).to_view());
    }
    let state = follower.state();
    follower.stop();
    let Some(file) = state.file else {
        let message = msg!(
            "error.not-allowed.no-replica",
            "this station holds no copy of the event yet, so it cannot take over; open the main laptop's mirror folder or newest backup instead"
        );
        return Err(CommandError::input(ErrorKind::NotAllowed, message).to_view());
    };
    let mut desk = lock(desk);
    tablekeeper_commands::desk::surface::dispatch(
        &mut desk,
        "open_event",
        serde_json::json!({ "path": file }),
    )
    .map_err(|e| e.to_view())
}
