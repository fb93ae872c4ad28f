//! A fuzz target over raw request bytes for the parser and the router: random
//! bytes, mutated valid requests and requests built from hostile parts go through the
//! server's own HTTP stack, limits and router over an in-memory pipe. Every answer is a
//! well-formed HTTP answer or a closed connection, never a 500, nothing is written to the
//! event, and the server still answers a valid request afterwards. Bounded: a fixed number
//! of cases (`FUZZ_CASES`, default 5000), each within two seconds.

use crate::support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tablekeeper_commands::desk::Desk;
use tablekeeper_lan::testing::Harness;

const VALID: &str = "POST /api/call/report_result HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: 68\r\n\r\n{\"round\":1,\"table\":1,\"code\":\"AAAAA\",\"player\":1,\"result\":\"2-1\"}   ";

fn methods() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("GET".to_string()),
        Just("POST".to_string()),
        Just("HEAD".to_string()),
        Just("PUT".to_string()),
        Just("OPTIONS".to_string()),
        "[A-Z]{0,12}",
        ".{0,8}",
    ]
}

fn paths() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("/".to_string()),
        Just("/api/call/room".to_string()),
        Just("/api/call/report_result".to_string()),
        Just("/api/call/record_result".to_string()),
        Just("/api/join".to_string()),
        Just("/api/commands".to_string()),
        "/api/call/[a-z_]{0,30}",
        "/[ -~]{0,200}",
        "[^\r\n]{0,50}",
    ]
}

fn headers() -> impl Strategy<Value = Vec<String>> {
    let header = prop_oneof![
        Just("Host: 127.0.0.1:8080".to_string()),
        Just("Host: evil.example".to_string()),
        Just("Content-Type: application/json".to_string()),
        Just("Transfer-Encoding: chunked".to_string()),
        Just("Connection: close".to_string()),
        Just("Origin: http://evil.example".to_string()),
        Just("Authorization: Bearer 00".to_string()),
        Just("Expect: 100-continue".to_string()),
        (0u64..u64::MAX).prop_map(|n| format!("Content-Length: {n}")),
        "Content-Length: [-0-9a-z ]{0,24}",
        "X-Language: [a-zA-Z-]{0,12}",
        "Idempotency-Key: [ -~]{0,300}",
        "[ -~]{0,60}",
    ];
    prop::collection::vec(header, 0..12)
}

/// A request built from hostile parts.
fn built() -> impl Strategy<Value = Vec<u8>> {
    (
        methods(),
        paths(),
        headers(),
        prop::collection::vec(any::<u8>(), 0..512),
    )
        .prop_map(|(method, path, headers, body)| {
            let mut raw = format!("{method} {path} HTTP/1.1\r\n").into_bytes();
            for header in headers {
                raw.extend_from_slice(header.as_bytes());
                raw.extend_from_slice(b"\r\n");
            }
            raw.extend_from_slice(b"\r\n");
            raw.extend_from_slice(&body);
            raw
        })
}

/// A valid request with bytes flipped, inserted or cut.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec((0usize..VALID.len(), any::<u8>(), 0u8..3), 1..8),
        0usize..=VALID.len(),
    )
        .prop_map(|(edits, cut)| {
            let mut bytes = VALID.as_bytes().to_vec();
            for (at, byte, how) in edits {
                let at = at.min(bytes.len().saturating_sub(1));
                match how {
                    0 if !bytes.is_empty() => bytes[at] = byte,
                    1 => bytes.insert(at, byte),
                    _ if !bytes.is_empty() => {
                        bytes.remove(at);
                    }
                    _ => {}
                }
            }
            bytes.truncate(cut.max(1));
            bytes
        })
}

fn requests() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..2048),
        mutated(),
        built(),
        // Several requests in one write (pipelining), some of them broken.
        prop::collection::vec(prop_oneof![built(), mutated()], 2..5)
            .prop_map(|parts| parts.concat()),
    ]
}

/// `HTTP/1.1 NNN ` at the start of every answer in `bytes`, and the statuses.
fn statuses(bytes: &[u8]) -> Vec<u16> {
    let text = String::from_utf8_lossy(bytes);
    text.match_indices("HTTP/1.1 ")
        .filter_map(|(at, _)| text.get(at + 9..at + 12)?.parse().ok())
        .collect()
}

#[test]
fn raw_bytes_never_break_the_parser_or_the_router() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (1..=8).map(|i| format!("Player {i}")).collect();
    let desk: Arc<Mutex<Desk>> = support::event(dir.path(), &names, "agree");
    let rows = |desk: &Mutex<Desk>| {
        desk.lock()
            .expect("desk")
            .session()
            .map(|s| s.revision())
            .expect("an open event")
    };
    let before = rows(&desk);
    let harness = Harness::new(Arc::clone(&desk)).expect("a harness");
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let mut runner = TestRunner::new(Config {
        cases,
        max_shrink_iters: 200,
        failure_persistence: None,
        ..Config::default()
    });
    let seen = Mutex::new(std::collections::BTreeMap::<u16, usize>::new());
    let outcome = runner.run(&requests(), |bytes| {
        let answer = harness.exchange(&bytes, Duration::from_secs(2));
        {
            let mut seen = seen.lock().expect("counts");
            for status in statuses(&answer) {
                *seen.entry(status).or_default() += 1;
            }
            if answer.is_empty() {
                *seen.entry(0).or_default() += 1;
            }
        }
        if !answer.is_empty() {
            prop_assert!(
                answer.starts_with(b"HTTP/1.1 "),
                "not an HTTP answer: {:?}",
                String::from_utf8_lossy(&answer[..answer.len().min(200)])
            );
        }
        for status in statuses(&answer) {
            prop_assert!(
                (100..600).contains(&status) && status != 500,
                "status {status}"
            );
        }
        Ok(())
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
    let seen = seen.into_inner().expect("counts");
    eprintln!("fuzz: {cases} cases; answers by status (0: closed without one): {seen:?}");
    // The cases reach the router, not only the parser.
    assert!(
        seen.keys()
            .any(|&status| (200..300).contains(&status) || status == 403)
    );
    assert_eq!(
        rows(&desk),
        before,
        "random bytes wrote nothing to the event"
    );
    let answer = harness.exchange(
        b"POST /api/call/room HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\nnull",
        Duration::from_secs(5),
    );
    assert_eq!(
        statuses(&answer).first(),
        Some(&200),
        "{}",
        String::from_utf8_lossy(&answer)
    );
}
