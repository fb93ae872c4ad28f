// End-to-end: a whole small Swiss day entirely in Japanese, in the REAL app window. The
// language is switched in Settings first; then 8 players, 3 rounds (results typed with a
// Japanese input method's full-width digits too), a correction, an undo, a penalty, a drop,
// a refused action with its error, a round played on paper entered as given (its warnings
// shown), the standings, a top 4 cut to a champion and a PDF. After every screen the page's
// text is scanned for English prose (latin.mjs): any run of 3 or more ASCII words that is
// not a proper noun, a player name, a path, a version or code-like text fails the test with
// the offending text.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { checkJapanese } from './latin.mjs';
import { clearStatus, count, endRun, enterResult, errorShown, nav, resultRows, rowSel, status, stepper, testHome, uiStandings } from './steps.mjs';
import { CONTROL, ENTER, REPO, startDriver, waitFor } from './webdriver.mjs';

const ja = JSON.parse(readFileSync(join(REPO, 'crates', 'words', 'locales', 'ja.json'), 'utf8')).ui;
const home = testHome('japanese-day');
const context = { app: null, failed: false };
const step = stepper(context, 'ja');

/** Six Japanese names and two written in Latin script (allowed by the scan as names). */
const PLAYERS = ['佐藤 花子', '鈴木 一郎', '高橋 美咲', '田中 健', '伊藤 さくら', '渡辺 翔', 'Emma Evans', 'Ivan Ilic'];
const EVENT = '日曜ヴァンガード杯';

let driver = null;
let app = null;

/** Scans the page for English prose; `screen` names it in the failure. */
async function japaneseOnly(screen) {
  await app.painted();
  await checkJapanese(app, { allow: PLAYERS, screen });
}

/** Opens every <details> of the screen, so folded text is scanned as well. */
async function unfold() {
  await app.execute(`for (const d of document.querySelectorAll('main details')) d.open = true;`);
}

async function pair(round) {
  await nav(app, 'round', 'pair-round');
  await clearStatus(app);
  await app.click('pair-round');
  await status(app, `第${round}回戦を組みました`, { timeout: 60000 });
}

describe('a whole Swiss day in Japanese', () => {
  const state = { round1: [], dropped: null, champion: null };

  before(async () => {
    driver = await startDriver({ home });
    app = context.app = await driver.newSession();
    await app.setTimeouts({ script: 120000 });
  });

  after(() => endRun(context, driver, home));

  step('設定: the interface is switched to Japanese first', async () => {
    await app.find('create-event', { timeout: 30000 });
    await nav(app, 'settings', 'settings-language');
    await app.select('settings-language', 'ja');
    await app.waitForText('nav-settings', ja.nav.settings);
    assert.equal(await app.execute('return document.documentElement.lang'), 'ja');
    await status(app, ja.settings.languageChanged);
    await japaneseOnly('settings');
  });

  step('開始: a new event with the Vanguard preset (the Japanese floor rules)', async () => {
    await nav(app, 'start', 'event-name');
    await japaneseOnly('start');
    await app.select('event-title', 'vanguard');
    assert.equal(await app.property('event-ruleset', 'value'), 'bushiroad-ja', 'a Japanese interface picks the Japanese floor rules');
    await app.type('event-name', EVENT);
    await app.type('event-rounds', '3');
    await app.click('create-event');
    await status(app, `${EVENT}を作成しました`);
    await app.find('player-name-input');
    assert.match(await app.text('event-summary'), new RegExp(`${EVENT} · ブシロード（応用フロアルール） · スイスドロー3回戦の予定 · 受付中`));
  });

  step('受付: 8 players typed with Enter; a player’s details', async () => {
    const input = await app.find('player-name-input');
    for (const [index, name] of PLAYERS.entries()) {
      await app.type(input, `${name}${ENTER}`);
      await waitFor(async () => (await count(app, 'player-row')) === index + 1, { message: `${index + 1} players` });
    }
    await app.waitForText('player-count', '登録8人、参加中8人');
    await app.click(`[data-testid=player-row][data-player="1"] [data-testid=edit-row]`);
    await app.find('player-edit');
    await app.type('tardy-minutes', '3');
    await app.click('tardy-check');
    await app.waitForText('tardy-preview', '3分の遅刻');
    await unfold();
    await japaneseOnly('registration');
    await app.screenshot('ja-00-registration');
  });

  step('第1回戦: paired, with the reasons in Japanese', async () => {
    await pair(1);
    await waitFor(async () => (await count(app, 'pairing-row')) === 4, { message: '4 tables' });
    await unfold();
    await app.waitForText('explanation', '同じシードで組み直すと');
    await japaneseOnly('round 1');
  });

  step('結果入力: round 1 by keyboard, full-width digits, the preview in Japanese', async () => {
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 4, { message: '4 result rows' });
    state.round1 = await resultRows(app);
    const [t1, t2] = state.round1;
    const input = await app.find('result-input');
    await app.type(input, '1 1');
    await app.waitForText('result-preview', `1卓：${t1.a} 対 ${t1.b} → ${t1.a}の勝ち`);
    await japaneseOnly('results (preview)');
    await app.type(input, ENTER);
    await app.find(`${rowSel('result-row', 1)}.entered`);
    await status(app, `1卓：${t1.a}の勝ち。`);
    // A Japanese input method types full-width digits and spaces.
    await app.type(input, '２　２');
    await app.waitForText('result-preview', `2卓：${t2.a} 対 ${t2.b} → ${t2.b}の勝ち`);
    await app.type(input, ENTER);
    await app.find(`${rowSel('result-row', 2)}.entered`);
    await enterResult(app, 3, '3 d');
    await japaneseOnly('results');
  });

  step('a refused action: a result that is not one, in Japanese words, said once under the box in the hint\'s vocabulary', async () => {
    const input = await app.find('result-input');
    await app.type(input, '4 x7');
    await app.waitForText('result-preview', '「x7」は結果として読めません');
    await app.type(input, ENTER);
    // The refusal comes back and selects the typed text (a new Enter waits for it).
    await waitFor(async () => app.execute(`const box = document.activeElement; return box && box.selectionStart === 0 && box.selectionEnd === box.value.length && box.value.length > 0`), { message: 'the refused text selected' });
    const said = await app.waitForText('result-preview', 'NS1 / NS2');
    assert.ok(!said.includes('noshow-a'), said);
    assert.equal(await app.text('error'), '', 'said once: not again above the page');
    await japaneseOnly('results (error)');
    await app.screenshot('ja-01-results-error');
    await app.clear(input);
    await enterResult(app, 4, '4 2');
    await app.waitForText('outstanding-tables', ja.results.allIn);
  });

  step('a correction with its question, then undone with Ctrl+Z', async () => {
    const [t1] = state.round1;
    const input = await app.find('result-input');
    await app.type(input, `1 2${ENTER}`);
    const confirm = await app.find('confirm-replace');
    await app.waitForText('result-confirm', `1卓にはすでに結果（${t1.a}の勝ち）があります。「${t1.b}の勝ち」に置き換えますか？`);
    await japaneseOnly('results (replace question)');
    await clearStatus(app);
    // The question takes the focus: Enter answers it, as a scorekeeper at the keyboard does
    // (a pointer click once landed while the page was still laying out, and was lost).
    await app.type(confirm, ENTER);
    await status(app, `1卓：${t1.b}の勝ち。`);
    await app.waitForText('history', '第1回戦 1卓の結果を訂正');
    await app.find('result-input');
    await app.execute(`document.querySelector('[data-testid=result-input]').focus()`);
    await clearStatus(app);
    await app.chord(CONTROL, 'z');
    await status(app, /^取り消しました：第1回戦 1卓の結果を訂正/);
    await app.waitForText(rowSel('result-row', 1), `${t1.a}の勝ち`);
    await app.waitForText('history', ja.results.undoneMark);
    await japaneseOnly('results (undone)');
  });

  step('a penalty, recorded and listed in Japanese', async () => {
    const [, , t3] = state.round1;
    await app.execute("document.querySelector('[data-testid=results-more]').open = true; return true;");
    await app.type('penalty-player', t3.a);
    await app.select('penalty-kind', 'warning');
    await app.type('penalty-infraction', '手札の公開');
    await clearStatus(app);
    await app.click('penalty-submit');
    await status(app, `${t3.a}に警告を記録しました。`);
    await app.waitForText('penalty-list', `第1回戦：${t3.a} — 警告：手札の公開`);
    await app.waitForText('history', `${t3.a}に警告（第1回戦）：手札の公開`);
    await japaneseOnly('results (penalty)');
  });

  step('第2回戦: while the round is played, Pair waits and says why, in Japanese', async () => {
    await pair(2);
    await clearStatus(app);
    await app.waitForText('pair-waits', ja.round.pairWaits.replace('{{round}}', '2'));
    assert.equal(await app.property('pair-round', 'disabled'), true, 'Pair waits for the results');
    await japaneseOnly('round 2 (pair waits)');
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 4, { message: 'round 2 tables' });
    for (const row of await resultRows(app)) await enterResult(app, row.table, `${row.table} ${row.table % 2 === 0 ? 'b' : 'a'}`);
    await app.waitForText('outstanding-tables', ja.results.allIn);
  });

  step('a drop after round 2', async () => {
    const [t4] = state.round1.slice(3);
    state.dropped = t4.b;
    await app.execute("document.querySelector('[data-testid=results-more]').open = true; return true;");
    await app.type('drop-player-input', state.dropped);
    await clearStatus(app);
    await app.click('drop-player');
    await status(app, `${state.dropped}がドロップしました。`);
    await app.waitForText('history', `${state.dropped}をドロップ`);
    await japaneseOnly('results (drop)');
  });

  step('第3回戦: played on paper and entered as given, with its warnings', async () => {
    // A round-1 pair meets again (a rematch); the other six as they sit in the list.
    const active = PLAYERS.filter((p) => p !== state.dropped);
    const rematch = state.round1.find((t) => t.a !== state.dropped && t.b !== state.dropped);
    const others = active.filter((p) => p !== rematch.a && p !== rematch.b);
    const tables = [
      [1, rematch.a, rematch.b],
      [2, others[0], others[1]],
      [3, others[2], others[3]],
      [null, others[4], null],
    ];
    await nav(app, 'round', 'given-panel');
    await app.execute(`document.querySelector('[data-testid=given-panel]').open = true`);
    // The panel prepares its rows once opened.
    await waitFor(async () => (await app.findAll('given-row')).length > 0, { message: 'the given pairings\' rows' });
    const rows = await app.findAll('given-row');
    assert.equal(rows.length, 4, '3 tables and the bye prepared for 7 players');
    for (const [index, [table, a, b]] of tables.entries()) {
      const row = `[data-testid=given-row]:nth-child(${index + 1})`;
      await app.clear(`${row} [data-testid=given-table]`);
      if (table !== null) await app.type(`${row} [data-testid=given-table]`, String(table));
      await app.type(`${row} [data-testid=given-a]`, a);
      if (b !== null) await app.type(`${row} [data-testid=given-b]`, b);
    }
    await app.type('given-reason', '停電のため紙で対戦');
    await clearStatus(app);
    await app.click('given-enter');
    await status(app, '第3回戦を入力どおりに登録しました：3卓。');
    const warnings = await app.waitForText('pairing-warnings', `再戦：${rematch.a}と${rematch.b}はすでに対戦しています`);
    assert.ok(warnings.includes(ja.round.warnings), warnings);
    await unfold();
    await japaneseOnly('round 3 (entered as given)');
    await app.screenshot('ja-02-paper-round-warnings');
  });

  // The Results screen reads the round with `pairings`, which also explains it: the shell
  // must answer for a round entered as given too (it has no pairer's seed to explain).
  step('第3回戦: results of the paper round in one go', async () => {
    await nav(app, 'results', 'bulk-panel');
    await app.execute(`document.querySelector('[data-testid=bulk-panel]').open = true`);
    await app.type('bulk-results', ['1 1', '2 2', '3 1'].join(ENTER));
    await clearStatus(app);
    await app.click('bulk-record');
    await status(app, '3件の結果を記録しました。');
    await app.waitForText('outstanding-tables', ja.results.allIn);
    await japaneseOnly('results (paper round)');
  });

  step('順位: the standings after 3 rounds', async () => {
    await nav(app, 'standings', 'standings-table');
    await waitFor(async () => (await count(app, 'standings-row')) === 8, { message: '8 standings rows' });
    await app.waitForText('main h3', '3回戦終了時点');
    const rows = await uiStandings(app);
    assert.deepEqual(rows.map((r) => r.name).sort(), [...PLAYERS].sort());
    await unfold();
    await waitFor(async () => (await count(app, 'breakdown-player')) === 8, { message: 'the breakdown' });
    await japaneseOnly('standings');
  });

  step('決勝トーナメント: a top 4 cut played to a champion', async () => {
    await nav(app, 'cut', 'start-cut');
    await japaneseOnly('top cut (setup)');
    await app.select('cut-size', '4');
    await clearStatus(app);
    await app.click('start-cut');
    await status(app, '上位4人の決勝トーナメントを開始しました。');
    await waitFor(async () => (await count(app, '[data-testid=bracket-match][data-table]:not([data-table=""])')) === 2, { message: 'two semifinals' });
    await japaneseOnly('top cut (semifinals)');
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 2, { message: 'two semifinal rows' });
    for (const row of await resultRows(app)) await enterResult(app, row.table, `${row.table} 1`);
    await nav(app, 'cut', 'pair-bracket-round');
    await clearStatus(app);
    await app.click('pair-bracket-round');
    await status(app, /第\d+回戦を組みました：1卓。/);
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 1, { message: 'the final' });
    const [final] = await resultRows(app);
    await enterResult(app, final.table, `${final.table} 2`);
    await nav(app, 'cut', 'bracket');
    const champion = await app.waitForText('champion', `優勝：${final.b}（シード`);
    state.champion = final.b;
    assert.ok(champion.includes(final.b));
    await waitFor(() => app.execute(`return document.querySelector('[data-testid=bracket-champion]')?.textContent.includes(arguments[0])`, [final.b]), {
      message: 'the champion at the end of the drawn bracket',
    });
    await app.waitForText('event-summary', '終了');
    await japaneseOnly('top cut (champion)');
    await app.screenshot('ja-03-champion');
  });

  step('a PDF in Japanese, the window working while it is written', async () => {
    await nav(app, 'standings', 'pdf-standings');
    await clearStatus(app);
    await app.click('pdf-standings');
    const line = await status(app, /PDFを .+standings-ja\.pdf に保存しました/, { timeout: 60000 });
    const path = /PDFを (.+\.pdf) に保存しました/.exec(line)[1];
    assert.ok(existsSync(path), `${path} exists`);
    await japaneseOnly('standings (printed)');
  });

  step('開始, 賞品 and 設定: the other screens of the day', async () => {
    await nav(app, 'start', 'backups');
    await unfold();
    await japaneseOnly('start (open event)');
    await nav(app, 'timer', 'timer-toggle');
    await japaneseOnly('timer');
    // Prizes and season: the event has no prize rules yet, so the example shows.
    await nav(app, 'prizes', 'prizes-panel');
    await app.waitForText('prizes-status', ja.prizes.none);
    await japaneseOnly('prizes');
    await nav(app, 'settings', 'about');
    await japaneseOnly('settings (about)');
  });
});
