// What the projector window shows: the round clock (Timer screen), the top-cut bracket
// (Top cut screen) or the season's table (Prizes screen). One window serves both; the choice is kept in localStorage, which the
// projector window watches.
import { openProjectorWindow } from './api';

export type ProjectorView = 'clock' | 'bracket' | 'season';

export const PROJECTOR_VIEW_KEY = 'tablekeeper.projector.view';

export function projectorView(storage: Pick<Storage, 'getItem'> = localStorage): ProjectorView {
  const view = storage.getItem(PROJECTOR_VIEW_KEY);
  return view === 'bracket' || view === 'season' ? view : 'clock';
}

/** Switches the projector to `view` and opens (or brings forward) its window. */
export async function showOnProjector(view: ProjectorView, title: string): Promise<void> {
  localStorage.setItem(PROJECTOR_VIEW_KEY, view);
  await openProjectorWindow(title);
}
