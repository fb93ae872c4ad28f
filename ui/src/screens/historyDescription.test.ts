// @vitest-environment happy-dom
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, ja } from '../i18n/catalogues';
import type { Message } from '../types';
import { HISTORY_LINES, historyDescription } from './historyDescription';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, ja: { translation: ja } } });
});

const line = (table: number): Message => ({ key: 'history.test-line', text: `table ${table}`, params: { table: String(table) } });
const text = (parts: (string | HTMLElement)[]) => parts.map((p) => (typeof p === 'string' ? p : p.textContent)).join(' ');

describe("a step of the history", () => {
  it('shows a short step whole', () => {
    const parts = historyDescription([line(1), line(2)]);
    expect(parts).toHaveLength(1);
    expect(text(parts)).toContain('table 1');
    expect(text(parts)).toContain('table 2');
  });

  it('shows a round entered at once as its first lines and how many more, the rest when opened', () => {
    const parts = historyDescription(Array.from({ length: 512 }, (_, i) => line(i + 1)));
    const shown = text(parts);
    expect(shown).toContain(`table ${HISTORY_LINES}`);
    expect(shown).not.toContain(`table ${HISTORY_LINES + 1}`);
    expect(shown).toContain(`… and ${512 - HISTORY_LINES} more`);
    const more = parts[1] as HTMLDetailsElement;
    more.open = true;
    more.dispatchEvent(new Event('toggle'));
    expect(more.textContent).toContain('table 512');
    expect(more.textContent).toContain(`table ${HISTORY_LINES + 1}`);
  });

  it('counts in the reader\'s language', async () => {
    await i18next.changeLanguage('ja');
    const parts = historyDescription(Array.from({ length: 10 }, (_, i) => line(i + 1)));
    expect(text(parts)).toContain('ほか7件');
    await i18next.changeLanguage('en');
  });
});
