// Every language's strings have English's keys and placeholders, each plural string in
// exactly its language's CLDR plural forms, and every literal key the code passes to t()
// exists.
import { describe, expect, it } from 'vitest';
import type { Language } from '../bindings/Language';
import { en, LANGUAGE_IDS, languageOfTag, uiStrings } from './catalogues';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = flatten(en);
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** CLDR 44 cardinal plural categories, as `Language::plural_categories` has them. */
const PLURAL_CATEGORIES: Record<Language, readonly string[]> = {
  en: ['one', 'other'],
  de: ['one', 'other'],
  ja: ['other'],
  ko: ['other'],
  'zh-Hant': ['other'],
  fr: ['one', 'many', 'other'],
  es: ['one', 'many', 'other'],
  it: ['one', 'many', 'other'],
};

/** The keys a language must have: English's, each plural base in the language's forms. */
function expectedKeys(language: Language): string[] {
  const plain = [...english.keys()].filter((key) => !PLURAL.test(key));
  const bases = new Set([...english.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  const plurals = [...bases].flatMap((base) => PLURAL_CATEGORIES[language].map((category) => `${base}_${category}`));
  return [...plain, ...plurals].sort();
}
const sources = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true });

describe('strings', () => {
  it('every language has English\'s keys, plurals in its own forms', () => {
    for (const language of LANGUAGE_IDS) {
      expect([...flatten(uiStrings[language] as Tree).keys()].sort(), language).toEqual(expectedKeys(language));
    }
  });

  it('no string is empty', () => {
    for (const language of LANGUAGE_IDS) {
      for (const [key, text] of flatten(uiStrings[language] as Tree)) expect(text.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it('translations use the same placeholders', () => {
    for (const language of LANGUAGE_IDS) {
      const theirs = flatten(uiStrings[language] as Tree);
      for (const [key, text] of english) {
        if (PLURAL.test(key)) continue;
        expect(placeholders(theirs.get(key) ?? ''), `${language} ${key}`).toEqual(placeholders(text));
      }
      for (const [key, text] of theirs) {
        if (!PLURAL.test(key)) continue;
        const base = key.replace(PLURAL, '');
        const allowed = new Set(['count', ...placeholders(english.get(`${base}_one`) ?? ''), ...placeholders(english.get(`${base}_other`) ?? '')]);
        for (const name of placeholders(text)) expect(allowed.has(name), `${language} ${key}: {{${name}}}`).toBe(true);
      }
    }
  });

  it('the plural table agrees with the runtime\'s CLDR where it knows the categories', () => {
    for (const language of LANGUAGE_IDS) {
      const rules = new Intl.PluralRules(language);
      for (const n of [0, 1, 2, 5, 21, 1_000_000]) {
        const category = rules.select(n);
        // An older ICU may lack French's newer "many"; never a category the table lacks.
        if (category !== 'many') expect(PLURAL_CATEGORIES[language], `${language} ${n}`).toContain(category);
      }
    }
  });

  it('a system language tag picks its catalogue', () => {
    expect(languageOfTag('fr-CA')).toBe('fr');
    expect(languageOfTag('zh-TW')).toBe('zh-Hant');
    expect(languageOfTag('ko_KR')).toBe('ko');
    expect(languageOfTag('pt-BR')).toBeNull();
  });

  it('every literal key used in the code exists', () => {
    const keys = Object.values(sources).flatMap((source) =>
      [...String(source).matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)].map((m) => m[1] ?? ''),
    );
    expect(keys.length).toBeGreaterThan(100);
    // A key with plural forms (`_one`, `_other`) is used by its base name.
    for (const key of keys) expect(english.has(key) || english.has(`${key}_other`), key).toBe(true);
  });

  it('every error kind of docs/cli-json.md has a headline', () => {
    const kinds = [...english.keys()].filter((key) => key.startsWith('errors.'));
    expect(kinds).toContain('errors.result-exists');
    expect(kinds).toContain('errors.rematch-unavoidable');
    expect(kinds.length).toBeGreaterThanOrEqual(49);
  });
});
