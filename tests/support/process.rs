//! Starting the CLI from a test. Under Wine 8 (the Windows test run, docs/windows.md) a
//! CreateProcess now and then fails with ERROR_INTERNAL_ERROR (1359) while many processes
//! start and are killed in a row; Windows itself does not do this. Such a start is tried
//! again a few times; any other failure is returned at once.

#![allow(dead_code)] // each test binary uses its own subset

use std::process::{Child, Command, Output};

/// Windows' ERROR_INTERNAL_ERROR, as Wine reports a start it could not make.
const WINE_INTERNAL_ERROR: i32 = 1359;

fn again<T>(mut start: impl FnMut() -> std::io::Result<T>) -> std::io::Result<T> {
    let mut tries = 0;
    loop {
        match start() {
            Err(e) if e.raw_os_error() == Some(WINE_INTERNAL_ERROR) && tries < 5 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
            result => return result,
        }
    }
}

/// `command.spawn()`, tried again after Wine's internal error.
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    again(|| command.spawn())
}

/// `command.output()`, tried again after Wine's internal error.
pub fn output(command: &mut Command) -> std::io::Result<Output> {
    again(|| command.output())
}
