// @vitest-environment happy-dom
// Finding a player by a fragment of their name, in any script.
import { beforeAll, describe, expect, it } from 'vitest';

import vectors from '../../crates/words/locales/render-vectors.json';
import type { Language } from './bindings/Language';
import type { EventView } from './bindings/EventView';
import { dateTime, eventLine, foldName } from './format';
import { initI18n } from './i18n';

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

describe('eventLine', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  const event: EventView = {
    file: '/events/friday.tkevent',
    slip_code: '00002A',
    name: 'Friday',
    title: null,
    ruleset: { id: 'bandai', name_en: 'Bandai', name_ja: 'バンダイ' },
    planned_rounds: 3,
    rounds_paired: 3,
    current_round_complete: false,
    players_registered: 24,
    players_active: 24,
    recommended_rounds: 3,
    recommended_cut: 8,
    stage: 'swiss',
    structure: 'swiss',
    team_size: 0,
    structure_finished: null,
    read_only: null,
  };

  it('names the Swiss round of the plan, and in the top cut the bracket round played', () => {
    expect(eventLine(event, 'Bandai')).toBe('Friday · Bandai · Round 3 of 3 · Swiss rounds');
    const semifinals = { ...event, rounds_paired: 5, stage: 'cut' as const, cut_size: 8, bracket_round: 'semifinal' };
    expect(eventLine(semifinals, 'Bandai')).toBe('Friday · Bandai · Top 8 · Semifinals');
  });
});
