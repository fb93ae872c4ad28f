import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PayoutLineView } from '../bindings/PayoutLineView';
import type { PayoutView } from '../bindings/PayoutView';
import { en, ja } from '../i18n/catalogues';
import { prizeText, totalsText } from './prizes';
import { eventCell, filesOf, loadSeason, SEASON_KEY } from './season';

const first: PayoutLineView = { place: 1, tied: false, player: 4, name: 'Ann', credit: 3000, items: [{ name: 'Booster', count: 2 }], raffle: ['Playmat'] };
const second: PayoutLineView = { place: 2, tied: true, player: 2, name: 'Bo', credit: 0, items: [], raffle: [] };
const view: PayoutView = {
  event: 'Friday',
  currency: 'JPY',
  lines: [first, second],
  credit_paid: 3000,
  credit_pool: 5000,
  credit_left: 2000,
  items: [{ name: 'Booster', pool: 10, given: 2, left: 8, short: 0 }],
  raffle_seed: '11',
  raffle_pending: false,
  raffle_undrawn: [],
  raffle_entrants: 2,
  rules: '',
  recorded: true,
};

describe('the payout in words', () => {
  it('names credit, items and raffle prizes, and the totals against the pool', async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } } });
    expect(prizeText(first, view.currency)).toBe('3000 JPY, 2 × Booster, Playmat (raffle)');
    expect(prizeText(second, view.currency)).toBe('');
    expect(totalsText(view)).toEqual([
      'Credit paid: 3000 JPY',
      'Pool: 5000 JPY, left: 2000',
      'Booster: 2 of 10 given, 8 left',
      'Raffle seed 11: the same seed draws the same winners.',
    ]);
    expect(totalsText({ ...view, raffle_seed: null, raffle_pending: true }).at(-1)).toBe('The raffle is not drawn yet.');
    // Rules whose raffle nobody can take part in are warned of before the draw.
    const nobody = totalsText({ ...view, raffle_seed: null, raffle_pending: true, raffle_entrants: 0 });
    expect(nobody.at(-2)).toMatch(/^Nobody can take part in the raffle/);
    expect(totalsText({ ...view, raffle_seed: null, raffle_pending: true }).some((line) => line.startsWith('Nobody'))).toBe(false);
    expect(totalsText({ ...view, raffle_undrawn: ['Sleeves', 'Binder'], raffle_entrants: 0 }).at(-2)).toBe(
      'Not drawn: Sleeves, Binder — only 0 players could take part in the raffle.',
    );
    await i18next.changeLanguage('ja');
    expect(prizeText(first, view.currency)).toBe('3000 JPY, Booster × 2, Playmat（抽選）');
  });
});

describe('the season as typed and remembered', () => {
  it('reads one file per line and marks counted results', () => {
    expect(filesOf(' a.tkevent \r\n\n b.tkevent\n')).toEqual(['a.tkevent', 'b.tkevent']);
    expect(eventCell(null, false)).toBe('—');
    expect(eventCell(7, true)).toBe('7*');
    expect(eventCell(0, false)).toBe('0');
  });

  it('ignores a remembered season that is not one', () => {
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === SEASON_KEY ? value : null) });
    expect(loadSeason(storage(null))).toBeNull();
    expect(loadSeason(storage('{not json'))).toBeNull();
    expect(loadSeason(storage('{"rules": 3, "files": []}'))).toBeNull();
    expect(loadSeason(storage('{"rules": "x", "files": ["a", 4]}'))).toEqual({ rules: 'x', files: ['a'] });
  });
});
