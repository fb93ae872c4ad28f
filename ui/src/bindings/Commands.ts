// Generated from crates/commands/src/desk/surface.rs by `cargo test -p tablekeeper-commands`; do not edit.
import type { AddPlayersRequest } from './AddPlayersRequest';
import type { AddTeamRequest } from './AddTeamRequest';
import type { AppInfo } from './AppInfo';
import type { ArchiveDocument } from './ArchiveDocument';
import type { AttentionView } from './AttentionView';
import type { BackToRoundRequest } from './BackToRoundRequest';
import type { BackupView } from './BackupView';
import type { BackupsRequest } from './BackupsRequest';
import type { BracketView } from './BracketView';
import type { BreakdownView } from './BreakdownView';
import type { BulkResultsRequest } from './BulkResultsRequest';
import type { CallJudgeRequest } from './CallJudgeRequest';
import type { CallRequest } from './CallRequest';
import type { Catalogue } from './Catalogue';
import type { ClockRequest } from './ClockRequest';
import type { CodeRequest } from './CodeRequest';
import type { ConfirmMatchRequest } from './ConfirmMatchRequest';
import type { CreateEventRequest } from './CreateEventRequest';
import type { CutLineView } from './CutLineView';
import type { CutRequest } from './CutRequest';
import type { DecideDropRequest } from './DecideDropRequest';
import type { DecideEntryRequest } from './DecideEntryRequest';
import type { DeckCheckExtensionRequest } from './DeckCheckExtensionRequest';
import type { DeckCheckRequest } from './DeckCheckRequest';
import type { DeckCheckView } from './DeckCheckView';
import type { DeckPartsView } from './DeckPartsView';
import type { DeskCallRequest } from './DeskCallRequest';
import type { DoorPageView } from './DoorPageView';
import type { DoorSettings } from './DoorSettings';
import type { DoorView } from './DoorView';
import type { DrawRequest } from './DrawRequest';
import type { EditPlayerRequest } from './EditPlayerRequest';
import type { EnterPairingRequest } from './EnterPairingRequest';
import type { EnteredView } from './EnteredView';
import type { EntryRequest } from './EntryRequest';
import type { EventReport } from './EventReport';
import type { EventView } from './EventView';
import type { ExchangeExportView } from './ExchangeExportView';
import type { ExchangeFolderRequest } from './ExchangeFolderRequest';
import type { ExchangeImportView } from './ExchangeImportView';
import type { ExchangeView } from './ExchangeView';
import type { ExplanationView } from './ExplanationView';
import type { ExportRequest } from './ExportRequest';
import type { ExportSeasonRequest } from './ExportSeasonRequest';
import type { ExportView } from './ExportView';
import type { FixedTableRequest } from './FixedTableRequest';
import type { GiveByeRequest } from './GiveByeRequest';
import type { HistoryItem } from './HistoryItem';
import type { HistoryRequest } from './HistoryRequest';
import type { ImportArchiveRequest } from './ImportArchiveRequest';
import type { ImportPreview } from './ImportPreview';
import type { ImportRequest } from './ImportRequest';
import type { JudgeCallsView } from './JudgeCallsView';
import type { LetStationGoRequest } from './LetStationGoRequest';
import type { LibraryDetails } from './LibraryDetails';
import type { LibraryEditRequest } from './LibraryEditRequest';
import type { LibraryEvent } from './LibraryEvent';
import type { LibraryEventsRequest } from './LibraryEventsRequest';
import type { LibraryFileRequest } from './LibraryFileRequest';
import type { LibraryFindRequest } from './LibraryFindRequest';
import type { LibraryImportView } from './LibraryImportView';
import type { LibraryMergeRequest } from './LibraryMergeRequest';
import type { LibraryNumberRequest } from './LibraryNumberRequest';
import type { LibraryPlayerView } from './LibraryPlayerView';
import type { LibraryRegisterRequest } from './LibraryRegisterRequest';
import type { LibraryView } from './LibraryView';
import type { MeView } from './MeView';
import type { Message } from './Message';
import type { MetaRequest } from './MetaRequest';
import type { MetaView } from './MetaView';
import type { MirrorRequest } from './MirrorRequest';
import type { MirrorView } from './MirrorView';
import type { OpenEventRequest } from './OpenEventRequest';
import type { OpenEventView } from './OpenEventView';
import type { OpenLibraryRequest } from './OpenLibraryRequest';
import type { PairRequest } from './PairRequest';
import type { PairingsRequest } from './PairingsRequest';
import type { PairingsView } from './PairingsView';
import type { PayoutView } from './PayoutView';
import type { PenaltyRequest } from './PenaltyRequest';
import type { PenaltyView } from './PenaltyView';
import type { PlayerCodeRequest } from './PlayerCodeRequest';
import type { PlayerCodeView } from './PlayerCodeView';
import type { PlayerDetails } from './PlayerDetails';
import type { PlayerHistoryView } from './PlayerHistoryView';
import type { PlayerRequest } from './PlayerRequest';
import type { PlayerTicketView } from './PlayerTicketView';
import type { PlayerView } from './PlayerView';
import type { Preferences } from './Preferences';
import type { PrintMetaRequest } from './PrintMetaRequest';
import type { PrintRatingsRequest } from './PrintRatingsRequest';
import type { PrintRequest } from './PrintRequest';
import type { PrintRoundRequest } from './PrintRoundRequest';
import type { PrintRoundView } from './PrintRoundView';
import type { PrintSeasonRequest } from './PrintSeasonRequest';
import type { PrintView } from './PrintView';
import type { PrintersView } from './PrintersView';
import type { PrintoutView } from './PrintoutView';
import type { PrizesRequest } from './PrizesRequest';
import type { ProjectionRequest } from './ProjectionRequest';
import type { PublishRatingsRequest } from './PublishRatingsRequest';
import type { PublishedRatingsView } from './PublishedRatingsView';
import type { RatingsPictureRequest } from './RatingsPictureRequest';
import type { RatingsRequest } from './RatingsRequest';
import type { RatingsView } from './RatingsView';
import type { ReadSlipRequest } from './ReadSlipRequest';
import type { RecordedView } from './RecordedView';
import type { RepairRequest } from './RepairRequest';
import type { ReplicaChunk } from './ReplicaChunk';
import type { ReplicaRequest } from './ReplicaRequest';
import type { ReplicaStatusView } from './ReplicaStatusView';
import type { ReportRequest } from './ReportRequest';
import type { ReportView } from './ReportView';
import type { RestoreRequest } from './RestoreRequest';
import type { RestoreView } from './RestoreView';
import type { ResultRequest } from './ResultRequest';
import type { RoomSeason } from './RoomSeason';
import type { RoomSettings } from './RoomSettings';
import type { RoomView } from './RoomView';
import type { RoundRequest } from './RoundRequest';
import type { SaveCopyRequest } from './SaveCopyRequest';
import type { SavedCopyView } from './SavedCopyView';
import type { ScannedSlip } from './ScannedSlip';
import type { SeasonRequest } from './SeasonRequest';
import type { SeasonView } from './SeasonView';
import type { SetDeckRequest } from './SetDeckRequest';
import type { SetPrizesRequest } from './SetPrizesRequest';
import type { SetRoundsRequest } from './SetRoundsRequest';
import type { ShopNameRequest } from './ShopNameRequest';
import type { ShopView } from './ShopView';
import type { StandingsRequest } from './StandingsRequest';
import type { StandingsView } from './StandingsView';
import type { SwapRequest } from './SwapRequest';
import type { SwitchEventRequest } from './SwitchEventRequest';
import type { TableCodeView } from './TableCodeView';
import type { TableRangeRequest } from './TableRangeRequest';
import type { TableReportView } from './TableReportView';
import type { TableRequest } from './TableRequest';
import type { TableView } from './TableView';
import type { TardinessRequest } from './TardinessRequest';
import type { TardinessView } from './TardinessView';
import type { TomRosterRequest } from './TomRosterRequest';
import type { TomRosterView } from './TomRosterView';
import type { ToolConfirmRequest } from './ToolConfirmRequest';
import type { ToolPlayerView } from './ToolPlayerView';
import type { ToolPlayersRequest } from './ToolPlayersRequest';
import type { TrustShopRequest } from './TrustShopRequest';
import type { UnmatchedView } from './UnmatchedView';
import type { WhereaboutsView } from './WhereaboutsView';

/** Every command of the surface: its request and response. */
export type Commands = {
  app_info: { request: null; response: AppInfo };
  take_notices: { request: null; response: Array<Message> };
  catalogue: { request: null; response: Catalogue };
  set_preferences: { request: Preferences; response: AppInfo };
  attention: { request: null; response: AttentionView };
  create_event: { request: CreateEventRequest; response: EventView };
  open_event: { request: OpenEventRequest; response: EventView };
  import_archive: { request: ImportArchiveRequest; response: EventView };
  close_event: { request: null; response: null };
  open_events: { request: null; response: Array<OpenEventView> };
  switch_event: { request: SwitchEventRequest; response: EventView };
  set_table_range: { request: TableRangeRequest; response: EventView };
  summary: { request: null; response: EventView };
  players: { request: null; response: Array<PlayerView> };
  add_players: { request: AddPlayersRequest; response: Array<PlayerView> };
  add_team: { request: AddTeamRequest; response: Array<PlayerView> };
  edit_player: { request: EditPlayerRequest; response: PlayerView };
  import_preview: { request: ImportRequest; response: ImportPreview };
  import_players: { request: ImportRequest; response: Array<PlayerView> };
  set_deck: { request: SetDeckRequest; response: PlayerView };
  drop_player: { request: PlayerRequest; response: PlayerView };
  set_fixed_table: { request: FixedTableRequest; response: PlayerView };
  tardiness: { request: TardinessRequest; response: TardinessView };
  set_rounds: { request: SetRoundsRequest; response: EventView };
  pair_round: { request: PairRequest; response: PairingsView };
  pairings: { request: PairingsRequest; response: PairingsView };
  explain: { request: RoundRequest; response: ExplanationView };
  repair_round: { request: RepairRequest; response: PairingsView };
  swap: { request: SwapRequest; response: PairingsView };
  give_bye: { request: GiveByeRequest; response: PairingsView };
  enter_pairing: { request: EnterPairingRequest; response: PairingsView };
  read_slip: { request: ReadSlipRequest; response: ScannedSlip };
  preview_result: { request: ResultRequest; response: TableView };
  record_result: { request: ResultRequest; response: RecordedView };
  record_results: { request: BulkResultsRequest; response: Array<TableView> };
  undo: { request: null; response: HistoryItem };
  redo: { request: null; response: HistoryItem };
  history: { request: HistoryRequest | null; response: Array<HistoryItem> };
  back_to_round: { request: BackToRoundRequest; response: Array<HistoryItem> };
  penalty: { request: PenaltyRequest; response: PenaltyView };
  penalties: { request: null; response: Array<PenaltyView> };
  standings: { request: StandingsRequest; response: StandingsView };
  breakdown: { request: null; response: BreakdownView };
  projection: { request: ProjectionRequest; response: CutLineView };
  start_cut: { request: CutRequest; response: BracketView };
  pair_bracket_round: { request: null; response: PairingsView };
  bracket: { request: null; response: BracketView | null };
  prizes: { request: PrizesRequest; response: PayoutView };
  set_prizes: { request: SetPrizesRequest; response: PayoutView };
  draw_raffle: { request: DrawRequest; response: PayoutView };
  season: { request: SeasonRequest; response: SeasonView };
  print_season: { request: PrintSeasonRequest; response: PrintView };
  export_season: { request: ExportSeasonRequest; response: ExportView };
  ratings: { request: RatingsRequest; response: RatingsView };
  print_ratings: { request: PrintRatingsRequest; response: PrintView };
  ratings_picture: { request: RatingsPictureRequest; response: string };
  publish_ratings: { request: PublishRatingsRequest | null; response: PublishedRatingsView | null };
  meta: { request: MetaRequest; response: MetaView };
  print_meta: { request: PrintMetaRequest; response: PrintView };
  deck_parts: { request: null; response: DeckPartsView };
  deck_check: { request: DeckCheckRequest; response: DeckCheckView };
  deck_check_extension: { request: DeckCheckExtensionRequest; response: Array<DeckCheckView> };
  deck_checks: { request: RoundRequest; response: Array<DeckCheckView> };
  export: { request: ExportRequest; response: ExportView };
  print: { request: PrintRequest; response: PrintView };
  printout: { request: PrintRequest; response: PrintoutView };
  backups: { request: BackupsRequest | null; response: Array<BackupView> };
  restore_backup: { request: RestoreRequest; response: RestoreView };
  save_copy: { request: SaveCopyRequest; response: SavedCopyView };
  archive: { request: null; response: ArchiveDocument };
  report: { request: null; response: EventReport };
  printers: { request: null; response: PrintersView };
  print_round: { request: PrintRoundRequest; response: PrintRoundView };
  tom_roster: { request: TomRosterRequest; response: TomRosterView };
  replica: { request: ReplicaRequest; response: ReplicaChunk };
  replicas: { request: null; response: Array<ReplicaStatusView> };
  let_station_go: { request: LetStationGoRequest; response: Array<ReplicaStatusView> };
  whereabouts: { request: null; response: WhereaboutsView };
  set_mirror: { request: MirrorRequest; response: MirrorView };
  mirror: { request: null; response: MirrorView };
  room: { request: null; response: RoomView };
  room_settings: { request: null; response: RoomSettings };
  set_room: { request: RoomSettings; response: RoomSettings };
  publish_season: { request: SeasonRequest | null; response: RoomSeason | null };
  set_clock: { request: ClockRequest; response: null };
  table_codes: { request: RoundRequest; response: Array<TableCodeView> };
  report_result: { request: ReportRequest; response: ReportView };
  reports: { request: null; response: Array<TableReportView> };
  confirm_report: { request: TableRequest; response: TableView };
  player_by_code: { request: PlayerCodeRequest; response: PlayerCodeView };
  player_ticket: { request: PlayerRequest; response: PlayerTicketView };
  player_tickets: { request: null; response: Array<PlayerTicketView> };
  reissue_player_code: { request: PlayerRequest; response: PlayerTicketView };
  door: { request: null; response: DoorPageView };
  enter: { request: PlayerDetails; response: EnteredView };
  me: { request: CodeRequest; response: MeView };
  check_in_by_code: { request: CodeRequest; response: MeView };
  withdraw_by_code: { request: CodeRequest; response: MeView };
  request_drop: { request: CodeRequest; response: MeView };
  door_view: { request: null; response: DoorView };
  set_door: { request: DoorSettings; response: DoorView };
  desk_enter: { request: PlayerDetails; response: DoorView };
  decide_entry: { request: DecideEntryRequest; response: DoorView };
  withdraw_entry: { request: EntryRequest; response: DoorView };
  check_in: { request: EntryRequest; response: DoorView };
  draw_lottery: { request: DrawRequest; response: DoorView };
  decide_drop_request: { request: DecideDropRequest; response: DoorView };
  call_judge: { request: CallJudgeRequest; response: MeView };
  judge_calls: { request: null; response: JudgeCallsView };
  desk_call_judge: { request: DeskCallRequest; response: JudgeCallsView };
  claim_call: { request: CallRequest; response: JudgeCallsView };
  resolve_call: { request: CallRequest; response: JudgeCallsView };
  exchange_info: { request: null; response: ExchangeView };
  set_shop_name: { request: ShopNameRequest; response: ExchangeView };
  set_exchange_folder: { request: ExchangeFolderRequest; response: ExchangeView };
  exchange_export: { request: ExchangeFolderRequest; response: ExchangeExportView };
  exchange_import: { request: ExchangeFolderRequest; response: ExchangeImportView };
  trust_shop: { request: TrustShopRequest; response: ShopView };
  exchange_unmatched: { request: null; response: Array<UnmatchedView> };
  exchange_confirm: { request: ConfirmMatchRequest; response: LibraryPlayerView };
  library_info: { request: null; response: LibraryView };
  open_library: { request: OpenLibraryRequest; response: LibraryView };
  library_players: { request: null; response: Array<LibraryPlayerView> };
  library_find: { request: LibraryFindRequest; response: Array<LibraryPlayerView> };
  library_add: { request: LibraryDetails; response: LibraryPlayerView };
  library_edit: { request: LibraryEditRequest; response: LibraryPlayerView };
  library_duplicates: { request: null; response: Array<Array<LibraryPlayerView>> };
  library_merge: { request: LibraryMergeRequest; response: LibraryPlayerView };
  library_remove: { request: LibraryNumberRequest; response: LibraryPlayerView };
  library_export: { request: LibraryFileRequest; response: ExportView };
  library_import: { request: LibraryFileRequest; response: LibraryImportView };
  library_history: { request: LibraryNumberRequest; response: PlayerHistoryView };
  library_events: { request: LibraryEventsRequest; response: Array<LibraryEvent> };
  register_from_library: { request: LibraryRegisterRequest; response: Array<PlayerView> };
  tool_players_unmatched: { request: ToolPlayersRequest; response: Array<ToolPlayerView> };
  tool_player_confirm: { request: ToolConfirmRequest; response: LibraryPlayerView };
};

/** Every command's properties, as the surface declares them. */
export const COMMAND_PROPERTIES = {
  app_info: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: ['station-local', 'station-info'] },
  take_notices: { access: 'local', effect: 'nothing', thread: 'here', needs: 'nothing', hosting: ['station-local'] },
  catalogue: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  set_preferences: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: ['station-local'] },
  attention: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  create_event: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  open_event: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  import_archive: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  close_event: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  open_events: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  switch_event: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  set_table_range: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  summary: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  players: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  add_players: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  add_team: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  edit_player: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  import_preview: { access: 'write', effect: 'nothing', thread: 'slow', needs: 'event', hosting: [] },
  import_players: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  set_deck: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  drop_player: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  set_fixed_table: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  tardiness: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  set_rounds: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  pair_round: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  pairings: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  explain: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  repair_round: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  swap: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  give_bye: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  enter_pairing: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  read_slip: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  preview_result: { access: 'write', effect: 'nothing', thread: 'here', needs: 'event', hosting: [] },
  record_result: { access: 'write', effect: 'event', thread: 'here', needs: 'event', hosting: [] },
  record_results: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  undo: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  redo: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  history: { access: 'write', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  back_to_round: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  penalty: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  penalties: { access: 'write', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  standings: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  breakdown: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  projection: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  start_cut: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  pair_bracket_round: { access: 'write', effect: 'event', thread: 'slow', needs: 'event', hosting: [] },
  bracket: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  prizes: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  set_prizes: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  draw_raffle: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  season: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  print_season: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: ['viewer'] },
  export_season: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  ratings: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  print_ratings: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: ['viewer'] },
  ratings_picture: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  publish_ratings: { access: 'local', effect: 'app', thread: 'slow', needs: 'event', hosting: [] },
  meta: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  print_meta: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: ['viewer'] },
  deck_parts: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  deck_check: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  deck_check_extension: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  deck_checks: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  export: { access: 'local', effect: 'files', thread: 'slow', needs: 'event', hosting: [] },
  print: { access: 'local', effect: 'files', thread: 'slow', needs: 'event', hosting: ['viewer', 'station-print'] },
  printout: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  backups: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  restore_backup: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  save_copy: { access: 'local', effect: 'files', thread: 'slow', needs: 'event', hosting: [] },
  archive: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  report: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  printers: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  print_round: { access: 'local', effect: 'event', thread: 'slow', needs: 'event', hosting: ['viewer'] },
  tom_roster: { access: 'local', effect: 'files', thread: 'slow', needs: 'event', hosting: [] },
  replica: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: ['replica'] },
  replicas: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  let_station_go: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  whereabouts: { access: 'public', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  set_mirror: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: [] },
  mirror: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  room: { access: 'public', effect: 'nothing', thread: 'worker', needs: 'event', hosting: ['poll'] },
  room_settings: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  set_room: { access: 'local', effect: 'app', thread: 'worker', needs: 'event', hosting: [] },
  publish_season: { access: 'local', effect: 'app', thread: 'slow', needs: 'event', hosting: [] },
  set_clock: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: [] },
  table_codes: { access: 'write', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  report_result: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  reports: { access: 'write', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  confirm_report: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  player_by_code: { access: 'public', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  player_ticket: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  player_tickets: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  reissue_player_code: { access: 'local', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  door: { access: 'public', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  enter: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: ['entry'] },
  me: { access: 'public', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  check_in_by_code: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  withdraw_by_code: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  request_drop: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  door_view: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  set_door: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  desk_enter: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  decide_entry: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  withdraw_entry: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  check_in: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  draw_lottery: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  decide_drop_request: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  call_judge: { access: 'public', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  judge_calls: { access: 'read', effect: 'nothing', thread: 'worker', needs: 'event', hosting: [] },
  desk_call_judge: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  claim_call: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  resolve_call: { access: 'write', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  exchange_info: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  set_shop_name: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: [] },
  set_exchange_folder: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: [] },
  exchange_export: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  exchange_import: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  trust_shop: { access: 'local', effect: 'app', thread: 'worker', needs: 'nothing', hosting: [] },
  exchange_unmatched: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  exchange_confirm: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  library_info: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  open_library: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  library_players: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  library_find: { access: 'local', effect: 'nothing', thread: 'here', needs: 'nothing', hosting: [] },
  library_add: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  library_edit: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  library_duplicates: { access: 'local', effect: 'nothing', thread: 'worker', needs: 'nothing', hosting: [] },
  library_merge: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
  library_remove: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  library_export: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  library_import: { access: 'local', effect: 'files', thread: 'slow', needs: 'nothing', hosting: [] },
  library_history: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  library_events: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  register_from_library: { access: 'local', effect: 'event', thread: 'worker', needs: 'event', hosting: [] },
  tool_players_unmatched: { access: 'local', effect: 'nothing', thread: 'slow', needs: 'nothing', hosting: [] },
  tool_player_confirm: { access: 'local', effect: 'files', thread: 'worker', needs: 'nothing', hosting: [] },
} as const satisfies Record<keyof Commands, { access: string; effect: string; thread: 'here' | 'worker' | 'slow'; needs: string; hosting: readonly string[] }>;
