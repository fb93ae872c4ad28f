//! Every command of the surface, declared once: its name, request, response and who may
//! call it. From this one list come [`dispatch`] (run a command by name with a JSON
//! request: the Tauri shell and the LAN server), [`COMMANDS`] (the list the CLI and the
//! documentation are checked against) and [`typescript`] (`ui/src/bindings/Commands.ts`,
//! so the UI's calls are type-checked against the same list).

use serde_json::Value;
use tablekeeper_words::{ErrorKind, msg};

use super::door::*;
use super::exchange::*;
use super::library::*;
use super::library_events::*;
use super::meta::*;
use super::ratings::*;
use super::replicas::*;
use super::room::*;
use super::*;
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

/// What a command changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Nothing: it reads (a preview applies its actions to a copy).
    Nothing,
    /// The open event's file (one committed step).
    Event,
    /// Files other than the open event's log (a new event, an export, a printout, a backup
    /// restored), or which event is open.
    Files,
    /// The app's own state: preferences, what the room sees, the round clock.
    App,
}

/// Where a host runs a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Thread {
    /// Quick (at most one small synced write, never the network): the desktop shell may
    /// run it on the window's own thread when the desk is free (`call_here`).
    Here,
    /// Off the window's thread.
    Worker,
    /// Off the window's thread, and it can take seconds: the window says it is working.
    Slow,
}

/// What a command needs open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Needs {
    Nothing,
    /// An open event: without one the command is refused with `no-event`.
    Event,
}

/// What a host does besides running a command: the few commands hosts treat in their own
/// way say so here, so no host knows a command by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hosting {
    /// The phones' poll, many a second: the LAN server answers it from the desk's shared
    /// snapshot, never counts it as a guess, and serves the event being worked on when the
    /// shared one is closed.
    Poll,
    /// A new entry from a device: the LAN server holds one device to a few a minute.
    Entry,
    /// Writes a PDF the desktop opens in the system's viewer when the request says `open`.
    Viewer,
    /// Run on a station's own laptop (its window, preferences and notices), not sent to the
    /// main laptop.
    StationLocal,
    /// A station's answer names the main laptop's open event and the station's address.
    StationInfo,
    /// A station has the main laptop render it (`printout`) and writes the file itself.
    StationPrint,
    /// A station's replica asking for its copy: the LAN server remembers the station's
    /// address (on the server's port) as a laptop that may carry the event on.
    Replica,
}

/// One command of the surface and its properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CommandSpec {
    pub name: &'static str,
    pub request: &'static str,
    pub response: &'static str,
    pub access: Access,
    pub effect: Effect,
    pub thread: Thread,
    pub needs: Needs,
    /// What hosts do besides running it (most commands: nothing).
    pub hosting: &'static [Hosting],
}

impl CommandSpec {
    /// Whether hosts treat this command as `hosting` says.
    pub fn hosted(&self, hosting: Hosting) -> bool {
        self.hosting.contains(&hosting)
    }
}

macro_rules! surface {
    ($( $name:ident ( $request:ty ) -> $response:ty : $access:ident , $effect:ident , $thread:ident , $needs:ident $(, $hosting:ident)* ; )*) => {
        /// Every command, in the order of the documentation.
        pub const COMMANDS: &[CommandSpec] = &[
            $(CommandSpec {
                name: stringify!($name),
                request: stringify!($request),
                response: stringify!($response),
                access: Access::$access,
                effect: Effect::$effect,
                thread: Thread::$thread,
                needs: Needs::$needs,
                hosting: &[$(Hosting::$hosting),*],
            },)*
        ];

        /// Runs command `name` with a JSON `request` on `desk` and returns its JSON view.
        pub fn dispatch(desk: &mut Desk, name: &str, request: Value) -> Result<Value, CommandError> {
            if spec(name).is_some_and(|spec| spec.needs == Needs::Event) {
                desk.session()?;
            }
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
            let properties: Vec<String> = COMMANDS
                .iter()
                .map(|c| {
                    let word = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
                    let hosting: Vec<String> = c
                        .hosting
                        .iter()
                        .map(|h| format!("'{}'", word(serde_json::json!(h))))
                        .collect();
                    format!(
                        "  {}: {{ access: '{}', effect: '{}', thread: '{}', needs: '{}', hosting: [{}] }},",
                        c.name,
                        word(serde_json::json!(c.access)),
                        word(serde_json::json!(c.effect)),
                        word(serde_json::json!(c.thread)),
                        word(serde_json::json!(c.needs)),
                        hosting.join(", "),
                    )
                })
                .collect();
            format!(
                "// Generated from crates/commands/src/desk/surface.rs by `cargo test -p tablekeeper-commands`; do not edit.\n{imports}\n/** Every command of the surface: its request and response. */\nexport type Commands = {{\n{}\n}};\n\n/** Every command's properties, as the surface declares them. */\nexport const COMMAND_PROPERTIES = {{\n{}\n}} as const satisfies Record<keyof Commands, {{ access: string; effect: string; thread: 'here' | 'worker' | 'slow'; needs: string; hosting: readonly string[] }}>;\n",
                lines.join("\n"),
                properties.join("\n")
            )
        }
    };
}

surface! {
    // name(request) -> response: who may call it (access), what it changes (effect), where a
    // host runs it (thread: on the window's own thread, off it, or off it with the window
    // saying it works), whether it needs an open event, and what hosts do besides running it.

    // ---- The app (desk/app.rs) ----
    app_info(Nothing) -> AppInfo: Local, Nothing, Worker, Nothing, StationLocal, StationInfo;
    take_notices(Nothing) -> Vec<tablekeeper_words::message::Message>: Local, Nothing, Here, Nothing, StationLocal;
    catalogue(Nothing) -> Catalogue: Read, Nothing, Worker, Nothing;
    set_preferences(Preferences) -> AppInfo: Local, App, Worker, Nothing, StationLocal;

    // ---- What needs the scorekeeper (desk/attention.rs) ----
    attention(Nothing) -> crate::views::attention::AttentionView: Read, Nothing, Worker, Event;

    // ---- Events (desk/events.rs) ----
    create_event(CreateEventRequest) -> crate::views::EventView: Local, Files, Slow, Nothing;
    open_event(OpenEventRequest) -> crate::views::EventView: Local, Files, Slow, Nothing;
    import_archive(ImportArchiveRequest) -> crate::views::EventView: Local, Files, Worker, Nothing;
    close_event(Nothing) -> (): Local, Files, Worker, Nothing;
    open_events(Nothing) -> Vec<OpenEventView>: Local, Nothing, Worker, Nothing;
    switch_event(SwitchEventRequest) -> crate::views::EventView: Local, Files, Worker, Nothing;
    set_table_range(TableRangeRequest) -> crate::views::EventView: Write, Event, Worker, Event;
    summary(Nothing) -> crate::views::EventView: Read, Nothing, Worker, Event;

    // ---- Players (desk/players.rs) ----
    players(Nothing) -> Vec<crate::views::PlayerView>: Read, Nothing, Worker, Event;
    add_players(AddPlayersRequest) -> Vec<crate::views::PlayerView>: Write, Event, Worker, Event;
    add_team(AddTeamRequest) -> Vec<crate::views::PlayerView>: Write, Event, Worker, Event;
    edit_player(EditPlayerRequest) -> crate::views::PlayerView: Write, Event, Worker, Event;
    import_preview(ImportRequest) -> crate::formats::csv_import::ImportPreview: Write, Nothing, Slow, Event;
    import_players(ImportRequest) -> Vec<crate::views::PlayerView>: Write, Event, Slow, Event;
    set_deck(SetDeckRequest) -> crate::views::PlayerView: Write, Event, Worker, Event;
    drop_player(PlayerRequest) -> crate::views::PlayerView: Write, Event, Worker, Event;
    set_fixed_table(FixedTableRequest) -> crate::views::PlayerView: Write, Event, Worker, Event;
    tardiness(TardinessRequest) -> TardinessView: Write, Event, Worker, Event;
    set_rounds(SetRoundsRequest) -> crate::views::EventView: Write, Event, Worker, Event;

    // ---- Rounds (desk/rounds.rs) ----
    pair_round(PairRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;
    pairings(PairingsRequest) -> crate::views::PairingsView: Read, Nothing, Worker, Event;
    explain(RoundRequest) -> crate::views::ExplanationView: Read, Nothing, Worker, Event;
    repair_round(RepairRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;
    swap(SwapRequest) -> crate::views::PairingsView: Write, Event, Worker, Event;
    give_bye(GiveByeRequest) -> crate::views::PairingsView: Write, Event, Worker, Event;
    enter_pairing(EnterPairingRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;

    // ---- Results (desk/results.rs) ----
    read_slip(ReadSlipRequest) -> ScannedSlip: Read, Nothing, Worker, Event;
    preview_result(ResultRequest) -> crate::views::TableView: Write, Nothing, Here, Event;
    record_result(ResultRequest) -> RecordedView: Write, Event, Here, Event;
    record_results(BulkResultsRequest) -> Vec<crate::views::TableView>: Write, Event, Slow, Event;

    // ---- History (desk/history.rs) ----
    undo(Nothing) -> crate::session::HistoryItem: Write, Event, Worker, Event;
    redo(Nothing) -> crate::session::HistoryItem: Write, Event, Worker, Event;
    history(Nothing) -> Vec<crate::session::HistoryItem>: Write, Nothing, Worker, Event;
    back_to_round(BackToRoundRequest) -> Vec<crate::session::HistoryItem>: Write, Event, Slow, Event;

    // ---- Penalties (desk/penalties.rs) ----
    penalty(PenaltyRequest) -> crate::views::PenaltyView: Write, Event, Worker, Event;
    penalties(Nothing) -> Vec<crate::views::PenaltyView>: Write, Nothing, Worker, Event;

    // ---- Standings (desk/standings.rs) ----
    standings(StandingsRequest) -> crate::views::StandingsView: Read, Nothing, Worker, Event;
    breakdown(Nothing) -> crate::views::breakdown::BreakdownView: Read, Nothing, Worker, Event;
    projection(ProjectionRequest) -> crate::views::projection::CutLineView: Read, Nothing, Worker, Event;

    // ---- The top cut (desk/top_cut.rs) ----
    start_cut(CutRequest) -> crate::views::bracket::BracketView: Write, Event, Slow, Event;
    pair_bracket_round(Nothing) -> crate::views::PairingsView: Write, Event, Slow, Event;
    bracket(Nothing) -> Option<crate::views::bracket::BracketView>: Read, Nothing, Worker, Event;

    // ---- Prizes and seasons (desk/prizes.rs) ----
    prizes(PrizesRequest) -> crate::views::prizes::PayoutView: Read, Nothing, Worker, Event;
    set_prizes(SetPrizesRequest) -> crate::views::prizes::PayoutView: Write, Event, Worker, Event;
    draw_raffle(DrawRequest) -> crate::views::prizes::PayoutView: Write, Event, Worker, Event;
    season(SeasonRequest) -> crate::views::prizes::SeasonView: Local, Nothing, Slow, Nothing;
    print_season(PrintSeasonRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    export_season(ExportSeasonRequest) -> crate::formats::export::ExportView: Local, Files, Slow, Nothing;

    // ---- Ratings (desk/ratings.rs) ----
    ratings(RatingsRequest) -> crate::views::ratings::RatingsView: Local, Nothing, Slow, Nothing;
    print_ratings(PrintRatingsRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    ratings_picture(RatingsPictureRequest) -> String: Local, Nothing, Slow, Nothing;
    publish_ratings(Option<PublishRatingsRequest>) -> Option<PublishedRatingsView>: Local, App, Slow, Event;

    // ---- The meta (desk/meta.rs) ----
    meta(MetaRequest) -> crate::views::meta::MetaView: Local, Nothing, Slow, Nothing;
    print_meta(PrintMetaRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    deck_parts(Nothing) -> crate::views::meta::DeckPartsView: Local, Nothing, Worker, Event;

    // ---- Deck checks (desk/deck_checks.rs) ----
    deck_check(DeckCheckRequest) -> crate::views::deck_checks::DeckCheckView: Write, Event, Worker, Event;
    deck_check_extension(DeckCheckExtensionRequest) -> Vec<crate::views::deck_checks::DeckCheckView>: Write, Event, Worker, Event;
    deck_checks(RoundRequest) -> Vec<crate::views::deck_checks::DeckCheckView>: Read, Nothing, Worker, Event;

    // ---- Files: exports, printouts, backups (desk/files.rs) ----
    export(ExportRequest) -> crate::formats::export::ExportView: Local, Files, Slow, Event;
    print(PrintRequest) -> PrintView: Local, Files, Slow, Event, Viewer, StationPrint;
    printout(PrintRequest) -> PrintoutView: Read, Nothing, Worker, Event;
    backups(Option<BackupsRequest>) -> Vec<crate::session::backups::BackupView>: Local, Nothing, Worker, Nothing;
    restore_backup(RestoreRequest) -> crate::session::backups::RestoreView: Local, Files, Slow, Nothing;
    save_copy(SaveCopyRequest) -> crate::session::SavedCopyView: Local, Files, Slow, Event;
    archive(Nothing) -> ArchiveDocument: Read, Nothing, Worker, Event;
    report(Nothing) -> crate::formats::report::EventReport: Read, Nothing, Worker, Event;

    // ---- Stations' replicas (desk/replicas.rs) ----
    replica(ReplicaRequest) -> crate::session::replica::ReplicaChunk: Read, Nothing, Worker, Event, Replica;
    replicas(Nothing) -> Vec<ReplicaStatusView>: Local, Nothing, Worker, Event;

    // ---- Never two writers (desk/takeover.rs) ----
    whereabouts(Nothing) -> crate::views::takeover::WhereaboutsView: Public, Nothing, Worker, Event;

    // ---- The mirror folder (desk/mirror.rs) ----
    set_mirror(MirrorRequest) -> crate::session::mirror::MirrorView: Local, App, Worker, Nothing;
    mirror(Nothing) -> crate::session::mirror::MirrorView: Local, Nothing, Worker, Nothing;

    // ---- The room: phones and stations (desk/room.rs) ----
    room(Nothing) -> crate::room::RoomView: Public, Nothing, Worker, Event, Poll;
    report_result(ReportRequest) -> ReportView: Public, Event, Worker, Event;
    room_settings(Nothing) -> crate::room::RoomSettings: Local, Nothing, Worker, Event;
    set_room(crate::room::RoomSettings) -> crate::room::RoomSettings: Local, App, Worker, Event;
    publish_season(Option<super::prizes::SeasonRequest>) -> Option<crate::room::RoomSeason>: Local, App, Slow, Event;
    set_clock(ClockRequest) -> (): Local, App, Worker, Nothing;
    table_codes(RoundRequest) -> Vec<TableCodeView>: Write, Nothing, Worker, Event;
    reports(Nothing) -> Vec<TableReportView>: Write, Nothing, Worker, Event;
    confirm_report(TableRequest) -> crate::views::TableView: Write, Event, Worker, Event;

    // ---- Players' tickets (desk/tickets.rs) ----
    player_by_code(PlayerCodeRequest) -> PlayerCodeView: Public, Nothing, Worker, Event;
    player_ticket(PlayerRequest) -> PlayerTicketView: Local, Nothing, Worker, Event;
    player_tickets(Nothing) -> Vec<PlayerTicketView>: Local, Nothing, Worker, Event;
    reissue_player_code(PlayerRequest) -> PlayerTicketView: Local, Event, Worker, Event;

    // ---- The door and judge calls (desk/door.rs) ----
    door(Nothing) -> crate::views::door::DoorPageView: Public, Nothing, Worker, Event;
    enter(tablekeeper_engine::PlayerDetails) -> EnteredView: Public, Event, Worker, Event, Entry;
    me(CodeRequest) -> crate::views::door::MeView: Public, Nothing, Worker, Event;
    check_in_by_code(CodeRequest) -> crate::views::door::MeView: Public, Event, Worker, Event;
    withdraw_by_code(CodeRequest) -> crate::views::door::MeView: Public, Event, Worker, Event;
    request_drop(CodeRequest) -> crate::views::door::MeView: Public, Event, Worker, Event;
    call_judge(CallJudgeRequest) -> crate::views::door::MeView: Public, Event, Worker, Event;
    door_view(Nothing) -> crate::views::door::DoorView: Read, Nothing, Worker, Event;
    set_door(tablekeeper_engine::model::DoorSettings) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    desk_enter(tablekeeper_engine::PlayerDetails) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    decide_entry(DecideEntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    withdraw_entry(EntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    check_in(EntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    draw_lottery(DrawRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    decide_drop_request(DecideDropRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    judge_calls(Nothing) -> crate::views::door::JudgeCallsView: Read, Nothing, Worker, Event;
    desk_call_judge(DeskCallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;
    claim_call(CallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;
    resolve_call(CallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;

    // ---- Shops exchanging by folder (desk/exchange.rs) ----
    exchange_info(Nothing) -> crate::views::exchange::ExchangeView: Local, Nothing, Worker, Nothing;
    set_shop_name(ShopNameRequest) -> crate::views::exchange::ExchangeView: Local, App, Worker, Nothing;
    set_exchange_folder(ExchangeFolderRequest) -> crate::views::exchange::ExchangeView: Local, App, Worker, Nothing;
    exchange_export(ExchangeFolderRequest) -> crate::views::exchange::ExchangeExportView: Local, Files, Slow, Nothing;
    exchange_import(ExchangeFolderRequest) -> crate::views::exchange::ExchangeImportView: Local, Files, Slow, Nothing;
    trust_shop(TrustShopRequest) -> crate::views::exchange::ShopView: Local, App, Worker, Nothing;
    exchange_unmatched(Nothing) -> Vec<crate::views::exchange::UnmatchedView>: Local, Nothing, Slow, Nothing;
    exchange_confirm(ConfirmMatchRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
    // ---- The player library (desk/library.rs) ----
    library_info(Nothing) -> crate::views::library::LibraryView: Local, Nothing, Worker, Nothing;
    open_library(OpenLibraryRequest) -> crate::views::library::LibraryView: Local, Files, Worker, Nothing;
    library_players(Nothing) -> Vec<crate::views::library::LibraryPlayerView>: Local, Nothing, Slow, Nothing;
    library_find(LibraryFindRequest) -> Vec<crate::views::library::LibraryPlayerView>: Local, Nothing, Here, Nothing;
    library_add(tablekeeper_store::library::LibraryDetails) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
    library_edit(LibraryEditRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
    library_duplicates(Nothing) -> Vec<Vec<crate::views::library::LibraryPlayerView>>: Local, Nothing, Worker, Nothing;
    library_merge(LibraryMergeRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
    library_remove(LibraryNumberRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Slow, Nothing;
    library_export(LibraryFileRequest) -> crate::formats::export::ExportView: Local, Files, Slow, Nothing;
    library_import(LibraryFileRequest) -> crate::views::library::LibraryImportView: Local, Files, Slow, Nothing;
    // ---- Library players in events (desk/library_events.rs) ----
    library_history(LibraryNumberRequest) -> crate::views::library::PlayerHistoryView: Local, Nothing, Slow, Nothing;
    library_events(LibraryEventsRequest) -> Vec<tablekeeper_store::library::LibraryEvent>: Local, Nothing, Slow, Nothing;
    register_from_library(LibraryRegisterRequest) -> Vec<crate::views::PlayerView>: Local, Event, Worker, Event;
}

/// A command's answer with what the desk had to say besides it (a backup that could not be
/// written, a name no font prints): the window shows the notices with the answer, so no
/// command needs a second trip to ask for them.
#[derive(Debug, Clone, PartialEq, serde::Serialize, ts_rs::TS)]
#[ts(export)]
pub struct Answered {
    /// The command's own answer, as [`dispatch`] gives it.
    #[ts(type = "unknown")]
    pub data: Value,
    /// The notices of this command (and of any earlier one not yet shown), once each.
    pub notices: Vec<tablekeeper_words::message::Message>,
}

/// [`dispatch`], and the notices the desk has for its user after it.
pub fn dispatch_answered(
    desk: &mut Desk,
    name: &str,
    request: Value,
) -> Result<Answered, CommandError> {
    let data = dispatch(desk, name, request)?;
    let notices = desk.take_notices(())?;
    Ok(Answered { data, notices })
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
        ErrorKind::RunElsewhere,
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
            let row = row
                .unwrap_or_else(|| panic!("docs/desktop-api.md has no row for `{}`", command.name));
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
                    matches!(c.access, Access::Write | Access::Local)
                        || PLAYERS_OWN.contains(&c.name),
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
            if c.access == Access::Read
                || c.access == Access::Public && !PLAYERS_OWN.contains(&c.name)
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
}
