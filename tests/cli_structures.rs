//! Scenario tests of the event structures through the real `tablekeeper` binary: a
//! 12-fighter Bushiroad two-loss elimination (000 §3.2.2–§3.2.2.2) and a 5-player Crossover
//! round robin (004 VIII), from `create` to the final standings.

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");

fn run(args: &[&str]) -> Value {
    let output = Command::new(BIN)
        .arg("--json")
        .args(args)
        .output()
        .expect("run tablekeeper");
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {text}"))
}

fn ok(args: &[&str]) -> Value {
    let envelope = run(args);
    assert_eq!(envelope["ok"], true, "{args:?} failed: {envelope}");
    envelope["data"].clone()
}

fn error(args: &[&str]) -> Value {
    let envelope = run(args);
    assert_eq!(envelope["ok"], false, "{args:?} should fail: {envelope}");
    envelope["error"].clone()
}

/// Enters every open table of the current round: the seat with the lower player id wins,
/// except that `draw_table` (if any) is drawn.
fn finish_round(file: &str, draw_table: Option<u64>) {
    let pairings = ok(&["pairings", file]);
    for table in pairings["tables"].as_array().expect("tables") {
        if !table["result"].is_null() {
            continue;
        }
        let number = table["table"].as_u64().expect("table number");
        let a = table["a"]["player"].as_u64().expect("a");
        let b = table["b"]["player"].as_u64().expect("b");
        let result = if Some(number) == draw_table {
            "draw"
        } else if a < b {
            "a"
        } else {
            "b"
        };
        ok(&["result", file, &number.to_string(), result]);
    }
}

fn create(dir: &tempfile::TempDir, name: &str, args: &[&str], players: usize) -> String {
    let file = dir.path().join(format!("{name}.tkevent"));
    let file = file.to_str().expect("utf-8 path").to_string();
    let mut create = vec!["create", file.as_str(), "--name", name];
    create.extend_from_slice(args);
    ok(&create);
    for n in 0..players {
        ok(&["add-player", &file, &format!("Player {:02}", n + 1)]);
    }
    file
}

/// Issue #4 scenario: 12 fighters, Bushiroad two-loss elimination. Fighters with two losses
/// (a draw counts as one) are never paired again; the event stops by itself when one fighter
/// is left undefeated, and the standings rank by wins.
#[test]
fn bushiroad_en_12_fighters_two_loss_elimination() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "two-loss",
        &["--ruleset", "bushiroad-en", "--structure", "two-loss"],
        12,
    );
    let summary = ok(&["status", &file]);
    assert_eq!(summary["structure"], "two-loss");
    let mut rounds = 0;
    loop {
        let paired = run(&["pair", &file]);
        if paired["ok"] == false {
            assert_eq!(paired["error"]["kind"], "structure-finished", "{paired}");
            let message = paired["error"]["message"].as_str().unwrap_or_default();
            assert!(message.contains("undefeated"), "{message}");
            break;
        }
        rounds += 1;
        let standings = ok(&["standings", &file]);
        let eliminated: Vec<u64> = standings["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|r| r["eliminated"] == true)
            .map(|r| r["player"].as_u64().expect("player"))
            .collect();
        for table in paired["data"]["tables"].as_array().expect("tables") {
            for seat in ["a", "b"] {
                let player = table[seat]["player"].as_u64().expect("player");
                assert!(
                    !eliminated.contains(&player),
                    "round {rounds}: eliminated player {player} paired"
                );
            }
        }
        finish_round(&file, (rounds == 2).then_some(1));
        assert!(rounds <= 8, "the elimination ends by itself");
    }
    let standings = ok(&["standings", &file]);
    let rows = standings["rows"].as_array().expect("rows");
    let undefeated: Vec<&Value> = rows
        .iter()
        .filter(|r| r["losses"] == 0 && r["draws"] == 0)
        .collect();
    assert_eq!(undefeated.len(), 1, "one fighter is left undefeated");
    assert_eq!(
        rows[0]["player"], undefeated[0]["player"],
        "and leads the standings"
    );
    // Ranked by wins first (000 §3.2.2.2).
    let wins: Vec<u64> = rows
        .iter()
        .map(|r| r["wins"].as_u64().expect("wins"))
        .collect();
    assert!(
        wins.windows(2).all(|w| w[0] >= w[1]),
        "wins never increase down the standings: {wins:?}"
    );
    for row in rows {
        let losses =
            row["losses"].as_u64().expect("losses") + row["draws"].as_u64().expect("draws");
        assert_eq!(row["eliminated"] == true, losses >= 2, "{row}");
    }
}

/// Issue #4 scenario: a 5-player Crossover round robin: 5 rounds with one bye each, everyone
/// meets everyone once, late entries are refused, the round-robin tiebreakers rank, and a
/// sixth round is refused because the schedule is complete.
#[test]
fn crossover_5_player_round_robin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "round-robin",
        &["--ruleset", "crossover", "--structure", "round-robin"],
        5,
    );
    let mut met = std::collections::BTreeSet::new();
    for round in 1..=5 {
        let paired = ok(&["pair", &file]);
        assert_eq!(paired["round"], round);
        assert_eq!(paired["tables"].as_array().expect("tables").len(), 2);
        assert_eq!(paired["byes"].as_array().expect("byes").len(), 1);
        for table in paired["tables"].as_array().expect("tables") {
            let a = table["a"]["player"].as_u64().expect("a");
            let b = table["b"]["player"].as_u64().expect("b");
            assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} met twice");
        }
        if round == 1 {
            assert_eq!(
                error(&["add-player", &file, "Late Comer"])["kind"],
                "late-entry-refused"
            );
        }
        finish_round(&file, None);
    }
    assert_eq!(met.len(), 10, "every pair of the 5 players met once");
    assert_eq!(error(&["pair", &file])["kind"], "structure-finished");
    let standings = ok(&["standings", &file]);
    assert_eq!(
        standings["chain"],
        serde_json::json!(["head-to-head", "game-losses", "game-wins"])
    );
    let order: Vec<u64> = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["player"].as_u64().expect("player"))
        .collect();
    assert_eq!(order, vec![1, 2, 3, 4, 5], "the lower id won every match");
}
