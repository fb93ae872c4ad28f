// The pseudo-locale: marked, 40 % longer, breakable like a real language.
import { describe, expect, it } from 'vitest';
import { pseudo } from './pseudo';

describe('pseudo', () => {
  it('wraps the text in markers and lengthens it by 40 % in words of at most 12 letters', () => {
    const text = 'Pair the next round of the event now';
    const shown = pseudo(text);
    expect(shown.startsWith(`⟦${text} `)).toBe(true);
    expect(shown.endsWith('⟧')).toBe(true);
    const padding = shown.slice(text.length + 2, -1);
    expect(padding.replaceAll(' ', '').length).toBe(Math.ceil(text.length * 0.4));
    for (const word of padding.split(' ')) expect(word.length).toBeLessThanOrEqual(12);
  });

  it('leaves an empty text marked but not lengthened', () => {
    expect(pseudo('')).toBe('⟦⟧');
  });
});
