//! A station's side of its replica (`tablekeeper_commands::session::replica`): a thread that asks the
//! main laptop for what its copy lacks, stores it, and asks again — at once while it is
//! catching up, then every `every`. What it holds is the station's acknowledgement (its
//! next ask says so). The thread stops when told, or when the station leaves.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use serde_json::json;
use tablekeeper_commands::session::replica::{Replica, ReplicaChunk};

use crate::Station;
use crate::shared::lock;

/// Where the station's copy stands, for its own window.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct FollowState {
    /// The copy's file, once written.
    pub file: Option<String>,
    /// The copy's last step, and the main laptop's when it last answered.
    pub step: Option<i64>,
    /// The copy's rows.
    #[serde(skip)]
    pub rows: Option<i64>,
    pub newest: Option<i64>,
    /// Why the last ask or store failed (the copy keeps its last whole state).
    pub problem: Option<tablekeeper_commands::ErrorView>,
    /// Asks answered and stored so far (a caller waiting for a fresh one counts on it).
    #[serde(skip)]
    pub asks: u64,
    /// The main laptop's stations (`ip:port`), as it last said: where this station looks
    /// before and after a takeover.
    #[serde(skip)]
    pub hosts: Vec<String>,
    /// The name this station asks as (it names the takeover in the log).
    #[serde(skip)]
    pub name: String,
}

/// A running follower: stop it with [`Follower::stop`] (or by dropping it).
pub struct Follower {
    stop: Arc<AtomicBool>,
    handle: FollowHandle,
    thread: Option<JoinHandle<()>>,
}

/// What other threads may do with a running follower: read where its copy stands, or have
/// it ask at once and wait for the answer.
#[derive(Clone)]
pub struct FollowHandle {
    state: Arc<Mutex<FollowState>>,
    now: Arc<AtomicBool>,
}

impl FollowHandle {
    /// Where the copy stands now.
    pub fn state(&self) -> FollowState {
        lock(&self.state).clone()
    }

    /// Has the follower ask at once and waits (at most `limit`) until an ask begun after
    /// this call is stored: a station says a change of its own is saved only once its own
    /// copy holds it too.
    pub fn catch_up(&self, limit: Duration) -> FollowState {
        let deadline = std::time::Instant::now() + limit;
        // The ask in progress may have begun before the change: wait for the one after.
        let wanted = lock(&self.state).asks + 2;
        self.now.store(true, Ordering::Relaxed);
        loop {
            let state = self.state();
            if state.asks >= wanted || std::time::Instant::now() >= deadline {
                return state;
            }
            if state.asks + 1 == wanted {
                self.now.store(true, Ordering::Relaxed);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl FollowHandle {
    /// Waits (at most `limit`) until the copy holds `rows` rows: a change this station made
    /// is said saved once its own copy holds it too.
    pub fn hold_rows(&self, rows: i64, limit: Duration) -> FollowState {
        let deadline = std::time::Instant::now() + limit;
        self.now.store(true, Ordering::Relaxed);
        loop {
            let state = self.state();
            if state.rows.is_some_and(|held| held >= rows) || std::time::Instant::now() >= deadline
            {
                return state;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Follower {
    /// Keeps a copy of `station`'s event in `folder`, asking as `name`; after a takeover
    /// this station would share the event on `port` (`None`: the main laptop's port).
    pub fn start(
        station: Station,
        folder: PathBuf,
        name: String,
        port: Option<u16>,
        every: Duration,
    ) -> Follower {
        let stop = Arc::new(AtomicBool::new(false));
        let handle = FollowHandle {
            state: Arc::new(Mutex::new(FollowState {
                name: name.clone(),
                ..FollowState::default()
            })),
            now: Arc::new(AtomicBool::new(false)),
        };
        let (stop_for_thread, for_thread) = (Arc::clone(&stop), handle.clone());
        let thread = std::thread::Builder::new()
            .name("station replica".into())
            .spawn(move || {
                follow(
                    &station,
                    folder,
                    (&name, port),
                    every,
                    &stop_for_thread,
                    &for_thread,
                )
            })
            .ok();
        Follower {
            stop,
            handle,
            thread,
        }
    }

    /// Where the copy stands now.
    pub fn state(&self) -> FollowState {
        self.handle.state()
    }

    /// A handle other threads can keep.
    pub fn handle(&self) -> FollowHandle {
        self.handle.clone()
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
    (name, port): (&str, Option<u16>),
    every: Duration,
    stop: &AtomicBool,
    handle: &FollowHandle,
) {
    let state = &*handle.state;
    let mut replica = Replica::new(&folder);
    while !stop.load(Ordering::Relaxed) {
        // A copy the main laptop answers for is asked about with a short wait: its ask is
        // held there at most a second, so a main laptop frozen or cut off is known within
        // about three (a first copy may be a whole event file, and gets longer).
        let limit = if replica.held_step().is_some() {
            crate::replication::ASK_HELD + IN_STEP_ANSWER
        } else {
            FIRST_COPY_ANSWER
        };
        let asked = station
            .ask_within(
                "replica",
                &json!({ "station": name, "held": replica.held(), "port": port }),
                limit,
            )
            .and_then(|answer| {
                serde_json::from_value::<ReplicaChunk>(answer)
                    .map_err(|e| crate::station::unreadable(station.address(), &e.to_string()))
            });
        let (more, problem) = match asked {
            Ok(chunk) => {
                // Asked again at once after rows (the next ask is the acknowledgement the
                // main laptop's answer waits for) and after an ask it held: one is always
                // waiting there.
                let full = chunk.base.is_some() || !chunk.rows.is_empty() || chunk.waited;
                let newest = chunk.newest_step;
                let hosts = chunk.hosts.clone();
                match replica.apply(chunk) {
                    Ok(()) => {
                        let mut shown = lock(state);
                        shown.newest = Some(newest);
                        shown.hosts = hosts;
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
            shown.rows = replica
                .held_step()
                .and(replica.held().first().map(|h| h.rows));
            shown.problem = problem;
            shown.asks += 1;
        }
        if !more {
            // Sleeps in short slices, so a stop or an ask-at-once is heard at once.
            let mut slept = Duration::ZERO;
            while slept < every
                && !stop.load(Ordering::Relaxed)
                && !handle.now.swap(false, Ordering::Relaxed)
            {
                let slice = Duration::from_millis(50).min(every - slept);
                std::thread::sleep(slice);
                slept += slice;
            }
        }
    }
}

/// The name a station is shown by on the main laptop's Share screen (and names a takeover
/// in the log): the computer's name.
pub fn station_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "Station".into())
}

/// How long past the main laptop's hold an in-step copy's ask may take.
const IN_STEP_ANSWER: Duration = Duration::from_millis(1_500);
/// How long the ask for a first (or a replaced) copy may take: a whole event file.
const FIRST_COPY_ANSWER: Duration = Duration::from_secs(10);

/// How long a takeover listens for another station that took over at the same moment.
pub const SETTLE: Duration = Duration::from_millis(1_500);

/// Makes this station's copy the event (the main laptop stopped answering): the follower
/// stops, the copy is opened on this laptop's own desk, a new epoch begins in its log, and
/// `serve` starts sharing it; then, for [`SETTLE`], the other stations are asked whether one
/// of them took over too — of two at once, one goes on and the other is told where the
/// event went (docs/lan.md, "Never two writers"). Refused while the main laptop still
/// answers, while there is no copy yet, and when another station already carries the event
/// on. The summary.
pub fn take_over(
    station: &Station,
    follower: Follower,
    desk: &Mutex<tablekeeper_commands::desk::Desk>,
    serve: impl FnOnce() -> Result<(), tablekeeper_commands::ErrorView>,
) -> Result<serde_json::Value, tablekeeper_commands::ErrorView> {
    use tablekeeper_commands::CommandError;
    use tablekeeper_commands::desk::surface::dispatch;
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
    dispatch(
        &mut lock(desk),
        "open_event",
        serde_json::json!({ "path": file }),
    )
    .map_err(|e| e.to_view())?;
    carry_on(desk, station.host(), &state.hosts, &state.name, serve)
}

/// Carries the event open on `desk` (a station's copy) on as the main laptop, after the
/// main laptop at `from` stopped answering: the stations it knew (`hosts`) are asked
/// whether one took over first, a new epoch begins in the log (named after this station,
/// `name`), `serve` starts sharing, and for [`SETTLE`] the other stations are asked again.
/// What the app's Take over and the command line's `takeover` both run. The summary.
pub fn carry_on(
    desk: &Mutex<tablekeeper_commands::desk::Desk>,
    from: &str,
    hosts: &[String],
    name: &str,
    serve: impl FnOnce() -> Result<(), tablekeeper_commands::ErrorView>,
) -> Result<serde_json::Value, tablekeeper_commands::ErrorView> {
    use tablekeeper_commands::desk::surface::dispatch;
    {
        let mut desk = lock(desk);
        for host in hosts {
            desk.note_host(host);
        }
    }
    // Another station that already carries the event on: this one joins it instead.
    if let Some(there) = crate::fence::check(desk, Duration::from_millis(700)) {
        return Err(taken_over_by(&there));
    }
    lock(desk)
        .begin_epoch(name, from)
        .map_err(|e| e.to_view())?;
    serve()?;
    let settled = std::time::Instant::now() + SETTLE;
    while std::time::Instant::now() < settled {
        if let Some(there) = crate::fence::check(desk, Duration::from_millis(300)) {
            return Err(taken_over_by(&there));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut desk = lock(desk);
    dispatch(&mut desk, "summary", serde_json::Value::Null).map_err(|e| e.to_view())
}

/// The refusal of a takeover another station made first (or won).
fn taken_over_by(address: &str) -> tablekeeper_commands::ErrorView {
    tablekeeper_commands::CommandError::input(
        tablekeeper_words::ErrorKind::EventMoved,
        tablekeeper_words::msg!(
            "error.event-moved.taken-over-first",
            "the station at {address} took the event over first; join it as a station (this laptop's copy changes nothing)",
            address = address.to_string()
        ),
    )
    .to_view()
}
