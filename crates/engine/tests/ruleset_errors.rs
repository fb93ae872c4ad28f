//! Ruleset files and `--set` overrides with mistakes: every error says `file:line: field:
//! problem` in words an organizer understands, never Rust's type names.

use tablekeeper_engine::ruleset::overrides::apply_overrides;
use tablekeeper_engine::ruleset::{RulesetError, catalogue, parse_ruleset};

const BANDAI: &str = include_str!("../../../rulesets/bandai.toml");

/// Words that belong to the code, not to the person reading the message.
const CODE_WORDS: [&str; 13] = [
    "i64",
    "i128",
    "u32",
    "u8",
    "usize",
    "struct",
    "Raw",
    "sequence",
    "map",
    "`",
    "invalid type",
    "Option",
    "enum",
];

fn check(error: RulesetError, file: &str, line: usize, field: &str, words: &str) {
    let RulesetError::Invalid {
        file: f,
        line: l,
        field: fi,
        message,
    } = &error
    else {
        panic!("not a located error: {error}");
    };
    assert_eq!(
        (f.as_str(), *l, fi.as_str()),
        (file, line, field),
        "{error}"
    );
    assert!(message.contains(words), "{error}");
    let text = error.to_string();
    for word in CODE_WORDS {
        assert!(!text.contains(word), "'{word}' in: {text}");
    }
    assert!(
        text.starts_with(&format!("{file}:{line}: {field}: ")),
        "{text}"
    );
}

/// The 1-based line of the first line containing `needle` in the edited text.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

#[test]
fn malformed_fields_name_file_line_field_and_problem() {
    let cases = [
        (
            "win = 3 ",
            "win = \"three\" ",
            "points.win",
            "expected a whole number, found the text \"three\"",
        ),
        (
            "multiply_by_max_points = true",
            "multiply_by_max_points = 3",
            "match_win.multiply_by_max_points",
            "expected true or false",
        ),
        (
            "exclude_own = [\"bye\"]",
            "exclude_own = \"bye\"",
            "match_win.exclude_own",
            "expected a list",
        ),
        (
            "floor = \"0.33\"",
            "floor = 0.33",
            "match_win.floor",
            "expected text in quotes",
        ),
        (
            "win = 3 ",
            "wim = 3 ",
            "points.wim",
            "unknown field 'wim'; known fields: win",
        ),
        (
            "games_to_win = 1",
            "games_to_win = -1",
            "points.games_to_win",
            "expected a whole number",
        ),
        // A number beyond 64 bits is named as too large, not as toml's i128.
        (
            "win = 3 ",
            "win = 99999999999999999999 ",
            "points.win",
            "the number 99999999999999999999, which is too large",
        ),
    ];
    for (find, replace, field, words) in cases {
        let text = BANDAI.replacen(find, replace, 1);
        assert_ne!(text, BANDAI, "{find}");
        let error = parse_ruleset("rs.toml", &text).expect_err(replace);
        check(
            error,
            "rs.toml",
            line_of(&text, replace.trim()),
            field,
            words,
        );
    }
    // A field left out is reported at its table.
    let text = BANDAI.replacen("draw = 1 ", "# draw removed ", 1);
    let error = parse_ruleset("rs.toml", &text).expect_err("missing");
    let RulesetError::Invalid { field, message, .. } = &error else {
        panic!("{error}")
    };
    assert_eq!(field, "points.draw", "{error}");
    assert!(message.contains("'draw' is missing"), "{error}");
}

#[test]
fn overrides_name_their_position_field_and_problem() {
    let bandai = catalogue::ruleset("bandai").expect("bandai");
    let cases: [(&[&str], usize, &str, &str); 8] = [
        (
            &["points.win=three"],
            1,
            "points.win",
            "'three' is not a whole number",
        ),
        (
            &["points.draw=1", "points=3"],
            2,
            "points",
            "'points' is a table",
        ),
        (
            &["match_win.multiply_by_max_points=yes"],
            1,
            "match_win.multiply_by_max_points",
            "true or false",
        ),
        (&["points.nope=1"], 1, "points.nope", "no field 'nope'"),
        (&["points.win=5000"], 1, "points.win", "between 0 and 1000"),
        (
            &["points.draw=1", "standings.unresolved=coin"],
            2,
            "standings.unresolved",
            "use \"random\"",
        ),
        // An override without a field says so (it named an empty field).
        (&["points.draw=1", "=3"], 2, "=3", "names no field"),
        (&["points.=3"], 1, "points.=3", "names no field"),
    ];
    for (overrides, line, field, words) in cases {
        let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        let error = apply_overrides(&bandai, &overrides).expect_err(field);
        check(error, "--set", line, field, words);
    }
}

/// The seeds' ruleset fields are checked like the others, at their line.
#[test]
fn issue_12_fields_are_checked_with_their_line() {
    let fow = catalogue::ruleset("fow").expect("fow");
    let check_set = |set: &str, field: &str, words: &str| {
        let error = apply_overrides(&fow, &[set.to_string()]).expect_err(set);
        check(error, "--set", 1, field, words);
    };
    check_set(
        "pairing.variable_rounds=\"all-wins\"",
        "pairing.variable_rounds",
        "no-loss",
    );
    check_set(
        "pairing.single_elimination=\"swiss\"",
        "pairing.single_elimination",
        "random-each-round",
    );
    check_set(
        "top_cut.finals=\"triple\"",
        "top_cut.finals",
        "double-when-best-of-one",
    );
    let moncolle = catalogue::ruleset("moncolle-legacy").expect("moncolle");
    let error = apply_overrides(&moncolle, &["points.penalty_reason=\"time-draw\"".into()])
        .expect_err("a draw reason");
    check(
        error,
        "--set",
        1,
        "points.penalty_reason",
        "graded reasons for a win",
    );
    // The loaded values.
    assert_eq!(moncolle.points.penalty_reason.as_deref(), Some("foul"));
    assert_eq!(
        fow.pairing.variable_rounds,
        tablekeeper_engine::ruleset::VariableRounds::NoLoss
    );
    let bo3 = apply_overrides(&fow, &["points.games_to_win=2".into()]).expect("bo3");
    assert_eq!(
        bo3.with_cut_for(24).map(|w| (w.rounds, w.cut)),
        Some(([4, 4], Some(8))),
        "003 Appendix 3 game: ~24 players → 4 rounds, Top 8"
    );
    assert_eq!(
        fow.with_cut_for(12).map(|w| (w.rounds, w.cut)),
        Some(([6, 6], Some(4))),
        "003 Appendix 1 game: ~12 players → 6 rounds, Top 4"
    );
    let text = include_str!("../../../rulesets/fow.toml").replace(
        "players = [13, 22]\nrounds = 6\ncut = 8",
        "players = [12, 22]\nrounds = 6\ncut = 8",
    );
    let error = parse_ruleset("fow.toml", &text).expect_err("overlapping rows");
    assert!(
        error.to_string().contains("recommended_with_cut.players"),
        "{error}"
    );
}
