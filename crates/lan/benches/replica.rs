//! What stations' replicas cost the main laptop's own result entry (docs/lan.md, "The
//! replica"): the p99 of entering one result at the main laptop's desk as the app runs it —
//! the desk's lock, the command, then the wait until every station in step holds the change
//! — with no station, with one and with three stations keeping a replica on loopback (each
//! with an ask always waiting on the main laptop). Goal: at most 1.5 × the run without a
//! station, measured in the same run (each configuration run five times, interleaved).
//! `cargo bench -p tablekeeper-lan --bench replica`.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::surface::dispatch;
use tablekeeper_lan::{Follower, ServeOptions, Server, Station};

/// Players in each measured event (128 tables a round).
const PLAYERS: usize = 256;
/// Rounds entered in each configuration.
const ROUNDS: u32 = 3;
const ASK_EVERY: Duration = Duration::from_millis(50);

fn call(desk: &Mutex<Desk>, name: &str, request: Value) -> Value {
    let mut guard = desk.lock().unwrap_or_else(|p| p.into_inner());
    dispatch(&mut guard, name, request.clone())
        .unwrap_or_else(|e| panic!("{name} {request}: {:?}", e.to_view()))
}

fn percentile(samples: &mut [Duration], part: f64) -> Duration {
    samples.sort();
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let index = ((samples.len() as f64 - 1.0) * part).round() as usize;
    samples[index]
}

/// Result entry times at the main laptop's desk with `stations` stations following.
fn run(stations: usize) -> Vec<Duration> {
    let dir = tempfile::tempdir().expect("tempdir");
    let desk = Arc::new(Mutex::new(Desk::new(
        dir.path().join("data"),
        dir.path().join("events"),
    )));
    let file = dir.path().join("bench.tkevent").display().to_string();
    call(
        &desk,
        "create_event",
        json!({ "name": "Bench", "ruleset": "bandai", "planned_rounds": ROUNDS, "path": file }),
    );
    let names: Vec<String> = (1..=PLAYERS).map(|n| format!("Player {n}")).collect();
    call(&desk, "add_players", json!({ "names": names }));
    let server = Server::start(
        Arc::clone(&desk),
        ServeOptions {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 0,
        },
    )
    .expect("the server starts on loopback");
    let address = format!("127.0.0.1:{}", server.port());
    let waiter = server.waiter();
    let followers: Vec<Follower> = (0..stations)
        .map(|n| {
            let station = Station::join(&address, &server.join_code()).expect("joined");
            let folder = dir.path().join(format!("station-{n}"));
            Follower::start(station, folder, format!("Station {n}"), None, ASK_EVERY)
        })
        .collect();
    let mut samples = Vec::new();
    for _ in 0..ROUNDS {
        let paired = call(&desk, "pair_round", json!({ "allow_rematches": false }));
        let tables: Vec<u64> = paired["tables"]
            .as_array()
            .map(|t| t.iter().filter_map(|t| t["table"].as_u64()).collect())
            .unwrap_or_default();
        for table in tables {
            let request = json!({ "round": null, "table": table, "result": "a", "replace": false, "override_reason": null });
            let started = Instant::now();
            call(&desk, "record_result", request);
            waiter.changed_here().expect("still the main laptop");
            samples.push(started.elapsed());
            // A scorekeeper types a slip in well over 20 ms; the stations ask in between.
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let rows = desk
        .lock()
        .map(|d| d.session().map(|s| s.log_rows()).unwrap_or(0))
        .unwrap_or(0);
    for follower in &followers {
        let state = follower.handle().hold_rows(rows, Duration::from_secs(10));
        assert_eq!(state.problem, None, "the copy is whole");
        assert_eq!(state.rows, Some(rows), "every change reached the copy");
    }
    drop(followers);
    server.stop();
    samples
}

/// Runs of each configuration, interleaved, so a noisy moment of the machine falls on all
/// of them alike; each figure is the median of its runs.
const RUNS: usize = 5;

fn main() {
    let configurations = [0usize, 1, 3];
    let mut p50s = vec![Vec::new(); configurations.len()];
    let mut p99s = vec![Vec::new(); configurations.len()];
    for _ in 0..RUNS {
        for (index, stations) in configurations.iter().enumerate() {
            let mut samples = run(*stations);
            p50s[index].push(percentile(&mut samples, 0.5));
            p99s[index].push(percentile(&mut samples, 0.99));
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let base_runs = p99s[0].clone();
    let base_p99 = percentile(&mut p99s[0], 0.5);
    println!(
        "result entry at the main laptop, no station: p50 {:.2} ms, p99 {:.2} ms (median of {RUNS} runs of {} results)",
        ms(percentile(&mut p50s[0], 0.5)),
        ms(base_p99),
        ROUNDS as usize * PLAYERS / 2
    );
    for (index, stations) in configurations.iter().enumerate().skip(1) {
        let runs: Vec<String> = p99s[index]
            .iter()
            .zip(&base_runs)
            .map(|(p, base)| format!("{:.2}", p.as_secs_f64() / base.as_secs_f64()))
            .collect();
        let p99 = percentile(&mut p99s[index], 0.5);
        println!(
            "with {stations} station(s) keeping a replica: p50 {:.2} ms, p99 {:.2} ms = {:.2} × the p99 without (goal ≤ 1.5; each run against the run without just before it: {})",
            ms(percentile(&mut p50s[index], 0.5)),
            ms(p99),
            p99.as_secs_f64() / base_p99.as_secs_f64(),
            runs.join(", ")
        );
    }
}
