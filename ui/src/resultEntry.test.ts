// Every form the Results screen accepts, and the errors for what it does not.
import { describe, expect, it } from 'vitest';
import { parseResultEntry } from './resultEntry';

const ok = (table: number, result: string) => ({ ok: true, table, result });
const bad = (error: string) => ({ ok: false, error });

describe('parseResultEntry', () => {
  it.each([
    ['12 1', 12, 'a'],
    ['12a', 12, 'a'],
    ['12 a', 12, 'a'],
    ['12A', 12, 'a'],
    ['3 2', 3, 'b'],
    ['3b', 3, 'b'],
    ['3 B', 3, 'b'],
    ['4d', 4, 'draw'],
    ['4 D', 4, 'draw'],
    ['4 draw', 4, 'draw'],
    ['5x', 5, 'dl'],
    ['5 X', 5, 'dl'],
    ['5 dl', 5, 'dl'],
    ['12 ns1', 12, 'noshow-a'],
    ['12ns1', 12, 'noshow-a'],
    ['12 nsa', 12, 'noshow-a'],
    ['12 noshow-a', 12, 'noshow-a'],
    ['12 ns2', 12, 'noshow-b'],
    ['12 NS2', 12, 'noshow-b'],
    ['12 nsb', 12, 'noshow-b'],
    ['12 noshow-b', 12, 'noshow-b'],
  ])('reads %j as table %i, result %s', (text, table, result) => {
    expect(parseResultEntry(text)).toEqual(ok(table, result));
  });

  it.each(['2-1', '1-2', '2-0', '0-2', '1-1', '1-0', '1-1-1'])('passes the game score %s through', (score) => {
    expect(parseResultEntry(`7 ${score}`)).toEqual(ok(7, score));
  });

  it('ignores surrounding and inner spaces', () => {
    expect(parseResultEntry('  9   2 - 1  ')).toEqual(ok(9, '2-1'));
    expect(parseResultEntry('\t9\tb\n')).toEqual(ok(9, 'b'));
  });

  it('accepts full-width characters typed with a Japanese input method', () => {
    expect(parseResultEntry('１２　１')).toEqual(ok(12, 'a'));
    expect(parseResultEntry('３Ｂ')).toEqual(ok(3, 'b'));
    expect(parseResultEntry('７　２ー１')).toEqual(ok(7, '2-1'));
    expect(parseResultEntry('７ ２－０')).toEqual(ok(7, '2-0'));
  });

  it('reads leading zeros in the table number', () => {
    expect(parseResultEntry('007 a')).toEqual(ok(7, 'a'));
  });

  it('refuses empty input', () => {
    expect(parseResultEntry('')).toEqual(bad('empty'));
    expect(parseResultEntry('   ')).toEqual(bad('empty'));
  });

  it('needs the table number first', () => {
    expect(parseResultEntry('a')).toEqual(bad('missing-table'));
    expect(parseResultEntry('a 12')).toEqual(bad('missing-table'));
    expect(parseResultEntry('-3 a')).toEqual(bad('missing-table'));
    expect(parseResultEntry('table 3 a')).toEqual(bad('missing-table'));
  });

  it('refuses table 0 and implausibly large tables', () => {
    expect(parseResultEntry('0 a')).toEqual(bad('table-zero'));
    expect(parseResultEntry('00a')).toEqual(bad('table-zero'));
    expect(parseResultEntry('10000 a')).toEqual(bad('table-too-large'));
    expect(parseResultEntry('9999 a')).toEqual(ok(9999, 'a'));
  });

  it('needs a result after the table', () => {
    expect(parseResultEntry('12')).toEqual(bad('missing-result'));
    expect(parseResultEntry('12   ')).toEqual(bad('missing-result'));
    // Without a space the digits are all one table number.
    expect(parseResultEntry('121')).toEqual(bad('missing-result'));
  });

  it.each(['12 3', '12 c', '12 banana', '12 2-', '12 -1', '12 2--1', '12 ns3', '12 1 2', '12 2-1-1-1', '12 100-0', '122-1', '12 a!'])(
    'refuses %j',
    (text) => {
      expect(parseResultEntry(text)).toEqual(bad('unknown-result'));
    },
  );

  it('refuses names inherited from Object', () => {
    expect(parseResultEntry('12 constructor')).toEqual(bad('unknown-result'));
    expect(parseResultEntry('12 __proto__')).toEqual(bad('unknown-result'));
  });

  it('reads a team match seat by seat, commas between seats', () => {
    expect(parseResultEntry('4 1,2,1')).toEqual({ ok: true, table: 4, result: 'team:a,b,a' });
    expect(parseResultEntry('4 a, b')).toEqual({ ok: true, table: 4, result: 'team:a,b' });
    expect(parseResultEntry('2 d,x,1')).toEqual({ ok: true, table: 2, result: 'team:draw,dl,a' });
    expect(parseResultEntry('２ １，２，１')).toEqual({ ok: true, table: 2, result: 'team:a,b,a' });
    expect(parseResultEntry('4 1,')).toEqual({ ok: false, error: 'unknown-result' });
  });
});
