//! Refusals that must say the right thing and leave nothing behind (point 9):
//! usage errors under `--json` are the documented JSON error; a refused `import-archive`
//! leaves no file and no `.lock`; an archive that undoes a step that does not exist is an
//! invalid archive, not a damaged file; a number too large for a ruleset, or an override
//! without a field, is named in plain words.

#[path = "support/cli.rs"]
mod cli;

use std::path::Path;
use std::process::Command;

use cli::{BIN, error, ok};
use serde_json::Value;

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// An event with a round played and the last result undone, exported as an archive.
fn archive(dir: &Path) -> Value {
    let file = dir.join("source.tkevent");
    ok(&["create", path(&file), "--name", "Source"]);
    for name in ["A", "B", "C", "D"] {
        ok(&["add-player", path(&file), name]);
    }
    ok(&["pair", path(&file)]);
    ok(&["result", path(&file), "1", "a"]);
    ok(&["undo", path(&file)]);
    let out = dir.join("source.json");
    ok(&["export", path(&file), "-o", path(&out)]);
    serde_json::from_slice(&std::fs::read(&out).expect("archive")).expect("JSON")
}

/// Nothing at all at `target`: no event, no side files, no lock.
fn nothing_at(target: &Path) {
    let name = target.file_name().and_then(|n| n.to_str()).expect("name");
    let left: Vec<String> = std::fs::read_dir(target.parent().expect("folder"))
        .expect("folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(name))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn usage_errors_under_json_are_the_documented_json_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("u.tkevent");
    ok(&["create", path(&file), "--name", "U"]);
    let cases: [(&[&str], &str); 6] = [
        (&["penalty", path(&file), "1", "banishment"], "banishment"),
        (&["export", path(&file), "--format", "bogus"], "bogus"),
        (&["print", path(&file), "nothing"], "nothing"),
        (&["no-such-command"], "no-such-command"),
        // A missing argument is named, not left at "…not provided:".
        (&["ratings"], "<FILES>"),
        (&["meta"], "<FILES>"),
    ];
    for (args, word) in cases {
        let output = Command::new(BIN)
            .arg("--json")
            .args(args)
            .output()
            .expect("run");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            output.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let reply: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
            panic!(
                "{args:?}: not JSON ({e}): {}",
                String::from_utf8_lossy(&output.stdout)
            )
        });
        assert_eq!(reply["ok"], false);
        assert_eq!(reply["error"]["kind"], "invalid-request", "{reply}");
        assert!(
            reply["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(word)),
            "{reply}"
        );
    }
    // The words a typed option takes are in the error, for a program to offer.
    let refused = error(&["penalty", path(&file), "1", "banishment"]);
    assert_eq!(refused["key"], "error.invalid-request.usage-value");
    assert!(
        refused["params"]["words"]
            .as_str()
            .is_some_and(|w| w.contains("match-loss"))
    );
}

#[test]
fn a_refused_import_leaves_no_file_and_no_lock() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut archive = archive(dir.path());
    // Steps no longer numbered 1, 2, 3, …: found once the new file is being built.
    let log = archive["log"].as_array_mut().expect("log");
    let bumped = log[3]["step"].as_i64().expect("step") + 5;
    log[3]["step"] = bumped.into();
    let edited = dir.path().join("steps.json");
    std::fs::write(&edited, archive.to_string()).expect("write");
    let target = dir.path().join("imported.tkevent");
    let refused = error(&["import-archive", path(&edited), path(&target)]);
    assert_eq!(refused["kind"], "invalid-archive", "{refused}");
    nothing_at(&target);
}

#[test]
fn an_archive_that_undoes_a_step_that_does_not_exist_is_an_invalid_archive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut archive = archive(dir.path());
    let log = archive["log"].as_array_mut().expect("log");
    let undo = log
        .iter_mut()
        .find(|e| e["entry"] == "undo")
        .expect("the archive has an undo");
    undo["target"] = 99.into();
    let edited = dir.path().join("undo.json");
    std::fs::write(&edited, archive.to_string()).expect("write");
    let target = dir.path().join("imported.tkevent");
    let refused = error(&["import-archive", path(&edited), path(&target)]);
    assert_eq!(refused["kind"], "invalid-archive", "{refused}");
    assert_eq!(refused["params"]["target"], "99");
    nothing_at(&target);
}

#[test]
fn ruleset_numbers_and_overrides_are_refused_in_plain_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rules = include_str!("../rulesets/bandai.toml").replacen(
        "\nwin = 3 ",
        "\nwin = 99999999999999999999 ",
        1,
    );
    let ruleset = dir.path().join("big.toml");
    std::fs::write(&ruleset, rules).expect("write");
    let file = dir.path().join("r.tkevent");
    let refused = error(&[
        "create",
        path(&file),
        "--name",
        "R",
        "--ruleset-file",
        path(&ruleset),
    ]);
    let message = refused["message"].as_str().unwrap_or_default();
    assert!(message.contains("too large"), "{message}");
    assert!(
        !message.contains("i128") && !message.contains('`'),
        "{message}"
    );
    let refused = error(&["create", path(&file), "--name", "R", "--set", "=3"]);
    let message = refused["message"].as_str().unwrap_or_default();
    assert!(message.contains("names no field"), "{message}");
    assert!(!message.contains("no field ''"), "{message}");
    nothing_at(&file);
}

/// A command that reads the library never makes one: a mistyped `--library` is said (what
/// to check, how a new library is made) and leaves no file behind; `library add` still
/// makes a new library where it is asked to.
#[test]
fn a_mistyped_library_is_said_and_never_created_by_a_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let typo = dir.path().join("playres.tklibrary");
    let typo = path(&typo);
    for step in [
        &["events"][..],
        &["list"][..],
        &["find", "Aiko"][..],
        &["duplicates"][..],
    ] {
        let mut args = vec!["library", "--library", typo];
        args.extend_from_slice(step);
        let refused = error(&args);
        assert_eq!(refused["kind"], "file-not-found", "{step:?}: {refused}");
        assert_eq!(refused["key"], "error.library.not-found");
        assert!(
            !std::path::Path::new(typo).exists(),
            "{step:?} made a library"
        );
    }
    let refused = error(&["ratings", "--library", "--library-file", typo]);
    assert_eq!(refused["kind"], "file-not-found", "{refused}");
    assert!(!std::path::Path::new(typo).exists());
    ok(&["library", "--library", typo, "add", "Aiko Tanaka"]);
    assert_eq!(
        ok(&["library", "--library", typo, "list"])
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}

/// A refusal in the words of `--lang` (every language the catalogues hold) and of the
/// locale when no `--lang` is given: the text the scorekeeper reads, not the JSON.
#[test]
fn a_refusal_is_said_in_the_language_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("words.tkevent");
    ok(&[
        "create",
        path(&file),
        "--name",
        "Words",
        "--ruleset",
        "bandai",
    ]);
    for name in ["Ann", "Ben"] {
        ok(&["add-player", path(&file), name]);
    }
    ok(&["pair", path(&file)]);
    let refused = |extra: &[&str], locale: &str| {
        let output =
            cli::process::output(Command::new(BIN).env("LC_ALL", locale).args(extra).args([
                "result",
                path(&file),
                "1",
                "banana",
            ]))
            .expect("run tablekeeper");
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).to_string()
    };
    let english = refused(&["--lang", "en"], "C");
    assert!(english.contains("'banana' is not a result"), "{english}");
    for language in tablekeeper_words::Language::ALL {
        if *language == tablekeeper_words::Language::En {
            continue;
        }
        let template =
            &tablekeeper_words::catalogue::messages(*language)["error.invalid-result.result-use"];
        // The words before the quoted input, as the language writes them.
        let opening: String = template
            .split("{{")
            .map(|part| part.split_once("}}").map_or(part, |(_, after)| after))
            .max_by_key(|part| part.chars().count())
            .unwrap_or_default()
            .chars()
            .take(12)
            .collect();
        let said = refused(&["--lang", language.id()], "C");
        assert!(
            said.contains(opening.trim()),
            "{language}: {opening:?} in {said}"
        );
        assert!(said.contains("banana"), "{language}: {said}");
        assert_ne!(said, english, "{language}");
    }
    let korean = refused(&[], "ko_KR.UTF-8");
    assert_eq!(
        korean,
        refused(&["--lang", "ko"], "C"),
        "the locale picks Korean"
    );
}
