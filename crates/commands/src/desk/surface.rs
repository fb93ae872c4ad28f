//! Every command of the surface, declared once: its name, request, response and who may
//! call it. From this one list come [`dispatch`] (run a command by name with a JSON
//! request: the Tauri shell and the LAN server), [`COMMANDS`] (the list the CLI and the
//! documentation are checked against) and [`typescript`] (`ui/src/bindings/Commands.ts`,
//! so the UI's calls are type-checked against the same list).

use serde_json::Value;
use tablekeeper_engine::{ErrorKind, msg};

use super::Desk;
use super::requests::*;
use super::room_commands::*;
use crate::error::CommandError;

/// Who may call a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    /// What the room sees: anyone on the shop's network while the event is shared (the
    /// players' phones), no token needed. Serves nothing a player may not see.
    Public,
    /// Reads the open event: the scorekeeper, or a joined station on the LAN.
    Read,
    /// Changes the open event: the scorekeeper, or a joined station on the LAN.
    Write,
    /// Files and the app itself (open, create, print, export, restore): the local app and
    /// the CLI only.
    Local,
}

/// One command of the surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CommandSpec {
    pub name: &'static str,
    pub request: &'static str,
    pub response: &'static str,
    pub access: Access,
}

macro_rules! surface {
    ($( $name:ident ( $request:ty ) -> $response:ty : $access:ident ; )*) => {
        /// Every command, in the order of the documentation.
        pub const COMMANDS: &[CommandSpec] = &[
            $(CommandSpec {
                name: stringify!($name),
                request: stringify!($request),
                response: stringify!($response),
                access: Access::$access,
            },)*
        ];

        /// Runs command `name` with a JSON `request` on `desk` and returns its JSON view.
        pub fn dispatch(desk: &mut Desk, name: &str, request: Value) -> Result<Value, CommandError> {
            match name {
                $(stringify!($name) => {
                    let request: $request = serde_json::from_value(request).map_err(|e| bad_request(name, &e))?;
                    let response: $response = desk.$name(request)?;
                    serde_json::to_value(response).map_err(|e| internal(&e))
                })*
                other => Err(CommandError::input(
                    ErrorKind::UnknownCommand,
                    msg!("error.unknown-command", "there is no command '{name}'", name = other),
                )),
            }
        }

        /// `Commands.ts`: every command's request and response type for the UI.
        pub fn typescript() -> String {
            let mut names: Vec<String> = Vec::new();
            let mut lines: Vec<String> = Vec::new();
            $(
                let request = <$request as ts_rs::TS>::name(&ts_rs::Config::default());
                let response = <$response as ts_rs::TS>::name(&ts_rs::Config::default());
                names.extend(type_names(&request));
                names.extend(type_names(&response));
                lines.push(format!("  {}: {{ request: {}; response: {} }};", stringify!($name), request, response));
            )*
            names.sort();
            names.dedup();
            let imports: String = names
                .iter()
                .map(|n| format!("import type {{ {n} }} from './{n}';\n"))
                .collect();
            format!(
                "// Generated from crates/commands/src/desk/surface.rs by `cargo test -p tablekeeper-commands`; do not edit.\n{imports}\n/** Every command of the surface: its request and response. */\nexport type Commands = {{\n{}\n}};\n",
                lines.join("\n")
            )
        }
    };
}

surface! {
    app_info(Nothing) -> AppInfo: Local;
    take_notices(Nothing) -> Vec<tablekeeper_engine::message::Message>: Local;
    read_slip(ReadSlipRequest) -> ScannedSlip: Read;
    catalogue(Nothing) -> Catalogue: Read;
    set_preferences(Preferences) -> AppInfo: Local;
    create_event(CreateEventRequest) -> crate::views::EventView: Local;
    open_event(OpenEventRequest) -> crate::views::EventView: Local;
    import_archive(ImportArchiveRequest) -> crate::views::EventView: Local;
    close_event(Nothing) -> (): Local;
    summary(Nothing) -> crate::views::EventView: Read;
    players(Nothing) -> Vec<crate::views::PlayerView>: Read;
    add_players(AddPlayersRequest) -> Vec<crate::views::PlayerView>: Write;
    add_team(AddTeamRequest) -> Vec<crate::views::PlayerView>: Write;
    edit_player(EditPlayerRequest) -> crate::views::PlayerView: Write;
    import_preview(ImportRequest) -> crate::csv_import::ImportPreview: Write;
    import_players(ImportRequest) -> Vec<crate::views::PlayerView>: Write;
    set_deck(SetDeckRequest) -> crate::views::PlayerView: Write;
    drop_player(PlayerRequest) -> crate::views::PlayerView: Write;
    set_fixed_table(FixedTableRequest) -> crate::views::PlayerView: Write;
    tardiness(TardinessRequest) -> TardinessView: Write;
    set_rounds(SetRoundsRequest) -> crate::views::EventView: Write;
    pair_round(PairRequest) -> crate::views::PairingsView: Write;
    pairings(RoundRequest) -> crate::views::PairingsView: Read;
    explain(RoundRequest) -> crate::views::ExplanationView: Read;
    repair_round(RepairRequest) -> crate::views::PairingsView: Write;
    swap(SwapRequest) -> crate::views::PairingsView: Write;
    give_bye(GiveByeRequest) -> crate::views::PairingsView: Write;
    enter_pairing(EnterPairingRequest) -> crate::views::PairingsView: Write;
    preview_result(ResultRequest) -> crate::views::TableView: Write;
    record_result(ResultRequest) -> crate::views::TableView: Write;
    record_results(BulkResultsRequest) -> Vec<crate::views::TableView>: Write;
    undo(Nothing) -> crate::session::HistoryItem: Write;
    redo(Nothing) -> crate::session::HistoryItem: Write;
    history(Nothing) -> Vec<crate::session::HistoryItem>: Write;
    back_to_round(BackToRoundRequest) -> Vec<crate::session::HistoryItem>: Write;
    penalty(PenaltyRequest) -> crate::views::PenaltyView: Write;
    penalties(Nothing) -> Vec<crate::views::PenaltyView>: Write;
    standings(StandingsRequest) -> crate::views::StandingsView: Read;
    breakdown(Nothing) -> crate::breakdown::BreakdownView: Read;
    start_cut(CutRequest) -> crate::bracket_view::BracketView: Write;
    pair_bracket_round(Nothing) -> crate::views::PairingsView: Write;
    bracket(Nothing) -> Option<crate::bracket_view::BracketView>: Read;
    export(ExportRequest) -> crate::export::ExportView: Local;
    print(PrintRequest) -> PrintView: Local;
    printout(PrintRequest) -> PrintoutView: Read;
    backups(Nothing) -> Vec<crate::backup::BackupView>: Local;
    restore_backup(RestoreRequest) -> crate::backup::RestoreView: Local;
    save_copy(SaveCopyRequest) -> crate::session::SavedCopyView: Local;
    room(Nothing) -> crate::room::RoomView: Public;
    report_result(ReportRequest) -> ReportView: Public;
    room_settings(Nothing) -> crate::room::RoomSettings: Local;
    set_room(crate::room::RoomSettings) -> crate::room::RoomSettings: Local;
    set_clock(ClockRequest) -> (): Local;
    table_codes(RoundRequest) -> Vec<TableCodeView>: Write;
    reports(Nothing) -> Vec<TableReportView>: Write;
    confirm_report(TableRequest) -> crate::views::TableView: Write;
    player_by_code(PlayerCodeRequest) -> PlayerCodeView: Public;
    player_ticket(PlayerRequest) -> PlayerTicketView: Local;
    player_tickets(Nothing) -> Vec<PlayerTicketView>: Local;
    reissue_player_code(PlayerRequest) -> PlayerTicketView: Local;
}

/// The command called `name`, if there is one.
pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The exported type names a TypeScript type expression refers to.
fn type_names(expression: &str) -> Vec<String> {
    expression
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|word| {
            word.chars().next().is_some_and(char::is_uppercase)
                && !matches!(*word, "Array" | "Record" | "Partial")
        })
        .map(str::to_string)
        .collect()
}

/// A host's refusal to run `name` the way it was asked (the desktop shell runs only its
/// quick commands on the window's own thread, and only while the desk is free): the caller
/// runs it the usual way instead.
pub fn not_run_here(name: &str) -> CommandError {
    CommandError::input(
        ErrorKind::NotAllowed,
        msg!(
            "error.not-allowed.run-here",
            "'{name}' is not run on the window's own thread now; run it the usual way",
            name = name
        ),
    )
}

fn bad_request(name: &str, error: &serde_json::Error) -> CommandError {
    CommandError::input(
        ErrorKind::InvalidRequest,
        msg!(
            "error.invalid-request",
            "the request for '{name}' is not valid: {detail}",
            name = name,
            detail = error.to_string()
        ),
    )
}

fn internal(error: &serde_json::Error) -> CommandError {
    CommandError::input(
        ErrorKind::Internal,
        msg!("error.internal", "{detail}", detail = error.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_are_unique() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count);
    }

    /// `docs/desktop-api.md` lists every command with its access.
    #[test]
    fn every_command_is_documented_with_its_access() {
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
            let row = row
                .unwrap_or_else(|| panic!("docs/desktop-api.md has no row for `{}`", command.name));
            assert!(
                row.contains(&format!("| {access} |")),
                "`{}` is {access}: {row}",
                command.name
            );
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
}
