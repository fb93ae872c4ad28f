//! The round's sheets without a printer to send to (none chosen, or Windows): `print_round`
//! puts every sheet, each as often as the copies asked, into one PDF beside the event, to
//! print from one dialog; the event records the round as printed by hand, and the record is
//! in the event file (a station's copy and a laptop that takes over read it), kept when the
//! event is opened again. Runs on every platform, under Wine too.

use serde_json::{Value, json};
use tablekeeper_commands::desk::Desk;
use tablekeeper_commands::desk::surface::dispatch;

fn desk(dir: &tempfile::TempDir) -> Desk {
    Desk::new(dir.path().join("data"), dir.path().join("events"))
        .with_printer(tablekeeper_print::job::render_request)
        .with_pdf_merger(tablekeeper_print::job::merge_sheets)
}

fn pages(path: &str) -> usize {
    lopdf::Document::load(path)
        .expect("a PDF")
        .get_pages()
        .len()
}

#[test]
fn the_rounds_sheets_by_hand_are_one_pdf_and_the_event_knows_they_are_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("friday.tkevent").display().to_string();
    let mut desk = desk(&dir);
    let mut call = |name: &str, request: Value| {
        dispatch(&mut desk, name, request).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    call(
        "create_event",
        json!({ "name": "Friday 金曜", "ruleset": "bandai", "path": event }),
    );
    call(
        "add_players",
        json!({ "names": ["Ann", "Ben", "Cat", "Dan", "Эля", "김민준", "王芳", "佐藤 花子", "Zoë"] }),
    );
    call("pair_round", json!({ "allow_rematches": false }));
    assert_eq!(
        call("attention", Value::Null)["round"]["printed"],
        Value::Null
    );

    // Each sheet alone, as `print` writes it, to count its pages.
    let alone = |call: &mut dyn FnMut(&str, Value) -> Value, document: &str| {
        let view = call(
            "print",
            json!({ "document": document, "round": null, "paper": "a4", "language": "ja", "open": false }),
        );
        pages(view["path"].as_str().expect("path"))
    };
    let pairings = alone(&mut call, "pairings");
    let slips = alone(&mut call, "slips");

    let view = call(
        "print_round",
        json!({ "round": null, "sheets": ["pairings", "slips"], "paper": "a4", "language": "ja", "printer": null, "copies": 2 }),
    );
    assert_eq!(view["round"], 1);
    assert_eq!(view["job"], Value::Null);
    let path = view["path"].as_str().expect("the one PDF");
    assert!(path.ends_with("round-sheets-round-1-ja.pdf"), "{path}");
    assert_eq!(
        pages(path),
        2 * (pairings + slips),
        "each sheet twice, in one file"
    );
    assert_eq!(
        call("attention", Value::Null)["round"]["printed"],
        json!({ "printer": null, "copies": 2 })
    );
    let history = call("history", Value::Null);
    let last = history.as_array().and_then(|h| h.last()).expect("a step");
    assert_eq!(
        last["description"][0]["key"], "history.printed-by-hand",
        "{last}"
    );

    // Kept with the event: opened again, the round is still printed; undo leaves it.
    call("close_event", Value::Null);
    call("open_event", json!({ "path": event }));
    assert_eq!(
        call("attention", Value::Null)["round"]["printed"]["copies"],
        2
    );
    call("undo", Value::Null);
    assert_eq!(
        call("attention", Value::Null)["round"],
        Value::Null,
        "the pairing taken back"
    );
}

#[test]
fn copies_out_of_range_an_empty_printer_name_and_a_round_not_there_are_refused_and_record_nothing()
{
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("friday.tkevent").display().to_string();
    let mut desk = desk(&dir);
    dispatch(
        &mut desk,
        "create_event",
        json!({ "name": "Friday", "ruleset": "bandai", "path": event }),
    )
    .expect("created");
    dispatch(
        &mut desk,
        "add_players",
        json!({ "names": ["Ann", "Ben", "Cat", "Dan"] }),
    )
    .expect("players");
    dispatch(&mut desk, "pair_round", json!({ "allow_rematches": false })).expect("paired");
    for (printer, copies) in [(json!(null), 0), (json!(null), 21), (json!("  "), 1)] {
        let refused = dispatch(
            &mut desk,
            "print_round",
            json!({ "round": null, "sheets": ["pairings"], "paper": "a4", "language": "en", "printer": printer, "copies": copies }),
        )
        .expect_err("refused");
        assert_eq!(refused.kind().as_str(), "invalid-request");
    }
    let refused = dispatch(
        &mut desk,
        "print_round",
        json!({ "round": 9, "sheets": ["pairings"], "paper": "a4", "language": "en", "printer": null, "copies": 1 }),
    )
    .expect_err("no round 9");
    assert_eq!(refused.kind().as_str(), "unknown-round");
    let attention = dispatch(&mut desk, "attention", Value::Null).expect("attention");
    assert_eq!(attention["round"]["printed"], Value::Null);
}
