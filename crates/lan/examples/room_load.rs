//! The room's load run: 300 phones polling every 2 s, 50 reports a second and
//! the main laptop entering results, for 60 s, all on loopback; prints p50/p99 latencies,
//! errors and the main laptop's own result-entry p99. Stops by itself.
//!
//!     cargo run --release -p tablekeeper-lan --example room_load [-- SECONDS]

#[path = "../tests/support/mod.rs"]
mod support;

use std::net::IpAddr;
use std::time::Duration;

use support::{LOOPBACK, Latencies, Load, describe, event, local, run_load, serve};

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
    // Baseline, same process: the main laptop's result entry with nobody on the network.
    let quiet = event(&dir.path().join("baseline"), &names, "agree");
    let mut baseline = Latencies::default();
    for table in 1..=100u32 {
        let t = std::time::Instant::now();
        local(
            &quiet,
            "record_result",
            serde_json::json!({ "round": 1, "table": table, "result": "a", "replace": false, "override_reason": null }),
        );
        baseline.push(t.elapsed());
    }
    drop(quiet);
    let desk = event(&dir.path().join("load"), &names, "agree");
    let server = serve(&desk, IpAddr::from(LOOPBACK));
    let report = run_load(&desk, server.port(), load);
    server.stop();
    print!("{}", describe(&load, &report));
    println!(
        "baseline main laptop result entry (no load, same process): n={} p50={:.2} ms p99={:.2} ms; under load p99 is {:.2}x",
        baseline.count(),
        baseline.percentile_ms(50.0),
        baseline.percentile_ms(99.0),
        report.main_entries.percentile_ms(99.0) / baseline.percentile_ms(99.0).max(0.001)
    );
    if report.errors > 0 {
        std::process::exit(1);
    }
}
