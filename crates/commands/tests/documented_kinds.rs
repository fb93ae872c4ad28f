//! Every error kind the code can return is documented in docs/cli-json.md "Errors", and
//! every kind documented there exists.

use std::collections::BTreeSet;

use tablekeeper_words::ErrorKind;

#[test]
fn every_error_kind_is_documented_and_every_documented_kind_exists() {
    let docs = include_str!("../../../docs/cli-json.md");
    let errors = docs
        .split("\n## Errors\n")
        .nth(1)
        .expect("docs/cli-json.md has an Errors section");
    let errors = errors.split("\n## ").next().unwrap_or(errors);
    let documented: BTreeSet<&str> = errors
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .filter(|kind| *kind != "kind")
        .collect();
    let code: BTreeSet<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    let undocumented: Vec<_> = code.difference(&documented).collect();
    let unknown: Vec<_> = documented.difference(&code).collect();
    assert!(
        undocumented.is_empty(),
        "not in docs/cli-json.md: {undocumented:?}"
    );
    assert!(
        unknown.is_empty(),
        "documented but not in the code: {unknown:?}"
    );
}
