// The mirror folder on the Settings screen: a USB stick (or any folder) that keeps a whole
// copy of the open event, written after every step, so a laptop that dies leaves the event
// on the stick (docs/mirror.md). The choice is the app's, for every event it opens.
import * as api from '../api';
import { call } from '../api';
import type { MirrorView } from '../bindings/MirrorView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { say } from '../i18n/messages';
import { run } from '../screen';

/** How often the panel asks how far the mirror is while it is shown. */
const MIRROR_EVERY_MS = 2000;

/** The words for where the mirror stands: a catalogue key and its parameters. */
export function mirrorState(view: MirrorView): { key: string; params: Record<string, string | number> } {
  if (!view.folder) return { key: 'mirror.off', params: {} };
  if (view.problem) return { key: 'mirror.problem', params: { folder: view.folder, step: view.step ?? '—' } };
  if (view.newest === null) return { key: 'mirror.chosen', params: { folder: view.folder } };
  if (view.step !== null && view.step === view.newest) return { key: 'mirror.upToDate', params: { folder: view.folder, step: view.step } };
  return { key: 'mirror.writing', params: { folder: view.folder, count: view.newest - (view.step ?? 0) } };
}

export function mirrorPanel(): { element: HTMLElement; stop: () => void } {
  const folder = h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-testid': 'mirror-folder' });
  const choose = h('button', { type: 'button', 'data-testid': 'mirror-choose' }, t('mirror.choose'));
  const use = h('button', { type: 'button', class: 'primary', 'data-testid': 'mirror-use' }, t('mirror.use'));
  const off = h('button', { type: 'button', 'data-testid': 'mirror-off' }, t('mirror.stop'));
  const state = h('p', { 'data-testid': 'mirror-state', role: 'status' });
  const problem = h('p', { class: 'error', 'data-testid': 'mirror-problem' });
  let shown = '';
  const show = (view: MirrorView) => {
    const key = JSON.stringify(view);
    if (key === shown) return;
    shown = key;
    const words = mirrorState(view);
    state.textContent = t(words.key, words.params);
    problem.textContent = view.problem ? say(view.problem) : '';
    problem.hidden = !view.problem;
    if (document.activeElement !== folder) folder.value = view.folder ?? folder.value;
  };
  const refresh = async () => show(await call('mirror', null));
  choose.addEventListener('click', () =>
    void run(async () => {
      const picked = await api.chooseFolder(t('mirror.choose'));
      if (typeof picked === 'string') folder.value = picked;
    }, choose),
  );
  use.addEventListener('click', () =>
    void run(async () => {
      const view = await call('set_mirror', { folder: folder.value.trim() || null });
      show(view);
      announce(t('mirror.started', { folder: view.folder ?? '' }));
    }, use),
  );
  off.addEventListener('click', () =>
    void run(async () => {
      show(await call('set_mirror', { folder: null }));
      announce(t('mirror.stopped'));
    }, off),
  );
  void refresh().catch(() => undefined);
  const timer = window.setInterval(() => void refresh().catch(() => undefined), MIRROR_EVERY_MS);
  const element = h(
    'section',
    { class: 'panel', 'data-testid': 'settings-mirror' },
    h('h3', {}, t('mirror.title')),
    h('p', { class: 'hint' }, t('mirror.hint')),
    h('div', { class: 'inline' }, field(t('mirror.folder'), folder), choose),
    h('div', { class: 'actions' }, use, off),
    state,
    problem,
  );
  return { element, stop: () => window.clearInterval(timer) };
}
