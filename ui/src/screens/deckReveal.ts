// When the players' decks show on the phones and the projector: hidden until the organizer
// reveals them, at once or at a time set beforehand (as Bushi Navi reveals deck lists).
// Pure: the Share screen turns its controls into `decks_revealed_at` and back with these.

/** The organizer's choice: hidden, revealed now, or revealed at a time of day. */
export type RevealMode = 'hidden' | 'now' | 'at';

/** Milliseconds since 1970 of `time` ("HH:MM") on the day of `now` (local time). */
export function timeToday(time: string, now: number): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  const day = new Date(now);
  day.setHours(hours, minutes, 0, 0);
  return day.getTime();
}

/** `decks_revealed_at` for the choice made: `previous` is kept when the decks are
 * already revealed and stay so (the reveal time is not moved by a save of another setting).
 * `undefined`: the time typed is not a time. */
export function revealAt(mode: RevealMode, time: string, now: number, previous: number | null): number | null | undefined {
  if (mode === 'hidden') return null;
  if (mode === 'now') return previous !== null && previous <= now ? previous : now;
  return timeToday(time, now) ?? undefined;
}

/** The controls' state for a recorded `decks_revealed_at`. */
export function revealMode(at: number | null, now: number): { mode: RevealMode; time: string } {
  if (at === null) return { mode: 'hidden', time: '' };
  const when = new Date(at);
  const time = `${String(when.getHours()).padStart(2, '0')}:${String(when.getMinutes()).padStart(2, '0')}`;
  return { mode: at <= now ? 'now' : 'at', time };
}
