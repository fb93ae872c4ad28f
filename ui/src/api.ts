// The only module that talks to the Tauri shell. The shell has one command, `call`, which
// runs a command of the command surface by name (crates/commands/src/desk/surface.rs) off the
// window's thread; `call()` here is its typed twin, checked against the generated
// `bindings/Commands.ts`. Also the file dialogs and the projector windows. Every failure
// becomes an ApiError {kind, key, params, message}.
import { invoke as tauriInvoke, type InvokeArgs } from '@tauri-apps/api/core';
import { listen } from '@tauri-apps/api/event';
import { WebviewWindow } from '@tauri-apps/api/webviewWindow';
import { getCurrentWindow } from '@tauri-apps/api/window';
import { open, save } from '@tauri-apps/plugin-dialog';
import { COMMAND_PROPERTIES, type Commands } from './bindings/Commands';
import type { ErrorView } from './bindings/ErrorView';
import type { EventView } from './bindings/EventView';
import type { Message } from './bindings/Message';

/**
 * Every call this window makes to the shell goes through here and is counted: a result
 * should cost one round trip, and `tests/e2e/measure.mjs` reads the count from
 * `window.tablekeeperShellCalls()`; the e2e tests read which commands went where from
 * `window.tablekeeperShellLog()`.
 */
let shellCalls = 0;
/** The last calls, oldest first: the shell command and the surface command it ran. */
const shellLog: { command: string; name: string | null }[] = [];
const SHELL_LOG_SIZE = 200;
(globalThis as { tablekeeperShellCalls?: () => number }).tablekeeperShellCalls = () => shellCalls;
(globalThis as { tablekeeperShellLog?: () => typeof shellLog }).tablekeeperShellLog = () => [...shellLog];
/** When each of the last calls was sent and answered (performance.now(), the page's clock):
 * where a screen's time goes, for `tests/e2e/measure.mjs` (`window.tablekeeperShellTimes()`). */
const shellTimes: { name: string; sent: number; answered: number | null }[] = [];
(globalThis as { tablekeeperShellTimes?: () => typeof shellTimes }).tablekeeperShellTimes = () => shellTimes.map((entry) => ({ ...entry }));
function invoke<T>(command: string, args?: InvokeArgs): Promise<T> {
  shellCalls += 1;
  const name = args && typeof args === 'object' && 'name' in args && typeof args.name === 'string' ? args.name : null;
  shellLog.push({ command, name });
  if (shellLog.length > SHELL_LOG_SIZE) shellLog.shift();
  const timed = { name: name ?? command, sent: performance.now(), answered: null as number | null };
  shellTimes.push(timed);
  if (shellTimes.length > SHELL_LOG_SIZE) shellTimes.shift();
  const answer = tauriInvoke<T>(command, args);
  const answered = () => {
    timed.answered = performance.now();
  };
  answer.then(answered, answered);
  return answer;
}

export type CommandName = keyof Commands;
export type RequestOf<K extends CommandName> = Commands[K]['request'];
export type ResponseOf<K extends CommandName> = Commands[K]['response'];

/**
 * A failed command: `kind` is stable (docs/cli-json.md "Errors"); `key` and `params` render
 * the words in any language (say()), `message` is the English text.
 */
export class ApiError extends Error {
  readonly kind: string;
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;

  constructor(kind: string, message: string, key = '', params: Readonly<Record<string, string>> = {}) {
    super(message);
    this.kind = kind;
    this.key = key;
    this.params = params;
  }

  /** The error's words as a message (a key the catalogue lacks shows the English text). */
  get words(): Message {
    return { key: this.key, params: { ...this.params }, text: this.message };
  }
}

function stringParams(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, param] of Object.entries(value)) if (typeof param === 'string') out[key] = param;
  return out;
}

/** Turns whatever a command rejected with into an ApiError. */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null) {
    const { kind, message, key, params } = error as { kind?: unknown; message?: unknown; key?: unknown; params?: unknown };
    if (typeof kind === 'string' && typeof message === 'string') {
      return new ApiError(kind, message, typeof key === 'string' ? key : '', stringParams(params));
    }
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

/** The commands whose `thread` in the surface's declaration is `thread`. */
function commandsOn(thread: 'here' | 'worker' | 'slow'): ReadonlySet<CommandName> {
  return new Set((Object.keys(COMMAND_PROPERTIES) as CommandName[]).filter((name) => COMMAND_PROPERTIES[name].thread === thread));
}

/**
 * Commands that can take seconds (a PDF of 500 slips, pairing a large field, a file synced
 * to a slow stick): while one runs the window says it is working. Nothing else waits for
 * them; the keyboard stays usable. The surface declares them (`thread: slow`).
 */
export const SLOW_COMMANDS: ReadonlySet<CommandName> = commandsOn('slow');

type BusyListener = (running: number) => void;
const busyListeners = new Set<BusyListener>();
let running = 0;

function busy(change: number): void {
  running += change;
  for (const listener of busyListeners) listener(running);
}

/** Tells `listener` how many slow commands are running whenever that changes. */
export function onBusy(listener: BusyListener): () => void {
  busyListeners.add(listener);
  listener(running);
  return () => busyListeners.delete(listener);
}

type NoticeListener = (notices: Message[]) => void;
const noticeListeners = new Set<NoticeListener>();

/** Tells `listener` what a command had to say besides its result (a backup that could not
 * be written, a name no printout font has), once each. */
export function onNotices(listener: NoticeListener): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/**
 * Commands the shell may run on the window's own thread (`call_here` in src-tauri): the
 * answer skips a hop between threads, which was most of result entry's slowest times. The
 * shell refuses when it cannot (the desk busy with a print or an export, or this app a
 * station), and the command then runs as usual. The surface declares them (`thread: here`).
 */
const RUN_HERE: ReadonlySet<CommandName> = commandsOn('here');
/** Off while this app is a station (every command then goes to the main laptop). */
let runHere = true;

/**
 * Whether the shell last said quick commands may run on the window's thread (src-tauri
 * `DeskChanged.here`: not while stations follow the event, when a change waits for them off
 * that thread), so each command is sent once, to the right place. A refusal all the same (the
 * desk busy with a print this moment) is sent again the usual way.
 */
let shellHere = true;

/** What the shell says when the desk changed (src-tauri `DeskChanged`). */
type DeskChanged = { revision: number; here: boolean };
const changeListeners = new Set<() => void>();
let listening = false;

/** Listens once for the shell's `desk-changed` (without a shell, as in unit tests, nothing). */
function listenForChanges(): void {
  if (listening) return;
  listening = true;
  try {
    void listen<DeskChanged>('desk-changed', (event) => {
      shellHere = event.payload.here;
      for (const listener of changeListeners) listener();
    }).catch(() => undefined);
  } catch {
    // No shell to listen to.
  }
}

/**
 * Calls `listener` each time the desk changed, whoever changed it (this window, a phone, a
 * station) and when this station's copy of the main laptop's event grew: a screen reads what
 * it shows then instead of asking every second. Returns how to stop.
 */
export function onDeskChanged(listener: () => void): () => void {
  listenForChanges();
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The shell's refusal to run a quick command on the window's thread now, by its kind. */
function refusedHere(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'run-elsewhere';
}

/** What the shell answers: the command's answer and the desk's notices after it. */
type Answered<T> = { data: T; notices: Message[] };

/** The file of the event the window's screens show (`state.setEvent` keeps it). Every call
 * names it, so an event's command runs on that event even while another is made active: a
 * result typed for one event is never recorded in another. */
let shownEvent: string | null = null;

/** Names the event the window's screens show from now on (`null`: none). */
export function showing(file: string | null): void {
  shownEvent = file;
}

/** The shell's `call` of command `name`, on the window's thread where it may be. */
async function invokeCall<T>(name: CommandName, request: unknown): Promise<Answered<T>> {
  listenForChanges();
  const event = shownEvent;
  if (runHere && shellHere && RUN_HERE.has(name)) {
    try {
      return await invoke<Answered<T>>('call_here', { name, request, event });
    } catch (error) {
      if (!refusedHere(error)) throw error;
    }
  }
  return invoke<Answered<T>>('call', { name, request, event });
}

/** Runs command `name` of the surface with its request (`null` for commands without one).
 * Its notices ride on the same answer: no command needs a second trip. */
export async function call<K extends CommandName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const slow = SLOW_COMMANDS.has(name);
  if (slow) busy(1);
  try {
    const answered = await guarded(() => invokeCall<ResponseOf<K>>(name, request));
    const notices = Array.isArray(answered.notices) ? answered.notices : [];
    if (notices.length > 0) for (const listener of noticeListeners) listener(notices);
    return answered.data;
  } finally {
    if (slow) busy(-1);
  }
}

/** Where phones and a second station reach the shared event (the shell's `share`). */
export type ShareState = {
  port: number;
  urls: string[];
  qr_svg: string | null;
  join_code: string;
  local_url: string;
  /** Why sharing stopped by itself (the event goes on here); null while it serves. */
  stopped: Message | null;
};

/**
 * Turns sharing the open event on the shop's network on (on `port`) or off, or (`on` null)
 * only asks. Returns where phones go while it is on; null when off. Not a command of the surface: the server is the
 * shell's, and it stops by itself when the event is closed or another is opened.
 */
export const share = (on: boolean | null, port: number | null) => guarded(() => invoke<ShareState | null>('share', { on, port }));

/**
 * Makes this app a scorekeeper station of another laptop's shared event (address and join
 * code from its Share screen); every command then goes to that laptop. The event's summary.
 */
export const joinStation = (address: string, code: string) =>
  guarded(async () => {
    const event = await invoke<EventView>('join_station', { address, code });
    runHere = false;
    return event;
  });

/** Where this station's copy of the main laptop's event stands (`null`: not a station). */
export interface StationCopy {
  file: string | null;
  step: number | null;
  newest: number | null;
  problem: ErrorView | null;
}
export const stationCopy = () => guarded(() => invoke<StationCopy | null>('station_copy'));

/**
 * Makes this station's copy the event once the main laptop stopped answering: this laptop
 * becomes the main laptop (refused while the main laptop still answers). The summary.
 */
export const takeOver = () =>
  guarded(async () => {
    try {
      const event = await invoke<EventView>('take_over');
      runHere = true;
      return event;
    } catch (error) {
      // Another station took over first: this laptop is no station any more, and its copy
      // is open here, refusing changes and naming where to join.
      if (normalizeError(error).kind === 'event-moved') runHere = true;
      throw error;
    }
  });

/** Stops being a station: this laptop's own event is shown again. */
export const leaveStation = () =>
  guarded(async () => {
    await invoke<void>('leave_station');
    runHere = true;
  });

/** Asks for an existing event file; null when the user cancels. */
/** Opens the folder holding a file the app wrote in the file manager; false when it could
 * not be opened. */
export const showInFolder = (path: string) => guarded(() => invoke<boolean>('show_in_folder', { path }));

export const chooseEventFile = (title: string, filterName: string) =>
  guarded(() => open({ title, multiple: false, directory: false, filters: [{ name: filterName, extensions: ['tkevent'] }] }));

/** Asks for TCG+ organizer CSVs (an event's final file, with its round files if kept); empty when the user cancels. */
export const chooseTcgPlusFiles = (title: string, filterName: string) =>
  guarded(async () => (await open({ title, multiple: true, directory: false, filters: [{ name: filterName, extensions: ['csv'] }] })) ?? []);

/** Asks for TOM event files (.tdf: a season counts their divisions); empty when the user cancels. */
export const chooseTomFiles = (title: string, filterName: string) =>
  guarded(async () => (await open({ title, multiple: true, directory: false, filters: [{ name: filterName, extensions: ['tdf'] }] })) ?? []);

/** Asks for the one TOM file to write the event's roster into; null when the user cancels. */
export const chooseTomFile = (title: string, filterName: string) =>
  guarded(() => open({ title, multiple: false, directory: false, filters: [{ name: filterName, extensions: ['tdf'] }] }));

/** Asks for a player library file; null when the user cancels. */
export const chooseLibraryFile = (title: string) =>
  guarded(() => open({ title, multiple: false, directory: false, filters: [{ name: 'Tablekeeper', extensions: ['tklibrary'] }] }));

/** Asks for an exported event archive (JSON); null when the user cancels. */
export const chooseArchiveFile = (title: string, filterName: string) =>
  guarded(() => open({ title, multiple: false, directory: false, filters: [{ name: filterName, extensions: ['json'] }] }));

/** Asks where to save an event file (a new event or a copy); null when the user cancels. */
export const chooseNewEventFile = (title: string, filterName: string, defaultPath: string) =>
  guarded(() => save({ title, defaultPath, filters: [{ name: filterName, extensions: ['tkevent'] }] }));

/** Asks for a folder (the mirror folder: a USB stick); null when the user cancels. */
export const chooseFolder = (title: string) => guarded(() => open({ title, multiple: false, directory: true }));

/** Asks where to write an export; null when the user cancels. */
export const chooseExportFile = (title: string, defaultPath: string, extension: string) =>
  guarded(() => save({ title, defaultPath, filters: [{ name: extension.toUpperCase(), extensions: [extension] }] }));

/**
 * Opens (or brings forward) the full-screen projector window (label `projector`, the one
 * the shell's capabilities allow). What it shows, the clock or the bracket, is chosen
 * through localStorage (projector.ts), so one window serves both.
 */
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

/** Closes the window this page runs in (a projector). */
export const closeCurrentWindow = () => guarded(() => getCurrentWindow().close());
