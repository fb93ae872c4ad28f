import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, ja } from '../i18n/catalogues';
import { toolNumbers, toolPlayerLine } from './toolPlayers';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } } });
});

const waiting = {
  tool: 'pokemon' as const,
  id: '1000005',
  name: 'Dawn Berlitz',
  event_name: 'League Challenge',
  date: '2026-11-29',
  suggestions: [],
};

describe('TCG+ and TOM players in the library', () => {
  it('names the tool, the number, the player and their event', () => {
    const line = toolPlayerLine(waiting);
    for (const part of ['Dawn Berlitz', '1000005', 'Play! Pokémon', 'League Challenge', '2026-11-29']) expect(line).toContain(part);
    const tcgplus = toolPlayerLine({ ...waiting, tool: 'tcgplus', id: '0000100003', name: '李小龍' });
    expect(tcgplus).toContain('TCG+ 0000100003');
    expect(tcgplus).toContain('李小龍');
  });

  it('shows the numbers a card carries, and none it does not', () => {
    expect(toolNumbers({ tcgplus_id: '0000100005', pokemon_id: '1000001' })).toEqual(['TCG+ 0000100005', 'Play! Pokémon ID 1000001']);
    expect(toolNumbers({})).toEqual([]);
  });

  it('says it in Japanese too', async () => {
    await i18next.changeLanguage('ja');
    const line = toolPlayerLine(waiting);
    expect(line).toContain('Dawn Berlitz');
    expect(line).not.toMatch(/library\.tools/);
    await i18next.changeLanguage('en');
  });
});
