//! The room's load run (issue 15): 300 phones polling every 2 s, 50 reports a second and
//! the main laptop entering results, for 60 s, all on loopback; prints p50/p99 latencies,
//! errors and the main laptop's own result-entry p99. Stops by itself.
//!
//!     cargo run --release -p tablekeeper-lan --example room_load [-- SECONDS]

#[path = "../tests/support/mod.rs"]
mod support;

use std::net::IpAddr;
use std::time::Duration;

use support::{LOOPBACK, Load, describe, event, run_load, serve};

fn main() {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60u64)
        .clamp(1, 600);
    let load = Load {
        players: 1024,
        phones: 300,
        poll: Duration::from_secs(2),
        reports_per_second: 50,
        duration: Duration::from_secs(seconds),
        main_entries_per_second: 5,
    };
    let Ok(dir) = tempfile::tempdir() else {
        eprintln!("room_load: no temporary folder");
        std::process::exit(2);
    };
    let names: Vec<String> = (1..=load.players).map(|i| format!("Player {i}")).collect();
    let desk = event(dir.path(), &names, "agree");
    let server = serve(&desk, IpAddr::from(LOOPBACK), 16);
    let report = run_load(&desk, server.port(), load);
    server.stop();
    print!("{}", describe(&load, &report));
    if report.errors > 0 {
        std::process::exit(1);
    }
}
