// The one catalogue per language every host shares (crates/words/locales/<language>.json):
// the app takes its own strings from the `ui` section and renders backend messages from the
// `messages` section; the CLI, the printouts and the players' page read the same files.
import type { Language } from '../bindings/Language';
import deLocale from '../../../crates/words/locales/de.json';
import enLocale from '../../../crates/words/locales/en.json';
import esLocale from '../../../crates/words/locales/es.json';
import frLocale from '../../../crates/words/locales/fr.json';
import itLocale from '../../../crates/words/locales/it.json';
import jaLocale from '../../../crates/words/locales/ja.json';
import koLocale from '../../../crates/words/locales/ko.json';
import zhHantLocale from '../../../crates/words/locales/zh-Hant.json';

/** A catalogue's `ui` section: nested keys → strings (i18next resources). */
export type UiStrings = { readonly [key: string]: string | UiStrings };

const LOCALES = {
  en: enLocale,
  ja: jaLocale,
  fr: frLocale,
  de: deLocale,
  es: esLocale,
  it: itLocale,
  ko: koLocale,
  'zh-Hant': zhHantLocale,
} as const;

/** Every language a catalogue holds, in the order the chooser lists them. */
export const LANGUAGE_IDS = Object.keys(LOCALES) as Language[];

/** The English and Japanese strings, which tests read by name. */
export const en = enLocale.ui;
export const ja = jaLocale.ui;

/** The Japanese `messages` section. */
export const japaneseMessages: Readonly<Record<string, string>> = jaLocale.messages;

/** The app's strings by language. */
export const uiStrings: Readonly<Record<Language, UiStrings>> = Object.fromEntries(
  LANGUAGE_IDS.map((id) => [id, LOCALES[id].ui as UiStrings]),
) as Record<Language, UiStrings>;

/** Each language's `messages` section: message key → template with `{{name}}` places
 * (empty for English, whose words travel in every message). */
export const messageCatalogues: Readonly<Record<Language, Readonly<Record<string, string>>>> = Object.fromEntries(
  LANGUAGE_IDS.map((id) => [id, LOCALES[id].messages as Record<string, string>]),
) as Record<Language, Record<string, string>>;

/** The language a tag asks for: the one whose id has the tag's primary subtag (`fr-CA` →
 * fr, `zh-TW` → zh-Hant), the rule of `Language::from_tag` in crates/words/src/language.rs;
 * null if no catalogue holds it. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_.@;]/)[0] ?? '';
  return LANGUAGE_IDS.find((id) => primary !== '' && id.toLowerCase().split('-')[0] === primary) ?? null;
}
