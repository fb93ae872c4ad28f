// Finding a player by a fragment of their name, in any script.
import { describe, expect, it } from 'vitest';

import vectors from '../../crates/words/locales/render-vectors.json';
import type { Language } from './bindings/Language';
import { dateTime, foldName } from './format';

describe('foldName', () => {
  it('ignores width, case, spaces and katakana against hiragana', () => {
    expect(foldName('ＹＡＭＡＤＡ　太郎')).toBe('yamada太郎');
    expect(foldName('ヤマダ タロウ')).toBe(foldName('やまだたろう'));
    expect(foldName('Борис Петров')).toContain('борис');
    expect(foldName('김민준')).toBe('김민준');
  });

  it('finds a fragment the way the pairings filter does', () => {
    const key = foldName('山田 太郎');
    expect(key.includes(foldName('太郎'))).toBe(true);
    expect(key.includes(foldName('花子'))).toBe(false);
  });
});

describe('dateTime', () => {
  it('writes a date and time as each language does, as the printouts\' footers do', () => {
    expect(vectors.dates.length).toBeGreaterThanOrEqual(8);
    for (const { at, language, expected } of vectors.dates) expect(dateTime(at, language as Language), language).toBe(expected);
  });
});
