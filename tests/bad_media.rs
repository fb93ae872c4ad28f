//! The media a store owner's event lives on misbehaves: a write-protected USB stick or a
//! folder the user cannot write to, a full disk, a reader that closes the pipe early, a
//! copy of just the `.tkevent` file, and restores in quick succession.
//!
//! Read-only media and full disks need mounts: as root (as CI runs) the tests bind-mount
//! a folder read-only and mount a tiny tmpfs; otherwise read-only is made with file
//! permissions and the full-disk test says it cannot run here.

#[path = "support/cli.rs"]
mod cli;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cli::{BIN, error, ok};

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A mount that is undone when dropped (also when a test fails).
struct Mount(PathBuf);

impl Mount {
    fn run(args: &[&str]) -> bool {
        Command::new("mount")
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// `source` seen read-only at `target`.
    #[cfg(unix)]
    fn read_only(source: &Path, target: &Path) -> Option<Mount> {
        let (source, target) = (source.to_str()?, target.to_str()?);
        if !Mount::run(&["--bind", source, target]) {
            return None;
        }
        let mount = Mount(PathBuf::from(target));
        Mount::run(&["-o", "remount,bind,ro", target]).then_some(mount)
    }

    /// A tmpfs of `kilobytes` at `target`.
    fn tmpfs(target: &Path, kilobytes: u32) -> Option<Mount> {
        let size = format!("size={kilobytes}k");
        Mount::run(&["-t", "tmpfs", "-o", &size, "tmpfs", target.to_str()?])
            .then(|| Mount(target.to_path_buf()))
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A finished small event (two rounds, all results) in `dir`.
fn event_in(dir: &Path) -> PathBuf {
    let file = dir.join("ev.tkevent");
    let file_arg = path(&file);
    ok(&[
        "create",
        file_arg,
        "--name",
        "Media",
        "--ruleset",
        "bandai",
        "--rounds",
        "2",
        "--seed",
        "1",
    ]);
    for n in 0..8 {
        ok(&["add-player", file_arg, &format!("Player {n}")]);
    }
    for round in 0..2 {
        ok(&["pair", file_arg, "--seed", &round.to_string()]);
        for table in 1..=4 {
            ok(&["result", file_arg, &table.to_string(), "a"]);
        }
    }
    file
}

/// Every reading command works on `file`; every change is refused with `kind`, naming the
/// file; nothing is written beside it.
fn reads_but_refuses_changes(file: &Path, kind: &str) {
    let out = tempfile::tempdir().expect("tempdir");
    let f = path(file);
    let status = ok(&["status", f]);
    assert_eq!(status["players_registered"], 8);
    assert!(status["read_only"].is_object(), "{status}");
    assert_eq!(
        ok(&["standings", f])["rows"].as_array().map(Vec::len),
        Some(8)
    );
    ok(&["pairings", f]);
    ok(&["history", f]);
    ok(&["players", f]);
    let pdf = out.path().join("p.pdf");
    ok(&["print", f, "standings", "-o", path(&pdf)]);
    assert!(pdf.exists());
    let archive = out.path().join("a.json");
    ok(&["export", f, "-o", path(&archive)]);
    let copy = out.path().join("copy.tkevent");
    ok(&["save-copy", f, path(&copy)]);
    // The copy holds everything and can be changed.
    ok(&["add-player", path(&copy), "Late"]);
    for change in [
        vec!["add-player", f, "Nope"],
        vec!["set-rounds", f, "4"],
        vec!["undo", f],
    ] {
        let refused = error(&change);
        assert_eq!(refused["kind"], kind, "{change:?}: {refused}");
        let message = refused["message"].as_str().unwrap_or_default();
        assert!(message.contains("ev.tkevent"), "{message}");
    }
}

// Read-only media are made with a read-only mount or Unix permissions; a Windows folder's
// read-only attribute does not stop writes, so there the test has nothing to make.
#[cfg(unix)]
#[test]
fn an_event_on_read_only_media_opens_for_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = dir.path().join("stick");
    std::fs::create_dir_all(&source).expect("mkdir");
    event_in(&source);
    let before: Vec<_> = std::fs::read_dir(&source)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    if is_root() {
        let seen = dir.path().join("mounted");
        std::fs::create_dir_all(&seen).expect("mkdir");
        let _mount = Mount::read_only(&source, &seen).expect("root can bind-mount read-only");
        reads_but_refuses_changes(&seen.join("ev.tkevent"), "read-only");
    } else {
        use std::os::unix::fs::PermissionsExt;
        let protect = |mode| {
            std::fs::set_permissions(&source, std::fs::Permissions::from_mode(mode)).expect("chmod")
        };
        protect(0o555);
        reads_but_refuses_changes(&source.join("ev.tkevent"), "read-only");
        protect(0o755);
    }
    let after: Vec<_> = std::fs::read_dir(&source)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(before, after, "nothing was written beside the event");
}

#[test]
fn a_full_disk_refuses_changes_with_disk_full_and_keeps_the_event() {
    if !is_root() {
        eprintln!("skipped: mounting a tiny file system needs root (CI runs as root)");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let disk = dir.path().join("disk");
    std::fs::create_dir_all(&disk).expect("mkdir");
    let _mount = Mount::tmpfs(&disk, 1024).expect("root can mount a tmpfs");
    let file = event_in(&disk);
    let backups_before = std::fs::read_dir(disk.join("ev.tkevent.backups"))
        .expect("backups")
        .count();
    let saved = ok(&["history", path(&file)]).as_array().map(Vec::len);
    // Fill what is left of the disk.
    let filler = disk.join("filler");
    {
        use std::io::Write;
        let mut out = std::fs::File::create(&filler).expect("filler");
        let chunk = vec![0u8; 16 * 1024];
        while out.write_all(&chunk).is_ok() {}
        let _ = out.sync_all();
    }
    let refused = error(&["add-player", path(&file), "Late Player"]);
    assert_eq!(refused["kind"], "disk-full", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("ev.tkevent")
    );
    // Reading still works, and nothing was lost.
    reads_but_refuses_changes(&file, "disk-full");
    assert_eq!(
        ok(&["history", path(&file)]).as_array().map(Vec::len),
        saved
    );
    // With room again, the event takes changes; a backup that could not be written earlier
    // left no partial file.
    std::fs::remove_file(&filler).expect("free space");
    ok(&["add-player", path(&file), "Late Player"]);
    let leftovers: Vec<String> = std::fs::read_dir(disk.join("ev.tkevent.backups"))
        .expect("backups")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(
        std::fs::read_dir(disk.join("ev.tkevent.backups"))
            .expect("backups")
            .count()
            >= backups_before
    );
}

/// Creating an event on a disk with too little room says the disk is
/// full and leaves nothing (no file called damaged, no `.lock`), whatever room is left:
/// none, some of the file, or the file without its side files.
#[test]
fn creating_an_event_on_a_full_disk_says_so_and_leaves_nothing() {
    if !is_root() {
        eprintln!("skipped: mounting a tiny file system needs root (CI runs as root)");
        return;
    }
    for free_kb in [4u64, 20, 24, 32, 48] {
        let dir = tempfile::tempdir().expect("tempdir");
        let disk = dir.path().join("disk");
        std::fs::create_dir_all(&disk).expect("mkdir");
        let _mount = Mount::tmpfs(&disk, 64).expect("root can mount a tmpfs");
        std::fs::write(
            disk.join("filler"),
            vec![0u8; ((64 - free_kb) * 1024) as usize],
        )
        .expect("fill the disk");
        let file = disk.join("new.tkevent");
        let refused = error(&["create", path(&file), "--name", "New"]);
        assert_eq!(refused["kind"], "disk-full", "{free_kb} KB free: {refused}");
        let left: Vec<String> = std::fs::read_dir(&disk)
            .expect("disk")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "filler")
            .collect();
        assert!(left.is_empty(), "{free_kb} KB free: left {left:?}");
    }
}

#[test]
fn a_backup_that_cannot_be_written_is_a_warning_and_leaves_nothing() {
    if !is_root() {
        eprintln!("skipped: mounting a tiny file system needs root (CI runs as root)");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let file = event_in(dir.path());
    // The backups folder becomes a full disk of its own.
    let backups = dir.path().join("ev.tkevent.backups");
    std::fs::remove_dir_all(&backups).expect("clear backups");
    std::fs::create_dir_all(&backups).expect("mkdir");
    let _mount = Mount::tmpfs(&backups, 16).expect("tmpfs");
    ok(&["set-rounds", path(&file), "3"]);
    let output = Command::new(BIN)
        .args(["--json", "pair", path(&file), "--seed", "3"])
        .output()
        .expect("run");
    let envelope: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(envelope["ok"], true, "the pairing is saved: {envelope}");
    let notices = envelope["notices"].as_array().cloned().unwrap_or_default();
    assert!(
        notices.iter().any(|n| n["key"] == "notice.backup-failed"),
        "{envelope}"
    );
    let text = Command::new(BIN)
        .args(["status", path(&file)])
        .output()
        .expect("run");
    assert!(text.status.success());
    let leftovers: Vec<_> = std::fs::read_dir(&backups)
        .expect("dir")
        .flatten()
        .collect();
    assert!(
        leftovers.is_empty(),
        "nothing partial is left: {leftovers:?}"
    );
    assert_eq!(ok(&["status", path(&file)])["rounds_paired"], 3);
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_saved_result_stays_saved() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = event_in(dir.path());
    ok(&["set-rounds", path(&file), "3"]);
    ok(&["pair", path(&file), "--seed", "9"]);
    for args in [
        vec!["standings", path(&file)],
        vec!["result", path(&file), "1", "a"],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        // The reader goes away before reading anything (`| head -0`).
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("wait");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(output.status.code(), Some(101), "{args:?}: {stderr}");
    }
    // The result entered while the pipe was closed is there.
    let pairings = ok(&["pairings", path(&file)]);
    let table = &pairings["tables"][0];
    assert_eq!(table["table"], 1);
    assert!(table["result"].is_object(), "{pairings}");
}

#[test]
fn the_tkevent_file_alone_holds_every_step_after_a_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = event_in(dir.path());
    let stick = tempfile::tempdir().expect("tempdir");
    let copy = stick.path().join("copy.tkevent");
    std::fs::copy(&file, &copy).expect("copy just the .tkevent");
    assert_eq!(
        ok(&["history", path(&copy)]).as_array().map(Vec::len),
        ok(&["history", path(&file)]).as_array().map(Vec::len)
    );
    assert_eq!(
        ok(&["standings", path(&copy)]),
        ok(&["standings", path(&file)])
    );
}

#[test]
fn restores_in_quick_succession_keep_every_previous_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = event_in(dir.path());
    let f = path(&file);
    let backups = ok(&["backups", f]);
    let oldest = backups.as_array().and_then(|b| b.last()).expect("a backup")["file"]
        .as_str()
        .expect("path")
        .to_string();
    let steps_before = ok(&["history", f]).as_array().map(Vec::len);
    let first = ok(&["restore", f, &oldest]);
    ok(&["add-player", f, "Between Restores"]);
    let steps_between = ok(&["history", f]).as_array().map(Vec::len);
    let second = ok(&["restore", f, &oldest]);
    let (kept_first, kept_second) = (
        first["previous_saved_as"]
            .as_str()
            .expect("kept")
            .to_string(),
        second["previous_saved_as"]
            .as_str()
            .expect("kept")
            .to_string(),
    );
    assert_ne!(
        kept_first, kept_second,
        "within one second, still two names"
    );
    assert_eq!(
        ok(&["history", &kept_first]).as_array().map(Vec::len),
        steps_before
    );
    assert_eq!(
        ok(&["history", &kept_second]).as_array().map(Vec::len),
        steps_between
    );
    // Onto itself, and from a damaged backup: refused before anything moves.
    assert_eq!(error(&["restore", f, f])["kind"], "same-file");
    let damaged = dir.path().join("damaged.tkevent");
    let mut bytes = std::fs::read(&oldest).expect("read");
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&damaged, bytes).expect("write");
    let before = std::fs::read_dir(dir.path()).expect("dir").count();
    assert_eq!(
        error(&["restore", f, path(&damaged)])["kind"],
        "damaged-file"
    );
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), before);
}
