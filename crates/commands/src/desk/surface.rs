//! Every command of the surface, declared once: its name, request, response and who may
//! call it. From this one list come [`dispatch`] (run a command by name with a JSON
//! request: the Tauri shell and the LAN server), [`COMMANDS`] (the list the CLI and the
//! documentation are checked against) and [`typescript`] (`ui/src/bindings/Commands.ts`,
//! so the UI's calls are type-checked against the same list).

use serde_json::Value;
use tablekeeper_words::{ErrorKind, msg};

use super::door::*;
use super::exchange::*;
use super::judge_calls::*;
use super::library::*;
use super::library_events::*;
use super::meta::*;
use super::ratings::*;
use super::replicas::*;
use super::reports::*;
use super::room::*;
use super::silent_stations::*;
use super::tool_people::*;
use super::*;
use crate::error::CommandError;

pub use super::columns::{Access, CommandSpec, Effect, Hosting, Needs, Thread};
use super::columns::{bad_request, internal, surface, type_names};

surface! {
    // name(request) -> response: who may call it (access), what it changes (effect), where a
    // host runs it (thread: on the window's own thread, off it, or off it with the window
    // saying it works), whether it needs an open event, and what hosts do besides running it.

    // ---- The app (shop/desk/app.rs) ----
    app_info(Nothing) -> AppInfo: Local, Nothing, Worker, Nothing, StationLocal, StationInfo;
    take_notices(Nothing) -> Vec<tablekeeper_words::message::Message>: Local, Nothing, Here, Nothing, StationLocal;
    catalogue(Nothing) -> Catalogue: Read, Nothing, Worker, Nothing;
    set_preferences(Preferences) -> AppInfo: Local, App, Worker, Nothing, StationLocal;

    // ---- What needs the scorekeeper (event/desk/attention.rs) ----
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

    // ---- Players (event/desk/players.rs) ----
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

    // ---- Rounds (event/desk/rounds.rs) ----
    pair_round(PairRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;
    pairings(PairingsRequest) -> crate::views::PairingsView: Read, Nothing, Worker, Event;
    explain(RoundRequest) -> crate::views::ExplanationView: Read, Nothing, Worker, Event;
    repair_round(RepairRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;
    swap(SwapRequest) -> crate::views::PairingsView: Write, Event, Worker, Event;
    give_bye(GiveByeRequest) -> crate::views::PairingsView: Write, Event, Worker, Event;
    enter_pairing(EnterPairingRequest) -> crate::views::PairingsView: Write, Event, Slow, Event;

    // ---- Results (event/desk/results.rs) ----
    read_slip(ReadSlipRequest) -> ScannedSlip: Read, Nothing, Worker, Event;
    preview_result(ResultRequest) -> crate::views::TableView: Write, Nothing, Here, Event;
    record_result(ResultRequest) -> RecordedView: Write, Event, Here, Event;
    record_results(BulkResultsRequest) -> Vec<crate::views::TableView>: Write, Event, Slow, Event;

    // ---- History (event/desk/history.rs) ----
    undo(Nothing) -> crate::session::HistoryItem: Write, Event, Worker, Event;
    redo(Nothing) -> crate::session::HistoryItem: Write, Event, Worker, Event;
    history(Option<history::HistoryRequest>) -> Vec<crate::session::HistoryItem>: Write, Nothing, Worker, Event;
    back_to_round(BackToRoundRequest) -> Vec<crate::session::HistoryItem>: Write, Event, Slow, Event;

    // ---- Penalties (event/desk/penalties.rs) ----
    penalty(PenaltyRequest) -> crate::views::PenaltyView: Write, Event, Worker, Event;
    penalties(Nothing) -> Vec<crate::views::PenaltyView>: Write, Nothing, Worker, Event;

    // ---- Standings (event/desk/standings.rs) ----
    standings(StandingsRequest) -> crate::views::StandingsView: Read, Nothing, Worker, Event;
    breakdown(Nothing) -> crate::views::breakdown::BreakdownView: Read, Nothing, Worker, Event;
    projection(ProjectionRequest) -> crate::views::projection::CutLineView: Read, Nothing, Worker, Event;

    // ---- The top cut (event/desk/top_cut.rs) ----
    start_cut(CutRequest) -> crate::views::bracket::BracketView: Write, Event, Slow, Event;
    pair_bracket_round(Nothing) -> crate::views::PairingsView: Write, Event, Slow, Event;
    bracket(Nothing) -> Option<crate::views::bracket::BracketView>: Read, Nothing, Worker, Event;

    // ---- Prizes and seasons (event/desk/prizes.rs) ----
    prizes(PrizesRequest) -> crate::views::prizes::PayoutView: Read, Nothing, Worker, Event;
    set_prizes(SetPrizesRequest) -> crate::views::prizes::PayoutView: Write, Event, Worker, Event;
    draw_raffle(DrawRequest) -> crate::views::prizes::PayoutView: Write, Event, Worker, Event;
    season(SeasonRequest) -> crate::views::prizes::SeasonView: Local, Nothing, Slow, Nothing;
    print_season(PrintSeasonRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    export_season(ExportSeasonRequest) -> crate::formats::export::ExportView: Local, Files, Slow, Nothing;

    // ---- Ratings (shop/desk/ratings.rs) ----
    ratings(RatingsRequest) -> crate::views::ratings::RatingsView: Local, Nothing, Slow, Nothing;
    print_ratings(PrintRatingsRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    ratings_picture(RatingsPictureRequest) -> String: Local, Nothing, Slow, Nothing;
    publish_ratings(Option<PublishRatingsRequest>) -> Option<PublishedRatingsView>: Local, App, Slow, Event;

    // ---- The meta (shop/desk/meta.rs) ----
    meta(MetaRequest) -> crate::views::meta::MetaView: Local, Nothing, Slow, Nothing;
    print_meta(PrintMetaRequest) -> PrintView: Local, Files, Slow, Nothing, Viewer;
    deck_parts(Nothing) -> crate::views::meta::DeckPartsView: Local, Nothing, Worker, Event;

    // ---- Deck checks (event/desk/deck_checks.rs) ----
    deck_check(DeckCheckRequest) -> crate::views::deck_checks::DeckCheckView: Write, Event, Worker, Event;
    deck_check_extension(DeckCheckExtensionRequest) -> Vec<crate::views::deck_checks::DeckCheckView>: Write, Event, Worker, Event;
    deck_checks(RoundRequest) -> Vec<crate::views::deck_checks::DeckCheckView>: Read, Nothing, Worker, Event;

    // ---- Files: exports, printouts, backups (event/desk/files.rs) ----
    export(ExportRequest) -> crate::formats::export::ExportView: Local, Files, Slow, Event;
    print(PrintRequest) -> PrintView: Local, Files, Slow, Event, Viewer, StationPrint;
    printout(PrintRequest) -> PrintoutView: Read, Nothing, Worker, Event;
    backups(Option<BackupsRequest>) -> Vec<crate::session::backups::BackupView>: Local, Nothing, Worker, Nothing;
    restore_backup(RestoreRequest) -> crate::session::backups::RestoreView: Local, Files, Slow, Nothing;
    save_copy(SaveCopyRequest) -> crate::session::SavedCopyView: Local, Files, Slow, Event;
    archive(Nothing) -> ArchiveDocument: Read, Nothing, Worker, Event;
    report(Nothing) -> crate::formats::report::EventReport: Read, Nothing, Worker, Event;

    // ---- The print service (desk/spooler.rs) ----
    printers(Nothing) -> spooler::PrintersView: Local, Nothing, Slow, Nothing;

    // ---- The round's sheets to the shop's printer (event/desk/round_sheets.rs) ----
    print_round(round_sheets::PrintRoundRequest) -> round_sheets::PrintRoundView: Local, Event, Slow, Event, Viewer;

    // ---- The roster into TOM (event/desk/tom_roster.rs) ----
    tom_roster(TomRosterRequest) -> TomRosterView: Local, Files, Slow, Event;

    // ---- Stations' replicas (event/desk/replicas.rs) ----
    replica(ReplicaRequest) -> crate::session::replica::ReplicaChunk: Read, Nothing, Worker, Event, Replica;
    replicas(Nothing) -> Vec<ReplicaStatusView>: Local, Nothing, Worker, Event;

    // ---- Stations that stopped answering (event/desk/silent_stations.rs) ----
    let_station_go(LetStationGoRequest) -> Vec<ReplicaStatusView>: Local, Nothing, Worker, Event;

    // ---- Never two writers (event/desk/takeover.rs) ----
    whereabouts(Nothing) -> crate::views::takeover::WhereaboutsView: Public, Nothing, Worker, Event;

    // ---- The mirror folder (event/desk/mirror.rs) ----
    set_mirror(MirrorRequest) -> crate::session::mirror::MirrorView: Local, App, Worker, Nothing;
    mirror(Nothing) -> crate::session::mirror::MirrorView: Local, Nothing, Worker, Nothing;

    // ---- The room: phones and stations (event/desk/room.rs) ----
    room(Nothing) -> crate::room::RoomView: Public, Nothing, Worker, Event, Poll;
    room_settings(Nothing) -> crate::room::RoomSettings: Local, Nothing, Worker, Event;
    set_room(crate::room::RoomSettings) -> crate::room::RoomSettings: Local, App, Worker, Event;
    publish_season(Option<super::prizes::SeasonRequest>) -> Option<crate::room::RoomSeason>: Local, App, Slow, Event;
    set_clock(ClockRequest) -> (): Local, App, Worker, Nothing;
    table_codes(RoundRequest) -> Vec<TableCodeView>: Write, Nothing, Worker, Event;

    // ---- Players' reports (event/desk/reports.rs) ----
    report_result(ReportRequest) -> ReportView: Public, Event, Worker, Event;
    reports(Nothing) -> Vec<TableReportView>: Write, Nothing, Worker, Event;
    confirm_report(TableRequest) -> crate::views::TableView: Write, Event, Worker, Event;

    // ---- Players' tickets (event/desk/tickets.rs) ----
    player_by_code(PlayerCodeRequest) -> PlayerCodeView: Public, Nothing, Worker, Event;
    player_ticket(PlayerRequest) -> PlayerTicketView: Local, Nothing, Worker, Event;
    player_tickets(Nothing) -> Vec<PlayerTicketView>: Local, Nothing, Worker, Event;
    reissue_player_code(PlayerRequest) -> PlayerTicketView: Local, Event, Worker, Event;

    // ---- The door (event/desk/door.rs) ----
    door(Nothing) -> crate::views::door::DoorPageView: Public, Nothing, Worker, Event;
    enter(tablekeeper_engine::PlayerDetails) -> EnteredView: Public, Event, Worker, Event, Entry;
    me(CodeRequest) -> crate::views::phone::MeView: Public, Nothing, Worker, Event;
    check_in_by_code(CodeRequest) -> crate::views::phone::MeView: Public, Event, Worker, Event;
    withdraw_by_code(CodeRequest) -> crate::views::phone::MeView: Public, Event, Worker, Event;
    request_drop(CodeRequest) -> crate::views::phone::MeView: Public, Event, Worker, Event;
    door_view(Nothing) -> crate::views::door::DoorView: Read, Nothing, Worker, Event;
    set_door(tablekeeper_engine::model::DoorSettings) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    desk_enter(tablekeeper_engine::PlayerDetails) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    decide_entry(DecideEntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    withdraw_entry(EntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    check_in(EntryRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    draw_lottery(DrawRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;
    decide_drop_request(DecideDropRequest) -> crate::views::door::DoorView: Write, Event, Worker, Event;

    // ---- Judge calls (event/desk/judge_calls.rs) ----
    call_judge(CallJudgeRequest) -> crate::views::phone::MeView: Public, Event, Worker, Event;
    judge_calls(Nothing) -> crate::views::door::JudgeCallsView: Read, Nothing, Worker, Event;
    desk_call_judge(DeskCallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;
    claim_call(CallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;
    resolve_call(CallRequest) -> crate::views::door::JudgeCallsView: Write, Event, Worker, Event;

    // ---- Shops exchanging by folder (shop/desk/exchange.rs) ----
    exchange_info(Nothing) -> crate::views::exchange::ExchangeView: Local, Nothing, Worker, Nothing;
    set_shop_name(ShopNameRequest) -> crate::views::exchange::ExchangeView: Local, App, Worker, Nothing;
    set_exchange_folder(ExchangeFolderRequest) -> crate::views::exchange::ExchangeView: Local, App, Worker, Nothing;
    exchange_export(ExchangeFolderRequest) -> crate::views::exchange::ExchangeExportView: Local, Files, Slow, Nothing;
    exchange_import(ExchangeFolderRequest) -> crate::views::exchange::ExchangeImportView: Local, Files, Slow, Nothing;
    trust_shop(TrustShopRequest) -> crate::views::exchange::ShopView: Local, App, Worker, Nothing;
    exchange_unmatched(Nothing) -> Vec<crate::views::exchange::UnmatchedView>: Local, Nothing, Slow, Nothing;
    exchange_confirm(ConfirmMatchRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
    // ---- The player library (shop/desk/library.rs) ----
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
    // ---- Library players in events (shop/desk/library_events.rs) ----
    library_history(LibraryNumberRequest) -> crate::views::library::PlayerHistoryView: Local, Nothing, Slow, Nothing;
    library_events(LibraryEventsRequest) -> Vec<tablekeeper_store::library::LibraryEvent>: Local, Nothing, Slow, Nothing;
    register_from_library(LibraryRegisterRequest) -> Vec<crate::views::PlayerView>: Local, Event, Worker, Event;
    // ---- TCG+ and TOM players in the library (shop/desk/tool_people.rs) ----
    tool_players_unmatched(ToolPlayersRequest) -> Vec<crate::views::library::ToolPlayerView>: Local, Nothing, Slow, Nothing;
    tool_player_confirm(ToolConfirmRequest) -> crate::views::library::LibraryPlayerView: Local, Files, Worker, Nothing;
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

/// [`dispatch_answered`] for the event the host names (the window says which event its
/// screen shows): an event's command runs on that open event, whichever is active; the
/// shop's commands, and every command when the host names none, run as they are. A named
/// event that is no longer open is refused (`no-event`): a result is never recorded in
/// another event than the one on screen.
pub fn dispatch_for(
    desk: &mut Desk,
    event: Option<&std::path::Path>,
    name: &str,
    request: Value,
) -> Result<Answered, CommandError> {
    match event.filter(|_| spec(name).is_some_and(|spec| spec.needs == Needs::Event)) {
        Some(path) => {
            let mut serving = desk
                .serving(path)
                .ok_or_else(|| super::event_list::not_open(path))?;
            dispatch_answered(&mut serving, name, request)
        }
        None => dispatch_answered(desk, name, request),
    }
}

/// The command called `name`, if there is one.
pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
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

#[cfg(test)]
#[path = "surface_tests.rs"]
mod tests;
