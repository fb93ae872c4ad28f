import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CutLineRow } from '../bindings/CutLineRow';
import { en, ja } from '../i18n/catalogues';
import { chanceText } from './cutLine';

const row = (chance: CutLineRow['chance'], tables: number[] = [], tiebreakers = false): CutLineRow => ({
  rank: 1, player: 1, name: 'Ann', points: '9', chance, tables, tiebreakers,
});

describe('the cut line in words', () => {
  it('says what each player needs, naming the tables that decide', async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } } });
    expect(chanceText(row('locked'))).toBe('Locked in');
    expect(chanceText(row('in-with-win'))).toBe('In with a win');
    expect(chanceText(row('depends', [3, 7]))).toBe('Depends on tables 3, 7');
    expect(chanceText(row('depends', [], true))).toBe('Depends on the tiebreakers');
    expect(chanceText(row('depends', [2], true))).toBe('Depends on tables 2 and the tiebreakers');
    await i18next.changeLanguage('ja');
    expect(chanceText(row('out'))).toBe('圏外');
    expect(chanceText(row('depends', [5]))).toBe('5番卓の結果次第');
  });
});
