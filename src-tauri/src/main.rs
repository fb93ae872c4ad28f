//! Tablekeeper's desktop app: the composition root of the Tauri shell.
//!
//! The shell has one command, `call`: it runs a command of the command surface
//! (`tablekeeper_commands::desk::surface`) by name on the open event, off the window's
//! thread, so the window never freezes while a file is synced or a PDF is drawn. The only
//! things the shell adds are opening a written PDF in the system's viewer and opening the
//! event file the app was started with (a double-clicked `.tkevent`). Errors reach the UI as
//! `ErrorView` (kind, message key and parameters).

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tablekeeper_commands::desk::{Desk, surface};
use tablekeeper_commands::{CommandError, ErrorView};
use tauri::Manager;

type Shared = Arc<Mutex<Desk>>;

/// Runs command `name` with `request` on a worker thread. A poisoned lock (a panic in an
/// earlier command) is recovered: the desk's state is the event file, which every command
/// re-validates.
#[tauri::command]
async fn call(
    desk: tauri::State<'_, Shared>,
    name: String,
    request: Value,
) -> Result<Value, ErrorView> {
    let desk = Arc::clone(&desk);
    tauri::async_runtime::spawn_blocking(move || {
        let mut guard = desk.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let wants_viewer = name == "print"
            && request
                .get("open")
                .and_then(Value::as_bool)
                .unwrap_or(false);
        let mut response =
            surface::dispatch(&mut guard, &name, request).map_err(|e| e.to_view())?;
        if wants_viewer {
            // A viewer that cannot start is reported, not an error: the file is written and
            // the UI shows where.
            let opened = response
                .get("path")
                .and_then(Value::as_str)
                .is_some_and(|path| open::that_detached(path).is_ok());
            response["opened"] = Value::Bool(opened);
        }
        Ok(response)
    })
    .await
    .map_err(|e| {
        CommandError::Io {
            path: String::new(),
            detail: e.to_string(),
        }
        .to_view()
    })?
}

/// Folders: `TABLEKEEPER_HOME` (tests, portable installs) or the platform's app data and
/// documents folders.
fn folders(app: &tauri::App) -> (PathBuf, PathBuf) {
    if let Some(home) = std::env::var_os("TABLEKEEPER_HOME") {
        let home = PathBuf::from(home);
        return (home.join("app-data"), home.join("events"));
    }
    let paths = app.path();
    let data = paths
        .app_data_dir()
        .unwrap_or_else(|_| std::env::temp_dir().join("tablekeeper"));
    let documents = paths
        .document_dir()
        .or_else(|_| paths.home_dir())
        .map(|d| d.join("Tablekeeper"))
        .unwrap_or_else(|_| data.join("events"));
    (data, documents)
}

/// The event file the desktop asked to open (Linux `%f`, Windows `"%1"`: the first
/// argument); other arguments are ignored.
fn launch_file() -> Option<PathBuf> {
    std::env::args_os()
        .skip(1)
        .map(PathBuf::from)
        .find(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tkevent"))
        })
        .and_then(|p| std::path::absolute(p).ok())
}

fn main() {
    tablekeeper_commands::names::set_print_check(tablekeeper_print::unprintable);
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let (data, documents) = folders(app);
            let mut desk =
                Desk::new(data, documents).with_printer(tablekeeper_print::job::render_request);
            if let Some(path) = launch_file() {
                desk.open_at_start(&path);
            }
            app.manage::<Shared>(Arc::new(Mutex::new(desk)));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![call])
        .build(tauri::generate_context!());
    let app = match result {
        Ok(app) => app,
        Err(error) => {
            eprintln!("Tablekeeper could not start: {error}");
            std::process::exit(1);
        }
    };
    app.run(|handle, event| {
        // macOS hands a double-clicked file to the running app instead of argv.
        #[cfg(target_os = "macos")]
        if let tauri::RunEvent::Opened { urls } = event {
            use tauri::Emitter;
            for url in urls {
                if let Ok(path) = url.to_file_path() {
                    let desk = handle.state::<Shared>();
                    let mut guard = desk.lock().unwrap_or_else(|p| p.into_inner());
                    guard.open_at_start(&path);
                    let _ = handle.emit("event-opened", path.display().to_string());
                }
            }
        }
        #[cfg(not(target_os = "macos"))]
        let _ = (handle, event);
    });
}
