// The only module that talks to the Tauri shell: one typed function per command of
// docs/desktop-api.md, the file dialogs and the projector window. Every failure becomes an
// ApiError {kind, message}.
import { invoke } from '@tauri-apps/api/core';
import { WebviewWindow } from '@tauri-apps/api/webviewWindow';
import { getCurrentWindow } from '@tauri-apps/api/window';
import { open, save } from '@tauri-apps/plugin-dialog';
import type {
  AddPlayersRequest,
  AddTeamRequest,
  AppInfo,
  BracketView,
  BreakdownView,
  Catalogue,
  CreateEventRequest,
  CutRequest,
  EventView,
  ExportRequest,
  ExportView,
  GiveByeRequest,
  HistoryItem,
  ImportPreview,
  ImportRequest,
  OpenEventRequest,
  PairingsView,
  PairRequest,
  PenaltyRequest,
  PenaltyView,
  PlayerRequest,
  PlayerView,
  PrintRequest,
  PrintView,
  RepairRequest,
  ResultRequest,
  RoundRequest,
  SetDeckRequest,
  SetRoundsRequest,
  StandingsView,
  SwapRequest,
  TableView,
} from './types';

/** A failed command: `kind` is stable (docs/cli-json.md "Errors"), `message` is for people. */
export class ApiError extends Error {
  readonly kind: string;

  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Turns whatever a command rejected with into an ApiError. */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null) {
    const { kind, message } = error as { kind?: unknown; message?: unknown };
    if (typeof kind === 'string' && typeof message === 'string') return new ApiError(kind, message);
    if (typeof message === 'string') return new ApiError('host', message);
  }
  if (typeof error === 'string') return new ApiError('host', error);
  return new ApiError('host', String(error));
}

/** Runs a shell call, turning any failure into an ApiError. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw normalizeError(error);
  }
}

const call = <T>(command: string, request?: object): Promise<T> =>
  guarded(() => invoke<T>(command, request === undefined ? {} : { request }));

export const appInfo = () => call<AppInfo>('app_info');
export const catalogue = () => call<Catalogue>('catalogue');
export const createEvent = (request: CreateEventRequest) => call<EventView>('create_event', request);
export const openEvent = (request: OpenEventRequest) => call<EventView>('open_event', request);
export const closeEvent = () => call<null>('close_event');
export const summary = () => call<EventView>('summary');
export const players = () => call<PlayerView[]>('players');
export const addPlayers = (request: AddPlayersRequest) => call<PlayerView[]>('add_players', request);
export const addTeam = (request: AddTeamRequest) => call<PlayerView[]>('add_team', request);
export const importPreview = (request: ImportRequest) => call<ImportPreview>('import_preview', request);
export const importPlayers = (request: ImportRequest) => call<PlayerView[]>('import_players', request);
export const setDeck = (request: SetDeckRequest) => call<PlayerView>('set_deck', request);
export const dropPlayer = (request: PlayerRequest) => call<PlayerView>('drop_player', request);
export const setRounds = (request: SetRoundsRequest) => call<EventView>('set_rounds', request);
export const pairRound = (request: PairRequest) => call<PairingsView>('pair_round', request);
export const pairings = (request: RoundRequest) => call<PairingsView>('pairings', request);
export const repairRound = (request: RepairRequest) => call<PairingsView>('repair_round', request);
export const swap = (request: SwapRequest) => call<PairingsView>('swap', request);
export const giveBye = (request: GiveByeRequest) => call<PairingsView>('give_bye', request);
export const recordResult = (request: ResultRequest) => call<TableView>('record_result', request);
export const undo = () => call<HistoryItem>('undo');
export const redo = () => call<HistoryItem>('redo');
export const history = () => call<HistoryItem[]>('history');
export const penalty = (request: PenaltyRequest) => call<PenaltyView>('penalty', request);
export const penalties = () => call<PenaltyView[]>('penalties');
export const standings = () => call<StandingsView>('standings');
export const breakdown = () => call<BreakdownView>('breakdown');
export const startCut = (request: CutRequest) => call<BracketView>('start_cut', request);
export const pairBracketRound = () => call<PairingsView>('pair_bracket_round');
export const bracket = () => call<BracketView | null>('bracket');
export const exportEvent = (request: ExportRequest) => call<ExportView>('export', request);
export const printDocument = (request: PrintRequest) => call<PrintView>('print', request);

/** Asks for an existing event file; null when the user cancels. */
export const chooseEventFile = (title: string, filterName: string) =>
  guarded(() => open({ title, multiple: false, directory: false, filters: [{ name: filterName, extensions: ['tkevent'] }] }));

/** Asks where to save a new event file; null when the user cancels. */
export const chooseNewEventFile = (title: string, filterName: string, defaultPath: string) =>
  guarded(() => save({ title, defaultPath, filters: [{ name: filterName, extensions: ['tkevent'] }] }));

/** Asks where to write an export; null when the user cancels. */
export const chooseExportFile = (title: string, defaultPath: string, extension: string) =>
  guarded(() => save({ title, defaultPath, filters: [{ name: extension.toUpperCase(), extensions: [extension] }] }));

/** Opens (or brings forward) the full-screen projector window showing the round clock. */
export async function openProjectorWindow(title: string): Promise<void> {
  await guarded(async () => {
    const existing = await WebviewWindow.getByLabel('projector');
    if (existing) {
      await existing.setFocus();
      return;
    }
    const projector = new WebviewWindow('projector', { url: 'index.html#/projector', title, fullscreen: true });
    await new Promise<void>((resolve, reject) => {
      void projector.once('tauri://created', () => resolve());
      void projector.once('tauri://error', (event) => reject(event.payload));
    });
  });
}

/** Closes the window this page runs in (the projector). */
export const closeCurrentWindow = () => guarded(() => getCurrentWindow().close());
