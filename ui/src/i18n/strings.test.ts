// The English and Japanese strings have the same keys and placeholders, and every literal
// key the code passes to t() exists.
import { describe, expect, it } from 'vitest';
import { en, ja } from './catalogues';

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
const japanese = flatten(ja);
const sources = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], { query: '?raw', import: 'default', eager: true });

describe('strings', () => {
  it('English and Japanese have the same keys', () => {
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('no string is empty', () => {
    for (const [key, text] of [...english, ...japanese]) expect(text.trim(), key).not.toBe('');
  });

  it('translations use the same placeholders', () => {
    for (const [key, text] of english) expect(placeholders(japanese.get(key) ?? ''), key).toEqual(placeholders(text));
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
