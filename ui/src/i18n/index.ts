// i18next set-up with the bundled English and Japanese strings; every visible text goes
// through t(). Also picks the English or Japanese name of catalogue entries.
import i18next from 'i18next';
import type { Language } from '../bindings/Language';
import { en, ja } from './catalogues';

export async function initI18n(lng: Language): Promise<void> {
  await i18next.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ja: { translation: ja } },
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
  return i18next.t(key, options ?? {});
}

/** True when `key` has a string in the current language (or the English fallback). */
export function has(key: string): boolean {
  return i18next.exists(key);
}

/** The name of a ruleset, title or similar in the interface language. */
export function localName(entry: { name_en: string; name_ja: string }): string {
  return i18next.language === 'ja' ? entry.name_ja : entry.name_en;
}
