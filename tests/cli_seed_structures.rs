//! Through the real `tablekeeper` binary: every structure the seeds describe, the
//! publishers' round tables and cut suggestions, finals defaults, drops after pairing, team
//! members and the archive. Tests are named after the seed section they check.

#[path = "support/cli.rs"]
mod cli;

use cli::{error, error_kind, ok};
use serde_json::Value;

/// A new event in `dir` created with `args`, with `players` registered ("Player 01", …).
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

/// Enters every open table of the current round: `result(table, a, b)` gives the text.
fn finish_with(file: &str, result: impl Fn(u64, u64, u64) -> String) {
    let pairings = ok(&["pairings", file]);
    for table in pairings["tables"].as_array().expect("tables") {
        if !table["result"].is_null() {
            continue;
        }
        let number = table["table"].as_u64().expect("table number");
        let a = table["a"]["player"].as_u64().expect("a");
        let b = table["b"]["player"].as_u64().expect("b");
        ok(&["result", file, &number.to_string(), &result(number, a, b)]);
    }
}

/// Seat A wins every open table.
fn finish_round(file: &str) {
    finish_with(file, |_, _, _| "a".into());
}

fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .expect("array")
        .iter()
        .map(|v| v["player"].as_u64().expect("player id"))
        .collect()
}

/// RULESETS.md decision 33 (000 §3.2.3: no draws in elimination): in a trio top cut a
/// drawn seat is refused, so the final cannot end without a champion.
#[test]
fn bushiroad_ja_decision_33_a_trio_final_needs_a_winner_in_every_seat() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("trio.tkevent");
    let file = file.to_str().expect("path").to_string();
    ok(&[
        "create",
        &file,
        "--name",
        "Trio",
        "--ruleset",
        "bushiroad-ja",
        "--team-size",
        "3",
        "--rounds",
        "1",
    ]);
    for t in 1..=4 {
        ok(&[
            "add-team",
            &file,
            &format!("Team {t}"),
            "--member",
            &format!("T{t}a"),
            "--member",
            &format!("T{t}b"),
            "--member",
            &format!("T{t}c"),
        ]);
    }
    ok(&["pair", &file]);
    finish_with(&file, |_, _, _| "team:a,a,b".into());
    let bracket = ok(&["cut", &file, "--size", "2"]);
    assert_eq!(bracket["rounds"][0]["label"], "final");
    let refused = error(&["result", &file, "1", "team:a,draw,b"]);
    assert_eq!(refused["kind"], "invalid-result");
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("decision 33")),
        "{refused}"
    );
    assert_eq!(ok(&["bracket", &file])["next"], "results");
    ok(&["result", &file, "1", "team:b,b,a"]);
    let bracket = ok(&["bracket", &file]);
    assert_eq!(bracket["next"], "finished");
    let final_match = &bracket["rounds"][0]["matches"][0];
    assert_eq!(
        bracket["champion"]["player"], final_match["b"]["player"],
        "team B won two seats: {bracket}"
    );
}

/// 000 §3.2.4.2: the selected nations are those "used by any fighter who won all of their
/// qualifying rounds"; excluding an undefeated fighter (000 §3.2.4) removes only their
/// candidacy. The cut's log entry names the selected nations, the excluded player's too.
#[test]
fn bushiroad_en_3_2_4_2_an_excluded_undefeated_fighters_nation_stays_selected() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "nations",
        &["--ruleset", "bushiroad-en", "--rounds", "2"],
        8,
    );
    for round in 0..2 {
        ok(&["pair", &file, "--seed", &(round + 3).to_string()]);
        finish_round(&file);
    }
    let rows = ok(&["standings", &file])["rows"].clone();
    let undefeated: Vec<u64> = rows
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["losses"] == 0 && r["draws"] == 0)
        .map(|r| r["player"].as_u64().expect("id"))
        .collect();
    assert_eq!(undefeated.len(), 2);
    for player in 1..=8u64 {
        let nation = if player == undefeated[0] {
            "Dark States"
        } else {
            "Dragon Empire"
        };
        ok(&["deck", &file, &player.to_string(), "--nation", nation]);
    }
    ok(&[
        "cut",
        &file,
        "--size",
        "2",
        "--method",
        "nation-clan",
        "--exclude",
        &undefeated[0].to_string(),
    ]);
    let history = ok(&["history", &file]);
    let reason = history
        .as_array()
        .expect("history")
        .iter()
        .rev()
        .find_map(|item| item["reason"].as_str())
        .expect("the cut's reason")
        .to_string();
    assert!(
        reason.contains("selected by nation-clan (Dark States, Dragon Empire)"),
        "{reason}"
    );
}

/// 003 §6b-v: FoW variable rounds stop when "only one remaining player … has not lost a
/// single round"; a draw is not a loss. Bandai's stop counts only wins (002 §3.6).
#[test]
fn fow_6b_v_variable_rounds_ignore_draws() {
    let dir = tempfile::tempdir().expect("tempdir");
    let args = ["--min-rounds", "1", "--rounds", "3"];
    let fow = create(&dir, "fow", &[&["--ruleset", "fow"][..], &args].concat(), 2);
    ok(&["pair", &fow]);
    ok(&["result", &fow, "1", "draw"]);
    // Two players have not lost: the rounds go on (two players can only meet again).
    ok(&["pair", &fow, "--allow-rematches"]);
    ok(&["result", &fow, "1", "a"]);
    let stop = error(&["pair", &fow]);
    assert_eq!(stop["kind"], "structure-finished", "{stop}");
    assert!(
        stop["message"]
            .as_str()
            .is_some_and(|m| m.contains("without a loss"))
    );
    let bandai = create(
        &dir,
        "bandai",
        &[&["--ruleset", "bandai"][..], &args].concat(),
        2,
    );
    ok(&["pair", &bandai]);
    ok(&["result", &bandai, "1", "draw"]);
    assert_eq!(
        error_kind(&["pair", &bandai]),
        "structure-finished",
        "nobody has only wins"
    );
}

/// 002 §3.6: rounds and cut are "based on the total number of players registered", and
/// "late entries will not impact the number of Swiss rounds or top cut calculations";
/// drops after round 1 change nothing either.
#[test]
fn bandai_3_6_late_entries_and_drops_do_not_change_the_suggestion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(&dir, "bandai", &["--ruleset", "bandai"], 16);
    let before = ok(&["status", &file]);
    assert_eq!(
        (&before["recommended_rounds"], &before["recommended_cut"]),
        (&Value::from(4), &Value::from(2))
    );
    ok(&["pair", &file]);
    let late = ok(&["add-player", &file, "Late Entry"]);
    assert_eq!(
        late["joined_round"], 2,
        "add-player returns the player itself"
    );
    finish_round(&file);
    ok(&["drop", &file, "3"]);
    let after = ok(&["status", &file]);
    assert_eq!(after["players_active"], 16);
    assert_eq!(after["field"], 16);
    assert_eq!(after["recommended_rounds"], 4, "not 5 for 17 players");
    assert_eq!(after["recommended_cut"], 2, "not a top 4");
    // An empty event suggests nothing yet.
    let empty = create(&dir, "empty", &["--ruleset", "bandai"], 0);
    assert_eq!(ok(&["status", &empty])["recommended_rounds"], 0);
}

/// 004 VIII "Top Cuts": a cut only "in larger events with more than 32 players", typically
/// the top eight.
#[test]
fn crossover_viii_top_cut_only_above_32_players() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(&dir, "crossover", &["--ruleset", "crossover"], 32);
    assert_eq!(ok(&["status", &file])["recommended_cut"], 0);
    ok(&["add-player", &file, "Player 33"]);
    assert_eq!(ok(&["status", &file])["recommended_cut"], 8);
    let small = create(&dir, "small", &["--ruleset", "crossover"], 12);
    assert_eq!(ok(&["status", &small])["recommended_cut"], 0, "not a top 4");
}

/// Plays `rounds` Swiss rounds, seat A winning.
fn play(file: &str, rounds: u32) {
    for round in 1..=rounds {
        ok(&["pair", file, "--seed", &round.to_string()]);
        finish_round(file);
    }
}

/// 003 §6b-vi: "3 game matches are single elimination, 1 game matches are double
/// elimination" (decision 23), so a plain `cut` of one-game FoW finals is double
/// elimination; §6b-vii: in the first finals round the higher Swiss rank chooses who goes
/// first. The size comes from the with-finals table (Top 4 up to 12 players).
#[test]
fn fow_6b_vi_a_plain_cut_of_one_game_finals_is_double_elimination() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bo1 = create(&dir, "bo1", &["--ruleset", "fow", "--rounds", "3"], 10);
    assert_eq!(
        ok(&["status", &bo1])["recommended_finals"],
        "double-elimination"
    );
    play(&bo1, 3);
    let bracket = ok(&["cut", &bo1]);
    assert_eq!(bracket["double"], true, "{bracket}");
    assert_eq!(bracket["size"], 4, "003 Appendix: Top 4 for ~12 players");
    for m in bracket["rounds"][0]["matches"].as_array().expect("matches") {
        assert_eq!(m["chooses"], "a", "the higher seed chooses: {m}");
    }
    let pairings = ok(&["pairings", &bo1]);
    assert_eq!(pairings["bracket_round"], "double-elimination");
    assert_eq!(pairings["tables"][0]["chooses"], "a");
    // --single-elimination overrides the default.
    ok(&["undo", &bo1]);
    assert_eq!(ok(&["cut", &bo1, "--single-elimination"])["double"], false);
    // Three-game matches: single elimination by default.
    let bo3 = create(
        &dir,
        "bo3",
        &[
            "--ruleset",
            "fow",
            "--set",
            "points.games_to_win=2",
            "--rounds",
            "3",
        ],
        10,
    );
    play(&bo3, 3);
    let single = ok(&["cut", &bo3]);
    assert_eq!(single["double"], false);
    assert_eq!(single["rounds"][0]["label"], "semifinal");
    finish_round(&bo3);
    let final_round = ok(&["pair", &bo3]);
    assert_eq!(final_round["bracket_round"], "final");
    let table = &final_round["tables"][0];
    assert!(
        table["first"].is_string() && table["chooses"].is_null(),
        "later finals rounds: Player Arrangement Control assigns the first player: {table}"
    );
}

/// 000 §3.2.4.1 / E1: players tied on the cut line are drawn; under a chain that ends in a
/// random order (bushiroad-en) the cut's own seed decides it, and the bracket says who was
/// drawn among, with which seed and how (docs/decisions.md 32).
#[test]
fn bushiroad_en_3_2_4_1_the_cut_seed_decides_the_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "line",
        &["--ruleset", "bushiroad-en", "--rounds", "3"],
        8,
    );
    play(&file, 1);
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..8u64 {
        let bracket = ok(&["cut", &file, "--size", "2", "--seed", &seed.to_string()]);
        let draw = &bracket["draw"];
        assert_eq!(draw["seed"], seed.to_string());
        assert_eq!(draw["places"], 2);
        assert_eq!(
            ids(&draw["among"]).len(),
            4,
            "the four winners are tied: {draw}"
        );
        assert_eq!(
            draw["method"], "seeded-shuffle",
            "a kind, not words: {draw}"
        );
        let mut seeds = ids(&bracket["seeds"]);
        seeds.sort_unstable();
        assert_eq!(
            draw["drawn"].as_array().map(Vec::len),
            Some(2),
            "the drawn players are the finalists"
        );
        // The same seed draws the same finalists.
        ok(&["undo", &file]);
        let again = ok(&["cut", &file, "--size", "2", "--seed", &seed.to_string()]);
        let mut again_seeds = ids(&again["seeds"]);
        again_seeds.sort_unstable();
        assert_eq!(again_seeds, seeds);
        ok(&["undo", &file]);
        chosen.insert(seeds);
    }
    assert!(chosen.len() > 1, "`cut --seed` changes the draw");
}

/// With a planned cut, suggested rounds come from the with-cut tables: Bushiroad's range
/// (000 §3.2.1.1, 001 第1項) and FoW's Swiss-with-finals tables (003 Appendix, read as in
/// docs/notes-ruleset-seeds.md §1.3).
#[test]
fn bushiroad_en_3_2_1_1_and_fow_appendix_with_cut_round_tables() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bushiroad = create(
        &dir,
        "bushiroad",
        &["--ruleset", "bushiroad-en", "--cut", "8"],
        40,
    );
    let status = ok(&["status", &bushiroad]);
    assert_eq!(status["planned_cut"], 8);
    assert_eq!(
        status["recommended_rounds_range"],
        serde_json::json!([3, 5])
    );
    assert_eq!(
        status["recommended_rounds"], 5,
        "the no-cut 6 minus one, inside 3–5"
    );
    let paired = ok(&["pair", &bushiroad]);
    assert_eq!(paired["round"], 1);
    assert_eq!(ok(&["status", &bushiroad])["planned_rounds"], 5);
    let fow_bo1 = create(&dir, "fow1", &["--ruleset", "fow", "--cut", "8"], 20);
    let status = ok(&["status", &fow_bo1]);
    assert_eq!(
        status["recommended_rounds"], 6,
        "1 game, ~22 players: 6 rounds, Top 8"
    );
    assert!(status["recommended_rounds_range"].is_null());
    let fow_bo3 = create(
        &dir,
        "fow3",
        &[
            "--ruleset",
            "fow",
            "--set",
            "points.games_to_win=2",
            "--cut",
            "8",
        ],
        24,
    );
    assert_eq!(
        ok(&["status", &fow_bo3])["recommended_rounds"],
        4,
        "3 game, ~24: 4 rounds"
    );
    assert_eq!(ok(&["status", &fow_bo3])["recommended_cut"], 8);
    // With no cut planned, the suggested top 8 comes with its own rounds (point 5).
    let without = create(&dir, "fow0", &["--ruleset", "fow"], 24);
    let planned = create(&dir, "fow8", &["--ruleset", "fow", "--cut", "8"], 24);
    let (without, planned) = (ok(&["status", &without]), ok(&["status", &planned]));
    assert_eq!(without["recommended_cut"], 8);
    assert_eq!(without["recommended_rounds"], planned["recommended_rounds"]);
}

/// A suggestion is one plan. With no cut planned and a cut suggested, the
/// rounds come from the with-cut table for that cut (FoW 20 players: the with-finals table of
/// 003's appendix gives 6, not the no-cut 5; Bushiroad 33–63: 000 §3.2.1.1 gives 3–5 when
/// cutting, not 6); and for 2–4 players, where a round robin is recommended (000 §3.2.1.1,
/// 001 第1項), its n − 1 rounds (n for an odd field).
#[test]
fn fow_appendix_and_bushiroad_en_3_2_1_1_a_suggested_cut_comes_with_its_rounds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fow = ok(&["status", &create(&dir, "fow20", &["--ruleset", "fow"], 20)]);
    assert_eq!(fow["recommended_cut"], 8, "{fow}");
    assert_eq!(
        fow["recommended_rounds"], 6,
        "003 Appendix with finals: {fow}"
    );
    let bushiroad = ok(&[
        "status",
        &create(&dir, "bsr40", &["--ruleset", "bushiroad-en"], 40),
    ]);
    assert_eq!(bushiroad["recommended_cut"], 8, "{bushiroad}");
    assert_eq!(
        bushiroad["recommended_rounds_range"],
        serde_json::json!([3, 5])
    );
    assert_eq!(bushiroad["recommended_rounds"], 5, "{bushiroad}");
    for (players, rounds) in [(3usize, 3u64), (4, 3)] {
        let tiny = ok(&[
            "status",
            &create(
                &dir,
                &format!("rr{players}"),
                &["--ruleset", "bushiroad-en"],
                players,
            ),
        ]);
        assert_eq!(tiny["recommended_structure"], "round-robin");
        assert_eq!(
            tiny["recommended_rounds"], rounds,
            "{players} players: {tiny}"
        );
    }
}

/// 000 §3.2.1.1 / 001 第1項: "For 2 - 4 fighters, a round robin format is recommended in
/// place of Swiss Draw."
#[test]
fn bushiroad_en_3_2_1_1_round_robin_is_recommended_for_2_to_4_fighters() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(&dir, "tiny", &["--ruleset", "bushiroad-en"], 3);
    assert_eq!(
        ok(&["status", &file])["recommended_structure"],
        "round-robin"
    );
    ok(&["add-player", &file, "Player 04"]);
    assert_eq!(
        ok(&["status", &file])["recommended_structure"],
        "round-robin"
    );
    ok(&["add-player", &file, "Player 05"]);
    assert!(ok(&["status", &file])["recommended_structure"].is_null());
}

/// Single elimination from round 1: a seeded bracket (002 §3.4.1: seeds at random or
/// given, byes to the highest seeds; 000 §3.2.3 winners advance) or, under FoW, every round
/// paired at random (003 §6b-ii).
#[test]
fn bandai_3_4_1_and_fow_6b_ii_single_elimination_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bandai = create(
        &dir,
        "bandai-se",
        &["--ruleset", "bandai", "--structure", "single-elimination"],
        6,
    );
    assert_eq!(ok(&["status", &bandai])["structure"], "single-elimination");
    assert_eq!(
        error_kind(&["pair", &bandai, "--order", "1,2,3"]),
        "invalid-pairing"
    );
    let first = ok(&["pair", &bandai, "--order", "6,5,4,3,2,1"]);
    assert_eq!(first["bracket_round"], "quarterfinal");
    assert_eq!(ids(&first["byes"]), vec![6, 5], "byes to seeds 1 and 2");
    assert_eq!(
        error_kind(&["add-player", &bandai, "Late"]),
        "late-entry-refused"
    );
    assert_eq!(error_kind(&["cut", &bandai, "--size", "4"]), "invalid-cut");
    for _ in 0..3 {
        finish_round(&bandai);
        if ok(&["bracket", &bandai])["next"] == "finished" {
            break;
        }
        ok(&["pair", &bandai]);
    }
    let bracket = ok(&["bracket", &bandai]);
    assert_eq!(bracket["champion"]["seed"], 1, "seat A won every match");
    let status = ok(&["status", &bandai]);
    assert_eq!(status["stage"], "finished");
    assert_eq!(status["rounds_paired"], 3);

    let fow = create(
        &dir,
        "fow-se",
        &["--ruleset", "fow", "--structure", "single-elimination"],
        7,
    );
    assert_eq!(
        error_kind(&["pair", &fow, "--order", "1,2,3,4,5,6,7"]),
        "invalid-pairing",
        "FoW pairs at random every round"
    );
    let round = ok(&["pair", &fow, "--seed", "11"]);
    assert_eq!(round["tables"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        round["byes"].as_array().map(Vec::len),
        Some(1),
        "the odd player out"
    );
    let mut rounds = 1;
    loop {
        finish_round(&fow);
        let bracket = ok(&["bracket", &fow]);
        assert_eq!(bracket["random_each_round"], true);
        if bracket["next"] == "finished" {
            assert!(bracket["champion"]["player"].is_u64());
            break;
        }
        ok(&["pair", &fow]);
        rounds += 1;
    }
    assert_eq!(rounds, 3);
}

/// 003 §6b-iv: "An Event Organizer may choose to end the tournament once there is only
/// one remaining player who has not lost a single round": announced with `--min-rounds`.
#[test]
fn fow_6b_iv_points_threshold_ends_early_with_min_rounds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "threshold",
        &[
            "--ruleset",
            "fow",
            "--structure",
            "points-threshold",
            "--min-rounds",
            "1",
            "--rounds",
            "5",
        ],
        4,
    );
    ok(&["pair", &file]);
    finish_round(&file);
    ok(&["pair", &file]); // two players have not lost yet
    finish_round(&file);
    let stop = error(&["pair", &file]);
    assert_eq!(stop["kind"], "structure-finished");
    assert!(
        stop["message"]
            .as_str()
            .is_some_and(|m| m.contains("003 §6b-iv")),
        "{stop}"
    );
    let refused = error(&[
        "create",
        &dir.path().join("x.tkevent").display().to_string(),
        "--name",
        "X",
        "--structure",
        "two-loss",
        "--min-rounds",
        "2",
        "--rounds",
        "4",
    ]);
    assert_eq!(refused["kind"], "invalid-rounds");
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("--min-rounds"))
    );
}

/// A cut started before the planned Swiss rounds are over says how many remain.
#[test]
fn bushiroad_en_3_2_4_a_cut_before_the_last_swiss_round_warns() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "early",
        &["--ruleset", "bushiroad-en", "--rounds", "3"],
        8,
    );
    play(&file, 1);
    let bracket = ok(&["cut", &file, "--size", "4", "--seed", "1"]);
    let warnings = bracket["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w["text"]
            .as_str()
            .is_some_and(|w| w.contains("2 round(s) were not played"))),
        "{bracket}"
    );
    ok(&["undo", &file]);
    play(&file, 2);
    assert!(ok(&["cut", &file, "--size", "4", "--seed", "1"])["warnings"].is_null());
}

/// Team members are people (000 §3.3, decision 9): a member is named by name or as
/// TEAM.SEAT in `drop`, `penalty` and `deck`; a member's drop drops the team; the report
/// lists each member's record.
#[test]
fn bushiroad_ja_3_3_team_members_are_named_by_name_or_seat() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("tag.tkevent");
    let file = file.to_str().expect("path").to_string();
    ok(&[
        "create",
        &file,
        "--name",
        "Tag",
        "--ruleset",
        "bushiroad-ja",
        "--team-size",
        "2",
        "--rounds",
        "2",
    ]);
    for t in 1..=4 {
        ok(&[
            "add-team",
            &file,
            &format!("Team {t}"),
            "--member",
            &format!("佐藤{t}"),
            "--member",
            &format!("鈴木{t}"),
        ]);
    }
    let team = ok(&["deck", &file, "佐藤1", "--nation", "Dragon Empire"]);
    assert_eq!(team["id"], 1);
    assert_eq!(team["member_decks"][0]["nation_clan"], "Dragon Empire");
    assert!(team["member_decks"][1].is_null());
    ok(&["deck", &file, "1.2", "--nation", "Keter"]);
    ok(&["pair", &file]);
    finish_with(&file, |_, _, _| "team:a,b".into());
    let penalty = ok(&[
        "penalty",
        &file,
        "2.2",
        "warning",
        "--infraction",
        "slow play",
    ]);
    assert_eq!(penalty["player"], 2);
    assert_eq!(penalty["member"], "鈴木2");
    assert_eq!(
        error_kind(&["penalty", &file, "2.3", "warning", "--infraction", "x"]),
        "unknown-player"
    );
    let dropped = ok(&["drop", &file, "鈴木3"]);
    assert_eq!(dropped["id"], 3);
    assert_eq!(dropped["status"], "dropped");
    assert_eq!(dropped["drop"], "after-results");
    let report = ok(&["export", &file, "--format", "report"]);
    let members = report["members"].as_array().expect("members");
    assert_eq!(members.len(), 8);
    for line in members {
        // Round 1: seat 1 of every team A won, seat 2 of every team B won.
        let played = line["wins"].as_u64().unwrap_or(0) + line["losses"].as_u64().unwrap_or(0);
        assert_eq!(played, 1, "{line}");
    }
    assert_eq!(members[0]["name"], "佐藤1");
    assert_eq!(members[0]["deck"]["nation_clan"], "Dragon Empire");
}

/// 001 《参考》 Monster Collection: 反則負け (loss by foul) scores 0 and 反則勝ち 10, on
/// every path: a penalty result, a disqualification result and a match-loss penalty.
#[test]
fn moncolle_legacy_sanko_penalty_loss_scores_zero_on_every_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "moncolle",
        &["--ruleset", "moncolle-legacy", "--rounds", "3"],
        6,
    );
    ok(&["pair", &file, "--seed", "1"]);
    let penalty = ok(&["result", &file, "1", "penalty-b"]);
    assert_eq!(
        (
            penalty["a"]["points"].as_str(),
            penalty["b"]["points"].as_str()
        ),
        (Some("10"), Some("0"))
    );
    assert_eq!(penalty["result"]["reason"], "foul");
    assert_eq!(penalty["result"]["penalty"], "match-loss");
    let dq = ok(&["result", &file, "2", "dq-a"]);
    assert_eq!(
        (dq["a"]["points"].as_str(), dq["b"]["points"].as_str()),
        (Some("0"), Some("10"))
    );
    let loser = ok(&["pairings", &file])["tables"][2]["b"]["player"].clone();
    ok(&[
        "penalty",
        &file,
        &loser.to_string(),
        "match-loss",
        "--infraction",
        "marked cards",
    ]);
    let table = &ok(&["pairings", &file])["tables"][2];
    assert_eq!(table["b"]["points"], "0", "{table}");
    assert_eq!(table["a"]["points"], "10");
}

/// 000 §4.5 / 001 本文 第4部 第5章, decision 35: a player who drops after the round
/// is paired loses that round's match, and a bye is withdrawn (no bye points). The archive
/// carries the whole result and the log the loss as its own result.
#[test]
fn bushiroad_en_4_5_a_drop_after_pairing_withdraws_the_bye_and_the_archive_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "drops",
        &["--ruleset", "bushiroad-en", "--rounds", "3"],
        5,
    );
    let round = ok(&["pair", &file, "--seed", "1"]);
    let bye = round["byes"][0]["player"].as_u64().expect("bye");
    let opponent_drop = round["tables"][0]["b"]["player"].as_u64().expect("player");
    let dropped = ok(&["drop", &file, &bye.to_string()]);
    assert_eq!(dropped["drop"], "after-pairing");
    let dropped = ok(&["drop", &file, &opponent_drop.to_string()]);
    assert_eq!(dropped["drop"], "after-pairing");
    let pairings = ok(&["pairings", &file]);
    let withdrawn = &pairings["byes"][0];
    assert_eq!(withdrawn["outcome"], "loss");
    assert_eq!(withdrawn["points"], "0");
    assert_eq!(withdrawn["result"]["kind"], "withdrawn-bye");
    assert_eq!(withdrawn["result"]["default"], "drop-after-pairing");
    assert_eq!(
        pairings["tables"][0]["result"]["default"],
        "drop-after-pairing"
    );
    finish_round(&file);
    let archive = ok(&["export", &file]);
    let log: Vec<&Value> = archive["log"]
        .as_array()
        .expect("log")
        .iter()
        .filter(|e| e["entry"] == "action")
        .collect();
    let drops: Vec<usize> = log
        .iter()
        .enumerate()
        .filter(|(_, e)| e["action"]["action"] == "drop-player")
        .map(|(i, _)| i)
        .collect();
    for index in drops {
        assert_eq!(log[index]["action"]["timing"], "after-pairing");
        assert_eq!(
            log[index - 1]["action"]["action"],
            "record-result",
            "the loss is its own logged result"
        );
    }
    let players = archive["players"].as_array().expect("players");
    assert!(
        players
            .iter()
            .any(|p| p["id"] == bye && p["drop"] == "after-pairing")
    );
    // Game scores and graded reasons are in rounds[].tables[].result.
    let bo3 = create(
        &dir,
        "bo3",
        &[
            "--ruleset",
            "bandai",
            "--set",
            "points.games_to_win=2",
            "--rounds",
            "1",
        ],
        4,
    );
    ok(&["pair", &bo3]);
    ok(&["result", &bo3, "1", "2-1"]);
    ok(&["result", &bo3, "2", "noshow-a"]);
    let archive = ok(&["export", &bo3]);
    let tables = &archive["rounds"][0]["tables"];
    assert_eq!(
        tables[0]["result"]["games"],
        serde_json::json!({"a": 2, "b": 1, "draws": 0})
    );
    assert_eq!(tables[0]["result"]["winner"], "a");
    assert_eq!(tables[1]["result"]["default"], "no-show");
}

/// Crossover's bye goes by SoS = TB1 (decision 26), and the explanation shows
/// the numbers the pairer used; error messages name real commands and flags.
#[test]
fn crossover_viii_byes_the_explanation_shows_the_pairers_numbers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = create(
        &dir,
        "crossover",
        &["--ruleset", "crossover", "--rounds", "3"],
        7,
    );
    play(&file, 1);
    let round = ok(&["pair", &file, "--seed", "5"]);
    let bye = &round["explanation"]["bye"];
    assert!(bye["player"]["sos"].is_string(), "{bye}");
    assert_eq!(bye["player"]["byes"], 0);
    assert!(bye["player"]["standing"].as_u64().is_some_and(|s| s > 0));
    let candidates = bye["candidates"].as_array().expect("candidates");
    assert!(!candidates.is_empty() && candidates.iter().all(|c| c["sos"].is_string()));
    assert!(
        bye["reason"]["text"]
            .as_str()
            .is_some_and(|r| r.contains("SoS"))
    );
    // Two players: round 2 can only repeat round 1.
    let pair = create(&dir, "pair", &["--ruleset", "bandai", "--rounds", "2"], 2);
    play(&pair, 1);
    let refused = error(&["pair", &pair]);
    assert_eq!(refused["kind"], "rematch-unavoidable");
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("allow rematches"))
    );
    let lonely = create(&dir, "lonely", &["--ruleset", "bandai"], 1);
    let refused = error(&["pair", &lonely]);
    assert_eq!(refused["kind"], "not-enough-players");
    let message = refused["message"].as_str().expect("message");
    assert!(
        !message.contains("reinstate") && message.contains("register more players"),
        "{message}"
    );
}
