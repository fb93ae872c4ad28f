// say(): English shows a message's text; Japanese renders its key from the catalogue the CLI
// and the printouts share (words as `@key`, nested messages as `@@key` with their params under
// `name.param`), and falls back to the English text for a key the catalogue lacks.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import vectors from '../../../crates/words/locales/render-vectors.json';
import { japaneseMessages as japanese, LANGUAGE_IDS, messageCatalogues } from './catalogues';
import { render, renderKey, say, sayAll, word } from './messages';
import { decimal, percent } from './index';

const catalogue = {
  'test.penalty': '{{name}}に{{penalty}}（第{{round}}回戦）',
  'penalty.match-loss': 'マッチの敗北',
  'test.outer': '外側: {{inner}}',
  'test.inner': '内側 {{n}}',
  'test.deep': '深い: {{outer}}',
  'test.broken': '閉じない {{name',
};

describe('renderKey (the algorithm of crates/words/src/render.rs)', () => {
  it('renders the vectors the Rust renderer runs exactly as written', () => {
    expect(vectors.cases.length).toBeGreaterThanOrEqual(10);
    for (const { key, params, expected } of vectors.cases) {
      const shown: Record<string, string> = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      expect(renderKey(key, shown, '', vectors.catalogue), key).toBe(expected);
    }
  });

  it('renders the same messages from every language\'s own catalogue as the Rust renderer', () => {
    for (const language of LANGUAGE_IDS.filter((id) => id !== 'en')) {
      const cases = vectors.languages.filter((c) => c.language === language);
      expect(cases.length, language).toBeGreaterThanOrEqual(2);
      for (const { key, params, expected } of cases) {
        expect(renderKey(key, params, '', messageCatalogues[language]), `${language} ${key}`).toBe(expected);
      }
    }
  });

  it('puts plain parameters in place', () => {
    expect(renderKey('test.inner', { n: '3' }, '', catalogue)).toBe('内側 3');
  });

  it('translates a word parameter from the catalogue', () => {
    expect(renderKey('test.penalty', { name: '佐藤', penalty: '@penalty.match-loss', round: '2' }, '', catalogue)).toBe('佐藤にマッチの敗北（第2回戦）');
  });

  it('shows a word the catalogue lacks by its key', () => {
    expect(renderKey('test.penalty', { name: 'Ann', penalty: '@penalty.unknown', round: '1' }, '', catalogue)).toBe('Annにpenalty.unknown（第1回戦）');
  });

  it('renders nested messages with their own parameters, at any depth', () => {
    expect(renderKey('test.outer', { inner: '@@test.inner', 'inner.n': '3' }, '', catalogue)).toBe('外側: 内側 3');
    expect(renderKey('test.deep', { outer: '@@test.outer', 'outer.inner': '@@test.inner', 'outer.inner.n': '7' }, '', catalogue)).toBe('深い: 外側: 内側 7');
  });

  it('gives null for a missing key, a missing nested key or a template cut short', () => {
    expect(renderKey('test.not-there', {}, '', catalogue)).toBeNull();
    expect(renderKey('test.outer', { inner: '@@test.not-there' }, '', catalogue)).toBeNull();
    expect(renderKey('test.broken', { name: 'x' }, '', catalogue)).toBeNull();
  });

  it('leaves a missing parameter empty and ignores names inherited from Object', () => {
    expect(renderKey('test.inner', {}, '', catalogue)).toBe('内側 ');
    expect(renderKey('constructor', {}, '', catalogue)).toBeNull();
  });
});

describe('render', () => {
  const message = { key: 'test.outer', params: { inner: '@@test.inner', 'inner.n': '3' }, text: 'outer: inner 3' };

  it('shows the English text in English', () => {
    expect(render(message, 'en', catalogue)).toBe('outer: inner 3');
  });

  it('renders the key in Japanese', () => {
    expect(render(message, 'ja', catalogue)).toBe('外側: 内側 3');
  });

  it('falls back to the English text when the catalogue lacks the key', () => {
    expect(render({ key: 'test.not-there', params: {}, text: 'plain English' }, 'ja', catalogue)).toBe('plain English');
  });

  it('uses the shipped Japanese catalogue by default', () => {
    expect(Object.keys(japanese).length).toBeGreaterThan(100);
    const rematch = { key: 'warning.pairing.rematch', params: { a: 'Ann', b: 'Bob' }, text: 'rematch: Ann and Bob have met before' };
    expect(render(rematch, 'ja')).toBe('再戦：AnnとBobはすでに対戦しています');
  });
});

describe('say', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: {} });
  });

  it('follows the interface language', async () => {
    const penalty = { key: 'history.penalty', params: { name: '佐藤', penalty: '@penalty.warning', round: '2', infraction: '遅刻' }, text: 'warning for 佐藤 in round 2: 遅刻' };
    await i18next.changeLanguage('en');
    expect(say(penalty)).toBe('warning for 佐藤 in round 2: 遅刻');
    expect(word('penalty.warning', 'warning')).toBe('warning');
    await i18next.changeLanguage('ja');
    expect(say(penalty)).toBe('佐藤に警告（第2回戦）：遅刻');
    expect(word('penalty.warning', 'warning')).toBe('警告');
    expect(sayAll([penalty, { key: 'missing.key', params: {}, text: 'kept' }])).toBe('佐藤に警告（第2回戦）：遅刻、kept');
    await i18next.changeLanguage('en');
  });
});

describe('numbers (the algorithm of Language::decimal and Language::percent)', () => {
  it('writes the shared vectors exactly as the Rust side does', () => {
    expect(vectors.numbers.length).toBeGreaterThanOrEqual(8);
    for (const c of vectors.numbers) {
      expect(decimal(c.decimal, c.language), c.language).toBe(c.shown);
      expect(percent(c.per_mille, c.language), c.language).toBe(c.percent);
    }
  });
});
