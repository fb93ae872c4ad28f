//! Through the real binary: a day run on paper is entered again
//! round by round as given (`enter-pairing` from a CSV, `results` as one step each) and
//! ends with the same standings as the event it was played from; plus the commands that
//! used to be the CLI's alone in spirit but now are the surface's: `edit-player`,
//! `result --preview`, `breakdown`, `import-archive`.

#[path = "support/cli.rs"]
mod cli;

use std::io::Write;
use std::process::{Command, Stdio};

use cli::{BIN, error_kind, ok, run};
use serde_json::Value;

const RESULTS: [&str; 6] = ["a", "b", "1-0", "0-1", "draw", "a"];

fn create(file: &str, players: u32) {
    ok(&[
        "create",
        file,
        "--name",
        "Paper day",
        "--ruleset",
        "bushiroad-en",
        "--rounds",
        "4",
        "--seed",
        "7",
    ]);
    for n in 1..=players {
        ok(&["add-player", file, &format!("Player {n:02}")]);
    }
}

/// `tablekeeper --json results FILE -` with `lines` on standard input.
fn results_from_stdin(file: &str, lines: &str) -> Value {
    let mut child = Command::new(BIN)
        .args(["--json", "results", file, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run tablekeeper");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(lines.as_bytes())
        .expect("write results");
    let output = child.wait_with_output().expect("wait");
    let envelope: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(envelope["ok"], true, "{envelope}");
    envelope["data"].clone()
}

fn name(seat: &Value) -> String {
    seat["name"].as_str().expect("name").to_string()
}

#[test]
fn a_paper_event_entered_as_given_has_the_standings_of_the_event_it_was_played_from() {
    let dir = tempfile::tempdir().expect("tempdir");
    let played = dir.path().join("played.tkevent");
    let played = played.to_str().expect("utf-8");
    let paper = dir.path().join("paper.tkevent");
    let paper = paper.to_str().expect("utf-8");
    create(played, 15);
    create(paper, 15);
    for round in 1..=4u32 {
        // The event as it was played: the pairer's round and its results.
        let pairings = ok(&["pair", played, "--seed", &round.to_string()]);
        let mut csv = String::from("table,player_a,player_b\n");
        let mut lines = String::new();
        for (index, table) in pairings["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .enumerate()
        {
            let number = table["table"].as_u64().expect("table");
            csv.push_str(&format!(
                "{number},{},{}\n",
                name(&table["a"]),
                name(&table["b"])
            ));
            lines.push_str(&format!(
                "{number} {}\n",
                RESULTS[(index + round as usize) % 6]
            ));
        }
        for bye in pairings["byes"].as_array().expect("byes") {
            csv.push_str(&format!(",{},\n", name(bye)));
        }
        let written = dir.path().join(format!("round-{round}.csv"));
        std::fs::write(&written, &csv).expect("write CSV");
        let lines_file = dir.path().join(format!("results-{round}.txt"));
        std::fs::write(&lines_file, &lines).expect("write results");
        ok(&["results", played, lines_file.to_str().expect("utf-8")]);

        // The same round entered from paper: one step for the pairings, one for results.
        let entered = ok(&[
            "enter-pairing",
            paper,
            written.to_str().expect("utf-8"),
            "--reason",
            "played on paper",
        ]);
        assert_eq!(entered["round"], round);
        // The pairer's own round: no rematch, no second bye (a pair-down is only noted).
        let warnings = entered["warnings"].as_array().cloned().unwrap_or_default();
        assert!(
            warnings
                .iter()
                .all(|w| w["key"] == "warning.pairing.different-points"),
            "{entered}"
        );
        let recorded = results_from_stdin(paper, &lines);
        assert_eq!(
            recorded.as_array().map(Vec::len),
            pairings["tables"].as_array().map(Vec::len)
        );
    }
    let expected = ok(&["standings", played]);
    let actual = ok(&["standings", paper]);
    assert_eq!(expected["rows"], actual["rows"]);
    // One step per registration, per round entered and per round of results.
    let history = ok(&["history", paper]);
    assert_eq!(history.as_array().map(Vec::len), Some(15 + 8));
}

#[test]
fn a_pairing_entered_as_given_warns_about_a_rematch_and_a_second_bye() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("utf-8");
    create(file, 3);
    let csv = dir.path().join("r.csv");
    std::fs::write(&csv, "1,1,2\n,3,\n").expect("write");
    let csv = csv.to_str().expect("utf-8");
    ok(&["enter-pairing", file, csv, "--reason", "paper"]);
    ok(&["result", file, "1", "a"]);
    let again = ok(&["enter-pairing", file, csv, "--reason", "paper"]);
    let keys: Vec<&str> = again["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["key"].as_str())
        .collect();
    assert!(keys.iter().any(|k| k.contains("rematch")), "{keys:?}");
    assert!(keys.iter().any(|k| k.contains("bye")), "{keys:?}");
    // A player missing from the paper is refused, and nothing is paired.
    let short = dir.path().join("short.csv");
    std::fs::write(&short, "1,1,2\n").expect("write");
    ok(&["result", file, "1", "b"]);
    let kind = error_kind(&[
        "enter-pairing",
        file,
        short.to_str().expect("utf-8"),
        "--reason",
        "x",
    ]);
    assert!(!kind.is_empty());
    assert_eq!(ok(&["status", file])["rounds_paired"], 2);
}

#[test]
fn results_are_all_stored_or_none() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("utf-8");
    create(file, 8);
    ok(&["pair", file, "--seed", "1"]);
    let lines = dir.path().join("bad.txt");
    std::fs::write(&lines, "1 a\n2 nonsense\n").expect("write");
    assert_eq!(
        error_kind(&["results", file, lines.to_str().expect("utf-8")]),
        "invalid-result"
    );
    let pairings = ok(&["pairings", file]);
    assert!(
        pairings["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .all(|t| t["result"].is_null())
    );
}

#[test]
fn a_preview_is_what_is_then_recorded_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("utf-8");
    create(file, 6);
    ok(&["pair", file, "--seed", "3"]);
    for (index, result) in ["1-0", "b", "draw", "noshow-a", "dw", "0-1"]
        .iter()
        .enumerate()
    {
        let before = ok(&["pairings", file])["tables"][0]["result"].clone();
        let preview = ok(&["result", file, "1", result, "--replace", "--preview"]);
        assert_eq!(ok(&["pairings", file])["tables"][0]["result"], before);
        assert_eq!(before.is_null(), index == 0);
        let recorded = ok(&["result", file, "1", result, "--replace"]);
        assert_eq!(preview["result"], recorded["result"], "{result}");
        assert_eq!(preview["a"], recorded["a"], "{result}");
        assert_eq!(preview["b"], recorded["b"], "{result}");
    }
}

#[test]
fn edit_player_keeps_what_is_left_out_and_clears_what_is_empty() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("utf-8");
    create(file, 2);
    ok(&[
        "edit-player",
        file,
        "1",
        "--reading",
        "いち",
        "--player-id",
        "P-1",
    ]);
    let edited = ok(&[
        "edit-player",
        file,
        "Player 01",
        "--name",
        "佐藤 一",
        "--player-id",
        "",
    ]);
    assert_eq!(edited["name"], "佐藤 一");
    assert_eq!(edited["reading"], "いち");
    assert!(edited["publisher_id"].is_null(), "{edited}");
    assert_eq!(
        error_kind(&["edit-player", file, "2", "--name", "佐藤 一"]),
        "duplicate-player"
    );
    assert_eq!(
        error_kind(&["edit-player", file, "2"]),
        "invalid-request",
        "nothing to change logs no empty step"
    );
    // One step each, and undo is real.
    ok(&["undo", file]);
    assert_eq!(ok(&["players", file])[0]["name"], "Player 01");
}

#[test]
fn breakdown_and_an_archive_round_trip() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("e.tkevent");
    let file = file.to_str().expect("utf-8");
    create(file, 4);
    ok(&["pair", file, "--seed", "5"]);
    ok(&["result", file, "1", "a"]);
    ok(&["result", file, "2", "b"]);
    let breakdown = ok(&["breakdown", file]);
    assert_eq!(breakdown["players"].as_array().map(Vec::len), Some(4));
    assert_eq!(breakdown["completed_rounds"], 1);
    let archive = dir.path().join("e.json");
    ok(&["export", file, "--output", archive.to_str().expect("utf-8")]);
    let copy = dir.path().join("copy.tkevent");
    let copy = copy.to_str().expect("utf-8");
    ok(&["import-archive", archive.to_str().expect("utf-8"), copy]);
    assert_eq!(
        ok(&["standings", file])["rows"],
        ok(&["standings", copy])["rows"]
    );
    let not_an_archive = dir.path().join("x.json");
    std::fs::write(&not_an_archive, "{}").expect("write");
    let refused = run(&[
        "import-archive",
        not_an_archive.to_str().expect("utf-8"),
        copy,
    ]);
    assert_eq!(refused["error"]["kind"], "not-an-archive");
}
