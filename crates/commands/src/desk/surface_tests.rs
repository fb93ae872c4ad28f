//! The surface's own checks: unique names, documented properties, columns that agree, and
//! the TypeScript declaration written for the UI.

use super::*;

#[test]
fn command_names_are_unique() {
    let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count);
}

/// `docs/desktop-api.md` lists every command with its properties, as declared here.
#[test]
fn every_command_is_documented_with_its_properties() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/desktop-api.md"),
    )
    .expect("docs/desktop-api.md");
    for command in COMMANDS {
        let access = serde_json::to_value(command.access).expect("access");
        let access = access.as_str().unwrap_or_default();
        let row = doc.lines().find(|line| {
            line.starts_with(&format!("| `{}`", command.name))
                || line.contains(&format!(" / `{}` |", command.name))
        });
        let row =
            row.unwrap_or_else(|| panic!("docs/desktop-api.md has no row for `{}`", command.name));
        let word = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
        let columns = format!(
            "| {access} | {} | {} | {} |",
            word(serde_json::json!(command.effect)),
            word(serde_json::json!(command.thread)),
            word(serde_json::json!(command.needs)),
        );
        assert!(
            row.contains(&columns),
            "`{}` is {columns}: {row}",
            command.name
        );
    }
}

/// The columns say the same thing twice where they overlap: a command the network may
/// change the event with is `write` (or a player's `public` report); a command run on the
/// window's thread is quick and reaches no other file; a command that needs nothing open
/// never changes the event.
#[test]
fn the_columns_agree_with_each_other() {
    // What players do from their own phones, each proven by their code (a table's for a
    // report): the only public commands that change the event.
    const PLAYERS_OWN: &[&str] = &[
        "report_result",
        "enter",
        "check_in_by_code",
        "withdraw_by_code",
        "request_drop",
        "call_judge",
    ];
    for c in COMMANDS {
        if c.effect == Effect::Event {
            assert!(
                matches!(c.access, Access::Write | Access::Local) || PLAYERS_OWN.contains(&c.name),
                "{} changes the event but is {:?}",
                c.name,
                c.access
            );
        }
        if c.thread == Thread::Here {
            assert!(
                matches!(c.effect, Effect::Nothing | Effect::Event),
                "{} runs on the window's thread but changes {:?}",
                c.name,
                c.effect
            );
        }
        if c.needs == Needs::Nothing {
            assert_ne!(c.effect, Effect::Event, "{}", c.name);
        }
        if c.access == Access::Read || c.access == Access::Public && !PLAYERS_OWN.contains(&c.name)
        {
            assert_eq!(
                c.effect,
                Effect::Nothing,
                "{} reads, so it changes nothing",
                c.name
            );
        }
    }
}

/// The UI's `Commands.ts` is generated here (like every other binding) and committed;
/// `./tk test` fails when the committed file is stale.
#[test]
fn export_the_typescript_declaration() {
    let folder = std::env::var("TS_RS_EXPORT_DIR").unwrap_or_else(|_| "bindings".into());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(folder)
        .join("Commands.ts");
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("bindings folder");
    }
    std::fs::write(&path, typescript()).expect("write Commands.ts");
}
