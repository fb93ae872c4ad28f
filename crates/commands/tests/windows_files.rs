//! What Windows does differently with files, checked on Windows itself (`./tk test` runs this
//! under Wine; on Linux the file has no tests): folders with drive letters, backslashes,
//! spaces and a Japanese user name; a file another program holds open; a case-insensitive
//! file system; the lock that keeps a second Tablekeeper out; the mirror on a removable
//! drive (the harness maps one: `TABLEKEEPER_TEST_DRIVE`, docs/windows.md).

#![cfg(windows)]

use crate::support;

use std::os::windows::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use tablekeeper_commands::Session;
use tablekeeper_store::StoreError;
use tablekeeper_words::ErrorKind;

/// Windows' `FILE_SHARE_READ`: a holder that lets others read but neither write nor delete
/// (how Acrobat Reader holds a PDF it shows, and SQLite an event).
const SHARE_READ_ONLY: u32 = 0x1;

/// A folder as a shop's laptop has it: `C:\Users\山田 太郎\Documents\Tablekeeper`.
fn documents_of_a_japanese_user(dir: &tempfile::TempDir) -> PathBuf {
    let folder = dir
        .path()
        .join("山田 太郎")
        .join("Documents")
        .join("Tablekeeper");
    std::fs::create_dir_all(&folder).expect("folder");
    folder
}

fn rows_of(path: &Path) -> usize {
    Session::on_disk(path).expect("the event opens").1
}

#[test]
fn an_event_lives_under_a_drive_letter_a_space_and_a_japanese_user_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = documents_of_a_japanese_user(&dir);
    let text = folder.to_str().expect("utf-8");
    assert!(
        text.as_bytes().get(1) == Some(&b':') && text.contains('\\'),
        "a Windows path: {text}"
    );
    // Spelled with backslashes as Explorer shows it, not built by `join`.
    let event = PathBuf::from(format!("{text}\\金曜 大会 #3.tkevent"));
    let mut session = tablekeeper_commands::demo::create_demo(&event).expect("create");
    session.undo().expect("undo is real here too");
    let rows = usize::try_from(session.log_rows()).expect("rows");
    drop(session);
    assert_eq!(rows_of(&event), rows);
    let reopened = Session::open(&event).expect("opens again");
    assert_eq!(reopened.event().players.len(), 12);
}

#[test]
fn a_file_held_open_by_another_program_is_replaced_once_it_lets_go() {
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().join("pairings.pdf");
    std::fs::write(&target, b"last round").expect("old");
    let temporary = dir.path().join(".pairings.pdf.partial");
    std::fs::write(&temporary, b"this round").expect("new");

    let viewer = std::fs::OpenOptions::new()
        .read(true)
        .share_mode(SHARE_READ_ONLY)
        .open(&target)
        .expect("the viewer opens it");
    let refused = tablekeeper_store::replace(&temporary, &target);
    assert!(
        matches!(refused, Err(StoreError::HeldOpen { .. })),
        "held open: {refused:?}"
    );
    assert_eq!(
        refused.err().map(|e| e.kind()),
        Some(ErrorKind::FileInUse),
        "the UI can say: close it there"
    );
    assert_eq!(std::fs::read(&target).expect("old"), b"last round");
    assert!(temporary.exists(), "nothing lost: the new file waits");
    drop(viewer);
    tablekeeper_store::replace(&temporary, &target).expect("replaced once let go");
    assert_eq!(std::fs::read(&target).expect("new"), b"this round");

    // A brief hold (an antivirus scan) is waited out.
    std::fs::write(&temporary, b"next round").expect("newer");
    let scanner = std::fs::OpenOptions::new()
        .read(true)
        .share_mode(SHARE_READ_ONLY)
        .open(&target)
        .expect("scanned");
    let release = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(scanner);
    });
    tablekeeper_store::replace(&temporary, &target).expect("waited out");
    release.join().expect("released");
    assert_eq!(std::fs::read(&target).expect("newest"), b"next round");
}

#[test]
fn two_events_differing_only_by_case_are_never_one_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = dir.path().join("Weekly.tkevent");
    drop(tablekeeper_commands::demo::create_demo(&first).expect("first"));
    let rows = rows_of(&first);
    let second = dir.path().join("WEEKLY.tkevent");
    let refused = tablekeeper_commands::demo::create_demo(&second).map(|_| ());
    assert_eq!(
        refused.err().map(|e| e.kind()),
        Some(ErrorKind::FileExists),
        "the same file on this file system"
    );
    assert_eq!(rows_of(&first), rows, "the first event is untouched");
}

#[test]
fn a_second_tablekeeper_is_kept_out_while_the_first_holds_the_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let event = dir.path().join("event.tkevent");
    drop(tablekeeper_commands::demo::create_demo(&event).expect("create"));
    let held = tablekeeper_store::HolderLock::acquire(&event).expect("first");
    let refused = tablekeeper_store::HolderLock::acquire(&event).map(|_| ());
    assert!(
        matches!(refused, Err(StoreError::InUse { .. })),
        "second: {refused:?}"
    );
    drop(held);
    drop(tablekeeper_store::HolderLock::acquire(&event).expect("free again once closed"));
}

#[test]
fn the_mirror_on_a_removable_drive_letter_holds_every_step() {
    let Some(drive) = std::env::var_os("TABLEKEEPER_TEST_DRIVE") else {
        eprintln!("no removable drive mapped (TABLEKEEPER_TEST_DRIVE); docs/windows.md");
        return;
    };
    let stick = PathBuf::from(drive).join("\\").join("Tablekeeper mirror");
    let _ = std::fs::remove_dir_all(&stick);
    std::fs::create_dir_all(&stick).expect("the stick's folder");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut session = support::event(&dir, "bushiroad-en", 8, 3, 5);
    session.set_mirror(Some(&stick)).expect("a mirror");
    session.pair_next_round(Some(1), false).expect("pair");
    support::finish_round(&mut session, "a");
    assert!(session.take_notices().is_empty(), "no mirror warning");
    let copy = stick.join("event.tkevent");
    assert_eq!(
        rows_of(&copy),
        rows_of(session.path()),
        "every row on {copy:?}"
    );
    drop(session);
    let _ = std::fs::remove_dir_all(&stick);
}

#[test]
fn event_names_windows_refuses_as_file_names_become_files_it_accepts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = documents_of_a_japanese_user(&dir);
    let mut desk = tablekeeper_commands::desk::Desk::new(dir.path().join("app-data"), folder)
        .without_app_state();
    for name in [
        "CON",
        "NUL",
        "a:b",
        "trailing.",
        "what?*",
        "<b>|c",
        "大会 #3",
    ] {
        let created = tablekeeper_commands::desk::surface::dispatch(
            &mut desk,
            "create_event",
            serde_json::json!({ "path": null, "name": name, "title": null,
                                "ruleset": "bushiroad-en", "planned_rounds": 3 }),
        )
        .unwrap_or_else(|e| panic!("{name:?}: {e}"));
        let file = created["file"].as_str().expect("a file");
        assert!(Path::new(file).is_file(), "{name:?} is the file {file}");
        assert_eq!(created["name"], name, "the event keeps its name as typed");
    }
}
