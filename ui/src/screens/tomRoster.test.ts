import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, ja } from '../i18n/catalogues';
import { rosterLines } from './tomRoster';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } } });
});

describe('the roster into TOM', () => {
  it('says who went in, who was there, and why someone could not go in', () => {
    const lines = rosterLines({
      written: '/shop/Winter League Cup.tdf',
      changed: true,
      added: [{ name: 'Ash Ketchum', id: '1000001' }],
      already: [{ name: 'Misty', id: '1000002' }],
      skipped: [
        { player: { name: 'Pikachu', id: '' }, reason: 'no-id' },
        { player: { name: 'Bad Id', id: 'P-12' }, reason: 'not-digits' },
        { player: { name: 'Ash Again', id: '1000001' }, reason: 'id-twice' },
      ],
    });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('1');
    expect(lines[0]).toContain('Winter League Cup.tdf');
    expect(lines[2]).toContain('Pikachu');
    expect(lines[3]).toContain('P-12');
    expect(lines[4]).toContain('Ash Again');
    for (const line of lines) expect(line).not.toMatch(/registration\.tomRoster/);
  });

  it('says it in Japanese too', async () => {
    await i18next.changeLanguage('ja');
    const [line] = rosterLines({ written: 'cup.tdf', changed: false, added: [], already: [], skipped: [] });
    expect(line).toContain('変更していません');
    await i18next.changeLanguage('en');
  });

  it('says a file nobody was added to is unchanged', () => {
    const lines = rosterLines({ written: 'cup.tdf', changed: false, added: [], already: [], skipped: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cup.tdf');
  });
});
