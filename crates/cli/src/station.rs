//! `tablekeeper station`: a scorekeeper station without a window. It joins the main laptop,
//! sends each result line read from standard input, and — with `--replica DIR` (or
//! `--mirror DIR`) — keeps the live copy of the main laptop's event in DIR exactly as the
//! app's station does (the same `Follower`, docs/lan.md "The replica"), saying how far the
//! copy is. A result is said saved once the main laptop answered and this station's copy
//! holds it too. With a copy kept, a main laptop that stops answering does not end the run:
//! the line is said not saved, the copy keeps its last whole state and is asked for again,
//! and the station carries on when the main laptop is back.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tablekeeper_commands::CommandError;
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::notice::Notice;
use tablekeeper_lan::{FollowHandle, FollowState, Follower, ServeOptions, Server, Station};
use tablekeeper_words::message::{Message, Param};
use tablekeeper_words::{ErrorKind, msg};

use crate::render;
use crate::serve::{Shared, share_until};

/// How often the copy asks the main laptop for what it lacks (as the app's station).
const REPLICA_EVERY: Duration = Duration::from_secs(1);
/// How long a result waits for this station's copy to hold it (as the app's station).
const COPY_WAIT: Duration = Duration::from_secs(2);
/// How long the last look at the copy waits before the run ends.
const LAST_LOOK: Duration = Duration::from_secs(5);

/// What a station run asks for.
pub struct StationRun {
    pub address: String,
    pub code: String,
    /// Where the live copy of the main laptop's event is kept (`None`: no copy).
    pub replica: Option<PathBuf>,
    /// Keep the copy this long from the start, also after standard input ends.
    pub keep_for: Option<Duration>,
    /// The port this station would share the event on after a takeover (the main laptop
    /// tells phones and stations to look there); `None`: the main laptop's port.
    pub port: Option<u16>,
    pub json: bool,
}

/// Runs the station; the tables saved. With `--json` nothing but the final document is
/// printed: a refused line and the copy's last state become its notices.
pub fn station(run: &StationRun, notices: &mut Vec<Notice>) -> Result<Vec<u32>, CommandError> {
    let started = Instant::now();
    let station = Station::join(&run.address, &run.code).map_err(from_view)?;
    let follower = run.replica.as_ref().map(|folder| {
        Follower::start(
            station.clone(),
            folder.clone(),
            tablekeeper_lan::station_name(),
            run.port,
            REPLICA_EVERY,
        )
    });
    let copy = follower.as_ref().map(Follower::handle);
    let done = Arc::new(AtomicBool::new(false));
    let progress = copy
        .clone()
        .filter(|_| !run.json)
        .map(|copy| show_progress(copy, Arc::clone(&done)));
    let saved = send_lines(run, &station, copy.as_ref(), notices);
    if let (Some(_), Some(keep_for)) = (&copy, run.keep_for) {
        // The copy is kept (and said) until then, also after the last line.
        while started.elapsed() < keep_for {
            let left = keep_for.saturating_sub(started.elapsed());
            std::thread::sleep(Duration::from_millis(50).min(left));
        }
    }
    done.store(true, Ordering::Relaxed);
    if let Some(progress) = progress {
        let _ = progress.join();
    }
    if let Some(copy) = &copy {
        notices.push(copy_held(&copy.catch_up(LAST_LOOK)));
    }
    drop(follower);
    saved
}

/// Where a takeover shares the event, and whom it asks first.
pub struct TakeoverAt {
    pub bind: IpAddr,
    /// `None`: the old main laptop's port, or another one if that is taken here.
    pub port: Option<u16>,
    /// The other stations of the event (`ip:port`): one that already carries the event on
    /// wins, and this copy is told where to join.
    pub stations: Vec<String>,
}

/// How long the main laptop is given to answer, each time it is asked before a takeover.
const MAIN_ANSWERS_WITHIN: Duration = Duration::from_secs(1);
/// How many times it is asked (a second apart): a busy laptop is not taken for a dead one.
const MAIN_ASKED: usize = 3;

/// The main laptop's addresses as `ip:port` (IPv4 first), from what a person types (as
/// `station` reads it: `192.168.1.5:8080`, `http://192.168.1.5:8080/`, a name with a port).
fn main_addresses(typed: &str) -> Result<Vec<std::net::SocketAddr>, CommandError> {
    use std::net::ToSocketAddrs;
    let trimmed = typed.trim().trim_end_matches('/');
    let host = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"))
        .unwrap_or(trimmed);
    let mut found: Vec<std::net::SocketAddr> = host
        .to_socket_addrs()
        .map(Iterator::collect)
        .unwrap_or_default();
    found.sort_by_key(std::net::SocketAddr::is_ipv6);
    (!found.is_empty()).then_some(found).ok_or_else(|| {
            CommandError::input(
                ErrorKind::InvalidRequest,
                msg!(
                    "error.invalid-request.main-address",
                    "'{address}' is not the address of a laptop with its port (192.168.1.5:8080); read it again from the main laptop's Share screen",
                    address = typed.to_string()
                ),
            )
        })
}

/// `tablekeeper takeover`: the station's copy open on `desk` carries the event on after
/// the main laptop at `from` stopped — the same steps as the app's Take over
/// (`tablekeeper_lan::carry_on`) — then is shared until stopped (or for `seconds`).
pub fn takeover(
    desk: Desk,
    typed_from: &str,
    at: TakeoverAt,
    seconds: Option<u64>,
    json: bool,
) -> Result<Shared, CommandError> {
    let addresses = main_addresses(typed_from)?;
    let from = &addresses[0].to_string();
    // The main laptop answers if it answers at any of its addresses.
    let answers = (0..MAIN_ASKED).any(|asked| {
        if asked > 0 {
            std::thread::sleep(Duration::from_secs(1));
        }
        addresses.iter().any(|address| {
            tablekeeper_lan::whereabouts_at(&address.to_string(), MAIN_ANSWERS_WITHIN).is_some()
        })
    });
    if answers {
        return Err(CommandError::input(
            ErrorKind::NotAllowed,
            msg!(
                "error.not-allowed.main-answers",
                "the main laptop at {address} still answers; keep working as a station (a takeover is for a main laptop that stopped)",
                address = from.to_string()
            ),
        ));
    }
    let mut desk = desk;
    // What the app's confirmation says: the event, and the last step this copy holds.
    let event = desk.summary(())?.name;
    let step = desk.session()?.last_step();
    if !json {
        let message = msg!(
            "takeover.taking",
            "Taking {name} over from the main laptop at {from}: this copy holds step {step}.",
            name = event,
            from = from.to_string(),
            step = step.to_string()
        );
        println!("{}", render::say(&message));
        // The main laptop may only be cut off from this one (two laptops cannot tell):
        // what that would cost, and what to do (docs/lan.md, "Saved means saved where the
        // event goes on").
        let warning = msg!(
            "takeover.cut-off",
            "If the main laptop at {from} is still running, only cut off from this one, results entered there after step {step} are not in this copy: switch it off or unplug it, and enter those results again here (it does not say them saved while it cannot reach this station).",
            from = from.to_string(),
            step = step.to_string()
        );
        println!("{}", render::say(&warning));
    }
    let desk = Arc::new(Mutex::new(desk));
    let old_port = from
        .rsplit(':')
        .next()
        .and_then(|port| port.parse::<u16>().ok());
    let mut started = None;
    let serve = || {
        let start = |port| {
            Server::start(
                Arc::clone(&desk),
                ServeOptions {
                    bind: at.bind,
                    port,
                },
            )
        };
        let server = match (at.port, old_port) {
            (Some(port), _) => start(port),
            // The old port, which the station announced by default: the phones come back
            // there by themselves, and a cut-off main laptop asks there whether the event
            // went on — served anywhere else, it would read a refusal there as "nobody
            // carries it on" and say saved (decision 91). Taken, it is refused in words.
            (None, Some(port)) => start(port),
            (None, None) => start(0),
        }
        .map_err(|e| CommandError::from(e).to_view())?;
        started = Some(server);
        Ok(())
    };
    let name = tablekeeper_lan::station_name();
    tablekeeper_lan::carry_on(&desk, from, &at.stations, &name, serve).map_err(from_view)?;
    let server = started.ok_or_else(|| {
        CommandError::input(
            ErrorKind::Internal,
            msg!(
                "error.internal",
                "{detail}",
                detail = "the takeover did not share the event".to_string()
            ),
        )
    })?;
    Ok(share_until(server, desk, seconds, json))
}

/// Sends each result line of standard input; the tables saved.
fn send_lines(
    run: &StationRun,
    station: &Station,
    copy: Option<&FollowHandle>,
    notices: &mut Vec<Notice>,
) -> Result<Vec<u32>, CommandError> {
    let mut saved = Vec::new();
    let mut say = |message: Message, refused_line: Option<&str>| {
        if run.json {
            if let Some(line) = refused_line {
                notices.push(msg!(
                    "station.line-refused",
                    "'{line}' was not saved: {reason}",
                    line = line.to_string(),
                    reason = Param::message(&message)
                ));
            }
        } else {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", render::say(&message));
            let _ = out.flush();
        }
    };
    for line in std::io::stdin().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (table, result) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let Ok(table) = table.parse::<u32>() else {
            let message = msg!(
                "station.not-a-line",
                "'{line}' is not a table and a result (3 2-1)",
                line = line.to_string()
            );
            say(message, Some(line));
            continue;
        };
        let request = serde_json::json!({ "round": null, "table": table, "result": result.trim(), "replace": false, "override_reason": null });
        match station.call_counted("record_result", &request) {
            Ok(answer) => {
                // Said saved once this station's copy holds the change too (bounded).
                if let (Some(copy), Some(rows)) = (copy, answer.rows) {
                    copy.hold_rows(rows, COPY_WAIT);
                }
                saved.push(table);
                say(
                    msg!("station.saved", "saved table {table}", table = table),
                    None,
                );
            }
            // Without a copy to keep, a main laptop gone ends the run.
            Err(error) if error.kind == ErrorKind::ConnectionLost && copy.is_none() => {
                return Err(from_view(error));
            }
            Err(error) => say(from_view(error).message(), Some(line)),
        }
    }
    Ok(saved)
}

/// Says how far the copy is each time that changes (not with `--json`).
fn show_progress(copy: FollowHandle, done: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut said: Option<(Option<i64>, Option<i64>, bool)> = None;
        while !done.load(Ordering::Relaxed) {
            let state = copy.state();
            let now = (state.step, state.newest, state.problem.is_some());
            if said != Some(now) && (state.step.is_some() || state.problem.is_some()) {
                let message = match &state.problem {
                    Some(problem) => msg!(
                        "station.copy-waiting",
                        "the copy holds step {step}; the main laptop does not answer ({problem}); asking again",
                        step = step_text(state.step),
                        problem = problem.message.clone()
                    ),
                    None => copy_held(&state),
                };
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "{}", render::say(&message));
                let _ = out.flush();
                said = Some(now);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
}

/// Where the copy stands, in words.
fn copy_held(state: &FollowState) -> Message {
    msg!(
        "station.copy-held",
        "the copy {file} holds step {step} (the main laptop's newest: {newest})",
        file = state.file.clone().unwrap_or_else(|| "—".into()),
        step = step_text(state.step),
        newest = step_text(state.newest)
    )
}

fn step_text(step: Option<i64>) -> String {
    step.map_or_else(|| "—".to_string(), |s| s.to_string())
}

fn from_view(view: tablekeeper_commands::ErrorView) -> CommandError {
    let message = Message {
        key: view.key,
        params: view.params,
        text: view.message,
    };
    CommandError::input(view.kind, message)
}
