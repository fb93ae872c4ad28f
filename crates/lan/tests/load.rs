//! A short, bounded version of the room's load run on loopback (the full one is
//! `cargo run --release -p tablekeeper-lan --example room_load`): phones polling, players
//! reporting and the main laptop entering results at the same time, with no errors and
//! every agreeing pair recorded. It stops by itself after a few seconds.

mod support;

use std::net::IpAddr;
use std::time::Duration;

use support::{LOOPBACK, Load, describe, event, run_load, serve};

#[test]
fn phones_reports_and_the_main_laptop_together_make_no_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let load = Load {
        players: 64,
        phones: 40,
        poll: Duration::from_millis(500),
        reports_per_second: 40,
        duration: Duration::from_secs(4),
        main_entries_per_second: 4,
    };
    let names: Vec<String> = (1..=load.players).map(|i| format!("Player {i}")).collect();
    let desk = event(dir.path(), &names, "agree");
    let server = serve(&desk, IpAddr::from(LOOPBACK));
    let report = run_load(&desk, server.port(), load);
    server.stop();
    eprintln!("{}", describe(&load, &report));
    assert_eq!(report.errors, 0, "{}", describe(&load, &report));
    assert!(report.room.count() >= load.phones * 4, "every phone polled");
    assert!(
        report.recorded_by_phones > 0,
        "agreeing reports were recorded"
    );
    assert!(
        report.main_entries.count() > 0,
        "the main laptop entered results"
    );
}
