//! The round's sheets on the shop's printer: the print service lists its printers, and one
//! `print_round` sends every sheet chosen, with the copies asked, as one job the printer
//! receives; a printer that is not there is refused in words with `print-failed`, and the
//! PDFs stay written beside the event. Run against a CUPS scheduler of the test's own (on
//! Unix: Windows has no CUPS).

use serde_json::{Value, json};
use tablekeeper_commands::desk::surface::dispatch;
use tablekeeper_commands::desk::{Desk, PrintContext, PrintRequest};
use tablekeeper_commands::{CommandError, Session};

/// A stand-in for the printing crate: a small PDF-like file naming the document.
fn printer(_: &Session, request: &PrintRequest, _: &PrintContext) -> Result<Vec<u8>, CommandError> {
    Ok(format!("%PDF-1.7 {}\n%%EOF\n", request.document.id()).into_bytes())
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

#[test]
fn the_rounds_sheets_go_to_the_printer_as_one_job_with_their_copies() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A short path: a Unix socket's name has at most 107 bytes.
    let scheduler = tempfile::Builder::new()
        .prefix("tkcups")
        .tempdir_in("/tmp")
        .expect("scheduler dir");
    let Some(cups) = crate::support::private_cups::PrivateCups::start(scheduler.path()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs CUPS (./tk setup)"
        );
        return;
    };
    let mut desk = Desk::new(dir.path().join("data"), dir.path().join("events"))
        .with_printer(printer)
        .with_print_server(cups.socket.clone());
    let mut call = |name: &str, request: Value| dispatch(&mut desk, name, request);
    let event = dir.path().join("friday.tkevent").display().to_string();
    call(
        "create_event",
        json!({ "name": "Friday", "ruleset": "bandai", "path": event }),
    )
    .expect("created");
    call(
        "add_players",
        json!({ "names": ["Ann", "Ben", "Cat", "Dan"] }),
    )
    .expect("players");
    call("pair_round", json!({ "allow_rematches": false })).expect("paired");

    let printers = call("printers", Value::Null).expect("printers");
    assert_eq!(printers["service"], true);
    assert_eq!(printers["printers"], json!(["counter"]));

    let request = |printer: &str, copies: u32| json!({ "round": null, "sheets": ["pairings", "slips"], "paper": "a4", "language": "en", "printer": printer, "copies": copies });
    let job = call("print_round", request("counter", 2)).expect("the job accepted");
    assert!(
        job["job"]
            .as_str()
            .is_some_and(|id| id.starts_with("counter-")),
        "{job}"
    );
    let files: Vec<String> = job["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f["path"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(files.len(), 2);
    let pairings = std::fs::read(&files[0]).expect("the pairings written beside the event");
    let slips = std::fs::read(&files[1]).expect("the slips written beside the event");
    let received = cups.received(2 * (pairings.len() + slips.len()));
    assert_eq!(count(&received, &pairings), 2, "the pairings twice");
    assert_eq!(count(&received, &slips), 2, "the slips twice");
    assert_eq!(count(&received, b"%PDF-"), 4, "nothing else");
    // Kept with the event: every copy of it sees the round printed, and where.
    let printed = |call: &mut dyn FnMut(&str, Value) -> Result<Value, CommandError>| {
        call("attention", Value::Null).expect("attention")["round"]["printed"].clone()
    };
    assert_eq!(
        printed(&mut call),
        json!({ "printer": "counter", "copies": 2 })
    );

    let refused = call("print_round", request("nowhere", 1)).expect_err("no such printer");
    assert_eq!(refused.kind().as_str(), "print-failed");
    assert!(
        refused.to_view().message.contains("nowhere"),
        "{:?}",
        refused.to_view()
    );
    let refused = call("print_round", request("counter", 0)).expect_err("no copies");
    assert_eq!(refused.kind().as_str(), "invalid-request");
    // A job refused records nothing: the round is still as the accepted job left it.
    assert_eq!(printed(&mut call)["printer"], "counter");
}
