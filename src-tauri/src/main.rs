//! Tablekeeper's desktop app: the composition root of the Tauri shell.
//!
//! The shell has one command, `call`: it runs a command of the command surface
//! (`tablekeeper_commands::desk::surface`) by name on the open event, off the window's
//! thread, so the window never freezes while a file is synced or a PDF is drawn, and answers
//! `{ data, notices }` (the command's answer and the desk's notices after it). The only
//! things the shell adds are opening a written PDF in the system's viewer (`viewer.rs`; the
//! commands the surface marks `viewer`) and opening the
//! event file the app was started with (a double-clicked `.tkevent`). Errors reach the UI as
//! `ErrorView` (kind, message key and parameters).
//!
//! `share` turns the LAN server (`tablekeeper_lan`) on or off for the open event; it is a
//! host's switch, not a command of the surface. Sharing stops when the event is closed or
//! another one is opened.
//!
//! The window is told when the desk changes (`desk-changed`, from a thread that waits on the
//! desk's revision), so no screen asks again and again.
//!
//! `join_station` makes this app a second scorekeeper station of another laptop's shared
//! event: from then on `call` sends every command the surface lets a station run to that
//! laptop (which commits it before answering), and refuses the main laptop's own (`local`)
//! commands; `leave_station` comes back to this laptop's own event.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tablekeeper_commands::desk::surface::Answered;
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_commands::{CommandError, ErrorView};
use tablekeeper_words::ErrorKind;
use tauri::Manager;

mod renderer;
mod selftest;
mod viewer;
#[cfg(windows)]
mod webview;
mod window_size;

type Shared = Arc<Mutex<Desk>>;

/// Runs `work` on a blocking thread, so the window keeps handling input while a file is
/// synced, a PDF drawn or the main laptop asked; a thread that could not finish is an `io`
/// error.
async fn off_the_window<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ErrorView> + Send + 'static,
) -> Result<T, ErrorView> {
    tauri::async_runtime::spawn_blocking(work)
        .await
        .map_err(|e| {
            CommandError::Io {
                path: String::new(),
                detail: e.to_string(),
            }
            .to_view()
        })?
}

/// With `TABLEKEEPER_TRACE_SLOW` set (the e2e measurement sets it), commands that took
/// over 50 ms are written to standard error with the time spent waiting for the desk.
fn trace_slow(name: &str, waited: std::time::Duration, ran: std::time::Duration) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let on = *ON.get_or_init(|| std::env::var_os("TABLEKEEPER_TRACE_SLOW").is_some());
    if on && waited + ran > std::time::Duration::from_millis(50) {
        eprintln!(
            "tablekeeper: slow command {name}: waited {:.1} ms, ran {:.1} ms",
            waited.as_secs_f64() * 1000.0,
            ran.as_secs_f64() * 1000.0
        );
    }
}

/// The LAN server while the event is shared.
#[derive(Default)]
struct Sharing(Mutex<Option<tablekeeper_lan::Server>>);

/// The main laptop this app is a station of, if any, and the thread keeping this laptop's
/// copy of its event (docs/lan.md, "The replica").
#[derive(Default)]
struct StationLink(Mutex<Option<Linked>>);

struct Linked {
    station: tablekeeper_lan::Station,
    follower: tablekeeper_lan::Follower,
}

/// The link to `station` with its replica followed into `Station replicas/` in this
/// laptop's documents folder.
fn linked(station: tablekeeper_lan::Station, desk: &Mutex<Desk>) -> Linked {
    let folder = desk
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .default_folder()
        .join("Station replicas");
    let follower = tablekeeper_lan::Follower::start(
        station.clone(),
        folder,
        tablekeeper_lan::station_name(),
        None,
        REPLICA_EVERY,
    );
    Linked { station, follower }
}

/// How long a station's change waits for its own copy to hold it.
const STATION_COPY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// How often a station asks for what its copy lacks.
const REPLICA_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Joins another laptop's shared event as a scorekeeper station; its event's summary.
#[tauri::command]
async fn join_station(
    desk: tauri::State<'_, Shared>,
    link: tauri::State<'_, Arc<StationLink>>,
    sharing: tauri::State<'_, Arc<Sharing>>,
    address: String,
    code: String,
) -> Result<Value, ErrorView> {
    let desk = Arc::clone(&desk);
    let link = Arc::clone(&link);
    let sharing = Arc::clone(&sharing);
    off_the_window(move || {
        // A station shares nothing itself.
        stop_sharing(&sharing);
        let station = tablekeeper_lan::Station::join(&address, &code)?;
        let summary = station.call("summary", &Value::Null)?;
        *link.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(linked(station, &desk));
        Ok(summary)
    })
    .await
}

/// Stops being a station: this laptop's own event (if any) is shown again. Its copy of the
/// main laptop's event stays in `Station replicas/`.
#[tauri::command]
async fn leave_station(link: tauri::State<'_, Arc<StationLink>>) -> Result<(), ErrorView> {
    let link = Arc::clone(&link);
    // The follower's thread is joined off the window's thread.
    off_the_window(move || {
        let linked = link.0.lock().unwrap_or_else(|p| p.into_inner()).take();
        drop(linked);
        Ok(())
    })
    .await
}

/// Opens the folder holding `path` (a file the app wrote) in the file manager: where the
/// round's sheets are when no viewer opened them. `false` when none could be started.
#[tauri::command]
fn show_in_folder(path: String) -> bool {
    std::path::Path::new(&path)
        .parent()
        .and_then(|folder| folder.to_str())
        .is_some_and(viewer::open)
}

/// Where this station's copy of the main laptop's event stands (`null`: not a station).
#[tauri::command]
fn station_copy(link: tauri::State<'_, Arc<StationLink>>) -> Option<tablekeeper_lan::FollowState> {
    link.0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .map(|linked| linked.follower.state())
}

/// Makes this station's copy the event, once the main laptop stopped answering; this
/// laptop is then the main laptop and shares the event on the main laptop's port, where
/// phones find it by themselves. The summary.
#[tauri::command]
async fn take_over(
    desk: tauri::State<'_, Shared>,
    link: tauri::State<'_, Arc<StationLink>>,
    sharing: tauri::State<'_, Arc<Sharing>>,
) -> Result<Value, ErrorView> {
    let desk = Arc::clone(&desk);
    let link = Arc::clone(&link);
    let sharing = Arc::clone(&sharing);
    off_the_window(move || {
        let Some(current) = link.0.lock().unwrap_or_else(|p| p.into_inner()).take() else {
            return Err(surface::not_run_here("take_over").to_view());
        };
        let station = current.station.clone();
        let port = station.port();
        let serve = || start_sharing(&desk, &sharing, port).map(|_| ());
        match tablekeeper_lan::take_over(&current.station, current.follower, &desk, serve) {
            Ok(summary) => Ok(summary),
            // Another station carries the event on: this copy stays open, refusing
            // changes, and says where to join.
            Err(moved) if moved.kind == ErrorKind::EventMoved => {
                stop_sharing(&sharing);
                Err(moved)
            }
            Err(refused) => {
                // Still a station: the copy is followed again.
                *link.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(linked(station, &desk));
                Err(refused)
            }
        }
    })
    .await
}

/// What the Share screen shows while sharing.
#[derive(serde::Serialize)]
struct ShareState {
    #[serde(flatten)]
    view: tablekeeper_lan::ShareView,
    local_url: String,
}

/// What a change at this desk waits on while the event is shared (`None`: not shared).
fn waiter(sharing: &Sharing) -> Option<tablekeeper_lan::Waiter> {
    sharing
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .map(tablekeeper_lan::Server::waiter)
}

fn stop_sharing(sharing: &Sharing) {
    let server = sharing.0.lock().unwrap_or_else(|p| p.into_inner()).take();
    // Outside every lock: a worker may be waiting for the desk.
    if let Some(server) = server {
        // The server clears the desk's players' page itself.
        server.stop();
    }
}

/// Starts sharing on `port` (`on: true`; a running server is kept), stops (`on: false`), or
/// only says whether the event is shared (`on: null`).
#[tauri::command]
async fn share(
    desk: tauri::State<'_, Shared>,
    sharing: tauri::State<'_, Arc<Sharing>>,
    on: Option<bool>,
    port: Option<u16>,
) -> Result<Option<ShareState>, ErrorView> {
    let desk = Arc::clone(&desk);
    let sharing = Arc::clone(&sharing);
    off_the_window(move || {
        if on == Some(false) {
            stop_sharing(&sharing);
            return Ok(None);
        }
        let mut slot = sharing.0.lock().unwrap_or_else(|p| p.into_inner());
        // A server that stopped by itself is replaced when sharing is turned on again.
        if on == Some(true)
            && slot.as_ref().is_some_and(|s| s.failure().is_some())
            && let Some(failed) = slot.take()
        {
            failed.stop();
        }
        drop(slot);
        if on == Some(true) {
            return start_sharing(&desk, &sharing, port.unwrap_or(8080)).map(Some);
        }
        let slot = sharing.0.lock().unwrap_or_else(|p| p.into_inner());
        Ok(slot.as_ref().map(|server| ShareState {
            view: server.share_view(),
            local_url: server.local_url(),
        }))
    })
    .await
}

/// Shares the desk's event on `port` (a running server is kept); what the Share screen shows.
fn start_sharing(desk: &Shared, sharing: &Sharing, port: u16) -> Result<ShareState, ErrorView> {
    let mut slot = sharing.0.lock().unwrap_or_else(|p| p.into_inner());
    if slot.is_none() {
        let options = tablekeeper_lan::ServeOptions::network(port);
        // The server gives the desk the players' page: the wall pairings printed from now
        // on carry the address and its QR code.
        let server = tablekeeper_lan::Server::start(Arc::clone(desk), options)
            .map_err(|e| CommandError::from(e).to_view())?;
        *slot = Some(server);
    }
    let server = slot
        .as_ref()
        .ok_or_else(|| surface::not_run_here("share").to_view())?;
    Ok(ShareState {
        view: server.share_view(),
        local_url: server.local_url(),
    })
}

/// Whether `name` is quick enough to run on the window's own thread: at most one small
/// synced write, never the network (the surface's `thread` column says `Here`). Answering
/// from that thread saves the hop back to it, which on this 2-core machine cost up to a
/// frame at the tail of every result entry (round 10 of a 1024-player event: p99 15–18 ms
/// this way against 24–31 ms through a worker).
fn runs_here(name: &str) -> bool {
    surface::spec(name).is_some_and(|spec| spec.thread == surface::Thread::Here)
}

/// [`call`] for the commands of [`runs_here`], on the window's thread, when the desk is free
/// this moment (a print or an export holding it must not freeze the window). Anything else
/// is refused with `not-allowed` and the UI runs it through [`call`]: other commands, a
/// busy desk, and everything while this app is a station (its commands go over the network).
#[tauri::command]
fn call_here(
    desk: tauri::State<'_, Shared>,
    link: tauri::State<'_, Arc<StationLink>>,
    sharing: tauri::State<'_, Arc<Sharing>>,
    name: String,
    request: Value,
    event: Option<PathBuf>,
) -> Result<Answered, ErrorView> {
    let refused = || surface::not_run_here(&name).to_view();
    let station = link.0.lock().unwrap_or_else(|p| p.into_inner()).is_some();
    // A change waits for the stations in step: never on the window's thread.
    let followed = waiter(&sharing).is_some_and(|w| w.followed());
    if station || followed || !runs_here(&name) {
        return Err(refused());
    }
    let asked = std::time::Instant::now();
    let guard = match desk.try_lock() {
        Ok(guard) => guard,
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return Err(refused()),
    };
    dispatch_held(guard, asked, event.as_deref(), &name, request)
}

/// Runs `name` on the desk held by `guard` (asked for at `asked`, for the slow-command
/// trace), for the `event` the window's screen shows.
fn dispatch_held(
    mut guard: std::sync::MutexGuard<'_, Desk>,
    asked: std::time::Instant,
    event: Option<&std::path::Path>,
    name: &str,
    request: Value,
) -> Result<Answered, ErrorView> {
    let started = std::time::Instant::now();
    let answer = surface::dispatch_for(&mut guard, event, name, request);
    trace_slow(name, started - asked, started.elapsed());
    answer.map_err(|e| e.to_view())
}

/// Runs command `name` with `request` on a worker thread, for the `event` the window's
/// screen shows (its file; an event's command runs on it, whichever event is active). A
/// poisoned lock (a panic in an earlier command) is recovered: the desk's state is the
/// event file, which every command re-validates.
#[tauri::command]
async fn call(
    desk: tauri::State<'_, Shared>,
    link: tauri::State<'_, Arc<StationLink>>,
    sharing: tauri::State<'_, Arc<Sharing>>,
    name: String,
    request: Value,
    event: Option<PathBuf>,
) -> Result<Answered, ErrorView> {
    let desk = Arc::clone(&desk);
    let link = Arc::clone(&link);
    let sharing = Arc::clone(&sharing);
    off_the_window(move || {
        let wants_viewer = surface::spec(&name)
            .is_some_and(|spec| spec.hosted(surface::Hosting::Viewer))
            && request
                .get("open")
                .and_then(Value::as_bool)
                .unwrap_or(false);
        let station = link
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .map(|linked| (linked.station.clone(), linked.follower.handle()));
        let mut answered = match station {
            // The main laptop's notices are its scorekeeper's; a station has none of its own.
            Some((station, copy)) => {
                let answer = station.run_for_app_counted(&desk, &name, request)?;
                // A change made here is said saved once this laptop's copy holds it too
                // (bounded: a slow copy never holds the station up for long). The main
                // laptop's answer carries its log's rows, so nothing is asked after it; it
                // answered once its stations in step held the change, so this is at once.
                let changed =
                    surface::spec(&name).is_some_and(|spec| spec.effect == surface::Effect::Event);
                let rows = match answer.rows {
                    Some(rows) => Some(rows),
                    // A main laptop of an earlier version says no rows: asked, as it was.
                    None if changed => station
                        .ask("whereabouts", &Value::Null)
                        .ok()
                        .and_then(|there| there.get("rows").and_then(Value::as_i64)),
                    None => None,
                };
                if let Some(rows) = rows {
                    copy.hold_rows(rows, STATION_COPY_WAIT);
                }
                Answered {
                    data: answer.data,
                    notices: Vec::new(),
                }
            }
            None => {
                // Sharing survives opening, creating and closing events: the server
                // follows the desk (the shared event while open, else the active one).
                let asked = std::time::Instant::now();
                let guard = desk.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                let answered = dispatch_held(guard, asked, event.as_deref(), &name, request)?;
                // Said saved once the stations in step hold it too (at most 2 s); not at all
                // when a station took the event over meanwhile.
                if surface::spec(&name).is_some_and(|spec| spec.effect == surface::Effect::Event)
                    && let Some(waiter) = waiter(&sharing)
                {
                    waiter.changed_here().map_err(|moved| moved.to_view())?;
                }
                answered
            }
        };
        if wants_viewer {
            // A viewer that cannot start is reported, not an error: the file is written and
            // the UI shows where.
            let opened = answered
                .data
                .get("path")
                .and_then(Value::as_str)
                .is_some_and(viewer::open);
            answered.data["opened"] = Value::Bool(opened);
        }
        Ok(answered)
    })
    .await
}

/// What the window is told when the desk changed: the desk's revision, and whether the
/// quick commands may run on the window's own thread now (`call_here`: not while this app is
/// a station, nor while stations follow and a change waits for them), so the window sends
/// each command once, to the right place.
#[derive(Clone, PartialEq, serde::Serialize)]
struct DeskChanged {
    revision: u64,
    here: bool,
}

/// How long the watcher waits for a change before it looks at what the desk's revision does
/// not count: a station's copy that grew (the main laptop changed), stations that began or
/// stopped following.
const LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Tells the window (`desk-changed`) each time the desk changes, whoever changed it (this
/// window, a phone, a station), and when this station's copy of the main laptop's event
/// grows: the screens read what they show then, instead of asking every second.
fn tell_the_window_of_changes(
    handle: tauri::AppHandle,
    changes: tablekeeper_commands::desk::changes::Changes,
    sharing: Arc<Sharing>,
    link: Arc<StationLink>,
) {
    use tauri::Emitter;
    let watch = move || {
        let mut seen = changes.revision();
        let mut told = None;
        loop {
            seen = changes.wait_past(seen, LOOK_EVERY);
            let copy = link
                .0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .as_ref()
                .map(|linked| {
                    let state = linked.follower.state();
                    (state.rows, state.problem.is_some())
                });
            let here = copy.is_none() && !waiter(&sharing).is_some_and(|w| w.followed());
            let now = (
                DeskChanged {
                    revision: seen,
                    here,
                },
                copy,
            );
            if told.as_ref() != Some(&now) {
                // A window not there yet or gone misses nothing it needs: each screen reads
                // what it shows when it opens.
                let _ = handle.emit("desk-changed", now.0.clone());
                told = Some(now);
            }
        }
    };
    if let Err(error) = std::thread::Builder::new()
        .name("desk-changes".into())
        .spawn(watch)
    {
        eprintln!("Tablekeeper: the window will not be told of changes: {error}");
    }
}

/// Folders: `TABLEKEEPER_HOME` (tests, portable installs) or the platform's app data and
/// documents folders.
fn folders(app: &tauri::App) -> (PathBuf, PathBuf) {
    if let Some(home) = std::env::var_os("TABLEKEEPER_HOME") {
        let home = PathBuf::from(home);
        return (home.join("app-data"), home.join("events"));
    }
    let paths = app.path();
    let data = paths
        .app_data_dir()
        .unwrap_or_else(|_| std::env::temp_dir().join("tablekeeper"));
    let documents = paths
        .document_dir()
        .or_else(|_| paths.home_dir())
        .map(|d| d.join("Tablekeeper"))
        .unwrap_or_else(|_| data.join("events"));
    (data, documents)
}

/// The event file the desktop asked to open (Linux `%f`, Windows `"%1"`: the first
/// argument); other arguments are ignored.
fn launch_file() -> Option<PathBuf> {
    std::env::args_os()
        .skip(1)
        .map(PathBuf::from)
        .find(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tkevent"))
        })
        .and_then(|p| std::path::absolute(p).ok())
}

fn main() {
    renderer::choose();
    tablekeeper_commands::names::set_print_check(tablekeeper_print::unprintable);
    // Headless checks run before Tauri: they need no display and no WebView2.
    if std::env::args_os().skip(1).any(|a| a == "--selftest") {
        let mut out = std::io::stdout().lock();
        match selftest::run(&mut out) {
            Ok(()) => std::process::exit(0),
            Err((step, why)) => {
                use std::io::Write;
                let _ = writeln!(out, "failed {step}: {why}");
                std::process::exit(1);
            }
        }
    }
    // Without the WebView2 runtime no window can open: the shop is told in its own words.
    #[cfg(windows)]
    if !webview::ready() {
        std::process::exit(2);
    }
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let (data, documents) = folders(app);
            let mut desk = Desk::new(data, documents)
                .with_printer(tablekeeper_print::job::render_request)
                .with_season_printer(tablekeeper_print::job::render_season)
                .with_picture_printer(tablekeeper_print::job::render_pictures)
                .with_pdf_merger(tablekeeper_print::job::merge_sheets);
            if let Some(path) = launch_file() {
                desk.open_at_start(&path);
            }
            let changes = desk.changes();
            let desk: Shared = Arc::new(Mutex::new(desk));
            // Never two writers: the open event's stations are asked every few seconds
            // whether one of them took it over (then this laptop refuses every change).
            app.manage(tablekeeper_lan::Fence::start(
                Arc::clone(&desk),
                std::time::Duration::from_secs(3),
            ));
            app.manage::<Shared>(desk);
            let sharing = Arc::new(Sharing::default());
            let link = Arc::new(StationLink::default());
            app.manage(Arc::clone(&sharing));
            app.manage(Arc::clone(&link));
            tell_the_window_of_changes(app.handle().clone(), changes, sharing, link);
            if let Some(window) = app.get_webview_window("main") {
                window_size::fit(&window);
            }
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            call,
            call_here,
            share,
            join_station,
            leave_station,
            station_copy,
            take_over,
            show_in_folder
        ])
        .build(tauri::generate_context!());
    let app = match result {
        Ok(app) => app,
        Err(error) => {
            eprintln!("Tablekeeper could not start: {error}");
            std::process::exit(1);
        }
    };
    app.run(|handle, event| {
        // macOS hands a double-clicked file to the running app instead of argv.
        #[cfg(target_os = "macos")]
        if let tauri::RunEvent::Opened { urls } = event {
            use tauri::Emitter;
            for url in urls {
                if let Ok(path) = url.to_file_path() {
                    let desk = handle.state::<Shared>();
                    let mut guard = desk.lock().unwrap_or_else(|p| p.into_inner());
                    guard.open_at_start(&path);
                    let _ = handle.emit("event-opened", path.display().to_string());
                }
            }
        }
        #[cfg(not(target_os = "macos"))]
        let _ = (handle, event);
    });
}
