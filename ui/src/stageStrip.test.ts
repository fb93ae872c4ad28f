// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';

import type { AttentionView } from './bindings/AttentionView';
import { initI18n } from './i18n';
import { currentStage, stageItems } from './stageStrip';

const view = (over: Partial<AttentionView>): AttentionView => ({
  round: { round: 2, entered: 0, tables: 12, complete: false, printed: null, bracket: null },
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
  ...over,
});

/** `view` with its round's sheets out: sent to a printer, or one PDF made to print by hand. */
const printed = (base: AttentionView, printer: string | null = 'Counter'): AttentionView => ({
  ...base,
  round: base.round === null ? null : { ...base.round, printed: { printer, copies: 1 } },
});

const states = (items: ReturnType<typeof stageItems>) => items.map((item) => `${item.id}:${item.state}`);

describe('the round stage strip', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is empty before round 1 is paired', () => {
    expect(stageItems(view({ round: null, next: 'register' }))).toEqual([]);
  });

  it('points at printing right after pairing', () => {
    expect(states(stageItems(view({})))).toEqual(['paired:done', 'printed:current', 'clock:todo', 'results:todo', 'next:todo']);
  });

  it('points at the clock once the round is printed, and at results once it runs', () => {
    expect(states(stageItems(printed(view({}))))[2]).toBe('clock:current');
    const running = stageItems(printed(view({ clock: { remaining_ms: 1000, running: true, round: 2, started: true }, round: { round: 2, entered: 9, tables: 12, complete: false, printed: null, bracket: null } })));
    expect(states(running)).toEqual(['paired:done', 'printed:done', 'clock:done', 'results:current', 'next:todo']);
    expect(running[3]?.text).toBe('Enter results 9/12');
    expect(running[2]?.text).toBe('Clock running');
  });

  it("does not count an earlier round's clock", () => {
    const items = stageItems(view({ clock: { remaining_ms: 1000, running: true, round: 1, started: true } }));
    expect(states(items).slice(1, 3)).toEqual(['printed:current', 'clock:todo']);
  });

  it('offers the next pairing once every result is in, whatever was skipped', () => {
    const items = stageItems(view({ next: 'pair-round', round: { round: 2, entered: 12, tables: 12, complete: true, printed: null, bracket: null } }));
    expect(states(items)).toEqual(['paired:done', 'printed:todo', 'clock:todo', 'results:done', 'next:current']);
    expect(items[4]).toMatchObject({ text: 'Pair round 3', href: '#/round' });
  });

  it('leads to the cut and the payout at the end of the Swiss', () => {
    const done = { round: { round: 5, entered: 12, tables: 12, complete: true, printed: { printer: null, copies: 1 }, bracket: null } };
    expect(stageItems(view({ ...done, next: 'cut' }))[4]).toMatchObject({ href: '#/cut', state: 'current' });
    expect(stageItems(view({ ...done, next: 'payout' }))[4]).toMatchObject({ href: '#/prizes', text: 'Payout and close' });
  });

  it('says what to do for a stage to come and what happened for one done', () => {
    const fresh = stageItems(view({}));
    expect(fresh.map((item) => item.text).slice(1, 4)).toEqual(['Print the sheets', 'Start the clock', 'Enter results 0/12']);
    const done = stageItems(printed(view({ next: 'pair-round', clock: { remaining_ms: 0, running: false, round: 2, started: true }, round: { round: 2, entered: 12, tables: 12, complete: true, printed: null, bracket: null } })));
    expect(done.map((item) => item.text).slice(1, 4)).toEqual(['Sheets printed', 'Clock paused', '12/12 results in']);
  });

  it('keeps the clock to start while it is only set for the round', () => {
    const set = stageItems(printed(view({ clock: { remaining_ms: 50 * 60_000, running: false, round: 2, started: false } })));
    expect(states(set)[2]).toBe('clock:current');
    expect(set[2]?.text).toBe('Start the clock');
  });

  it('follows a bracket round on the Finals, and leads to the payout after the final', () => {
    const semifinal = stageItems(printed(view({ round: { round: 7, entered: 1, tables: 2, complete: false, printed: null, bracket: 'semifinal' } })));
    expect(semifinal[0]).toMatchObject({ text: 'Semifinals', href: '#/cut', state: 'done' });
    expect(semifinal.map((item) => item.href)).toEqual(['#/cut', '#/cut', '#/timer', '#/cut', '#/cut']);
    expect(semifinal[4]?.text).toBe('Next bracket round');
    const final = stageItems(view({ round: { round: 8, entered: 1, tables: 1, complete: true, printed: null, bracket: 'final' }, next: 'payout' }));
    expect(final[4]).toMatchObject({ text: 'Payout and close', href: '#/prizes', state: 'current' });
  });

  it('says sheets made to print by hand are ready, not printed', () => {
    const byHand = stageItems(printed(view({}), null));
    expect(byHand[1]).toMatchObject({ state: 'done', text: 'Sheets ready to print' });
  });

  it('never offers a round nobody planned while the last one is played', () => {
    const last = printed(view({ round: { round: 3, entered: 4, tables: 12, complete: false, printed: null, bracket: null } }));
    expect(stageItems(last, { rounds: 4, cut: 0 })[4]).toMatchObject({ text: 'Pair round 4', href: '#/round' });
    expect(stageItems(last, { rounds: 3, cut: 8 })[4]).toMatchObject({ text: 'Start the top cut', href: '#/cut', state: 'todo' });
    expect(stageItems(last, { rounds: 3, cut: 0 })[4]).toMatchObject({ text: 'Payout and close', href: '#/prizes' });
  });

  it('makes the current stage a button that does it where its control is on the screen, else goes there', () => {
    let printed = 0;
    const print = document.createElement('button');
    print.dataset['stageAction'] = 'printed';
    print.addEventListener('click', () => (printed += 1));
    document.body.append(print);
    const item = { id: 'printed' as const, text: 'Print the sheets', href: '#/round', state: 'current' as const };
    currentStage(item).click();
    expect(printed).toBe(1);
    print.disabled = true;
    location.hash = '#/results';
    currentStage(item).click();
    expect(printed).toBe(1);
    expect(location.hash).toBe('#/round');
    const box = document.createElement('input');
    box.dataset['stageAction'] = 'results';
    document.body.append(box);
    currentStage({ ...item, id: 'results', href: '#/results' }).click();
    expect(document.activeElement).toBe(box);
    print.remove();
    box.remove();
  });
});
