// End-to-end: a trio team event in the REAL Tablekeeper window (RULESETS.md decision 9):
// chosen on the Start screen, four teams registered seat by seat, one round entered as team
// matches from the keyboard ("1 1,2,1"), and the standings compared with the CLI's.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';

import { CLI_BINARY, ENTER, startDriver, waitFor } from './webdriver.mjs';

const run = promisify(execFile);
const home = process.env.E2E_HOME ? mkdtempSync(join(process.env.E2E_HOME, 'teams-')) : mkdtempSync(join(tmpdir(), 'tk-e2e-teams-'));
const TEAMS = [
  ['Team Sakura', ['佐藤', '鈴木', '高橋']],
  ['Team Ume', ['田中', '伊藤', '渡辺']],
  ['Team Matsu', ['山本', '中村', '小林']],
  ['Team Take', ['加藤', '吉田', '山田']],
];

let driver = null;
let app = null;
let failed = false;

function step(name, body) {
  it(name, { timeout: 120_000 }, async (t) => {
    if (failed) return t.skip('an earlier step failed');
    try {
      await body(t);
    } catch (error) {
      failed = true;
      await app?.screenshot(`teams-failure-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
      throw error;
    }
  });
}

const count = async (testid) => (await app.findAll(testid)).length;

async function status(text) {
  return waitFor(async () => ((await app.text('status')).includes(text) ? true : null), {
    message: async () => `status "${text}" (error area: ${await app.text('error')})`,
  });
}

async function nav(route, ready) {
  await app.click(`nav-${route}`);
  await app.find(ready);
}

describe('a trio team event in the real app window', () => {
  before(async () => {
    driver = await startDriver({ home });
    app = await driver.newSession();
  });

  after(async () => {
    try {
      await app?.close();
    } finally {
      await driver?.stop();
      if (!failed && !process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
    }
  });

  step('creates a trio team event', async () => {
    await app.find('create-event', { timeout: 30000 });
    await app.type('event-name', 'E2E Trio Cup');
    await app.select('event-ruleset', 'bushiroad-ja');
    await app.select('event-team-size', '3');
    await app.type('event-rounds', '2');
    await app.click('create-event');
    await status('Created E2E Trio Cup');
    await app.find('team-name');
  });

  step('registers four teams with their members in seat order', async () => {
    for (const [index, [name, members]] of TEAMS.entries()) {
      await app.type('team-name', name);
      for (const [seat, member] of members.entries()) await app.type(`team-member-${seat + 1}`, member);
      await app.click('add-team');
      await status(`Added team ${name}`);
      await waitFor(async () => (await count('player-row')) === index + 1, { message: `${index + 1} teams` });
    }
    await app.screenshot('11-teams-registration');
  });

  step('round 1: two team matches entered seat by seat', async () => {
    await nav('round', 'pair-round');
    await app.click('pair-round');
    await status('Round 1 is paired');
    await nav('results', 'result-input');
    await waitFor(async () => (await count('result-row')) === 2, { message: '2 team matches' });
    // Table 1: seat A wins 2 of 3. Table 2: one seat each and a drawn seat (a team draw).
    for (const [table, keys] of [
      [1, '1 1,2,1'],
      [2, '2 1,2,d'],
    ]) {
      await app.type('result-input', `${keys}${ENTER}`);
      await status(`Table ${table}:`);
    }
    await app.waitForText('outstanding-tables', 'All results are in.');
    await app.screenshot('12-teams-results');
  });

  step('the standings rank the teams as the CLI does', async () => {
    await nav('standings', 'standings-table');
    await waitFor(async () => (await count('standings-row')) === 4, { message: '4 team rows' });
    const shown = await app.execute(
      `return [...document.querySelectorAll('[data-testid=standings-row]')].map((tr) => ({ name: tr.querySelector('[data-testid=standings-name]').textContent, points: tr.querySelector('[data-testid=standings-points]').textContent }))`,
    );
    assert.deepEqual(
      shown.map((r) => r.points).sort(),
      ['0', '0', '0', '1'],
      'one team win (1 point) and a team draw (0 points each under bushiroad-ja)',
    );
    await app.click('nav-start');
    await app.click('close-event');
    await status('Closed E2E Trio Cup');
    const folder = join(home, 'events');
    const [file] = readdirSync(folder).filter((f) => f.endsWith('.tkevent'));
    const { stdout } = await run(CLI_BINARY, ['--json', 'standings', join(folder, file)]);
    const cli = JSON.parse(stdout).data.rows.map((r) => ({ name: r.name, points: r.points }));
    assert.deepEqual(shown, cli);
  });
});
