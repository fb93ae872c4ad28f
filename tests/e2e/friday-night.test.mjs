// End-to-end: a Friday night at the counter in the REAL app window, counting the owner's
// actions. The event created and its 24 players typed in at the counter, 5 Swiss rounds, a
// top 8, a payout made in the form without typing TOML, and the event closed. Every click the owner makes is counted; the
// results typed into the result box (or clicked in the bracket) are counted apart, as typing.
// The goal the app is built to: at most 3 actions per Swiss round besides results — Pair,
// print the round's sheets, start the clock once seated, then the results, then Pair again —
// and at most 30 for the whole night, the top 8's sheets and clocks included (creating the
// event is counted apart, as the setup before the doors open). It runs at
// 1366×768 and checks that each next button is on the screen without scrolling. The
// counts are written to ci-artifacts/friday-night.json (docs/benchmarks.md quotes them).
// The night is run in English, then in French and in Korean (the interface switched in
// Settings before the night starts, not counted), waiting for each language's own words.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { startCups } from './cups.mjs';
import { cliData, endRun, enterResult, nav, resultRows, said, status, stepper, testHome } from './steps.mjs';
import { ENTER, REPO, startDriver, waitFor } from './webdriver.mjs';

const FIRST = ['Aiko', 'Ben', 'Chloé', 'Dmitri', 'Emma', 'Felix', 'Greta', 'Hiro'];
const LAST = ['Tanaka', 'Carter', 'Петров'];
const PLAYERS = FIRST.flatMap((first) => LAST.map((last) => `${first} ${last}`));
const ROUNDS = 5;
const NIGHTS = (process.env.FRIDAY_LANGUAGES ?? 'en,fr,ko').split(',');

let app = null;
/** The night's own CUPS scheduler and its printer `counter` (null without CUPS). */
let cups = null;
/** Copies of each sheet, chosen in Settings before the night. */
const COPIES = 2;

/** The round's sheets (pairings and slips) arrived at the printer, each with its copies. */
async function printedAtCounter() {
  if (!cups) return;
  const job = await cups.nextJob(2 * COPIES);
  assert.equal((job.match(/%PDF-/g) ?? []).length, 2 * COPIES);
}
/** The owner's clicks, per part of the night. */
let actions = { setup: 0, rounds: [], cut: 0, payout: 0, close: 0 };
/** Results typed or clicked, per part of the night. */
let results = { swiss: 0, bracket: 0 };
let counting = 'rounds';

/** A template of the catalogue as a pattern: its words as written, each place any text. */
function pattern(text) {
  const literal = (part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/gu, '\\s');
  return new RegExp(text.split(/\{\{\s*\w+\s*\}\}/).map(literal).join('.+'), 'u');
}

/** What of `testid` is off the screen at the window's size without scrolling (empty: all of
 * it is in view). The night runs at 1366×768, the most common laptop screen. */
async function offScreen(testid) {
  return app.execute(
    `const e = document.querySelector('[data-testid="${testid}"]');
     if (!e) return 'missing';
     const r = e.getBoundingClientRect();
     return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth ? '' : \`at y \${Math.round(r.top)}–\${Math.round(r.bottom)} of \${window.innerHeight}\`;`,
  );
}

/** The owner's next button is on the screen at 1366×768 without scrolling. */
async function inView(testid, where) {
  await waitFor(async () => (await app.execute(`return !!document.querySelector('[data-testid="${testid}"]')`)), { message: `${testid} on ${where}` });
  const off = await offScreen(testid);
  if (off) await app.screenshot(`friday-off-screen-${testid}`);
  assert.equal(off, '', `${testid} on ${where} is off the screen (${off})`);
}

/** One action of the owner: a click on `testid`, counted where the night is. */
async function act(testid) {
  await app.click(testid);
  if (counting === 'rounds') actions.rounds[actions.rounds.length - 1] += 1;
  else actions[counting] += 1;
}

const route = () => app.execute('return location.hash');
async function waitRoute(name) {
  await waitFor(async () => (await route()) === `#/${name}`, { message: `the ${name} screen` });
}

/** Types a result for every table still open on the Results screen (seat A wins). */
async function typeResults(round) {
  await waitFor(async () => (await resultRows(app)).length > 0, { message: `round ${round}'s tables` });
  await inView('result-input', 'Results');
  for (const row of await resultRows(app)) {
    if (row.entered) continue;
    await enterResult(app, row.table, `${row.table} 1`);
    results.swiss += 1;
  }
}

for (const language of NIGHTS) night(language);

/** One night in `language`, with its own event, home and app. */
function night(language) {
  const home = testHome(`friday-${language}`);
  const context = { app: null, failed: false };
  const step = stepper(context, `friday-${language}`);
  const NAME = 'Friday night';
  /** The event file the app made in its events folder (known once it is created). */
  let file = '';
  let driver = null;
  const say = (key, params) => said(language, key, params);
  describe(`a Friday night at the counter in ${language}, counting the owner’s actions`, () => {
    before(async () => {
      actions = { setup: 0, rounds: [], cut: 0, payout: 0, close: 0 };
      results = { swiss: 0, bracket: 0 };
      counting = 'setup';
      cups = await startCups();
      if (!cups && process.env.CI) throw new Error('CI installs CUPS (./tk setup): the night prints through it');
      driver = await startDriver({ home, env: cups ? { CUPS_SERVER: cups.socket } : {} });
      app = context.app = await driver.newSession();
      await app.cmd('POST', '/window/rect', { width: 1366, height: 768 });
      await app.find('create-event', { timeout: 30000 });
      if (cups) {
        // The shop's printer and its copies, chosen once in Settings (not part of the count).
        await nav(app, 'settings', 'settings-printer');
        await waitFor(async () => (await app.execute(`return [...document.querySelectorAll('[data-testid=settings-printer] option')].map((o) => o.value)`)).includes('counter'), { message: 'the printer listed' });
        await app.select('settings-printer', 'counter');
        await app.execute(`const box = document.querySelector('[data-testid=settings-copies]'); box.value = '${COPIES}'; box.dispatchEvent(new Event('change')); return true;`);
      }
      if (language !== 'en') {
        // The shop's language, chosen once in Settings (not part of the night's count).
        await nav(app, 'settings', 'settings-language');
        await app.select('settings-language', language);
        await waitFor(async () => (await app.execute('return document.documentElement.lang')) === language, { message: `the window in ${language}` });
      }
      // The first start asks which game the shop runs, once (the shop's, not the night's).
      await nav(app, 'start', 'first-game');
      await app.select('first-game', 'digimon');
      await app.click('first-game-save');
      await waitFor(async () => (await app.findAll('[data-testid="first-game-panel"]')).length === 0, { message: 'the game kept' });
    });

    after(async () => {
      try {
        await endRun(context, driver, home);
      } finally {
        await cups?.stop();
      }
    });

    step('the event created and its 24 players typed in, in the window', async () => {
      await inView('create-event', 'Start');
      assert.equal(await app.property('event-ruleset', 'value'), 'bandai', 'the shop’s game chosen');
      await app.type('event-name', NAME);
      // The rounds and the top 8 planned: two fields, counted as actions.
      await app.type('event-rounds', String(ROUNDS));
      actions.setup += 1;
      await app.select('event-cut', '8');
      actions.setup += 1;
      await act('create-event');
      await waitRoute('registration');
      const input = await app.find('player-name-input');
      for (const [index, name] of PLAYERS.entries()) {
        await app.type(input, `${name}${ENTER}`);
        await waitFor(async () => (await app.findAll('[data-testid="player-row"]')).length === index + 1, { message: `${index + 1} players` });
      }
      const folder = join(home, 'events');
      const made = readdirSync(folder).filter((name) => name.endsWith('.tkevent'));
      assert.equal(made.length, 1, `one event file in ${folder}: ${made.join(', ')}`);
      file = join(folder, made[0]);
      counting = 'rounds';
    });

    step('round 1: Pair from the players, print, and the clock once seated — then the results', async () => {
      actions.rounds.push(0);
      await app.find('attention');
      await inView('registration-pair-round', 'Players');
      await act('registration-pair-round');
      await waitRoute('round');
      await status(app, say('round.paired', { round: 1, count: 12 }));
      // The strip says printing is next.
      await waitFor(async () => (await app.attribute('stage-printed', 'data-state')) === 'current', { message: 'printing is the current stage' });
      await inView('print-sheets', 'Round');
      await act('print-sheets');
      await printedAtCounter();
      // Printed; the clock is the current stage, waiting for the players to sit.
      await waitFor(async () => (await app.attribute('stage-clock', 'data-state')) === 'current', { message: 'the clock is the current stage' });
      await inView('start-clock', 'Round');
      await act('start-clock');
      await waitRoute('results');
      await typeResults(1);
    });

    for (let round = 2; round <= ROUNDS; round++) {
      step(`round ${round}: Pair from Results, print and clock — then the results`, async () => {
        actions.rounds.push(0);
        await inView('results-next-round', 'Results');
        if (round === 3) {
          // Enter on the empty result box after the last result does the next step.
          await app.type(await app.find('result-input'), ENTER);
          actions.rounds[actions.rounds.length - 1] += 1;
        } else await act('results-next-round');
        await waitRoute('round');
        await status(app, say('round.paired', { round, count: 12 }));
        await inView('print-sheets', 'Round');
        if (round === 4) {
          // The strip's current stage is a button that does it: here, the printing.
          await waitFor(async () => (await app.attribute('stage-printed', 'data-state')) === 'current', { message: 'printing is the current stage' });
          await act('stage-act');
        } else await act('print-sheets');
        await printedAtCounter();
        await inView('start-clock', 'Round');
        await act('start-clock');
        await waitRoute('results');
        await waitFor(async () => (await app.attribute('stage-results', 'data-state')) === 'current', { message: 'results are the current stage' });
        await typeResults(round);
        // Every result in: the strip and the Results screen both offer the next step.
        await waitFor(async () => (await app.attribute('stage-next', 'data-state')) === 'current', { message: 'the next step is current' });
        if (round === 3) await app.screenshot(language === 'en' ? '15-friday-results-stage' : `15-friday-results-stage-${language}`);
      });
    }

    step('every Swiss round took at most 3 actions besides its results', async () => {
      assert.equal(actions.rounds.length, ROUNDS);
      for (const [index, count] of actions.rounds.entries()) assert.ok(count <= 3, `round ${index + 1}: ${count} actions`);
      assert.equal(results.swiss, ROUNDS * 12);
    });

    step('the top 8: started from Results, winners clicked in the bracket', async () => {
      counting = 'cut';
      await inView('results-to-cut', 'Results');
      await act('results-to-cut');
      await waitRoute('cut');
      assert.equal(await app.property('cut-size', 'value'), '8', 'the planned cut is offered');
      await act('start-cut');
      await status(app, say('cut.started', { size: 8 }));
      for (const matches of [4, 2, 1]) {
        await waitFor(async () => (await app.findAll('[data-testid="bracket-pick"]')).length === matches * 2, { message: `${matches} matches to decide` });
        // The bracket round's sheets and clock, as a Swiss round's, its strip on the Finals
        // too; the header names it.
        await waitFor(async () => (await app.attribute('stage-printed', 'data-state')) === 'current', { message: 'printing the bracket round is current' });
        await inView('print-sheets', 'Finals');
        await act('print-sheets');
        await printedAtCounter();
        await waitFor(async () => (await app.attribute('stage-clock', 'data-state')) === 'current', { message: 'the bracket round’s clock is current' });
        await inView('start-clock', 'Finals');
        await act('start-clock');
        const label = say(`cut.labels.${{ 4: 'quarterfinal', 2: 'semifinal', 1: 'final' }[matches]}`);
        await waitFor(async () => (await app.text('event-summary')).includes(label), { message: `the header names the ${label}` });
        for (let match = 0; match < matches; match++) {
          const before = (await app.findAll('[data-testid="bracket-pick"]')).length;
          // The first open match's seat A.
          await app.click('bracket-pick');
          results.bracket += 1;
          await waitFor(async () => (await app.findAll('[data-testid="bracket-pick"]')).length === before - 2, { message: 'the winner recorded' });
        }
        if (matches > 1) {
          await inView('pair-bracket-round', 'Finals');
          await act('pair-bracket-round');
        }
      }
      await app.waitForText('champion', pattern(say('cut.champion', { name: '{{name}}', seed: '{{seed}}' })));
    });

    step('the payout, made in the form without typing TOML', async () => {
      counting = 'payout';
      await act('cut-to-payout');
      await waitRoute('prizes');
      await act('prize-preset-credit-top-four');
      await waitFor(async () => (await app.property('prize-pool', 'value')) === '12000', { message: 'a pool of 500 per player' });
      await act('prizes-save');
      await status(app, say('prizes.saved'));
      assert.equal((await app.findAll('[data-testid="prizes-row"]')).length, 4);
    });

    step('the night closed on Prizes: payout sheet printed, report written, event closed; the counts written down', async () => {
      counting = 'close';
      // What is left to do, said before it is done: the payout sheet and the report.
      await waitFor(async () => (await app.attribute('wrap-up-payout-line', 'data-state')) === 'todo', { message: 'the payout sheet still to print' });
      assert.equal(await app.attribute('wrap-up-report-line', 'data-state'), 'todo');
      await inView('wrap-up-close', 'Prizes');
      if (language === 'en') await app.screenshot('16-friday-wrap-up');
      await act('wrap-up-close');
      await status(app, say('wrapUp.closed', { name: NAME }));
      await waitRoute('start');
      const stem = file.replace(/\.tkevent$/, '');
      const printed = readdirSync(`${stem} printouts`);
      assert.ok(printed.some((name) => name.startsWith('payout')), `the payout sheet among ${printed.join(', ')}`);
      assert.match(readFileSync(`${stem}-report.txt`, 'utf8'), new RegExp(NAME));
      const recorded = await cliData(['prizes', file]);
      assert.equal(recorded.credit_paid, 12000);
      // Every round's sheets recorded with the event, as the printer took them.
      const history = JSON.stringify(await cliData(['history', file]));
      assert.equal((history.match(/history\.printed"/g) ?? []).length, cups ? ROUNDS + 3 : 0, 'each round’s sheets in the history');
      const total = actions.rounds.reduce((a, b) => a + b, 0) + actions.cut + actions.payout + actions.close;
      const summary = { language, players: PLAYERS.length, rounds: ROUNDS, cut: 8, actions, results, total, with_setup: total + actions.setup };
      console.log(`# friday night: ${JSON.stringify(summary)}`);
      const artifacts = join(REPO, 'ci-artifacts');
      mkdirSync(artifacts, { recursive: true });
      writeFileSync(join(artifacts, language === 'en' ? 'friday-night.json' : `friday-night-${language}.json`), `${JSON.stringify(summary, null, 1)}\n`);
      // The whole night with every round's sheets and clock, the top 8's too.
      assert.ok(total <= 30, `the whole night took ${total} actions (goal: at most 30)`);
    });
  });
}
