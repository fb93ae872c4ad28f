import { afterEach, describe, expect, it, vi } from 'vitest';

// The shell's `desk-changed`, as api.ts hands it on.
const told = new Set<() => void>();
vi.mock('./api', () => ({
  onDeskChanged: (listener: () => void) => {
    told.add(listener);
    return () => told.delete(listener);
  },
}));

const { CHANGE_DELAY_MS, SAFETY_LOOK_MS, followChanges } = await import('./changes');

const change = () => {
  for (const listener of [...told]) listener();
};

describe('following the desk’s changes', () => {
  afterEach(() => {
    vi.useRealTimers();
    told.clear();
  });

  it('reads once for a burst of changes, a moment after the first', () => {
    vi.useFakeTimers();
    let reads = 0;
    const stop = followChanges(() => (reads += 1));
    change();
    change();
    change();
    expect(reads).toBe(0);
    vi.advanceTimersByTime(CHANGE_DELAY_MS);
    expect(reads).toBe(1);
    change();
    vi.advanceTimersByTime(CHANGE_DELAY_MS);
    expect(reads).toBe(2);
    stop();
  });

  it('looks now and then with nothing told, and nothing after it stops', () => {
    vi.useFakeTimers();
    let reads = 0;
    const stop = followChanges(() => (reads += 1));
    vi.advanceTimersByTime(SAFETY_LOOK_MS - 1);
    expect(reads).toBe(0);
    vi.advanceTimersByTime(1);
    expect(reads).toBe(1);
    change();
    stop();
    expect(told.size).toBe(0);
    vi.advanceTimersByTime(SAFETY_LOOK_MS * 3);
    expect(reads).toBe(1);
  });
});
