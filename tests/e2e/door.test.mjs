// End-to-end: the door against the REAL app sharing its event, with a real browser
// (WebKitGTK's MiniBrowser through WebKitWebDriver, talking to 127.0.0.1 only) as the
// players' phones. 30 players enter through the entry page against a cap of 24 with check-in
// on: 24 get a seat in order of arrival, 6 wait. One withdraws from the page and the first
// waiting moves up; players check in from the page (and at the desk); one never comes and is
// not paired. A judge call from a phone shows on the Results screen within 2 s, and "a judge
// is coming" on the phone within 2 s of the claim. A drop asked from the phone takes effect
// at the next pairing, and a phone follows its player to the next table without a reload. A
// lottery over the same entries and seed gives the same draw.

import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { cliData, freePort, nav, shareOn, status, stepper, testHome } from './steps.mjs';
import { startDriver, waitFor } from './webdriver.mjs';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const home = testHome('door');
const context = { app: null, failed: false };
const step = stepper(context, 'door');
const file = join(home, 'door.tkevent');
const ENTRANTS = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `山田 ${i + 1}` : i % 3 === 1 ? `Player ${i + 1}` : `Игрок ${i + 1}`));


let appDriver = null;
let browserDriver = null;
let app = null;
let phone = null;
let port = 0;
/** Each entrant's code, as the page gave it (entry order). */
const codes = [];

async function phoneText(selector) {
  return phone.execute(`const e = document.querySelector(${JSON.stringify(selector)}); return e ? e.textContent : '';`);
}

/** Opens the page as the phone holding `code` (a fresh page load, as a phone would). */
async function asPhoneOf(entrant) {
  await phone.cmd('POST', '/url', { url: `http://127.0.0.1:${port}/#p=${codes[entrant]}` });
  // The page answers for this entrant (not the one the tablet held before) before a step.
  await waitFor(async () => (await phoneText('#mine-entry')) + (await phoneText('#mine-table')) !== ''
    && (await phone.execute(`return JSON.parse(localStorage.getItem('tablekeeper.room.me') || '{}').name`)) === ENTRANTS[entrant],
  { message: `the phone knows entrant ${entrant + 1}` });
  // Steps that ask first (withdraw, drop) are confirmed by the test.
  await phone.execute('window.confirm = () => true;');
}

/** The app's door, as the CLI reads the event file beside it. */
const door = () => cliData(['door', file]);

describe('the door: entries, check-in, drops and judge calls from phones', { skip: !existsSync(MINIBROWSER) && 'no MiniBrowser here' }, () => {
  before(async () => {
    await cliData(['create', file, '--name', 'Friday door', '--ruleset', 'bandai', '--rounds', '3']);
    await cliData(['door', file, 'set', '--open', '--seats', '24', '--check-in', 'on', '--drop-requests', 'automatic']);
    port = await freePort();
    appDriver = await startDriver({ home });
    app = context.app = await appDriver.newSession({ args: [file] });
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

  step('the app shares the event; the Registration screen shows the entry page and its QR code', async () => {
    await shareOn(app, port);
    await nav(app, 'registration', 'door-panel');
    await app.waitForText('door-url', new RegExp(`:${port}/enter$`), { timeout: 15000 });
    assert.ok(await app.execute(`return document.querySelector('[data-testid=door-where] svg') !== null`), 'a QR code of the entry page');
    await app.execute(`document.querySelector('[data-testid=door-panel]').scrollIntoView()`);
    await app.screenshot('door-registration-panel');
  });

  step('30 players enter through the page against a cap of 24: 24 seats in order, 6 waiting', async () => {
    browserDriver = await startDriver({ home: join(home, 'browser') });
    phone = await browserDriver.newSession({ binary: MINIBROWSER, args: ['--automation'] });
    // One tablet at the door, handed from player to player ("Not you?" between entries).
    await phone.cmd('POST', '/url', { url: `http://127.0.0.1:${port}/enter` });
    for (const [i, name] of ENTRANTS.entries()) {
      if (i > 0) await phone.execute(`document.getElementById('me-forget').click();`);
      await waitFor(async () => phone.execute(`return !document.getElementById('enter-form').hidden && !document.getElementById('enter').hidden`), { timeout: 30000, message: 'the entry form' }).catch(async (error) => {
        const seen = await phone.execute(`return JSON.stringify({ path: location.pathname, enter: document.getElementById('enter').hidden, form: document.getElementById('enter-form').hidden, state: document.getElementById('enter-state').textContent, status: document.getElementById('status').textContent, me: localStorage.getItem('tablekeeper.room.me') })`);
        throw new Error(`${error.message}: the page shows ${seen}`);
      });
      await phone.execute(`
        document.getElementById('enter-name').value = ${JSON.stringify(name)};
        document.getElementById('enter-form').requestSubmit();`);
      const said = await waitFor(async () => {
        const text = await phoneText('#mine-entry');
        return text.includes(`${i + 1}`) ? text : null;
      }, { message: `entry ${i + 1} answered` });
      if (i < 24) assert.match(said, /you have a seat/, said);
      else assert.match(said, new RegExp(`waiting list, number ${i - 23} in line`), said);
      codes.push(await phone.execute(`return JSON.parse(localStorage.getItem('tablekeeper.room.me')).code`));
      if (i === 0) await phone.screenshot('door-phone-entered');
    }
    await phone.screenshot('door-phone-waiting');
    const view = await door();
    assert.deepEqual(view.entries.filter((e) => e.state === 'accepted').map((e) => e.name), ENTRANTS.slice(0, 24));
    assert.deepEqual(view.entries.filter((e) => e.state === 'waiting').map((e) => e.place_in_line), [1, 2, 3, 4, 5, 6]);
  });

  step('one withdraws from the page and the first waiting moves up', async () => {
    await asPhoneOf(2);
    await phone.execute(`document.getElementById('mine-withdraw').click();`);
    await waitFor(async () => /withdrawn/.test(await phoneText('#mine-entry')), { message: 'the entry is withdrawn' });
    await asPhoneOf(24);
    assert.match(await phoneText('#mine-entry'), /you have a seat/);
    await nav(app, 'start');
    await nav(app, 'registration', 'door-panel');
    await app.waitForText('entry-state-25', /Seat, not checked in/, { timeout: 10000 });
    await app.waitForText('entry-state-3', /Withdrawn/);
  });

  step('players check in from the page and at the desk; the one who never comes is not paired', async () => {
    // Two check in from their phones, the rest at the desk; entrant 2 never comes.
    for (const i of [0, 24]) {
      await asPhoneOf(i);
      await phone.execute(`document.getElementById('mine-check-in').click();`);
      await waitFor(async () => (await phoneText('#me-name')).length > 0 && /no\./.test(await phoneText('#me-name')), { message: 'checked in: the phone is the player' });
    }
    for (let entry = 4; entry <= 24; entry++) {
      await app.click(`entry-check-in-${entry}`);
      await app.waitForText(`entry-state-${entry}`, /player/, { timeout: 10000 });
    }
    const view = await door();
    const absent = view.entries.find((e) => e.number === 2);
    assert.equal(absent.state, 'accepted');
    assert.equal(absent.player, null);
    await nav(app, 'round', 'pair-round');
    await app.click('pair-round');
    await status(app, /Round 1 is paired/, { timeout: 60000 });
    const pairings = await cliData(['pairings', file]);
    const seated = pairings.tables.flatMap((t) => [t.a.name, t.b.name]).concat(pairings.byes.map((b) => b.name));
    assert.equal(seated.length, 23);
    assert.ok(!seated.includes(ENTRANTS[1]), 'the absent entrant is not paired');
    assert.ok(seated.includes(ENTRANTS[24]), 'the one who moved up plays');
  });

  step('a judge call shows in the app within 2 s, and "a judge is coming" on the phone within 2 s of the claim', async () => {
    await nav(app, 'results', 'judge-panel');
    await asPhoneOf(0);
    assert.match(await phoneText('#mine-table-number'), /Table \d+|Bye/);
    await phone.execute(`
      document.getElementById('mine-call-judge').click();
      document.getElementById('judge-reason').value = 'Rules question';
      document.getElementById('judge-form').requestSubmit();`);
    let started = Date.now();
    await app.waitForText('judge-calls', /Rules question/, { timeout: 2000 });
    console.log(`# judge call: in the app after ${Date.now() - started} ms`);
    await app.screenshot('door-judge-call-in-app');
    await app.click('claim-call-1');
    started = Date.now();
    await waitFor(async () => /A judge is coming/.test(await phoneText('#mine-call')), { timeout: 2000, message: '"a judge is coming" on the phone' });
    console.log(`# judge call: "a judge is coming" on the phone after ${Date.now() - started} ms`);
    await phone.screenshot('door-phone-judge-coming');
    // Resolved before the next step counts calls: a click that lands beside the button (the
    // panel moved under the pointer as it refreshed) is made again.
    for (let attempt = 1; ; attempt++) {
      await app.click('resolve-call-1');
      try {
        await waitFor(async () => (await app.findAll('[data-testid=attention-judge-calls]')).length === 0, { timeout: 3000, message: 'call 1 resolved' });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  });

  step('a judge call from a phone shows in the attention bar within 2 s on every screen, with a badge on the Results tab', async () => {
    await asPhoneOf(0);
    let number = 1;
    for (const [route, ready] of [
      ['registration', 'player-name-input'],
      ['round', 'pair-round'],
      ['standings', 'standings-table'],
      ['timer', 'timer-display'],
      ['share', 'share-port'],
      ['settings', 'settings-language'],
    ]) {
      await nav(app, route, ready);
      await waitFor(async () => phone.execute(`return !document.getElementById('mine-call-judge').hidden`), { message: 'the phone may call a judge' });
      await phone.execute(`
        document.getElementById('mine-call-judge').click();
        document.getElementById('judge-reason').value = 'From ${route}';
        document.getElementById('judge-form').requestSubmit();`);
      number += 1;
      const started = Date.now();
      await app.waitForText('attention-judge-calls', '1 judge call', { timeout: 2000 });
      await app.find('tab-badge-results');
      console.log(`# judge call on ${route}: in the attention bar after ${Date.now() - started} ms`);
      if (route === 'standings') await app.screenshot('attention-bar');
      await app.executeAsync(`const done = arguments[arguments.length - 1];
        window.__TAURI_INTERNALS__.invoke('call', { name: 'resolve_call', request: { call: ${number} } }).then(done, done);`);
      await waitFor(async () => (await app.findAll('[data-testid=attention-judge-calls]')).length === 0, { timeout: 4000, message: 'the bar clears once the call is dealt with' });
    }
  });

  step('a drop asked from the phone takes effect at the next pairing; the phone follows its player without a reload', async () => {
    await asPhoneOf(24);
    await phone.execute(`document.getElementById('mine-drop-ask').click();`);
    await waitFor(async () => /You drop after this round/.test(await phoneText('#mine-drop')), { message: 'the drop is asked' });
    const dropping = (await door()).entries.find((e) => e.number === 25).player;
    await asPhoneOf(0);
    await phone.execute('window.__stayed = true;');
    const before = await phoneText('#mine-table-number');
    const pairings = await cliData(['pairings', file]);
    const lines = pairings.tables.filter((t) => !t.result).map((t) => `${t.table} 1`);
    await app.executeAsync(`const done = arguments[arguments.length - 1];
      window.__TAURI_INTERNALS__.invoke('call', { name: 'record_results', request: { round: null, lines: ${JSON.stringify(lines)} } }).then(done, done);`);
    await nav(app, 'round', 'pair-round');
    await app.click('pair-round');
    await status(app, /Round 2 is paired/, { timeout: 60000 });
    const second = await cliData(['pairings', file]);
    const players = second.tables.flatMap((t) => [t.a.player, t.b.player]).concat(second.byes.map((b) => b.player));
    assert.ok(!players.includes(dropping), 'the player who asked to drop is not paired in round 2');
    // Round 1's result is in the record; the page shows round 2 (22 players: no bye).
    await waitFor(async () => /Round 2/.test(await phoneText('#round')) && /Record (1-0|0-1)-0/.test(await phoneText('#mine-record')), { timeout: 8000, message: 'the phone shows round 2' });
    assert.equal(await phone.execute('return window.__stayed === true'), true, 'no reload');
    console.log(`# the phone's table: round 1 "${before}", round 2 "${await phoneText('#mine-table-number')}"`);
    await phone.screenshot('door-phone-round-2');
  });

  step('a reissued ticket shuts the old phone out at its next step, in English and Japanese', async () => {
    const players = (await door()).entries.filter((e) => e.player !== null && e.number !== 1 && e.number !== 25);
    for (const [entry, language, refused] of [[players[0], 'en', /player ticket/], [players[1], 'ja', /プレイヤーチケット/]]) {
      await phone.execute(`localStorage.setItem('tablekeeper.room.language', '${language}');`);
      // A page of another path first: the ticket's address then loads the page anew, in
      // that language (a change of the address's fragment alone would not).
      await phone.cmd('POST', '/url', { url: `http://127.0.0.1:${port}/enter` });
      await asPhoneOf(entry.number - 1);
      await app.executeAsync(`const done = arguments[arguments.length - 1];
        window.__TAURI_INTERNALS__.invoke('call', { name: 'reissue_player_code', request: { player: '${entry.player}' } }).then(done, done);`);
      await waitFor(async () => refused.test(await phoneText('#me-status')), { timeout: 8000, message: `the old phone is refused (${language})` });
      assert.equal(await phone.execute(`return localStorage.getItem('tablekeeper.room.me')`), null, 'the phone forgot the old code');
      await phone.screenshot(`door-phone-reissued-${language}`);
    }
    await phone.execute(`localStorage.setItem('tablekeeper.room.language', 'en');`);
  });

  step('the Standings screen shows what each player needs for a top 8, as the CLI does', async () => {
    await nav(app, 'standings', 'cut-line-panel');
    await app.type('cut-line-size', '8');
    await app.click('cut-line-show');
    await app.waitForText('cut-line-summary', /Top 8, 2 Swiss rounds left; the next one is paired/, { timeout: 15000 });
    const shown = await app.execute(`return [...document.querySelectorAll('[data-testid=cut-line-row]')].map((r) => [Number(r.dataset.player), r.cells[3].textContent])`);
    const cli = await cliData(['projection', file, '--cut', '8']);
    assert.equal(shown.length, cli.rows.length);
    const words = { 'locked': 'Locked in', 'in-with-win': 'In with a win', 'in-with-draw': 'In with a draw', 'can-still-make-it': 'Can still make it', 'out': 'Out' };
    for (const [player, text] of shown) {
      const row = cli.rows.find((r) => r.player === player);
      if (row.chance !== 'depends') assert.equal(text, words[row.chance], `player ${player}`);
      else assert.match(text, /^Depends/, `player ${player}`);
    }
    await app.execute(`document.querySelector('[data-testid=cut-line-panel]').scrollIntoView()`);
    await app.screenshot('door-cut-line');
  });

  step('a lottery over the same entries and seed gives the same draw', async () => {
    const deadline = new Date(Date.now() + 3600_000).toISOString();
    const drawn = [];
    for (const copy of ['a', 'b']) {
      const path = join(home, `lottery-${copy}.tkevent`);
      await cliData(['create', path, '--name', 'Lottery', '--ruleset', 'bandai']);
      await cliData(['door', path, 'set', '--open', '--mode', 'lottery', '--seats', '24', '--closes-at', deadline]);
      for (const name of ENTRANTS) await cliData(['door', path, 'enter', name]);
      const seed = copy === 'a' ? [] : ['--seed', drawn[0].seed];
      const view = await cliData(['door', path, 'draw', ...seed]);
      drawn.push({ seed: view.lottery_seed, accepted: view.entries.filter((e) => e.state === 'accepted').map((e) => e.name), waiting: view.entries.filter((e) => e.state === 'waiting').sort((x, y) => x.place_in_line - y.place_in_line).map((e) => e.name) });
    }
    assert.equal(drawn[0].accepted.length, 24);
    assert.equal(drawn[0].waiting.length, 6);
    assert.deepEqual(drawn[1], drawn[0]);
  });
});
