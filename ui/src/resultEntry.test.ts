// The Results box only splits what was typed into the table number and the rest; the rest
// goes to the shell as it was typed (the one result grammar is result_input.rs).
import { describe, expect, it } from 'vitest';
import { splitEntry } from './resultEntry';

const ok = (table: number, result: string) => ({ ok: true, table, result });

describe('splitEntry', () => {
  it.each([
    ['12 1', 12, '1'],
    ['12a', 12, 'a'],
    ['12 A', 12, 'A'],
    ['3 ns2', 3, 'ns2'],
    ['7 2-1', 7, '2-1'],
    ['7 2 - 1', 7, '2 - 1'],
    ['4 1,2,1', 4, '1,2,1'],
    ['4 team:a,b,a', 4, 'team:a,b,a'],
    ['5 dq-b', 5, 'dq-b'],
    ['12 banana', 12, 'banana'],
  ])('splits %j into table %i and %j', (text, table, result) => {
    expect(splitEntry(text)).toEqual(ok(table, result));
  });

  it('trims spaces around the table and the result', () => {
    expect(splitEntry('  9   2-1  ')).toEqual(ok(9, '2-1'));
    expect(splitEntry('\t9\tb\n')).toEqual(ok(9, 'b'));
  });

  it('reads full-width digits and spaces typed with a Japanese input method', () => {
    expect(splitEntry('１２　１')).toEqual(ok(12, '１'));
    expect(splitEntry('３Ｂ')).toEqual(ok(3, 'Ｂ'));
    expect(splitEntry('７　２ー１')).toEqual(ok(7, '２ー１'));
  });

  it('keeps the result as typed, for the shell to read', () => {
    expect(splitEntry('7 ２－０')).toEqual(ok(7, '２－０'));
    expect(splitEntry('8 NoShow-A')).toEqual(ok(8, 'NoShow-A'));
  });

  it('reads leading zeros in the table number', () => {
    expect(splitEntry('007 a')).toEqual(ok(7, 'a'));
  });

  it('refuses empty input', () => {
    expect(splitEntry('')).toEqual({ ok: false, error: 'empty' });
    expect(splitEntry(' 　 ')).toEqual({ ok: false, error: 'empty' });
  });

  it('needs the table number first', () => {
    for (const text of ['a', 'a 12', '-3 a', 'table 3 a']) expect(splitEntry(text)).toEqual({ ok: false, error: 'missing-table' });
  });

  it('refuses table 0 and implausibly large tables', () => {
    expect(splitEntry('0 a')).toEqual({ ok: false, error: 'table-zero' });
    expect(splitEntry('00a')).toEqual({ ok: false, error: 'table-zero' });
    expect(splitEntry('10000 a')).toEqual({ ok: false, error: 'table-too-large' });
    expect(splitEntry('9999 a')).toEqual(ok(9999, 'a'));
  });

  it('names the table while the result is still missing', () => {
    expect(splitEntry('12')).toEqual({ ok: false, error: 'missing-result', table: 12 });
    expect(splitEntry('12   ')).toEqual({ ok: false, error: 'missing-result', table: 12 });
    // Without a space the digits are all one table number.
    expect(splitEntry('121')).toEqual({ ok: false, error: 'missing-result', table: 121 });
  });
});
