// End-to-end: every screen of the REAL app window at 1366×768, in English and Japanese,
// checked with axe-core inside the window (0 serious or critical violations) and kept as a
// screenshot (ci-artifacts/screenshots/screen-<lang>-<route>.png); then the players' page in
// a real browser at 320 px and at 200 % zoom: axe again, and no sideways scroll.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { cliData, freePort, nav, shareOn, stepper, testHome } from './steps.mjs';
import { REPO, startDriver, waitFor } from './webdriver.mjs';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const AXE = readFileSync(join(REPO, 'ui', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const home = testHome('screens');
const context = { app: null, failed: false };
const step = stepper(context, 'screens');
const file = join(home, 'screens.tkevent');
const PLAYERS = ['Aiko Tanaka', '佐藤 花子', 'Иван Петров', '김민준', '张伟', 'Ben Carter', 'Chloé Martin', 'Dmitri Volkov', 'Emma Novak', 'Felix Wu'];
const ROUTES = ['start', 'registration', 'round', 'results', 'standings', 'cut', 'prizes', 'timer', 'share', 'settings'];

let appDriver = null;
let browserDriver = null;
let app = null;
let phone = null;
let code = '';

/** axe-core run in `session`'s page: the serious and critical violations, in short. */
async function violations(session) {
  // Run as the driver's own script (the page's content policy allows no inline script).
  if (!(await session.execute('return Boolean(window.axe)'))) {
    const kind = await session.execute(`${AXE}\n;if (typeof axe !== 'undefined') window.axe = axe; return typeof window.axe;`);
    assert.equal(kind, 'object', 'axe-core loaded');
  }
  const found = await session.execute(
    `return window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
       .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
         .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' — ' + n.failureSummary.split('\\n').slice(0, 2).join(' ')) })));`,
  );
  return found;
}

describe('every screen, read by axe-core and photographed, in English and Japanese', () => {
  before(async () => {
    await cliData(['create', file, '--name', 'Screens', '--ruleset', 'bandai', '--rounds', '3', '--cut', '4']);
    for (const name of PLAYERS) await cliData(['add-player', file, name]);
    for (let round = 1; round <= 2; round++) {
      const pairings = await cliData(['pair', file]);
      const lines = pairings.tables.filter((table) => table.b).map((table) => `${table.table} a`);
      const results = join(home, `results-${round}.txt`);
      writeFileSync(results, `${lines.join('\n')}\n`);
      await cliData(['results', file, results]);
    }
    await cliData(['pair', file]);
    appDriver = await startDriver({ home });
    app = context.app = await appDriver.newSession({ args: [file] });
    await app.cmd('POST', '/window/rect', { width: 1366, height: 768 });
  });

  after(async () => {
    try {
      await phone?.close();
      await app?.close();
    } finally {
      await browserDriver?.stop();
      await appDriver?.stop();
      if (!context.failed && !process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
      else console.log(`# kept ${home}`);
    }
  });

  for (const language of ['en', 'ja']) {
    step(`every screen in ${language === 'en' ? 'English' : 'Japanese'}: no serious or critical violation`, async () => {
      if (language === 'ja') {
        await nav(app, 'settings', 'settings-language');
        await app.select('settings-language', 'ja');
        await waitFor(async () => (await app.execute('return document.documentElement.lang')) === 'ja', { message: 'the window in Japanese' });
      }
      const found = {};
      for (const route of ROUTES) {
        await nav(app, route);
        await app.find('main h2');
        // The screen's data arrive after its frame; axe reads what the owner then sees.
        await app.painted();
        await new Promise((resolve) => setTimeout(resolve, 400));
        const bad = await violations(app);
        if (bad.length > 0) found[route] = bad;
        await app.screenshot(`screen-${language}-${route}`);
      }
      assert.deepEqual(found, {}, JSON.stringify(found, null, 1));
    });
  }

  step("the players' page at 320 px and at 200 % zoom: no sideways scroll, nothing serious", async () => {
    if (!existsSync(MINIBROWSER)) return;
    // Player 1's own code, from their ticket on the Players screen (this laptop's codes).
    await nav(app, 'registration', 'player-list');
    await app.click('[data-testid=player-row][data-player="1"] [data-testid=edit-row]');
    await app.click('ticket-show');
    code = (await app.text('ticket-code')).match(/[2-9A-Z]{5}-[2-9A-Z]{5}/)?.[0] ?? '';
    assert.ok(code, 'a player code on the ticket');
    const port = await freePort();
    await shareOn(app, port);
    browserDriver = await startDriver({ home: join(home, 'browser') });
    phone = await browserDriver.newSession({ binary: MINIBROWSER, args: ['--automation'] });
    const found = {};
    for (const [state, url] of [
      ['find-my-table', `http://127.0.0.1:${port}/`],
      ['my-table', `http://127.0.0.1:${port}/#p=${code}`],
    ]) {
      for (const [width, zoom] of [
        [320, 1],
        [640, 2],
      ]) {
        await phone.cmd('POST', '/window/rect', { width, height: 800 });
        await phone.cmd('POST', '/url', { url });
        await waitFor(async () => (await phone.execute('return document.readyState')) === 'complete', { message: 'the page loaded' });
        await phone.execute(`document.documentElement.style.zoom = arguments[0]; return true;`, [String(zoom)]);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if (state === 'my-table') {
          await waitFor(async () => (await phone.execute(`return document.querySelector('#mine-table')?.textContent ?? ''`)) !== '', { message: 'the phone shows its table' });
        }
        const sideways = await phone.execute('return document.documentElement.scrollWidth - document.documentElement.clientWidth');
        assert.ok(sideways <= 1, `${state} at ${width} px × ${zoom}: ${sideways} px of sideways scroll`);
        const bad = await violations(phone);
        if (bad.length > 0) found[`${state}-${width}x${zoom}`] = bad;
        if (zoom === 2) await phone.screenshot(`phone-${state}-200`);
      }
    }
    assert.deepEqual(found, {}, JSON.stringify(found, null, 1));
  });
});
