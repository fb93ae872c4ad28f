//! The embedded catalogue matches the files in `rulesets/`, and every file is valid.

use std::path::Path;

use tablekeeper_engine::ruleset::catalogue::{self, RULESET_FILES, TITLE_FILES};

fn toml_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("rulesets directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    names
}

#[test]
fn every_ruleset_and_title_file_is_embedded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulesets");
    let mut embedded: Vec<String> = RULESET_FILES.iter().map(|(f, _)| f.to_string()).collect();
    embedded.sort();
    assert_eq!(toml_files(&root), embedded);
    let mut titles: Vec<String> = TITLE_FILES
        .iter()
        .map(|(f, _)| f.trim_start_matches("titles/").to_string())
        .collect();
    titles.sort();
    assert_eq!(toml_files(&root.join("titles")), titles);
}

#[test]
fn every_ruleset_is_valid_and_named_after_its_file() {
    for id in catalogue::ruleset_ids() {
        let ruleset = catalogue::ruleset(id).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ruleset.id, id);
        assert!(!ruleset.source.is_empty());
    }
}

#[test]
fn every_title_names_existing_rulesets() {
    let ids = catalogue::ruleset_ids();
    for title in catalogue::titles().unwrap_or_else(|e| panic!("{e}")) {
        assert!(
            ids.contains(&title.ruleset.as_str()),
            "{}: unknown ruleset {}",
            title.id,
            title.ruleset
        );
        if let Some(ja) = &title.ruleset_ja {
            assert!(
                ids.contains(&ja.as_str()),
                "{}: unknown ruleset {ja}",
                title.id
            );
        }
        assert!(
            !title.time_up_en.is_empty() && !title.time_up_ja.is_empty(),
            "{}: time-up text",
            title.id
        );
    }
}

#[test]
fn unknown_ids_list_the_known_ones() {
    let error = catalogue::ruleset("magic").expect_err("unknown");
    assert!(error.to_string().contains("bushiroad-en, bushiroad-ja"));
    let error = catalogue::title("nope").expect_err("unknown");
    assert!(error.to_string().contains("vanguard"));
}

#[test]
fn malformed_fields_are_reported_with_file_line_and_field() {
    let (_, text) = RULESET_FILES[0];
    let broken = text.replace("rounding = \"truncate\"", "rounding = \"ceiling\"");
    let error =
        tablekeeper_engine::ruleset::parse_ruleset("custom.toml", &broken).expect_err("invalid");
    let line = broken
        .lines()
        .position(|l| l.starts_with("rounding ="))
        .expect("line")
        + 1;
    assert!(
        error
            .to_string()
            .starts_with(&format!("custom.toml:{line}: match_win.rounding:")),
        "{error}"
    );
    let unknown = format!("{text}\n[extra]\nfoo = 1\n");
    let error =
        tablekeeper_engine::ruleset::parse_ruleset("custom.toml", &unknown).expect_err("invalid");
    assert!(error.to_string().contains("extra"), "{error}");
}
