//! The architecture's module rules, checked on the source (ARCHITECTURE.md "Invariants"):
//!
//! - within each crate, the files' dependencies form no cycle: a file's `use crate::…`,
//!   `super::…`, `self::…` and child-module paths point at other files, and following them
//!   never leads back (a `#[cfg(test)]` module is not counted);
//! - the engine reads no file, no clock and no global randomness, and names no SQLite,
//!   Tauri or PDF crate.
//!
//! Edges are found by reading paths, not by compiling: a path through a crate-root
//! re-export (`crate::EngineError`) is followed to the module it re-exports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside one crate: `["event", "pairing"]`; the root is `[]`.
type Module = Vec<String>;

struct Crate {
    /// Every file's module and source (without its test module and comments).
    files: BTreeMap<Module, String>,
    /// `crate::Name` re-exported at the root → the module it comes from.
    root_exports: BTreeMap<String, Module>,
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_crate(src: &Path) -> Crate {
    let mut files = BTreeMap::new();
    collect(src, &mut Vec::new(), &mut files);
    let mut root_exports = BTreeMap::new();
    let root = files.get(&Vec::new()).cloned().unwrap_or_default();
    let export = regex_lite_exports(&root);
    for (name, module) in export {
        root_exports.insert(name, module);
    }
    Crate {
        files,
        root_exports,
    }
}

/// `pub use a::b::{C, D};` and `pub use a::b::C;` at the root: C → [a, b].
fn regex_lite_exports(root: &str) -> Vec<(String, Module)> {
    let mut out = Vec::new();
    for line in root.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        for (path, name) in expand(rest) {
            if let Some(name) = name {
                out.push((name, path));
            }
        }
    }
    out
}

fn collect(dir: &Path, prefix: &mut Module, files: &mut BTreeMap<Module, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_dir() {
            prefix.push(
                path.file_name()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            );
            collect(&path, prefix, files);
            prefix.pop();
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut module = prefix.clone();
            if !matches!(name.as_str(), "mod" | "lib" | "main") {
                module.push(name);
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            files.insert(module, code_only(&text));
        }
    }
}

/// The source without comments and without its `#[cfg(test)]` module.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod ") && next.contains('{'))
        {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let code = match line.find("//") {
            // A `//` inside a string (a URL) is rare in this code base and harmless here.
            Some(at) => &line[..at],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Expands a path with groups: `a::{b, c::{d, e}}` → (module path, last name) pairs:
/// `a::b`, `a::c::d`, `a::c::e`. The last segment is returned apart (it may be an item).
fn expand(path: &str) -> Vec<(Module, Option<String>)> {
    let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    expand_into(&path, &mut Vec::new(), &mut out);
    out
}

fn expand_into(path: &str, prefix: &mut Module, out: &mut Vec<(Module, Option<String>)>) {
    if let Some(open) = path.find('{') {
        let head: Vec<String> = path[..open]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let inner = &path[open + 1..path.rfind('}').unwrap_or(path.len())];
        let depth = prefix.len();
        prefix.extend(head);
        for part in split_top_level(inner) {
            expand_into(part, prefix, out);
        }
        prefix.truncate(depth);
        return;
    }
    let mut segments: Vec<String> = prefix.clone();
    segments.extend(
        path.split("::")
            .map(|s| s.split(" as ").next().unwrap_or(s).to_string())
            .filter(|s| !s.is_empty()),
    );
    let last = segments.pop();
    out.push((segments, last));
}

fn split_top_level(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The paths a file names that start at `crate`, `super`, `self` or one of its child
/// modules, each with its text after that start.
fn paths_in(source: &str, children: &BTreeSet<String>) -> Vec<(String, String)> {
    let bytes: Vec<char> = source.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if starts_word && (bytes[i].is_alphabetic() || bytes[i] == '_') {
            let mut j = i;
            while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_') {
                j += 1;
            }
            let word: String = bytes[i..j].iter().collect();
            let is_start =
                matches!(word.as_str(), "crate" | "super" | "self") || children.contains(&word);
            if is_start && bytes.get(j) == Some(&':') && bytes.get(j + 1) == Some(&':') {
                // Read the rest of the path: idents, `::`, and one balanced group.
                let mut k = j;
                let mut depth = 0usize;
                while k < bytes.len() {
                    let c = bytes[k];
                    if c == '{' {
                        depth += 1;
                    } else if c == '}' {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                        if depth == 0 {
                            k += 1;
                            break;
                        }
                    } else if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') {
                        break;
                    }
                    k += 1;
                }
                let rest: String = bytes[j..k].iter().collect();
                found.push((word, rest));
                i = k;
                continue;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

/// The files of `krate` that `module`'s source depends on.
fn dependencies(krate: &Crate, module: &Module, source: &str) -> BTreeSet<Module> {
    let is_module = |m: &Module| krate.files.contains_key(m);
    let children: BTreeSet<String> = krate
        .files
        .keys()
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .filter_map(|m| m.last().cloned())
        .collect();
    let mut out = BTreeSet::new();
    for (start, rest) in paths_in(source, &children) {
        let mut base: Module = match start.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            child => {
                let mut m = module.clone();
                m.push(child.to_string());
                m
            }
        };
        let mut rest = rest.trim_start_matches("::").to_string();
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after.to_string();
        }
        for (segments, last) in expand(&rest) {
            let mut full = base.clone();
            full.extend(segments);
            let mut with_last = full.clone();
            if let Some(last) = &last {
                with_last.push(last.clone());
            }
            // The longest prefix that is a file.
            let mut target = with_last.clone();
            while !target.is_empty() && !is_module(&target) {
                target.pop();
            }
            // `crate::Name` through a root re-export.
            if target.is_empty()
                && let Some(origin) = with_last.first().and_then(|n| krate.root_exports.get(n))
            {
                target = origin.clone();
                while !target.is_empty() && !is_module(&target) {
                    target.pop();
                }
            }
            if !target.is_empty() && &target != module {
                out.insert(target);
            }
        }
    }
    out
}

/// The cycles (strongly connected components of more than one file), each sorted.
fn cycles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    // Kosaraju: order by finish time, then walk the reversed graph.
    let nodes: Vec<&Module> = graph.keys().collect();
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for node in &nodes {
        visit(node, graph, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (from, tos) in graph {
        for to in tos {
            reversed.entry(to).or_default().push(from);
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for node in order.iter().rev() {
        if assigned.contains(*node) {
            continue;
        }
        let mut component = Vec::new();
        let mut stack = vec![*node];
        while let Some(n) = stack.pop() {
            if !assigned.insert(n) {
                continue;
            }
            component.push(n.join("::"));
            for m in reversed.get(n).into_iter().flatten() {
                if !assigned.contains(*m) {
                    stack.push(m);
                }
            }
        }
        if component.len() > 1 {
            component.sort();
            out.push(component);
        }
    }
    out
}

/// The dependencies between the files of one cycle, to show where to cut it.
fn edges_within(graph: &BTreeMap<Module, BTreeSet<Module>>, cycle: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (from, tos) in graph {
        let from = from.join("::");
        if !cycle.contains(&from) {
            continue;
        }
        for to in tos {
            let to = to.join("::");
            if cycle.contains(&to) {
                out.push(format!("    {from} → {to}"));
            }
        }
    }
    out
}

fn visit<'a>(
    node: &'a Module,
    graph: &'a BTreeMap<Module, BTreeSet<Module>>,
    seen: &mut BTreeSet<&'a Module>,
    order: &mut Vec<&'a Module>,
) {
    // Iterative depth-first search (the graph is small, but recursion depth is not ours).
    if !seen.insert(node) {
        return;
    }
    let mut stack: Vec<(&Module, Vec<&Module>)> =
        vec![(node, graph.get(node).into_iter().flatten().collect())];
    while let Some((current, mut next)) = stack.pop() {
        if let Some(child) = next.pop() {
            stack.push((current, next));
            if seen.insert(child) {
                stack.push((child, graph.get(child).into_iter().flatten().collect()));
            }
        } else {
            order.push(current);
        }
    }
}

fn graph_of(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let krate = read_crate(src);
    krate
        .files
        .iter()
        .filter(|(module, _)| !module.is_empty())
        .map(|(module, source)| {
            let mut deps = dependencies(&krate, module, source);
            deps.remove(&Vec::new());
            (module.clone(), deps)
        })
        .collect()
}

#[test]
fn no_crate_has_a_cycle_between_its_files() {
    let mut found = Vec::new();
    // Every crate of the workspace, found on disk (a new crate is covered without a change).
    let mut crates: Vec<String> = std::fs::read_dir(workspace().join("crates"))
        .expect("crates/")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("src").is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    assert!(crates.iter().any(|c| c == "lan"), "{crates:?}");
    for krate in &crates {
        let krate = krate.as_str();
        let src = workspace().join("crates").join(krate).join("src");
        let graph = graph_of(&src);
        assert!(
            graph.len() > 1 || krate == "cli",
            "{krate}: no modules read"
        );
        for cycle in cycles(&graph) {
            found.push(format!("{krate}: {}", cycle.join(" ↔ ")));
            found.extend(edges_within(&graph, &cycle));
        }
    }
    let shell = graph_of(&workspace().join("src-tauri/src"));
    for cycle in cycles(&shell) {
        found.push(format!("src-tauri: {}", cycle.join(" ↔ ")));
    }
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_checker_finds_a_cycle_it_is_shown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path();
    std::fs::write(
        src.join("lib.rs"),
        "mod a;\nmod b;\nmod c;\npub use a::Thing;\n",
    )
    .expect("lib");
    std::fs::write(
        src.join("a.rs"),
        "use crate::b::{self, Other};\npub struct Thing;\n",
    )
    .expect("a");
    std::fs::write(src.join("b.rs"), "pub struct Other(crate::Thing);\n").expect("b");
    std::fs::write(
        src.join("c.rs"),
        "// crate::a::Thing\n#[cfg(test)]\nmod tests {\n    use crate::a::Thing;\n}\n",
    )
    .expect("c");
    let graph = graph_of(src);
    assert_eq!(cycles(&graph), vec![vec!["a".to_string(), "b".to_string()]]);
    assert!(
        graph[&vec!["c".to_string()]].is_empty(),
        "comments and tests do not count"
    );
}

#[test]
fn the_engine_does_no_io() {
    let src = workspace().join("crates/engine/src");
    let krate = read_crate(&src);
    let forbidden = [
        "std::fs",
        "std::net",
        "std::env",
        "std::process",
        "SystemTime",
        "Instant::now",
        "thread_rng",
        "rand::rng",
        "rusqlite",
        "tauri",
        "printpdf",
        "chrono",
    ];
    let mut found = Vec::new();
    for (module, source) in &krate.files {
        for word in forbidden {
            if source.contains(word) {
                found.push(format!("{}: {word}", module.join("::")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the engine must stay pure:\n{}",
        found.join("\n")
    );
}

/// The room a module of the command layer lives in: `desk`, `session` or `views` of either
/// wing (`event/…`, `shop/…`; the event's rooms are also reached by their short names,
/// `crate::session` and `crate::views`), the hallway's `desk/`, or `shop` for the shop's
/// own changes (`shop/library.rs`, `shop/exchange/`, …).
fn room_of(module: &[String]) -> Option<&'static str> {
    let room = |name: &str| match name {
        "desk" => Some("desk"),
        "session" => Some("session"),
        "views" => Some("views"),
        _ => None,
    };
    match module.first().map(String::as_str)? {
        "event" => room(module.get(1)?),
        "shop" => module.get(1).and_then(|r| room(r)).or(Some("shop")),
        other => room(other),
    }
}

/// What breaks the command layer's rooms (ARCHITECTURE.md, "A feature's files"), in either
/// wing: an engine action built under a `desk/` (every change is a named `Session` method),
/// a `Session`, a file read or the desk named under a `views/` (views are pure shapes built
/// from the event or the shop's data), and a `session/` reaching up into a `desk/`.
fn room_violations(src: &Path) -> Vec<String> {
    let krate = read_crate(src);
    let mut found = Vec::new();
    for (module, source) in &krate.files {
        let name = module.join("::");
        let deps = dependencies(&krate, module, source);
        let reaches = |room: &str| deps.iter().any(|d| room_of(d) == Some(room));
        match room_of(module) {
            Some("desk")
                if source.contains("Action::") || source.contains("tablekeeper_engine::Action") =>
            {
                found.push(format!(
                    "{name}: builds an engine action (make it a named Session method)"
                ));
            }
            Some("views") => {
                for word in ["Session", "std::fs", "EventFile", "load_read_only"] {
                    if source.contains(word) {
                        found.push(format!(
                            "{name}: names {word} (a view is built from the event alone)"
                        ));
                    }
                }
                for room in ["desk", "session", "shop"] {
                    if reaches(room) {
                        found.push(format!("{name}: depends on {room}"));
                    }
                }
            }
            Some("session") if reaches("desk") => {
                found.push(format!("{name}: depends on desk"));
            }
            _ => {}
        }
    }
    found
}

#[test]
fn the_command_layer_keeps_its_three_rooms() {
    let found = room_violations(&workspace().join("crates/commands/src"));
    assert!(
        found.is_empty(),
        "the command layer's rooms:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_room_rules_find_what_breaks_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path();
    for room in [
        "desk",
        "event/desk",
        "event/views",
        "event/session",
        "shop/views",
    ] {
        std::fs::create_dir_all(src.join(room)).expect("room");
    }
    let write = |path: &str, text: &str| std::fs::write(src.join(path), text).expect(path);
    write(
        "lib.rs",
        "pub mod desk;\npub mod event;\npub mod shop;\npub use event::{session, views};\n",
    );
    write("desk/mod.rs", "pub struct RoundProgress;\n");
    write(
        "event/mod.rs",
        "pub mod desk;\npub mod session;\npub mod views;\n",
    );
    write("event/desk/mod.rs", "pub mod door;\n");
    write(
        "event/desk/door.rs",
        "use tablekeeper_engine::Action;\nfn enter(s: &mut Session) { s.door_step(Action::Enter {}); }\n",
    );
    write("event/session/mod.rs", "use crate::desk::RoundProgress;\n");
    write(
        "event/views/mod.rs",
        "pub mod prizes;\nuse crate::desk::RoundProgress;\n",
    );
    write(
        "event/views/prizes.rs",
        "impl Session { fn prizes(&self) {} }\nfn read() { std::fs::read(\"x\"); }\n",
    );
    write("shop/mod.rs", "pub mod views;\npub fn add_player() {}\n");
    write("shop/views/mod.rs", "use crate::shop::add_player;\n");
    let found = room_violations(src);
    for expected in [
        "event::desk::door: builds an engine action",
        "event::views::prizes: names Session",
        "event::views::prizes: names std::fs",
        "event::views: depends on desk",
        "event::session: depends on desk",
        "shop::views: depends on shop",
    ] {
        assert!(
            found.iter().any(|f| f.starts_with(expected)),
            "{expected} not found in {found:#?}"
        );
    }
}

/// Each section of the surface names its desk file in its wing
/// (`// ---- Title (event/desk/x.rs) ----`, `shop/desk/`, or the hallway's `desk/`), and every
/// command of the section is a method in that file: a newcomer finds a command's body where
/// the surface says.
#[test]
fn every_command_lives_in_the_desk_file_its_section_names() {
    let src = workspace().join("crates/commands/src");
    let surface = std::fs::read_to_string(src.join("desk/surface.rs")).expect("surface.rs");
    let body = surface
        .split("surface! {\n")
        .nth(1)
        .expect("the surface! list");
    let mut file: Option<String> = None;
    let mut misplaced = Vec::new();
    let mut commands = 0;
    for line in body.lines() {
        let line = line.trim();
        if line == "}" {
            break;
        }
        if let Some(section) = line.strip_prefix("// ---- ") {
            file = section
                .rsplit('(')
                .next()
                .and_then(|rest| rest.split(')').next())
                .filter(|path| {
                    ["desk/", "event/desk/", "shop/desk/"]
                        .iter()
                        .any(|wing| path.strip_prefix(wing).is_some_and(|f| !f.contains('/')))
                })
                .map(str::to_string);
            continue;
        }
        let Some(name) = line
            .split('(')
            .next()
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        else {
            continue;
        };
        commands += 1;
        let Some(file) = &file else {
            misplaced.push(format!("{name}: before any section"));
            continue;
        };
        let text = std::fs::read_to_string(src.join(file)).unwrap_or_default();
        if !text.contains(&format!("    pub fn {name}(")) {
            misplaced.push(format!("{name}: not in {file}"));
        }
    }
    assert!(commands > 100, "{commands} commands read");
    assert!(misplaced.is_empty(), "{}", misplaced.join("\n"));
}

/// The store's calls that create, append to or replace an event file (or hand out a handle
/// that can): only the event wing's `session/` makes them.
const EVENT_FILE_WRITES: [&str; 7] = [
    "EventFile::create",
    "EventFile::open(",
    "NewEventFile",
    "write_whole",
    "append_replicated",
    "fold_log",
    "PinnedState",
];

/// What reaches a writable handle on the shop's library: only the shop's wing holds one.
const LIBRARY_WRITES: [&str; 3] = ["Library::open", "&mut Library", "mut Library"];

/// Whether `word` occurs in `source` as a whole: not inside a longer name (`ShopLibrary::open`
/// is not `Library::open`, `&mut LibraryDetails` is not `&mut Library`).
fn names(source: &str, word: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '_';
    source.match_indices(word).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let after = source[at + word.len()..].chars().next();
        !before.is_some_and(|c| word.starts_with(part) && part(c))
            && !after.is_some_and(|c| word.ends_with(part) && part(c))
    })
}

/// Every production file a rule reads: each crate's `src/` but the store's (which is the
/// writer) and the shell's, as `(crate, module, source)`.
fn production_files(root: &Path) -> Vec<(String, Module, String)> {
    let mut out = Vec::new();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    crates.push(root.join("src-tauri"));
    crates.sort();
    for dir in crates {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name == "store" {
            continue;
        }
        for (module, source) in read_crate(&dir.join("src")).files {
            out.push((name.clone(), module, source));
        }
    }
    out
}

/// Who writes what breaks "one write path per kind of state" (ARCHITECTURE.md,
/// "Invariants"): an event file written outside the event wing's `session/`
/// (`commands/src/event/session/`), the library reached for writing outside the shop's
/// named changes (`commands/src/shop/`, its `desk/` and `views/` aside), an app file written
/// outside `desk/app_files.rs`.
fn write_path_violations(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (krate, module, source) in production_files(root) {
        let name = std::iter::once(krate.as_str())
            .chain(module.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("::");
        let room = |first: &str| krate == "commands" && room_of(&module) == Some(first);
        if !room("session")
            && let Some(word) = EVENT_FILE_WRITES.into_iter().find(|w| names(&source, w))
        {
            found.push(format!("{name}: writes an event file ({word})"));
        }
        // The shop's named changes (`shop/`, `shop/exchange/`), not its desk or views.
        if !room("shop")
            && let Some(word) = LIBRARY_WRITES.into_iter().find(|w| names(&source, w))
        {
            found.push(format!("{name}: writes the library ({word})"));
        }
        let app_files = krate == "commands" && module == ["desk", "app_files"];
        let names_app_files = source.contains("data_dir") || source.contains("app_file(");
        let writes = [
            "fs::write",
            "write_file(",
            "write_private_file(",
            "File::create",
        ]
        .into_iter()
        .find(|w| source.contains(w));
        if !app_files
            && names_app_files
            && let Some(word) = writes
        {
            found.push(format!("{name}: writes an app file ({word})"));
        }
        if !app_files && source.contains("fn write_app_file") {
            found.push(format!("{name}: a second writer of app files"));
        }
    }
    found
}

#[test]
fn each_kind_of_state_has_one_write_path() {
    let found = write_path_violations(&workspace());
    assert!(found.is_empty(), "write paths:\n{}", found.join("\n"));
}

#[test]
fn the_write_path_rules_find_what_breaks_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let write = |path: &str, text: &str| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("folder");
        std::fs::write(path, text).expect("file");
    };
    write(
        "crates/commands/src/lib.rs",
        "pub mod desk;\npub mod event;\npub mod shop;\npub mod replica;\n",
    );
    // Allowed: each kind written in its own room.
    write(
        "crates/commands/src/event/session/mod.rs",
        "fn keep(t: &Path, b: &[u8]) { tablekeeper_store::write_whole(t, b); }\n",
    );
    write(
        "crates/commands/src/shop/library.rs",
        "fn open(p: &Path) -> Library { Library::open_or_create(p) }\n",
    );
    write(
        "crates/commands/src/desk/app_files.rs",
        "impl Desk { fn write_app_file(&self) { write_file(&self.data_dir.join(\"x\"), b\"\"); } }\n",
    );
    // Planted: one of each.
    write(
        "crates/commands/src/replica.rs",
        "fn base(t: &Path, b: &[u8]) { tablekeeper_store::write_whole(t, b); }\n",
    );
    write(
        "crates/commands/src/shop/desk/library.rs",
        "fn add(l: &mut Library) { l.add(); }\n",
    );
    write(
        "crates/commands/src/desk/prefs.rs",
        "impl Desk { fn save(&self) { std::fs::write(self.app_file(\"p\"), b\"\"); } }\n",
    );
    write(
        "crates/lan/src/lib.rs",
        "fn open(p: &Path) { tablekeeper_store::EventFile::open(p); }\n",
    );
    write(
        "crates/store/src/lib.rs",
        "pub fn write_whole() {}\npub struct Library;\nfn x(l: &mut Library) {}\n",
    );
    let found = write_path_violations(root);
    let expected = [
        "commands::replica: writes an event file (write_whole)",
        "commands::shop::desk::library: writes the library (&mut Library)",
        "commands::desk::prefs: writes an app file (fs::write)",
        "lan: writes an event file (EventFile::open()",
    ];
    for expected in expected {
        assert!(
            found.iter().any(|f| f == expected),
            "{expected} not found in {found:#?}"
        );
    }
    assert_eq!(found.len(), expected.len(), "{found:#?}");
}

/// Lines of a file's own code: what comes before its `#[cfg(test)]` module.
fn production_lines(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .position(|pair| {
            pair[0].trim() == "#[cfg(test)]" && pair[1].trim_start().starts_with("mod ")
        })
        .unwrap_or(lines.len())
}

/// What is too long in the command layer (ARCHITECTURE.md, "Invariants"): a desk file over
/// 300 lines, any other file over 400 (a file's own code, its tests left out), or more than
/// 12 files at the top of `src/` — a file that grows past them is split by what it does.
fn size_violations(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    let mut top = 0;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.filter_map(Result::ok).map(|e| e.path()) {
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path
                .strip_prefix(src)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            if dir == src {
                top += 1;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lines = production_lines(&text);
            let limit = if relative.starts_with("desk/") || relative.contains("/desk/") {
                300
            } else {
                400
            };
            if lines > limit {
                found.push(format!("{relative}: {lines} lines (at most {limit})"));
            }
        }
    }
    if top > 12 {
        found.push(format!("{top} files at the top level (at most 12)"));
    }
    found.sort();
    found
}

#[test]
fn the_command_layer_keeps_its_files_small() {
    let found = size_violations(&workspace().join("crates/commands/src"));
    assert!(found.is_empty(), "files too long:\n{}", found.join("\n"));
}

#[test]
fn the_size_rules_find_what_breaks_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path();
    std::fs::create_dir_all(src.join("desk")).expect("desk");
    let lines = |n: usize| "fn f() {}\n".repeat(n);
    std::fs::write(src.join("desk/rounds.rs"), lines(301)).expect("desk file");
    std::fs::write(src.join("desk/ok.rs"), lines(300)).expect("desk file");
    let tested = format!(
        "{}#[cfg(test)]\nmod tests {{\n{}}}\n",
        lines(399),
        lines(50)
    );
    std::fs::write(src.join("views.rs"), tested).expect("tested");
    std::fs::write(src.join("long.rs"), lines(401)).expect("long");
    for n in 0..11 {
        std::fs::write(src.join(format!("m{n}.rs")), "").expect("file");
    }
    assert_eq!(
        size_violations(src),
        vec![
            "13 files at the top level (at most 12)".to_string(),
            "desk/rounds.rs: 301 lines (at most 300)".to_string(),
            "long.rs: 401 lines (at most 400)".to_string(),
        ]
    );
}
