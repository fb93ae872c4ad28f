// A step of the event's history in a few lines: a round entered at once (512 results at
// 1,024 players) is one step, and all of its lines made the Results screen lay out pages of
// text on every change; the rest is folded and written only when opened.
import { h } from '../dom';
import { t } from '../i18n';
import { sayAll } from '../i18n/messages';
import type { Message } from '../types';

/** Lines of a step shown at once. */
export const HISTORY_LINES = 3;

/** A step's description: its first lines, then the rest under "… and N more". */
export function historyDescription(description: readonly Message[]): (string | HTMLElement)[] {
  if (description.length <= HISTORY_LINES) return [sayAll(description)];
  const more = h('details', { class: 'history-more' }, h('summary', {}, t('results.historyMore', { count: description.length - HISTORY_LINES })));
  more.addEventListener('toggle', () => {
    if (more.open && more.childElementCount === 1) more.append(sayAll(description.slice(HISTORY_LINES)));
  });
  return [sayAll(description.slice(0, HISTORY_LINES)), more];
}
