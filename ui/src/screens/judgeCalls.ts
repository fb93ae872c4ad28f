// Judge calls on the Results screen and on a station: the players' calls from
// their phones, oldest first, with how long each has waited; a judge claims one (the player's
// phone says "a judge is coming") and resolves it. Resolved calls stay listed below for the
// event report. Read again when the desk changes (changes.ts); the waiting times count up
// here between reads.
import { call } from '../api';
import { followChanges } from '../changes';
import type { JudgeCallView } from '../bindings/JudgeCallView';
import type { JudgeCallsView } from '../bindings/JudgeCallsView';
import { h } from '../dom';
import { t } from '../i18n';
import { run } from '../screen';

/** "m:ss" waited from `since` to `now` (seconds since the epoch). */
export function waited(since: number, now: number): string {
  const seconds = Math.max(0, now - since);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function judgeCallsPanel(): { element: HTMLElement; stop: () => void } {
  const open = h('ul', { 'data-testid': 'judge-calls' });
  // Said once per new call (the list's clock changes every second and is not read out).
  const said = h('p', { class: 'visually-hidden', role: 'status' });
  let known: Set<number> | null = null;
  const done = h('ul', { 'data-testid': 'judge-calls-done' });
  const count = h('span', { class: 'badge', 'data-testid': 'judge-call-count' });

  const step = (text: string, command: 'claim_call' | 'resolve_call', entry: JudgeCallView) => {
    const button = h('button', { type: 'button', 'data-testid': `${command.replace('_', '-')}-${entry.number}` }, text);
    button.addEventListener('click', () => void run(async () => show(await call(command, { call: entry.number })), button));
    return button;
  };

  /** Each open call's "waiting …" words, updated in place between redraws. */
  let waiting = new Map<number, HTMLElement>();
  const line = (entry: JudgeCallView, now: number) => {
    const where = entry.table === null ? t('judge.noTable') : t('judge.table', { table: entry.table });
    const state = h('span', {}, entry.resolved_at !== null ? t('judge.resolved') : entry.claimed_at !== null ? t('judge.claimed') : t('judge.waiting', { time: waited(entry.at, now) }));
    if (entry.resolved_at === null && entry.claimed_at === null) waiting.set(entry.number, state);
    return h(
      'li',
      { 'data-testid': `judge-call-${entry.number}`, class: entry.resolved_at === null ? 'call-open' : 'call-done' },
      h('strong', {}, where), ' ', `${entry.name} (${entry.player})`, entry.reason ? ` — ${entry.reason}` : '', ' · ', state, ' ',
      entry.resolved_at === null && entry.claimed_at === null ? step(t('judge.claim'), 'claim_call', entry) : '',
      entry.resolved_at === null ? step(t('judge.resolve'), 'resolve_call', entry) : '',
    );
  };

  /** What the lists show, besides the clock: they are drawn again only when it changes, so a
   * button is never replaced under the pointer between pressing and releasing it. */
  let drawn = '';
  /** The last view, and when it was read (its `now` advances with this laptop's clock). */
  let latest: { view: JudgeCallsView; at: number } | null = null;
  const tick = () => {
    if (!latest) return;
    const now = latest.view.now + Math.floor((Date.now() - latest.at) / 1000);
    for (const entry of latest.view.calls) waiting.get(entry.number)?.replaceChildren(t('judge.waiting', { time: waited(entry.at, now) }));
  };
  function show(view: JudgeCallsView): void {
    latest = { view, at: Date.now() };
    const key = JSON.stringify(view.calls.map((c) => [c.number, c.claimed_at, c.resolved_at]));
    if (key === drawn) {
      tick();
      return;
    }
    drawn = key;
    waiting = new Map();
    const openCalls = view.calls.filter((c) => c.resolved_at === null);
    // Calls already there when the screen opened are on the list, not announced.
    const seen = known;
    const fresh = seen ? openCalls.filter((c) => c.claimed_at === null && !seen.has(c.number)) : [];
    if (fresh.length > 0) said.textContent = fresh.map((c) => t('judge.newCall', { name: c.name, table: c.table ?? '—' })).join(' ');
    known = new Set(view.calls.map((c) => c.number));
    open.replaceChildren(...openCalls.map((c) => line(c, view.now)));
    if (openCalls.length === 0) open.append(h('li', { class: 'hint' }, t('judge.none')));
    done.replaceChildren(...view.calls.filter((c) => c.resolved_at !== null).slice(0, 20).map((c) => line(c, view.now)));
    count.textContent = openCalls.length > 0 ? String(openCalls.length) : '';
  }

  const refresh = () => call('judge_calls', null).then(show).catch(() => undefined);
  void refresh();
  const stopFollowing = followChanges(() => void refresh());
  const ticking = window.setInterval(tick, 1000);
  const element = h(
    'section',
    { class: 'panel', 'data-testid': 'judge-panel' },
    h('h3', {}, t('judge.title'), ' ', count),
    said,
    open,
    h('details', {}, h('summary', {}, t('judge.doneTitle')), done),
  );
  return {
    element,
    stop: () => {
      stopFollowing();
      window.clearInterval(ticking);
    },
  };
}
