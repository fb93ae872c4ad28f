//! Fault injection on every write path: create, add-player, import-players,
//! import-archive, pair (with its round-start backup), result (with its round-end backup),
//! undo, restore and save-copy. Each command is stopped at every failpoint of the store
//! (before and after each commit, sync and rename; `TABLEKEEPER_FAILPOINT`) and killed with
//! SIGKILL at random moments, at least [`KILLS`] times in all. After every stop:
//!
//! - the event opens and replays, and is the state before the command or the state the
//!   command produces when it completes — never a mix, never less;
//! - a new file (create, import-archive, save-copy) is absent or complete, and the command
//!   can be run again;
//! - a restore leaves the old event or the backup, and the old event survives in a kept
//!   copy whenever it was replaced;
//! - no lock blocks the next command (a change to the event succeeds).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use tablekeeper_commands::Session;
use tablekeeper_engine::Event;

const BIN: &str = env!("CARGO_BIN_EXE_tablekeeper");
/// Kills (failpoint stops and SIGKILLs) required in one run.
const KILLS: usize = 300;
/// Exit code of a process stopped at a failpoint.
const STOPPED: i32 = tablekeeper_store::failpoint::EXIT_CODE;

/// A state of the event we can recognise: the replayed event and its log length.
#[derive(Debug, Clone, PartialEq)]
struct State {
    event: Event,
    entries: usize,
}

fn state(path: &Path) -> Option<State> {
    Session::on_disk(path)
        .ok()
        .map(|(event, entries)| State { event, entries })
}

fn run(args: &[String], failpoint: Option<&str>) -> std::process::ExitStatus {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(name) = failpoint {
        command.env("TABLEKEEPER_FAILPOINT", name);
    }
    command.status().expect("run tablekeeper")
}

/// Runs `args` and kills it after `delay`; returns whether it was killed before it ended.
fn run_killed_after(args: &[String], delay: Duration) -> bool {
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    std::thread::sleep(delay);
    match child.try_wait().expect("wait") {
        Some(_) => false,
        None => {
            child.kill().expect("SIGKILL");
            child.wait().expect("reap");
            true
        }
    }
}

fn s(text: &str) -> String {
    text.to_string()
}

fn path_arg(path: &Path) -> String {
    path.to_str().expect("utf-8 test path").to_string()
}

/// Copies a folder's files (an event, its backups folder, an archive) to a fresh folder.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// The template events every iteration starts from.
struct Templates {
    dir: tempfile::TempDir,
}

impl Templates {
    fn build() -> Templates {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        let base = root.join("base");
        std::fs::create_dir_all(&base).expect("mkdir");
        let event = path_arg(&base.join("ev.tkevent"));
        let ok = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| s(a)).collect();
            assert!(run(&args, None).success(), "{args:?}");
        };
        ok(&[
            "create",
            &event,
            "--name",
            "Faults",
            "--ruleset",
            "bandai",
            "--rounds",
            "3",
            "--seed",
            "11",
        ]);
        let csv = root.join("players.csv");
        let mut text = String::from("name,reading\n");
        for n in 0..16 {
            text.push_str(&format!("選手 {n:02},せんしゅ {n:02}\n"));
        }
        std::fs::write(&csv, &text).expect("csv");
        ok(&["import-players", &event, &path_arg(&csv)]);
        ok(&["pair", &event, "--seed", "5"]);
        for table in 1..=8 {
            ok(&[
                "result",
                &event,
                &table.to_string(),
                if table % 2 == 0 { "b" } else { "a" },
            ]);
        }
        ok(&["pair", &event, "--seed", "6"]);
        for table in 1..=7 {
            ok(&["result", &event, &table.to_string(), "a"]);
        }
        // `open`: round 2 with table 8 still open. `done`: round 2 complete.
        copy_tree(&base, &root.join("open"));
        ok(&["result", &event, "8", "a"]);
        copy_tree(&base, &root.join("done"));
        ok(&[
            "export",
            &event,
            "--format",
            "archive",
            "-o",
            &path_arg(&root.join("archive.json")),
        ]);
        // A big CSV for import-players into an empty event.
        let empty = root.join("empty");
        std::fs::create_dir_all(&empty).expect("mkdir");
        ok(&[
            "create",
            &path_arg(&empty.join("ev.tkevent")),
            "--name",
            "Empty",
            "--seed",
            "1",
        ]);
        let mut big = String::from("name\n");
        for n in 0..400 {
            big.push_str(&format!("Player {n:03}\n"));
        }
        std::fs::write(root.join("big.csv"), big).expect("csv");
        Templates { dir }
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }
}

/// One write path: how to set up an iteration and what the command is.
struct WritePath {
    name: &'static str,
    /// Template folder copied into the iteration's folder.
    template: &'static str,
    /// The command, given the iteration's folder and the templates' root.
    command: fn(&Path, &Path) -> Vec<String>,
    /// The file the command creates, if it creates one (relative to the folder).
    creates: Option<&'static str>,
}

fn ev(dir: &Path) -> String {
    path_arg(&dir.join("ev.tkevent"))
}

fn write_paths() -> Vec<WritePath> {
    vec![
        WritePath {
            name: "create",
            template: "empty",
            command: |dir, _| {
                vec![
                    s("create"),
                    path_arg(&dir.join("new.tkevent")),
                    s("--name"),
                    s("New"),
                    s("--seed"),
                    s("3"),
                ]
            },
            creates: Some("new.tkevent"),
        },
        WritePath {
            name: "add-player",
            template: "done",
            command: |dir, _| vec![s("add-player"), ev(dir), s("遅刻 太郎")],
            creates: None,
        },
        WritePath {
            name: "import-players",
            template: "empty",
            command: |dir, root| {
                vec![
                    s("import-players"),
                    ev(dir),
                    path_arg(&root.join("big.csv")),
                ]
            },
            creates: None,
        },
        WritePath {
            name: "import-archive",
            template: "empty",
            command: |dir, root| {
                vec![
                    s("import-archive"),
                    path_arg(&root.join("archive.json")),
                    path_arg(&dir.join("new.tkevent")),
                ]
            },
            creates: Some("new.tkevent"),
        },
        WritePath {
            name: "pair (and its round-start backup)",
            template: "done",
            command: |dir, _| vec![s("pair"), ev(dir), s("--seed"), s("9")],
            creates: None,
        },
        WritePath {
            name: "result (and its round-end backup)",
            template: "open",
            command: |dir, _| vec![s("result"), ev(dir), s("8"), s("a")],
            creates: None,
        },
        WritePath {
            name: "undo",
            template: "done",
            command: |dir, _| vec![s("undo"), ev(dir)],
            creates: None,
        },
        WritePath {
            name: "restore",
            template: "done",
            command: |dir, _| vec![s("restore"), ev(dir), path_arg(&oldest_backup(dir))],
            creates: None,
        },
        WritePath {
            name: "save-copy",
            template: "done",
            command: |dir, _| vec![s("save-copy"), ev(dir), path_arg(&dir.join("new.tkevent"))],
            creates: Some("new.tkevent"),
        },
    ]
}

/// The oldest round-start backup of the event in `dir` (round 1, right after pairing).
fn oldest_backup(dir: &Path) -> PathBuf {
    let backups = dir.join("ev.tkevent.backups");
    let mut names: Vec<String> = std::fs::read_dir(&backups)
        .expect("backups")
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("round-01-start") && n.ends_with(".tkevent"))
        .collect();
    names.sort();
    backups.join(names.first().expect("a round-1 backup"))
}

/// Kept copies a restore wrote beside the event.
fn kept_copies(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.contains(".before-restore-") && n.ends_with(".tkevent"))
        })
        .collect()
}

/// What a path looks like before and after its command completes.
struct Expected {
    before: State,
    after: State,
    created: Option<State>,
}

fn expected(path: &WritePath, templates: &Templates) -> Expected {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_tree(&templates.root().join(path.template), dir.path());
    let before = state(&dir.path().join("ev.tkevent")).expect("template opens");
    let args = (path.command)(dir.path(), templates.root());
    assert!(run(&args, None).success(), "{}: {args:?}", path.name);
    let after = state(&dir.path().join("ev.tkevent")).expect("after opens");
    let created = path
        .creates
        .map(|file| state(&dir.path().join(file)).expect("created file opens"));
    Expected {
        before,
        after,
        created,
    }
}

/// Checks one stopped iteration; panics with the path and how it was stopped.
fn verify(path: &WritePath, dir: &Path, root: &Path, expected: &Expected, how: &str) {
    let event = dir.join("ev.tkevent");
    let now =
        state(&event).unwrap_or_else(|| panic!("{}: {how}: the event does not open", path.name));
    assert!(
        now == expected.before || now == expected.after,
        "{}: {how}: the event is neither the old nor the new state ({} entries; old {}, new {})",
        path.name,
        now.entries,
        expected.before.entries,
        expected.after.entries
    );
    if path.name == "restore" && now == expected.after {
        let kept: Vec<State> = kept_copies(dir).iter().filter_map(|p| state(p)).collect();
        assert!(
            kept.contains(&expected.before),
            "{how}: the event was restored but the old event was not kept"
        );
    }
    if let (Some(file), Some(created)) = (path.creates, &expected.created) {
        let target = dir.join(file);
        if target.exists() {
            let found = state(&target)
                .unwrap_or_else(|| panic!("{}: {how}: a partial {file} was left", path.name));
            assert_eq!(
                &found, created,
                "{}: {how}: {file} is incomplete",
                path.name
            );
        } else {
            // Nothing left behind blocks running the command again.
            let args = (path.command)(dir, root);
            assert!(
                run(&args, None).success(),
                "{}: {how}: cannot run again",
                path.name
            );
            assert_eq!(
                state(&target).as_ref(),
                Some(created),
                "{}: {how}: rerun",
                path.name
            );
        }
    }
    for backup in std::fs::read_dir(dir.join("ev.tkevent.backups"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = backup.file_name().to_string_lossy().into_owned();
        if name.ends_with(".tkevent") && !name.starts_with('.') {
            assert!(
                state(&backup.path()).is_some(),
                "{}: {how}: backup {name} does not open",
                path.name
            );
        }
    }
    // No lock is left behind: a change to the event goes through.
    let args = vec![s("set-rounds"), path_arg(&event), s("5")];
    assert!(
        run(&args, None).success(),
        "{}: {how}: the next command is blocked",
        path.name
    );
}

#[test]
fn every_write_path_survives_being_stopped_at_any_point() {
    let started = Instant::now();
    let templates = Templates::build();
    let paths = write_paths();
    let expectations: Vec<Expected> = paths.iter().map(|p| expected(p, &templates)).collect();
    let mut kills = 0;
    let mut stops_per_path = vec![0usize; paths.len()];
    let work = tempfile::tempdir().expect("tempdir");
    let mut iteration = 0;
    let mut fresh = |template: &str| -> PathBuf {
        iteration += 1;
        let dir = work.path().join(format!("i{iteration}"));
        copy_tree(&templates.root().join(template), &dir);
        dir
    };
    // Every failpoint, on every path.
    for (index, path) in paths.iter().enumerate() {
        for failpoint in tablekeeper_store::failpoint::NAMES {
            for nth in [1, 2] {
                let dir = fresh(path.template);
                let args = (path.command)(&dir, templates.root());
                let armed = format!("{failpoint}@{nth}");
                let status = run(&args, Some(&armed));
                if status.code() == Some(STOPPED) {
                    kills += 1;
                    stops_per_path[index] += 1;
                    verify(
                        path,
                        &dir,
                        templates.root(),
                        &expectations[index],
                        &format!("stopped at {armed}"),
                    );
                }
            }
        }
    }
    // Then SIGKILL at random moments until the count is reached (bounded in time).
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261123);
    while kills < KILLS && started.elapsed() < Duration::from_secs(600) {
        let index = rng.random_range(0..paths.len());
        let path = &paths[index];
        let dir = fresh(path.template);
        let args = (path.command)(&dir, templates.root());
        let delay = Duration::from_micros(rng.random_range(500..25_000));
        if run_killed_after(&args, delay) {
            kills += 1;
            stops_per_path[index] += 1;
            verify(
                path,
                &dir,
                templates.root(),
                &expectations[index],
                &format!("SIGKILL after {delay:?}"),
            );
        }
    }
    for (path, stops) in paths.iter().zip(&stops_per_path) {
        eprintln!("{:>36}: {stops} stops", path.name);
        assert!(*stops >= 5, "{} was stopped only {stops} times", path.name);
    }
    eprintln!(
        "{kills} stops in {:.1?}; nothing reported saved was lost",
        started.elapsed()
    );
    assert!(kills >= KILLS, "only {kills} kills");
}
