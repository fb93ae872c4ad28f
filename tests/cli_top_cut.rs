//! Scenario tests of the top cut through the real `tablekeeper` binary.

#[path = "support/cli.rs"]
mod cli;

use cli::{error_kind, ok};
use serde_json::Value;

/// Enters a result at every open table of the current round: seat A wins at odd tables,
/// seat B at even ones.
fn finish_round(file: &str) {
    let pairings = ok(&["pairings", file]);
    for table in pairings["tables"].as_array().expect("tables") {
        if table["result"].is_null() {
            let number = table["table"].as_u64().expect("table number");
            let winner = if number % 2 == 1 { "a" } else { "b" };
            ok(&["result", file, &number.to_string(), winner]);
        }
    }
}

fn as_ids(values: &Value) -> Vec<u64> {
    values
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v["player"].as_u64().expect("player id"))
        .collect()
}

/// Scenario: 23 players, 5 Swiss rounds and a top 8 single elimination under
/// `bandai` (002 §3.4.1): the cut takes the standings' top 8 in order, seeds 1 v 8,
/// 4 v 5, 2 v 7, 3 v 6, then semifinals and a final to one champion.
#[test]
fn bandai_23_players_5_swiss_rounds_and_a_top_8() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("bandai.tkevent");
    let file = file.to_str().expect("utf-8 path");
    ok(&[
        "create",
        file,
        "--name",
        "Store championship",
        "--ruleset",
        "bandai",
    ]);
    for n in 1..=23 {
        ok(&["add-player", file, &format!("Player {n:02}")]);
    }
    let status = ok(&["status", file]);
    assert_eq!(
        status["recommended_rounds"], 5,
        "Bandai table: 17–32 players"
    );
    assert_eq!(
        status["recommended_cut"], 4,
        "Bandai table: top 4 for 17–32"
    );
    assert_eq!(status["stage"], "registration");
    for _ in 0..5 {
        ok(&["pair", file]);
        finish_round(file);
    }
    assert_eq!(error_kind(&["pair", file]), "all-rounds-played");
    let standings = ok(&["standings", file]);
    let top8: Vec<u64> = standings["rows"].as_array().expect("rows")[..8]
        .iter()
        .map(|r| r["player"].as_u64().expect("id"))
        .collect();

    // The organizer announced a top 8 (the table's suggestion can be changed).
    let bracket = ok(&["cut", file, "--size", "8", "--seed", "5"]);
    assert_eq!(
        as_ids(&bracket["seeds"]),
        top8,
        "seeds follow the standings"
    );
    let quarterfinals = &bracket["rounds"][0];
    assert_eq!(quarterfinals["label"], "quarterfinal");
    assert_eq!(quarterfinals["number"], 6);
    let seed_pairs: Vec<(u64, u64)> = quarterfinals["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| {
            (
                m["a"]["seed"].as_u64().expect("seed"),
                m["b"]["seed"].as_u64().expect("seed"),
            )
        })
        .collect();
    assert_eq!(seed_pairs, vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert_eq!(ok(&["status", file])["stage"], "cut");
    assert_eq!(
        error_kind(&["result", file, "1", "draw"]),
        "invalid-result",
        "no draws in the top cut"
    );
    finish_round(file);
    let semifinals = ok(&["pair", file]);
    assert_eq!(semifinals["bracket_round"], "semifinal");
    assert_eq!(semifinals["tables"].as_array().expect("tables").len(), 2);
    finish_round(file);
    let final_round = ok(&["pair", file]);
    assert_eq!(final_round["bracket_round"], "final");
    finish_round(file);
    let bracket = ok(&["bracket", file]);
    assert_eq!(bracket["next"], "finished");
    // Seat A wins at odd tables: seed 1 beats 8, then 4 (table 1 of the semifinals),
    // then the winner of the lower half at table 1 of the final.
    assert_eq!(bracket["champion"]["seed"], 1);
    assert_eq!(ok(&["status", file])["stage"], "finished");
    // The Swiss standings are not changed by the cut.
    assert_eq!(ok(&["standings", file])["rows"], standings["rows"]);
    assert_eq!(error_kind(&["pair", file]), "invalid-cut");

    // Undo takes the final back; the bracket is open again.
    ok(&["undo", file]);
    assert_eq!(ok(&["bracket", file])["next"], "results");
}

/// 000 §3.2.4.1 / E1: an excluded player's place goes to the next in the standings.
#[test]
fn excluded_players_are_replaced_by_the_next_in_the_standings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("cut.tkevent");
    let file = file.to_str().expect("utf-8 path");
    ok(&[
        "create",
        file,
        "--name",
        "Locals",
        "--ruleset",
        "bushiroad-en",
        "--rounds",
        "3",
    ]);
    for n in 1..=8 {
        ok(&["add-player", file, &format!("Player {n}")]);
    }
    assert_eq!(error_kind(&["cut", file, "--size", "4"]), "invalid-cut");
    for _ in 0..3 {
        ok(&["pair", file]);
        finish_round(file);
    }
    let rows = ok(&["standings", file])["rows"].clone();
    let first = rows[0]["player"].as_u64().expect("id");
    let fifth = rows[4]["player"].as_u64().expect("id");
    let bracket = ok(&[
        "cut",
        file,
        "--size",
        "4",
        "--exclude",
        &first.to_string(),
        "--third-place",
    ]);
    let seeds = as_ids(&bracket["seeds"]);
    assert!(!seeds.contains(&first));
    assert_eq!(seeds.len(), 4);
    if bracket["draw"].is_null() {
        assert_eq!(seeds[3], fifth, "the fifth player moves up");
    } else {
        // The fifth was tied on every tiebreaker with others at the line: the cut's seed
        // drew among them (docs/decisions.md 32), and the bracket says so.
        let among = as_ids(&bracket["draw"]["among"]);
        assert!(
            among.contains(&fifth) && among.contains(&seeds[3]),
            "{bracket}"
        );
    }
    finish_round(file);
    let last = ok(&["pair", file]);
    assert_eq!(
        last["tables"].as_array().expect("tables").len(),
        2,
        "final and third-place match"
    );
    finish_round(file);
    let bracket = ok(&["bracket", file]);
    assert!(bracket["third_place_match"]["winner"].is_u64());
    assert!(bracket["champion"]["player"].is_u64());
}
