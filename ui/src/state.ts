// What the whole app shares: the shell's info, the catalogue and the open event. Screens
// call refreshEvent() after a change so the header and tabs show the new round and stage.
import * as api from './api';
import type { AppInfo, Catalogue, EventView } from './types';

type Listener = (event: EventView | null) => void;

let info: AppInfo | null = null;
let catalogueData: Catalogue = { rulesets: [], titles: [] };
let current: EventView | null = null;
const listeners = new Set<Listener>();

export async function loadApp(): Promise<void> {
  [info, catalogueData] = await Promise.all([api.appInfo(), api.catalogue()]);
  current = info.open_event;
}

export const appInfo = (): AppInfo | null => info;
export const catalogue = (): Catalogue => catalogueData;
export const event = (): EventView | null => current;

export function setEvent(next: EventView | null): void {
  current = next;
  for (const listener of listeners) listener(next);
}

/** Reads the open event again (after any change), and tells the listeners. */
export async function refreshEvent(): Promise<EventView | null> {
  setEvent(current ? await api.summary() : null);
  return current;
}

/** Re-reads the recent files list after opening or creating an event. */
export async function refreshInfo(): Promise<void> {
  info = await api.appInfo();
}

export function onEventChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
