// What the projector window shows: the round clock (Timer screen), the round's pairings by
// name (Round screen), the standings (Standings screen), the top-cut bracket (Finals screen)
// the season's table or its meta (Prizes screen). One window serves them all; the choice is kept in
// localStorage, which the projector window watches.
import { openProjectorWindow } from './api';

export type ProjectorView = 'clock' | 'bracket' | 'season' | 'pairings' | 'standings' | 'meta';
const VIEWS: readonly ProjectorView[] = ['clock', 'bracket', 'season', 'pairings', 'standings', 'meta'];

export const PROJECTOR_VIEW_KEY = 'tablekeeper.projector.view';

export function projectorView(storage: Pick<Storage, 'getItem'> = localStorage): ProjectorView {
  const view = storage.getItem(PROJECTOR_VIEW_KEY);
  return VIEWS.find((known) => known === view) ?? 'clock';
}

/** Switches the projector to `view` and opens (or brings forward) its window. */
export async function showOnProjector(view: ProjectorView, title: string): Promise<void> {
  localStorage.setItem(PROJECTOR_VIEW_KEY, view);
  await openProjectorWindow(title);
}
