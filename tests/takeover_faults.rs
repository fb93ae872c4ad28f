//! The takeover under faults, seeded and replayable (docs/lan.md, "Never two writers"). Each
//! run is a 64-player round on loopback, every laptop a process of the command line: the
//! main laptop (`serve`), a station keeping the live copy (`station --replica`), the desk
//! entering results through the main laptop, and phones reporting with their players' codes.
//! The laptops reach each other, and the phones reach the laptops, through relays of this
//! test's own that can delay, drop and cut connections. At a random moment one fault strikes:
//!
//! - the main laptop is killed (SIGKILL), and the organizer takes over on the station;
//! - the main laptop freezes (SIGSTOP) for 5 s and the organizer takes over meanwhile; it
//!   then wakes (SIGCONT) not knowing it;
//! - the main laptop freezes for 5 s and wakes before anyone takes over;
//! - every link is 1 s slower for 3 s;
//! - one connection in five is dropped, all run long;
//! - the station is killed;
//! - the laptops are cut from each other while the phones reach both; the organizer takes
//!   over on the station, and the network heals later.
//!
//! Takeovers are made as an organizer makes them: the station is stopped once it says the
//! main laptop does not answer, then `tablekeeper takeover COPY --from ADDR`. After each run,
//! checked from the files alone: every result any device was told was saved is in the final
//! main laptop's event exactly once, no result is there twice, and the old main laptop's
//! file and the new one hold the same rows up to the takeover's epoch, a cut-off main
//! laptop gives way once the network heals, and after healing a station of the laptop that
//! carries the event on holds the same log (checksum chain) as the event. The run's seed is
//! printed; `TK_FAULT_SEED=S TK_FAULT_RUNS=1` replays it.
//!
//! `cargo test` runs [`DEFAULT_RUNS`] runs; the long run (`-- --ignored`) runs 200 and prints
//! the figures docs/benchmarks.md quotes. Unix only: a frozen laptop is SIGSTOP, which
//! Windows has no counterpart of (the same code runs there; its takeover is tested under
//! Wine by the lan crate's tests).

#![cfg(unix)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

#[path = "support/event_files.rs"]
mod event_files;

use event_files::event_file_in;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
const PLAYERS: u32 = 64;
const TABLES: u32 = PLAYERS / 2;
/// Runs in `cargo test`.
const DEFAULT_RUNS: u64 = 20;
/// Runs in the long run.
const LONG_RUNS: u64 = 200;
/// The first seed (each run's seed is this plus its number).
const FIRST_SEED: u64 = 20_261_207;
/// How long a frozen main laptop stays frozen.
const FROZEN: Duration = Duration::from_secs(5);
/// When the second half of the phones' reports begin, from the run's start (every fault
/// has struck by then).
const AFTER_THE_FAULT: Duration = Duration::from_millis(2_500);
/// How long a phone waits for an answer before it tries another laptop.
const PHONE_PATIENCE: Duration = Duration::from_secs(3);

// ---------------------------------------------------------------------------------------
// The relays between the laptops and the phones.

/// What a relay does to the connections through it now.
#[derive(Debug, Default, Clone, Copy)]
struct Weather {
    /// Added to every chunk each way.
    delay: Duration,
    /// New connections dropped, per thousand.
    drop_per_mille: u32,
    /// Cut: nothing passes either way (new connections are taken and left silent, as a
    /// pulled cable or a network that isolates its devices leaves them), until healed.
    cut: bool,
}

/// A TCP relay on loopback to `target`, with weather of its own.
struct Relay {
    port: u16,
    weather: Arc<Mutex<Weather>>,
    stop: Arc<AtomicBool>,
}

impl Relay {
    fn to(target: u16, seed: u64) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a relay on loopback");
        let port = listener.local_addr().expect("address").port();
        listener.set_nonblocking(true).expect("nonblocking");
        let weather = Arc::new(Mutex::new(Weather::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (weather_here, stop_here) = (Arc::clone(&weather), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut rng = StdRng::seed_from_u64(seed);
            while !stop_here.load(Ordering::Relaxed) {
                let client = match listener.accept() {
                    Ok((client, _)) => client,
                    Err(_) => {
                        std::thread::sleep(Duration::from_millis(5));
                        continue;
                    }
                };
                let now = *weather_here.lock().expect("weather");
                if now.cut {
                    let weather = Arc::clone(&weather_here);
                    std::thread::spawn(move || {
                        let _silent = client;
                        let until = Instant::now() + Duration::from_secs(30);
                        while weather.lock().expect("weather").cut && Instant::now() < until {
                            std::thread::sleep(Duration::from_millis(50));
                        }
                    });
                    continue;
                }
                if rng.random_range(0..1000) < now.drop_per_mille {
                    drop(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else {
                    continue;
                };
                let _ = client.set_nonblocking(false);
                pipe(&client, &server, &weather_here, &stop_here);
                pipe(&server, &client, &weather_here, &stop_here);
            }
        });
        Relay {
            port,
            weather,
            stop,
        }
    }

    fn set(&self, weather: Weather) {
        *self.weather.lock().expect("weather") = weather;
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Copies `from` to `to`, each chunk after the relay's delay; a side that ends ends both.
fn pipe(from: &TcpStream, to: &TcpStream, weather: &Arc<Mutex<Weather>>, stop: &Arc<AtomicBool>) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    let _ = from.set_read_timeout(Some(Duration::from_millis(100)));
    let (send, delayed) = mpsc::channel::<(Instant, Vec<u8>)>();
    let (weather, stop) = (Arc::clone(weather), Arc::clone(stop));
    std::thread::spawn(move || {
        let mut buffer = [0u8; 16 * 1024];
        loop {
            if weather.lock().expect("weather").cut {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            match from.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let due = Instant::now() + weather.lock().expect("weather").delay;
                    if send.send((due, buffer[..n].to_vec())).is_err() {
                        break;
                    }
                }
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut =>
                {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    });
    std::thread::spawn(move || {
        for (due, bytes) in delayed {
            std::thread::sleep(due.saturating_duration_since(Instant::now()));
            if to.write_all(&bytes).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}

// ---------------------------------------------------------------------------------------
// The laptops: processes of the command line.

/// The event every run starts from: created, 64 players, round 1 paired, and every
/// player's code (made with the main laptop's own secret, in its app folder).
struct Template {
    dir: tempfile::TempDir,
    codes: BTreeMap<u32, String>,
    seats: Vec<(u32, u32, u32)>,
}

fn cli(home: &Path, args: &[&str]) -> Value {
    let output = Command::new(BIN)
        .arg("--json")
        .args(args)
        .env("TABLEKEEPER_HOME", home)
        .env("LANG", "en_US.UTF-8")
        .stdin(Stdio::null())
        .output()
        .expect("run tablekeeper");
    let reply: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    assert_eq!(reply["ok"], true, "{args:?}: {reply}");
    reply["data"].clone()
}

impl Template {
    fn new() -> Template {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().join("main");
        let file = dir.path().join("night.tkevent");
        let f = file.to_str().expect("utf-8");
        cli(
            &home,
            &[
                "create",
                f,
                "--name",
                "Night",
                "--ruleset",
                "bandai",
                "--rounds",
                "5",
            ],
        );
        let csv = dir.path().join("players.csv");
        let names: String = (1..=PLAYERS).map(|n| format!("Player {n}\n")).collect();
        std::fs::write(&csv, format!("name\n{names}")).expect("players");
        cli(&home, &["import-players", f, csv.to_str().expect("utf-8")]);
        let pairings = cli(&home, &["pair", f]);
        let seats = pairings["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .filter_map(|t| {
                Some((
                    u32::try_from(t["table"].as_u64()?).ok()?,
                    u32::try_from(t["a"]["player"].as_u64()?).ok()?,
                    u32::try_from(t["b"]["player"].as_u64()?).ok()?,
                ))
            })
            .collect::<Vec<_>>();
        assert_eq!(seats.len(), TABLES as usize, "{pairings}");
        let codes = (1..=PLAYERS)
            .map(|p| {
                let ticket = cli(&home, &["ticket", f, &p.to_string()]);
                (p, ticket["code"].as_str().expect("code").to_string())
            })
            .collect();
        Template { dir, codes, seats }
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("read").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// A running laptop (a process), its lines read as they come.
struct Laptop {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<(Instant, String)>,
}

impl Laptop {
    fn start(home: &Path, args: &[&str]) -> Laptop {
        let mut child = Command::new(BIN)
            .args(args)
            .env("TABLEKEEPER_HOME", home)
            .env("LANG", "en_US.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tablekeeper");
        let stdin = child.stdin.take();
        let out = child.stdout.take().expect("stdout");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if send.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Laptop {
            child,
            stdin,
            lines,
        }
    }

    /// The next line that `wanted` picks, within `limit`.
    fn wait_for<T>(
        &self,
        limit: Duration,
        mut wanted: impl FnMut(&str) -> Option<T>,
        seen: &mut Vec<(Instant, String)>,
    ) -> Option<(Instant, T)> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, line) = self.lines.recv_timeout(left).ok()?;
            let found = wanted(&line);
            seen.push((at, line));
            if let Some(found) = found {
                return Some((at, found));
            }
        }
    }

    fn send(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "{line}");
            let _ = stdin.flush();
        }
    }

    fn signal(&self, signal: &str) {
        let _ = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status();
    }

    fn kill(&mut self) {
        self.signal("-CONT");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Every line said so far (and until the process ends, at most `limit`).
    fn drain(&self, limit: Duration, into: &mut Vec<(Instant, String)>) {
        let deadline = Instant::now() + limit;
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            into.push(line);
        }
    }
}

impl Drop for Laptop {
    fn drop(&mut self) {
        self.kill();
    }
}

// ---------------------------------------------------------------------------------------
// The phones.

/// One HTTP call from a phone, with a phone's patience; the JSON answer, or `None` when
/// nothing (whole) came back.
fn phone_call(port: u16, path: &str, body: &str) -> Option<(u16, Value)> {
    let to = SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&to, Duration::from_secs(1)).ok()?;
    stream.set_read_timeout(Some(PHONE_PATIENCE)).ok()?;
    stream.set_write_timeout(Some(PHONE_PATIENCE)).ok()?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = Vec::new();
    stream.take(1 << 20).read_to_end(&mut answer).ok()?;
    let text = String::from_utf8_lossy(&answer);
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    let at = text.find("\r\n\r\n")?;
    Some((status, serde_json::from_str(&text[at + 4..]).ok()?))
}

/// Who was told a result was saved, where, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Device {
    Desk,
    Station,
    Phone,
}

#[derive(Debug, Clone, Copy)]
struct Told {
    device: Device,
    table: u32,
    /// Told by the new main laptop (after a takeover).
    by_new: bool,
    at: Instant,
}

/// Phones reporting `tables`, both seats each, at the main laptop (through `to_main`) and,
/// once it does not answer, at the station's address after a takeover (`to_station`).
#[allow(clippy::too_many_arguments)]
fn phones(
    tables: Vec<(u32, u32, u32)>,
    codes: BTreeMap<u32, String>,
    to_main: u16,
    to_station: u16,
    told: Arc<Mutex<Vec<Told>>>,
    first_at_new: Arc<Mutex<Option<Instant>>>,
    (started, until): (Instant, Instant),
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut at_new = false;
        let later = tables.len() / 2;
        for (index, (table, a, b)) in tables.into_iter().enumerate() {
            if index == later {
                // The other half of the players report after the fault has struck.
                std::thread::sleep(AFTER_THE_FAULT.saturating_sub(started.elapsed()));
            }
            'table: while Instant::now() < until {
                for player in [a, b] {
                    let body = json!({ "round": 1, "table": table, "code": codes[&player], "player": player, "result": "a" });
                    let port = if at_new { to_station } else { to_main };
                    match phone_call(port, "/api/call/report_result", &body.to_string()) {
                        Some((200, answer)) => {
                            if at_new {
                                first_at_new
                                    .lock()
                                    .expect("first")
                                    .get_or_insert(Instant::now());
                            }
                            if answer["data"]["status"] == "recorded" {
                                told.lock().expect("told").push(Told {
                                    device: Device::Phone,
                                    table,
                                    by_new: at_new,
                                    at: Instant::now(),
                                });
                                break 'table;
                            }
                        }
                        Some((_, answer)) => {
                            let kind = answer["error"]["kind"].as_str().unwrap_or_default();
                            if kind == "event-moved" {
                                at_new = true;
                                continue 'table;
                            }
                            if kind == "unconfirmed" {
                                // Kept there, not said saved: the page looks for a
                                // station that carries the event on, and sends it again.
                                at_new = !at_new;
                                std::thread::sleep(Duration::from_millis(200));
                                continue 'table;
                            }
                            if at_new {
                                first_at_new
                                    .lock()
                                    .expect("first")
                                    .get_or_insert(Instant::now());
                            }
                            // Refused for good (already entered, or this laptop cannot
                            // take the code): the phone's player goes to the desk.
                            break 'table;
                        }
                        None => {
                            // No answer: the page tries the event's other laptop.
                            at_new = !at_new;
                            std::thread::sleep(Duration::from_millis(200));
                            continue 'table;
                        }
                    }
                }
            }
        }
    })
}

// ---------------------------------------------------------------------------------------
// One run.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    KillMain,
    FreezeMainTakenOver,
    FreezeMainBack,
    SlowLinks,
    DroppedConnections,
    KillStation,
    /// The laptops are cut from each other while the phones reach both; the organizer
    /// takes over on the station, and the network heals afterwards.
    Partition,
}

const FAULTS: [Fault; 7] = [
    Fault::KillMain,
    Fault::FreezeMainTakenOver,
    Fault::FreezeMainBack,
    Fault::SlowLinks,
    Fault::DroppedConnections,
    Fault::KillStation,
    Fault::Partition,
];

impl Fault {
    fn takes_over(self) -> bool {
        matches!(
            self,
            Fault::KillMain | Fault::FreezeMainTakenOver | Fault::Partition
        )
    }
}

/// What a run measured.
#[derive(Debug, Default)]
struct Outcome {
    told: usize,
    /// Told saved, per device.
    told_by: BTreeMap<String, usize>,
    /// From the fault to the station saying the main laptop does not answer.
    station_knew: Option<Duration>,
    /// From the organizer's takeover to the new main laptop sharing.
    shared_after: Option<Duration>,
    /// From the organizer's takeover to the first result told saved there.
    first_result_after: Option<Duration>,
    /// From the organizer's takeover to the first phone answered there.
    phones_after: Option<Duration>,
    /// From healing to a station's copy holding the event's whole log.
    healed_after: Option<Duration>,
}

fn said_saved(line: &str) -> Option<u32> {
    line.strip_prefix("saved table ")?.trim().parse().ok()
}

/// The results of round 1 in the event file at `path`, per table (twice would count 2).
fn recorded_per_table(path: &Path) -> BTreeMap<u32, usize> {
    let mut counts = BTreeMap::new();
    for (_, kind, payload) in event_files::rows(path) {
        if kind != "record-result" {
            continue;
        }
        let action: Value = payload
            .as_deref()
            .and_then(|p| serde_json::from_str(p).ok())
            .unwrap_or(Value::Null);
        if action["round"] == 1 {
            let table = u32::try_from(action["table"].as_u64().unwrap_or(0)).unwrap_or(0);
            *counts.entry(table).or_insert(0) += 1;
        }
    }
    counts
}

fn run(template: &Template, seed: u64) -> Outcome {
    let mut rng = StdRng::seed_from_u64(seed);
    let fault = FAULTS[usize::try_from(seed % FAULTS.len() as u64).unwrap_or(0)];
    let dir = tempfile::tempdir().expect("tempdir");
    copy_dir(template.dir.path(), dir.path());
    let (main_home, station_home) = (dir.path().join("main"), dir.path().join("station"));
    let file = dir.path().join("night.tkevent");
    let replica = dir.path().join("replica");
    let f = file.to_str().expect("utf-8");

    let mut main = Laptop::start(
        &main_home,
        &[
            "--json",
            "serve",
            f,
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--reporting",
            "agree",
            "--for",
            "90",
        ],
    );
    let mut seen = Vec::new();
    let (_, shared) = main
        .wait_for(
            Duration::from_secs(20),
            |l| serde_json::from_str::<Value>(l).ok(),
            &mut seen,
        )
        .expect("the main laptop shares");
    let main_port = u16::try_from(shared["sharing"]["port"].as_u64().expect("port")).expect("port");
    let join = shared["sharing"]["join_code"]
        .as_str()
        .expect("code")
        .to_string();

    // The links: station → main laptop, main laptop → station (where it carries the event
    // on after a takeover), and the phones to either.
    let carry_port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let link = Relay::to(main_port, seed ^ 1);
    let back = Relay::to(carry_port, seed ^ 2);
    let phones_to_main = Relay::to(main_port, seed ^ 3);
    let phones_to_station = Relay::to(carry_port, seed ^ 4);
    let relays = [&link, &back, &phones_to_main, &phones_to_station];
    let link_address = format!("127.0.0.1:{}", link.port);

    let mut station = Laptop::start(
        &station_home,
        &[
            "station",
            &link_address,
            "--code",
            &join,
            "--port",
            &back.port.to_string(),
            "--replica",
            replica.to_str().expect("utf-8"),
            "--for",
            "90",
        ],
    );
    let rows_of = |path: &Path| {
        tablekeeper_store::EventFile::load_read_only(path)
            .map(|stored| stored.rows.len())
            .unwrap_or(0)
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let copy = loop {
        if let Some(copy) = event_file_in(&replica)
            && rows_of(&copy) == rows_of(&file)
        {
            break copy;
        }
        assert!(Instant::now() < deadline, "seed {seed}: the station's copy");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut desk = Laptop::start(
        &main_home,
        &[
            "station",
            &format!("127.0.0.1:{main_port}"),
            "--code",
            &join,
        ],
    );

    // The round's results: a third each from the desk, the station and the phones.
    let told = Arc::new(Mutex::new(Vec::<Told>::new()));
    let first_at_new = Arc::new(Mutex::new(None));
    let started = Instant::now();
    let until = started + Duration::from_secs(30);
    let phone_tables: Vec<_> = template
        .seats
        .iter()
        .copied()
        .filter(|s| s.0 % 3 == 2)
        .collect();
    let halves = phone_tables.len() / 2;
    let phone_threads = [
        phone_tables[..halves].to_vec(),
        phone_tables[halves..].to_vec(),
    ]
    .into_iter()
    .map(|tables| {
        phones(
            tables,
            template.codes.clone(),
            phones_to_main.port,
            phones_to_station.port,
            Arc::clone(&told),
            Arc::clone(&first_at_new),
            (started, until),
        )
    })
    .collect::<Vec<_>>();
    if fault == Fault::DroppedConnections {
        for relay in relays {
            relay.set(Weather {
                drop_per_mille: 200,
                ..Weather::default()
            });
        }
    }
    let strikes_at = started + Duration::from_millis(rng.random_range(100..1_500));
    let (mut desk_lines, mut station_lines) = (Vec::new(), Vec::new());
    let mut outcome = Outcome::default();
    let mut struck = None;
    for table in 1..=TABLES {
        if struck.is_none() && Instant::now() >= strikes_at {
            struck = Some(strike(fault, &mut main, &mut station, &relays));
        }
        match table % 3 {
            0 => desk.send(&format!("{table} a")),
            1 => station.send(&format!("{table} a")),
            _ => {}
        }
        std::thread::sleep(Duration::from_millis(40));
    }
    let struck = struck.unwrap_or_else(|| strike(fault, &mut main, &mut station, &relays));

    let mut took_over_at = None;
    let mut new_main = None;
    let mut new_join = String::new();
    if fault.takes_over() {
        // The organizer waits for the station to say the main laptop does not answer.
        let knew = station.wait_for(
            Duration::from_secs(20),
            |l| l.contains("does not answer").then_some(()),
            &mut station_lines,
        );
        let (knew_at, _) = knew.unwrap_or_else(|| panic!("seed {seed} ({fault:?}): the station never said the main laptop is gone: {station_lines:?}"));
        outcome.station_knew = Some(knew_at.saturating_duration_since(struck));
        station.kill();
        station.drain(Duration::from_millis(200), &mut station_lines);
        let clicked = Instant::now();
        let taking = Laptop::start(
            &station_home,
            &[
                "--json",
                "takeover",
                copy.to_str().expect("utf-8"),
                "--from",
                &link_address,
                "--bind",
                "127.0.0.1",
                "--port",
                &carry_port.to_string(),
                "--for",
                "60",
            ],
        );
        let shared = taking.wait_for(
            Duration::from_secs(20),
            |l| {
                serde_json::from_str::<Value>(l)
                    .ok()
                    .filter(|v| v.get("sharing").is_some())
            },
            &mut Vec::new(),
        );
        let (shared_at, sharing) =
            shared.unwrap_or_else(|| panic!("seed {seed} ({fault:?}): the takeover did not share"));
        new_join = sharing["sharing"]["join_code"]
            .as_str()
            .expect("the new main laptop's code")
            .to_string();
        outcome.shared_after = Some(shared_at.saturating_duration_since(clicked));
        took_over_at = Some((clicked, shared_at));
        new_main = Some(taking);
        if fault == Fault::FreezeMainTakenOver {
            std::thread::sleep((struck + FROZEN).saturating_duration_since(Instant::now()));
            main.signal("-CONT");
        }
    }
    for phone in phone_threads {
        let _ = phone.join();
    }
    if fault == Fault::Partition {
        // The network heals: the old main laptop's fence finds the takeover, and it gives
        // way (every change refused from then on).
        for relay in &relays[..2] {
            relay.set(Weather::default());
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while !phone_call(main_port, "/api/call/whereabouts", "null")
            .is_some_and(|(_, answer)| answer["data"]["moved_to"].is_string())
        {
            assert!(
                Instant::now() < deadline,
                "seed {seed}: the old main laptop did not give way once the network healed"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    // The desk's and the station's last lines.
    desk.drain(Duration::from_secs(3), &mut desk_lines);
    desk.kill();
    station.drain(Duration::from_millis(500), &mut station_lines);

    // After healing, the copies agree: a station of the laptop that carries the event on —
    // the station that kept the copy, started again after it was killed, or, after a
    // takeover, a laptop joining the new main laptop — holds the very same log (its
    // checksum chain) as the event.
    let final_file = if took_over_at.is_some() { &copy } else { &file };
    let healing_at = Instant::now();
    let (healed, healer) = if fault.takes_over() {
        let healed = dir.path().join("healed");
        let joined = Laptop::start(
            &dir.path().join("healer"),
            &[
                "station",
                &format!("127.0.0.1:{carry_port}"),
                "--code",
                &new_join,
                "--replica",
                healed.to_str().expect("utf-8"),
                "--for",
                "60",
            ],
        );
        (healed, Some(joined))
    } else if fault == Fault::KillStation {
        let again = Laptop::start(
            &station_home,
            &[
                "station",
                &link_address,
                "--code",
                &join,
                "--replica",
                replica.to_str().expect("utf-8"),
                "--for",
                "60",
            ],
        );
        (replica.clone(), Some(again))
    } else {
        (replica.clone(), None)
    };
    let head = |path: &Path| {
        tablekeeper_store::EventFile::open_read_only(path)
            .ok()
            .map(|(file, _)| file.head())
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let theirs = event_file_in(&healed).and_then(|copy| head(&copy));
        if theirs.is_some() && theirs == head(final_file) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "seed {seed} ({fault:?}): after healing, the station's copy ({theirs:?}) never matched the event ({:?})",
            head(final_file)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    outcome.healed_after = Some(healing_at.elapsed());
    drop(healer);
    station.kill();
    main.kill();
    drop(new_main);

    let mut told: Vec<Told> = told.lock().expect("told").clone();
    for (lines, device) in [
        (&desk_lines, Device::Desk),
        (&station_lines, Device::Station),
    ] {
        told.extend(lines.iter().filter_map(|(at, line)| {
            Some(Told {
                device,
                table: said_saved(line)?,
                by_new: false,
                at: *at,
            })
        }));
    }
    let recorded = recorded_per_table(final_file);
    // `TK_FAULT_DEBUG=1` shows the newest rows of both files and the desk's lines of each
    // run, to read a failing seed's story.
    if std::env::var("TK_FAULT_DEBUG").is_ok() {
        let stored = tablekeeper_store::EventFile::load_read_only(&file).expect("old");
        for row in stored.rows.iter().rev().take(12) {
            eprintln!(
                "OLD {} {} {} {:?}",
                row.step,
                row.recorded_at,
                row.kind,
                row.payload.as_deref().map(|p| &p[..p.len().min(60)])
            );
        }
        let stored = tablekeeper_store::EventFile::load_read_only(&copy).expect("new");
        for row in stored.rows.iter().rev().take(8) {
            eprintln!(
                "NEW {} {} {} {:?}",
                row.step,
                row.recorded_at,
                row.kind,
                row.payload.as_deref().map(|p| &p[..p.len().min(60)])
            );
        }
        for (at, line) in &desk_lines {
            eprintln!("DESK {:?} {line}", at.saturating_duration_since(started));
        }
        eprintln!("STRUCK {:?}", struck.saturating_duration_since(started));
    }
    for t in &told {
        assert_eq!(
            recorded.get(&t.table),
            Some(&1),
            "seed {seed} ({fault:?}): {t:?} was told saved; the final event holds {recorded:?}"
        );
    }
    assert!(
        recorded.values().all(|n| *n == 1),
        "seed {seed} ({fault:?}): a result twice: {recorded:?}"
    );
    if let Some((clicked, _)) = took_over_at {
        // The two files agree up to the new epoch, and the old main laptop said saved only
        // what it had accepted before the new epoch existed: every result it said saved is
        // among the rows both files share before the epoch row. (Its answer may reach the
        // device later — frozen between the stations' acknowledgement and the answer — so
        // when it was said proves nothing; where the row stands does.)
        let (old, new) = (event_files::rows(&file), event_files::rows(&copy));
        let fork = new
            .iter()
            .position(|row| row.1 == "epoch")
            .expect("an epoch row");
        assert!(
            old.len() >= fork && old[..fork] == new[..fork],
            "seed {seed} ({fault:?}): the copies part before the epoch"
        );
        let before_the_epoch: Vec<u32> = new[..fork]
            .iter()
            .filter(|row| row.1 == "record-result")
            .filter_map(|row| {
                let action: Value = serde_json::from_str(row.2.as_deref()?).ok()?;
                u32::try_from(action["table"].as_u64()?).ok()
            })
            .collect();
        let late: Vec<&Told> = told
            .iter()
            .filter(|t| !t.by_new && !before_the_epoch.contains(&t.table))
            .collect();
        assert!(
            late.is_empty(),
            "seed {seed} ({fault:?}): the old main laptop said saved what it accepted after the new epoch: {late:?}"
        );
        outcome.first_result_after = told
            .iter()
            .filter(|t| t.by_new)
            .map(|t| t.at.saturating_duration_since(clicked))
            .min();
        outcome.phones_after = first_at_new
            .lock()
            .expect("first")
            .map(|at| at.saturating_duration_since(clicked));
    } else if fault != Fault::KillStation {
        // The station's copy is a beginning of the main laptop's event.
        let (main_rows, copy_rows) = (event_files::rows(&file), event_files::rows(&copy));
        assert!(
            copy_rows.len() <= main_rows.len() && main_rows[..copy_rows.len()] == copy_rows[..],
            "seed {seed} ({fault:?}): the copy is not a beginning of the event"
        );
    }
    outcome.told = told.len();
    for t in &told {
        *outcome
            .told_by
            .entry(format!("{:?}", t.device))
            .or_default() += 1;
    }
    outcome
}

/// Makes `fault` happen; when.
fn strike(fault: Fault, main: &mut Laptop, station: &mut Laptop, relays: &[&Relay]) -> Instant {
    let at = Instant::now();
    match fault {
        Fault::KillMain => {
            let _ = main.child.kill();
        }
        Fault::FreezeMainTakenOver => main.signal("-STOP"),
        Fault::FreezeMainBack => {
            main.signal("-STOP");
            std::thread::sleep(FROZEN);
            main.signal("-CONT");
        }
        Fault::SlowLinks => {
            for relay in relays {
                relay.set(Weather {
                    delay: Duration::from_secs(1),
                    ..Weather::default()
                });
            }
            let relays: Vec<Arc<Mutex<Weather>>> =
                relays.iter().map(|r| Arc::clone(&r.weather)).collect();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(3));
                for weather in relays {
                    *weather.lock().expect("weather") = Weather::default();
                }
            });
        }
        Fault::DroppedConnections => {}
        Fault::KillStation => {
            let _ = station.child.kill();
        }
        Fault::Partition => {
            // The station's link to the main laptop and the main laptop's to the station.
            for relay in &relays[..2] {
                relay.set(Weather {
                    cut: true,
                    ..Weather::default()
                });
            }
        }
    }
    at
}

fn runs(count: u64) {
    let first = std::env::var("TK_FAULT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(FIRST_SEED);
    let count = std::env::var("TK_FAULT_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(count);
    let template = Template::new();
    let mut per_fault: BTreeMap<String, usize> = BTreeMap::new();
    let mut told_by: BTreeMap<String, usize> = BTreeMap::new();
    let (mut told, mut knew, mut shared, mut first_results, mut phones, mut healed) =
        (0, vec![], vec![], vec![], vec![], vec![]);
    for seed in first..first + count {
        let fault = FAULTS[usize::try_from(seed % FAULTS.len() as u64).unwrap_or(0)];
        eprintln!("run with seed {seed} ({fault:?})");
        let outcome = run(&template, seed);
        *per_fault.entry(format!("{fault:?}")).or_default() += 1;
        told += outcome.told;
        for (device, n) in outcome.told_by {
            *told_by.entry(device).or_default() += n;
        }
        knew.extend(outcome.station_knew);
        shared.extend(outcome.shared_after);
        first_results.extend(outcome.first_result_after);
        phones.extend(outcome.phones_after);
        healed.extend(outcome.healed_after);
    }
    eprintln!(
        "{count} runs from seed {first}: {per_fault:?}; {told} results told saved ({told_by:?}), each in the final event exactly once"
    );
    for (what, samples) in [
        ("the station knew the main laptop was gone", &mut knew),
        ("the takeover said it carries the event on", &mut shared),
        (
            "the first result was told saved at the new main laptop",
            &mut first_results,
        ),
        ("a phone was answered by the new main laptop", &mut phones),
        (
            "after healing, a station's copy held the whole event",
            &mut healed,
        ),
    ] {
        samples.sort();
        if let (Some(low), Some(high)) = (samples.first(), samples.last()) {
            eprintln!(
                "{what}: median {:?}, from {low:?} to {high:?} ({} runs)",
                samples[samples.len() / 2],
                samples.len()
            );
        }
    }
}

#[test]
fn no_saved_result_is_lost_or_recorded_twice_under_faults() {
    runs(DEFAULT_RUNS);
}

#[test]
#[ignore = "the long run (200 runs, about half an hour): cargo test --test takeover_faults -- --ignored"]
fn no_saved_result_is_lost_or_recorded_twice_under_faults_long_run() {
    runs(LONG_RUNS);
}
