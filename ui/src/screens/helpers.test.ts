// Pure helpers of the screens: names from a pasted list, and the cut sizes offered.
import { describe, expect, it } from 'vitest';
import { cutSizes } from './cut';
import { namesFromText } from './registration';

describe('namesFromText', () => {
  it('takes one name per line, trimmed, skipping blank lines', () => {
    expect(namesFromText('Ann\r\n  Bob \n\n佐藤 花子\n')).toEqual(['Ann', 'Bob', '佐藤 花子']);
  });

  it('takes the first cell of rows pasted from a spreadsheet', () => {
    expect(namesFromText('Ann\tあん\t0001\nBob\t\t0002')).toEqual(['Ann', 'Bob']);
  });

  it('gives nothing for blank text', () => {
    expect(namesFromText(' \n\t\n')).toEqual([]);
  });
});

describe('cutSizes', () => {
  it('offers powers of two that fit the field', () => {
    expect(cutSizes(20, 8)).toEqual([2, 4, 8, 16]);
  });

  it('adds a recommended size that is not a power of two', () => {
    expect(cutSizes(20, 6)).toEqual([2, 4, 6, 8, 16]);
  });

  it('ignores a recommendation of 0 or one larger than the field', () => {
    expect(cutSizes(5, 0)).toEqual([2, 4]);
    expect(cutSizes(5, 8)).toEqual([2, 4]);
  });

  it('offers nothing with fewer than two players', () => {
    expect(cutSizes(1, 0)).toEqual([]);
  });
});
