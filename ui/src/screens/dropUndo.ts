// A drop takes one click (or one Enter), so the message it leaves names the player and can
// take it back — on the Registration and the Results screens alike — as long as the drop is
// still the event's newest change (an undo never takes back something else).
import { call } from '../api';
import { announce, announceWithUndo } from '../feedback';
import { t } from '../i18n';
import * as state from '../state';

/** Says `name` was dropped, with an Undo; `after` runs once the drop is undone. */
export function announceDropWithUndo(name: string, after: () => Promise<void> | void): void {
  announceWithUndo(t('registration.dropped', { name }), async () => {
    // The newest step is the one an undo would take back.
    const history = await call('history', { newest: 1 });
    const newest = history.filter((item) => !item.undone).pop();
    const ours = newest?.description.some((m) => m.key.startsWith('history.dropped') && m.params['name'] === name);
    if (!ours) {
      announce(t('registration.dropNotNewest', { name }));
      return;
    }
    await call('undo', null);
    await state.refreshEvent();
    announce(t('registration.dropUndone', { name }));
    await after();
  });
}
