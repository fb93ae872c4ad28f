//! `tablekeeper-app --selftest`: proves the shipped executable without opening a window.
//!
//! In a temporary folder it creates an event and plays it through the session (players
//! registered, three rounds paired, every result entered), opens it on a desk as the window
//! would, computes the standings, prints the pairings PDF in Japanese (the printout that
//! needs the most of the fonts), shares the event on 127.0.0.1 for a moment and reads the
//! players' page back. It runs before Tauri starts, so it needs no display and no WebView2:
//! the installer test runs it under Wine, a support person on a shop's laptop.
//!
//! Each step is a stable name; the report is one line per step (`ok pairings-pdf`) and the
//! first failure ends it with the error, then a non-zero exit code. The step names are a
//! diagnostic for whoever supports the shop, not words of the interface.

use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use tablekeeper_commands::desk::{Desk, surface};

/// Runs every step; `Err(step, why)` names the first one that failed.
pub fn run(out: &mut impl Write) -> Result<(), (String, String)> {
    let folder = scratch_folder();
    let result = steps(&folder, out);
    let _ = std::fs::remove_dir_all(&folder);
    result
}

fn steps(folder: &Path, out: &mut impl Write) -> Result<(), (String, String)> {
    let mut report = |step: &str| {
        let _ = writeln!(out, "ok {step}");
    };
    let fail = |step: &str| {
        let step = step.to_string();
        move |why: String| (step, why)
    };

    std::fs::create_dir_all(folder).map_err(|e| fail("folder")(e.to_string()))?;
    let event = folder.join("Selftest 自己診断.tkevent");
    // Create, register twelve players (Latin and Japanese names), pair three rounds and
    // enter every result: the session's own write paths.
    let session = tablekeeper_commands::demo::create_demo(&event)
        .map_err(|e| fail("event")(e.to_string()))?;
    drop(session);
    report("event");

    let mut desk = Desk::new(folder.join("app-data"), folder.to_path_buf())
        .with_printer(tablekeeper_print::job::render_request)
        .without_app_state();
    desk.open_for_host(&event)
        .map_err(|e| fail("open")(e.to_string()))?;
    report("open");

    let standings = surface::dispatch(&mut desk, "standings", json!({ "first": null }))
        .map_err(|e| fail("standings")(e.to_string()))?;
    let rows = standings
        .get("rows")
        .and_then(|rows| rows.as_array())
        .map_or(0, Vec::len);
    if rows != 12 {
        return Err(fail("standings")(format!("{rows} rows, not 12")));
    }
    report("standings");

    let printed = surface::dispatch(
        &mut desk,
        "print",
        json!({ "document": "pairings", "round": null, "paper": "a4", "language": "ja",
                "open": false, "output": folder.join("pairings.pdf") }),
    )
    .map_err(|e| fail("pairings-pdf")(e.to_string()))?;
    let pdf = printed
        .get("path")
        .and_then(|p| p.as_str())
        .map(PathBuf::from)
        .ok_or_else(|| fail("pairings-pdf")("no file was written".into()))?;
    let bytes = std::fs::read(&pdf).map_err(|e| fail("pairings-pdf")(e.to_string()))?;
    if !bytes.starts_with(b"%PDF-") || bytes.len() < 1024 {
        return Err(fail("pairings-pdf")(format!(
            "{} is not a PDF ({} bytes)",
            pdf.display(),
            bytes.len()
        )));
    }
    report("pairings-pdf");

    let desk = Arc::new(Mutex::new(desk));
    let options = tablekeeper_lan::ServeOptions {
        bind: IpAddr::from([127, 0, 0, 1]),
        port: 0,
    };
    let server = tablekeeper_lan::Server::start(Arc::clone(&desk), options)
        .map_err(|e| fail("phone-page")(e.to_string()))?;
    let page = read_page(server.port());
    server.stop();
    let page = page.map_err(fail("phone-page"))?;
    if !page.starts_with("HTTP/1.1 200") || !page.contains("<html") {
        let first = page.lines().next().unwrap_or_default().to_string();
        return Err(fail("phone-page")(format!("the page answered {first:?}")));
    }
    report("phone-page");
    Ok(())
}

/// The players' page as a phone asks for it, answer and all.
fn read_page(port: u16) -> Result<String, String> {
    let mut stream =
        TcpStream::connect((IpAddr::from([127, 0, 0, 1]), port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(|e| e.to_string())?;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// A folder of this run's own in the system's temporary folder.
fn scratch_folder() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!(
        "tablekeeper-selftest-{}-{nanos}",
        std::process::id()
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_step_passes_here() {
        let mut out = Vec::new();
        let result = super::run(&mut out);
        let report = String::from_utf8_lossy(&out);
        assert_eq!(result, Ok(()), "{report}");
        for step in ["event", "open", "standings", "pairings-pdf", "phone-page"] {
            assert!(report.contains(&format!("ok {step}\n")), "{report}");
        }
    }
}
