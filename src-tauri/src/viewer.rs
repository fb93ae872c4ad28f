//! Opens a file the app just wrote (a PDF to print) in the system's viewer, or its folder
//! in the file manager.
//!
//! `TABLEKEEPER_VIEWER` overrides the system's choice: the program to start with the file
//! (a shop's own PDF program; the end-to-end tests' stand-in), or empty for no viewer, when
//! the app only says where the file was saved. Without it the desktop's default program
//! opens the file (`xdg-open` on Linux, the file type's program on Windows).

use std::process::{Command, Stdio};

/// Starts the viewer on `path`; `false` when none could be started (the file stays written
/// and the window says where it is).
pub fn open(path: &str) -> bool {
    match std::env::var_os("TABLEKEEPER_VIEWER") {
        Some(program) if program.is_empty() => false,
        Some(program) => {
            let started = Command::new(program)
                .arg(path)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn();
            match started {
                Ok(mut child) => {
                    // Reaped when it exits, so a long day leaves no finished viewers behind.
                    std::thread::spawn(move || child.wait());
                    true
                }
                Err(_) => false,
            }
        }
        None => open::that_detached(path).is_ok(),
    }
}
