//! The station link on the wire (point 4): a relay on loopback between a station
//! and the main laptop keeps every byte that crosses it. Neither the station's token nor any
//! result it enters is in those bytes, and a station given a join code that names another
//! certificate refuses to connect (nothing is sent, nothing recorded).

use std::io::{Read, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::{LOOPBACK, event, local, serve};
use serde_json::{Value, json};

/// A relay on 127.0.0.1 to `port`, keeping every byte each way. Stops with the test.
struct Relay {
    port: u16,
    seen: Arc<Mutex<Vec<u8>>>,
}

impl Relay {
    fn to(port: u16) -> Relay {
        let listener = TcpListener::bind((IpAddr::from(LOOPBACK), 0)).expect("relay");
        let relay_port = listener.local_addr().expect("address").port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&seen);
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let Ok(server) = TcpStream::connect((IpAddr::from(LOOPBACK), port)) else {
                    continue;
                };
                for (mut from, mut to) in [
                    (client.try_clone(), server.try_clone()),
                    (server.try_clone(), client.try_clone()),
                ]
                .into_iter()
                .filter_map(|(a, b)| Some((a.ok()?, b.ok()?)))
                {
                    let kept = Arc::clone(&kept);
                    std::thread::spawn(move || {
                        let _ = from.set_read_timeout(Some(Duration::from_secs(30)));
                        let mut buffer = [0u8; 16 * 1024];
                        while let Ok(n) = from.read(&mut buffer) {
                            if n == 0 || to.write_all(&buffer[..n]).is_err() {
                                break;
                            }
                            kept.lock().expect("bytes").extend_from_slice(&buffer[..n]);
                        }
                        let _ = to.shutdown(Shutdown::Write);
                    });
                }
            }
        });
        Relay {
            port: relay_port,
            seen,
        }
    }

    fn bytes(&self) -> Vec<u8> {
        self.seen.lock().expect("bytes").clone()
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn the_station_link_carries_neither_the_token_nor_a_result_in_clear() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = ["Wire Alpha", "Wire Bravo", "Wire Charlie", "Wire Delta"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let desk = event(dir.path(), &names, "off");
    let server = serve(&desk, IpAddr::from(LOOPBACK));
    let relay = Relay::to(server.port());
    let station =
        tablekeeper_lan::Station::join(&format!("127.0.0.1:{}", relay.port), &server.join_code())
            .expect("the station joins through the relay");
    station
        .call(
            "record_result",
            &json!({ "round": 1, "table": 1, "result": "a", "replace": false, "override_reason": null }),
        )
        .expect("recorded through the relay");
    let pairings = station
        .call("pairings", &json!({ "round": null }))
        .expect("read through the relay");
    assert_eq!(pairings["tables"][0]["result"]["winner"], "a");
    let recorded = local(&desk, "pairings", json!({ "round": null }));
    assert_eq!(recorded["tables"][0]["result"]["winner"], "a");
    // The token the station holds: the server gave out exactly one.
    let bytes = relay.bytes();
    assert!(
        bytes.len() > 1000,
        "the relay saw the link ({} bytes)",
        bytes.len()
    );
    for clear in [
        &b"record_result"[..],
        b"Bearer",
        b"\"result\"",
        b"Wire Alpha",
        b"\"token\"",
        b"Idempotency-Key",
        b"HTTP/1.1",
        server.join_code().replace('-', "").as_bytes(),
        tablekeeper_lan::testing::parse_join_code(&server.join_code())
            .map(|(secret, _)| secret)
            .unwrap_or_default()
            .as_bytes(),
    ] {
        assert!(
            !contains(&bytes, clear),
            "'{}' crossed the wire in clear",
            String::from_utf8_lossy(clear)
        );
    }
    server.stop();
}

#[test]
fn a_station_refuses_a_main_laptop_whose_certificate_the_code_does_not_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=4).map(|i| format!("Player {i}")).collect();
    let desk = event(dir.path(), &names, "off");
    let server = serve(&desk, IpAddr::from(LOOPBACK));
    let relay = Relay::to(server.port());
    // The right secret with another certificate's fingerprint: what a device in the middle
    // with a certificate of its own would need the station to accept.
    let (secret, fingerprint) =
        tablekeeper_lan::testing::parse_join_code(&server.join_code()).expect("a code");
    let other: String = fingerprint
        .chars()
        .map(|c| if c == '2' { '3' } else { '2' })
        .collect();
    let code = tablekeeper_lan::testing::join_code(&secret, &other);
    let history_before = local(&desk, "history", Value::Null);
    let refused = tablekeeper_lan::Station::join(&format!("127.0.0.1:{}", relay.port), &code)
        .expect_err("a certificate the code does not name");
    assert_eq!(refused.kind.as_str(), "not-allowed", "{refused:?}");
    assert_eq!(refused.key, "error.not-allowed.wrong-certificate");
    // The secret never reached the relay, and nothing changed.
    assert!(!contains(&relay.bytes(), secret.as_bytes()));
    assert_eq!(history_before, local(&desk, "history", Value::Null));
    server.stop();
}
