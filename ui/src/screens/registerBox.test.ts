import { describe, expect, it } from 'vitest';

import { defaultOption, sameName } from './registerBox';

const found = [
  { name: 'Aiko Tanaka', reading: 'あいこ たなか' },
  { name: '佐藤 花子', reading: 'さとう はなこ' },
  { name: 'Иван Петров', reading: null },
];

describe('the register box', () => {
  it('takes a regular by itself only for their exact name or reading', () => {
    expect(defaultOption('aiko tanaka', found)).toBe(0);
    expect(defaultOption('佐藤花子', found)).toBe(1);
    expect(defaultOption('さとう　はなこ', found)).toBe(1);
    expect(defaultOption('иван петров', found)).toBe(2);
  });

  it('keeps a name that only begins like a regular’s as a new player', () => {
    expect(defaultOption('Aiko', found)).toBe(found.length);
    expect(defaultOption('Aiko Tanaka Jr.', found)).toBe(found.length);
    expect(defaultOption('', found)).toBe(found.length);
    expect(defaultOption('Ben', [])).toBe(0);
  });

  it('compares names with case, width and spaces set aside', () => {
    expect(sameName('ＡＩＫＯ  Tanaka', 'aiko tanaka')).toBe(true);
    expect(sameName(' ', ' ')).toBe(false);
    expect(sameName('Ann', 'Anna')).toBe(false);
  });
});
