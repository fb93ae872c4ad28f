// The English-prose scanner of the Japanese e2e test (latin.mjs) catches English sentences
// and lets through what may be written in Latin script. Needs no app.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { assertNoLatinProse, findLatinProse, latinRuns } from './latin.mjs';

describe('latin.mjs', () => {
  it('finds runs of three or more English words', () => {
    assert.deepEqual(latinRuns('変更は保存しましたが、the automatic backup could not be written'), ['the automatic backup could not be written']);
    assert.deepEqual(latinRuns('round 1 has no pairing in the log'), ['has no pairing in the log']);
  });

  it('lets through short Latin words, names, paths, versions and proper nouns', () => {
    assert.deepEqual(latinRuns('1卓：Emma Evans 対 Ivan Ilic → Emma Evansの勝ち', ['Emma Evans', 'Ivan Ilic']), []);
    assert.deepEqual(latinRuns('PDFを /tmp/e2e home/Sunday Cup printouts/standings-ja.pdf に保存しました'), []);
    assert.deepEqual(latinRuns('バージョン 0.1.0-beta.2'), []);
    assert.deepEqual(latinRuns('ダブルエリミネーション（勝ち点基準・Force of Will）'), []);
    assert.deepEqual(latinRuns('hololive OFFICIAL CARD GAME'), []);
    assert.deepEqual(latinRuns('卓番号の後に：1かA＝Aの勝ち、NS1／NS2＝不参加。Ctrl+Zで取り消し'), []);
  });

  it('fails loudly with the offending text and where it is', () => {
    const texts = [
      { text: '結果入力', where: 'h2' },
      { text: 'That round has not been paired.', where: 'div[error] > p' },
    ];
    assert.equal(findLatinProse(texts).length, 1);
    assert.throws(() => assertNoLatinProse(texts, { screen: 'results' }), /English prose on the Japanese results screen[\s\S]*That round has not been paired[\s\S]*div\[error\] > p/);
  });

  it('also catches prose split over several elements', () => {
    const texts = ['the', 'change', 'is', 'saved'].map((text) => ({ text, where: 'span' }));
    assert.equal(findLatinProse(texts)[0]?.where, 'the page as a whole');
  });
});
