// @vitest-environment happy-dom
// The attention bar says what needs the scorekeeper, each item linking to where it is
// handled, and puts the same counts on the tabs.
import { beforeAll, describe, expect, it } from 'vitest';
import { attentionItems, clockText, rereadAfter, tabCounts } from './attention';
import type { AttentionView } from './bindings/AttentionView';
import { initI18n } from './i18n';

const quiet: AttentionView = {
  round: { round: 3, entered: 9, tables: 12, complete: false, printed: null, bracket: null },
  next: 'results',
  clock: null,
  judge_calls: 0,
  newest_call: null,
  drop_requests: 0,
  disputed_reports: 0,
  entries_waiting: 0,
  mirror: null,
  silent_stations: [],
  stations_known: 0,
};

describe('attention bar', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the round and its results, and nothing else when nothing else needs the scorekeeper', () => {
    expect(attentionItems(quiet, null)).toEqual([{ id: 'results', text: 'Round 3: 9/12 results in', href: '#/results', urgent: false }]);
  });

  it('sends the scorekeeper to the next step once every result is in', () => {
    const done = { ...quiet, round: { round: 3, entered: 12, tables: 12, complete: true, printed: null, bracket: null } };
    expect(attentionItems({ ...done, next: 'pair-round' }, null)[0]).toMatchObject({ href: '#/round', text: 'Round 3: all results in — pair the next round' });
    expect(attentionItems({ ...done, next: 'pair-bracket-round' }, null)[0]).toMatchObject({ href: '#/cut' });
    expect(attentionItems({ ...done, next: 'cut' }, null)[0]).toMatchObject({ href: '#/cut' });
    expect(attentionItems({ ...done, next: 'payout' }, null)[0]).toMatchObject({ href: '#/prizes' });
    expect(attentionItems({ ...quiet, round: null, next: 'register' }, null)).toEqual([]);
  });

  it('says where the stick’s copy could not be written and which station went quiet, not a copy being written', () => {
    expect(attentionItems({ ...quiet, mirror: { changes: 1, failed: false } }, null).map((i) => i.id)).toEqual(['results']);
    const failed = attentionItems({ ...quiet, mirror: { changes: 3, failed: true } }, null).find((i) => i.id === 'mirror');
    expect(failed).toEqual({ id: 'mirror', text: "The USB stick's copy could not be written: it lacks 3 changes — see Settings", href: '#/settings', urgent: true });
    const one = attentionItems({ ...quiet, silent_stations: [{ station: 'Desk 2', silent_for_s: 40 }], stations_known: 1 }, null).find((i) => i.id === 'stations');
    expect(one).toMatchObject({ text: 'Station Desk 2 is not answering', href: '#/share', urgent: true });
    const two = attentionItems({ ...quiet, silent_stations: [{ station: 'Desk 2', silent_for_s: 40 }, { station: 'Desk 3', silent_for_s: 12 }], stations_known: 3 }, null);
    expect(two.find((i) => i.id === 'stations')?.text).toBe('2 stations are not answering');
  });

  it('reads again soon while the copy is written, now and then while stations follow, and otherwise waits for a change', () => {
    expect(rereadAfter(quiet)).toBeNull();
    expect(rereadAfter({ ...quiet, mirror: { changes: 1, failed: false } })).toBe(1500);
    expect(rereadAfter({ ...quiet, mirror: { changes: 1, failed: true } })).toBeNull();
    expect(rereadAfter({ ...quiet, stations_known: 2 })).toBe(20_000);
  });

  it('links each waiting thing to the screen that handles it, with singular and plural words', () => {
    const busy = { ...quiet, judge_calls: 1, newest_call: 4, drop_requests: 2, disputed_reports: 1, entries_waiting: 3 };
    const items = attentionItems(busy, null);
    expect(items.map((i) => [i.id, i.href, i.text])).toEqual([
      ['results', '#/results', 'Round 3: 9/12 results in'],
      ['judge-calls', '#/results', '1 judge call'],
      ['drop-requests', '#/registration', '2 drop requests'],
      ['disputed', '#/share', '1 disputed report'],
      ['entries', '#/registration', '3 entries waiting'],
    ]);
    expect(items.find((i) => i.id === 'judge-calls')?.urgent).toBe(true);
    expect(tabCounts(busy)).toEqual({ results: 1, registration: 5, share: 1 });
  });

  it('shows the clock counting down, and past time as urgent', () => {
    const timed = { ...quiet, clock: { remaining_ms: 754_000, running: true, round: 3, started: true } };
    expect(attentionItems(timed, 754_000)[0]).toEqual({ id: 'clock', text: 'Round 3 · 12:34', href: '#/timer', urgent: false });
    expect(attentionItems(timed, -15_000)[0]?.urgent).toBe(true);
    expect(clockText(-15_000)).toBe('-0:15');
    const paused = { ...timed, clock: { ...timed.clock, running: false } };
    expect(attentionItems(paused, 60_000)[0]?.text).toBe('Round 3 · 1:00 (paused)');
    // Set but never run: one word for it, the Timer screen's.
    const set = { ...timed, clock: { ...timed.clock, running: false, started: false } };
    expect(attentionItems(set, 50 * 60_000)[0]?.text).toBe('Round 3 · 50:00 (not started)');
  });
});
