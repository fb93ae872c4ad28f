import { describe, expect, it } from 'vitest';
import { revealAt, revealMode, timeToday } from './deckReveal';

const noon = new Date(2026, 10, 28, 12, 0, 0).getTime();

describe('the deck reveal', () => {
  it('reads a time of day on the same day', () => {
    expect(timeToday('18:30', noon)).toBe(new Date(2026, 10, 28, 18, 30, 0).getTime());
    expect(timeToday('7:05', noon)).toBe(new Date(2026, 10, 28, 7, 5, 0).getTime());
    expect(timeToday('24:00', noon)).toBeNull();
    expect(timeToday('soon', noon)).toBeNull();
  });

  it('turns the choice into a reveal time and keeps one already past', () => {
    expect(revealAt('hidden', '', noon, noon - 5000)).toBeNull();
    expect(revealAt('now', '', noon, null)).toBe(noon);
    expect(revealAt('now', '', noon, noon - 5000)).toBe(noon - 5000);
    expect(revealAt('now', '', noon, noon + 5000)).toBe(noon);
    expect(revealAt('at', '18:00', noon, null)).toBe(new Date(2026, 10, 28, 18, 0, 0).getTime());
    expect(revealAt('at', 'later', noon, null)).toBeUndefined();
  });

  it('shows a recorded reveal as the controls had it', () => {
    expect(revealMode(null, noon)).toEqual({ mode: 'hidden', time: '' });
    expect(revealMode(new Date(2026, 10, 28, 18, 0).getTime(), noon)).toEqual({ mode: 'at', time: '18:00' });
    expect(revealMode(noon - 60_000, noon).mode).toBe('now');
  });
});
