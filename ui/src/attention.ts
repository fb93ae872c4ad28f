// The attention bar on every screen: the round's clock and results, open judge calls, drop
// requests, disputed reports, entries waiting at the door, the stick's copy when it could not
// be written and stations gone quiet, each a link to the screen that handles it, with the same counts as badges on the tabs and a chime for a new judge call
// (Settings can turn it off). The counts are the `attention` view, read again when the desk
// changes (changes.ts); the clock counts down here between reads.
import { call } from './api';
import { followChanges } from './changes';
import type { AttentionView } from './bindings/AttentionView';
import type { NextStep } from './bindings/NextStep';
import { h } from './dom';
import { t } from './i18n';
import { chimeOn } from './settings';
import * as state from './state';

/** How soon a read that failed is tried again (the old poll's pace). */
const RETRY_MS = 1000;
/** How soon the bar reads again while the stick's copy is being written (it may fail). */
const MIRROR_CHECK_MS = 1500;
/** How often the bar reads while stations follow: one going quiet changes nothing in the
 * event, so nothing else would tell the window. */
const STATIONS_CHECK_MS = 20_000;

/** When to read the bar again with nothing changed (`null`: only when the desk changes). */
export function rereadAfter(view: AttentionView): number | null {
  if (view.mirror && !view.mirror.failed) return MIRROR_CHECK_MS;
  return view.stations_known > 0 ? STATIONS_CHECK_MS : null;
}

/** Who else follows the view (the round's stage strip): told at each answer, and at once. */
const followers = new Set<(view: AttentionView) => void>();
let latest: AttentionView | null = null;

/** Calls `listener` with each attention view (the latest at once); returns how to stop. */
export function onAttention(listener: (view: AttentionView) => void): () => void {
  followers.add(listener);
  if (latest) listener(latest);
  return () => followers.delete(listener);
}

/** "12:34" (or "-0:15" past time) for a clock's remaining milliseconds. */
export function clockText(remainingMs: number): string {
  const sign = remainingMs < 0 ? '-' : '';
  const seconds = Math.floor(Math.abs(remainingMs) / 1000);
  return `${sign}${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The bar's items for `view`: what each says, where it links, and whether it is urgent. */
export function attentionItems(view: AttentionView, remainingMs: number | null): { id: string; text: string; href: string; urgent: boolean }[] {
  const items: { id: string; text: string; href: string; urgent: boolean }[] = [];
  if (view.clock && remainingMs !== null) {
    const time = clockText(remainingMs);
    const text = view.clock.round === null ? t('attention.clock', { time }) : t('attention.roundClock', { round: view.clock.round, time });
    // One word for a clock that never ran, as the Timer screen says it.
    const stopped = view.clock.started ? t('attention.paused') : t('attention.notStarted');
    items.push({ id: 'clock', text: view.clock.running ? text : `${text} (${stopped})`, href: '#/timer', urgent: remainingMs < 0 });
  }
  // The night's next step (before round 1 the screens say it themselves).
  const round = view.round?.round ?? 0;
  const step: Record<NextStep, [string, string] | null> = {
    register: null,
    results: [t('attention.results', { round, entered: view.round?.entered ?? 0, tables: view.round?.tables ?? 0 }), '#/results'],
    'pair-round': [t('attention.allIn', { round }), '#/round'],
    'pair-bracket-round': [t('attention.allInBracket', { round }), '#/cut'],
    cut: [t('attention.cut'), '#/cut'],
    payout: [t('attention.payout'), '#/prizes'],
  };
  const next = step[view.next];
  if (next) items.push({ id: 'results', text: next[0], href: next[1], urgent: false });
  if (view.judge_calls > 0) items.push({ id: 'judge-calls', text: t('attention.judgeCalls', { count: view.judge_calls }), href: '#/results', urgent: true });
  if (view.drop_requests > 0) items.push({ id: 'drop-requests', text: t('attention.dropRequests', { count: view.drop_requests }), href: '#/registration', urgent: false });
  if (view.disputed_reports > 0) items.push({ id: 'disputed', text: t('attention.disputed', { count: view.disputed_reports }), href: '#/share', urgent: true });
  if (view.entries_waiting > 0) items.push({ id: 'entries', text: t('attention.entries', { count: view.entries_waiting }), href: '#/registration', urgent: false });
  // A copy being written is the ordinary moment after a change; one that failed is said.
  if (view.mirror?.failed) items.push({ id: 'mirror', text: t('attention.mirrorFailed', { count: view.mirror.changes }), href: '#/settings', urgent: true });
  const silent = view.silent_stations;
  if (silent.length > 0) {
    const text = silent.length === 1 ? t('attention.stationSilent', { name: silent[0]?.station ?? '' }) : t('attention.stationsSilent', { count: silent.length });
    items.push({ id: 'stations', text, href: '#/share', urgent: true });
  }
  return items;
}

/** The tab badges for `view`: the count each tab's screen handles. */
export function tabCounts(view: AttentionView): Record<string, number> {
  return { results: view.judge_calls, registration: view.drop_requests + view.entries_waiting, share: view.disputed_reports };
}

/** A short two-note chime, made here (no sound file, nothing downloaded). */
function chime(): void {
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    [880, 660].forEach((frequency, index) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + index * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.18 + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + index * 0.18);
      tone.stop(audio.currentTime + index * 0.18 + 0.17);
    });
    window.setTimeout(() => void audio.close(), 800);
  } catch {
    // No sound device: the bar still shows the call.
  }
}

/** The bar, refreshing itself; `tabs` get their badges. */
export function attentionBar(tabs: ReadonlyMap<string, HTMLElement>): { element: HTMLElement; stop: () => void } {
  const list = h('ul', {});
  const element = h('nav', { class: 'attention no-print', 'data-testid': 'attention', 'aria-label': t('attention.label'), hidden: true }, list);
  let view: AttentionView | null = null;
  let fetchedAt = 0;
  let newestCall: number | null | undefined;
  let shown = '';
  let retry: number | undefined;
  let reread: number | undefined;

  const render = () => {
    if (!view || !state.event()) {
      element.hidden = true;
      for (const tab of tabs.values()) tab.querySelector('.tab-badge')?.remove();
      return;
    }
    const remaining = view.clock ? view.clock.remaining_ms - (view.clock.running ? Date.now() - fetchedAt : 0) : null;
    const items = attentionItems(view, remaining);
    const key = JSON.stringify(items);
    // Only a change is written (the clock every second), so nothing is read out again.
    if (key !== shown) {
      shown = key;
      list.replaceChildren(
        ...items.map((item) =>
          h('li', {}, h('a', { href: item.href, class: item.urgent ? 'urgent' : '', 'data-testid': `attention-${item.id}` }, item.text)),
        ),
      );
    }
    element.hidden = items.length === 0;
    const counts = tabCounts(view);
    for (const [route, tab] of tabs) {
      const count = counts[route] ?? 0;
      let badge = tab.querySelector<HTMLElement>('.tab-badge');
      if (count === 0) {
        badge?.remove();
        continue;
      }
      if (!badge) {
        badge = h('span', { class: 'tab-badge', 'data-testid': `tab-badge-${route}` });
        tab.append(badge);
      }
      if (badge.textContent !== String(count)) badge.textContent = String(count);
      badge.setAttribute('aria-label', t('attention.badge', { count }));
    }
  };

  const refresh = async () => {
    if (!state.event()) {
      view = null;
      render();
      return;
    }
    try {
      const next = await call('attention', null);
      if (newestCall !== undefined && next.newest_call !== null && (newestCall === null || next.newest_call > newestCall) && chimeOn()) chime();
      newestCall = next.newest_call;
      view = next;
      latest = next;
      fetchedAt = Date.now();
      for (const follower of followers) follower(next);
      window.clearTimeout(reread);
      const after = rereadAfter(next);
      reread = after === null ? undefined : window.setTimeout(() => void refresh(), after);
    } catch {
      // The event closed or the main laptop did not answer: asked again in a moment.
      retry ??= window.setTimeout(() => {
        retry = undefined;
        void refresh();
      }, RETRY_MS);
    }
    render();
  };

  void refresh();
  const stopFollowing = followChanges(() => void refresh());
  // An event opened, created or joined is read at once: the change it made may have been
  // told before the window knew the event.
  const stopEvents = state.onEventChange(() => void refresh());
  const ticking = window.setInterval(render, 1000);
  return {
    element,
    stop: () => {
      stopFollowing();
      stopEvents();
      window.clearInterval(ticking);
      if (retry !== undefined) window.clearTimeout(retry);
      window.clearTimeout(reread);
    },
  };
}
