//! Tablekeeper's desktop app: the composition root of the Tauri shell.
//!
//! Every Tauri command is a one-line forward to [`Desk`] in the command layer, which holds
//! the open event; the shell adds no tournament logic. Errors reach the UI as
//! `{kind, message}` (`ErrorView`). See `docs/desktop-api.md`.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::sync::Mutex;

use tablekeeper_commands::bracket_view::BracketView;
use tablekeeper_commands::breakdown::BreakdownView;
use tablekeeper_commands::csv_import::ImportPreview;
use tablekeeper_commands::desktop::{
    AddPlayersRequest, AddTeamRequest, AppInfo, Catalogue, CreateEventRequest, CutRequest, Desk,
    ExportRequest, GiveByeRequest, ImportRequest, OpenEventRequest, PairRequest, PenaltyRequest,
    PlayerRequest, PrintRequest, PrintView, RepairRequest, ResultRequest, RoundRequest,
    SetDeckRequest, SetRoundsRequest, SwapRequest,
};
use tablekeeper_commands::export::ExportView;
use tablekeeper_commands::views::{
    EventView, ExplanationView, PairingsView, PenaltyView, PlayerView, StandingsView, TableView,
};
use tablekeeper_commands::{CommandError, ErrorView, HistoryItem};
use tauri::{Manager, State};

type Shared<'a> = State<'a, Mutex<Desk>>;
type Reply<T> = Result<T, ErrorView>;

/// Runs `f` on the desk. A poisoned lock (a panic in an earlier command) is recovered:
/// the desk's state is the event file, which every command re-validates.
fn with<T>(desk: &Shared, f: impl FnOnce(&mut Desk) -> Result<T, CommandError>) -> Reply<T> {
    let mut guard = desk.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    f(&mut guard).map_err(|e| e.to_view())
}

#[tauri::command]
fn app_info(desk: Shared) -> AppInfo {
    desk.lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .app_info()
}

#[tauri::command]
fn catalogue(desk: Shared) -> Reply<Catalogue> {
    with(&desk, |d| d.catalogue())
}

#[tauri::command]
fn create_event(desk: Shared, request: CreateEventRequest) -> Reply<EventView> {
    with(&desk, |d| d.create_event(request))
}

#[tauri::command]
fn open_event(desk: Shared, request: OpenEventRequest) -> Reply<EventView> {
    with(&desk, |d| d.open_event(request))
}

#[tauri::command]
fn close_event(desk: Shared) -> Reply<()> {
    with(&desk, |d| {
        d.close_event();
        Ok(())
    })
}

#[tauri::command]
fn summary(desk: Shared) -> Reply<EventView> {
    with(&desk, |d| d.summary())
}

#[tauri::command]
fn players(desk: Shared) -> Reply<Vec<PlayerView>> {
    with(&desk, |d| d.players())
}

#[tauri::command]
fn add_players(desk: Shared, request: AddPlayersRequest) -> Reply<Vec<PlayerView>> {
    with(&desk, |d| d.add_players(request))
}

#[tauri::command]
fn add_team(desk: Shared, request: AddTeamRequest) -> Reply<Vec<PlayerView>> {
    with(&desk, |d| d.add_team(request))
}

#[tauri::command]
fn import_preview(desk: Shared, request: ImportRequest) -> Reply<ImportPreview> {
    with(&desk, |d| d.import_preview(request))
}

#[tauri::command]
fn import_players(desk: Shared, request: ImportRequest) -> Reply<Vec<PlayerView>> {
    with(&desk, |d| d.import_players(request))
}

#[tauri::command]
fn set_deck(desk: Shared, request: SetDeckRequest) -> Reply<PlayerView> {
    with(&desk, |d| d.set_deck(request))
}

#[tauri::command]
fn drop_player(desk: Shared, request: PlayerRequest) -> Reply<PlayerView> {
    with(&desk, |d| d.drop_player(request))
}

#[tauri::command]
fn set_rounds(desk: Shared, request: SetRoundsRequest) -> Reply<EventView> {
    with(&desk, |d| d.set_rounds(request))
}

#[tauri::command]
fn pair_round(desk: Shared, request: PairRequest) -> Reply<PairingsView> {
    with(&desk, |d| d.pair_round(request))
}

#[tauri::command]
fn pairings(desk: Shared, request: RoundRequest) -> Reply<PairingsView> {
    with(&desk, |d| d.pairings(request))
}

#[tauri::command]
fn explain(desk: Shared, request: RoundRequest) -> Reply<ExplanationView> {
    with(&desk, |d| d.explain(request))
}

#[tauri::command]
fn repair_round(desk: Shared, request: RepairRequest) -> Reply<PairingsView> {
    with(&desk, |d| d.repair_round(request))
}

#[tauri::command]
fn swap(desk: Shared, request: SwapRequest) -> Reply<PairingsView> {
    with(&desk, |d| d.swap(request))
}

#[tauri::command]
fn give_bye(desk: Shared, request: GiveByeRequest) -> Reply<PairingsView> {
    with(&desk, |d| d.give_bye(request))
}

#[tauri::command]
fn record_result(desk: Shared, request: ResultRequest) -> Reply<TableView> {
    with(&desk, |d| d.record_result(request))
}

#[tauri::command]
fn undo(desk: Shared) -> Reply<HistoryItem> {
    with(&desk, |d| d.undo())
}

#[tauri::command]
fn redo(desk: Shared) -> Reply<HistoryItem> {
    with(&desk, |d| d.redo())
}

#[tauri::command]
fn history(desk: Shared) -> Reply<Vec<HistoryItem>> {
    with(&desk, |d| d.history())
}

#[tauri::command]
fn penalty(desk: Shared, request: PenaltyRequest) -> Reply<PenaltyView> {
    with(&desk, |d| d.penalty(request))
}

#[tauri::command]
fn penalties(desk: Shared) -> Reply<Vec<PenaltyView>> {
    with(&desk, |d| d.penalties())
}

#[tauri::command]
fn standings(desk: Shared) -> Reply<StandingsView> {
    with(&desk, |d| d.standings())
}

#[tauri::command]
fn breakdown(desk: Shared) -> Reply<BreakdownView> {
    with(&desk, |d| d.breakdown())
}

#[tauri::command]
fn start_cut(desk: Shared, request: CutRequest) -> Reply<BracketView> {
    with(&desk, |d| d.start_cut(request))
}

#[tauri::command]
fn pair_bracket_round(desk: Shared) -> Reply<PairingsView> {
    with(&desk, |d| d.pair_bracket_round())
}

#[tauri::command]
fn bracket(desk: Shared) -> Reply<Option<BracketView>> {
    with(&desk, |d| d.bracket())
}

#[tauri::command]
fn export(desk: Shared, request: ExportRequest) -> Reply<ExportView> {
    with(&desk, |d| d.export(request))
}

/// Writes a printout beside the event file; with `open`, hands it to the system's PDF
/// viewer (printing from there). A viewer that cannot start is reported, not an error: the
/// file is written and the UI shows where.
#[tauri::command]
fn print(desk: Shared, request: PrintRequest) -> Reply<PrintView> {
    with(&desk, |d| {
        let mut view = d.print(&request, tablekeeper_print::job::render_request)?;
        view.opened = request.open && open::that_detached(&view.path).is_ok();
        Ok(view)
    })
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

fn main() {
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(|app| {
            let (data, documents) = folders(app);
            app.manage(Mutex::new(Desk::new(data, documents)));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            app_info,
            catalogue,
            create_event,
            open_event,
            close_event,
            summary,
            players,
            add_players,
            add_team,
            import_preview,
            import_players,
            set_deck,
            drop_player,
            set_rounds,
            pair_round,
            pairings,
            explain,
            repair_round,
            swap,
            give_bye,
            record_result,
            undo,
            redo,
            history,
            penalty,
            penalties,
            standings,
            breakdown,
            start_cut,
            pair_bracket_round,
            bracket,
            export,
            print,
        ])
        .run(tauri::generate_context!());
    if let Err(error) = result {
        eprintln!("Tablekeeper could not start: {error}");
        std::process::exit(1);
    }
}
