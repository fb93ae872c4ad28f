//! Shared by the LAN tests and the load run (`examples/room_load.rs`): a raw HTTP/1.1
//! client on loopback (every byte under the test's control, bad ones included), an event
//! in round 1 shared on loopback, and the bounded load run itself.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_lan::{ServeOptions, Server};

pub const LOOPBACK: [u8; 4] = [127, 0, 0, 1];

/// An answer: status and body.
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    pub fn kind(&self) -> String {
        self.json()["error"]["kind"]
            .as_str()
            .unwrap_or("")
            .to_string()
    }
}

impl Reply {
    /// The status and body of an HTTP answer as received (status 0: no answer).
    pub fn parse(bytes: &[u8]) -> Reply {
        let text = String::from_utf8_lossy(bytes).to_string();
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = text
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        Reply { status, body }
    }
}

/// One raw exchange with the server at `ip`:`port` (`Connection: close`).
pub fn exchange(port: u16, ip: IpAddr, raw: &[u8]) -> Reply {
    let Ok(mut stream) = TcpStream::connect((ip, port)) else {
        return Reply::parse(b"");
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.write_all(raw);
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    Reply::parse(&bytes)
}

/// One raw exchange over the encrypted station link to 127.0.0.1:`port`, trusting the
/// certificate `join_code` names (`Connection: close`).
pub fn tls_exchange(port: u16, join_code: &str, raw: &[u8]) -> Reply {
    let (_, fingerprint) =
        tablekeeper_lan::testing::parse_join_code(join_code).expect("a join code");
    let config = tablekeeper_lan::pinned_client_config(&fingerprint).expect("client config");
    let name = rustls::pki_types::ServerName::try_from("127.0.0.1").expect("an address");
    let Ok(tcp) = TcpStream::connect((IpAddr::from(LOOPBACK), port)) else {
        return Reply::parse(b"");
    };
    let _ = tcp.set_read_timeout(Some(Duration::from_secs(10)));
    let Ok(connection) = rustls::ClientConnection::new(config, name) else {
        return Reply::parse(b"");
    };
    let mut tls = rustls::StreamOwned::new(connection, tcp);
    let _ = tls.write_all(raw);
    let mut bytes = Vec::new();
    // The server may close without TLS's goodbye; what arrived before counts.
    let _ = tls.read_to_end(&mut bytes);
    Reply::parse(&bytes)
}

/// `POST path` over the station link, with a JSON body and extra headers.
pub fn tls_post(
    port: u16,
    join_code: &str,
    path: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> Reply {
    tls_exchange(
        port,
        join_code,
        post_bytes(port, path, body, headers).as_bytes(),
    )
}

fn post_bytes(port: u16, path: &str, body: &str, headers: &[(&str, &str)]) -> String {
    let mut raw = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        raw.push_str(&format!("{name}: {value}\r\n"));
    }
    raw.push_str("\r\n");
    raw.push_str(body);
    raw
}

/// `POST path` with a JSON body and extra headers, on 127.0.0.1.
pub fn post(port: u16, path: &str, body: &str, headers: &[(&str, &str)]) -> Reply {
    let raw = post_bytes(port, path, body, headers);
    exchange(port, IpAddr::from(LOOPBACK), raw.as_bytes())
}

/// `POST path` to 127.0.0.1 from the loopback address `source` (127.0.0.0/8: a phone of
/// its own, as the server tells devices apart by address).
pub fn post_from(source: IpAddr, port: u16, path: &str, body: &str) -> Reply {
    use socket2::{Domain, Socket, Type};
    let raw = post_bytes(port, path, body, &[]);
    let connect = || -> std::io::Result<TcpStream> {
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
        socket.bind(&std::net::SocketAddr::new(source, 0).into())?;
        socket.connect(&std::net::SocketAddr::new(IpAddr::from(LOOPBACK), port).into())?;
        Ok(socket.into())
    };
    let Ok(mut stream) = connect() else {
        return Reply::parse(b"");
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.write_all(raw.as_bytes());
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    Reply::parse(&bytes)
}

/// The `n`th phone's own loopback address (127.0.1.0 and up).
pub fn phone_address(n: usize) -> IpAddr {
    let n = u32::try_from(n).unwrap_or(0) + 256;
    IpAddr::from([127, (n >> 16) as u8, (n >> 8) as u8, n as u8])
}

/// `GET path` on 127.0.0.1.
pub fn get(port: u16, path: &str) -> Reply {
    let raw = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    exchange(port, IpAddr::from(LOOPBACK), raw.as_bytes())
}

/// Runs command `name` on the main laptop's desk, as the app does.
pub fn local(desk: &Mutex<Desk>, name: &str, request: Value) -> Value {
    let mut desk = desk.lock().unwrap_or_else(|p| p.into_inner());
    surface::dispatch(&mut desk, name, request)
        .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()))
}

/// A new event of `players` in round 1 on a desk in `dir`, with `settings` for the room.
pub fn event(dir: &std::path::Path, names: &[String], reporting: &str) -> Arc<Mutex<Desk>> {
    std::fs::create_dir_all(dir).expect("the event's folder");
    let mut desk = Desk::new(dir.join("data"), dir.join("events"));
    let file = dir.join("room.tkevent").display().to_string();
    for (name, request) in [
        (
            "create_event",
            json!({ "name": "Locals", "ruleset": "bandai", "planned_rounds": 12, "path": file }),
        ),
        ("add_players", json!({ "names": names })),
        ("pair_round", json!({ "allow_rematches": false })),
        (
            "set_room",
            json!({ "publish_standings": true, "reporting": reporting }),
        ),
    ] {
        surface::dispatch(&mut desk, name, request)
            .unwrap_or_else(|e| panic!("{name}: {:?}", e.to_view()));
    }
    Arc::new(Mutex::new(desk))
}

/// Shares `desk` on `ip` (a loopback address) at a free port.
pub fn serve(desk: &Arc<Mutex<Desk>>, ip: IpAddr) -> Server {
    Server::start(Arc::clone(desk), ServeOptions { bind: ip, port: 0 })
        .expect("the server starts on loopback")
}

/// How hard and how long the load run pushes.
#[derive(Debug, Clone, Copy)]
pub struct Load {
    pub players: usize,
    pub phones: usize,
    pub poll: Duration,
    pub reports_per_second: u64,
    pub duration: Duration,
    /// Results the main laptop enters itself, per second, while the load runs.
    pub main_entries_per_second: u64,
}

/// Latencies in microseconds.
#[derive(Debug, Default)]
pub struct Latencies(Vec<u64>);

impl Latencies {
    pub fn push(&mut self, elapsed: Duration) {
        self.0
            .push(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX));
    }

    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The `p`th percentile in milliseconds (nearest rank).
    pub fn percentile_ms(&self, p: f64) -> f64 {
        let mut sorted = self.0.clone();
        sorted.sort_unstable();
        if sorted.is_empty() {
            return 0.0;
        }
        let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        sorted[rank.clamp(1, sorted.len()) - 1] as f64 / 1000.0
    }

    pub fn merge(&mut self, other: Latencies) {
        self.0.extend(other.0);
    }
}

/// What the load run measured.
#[derive(Debug, Default)]
pub struct LoadReport {
    pub page: Latencies,
    pub room: Latencies,
    pub reports: Latencies,
    pub main_entries: Latencies,
    pub errors: u64,
    pub recorded_by_phones: u64,
    pub rounds: u32,
}

/// A player's own code (their ticket), from the main desk.
pub fn own_code(desk: &Mutex<Desk>, player: u64) -> String {
    local(
        desk,
        "player_ticket",
        json!({ "player": player.to_string() }),
    )["code"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// A player at a table: their number and their own code.
type Seat = (u64, String);

/// Every open table of the current round with its players' numbers and own codes, from
/// the main desk.
fn tables(desk: &Mutex<Desk>) -> (u32, Vec<(u32, Seat, Seat)>) {
    let pairings = local(desk, "pairings", json!({ "round": null }));
    let round = pairings["round"].as_u64().unwrap_or(0) as u32;
    let tables = pairings["tables"]
        .as_array()
        .map(|tables| {
            tables
                .iter()
                .filter(|t| t["result"].is_null())
                .filter_map(|t| {
                    let number = t["table"].as_u64()? as u32;
                    let (a, b) = (t["a"]["player"].as_u64()?, t["b"]["player"].as_u64()?);
                    Some((number, (a, own_code(desk, a)), (b, own_code(desk, b))))
                })
                .collect()
        })
        .unwrap_or_default();
    (round, tables)
}

/// The run: `phones` threads poll the room every `poll` (the page once first), one thread
/// sends `reports_per_second` reports (both seats of a table, agreeing, each with its
/// player's own code), and the main
/// laptop enters results of its own share of tables, timing each entry; when a round is
/// done the main laptop pairs the next. Stops by itself after `duration`.
pub fn run_load(desk: &Arc<Mutex<Desk>>, port: u16, load: Load) -> LoadReport {
    let stop = Arc::new(AtomicBool::new(false));
    let errors = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let phones: Vec<_> = (0..load.phones)
        .map(|i| {
            let (stop, errors) = (Arc::clone(&stop), Arc::clone(&errors));
            std::thread::spawn(move || {
                let (mut page, mut room) = (Latencies::default(), Latencies::default());
                // Phones arrive spread over one poll interval.
                let offset = load.poll.mul_f64(i as f64 / load.phones.max(1) as f64);
                std::thread::sleep(offset);
                let t = Instant::now();
                if get(port, "/").status != 200 {
                    errors.fetch_add(1, Ordering::Relaxed);
                }
                page.push(t.elapsed());
                let mut next = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    let t = Instant::now();
                    let reply = post(port, "/api/call/room", "null", &[]);
                    room.push(t.elapsed());
                    if reply.status != 200 {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                    next += load.poll;
                    let now = Instant::now();
                    if next > now {
                        std::thread::sleep(next - now);
                    }
                }
                (page, room)
            })
        })
        .collect();

    let mut report = LoadReport::default();
    let interval = Duration::from_secs(1).div_f64(load.reports_per_second.max(1) as f64);
    let main_every = (load.reports_per_second / load.main_entries_per_second.max(1)).max(1);
    // Of every `share` tables the main laptop enters one; the phones report the others.
    let share = (load.reports_per_second / 2 / load.main_entries_per_second.max(1)).max(1) + 1;
    let mut next = Instant::now();
    let mut tick: u64 = 0;
    let mut round = 0;
    let mut jobs: std::collections::VecDeque<(u32, u64, String)> = Default::default();
    let mut own: Vec<u32> = Vec::new();
    while started.elapsed() < load.duration {
        tick += 1;
        if jobs.is_empty() && own.is_empty() {
            if round > 0 {
                local(desk, "pair_round", json!({ "allow_rematches": true }));
                report.rounds += 1;
            }
            let (current, open) = tables(desk);
            round = current;
            for (i, (table, (a, a_code), (b, b_code))) in open.into_iter().enumerate() {
                if (i as u64).is_multiple_of(share) {
                    own.push(table);
                } else {
                    jobs.push_back((table, a, a_code));
                    jobs.push_back((table, b, b_code));
                }
            }
        }
        if tick.is_multiple_of(main_every) && !own.is_empty() {
            if let Some(table) = own.pop() {
                let t = Instant::now();
                local(
                    desk,
                    "record_result",
                    json!({ "round": round, "table": table, "result": "a", "replace": false, "override_reason": null }),
                );
                report.main_entries.push(t.elapsed());
            }
        } else if let Some((table, player, code)) = jobs.pop_front() {
            let body = json!({ "round": round, "table": table, "code": code, "player": player, "result": "a" }).to_string();
            let t = Instant::now();
            let reply = post(port, "/api/call/report_result", &body, &[]);
            report.reports.push(t.elapsed());
            if reply.status != 200 {
                errors.fetch_add(1, Ordering::Relaxed);
            } else if reply.json()["data"]["status"] == "recorded" {
                report.recorded_by_phones += 1;
            }
        }
        next += interval;
        let now = Instant::now();
        if next > now {
            std::thread::sleep(next - now);
        }
    }
    stop.store(true, Ordering::Relaxed);
    for phone in phones {
        if let Ok((page, room)) = phone.join() {
            report.page.merge(page);
            report.room.merge(room);
        }
    }
    report.errors = errors.load(Ordering::Relaxed);
    report
}

/// One line per figure, for the run's output and the README.
pub fn describe(load: &Load, report: &LoadReport) -> String {
    format!(
        "load: {} phones polling every {:?}, {} reports/s, {:?}, {} players\n\
         page:   n={} p50={:.2} ms p99={:.2} ms\n\
         room:   n={} p50={:.2} ms p99={:.2} ms\n\
         report: n={} p50={:.2} ms p99={:.2} ms (tables recorded by agreeing phones: {})\n\
         main laptop result entry: n={} p50={:.2} ms p99={:.2} ms\n\
         rounds paired during the run: {}; errors: {}\n",
        load.phones,
        load.poll,
        load.reports_per_second,
        load.duration,
        load.players,
        report.page.count(),
        report.page.percentile_ms(50.0),
        report.page.percentile_ms(99.0),
        report.room.count(),
        report.room.percentile_ms(50.0),
        report.room.percentile_ms(99.0),
        report.reports.count(),
        report.reports.percentile_ms(50.0),
        report.reports.percentile_ms(99.0),
        report.recorded_by_phones,
        report.main_entries.count(),
        report.main_entries.percentile_ms(50.0),
        report.main_entries.percentile_ms(99.0),
        report.rounds,
        report.errors,
    )
}
