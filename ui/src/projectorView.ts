// What the projector window shows: the round clock (Timer screen) or the top-cut bracket
// (Top cut screen). One window serves both; the choice is kept in localStorage, which the
// projector window watches.
import { openProjectorWindow } from './api';

export type ProjectorView = 'clock' | 'bracket';

export const PROJECTOR_VIEW_KEY = 'tablekeeper.projector.view';

export function projectorView(storage: Pick<Storage, 'getItem'> = localStorage): ProjectorView {
  return storage.getItem(PROJECTOR_VIEW_KEY) === 'bracket' ? 'bracket' : 'clock';
}

/** Switches the projector to `view` and opens (or brings forward) its window. */
export async function showOnProjector(view: ProjectorView, title: string): Promise<void> {
  localStorage.setItem(PROJECTOR_VIEW_KEY, view);
  await openProjectorWindow(title);
}
