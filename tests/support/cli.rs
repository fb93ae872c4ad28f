//! Running the real `tablekeeper` binary with `--json` from the scenario tests (each test
//! file includes this with `#[path]`).

#![allow(dead_code)] // each test binary uses its own subset

use std::process::Command;

#[path = "process.rs"]
pub mod process;

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");

/// Runs `tablekeeper --json ARGS` and returns the envelope.
pub fn run(args: &[&str]) -> Value {
    let output =
        process::output(Command::new(BIN).arg("--json").args(args)).expect("run tablekeeper");
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

/// The text layer of a PDF (`pdftotext -layout`, from poppler-utils, which `./tk setup`
/// installs). `None` only in the Windows run under Wine, where poppler is not a Windows
/// program: there the file is checked to be a PDF, and its words are checked by the Linux
/// run of the same test.
pub fn pdf_text(pdf: &std::path::Path) -> Option<String> {
    let output = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output();
    match output {
        Err(e) if cfg!(windows) && e.kind() == std::io::ErrorKind::NotFound => {
            let bytes = std::fs::read(pdf).expect("the PDF is written");
            assert!(bytes.starts_with(b"%PDF-"), "{} is a PDF", pdf.display());
            eprintln!(
                "no pdftotext on Windows: the text of {} is checked on Linux",
                pdf.display()
            );
            None
        }
        Err(e) => panic!("pdftotext (poppler-utils) is installed by ./tk setup: {e}"),
        Ok(output) => {
            assert!(output.status.success(), "pdftotext reads {}", pdf.display());
            Some(String::from_utf8(output.stdout).expect("utf-8 text"))
        }
    }
}
