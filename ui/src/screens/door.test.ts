import { describe, expect, it } from 'vitest';
import { countOf, localInputValue, secondsOf } from './door';
import { waited } from './judgeCalls';

describe('the door panel reads what the organizer typed', () => {
  it('turns a deadline typed in local time into seconds and back', () => {
    const seconds = secondsOf('2026-12-05T13:30');
    expect(seconds).not.toBeNull();
    expect(localInputValue(seconds)).toBe('2026-12-05T13:30');
    expect(secondsOf('')).toBeNull();
    expect(secondsOf('not a time')).toBeNull();
    expect(localInputValue(null)).toBe('');
  });

  it('takes a cap as a whole number from 1, full-width digits too, or none', () => {
    expect(countOf('24')).toBe(24);
    expect(countOf('２４')).toBe(24);
    expect(countOf('  ')).toBeNull();
    expect(countOf('0')).toBe('invalid');
    expect(countOf('2.5')).toBe('invalid');
    expect(countOf('many')).toBe('invalid');
  });
});

describe('judge calls', () => {
  it('show how long a call has waited as m:ss', () => {
    expect(waited(100, 100)).toBe('0:00');
    expect(waited(100, 165)).toBe('1:05');
    expect(waited(200, 100)).toBe('0:00');
  });
});
