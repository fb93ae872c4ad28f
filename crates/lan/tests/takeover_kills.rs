//! The main laptop is SIGKILLed at random moments while phones report, a station enters
//! results and the desk enters results; the station takes over with its copy. Every result
//! any device was told was saved is in the new main laptop's event, none twice, and the next
//! round pairs there (docs/lan.md, "The replica"). Loopback only; 20 kills, each run at most
//! 1 s before its kill.

mod support;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::net::IpAddr;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use support::{LOOPBACK, event, local, own_code, post, serve};
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_lan::{Follower, Station};

const KILLS: u64 = 20;
/// The station reaches the main laptop over a slow Wi-Fi: every byte takes this long each
/// way, so a change travels to the station's copy for a while after it is committed —
/// without the wait for the stations, a kill then loses what a device was told was saved.
const WIFI_DELAY: Duration = Duration::from_millis(20);

/// A relay on loopback to `port` that delays everything by [`WIFI_DELAY`] each way (the
/// station joins through it); a side that closes closes the other.
fn slow_wifi(port: u16) -> u16 {
    let listener = std::net::TcpListener::bind((IpAddr::from(LOOPBACK), 0)).expect("relay");
    let relay_port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let Ok(server) = std::net::TcpStream::connect((IpAddr::from(LOOPBACK), port)) else {
                continue;
            };
            for (from, to) in [
                (client.try_clone(), server.try_clone()),
                (server.try_clone(), client.try_clone()),
            ] {
                let (Ok(mut from), Ok(mut to)) = (from, to) else {
                    continue;
                };
                let (send, delayed) = std::sync::mpsc::channel::<(std::time::Instant, Vec<u8>)>();
                std::thread::spawn(move || {
                    let mut buffer = [0u8; 16 * 1024];
                    while let Ok(n) = std::io::Read::read(&mut from, &mut buffer) {
                        if n == 0
                            || send
                                .send((
                                    std::time::Instant::now() + WIFI_DELAY,
                                    buffer[..n].to_vec(),
                                ))
                                .is_err()
                        {
                            break;
                        }
                    }
                });
                std::thread::spawn(move || {
                    for (due, bytes) in delayed {
                        std::thread::sleep(
                            due.saturating_duration_since(std::time::Instant::now()),
                        );
                        if to.write_all(&bytes).is_err() {
                            break;
                        }
                    }
                    let _ = to.shutdown(std::net::Shutdown::Both);
                });
            }
        }
    });
    relay_port
}
const PLAYERS: usize = 96;

/// Who was told a result was saved, for which table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Told {
    Desk(u32),
    Station(u32),
    Phone(u32),
}

impl Told {
    fn table(self) -> u32 {
        match self {
            Told::Desk(t) | Told::Station(t) | Told::Phone(t) => t,
        }
    }
}

fn result(table: u32) -> Value {
    json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null })
}

/// The main laptop's process (run by the test below; does nothing when run by hand): an
/// event shared on loopback, the port and every player's code on stdout, then the desk
/// enters its tables' results as the app does (the command, then the wait for the
/// stations), saying `saved T` once each is said saved.
#[test]
#[ignore = "run by a_killed_main_laptop_loses_nothing_a_device_was_told_was_saved in its own process"]
fn main_laptop_process() {
    let Ok(dir) = std::env::var("TK_MAIN_DIR") else {
        return;
    };
    let names: Vec<String> = (1..=PLAYERS).map(|i| format!("Player {i}")).collect();
    let desk = event(std::path::Path::new(&dir), &names, "agree");
    let server = serve(&desk, IpAddr::from(LOOPBACK));
    let waiter = server.waiter();
    let codes: Vec<String> = (1..=PLAYERS as u64)
        .map(|p| format!("{p}={}", own_code(&desk, p)))
        .collect();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "port {} {} codes {}",
        server.port(),
        server.join_code(),
        codes.join(",")
    );
    let _ = out.flush();
    // Wait for the station's copy before the day goes on (the parent says so on stdin).
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
    for table in desk_tables() {
        let entered = {
            let mut guard = desk.lock().unwrap_or_else(|p| p.into_inner());
            surface::dispatch(&mut guard, "record_result", result(table)).is_ok()
        };
        if entered && waiter.changed_here().is_ok() {
            let _ = writeln!(out, "saved {table}");
            let _ = out.flush();
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    std::thread::sleep(Duration::from_secs(30));
}

/// The tables each device enters: the desk, the station and the phones a third each.
fn desk_tables() -> impl Iterator<Item = u32> {
    (1..=(PLAYERS as u32 / 2)).filter(|t| t % 3 == 0)
}
fn station_tables() -> impl Iterator<Item = u32> {
    (1..=(PLAYERS as u32 / 2)).filter(|t| t % 3 == 1)
}
fn phone_tables() -> impl Iterator<Item = u32> {
    (1..=(PLAYERS as u32 / 2)).filter(|t| t % 3 == 2)
}

/// The round's tables with their players, from the pairings.
fn seats(pairings: &Value) -> Vec<(u32, u64, u64)> {
    pairings["tables"]
        .as_array()
        .map(|tables| {
            tables
                .iter()
                .filter_map(|t| {
                    Some((
                        u32::try_from(t["table"].as_u64()?).ok()?,
                        t["a"]["player"].as_u64()?,
                        t["b"]["player"].as_u64()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Results recorded per table in the event's log (a result entered twice would count 2).
fn recorded_per_table(desk: &Mutex<Desk>) -> std::collections::BTreeMap<u32, usize> {
    let desk = desk.lock().expect("desk");
    let log = desk.session().and_then(|s| s.log()).expect("the log");
    let mut counts = std::collections::BTreeMap::new();
    for logged in log {
        let entry = serde_json::to_value(&logged.entry).unwrap_or(Value::Null);
        let action = &entry["action"];
        if action["action"] == "record-result" && action["round"] == 1 {
            let table = u32::try_from(action["table"].as_u64().unwrap_or(0)).unwrap_or(0);
            *counts.entry(table).or_insert(0) += 1;
        }
    }
    counts
}

#[test]
fn a_killed_main_laptop_loses_nothing_a_device_was_told_was_saved() {
    let exe = std::env::current_exe().expect("this test binary");
    let mut rng = rand::rngs::StdRng::seed_from_u64(20_261_128);
    let (mut told_in_all, mut mid_stream) = (0usize, 0u64);
    for kill in 0..KILLS {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut child = Command::new(&exe)
            .args([
                "--ignored",
                "--exact",
                "main_laptop_process",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("TK_MAIN_DIR", dir.path().join("main"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the main laptop's process");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let first = lines
            .by_ref()
            .map_while(Result::ok)
            // The test harness's own words come first on the line.
            .find_map(|l| l.find("port ").map(|at| l[at..].to_string()))
            .expect("the main laptop shares");
        let words: Vec<&str> = first.split_whitespace().collect();
        let port: u16 = words[1].parse().expect("port");
        let join = words[2].to_string();
        let codes: std::collections::BTreeMap<u64, String> = words[4]
            .split(',')
            .filter_map(|pair| {
                let (n, code) = pair.split_once('=')?;
                Some((n.parse().ok()?, code.to_string()))
            })
            .collect();
        // Whatever the desk says saved, read as it comes.
        let desk_told = std::thread::spawn(move || {
            lines
                .map_while(Result::ok)
                .filter_map(|l| l.strip_prefix("saved ").and_then(|t| t.parse().ok()))
                .map(Told::Desk)
                .collect::<Vec<_>>()
        });

        let wifi = slow_wifi(port);
        let station = Station::join(&format!("127.0.0.1:{wifi}"), &join).expect("joined");
        let follower = Follower::start(
            station.clone(),
            dir.path().join("copies"),
            "Station B".into(),
            None,
            Duration::from_secs(1),
        );
        let copy_ready = (0..400).any(|_| {
            std::thread::sleep(Duration::from_millis(25));
            follower.state().rows.is_some()
        });
        assert!(copy_ready, "the station's copy: {:?}", follower.state());
        let seats = seats(
            &station
                .call("pairings", &json!({ "round": null }))
                .expect("pairings"),
        );
        if let Some(stdin) = child.stdin.as_mut() {
            let _ = writeln!(stdin, "go");
        }

        let told = Arc::new(Mutex::new(Vec::<Told>::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let station_thread = {
            let (station, told, stop) = (station.clone(), Arc::clone(&told), Arc::clone(&stop));
            std::thread::spawn(move || {
                for table in station_tables() {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if station.call("record_result", &result(table)).is_ok() {
                        told.lock().expect("told").push(Told::Station(table));
                    }
                    std::thread::sleep(Duration::from_millis(25));
                }
            })
        };
        let phone_thread = {
            let (told, stop) = (Arc::clone(&told), Arc::clone(&stop));
            let seats = seats.clone();
            std::thread::spawn(move || {
                for table in phone_tables() {
                    let Some(&(_, a, b)) = seats.iter().find(|s| s.0 == table) else {
                        continue;
                    };
                    for player in [a, b] {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let body = json!({ "round": 1, "table": table, "code": codes[&player], "player": player, "result": "a" });
                        let reply = post(port, "/api/call/report_result", &body.to_string(), &[]);
                        if reply.status == 200 && reply.json()["data"]["status"] == "recorded" {
                            told.lock().expect("told").push(Told::Phone(table));
                        }
                    }
                }
            })
        };

        // The main laptop dies at a random moment.
        std::thread::sleep(Duration::from_millis(rng.random_range(100..1000)));
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        stop.store(true, Ordering::Relaxed);
        let _ = phone_thread.join();

        // The station takes over (its own entry under way meanwhile retries for a few
        // seconds, then fails: the main laptop is gone).
        let own = Mutex::new(Desk::new(
            dir.path().join("station"),
            dir.path().join("station"),
        ));
        tablekeeper_lan::take_over(&station, follower, &own, || Ok(()))
            .unwrap_or_else(|e| panic!("kill {kill}: the takeover: {e:?}"));
        let _ = station_thread.join();
        let mut told: Vec<Told> = told.lock().expect("told").clone();
        told.extend(desk_told.join().expect("the desk's lines"));
        let recorded = recorded_per_table(&own);
        for device in &told {
            assert_eq!(
                recorded.get(&device.table()),
                Some(&1),
                "kill {kill}: {device:?} was told saved; the copy holds {recorded:?}"
            );
        }
        assert!(
            recorded.values().all(|n| *n == 1),
            "kill {kill}: a result twice: {recorded:?}"
        );
        // The day goes on: the round finished and the next paired on the new main laptop.
        let open: BTreeSet<u32> = seats
            .iter()
            .map(|s| s.0)
            .filter(|t| !recorded.contains_key(t))
            .collect();
        for table in open {
            local(&own, "record_result", result(table));
        }
        let paired = local(&own, "pair_round", json!({ "allow_rematches": false }));
        assert_eq!(paired["round"], 2, "kill {kill}: {paired}");
        told_in_all += told.len();
        if told.len() < seats.len() {
            mid_stream += 1;
        }
    }
    eprintln!(
        "{KILLS} kills ({mid_stream} while results were coming in); {told_in_all} results told saved, every one in the new main laptop's event"
    );
    assert!(
        mid_stream >= KILLS / 2,
        "most kills land while results come in"
    );
}

/// A station's process (run by the test below; does nothing when run by hand): follows the
/// main laptop at `TK_STATION_AT` into `TK_STATION_DIR` until it is killed.
#[test]
#[ignore = "run by a_station_killed_while_storing_keeps_a_whole_copy in its own process"]
fn station_process() {
    let (Ok(at), Ok(join), Ok(dir)) = (
        std::env::var("TK_STATION_AT"),
        std::env::var("TK_STATION_JOIN"),
        std::env::var("TK_STATION_DIR"),
    ) else {
        return;
    };
    let Ok(station) = Station::join(&at, &join) else {
        return;
    };
    let _follower = Follower::start(
        station,
        dir.into(),
        "Station B".into(),
        None,
        Duration::from_millis(20),
    );
    std::thread::sleep(Duration::from_secs(30));
}

#[test]
fn a_station_killed_while_storing_keeps_a_whole_copy() {
    const STATION_KILLS: u64 = 12;
    let exe = std::env::current_exe().expect("this test binary");
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=PLAYERS).map(|i| format!("Player {i}")).collect();
    let main = event(&dir.path().join("main"), &names, "off");
    let server = serve(&main, IpAddr::from(LOOPBACK));
    let copies = dir.path().join("copies");
    // The desk enters results all along (undoing some, so the log keeps growing).
    let stop = Arc::new(AtomicBool::new(false));
    let desk_thread = {
        let (main, stop, waiter) = (Arc::clone(&main), Arc::clone(&stop), server.waiter());
        std::thread::spawn(move || {
            let mut table = 0u32;
            while !stop.load(Ordering::Relaxed) {
                table = table % (PLAYERS as u32 / 2) + 1;
                let mut desk = main.lock().expect("desk");
                if surface::dispatch(&mut desk, "record_result", result(table)).is_err() {
                    let _ = surface::dispatch(&mut desk, "undo", Value::Null);
                }
                drop(desk);
                // As the app does: said saved once the station in step holds it.
                let _ = waiter.changed_here();
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(28_112_026);
    let (mut seen_rows, mut stopped_at_commit) = (Vec::new(), 0);
    for kill in 0..STATION_KILLS {
        let mut command = Command::new(&exe);
        command
            .args([
                "--ignored",
                "--exact",
                "station_process",
                "--test-threads=1",
            ])
            .env("TK_STATION_AT", format!("127.0.0.1:{}", server.port()))
            .env("TK_STATION_JOIN", server.join_code())
            .env("TK_STATION_DIR", &copies)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // Every fourth run stops right before the copy's commit, the rest at random.
        if kill % 4 == 3 {
            command.env(
                "TABLEKEEPER_FAILPOINT",
                format!("replica.before-commit@{}", 2 + kill),
            );
        }
        let mut child = command.spawn().expect("the station's process");
        std::thread::sleep(Duration::from_millis(rng.random_range(200..900)));
        if matches!(child.try_wait(), Ok(Some(status)) if status.code() == Some(137)) {
            stopped_at_commit += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        // The copy opens whole, and is a beginning of the main laptop's log.
        let copy = tablekeeper_commands::session::replica::Replica::new(&copies);
        let held = copy.held();
        assert_eq!(held.len(), 1, "kill {kill}: one copy");
        let desk = main.lock().expect("desk");
        let session = desk.session().expect("open");
        assert!(
            session.held_step(&held[0]).is_some(),
            "kill {kill}: the copy's {} rows are the main laptop's first rows",
            held[0].rows
        );
        seen_rows.push(held[0].rows);
    }
    stop.store(true, Ordering::Relaxed);
    let _ = desk_thread.join();
    // Back again, the station catches up from where its copy stopped.
    let station = Station::join(&format!("127.0.0.1:{}", server.port()), &server.join_code())
        .expect("joined");
    let follower = Follower::start(
        station,
        copies.clone(),
        "Station B".into(),
        None,
        Duration::from_millis(20),
    );
    let rows = main
        .lock()
        .expect("desk")
        .session()
        .map(|s| s.log_rows())
        .expect("open");
    let state = follower.handle().hold_rows(rows, Duration::from_secs(10));
    assert_eq!(state.rows, Some(rows), "caught up: {state:?}");
    assert!(
        seen_rows.windows(2).filter(|w| w[1] > w[0]).count() >= 2,
        "the copy grew between kills: {seen_rows:?}"
    );
    assert!(
        stopped_at_commit >= 2,
        "stopped right before a commit {stopped_at_commit} times"
    );
    eprintln!(
        "{STATION_KILLS} station kills ({stopped_at_commit} right before the copy's commit); the copy's rows after each: {seen_rows:?}"
    );
}
