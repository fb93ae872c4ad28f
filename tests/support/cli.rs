//! Running the real `tablekeeper` binary with `--json` from the scenario tests (each test
//! file includes this with `#[path]`).

#![allow(dead_code)] // each test binary uses its own subset

use std::process::Command;

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");

/// Runs `tablekeeper --json ARGS` and returns the envelope.
pub fn run(args: &[&str]) -> Value {
    let output = Command::new(BIN)
        .arg("--json")
        .args(args)
        .output()
        .expect("run tablekeeper");
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {text}"))
}

/// Runs a command that must succeed and returns its data.
pub fn ok(args: &[&str]) -> Value {
    let envelope = run(args);
    assert_eq!(envelope["ok"], true, "{args:?} failed: {envelope}");
    envelope["data"].clone()
}

/// Runs a command that must fail and returns its error (`kind`, `message`).
pub fn error(args: &[&str]) -> Value {
    let envelope = run(args);
    assert_eq!(envelope["ok"], false, "{args:?} should fail: {envelope}");
    envelope["error"].clone()
}

/// The stable kind of the error a failing command reports.
pub fn error_kind(args: &[&str]) -> String {
    error(args)["kind"].as_str().unwrap_or_default().to_string()
}
