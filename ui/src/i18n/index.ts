// i18next set-up with the bundled strings of every language; every visible text goes
// through t(). Also picks the English or Japanese name of catalogue entries.
import i18next from 'i18next';
import type { Language } from '../bindings/Language';
import { LANGUAGE_IDS, uiStrings } from './catalogues';
import { PSEUDO, pseudo } from './pseudo';

export async function initI18n(lng: Language): Promise<void> {
  await i18next.init({
    lng,
    fallbackLng: 'en',
    resources: Object.fromEntries(LANGUAGE_IDS.map((id) => [id, { translation: uiStrings[id] }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export function t(key: string, options?: Record<string, unknown>): string {
  const text = i18next.t(key, options ?? {});
  return PSEUDO ? pseudo(text) : text;
}

/** True when `key` has a string in the current language (or the English fallback). */
export function has(key: string): boolean {
  return i18next.exists(key);
}

/** The name of a ruleset, title or similar in the interface language (the rulesets carry
 * their English and Japanese names; every other language shows the English one, as the
 * publishers' own documents in that region do). */
export function localName(entry: { name_en: string; name_ja: string }): string {
  return i18next.language === 'ja' ? entry.name_ja : entry.name_en;
}

/** Languages that write a decimal comma (`Language::decimal_separator`). */
const DECIMAL_COMMA: readonly string[] = ['fr', 'de', 'es', 'it'];

/** A decimal the backend displays (`0.6667`) with the language's separator (`0,6667` in
 * French, German, Spanish and Italian), as `Language::decimal` prints it. */
export function decimal(shown: string, language: string = i18next.language): string {
  return DECIMAL_COMMA.includes(language) ? shown.replace('.', ',') : shown;
}

/** Tenths of a percent (`667`) as the language writes them ("66.7%", "66,7 %"), as
 * `Language::percent` prints them. */
export function percent(perMille: number, language: string = i18next.language): string {
  const shown = decimal(`${Math.floor(perMille / 10)}.${perMille % 10}`, language);
  return ['fr', 'de', 'es'].includes(language) ? `${shown}\u00a0%` : `${shown}%`;
}
