// Every word of the typed vocabulary has a label in English and Japanese. The tables are
// Record<Union, key>, so a word added on the Rust side fails `tsc` until it is in its table;
// this test then fails until both languages have the label.
import { describe, expect, it } from 'vitest';
import { en, ja } from './i18n/catalogues';
import type { Catalogue } from './types';
import { LABEL_TABLES, PENALTIES, options, STRUCTURES, words } from './vocabulary';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

describe('vocabulary labels', () => {
  for (const [name, table] of Object.entries(LABEL_TABLES)) {
    it(`${name}: every word has an English and a Japanese label`, () => {
      expect(Object.keys(table).length).toBeGreaterThan(0);
      for (const [word, key] of Object.entries(table)) {
        expect(lookup(en as Tree, key), `${name}.${word} → ${key} (en)`).toBeTruthy();
        expect(lookup(ja as Tree, key), `${name}.${word} → ${key} (ja)`).toBeTruthy();
      }
    });
  }

  it('labels differ between the languages where the word is not a name', () => {
    expect(lookup(ja as Tree, PENALTIES.warning)).not.toBe(lookup(en as Tree, PENALTIES.warning));
  });

  it('offers the catalogue’s words in its order and leaves out words it does not know', () => {
    const structures = ['round-robin', 'swiss', 'future-structure'] as unknown as Catalogue['structures'];
    expect(options(STRUCTURES, structures).map(([value]) => value)).toEqual(['round-robin', 'swiss']);
    expect(words(STRUCTURES)).toContain('single-elimination');
  });
});
