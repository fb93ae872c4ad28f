// Pure helpers of the screens: names from a pasted list, the deck parts offered, the cut
// sizes offered, and the standings' own match-win column.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, ja } from '../i18n/catalogues';
import type { StandingsRowView, StandingsView } from '../types';
import { cutSizes } from './cut';
import { namesFromText, usedDeckParts } from './registration';
import { infractionText } from './results';
import { showMatchWinColumn } from './standings';

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

describe('showMatchWinColumn', () => {
  const value = (id: string) => ({ id, exact: '2/3', display: '0.6666' });
  const row = (matchWin: boolean): StandingsRowView => ({
    rank: 1,
    player: 1,
    name: 'Ann',
    points: '6',
    wins: 2,
    losses: 1,
    draws: 0,
    match_win: matchWin ? value('match-win') : null,
    tiebreakers: [],
    decided_by_random: false,
    dropped: false,
    disqualified: false,
    eliminated: false,
  });
  const view = (chain: string[], matchWin: boolean): StandingsView => ({ completed_rounds: 3, chain, random_seed: '1', rows: [row(matchWin)] });

  it('shows the rate when the ruleset reports it outside the chain', () => {
    expect(showMatchWinColumn(view(['opp-match-win', 'opp-opp-match-win'], true))).toBe(true);
  });

  it('does not show it twice when the chain already has match-win (Bandai)', () => {
    expect(showMatchWinColumn(view(['match-win', 'opp-match-win', 'head-to-head'], true))).toBe(false);
  });

  it('has no column without a rate', () => {
    expect(showMatchWinColumn(view(['opp-match-win'], false))).toBe(false);
  });
});

describe('infractionText', () => {
  it('keeps what the scorekeeper typed', () => {
    expect(infractionText({ infraction: '手札の公開' })).toBe('手札の公開');
  });

  it('words a late arrival by its minutes in the interface language', async () => {
    await i18next.init({ lng: 'ja', resources: { en: { translation: en }, ja: { translation: ja } } });
    expect(infractionText({ infraction: '', late_minutes: 12 })).toBe('遅刻（12分）');
    await i18next.changeLanguage('en');
    expect(infractionText({ infraction: '', late_minutes: 12 })).toBe('tardiness (12 min)');
  });
});

describe('usedDeckParts', () => {
  it('offers each registered deck part and name once, sorted, members included', () => {
    const base = { id: 1, name: 'A', reading: null, publisher_id: null, nickname: null, joined_round: 1, status: 'active' as const, dropped_after_round: null, fixed_table: null, disqualified: false, members: [] };
    const players = [
      { ...base, deck: { nation_clan: 'Stoicheia', ride_line: 'Sylvan', name: 'Green' } },
      { ...base, id: 2, deck: { nation_clan: ' Dragon Empire ', ride_line: '' } },
      { ...base, id: 3, deck: { nation_clan: 'Stoicheia' } },
      { ...base, id: 4, members: ['x', 'y'], member_decks: [{ oshi: 'Sora' }, null] },
    ];
    const used = usedDeckParts(players as never);
    expect(used.nation_clan).toEqual(['Dragon Empire', 'Stoicheia']);
    expect(used.ride_line).toEqual(['Sylvan']);
    expect(used.oshi).toEqual(['Sora']);
    expect(used.name).toEqual(['Green']);
    expect(used.title).toEqual([]);
  });

  it("adds the parts of the library's earlier events of the same game", () => {
    const earlier = { nation_clan: ['Keter Sanctuary'], ride_line: ['Bastion'], title: [], oshi: [], name: ['Blue Knights'] };
    const used = usedDeckParts([], earlier);
    expect(used.nation_clan).toEqual(['Keter Sanctuary']);
    expect(used.name).toEqual(['Blue Knights']);
  });
});
