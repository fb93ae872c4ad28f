// The round clock with injected time: start, pause, resume, extend, reset, table extensions,
// time-up, formatting and the stored JSON the projector reads.
import { describe, expect, it } from 'vitest';
import {
  TIMER_KEY,
  extend,
  familyOf,
  formatClock,
  isUp,
  loadTimer,
  newTimer,
  parseTimer,
  pause,
  procedureText,
  remaining,
  reset,
  resume,
  saveTimer,
  setTableExtension,
  start,
  status,
  tableRemaining,
} from './timer';

const MIN = 60_000;
const T0 = 1_700_000_000_000;

describe('timer', () => {
  it('a new clock shows the full time and is ready, not up', () => {
    const clock = newTimer(50, 'bushiroad', 1);
    expect(remaining(clock, T0)).toBe(50 * MIN);
    expect(remaining(clock, T0 + 99 * MIN)).toBe(50 * MIN);
    expect(status(clock, T0)).toBe('ready');
    expect(isUp(clock, T0)).toBe(false);
  });

  it('counts down while running', () => {
    const clock = start(newTimer(50, 'bushiroad', 1), T0);
    expect(status(clock, T0)).toBe('running');
    expect(remaining(clock, T0 + 10 * MIN)).toBe(40 * MIN);
    expect(remaining(clock, T0 + 10 * MIN + 500)).toBe(40 * MIN - 500);
  });

  it('a clock read before its start time does not gain time', () => {
    const clock = start(newTimer(50, 'bushiroad', 1), T0);
    expect(remaining(clock, T0 - 5000)).toBe(50 * MIN);
  });

  it('pause freezes the time and resume continues from there', () => {
    let clock = start(newTimer(50, 'bandai', 2), T0);
    clock = pause(clock, T0 + 5 * MIN);
    expect(status(clock, T0 + 20 * MIN)).toBe('paused');
    expect(remaining(clock, T0 + 20 * MIN)).toBe(45 * MIN);
    clock = resume(clock, T0 + 20 * MIN);
    expect(remaining(clock, T0 + 25 * MIN)).toBe(40 * MIN);
  });

  it('pausing a paused clock and resuming a running one change nothing', () => {
    const running = start(newTimer(10, 'fow', null), T0);
    expect(resume(running, T0 + MIN)).toBe(running);
    const paused = pause(running, T0 + MIN);
    expect(pause(paused, T0 + 2 * MIN)).toBe(paused);
  });

  it('start restarts from the full time', () => {
    let clock = start(newTimer(30, 'fow', 1), T0);
    clock = pause(clock, T0 + 10 * MIN);
    clock = start(clock, T0 + 11 * MIN);
    expect(remaining(clock, T0 + 11 * MIN)).toBe(30 * MIN);
  });

  it('time is up when nothing is left, and stays at zero', () => {
    const clock = start(newTimer(30, 'fow', 1), T0);
    expect(isUp(clock, T0 + 30 * MIN - 1)).toBe(false);
    expect(isUp(clock, T0 + 30 * MIN)).toBe(true);
    expect(status(clock, T0 + 31 * MIN)).toBe('up');
    expect(remaining(clock, T0 + 99 * MIN)).toBe(0);
  });

  it('extend adds minutes for everyone, even after time is up', () => {
    let clock = start(newTimer(30, 'crossover', 1), T0);
    expect(isUp(clock, T0 + 31 * MIN)).toBe(true);
    clock = extend(clock, 5);
    expect(isUp(clock, T0 + 31 * MIN)).toBe(false);
    expect(remaining(clock, T0 + 31 * MIN)).toBe(4 * MIN);
  });

  it('negative extensions never make the round length negative', () => {
    const clock = extend(newTimer(3, 'bushiroad', 1), -10);
    expect(clock.durationMs).toBe(0);
    expect(remaining(clock, T0)).toBe(0);
  });

  it('reset gives a stopped clock of the new length and forgets table extensions', () => {
    let clock = start(newTimer(50, 'bandai', 3), T0);
    clock = setTableExtension(clock, 4, 3);
    clock = reset(clock, 40);
    expect(status(clock, T0 + 5 * MIN)).toBe('ready');
    expect(remaining(clock, T0 + 5 * MIN)).toBe(40 * MIN);
    expect(clock.tableExtensions).toEqual([]);
    expect(clock.family).toBe('bandai');
    expect(clock.round).toBe(3);
  });

  it('table extensions are kept sorted, replaced, and removed at zero', () => {
    let clock = newTimer(50, 'bushiroad', 1);
    clock = setTableExtension(clock, 12, 3);
    clock = setTableExtension(clock, 2, 5);
    clock = setTableExtension(clock, 12, 4);
    expect(clock.tableExtensions).toEqual([
      { table: 2, minutes: 5 },
      { table: 12, minutes: 4 },
    ]);
    clock = setTableExtension(clock, 2, 0);
    expect(clock.tableExtensions).toEqual([{ table: 12, minutes: 4 }]);
  });

  it('a table with an extension keeps playing after time is up for the others', () => {
    let clock = start(newTimer(30, 'bushiroad', 1), T0);
    clock = setTableExtension(clock, 7, 5);
    const [seven] = clock.tableExtensions;
    expect(seven).toBeDefined();
    if (!seven) return;
    expect(isUp(clock, T0 + 32 * MIN)).toBe(true);
    expect(tableRemaining(clock, seven, T0 + 32 * MIN)).toBe(3 * MIN);
    expect(tableRemaining(clock, seven, T0 + 40 * MIN)).toBe(0);
  });

  it('formats the clock rounding up to whole seconds', () => {
    expect(formatClock(50 * MIN)).toBe('50:00');
    expect(formatClock(49 * MIN + 5000)).toBe('49:05');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(75 * MIN)).toBe('75:00');
  });

  it('maps rulesets to time-up families', () => {
    expect(familyOf('bandai')).toBe('bandai');
    expect(familyOf('fow')).toBe('fow');
    expect(familyOf('crossover')).toBe('crossover');
    expect(familyOf('bushiroad-en')).toBe('bushiroad');
    expect(familyOf('bushinavi')).toBe('bushiroad');
    expect(familyOf('dream-order')).toBe('bushiroad');
    expect(familyOf('moncolle-legacy')).toBe('bushiroad');
  });
});

describe('stored clock', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    };
  };

  it('round-trips through storage under one key', () => {
    const storage = memory();
    const clock = setTableExtension(start(newTimer(50, 'fow', 4), T0), 3, 2);
    saveTimer(storage, clock);
    expect([...storage.items.keys()]).toEqual([TIMER_KEY]);
    expect(loadTimer(storage)).toEqual(clock);
  });

  it('a second window reading the same JSON shows the same time', () => {
    const storage = memory();
    saveTimer(storage, pause(start(newTimer(50, 'bandai', 1), T0), T0 + 7 * MIN));
    const seen = loadTimer(storage);
    expect(seen && remaining(seen, T0 + 60 * MIN)).toBe(43 * MIN);
  });

  it('refuses missing, broken or foreign JSON', () => {
    expect(parseTimer(null)).toBeNull();
    expect(parseTimer('not json')).toBeNull();
    expect(parseTimer('42')).toBeNull();
    expect(parseTimer('null')).toBeNull();
    const good = newTimer(10, 'bushiroad', null);
    expect(parseTimer(JSON.stringify(good))).toEqual(good);
    expect(parseTimer(JSON.stringify({ ...good, family: 'konami' }))).toBeNull();
    expect(parseTimer(JSON.stringify({ ...good, durationMs: '600000' }))).toBeNull();
    expect(parseTimer(JSON.stringify({ ...good, runningSince: 'now' }))).toBeNull();
    expect(parseTimer(JSON.stringify({ ...good, tableExtensions: [{ table: 1 }] }))).toBeNull();
    expect(parseTimer(JSON.stringify({ ...good, tableExtensions: [null] }))).toBeNull();
  });

  it("shows the title's own time-up text, kept through storage and reset, else the family's", () => {
    const translate = (key: string) => `[${key}]`;
    const plain = newTimer(40, 'bandai', 2);
    expect(procedureText(plain, translate)).toBe('[timer.procedures.bandai]');
    const titled = { ...plain, procedure: 'Play three more turns. Extra turns after time: 3' };
    expect(procedureText(titled, translate)).toBe(titled.procedure);
    expect(parseTimer(JSON.stringify(titled))).toEqual(titled);
    expect(procedureText(reset(titled, 30), translate)).toBe(titled.procedure);
    expect(parseTimer(JSON.stringify({ ...titled, procedure: 7 }))).toEqual(plain);
  });
});
