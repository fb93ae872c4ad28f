// What the whole app shares: the shell's info, the catalogue and the open event. Screens
// call refreshEvent() after a change so the header and tabs show the new round and stage.
import { call, showing } from './api';
import type { AppInfo, Catalogue, EventView } from './types';

type Listener = (event: EventView | null) => void;

let info: AppInfo | null = null;
const EMPTY_CATALOGUE: Catalogue = {
  rulesets: [],
  titles: [],
  structures: [],
  penalties: [],
  selection_methods: [],
  export_formats: [],
  encodings: [],
  documents: [],
  papers: [],
  languages: [],
};
let catalogueData: Catalogue = EMPTY_CATALOGUE;
let current: EventView | null = null;
const listeners = new Set<Listener>();

export async function loadApp(): Promise<void> {
  [info, catalogueData] = await Promise.all([call('app_info', null), call('catalogue', null)]);
  current = info.open_event;
  showing(current?.file ?? null);
}

export const appInfo = (): AppInfo | null => info;
export const catalogue = (): Catalogue => catalogueData;
export const event = (): EventView | null => current;

export function setEvent(next: EventView | null): void {
  current = next;
  showing(next?.file ?? null);
  for (const listener of listeners) listener(next);
}

/** Reads the open event again (after any change), and tells the listeners. */
export async function refreshEvent(): Promise<EventView | null> {
  setEvent(current ? await call('summary', null) : null);
  return current;
}

/** Re-reads the shell's info (recent files, preferences) after opening or creating an event. */
export async function refreshInfo(): Promise<void> {
  info = await call('app_info', null);
}

/** Keeps the info the shell returned (set_preferences answers with it). */
export function setInfo(next: AppInfo): void {
  info = next;
}

export function onEventChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
