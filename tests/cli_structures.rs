//! Scenario tests of the event structures through the real `tablekeeper` binary: a
//! 12-fighter Bushiroad two-loss elimination (000 §3.2.2–§3.2.2.2) and a 5-player Crossover
//! round robin (004 VIII), from `create` to the final standings.

#[path = "support/cli.rs"]
mod cli;

use cli::{error, ok, run};
use serde_json::Value;

/// Enters every open table of the current round: `result(table, a, b)` (seat A's and
/// seat B's player ids) gives the result text.
fn finish_with(file: &str, result: impl Fn(u64, u64, u64) -> &'static str) {
    let pairings = ok(&["pairings", file]);
    for table in pairings["tables"].as_array().expect("tables") {
        if !table["result"].is_null() {
            continue;
        }
        let number = table["table"].as_u64().expect("table number");
        let a = table["a"]["player"].as_u64().expect("a");
        let b = table["b"]["player"].as_u64().expect("b");
        ok(&["result", file, &number.to_string(), result(number, a, b)]);
    }
}

/// The lower player id wins every open table, except that `draw_table` (if any) is drawn.
fn finish_round(file: &str, draw_table: Option<u64>) {
    finish_with(file, |number, a, b| {
        match (Some(number) == draw_table, a < b) {
            (true, _) => "draw",
            (false, true) => "a",
            (false, false) => "b",
        }
    });
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

/// Scenario: 12 fighters, Bushiroad two-loss elimination. Fighters with two losses
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

/// Scenario: a 5-player Crossover round robin: 5 rounds with one bye each, everyone
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

/// Plays the current bracket round: `winner(a, b)` names the winning player id.
fn finish_bracket_round(file: &str, winner: impl Fn(u64, u64) -> u64) {
    finish_with(file, |_, a, b| if winner(a, b) == a { "a" } else { "b" });
}

/// Scenario: Force of Will, 10 players, best-of-one Swiss, then top-4
/// double-elimination finals (003 §6b-vi; decision 23). `upper_finalist_wins` decides
/// whether the reset (bracket 7, digest E15) is played.
fn fow_10_players_top_4_double_elimination(upper_finalist_wins: bool) -> Value {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(&dir, "fow-finals", &["--ruleset", "fow"], 10);
    let suggested = ok(&["status", &file]);
    assert_eq!(
        suggested["recommended_cut"], 4,
        "FoW suggests a top 4 for 10 players"
    );
    ok(&["pair", &file]);
    let planned = ok(&["status", &file])["planned_rounds"]
        .as_u64()
        .expect("rounds");
    finish_round(&file, None);
    for _ in 1..planned {
        ok(&["pair", &file]);
        finish_round(&file, None);
    }
    let standings = ok(&["standings", &file]);
    let rank_of: std::collections::HashMap<u64, u64> = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["player"].as_u64().expect("player"),
                r["rank"].as_u64().expect("rank"),
            )
        })
        .collect();
    let line = standings["rows"][3]["rank"]
        .as_u64()
        .expect("rank of the 4th");
    let bracket = ok(&["cut", &file, "--size", "4", "--double-elimination"]);
    assert_eq!(bracket["double"], true);
    let seeds: Vec<u64> = bracket["seeds"]
        .as_array()
        .expect("seeds")
        .iter()
        .map(|s| s["player"].as_u64().expect("id"))
        .collect();
    // The Swiss top 4 in rank order; FoW ranks ties equal, so players sharing the cut
    // line's rank are drawn (E1) and any of them may be seed 4.
    let ranks: Vec<u64> = seeds.iter().map(|p| rank_of[p]).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] <= w[1]),
        "seeds in rank order: {ranks:?}"
    );
    assert_eq!(
        ranks.last().copied(),
        Some(line),
        "the last seed is on the cut line"
    );
    let above_line = rank_of.iter().filter(|(_, rank)| **rank < line).count();
    assert_eq!(
        ranks.iter().filter(|r| **r < line).count(),
        above_line,
        "everyone above the line advances"
    );
    // Upper first round 1 v 4 and 2 v 3: the higher seed wins. Round 2: upper final and the
    // lower first round; then the lower final; then the grand final.
    let seed_of = |player: u64| seeds.iter().position(|s| *s == player).unwrap_or(9);
    finish_bracket_round(&file, |a, b| if seed_of(a) < seed_of(b) { a } else { b });
    for _ in 0..2 {
        ok(&["pair", &file]);
        finish_bracket_round(&file, |a, b| if seed_of(a) < seed_of(b) { a } else { b });
    }
    let grand = ok(&["pair", &file]);
    let tables = grand["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 1, "the grand final alone");
    let upper = seeds[0];
    let lower = if tables[0]["a"]["player"] == upper {
        tables[0]["b"]["player"].as_u64()
    } else {
        tables[0]["a"]["player"].as_u64()
    }
    .expect("lower finalist");
    finish_bracket_round(
        &file,
        |_, _| if upper_finalist_wins { upper } else { lower },
    );
    if !upper_finalist_wins {
        let reset = ok(&["pair", &file]);
        assert_eq!(
            reset["tables"].as_array().expect("tables").len(),
            1,
            "bracket 7 is played"
        );
        finish_bracket_round(&file, |_, _| lower);
    }
    let bracket = ok(&["bracket", &file]);
    assert_eq!(bracket["next"], "finished");
    let champion = bracket["champion"]["player"].as_u64().expect("champion");
    assert_eq!(champion, if upper_finalist_wins { upper } else { lower });
    assert_eq!(
        error(&["pair", &file])["kind"],
        "invalid-cut",
        "nothing after the finals"
    );
    bracket
}

#[test]
fn fow_10_players_top_4_double_elimination_without_the_reset() {
    let bracket = fow_10_players_top_4_double_elimination(true);
    let brackets: Vec<u64> = bracket["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .flat_map(|r| {
            r["matches"]
                .as_array()
                .expect("matches")
                .iter()
                .map(|m| m["bracket"].as_u64().expect("bracket"))
        })
        .collect();
    assert_eq!(
        brackets,
        vec![1, 2, 3, 4, 5, 6],
        "brackets 1–6, no bracket 7"
    );
}

#[test]
fn fow_10_players_top_4_double_elimination_with_the_reset() {
    let bracket = fow_10_players_top_4_double_elimination(false);
    let last = bracket["rounds"]
        .as_array()
        .expect("rounds")
        .last()
        .expect("round")
        .clone();
    assert_eq!(last["matches"][0]["bracket"], 7);
    assert_eq!(last["matches"][0]["part"], "reset");
}

/// Finalists by Nation/Clan (000 §3.2.4.2) through the CLI. 8 fighters, 3 rounds:
/// the nations of the undefeated are "selected"; one-loss fighters using none of them
/// advance before those using one, whatever their rank.
#[test]
fn bushiroad_en_top_4_selected_by_nation_clan() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "nations",
        &["--ruleset", "bushiroad-en", "--rounds", "3"],
        8,
    );
    for _ in 0..3 {
        ok(&["pair", &file]);
        finish_round(&file, None);
    }
    let standings = ok(&["standings", &file]);
    let rows = standings["rows"].as_array().expect("rows").clone();
    let undefeated: Vec<u64> = rows
        .iter()
        .filter(|r| r["losses"] == 0)
        .map(|r| r["player"].as_u64().expect("id"))
        .collect();
    let one_loss: Vec<u64> = rows
        .iter()
        .filter(|r| r["losses"] == 1)
        .map(|r| r["player"].as_u64().expect("id"))
        .collect();
    assert_eq!(undefeated.len(), 1, "3 rounds of 8: one undefeated fighter");
    assert!(one_loss.len() >= 3, "{one_loss:?}");
    // The undefeated fighter plays Dragon Empire; the best-ranked one-loss fighter too.
    ok(&[
        "deck",
        &file,
        &undefeated[0].to_string(),
        "--nation",
        "Dragon Empire",
    ]);
    ok(&[
        "deck",
        &file,
        &one_loss[0].to_string(),
        "--nation",
        "Dragon Empire",
    ]);
    for other in &one_loss[1..] {
        ok(&[
            "deck",
            &file,
            &other.to_string(),
            "--nation",
            "Keter Sanctuary",
        ]);
    }
    let bracket = ok(&["cut", &file, "--size", "3", "--method", "nation-clan"]);
    let seeds: Vec<u64> = bracket["seeds"]
        .as_array()
        .expect("seeds")
        .iter()
        .map(|s| s["player"].as_u64().expect("id"))
        .collect();
    assert_eq!(
        seeds,
        vec![undefeated[0], one_loss[1], one_loss[2]],
        "the Dragon Empire one-loss fighter waits"
    );
    let history = ok(&["history", &file]);
    let text = history.to_string();
    assert!(
        text.contains("selected by nation-clan (Dragon Empire)"),
        "the log says how: {text}"
    );
    // The methods are one word list: an unknown one is a usage error that lists them.
    let refused = std::process::Command::new(cli::BIN)
        .args(["cut", &file, "--size", "4", "--method", "colour"])
        .output()
        .expect("run");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("nation-clan") && stderr.contains("usage-rate"),
        "{stderr}"
    );
}

/// Scenario: 8 trio teams, Swiss, `bushiroad-ja` (decision 9): teams register with
/// three members in seat order, every team match is entered seat by seat (2 of 3 wins; a
/// seat drawn and one each is a team draw), and the standings rank teams.
#[test]
fn bushiroad_ja_8_trio_teams_swiss() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("trios.tkevent");
    let file = file.to_str().expect("utf-8 path").to_string();
    ok(&[
        "create",
        &file,
        "--name",
        "Trio cup",
        "--ruleset",
        "bushiroad-ja",
        "--team-size",
        "3",
        "--rounds",
        "3",
    ]);
    for t in 1..=8 {
        let members: Vec<String> = (1..=3).map(|m| format!("チーム{t} 選手{m}")).collect();
        ok(&[
            "add-team",
            &file,
            &format!("Team {t}"),
            "--member",
            &members[0],
            "--member",
            &members[1],
            "--member",
            &members[2],
        ]);
    }
    assert_eq!(
        error(&["add-team", &file, "Duo", "--member", "X", "--member", "Y"])["kind"],
        "invalid-team"
    );
    let players = ok(&["players", &file]);
    assert_eq!(
        players[0]["members"],
        serde_json::json!(["チーム1 選手1", "チーム1 選手2", "チーム1 選手3"])
    );
    let mut drawn = 0;
    for round in 1..=3 {
        let paired = ok(&["pair", &file]);
        assert_eq!(paired["tables"].as_array().expect("tables").len(), 4);
        for table in paired["tables"].as_array().expect("tables") {
            let number = table["table"].as_u64().expect("table");
            // Table 1 of round 2: one seat each and a drawn seat → a team draw.
            let seats = if round == 2 && number == 1 {
                drawn += 1;
                "team:a,b,draw"
            } else if number % 2 == 0 {
                "team:b,a,b"
            } else {
                "team:a,a,b"
            };
            ok(&["result", &file, &number.to_string(), seats]);
        }
        if round == 1 {
            assert_eq!(
                error(&["result", &file, "1", "a", "--replace"])["kind"],
                "invalid-result",
                "a team match is entered seat by seat"
            );
        }
    }
    assert_eq!(drawn, 1);
    let standings = ok(&["standings", &file]);
    let rows = standings["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    let draws: u64 = rows
        .iter()
        .map(|r| r["draws"].as_u64().expect("draws"))
        .sum();
    assert_eq!(draws, 2, "one team draw counts for both teams");
    let wins: u64 = rows.iter().map(|r| r["wins"].as_u64().expect("wins")).sum();
    assert_eq!(wins, 11, "12 team matches, one of them drawn");
    let points: Vec<u64> = rows
        .iter()
        .map(|r| r["points"].as_str().expect("points").parse().expect("int"))
        .collect();
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "ranked by points: {points:?}"
    );
}
