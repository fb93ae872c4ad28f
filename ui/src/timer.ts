// Pure round-clock model: every function takes the time `now` (ms) from the caller, so it
// can be tested without real time. The state is a small JSON document in localStorage,
// which the projector window reads to show the same clock.

/** Ruleset families that share a time-up procedure text (i18n timer.procedures.*). */
export type TimeUpFamily = 'bushiroad' | 'bandai' | 'fow' | 'crossover';

export type TableExtension = { table: number; minutes: number };

export type TimerState = {
  /** Round length plus extensions for everyone, in ms. */
  durationMs: number;
  /** When the clock last started running, or null while it is stopped or paused. */
  runningSince: number | null;
  /** Time used before `runningSince`. */
  usedMs: number;
  /** Extra minutes for single tables (judge calls, deck checks), by table number. */
  tableExtensions: TableExtension[];
  family: TimeUpFamily;
  /** The round the clock is for, or null. Shown on the projector. */
  round: number | null;
  /**
   * The title's own time-up procedure (and extra turns) in the interface language, shown
   * instead of the family's text when the event has a title preset.
   */
  procedure?: string;
};

export type TimerStatus = 'ready' | 'running' | 'paused' | 'up';

export const TIMER_KEY = 'tablekeeper.timer';

const MINUTE = 60_000;

export function newTimer(minutes: number, family: TimeUpFamily, round: number | null): TimerState {
  return {
    durationMs: Math.max(0, minutes) * MINUTE,
    runningSince: null,
    usedMs: 0,
    tableExtensions: [],
    family,
    round,
  };
}

/** Starts the countdown from the full time (a restart when it ran before). */
export function start(state: TimerState, now: number): TimerState {
  return { ...state, usedMs: 0, runningSince: now };
}

export function pause(state: TimerState, now: number): TimerState {
  if (state.runningSince === null) return state;
  return { ...state, usedMs: elapsed(state, now), runningSince: null };
}

export function resume(state: TimerState, now: number): TimerState {
  if (state.runningSince !== null) return state;
  return { ...state, runningSince: now };
}

/** Adds `minutes` for every table; negative minutes take time away, never below zero. */
export function extend(state: TimerState, minutes: number): TimerState {
  return { ...state, durationMs: Math.max(0, state.durationMs + minutes * MINUTE) };
}

/** A stopped clock of `minutes`, keeping the family and round, without table extensions. */
export function reset(state: TimerState, minutes: number): TimerState {
  const fresh = newTimer(minutes, state.family, state.round);
  return state.procedure === undefined ? fresh : { ...fresh, procedure: state.procedure };
}

/** Sets one table's extra minutes; zero or less removes the table from the list. */
export function setTableExtension(state: TimerState, table: number, minutes: number): TimerState {
  const others = state.tableExtensions.filter((e) => e.table !== table);
  const tableExtensions = minutes > 0 ? [...others, { table, minutes }] : others;
  tableExtensions.sort((x, y) => x.table - y.table);
  return { ...state, tableExtensions };
}

export function elapsed(state: TimerState, now: number): number {
  const running = state.runningSince === null ? 0 : Math.max(0, now - state.runningSince);
  return state.usedMs + running;
}

/** Time left for everyone, in ms, never negative. */
export function remaining(state: TimerState, now: number): number {
  return Math.max(0, state.durationMs - elapsed(state, now));
}

/** Time left for one table, counting its extension. */
export function tableRemaining(state: TimerState, extension: TableExtension, now: number): number {
  return Math.max(0, state.durationMs + extension.minutes * MINUTE - elapsed(state, now));
}

/** Time is up once the clock has run and nothing is left. */
export function isUp(state: TimerState, now: number): boolean {
  return elapsed(state, now) > 0 && remaining(state, now) === 0;
}

export function status(state: TimerState, now: number): TimerStatus {
  if (isUp(state, now)) return 'up';
  if (state.runningSince !== null) return 'running';
  return state.usedMs > 0 ? 'paused' : 'ready';
}

/** "49:05" style clock, rounding up so it shows 0:00 only when time is up. */
export function formatClock(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The family whose time-up procedure applies to a ruleset id. */
export function familyOf(rulesetId: string): TimeUpFamily {
  if (rulesetId === 'bandai') return 'bandai';
  if (rulesetId === 'fow') return 'fow';
  if (rulesetId === 'crossover') return 'crossover';
  return 'bushiroad';
}

const FAMILIES: readonly TimeUpFamily[] = ['bushiroad', 'bandai', 'fow', 'crossover'];

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads a stored clock; null when the text is missing or not a clock. */
export function parseTimer(text: string | null): TimerState | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const extensions = v['tableExtensions'];
  const family = v['family'];
  if (
    !isNumber(v['durationMs']) ||
    !isNumber(v['usedMs']) ||
    !(v['runningSince'] === null || isNumber(v['runningSince'])) ||
    !(v['round'] === null || isNumber(v['round'])) ||
    typeof family !== 'string' ||
    !FAMILIES.includes(family as TimeUpFamily) ||
    !Array.isArray(extensions) ||
    !extensions.every((e: unknown) => {
      const ext = e as Record<string, unknown> | null;
      return typeof ext === 'object' && ext !== null && isNumber(ext['table']) && isNumber(ext['minutes']);
    })
  ) {
    return null;
  }
  return {
    durationMs: v['durationMs'] as number,
    runningSince: v['runningSince'] as number | null,
    usedMs: v['usedMs'] as number,
    tableExtensions: (extensions as TableExtension[]).map(({ table, minutes }) => ({ table, minutes })),
    family: family as TimeUpFamily,
    round: v['round'] as number | null,
    ...(typeof v['procedure'] === 'string' ? { procedure: v['procedure'] } : {}),
  };
}

/** What to do at time-up: the title's own text when there is one, else the family's key. */
export function procedureText(state: TimerState, translate: (key: string) => string): string {
  return state.procedure ?? translate(`timer.procedures.${state.family}`);
}

/** Where an event's round clock is kept: each event open at once has its own clock. */
export function timerKey(file: string | null | undefined): string {
  return file ? `${TIMER_KEY}:${file}` : TIMER_KEY;
}

export function loadTimer(storage: Pick<Storage, 'getItem'>, key: string = TIMER_KEY): TimerState | null {
  return parseTimer(storage.getItem(key));
}

export function saveTimer(storage: Pick<Storage, 'setItem'>, state: TimerState, key: string = TIMER_KEY): void {
  storage.setItem(key, JSON.stringify(state));
}
