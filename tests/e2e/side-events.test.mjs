// End-to-end: a main event and two side events open together in the REAL window.
// The main event's players are typed once and join the shop's library by themselves; the
// side events register regulars from the library by typing two letters. Rounds are paired and
// played interleaved through the header's switcher, and no table number is used twice. The
// projector shows the three events' clocks. The app is killed mid-round in one side event:
// every result entered before the kill is in its file, and the other two events are intact.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { ENTER, cliData, enterResult, freePort, nav, onProjector, shareOn, status, clearStatus, stepper, testHome } from './steps.mjs';
import { startDriver, waitFor } from './webdriver.mjs';

const home = testHome('side-events');
const context = { app: null, failed: false };
const ARROW_DOWN = '\uE015';
const step = stepper(context, 'side-events');
const MAIN = ['Emma Novak', '佐藤 花子', 'Иван Петров', 'Ben Carter', 'Aiko Tanaka', 'Noah Olsen', 'Liam Kim', 'Mia Rossi'];
const library = join(home, 'app-data', 'players.tklibrary');

let driver = null;
let app = null;
/** Each event's file, as its Start screen reported it. */
const files = {};

async function createEvent(name) {
  await nav(app, 'start', 'event-name');
  await app.type('event-name', name);
  await app.type('event-rounds', '3');
  await clearStatus(app);
  await app.click('create-event');
  const shown = await status(app, `Created ${name}`);
  const file = /\((.+)\)\.$/.exec(shown)?.[1];
  assert.ok(file, `the file is named: ${shown}`);
  files[name] = file;
  await nav(app, 'registration', 'player-name-input');
}

async function typePlayers(names) {
  for (const name of names) {
    await clearStatus(app);
    await app.type('player-name-input', `${name}${ENTER}`);
    await status(app, name);
  }
}

/** Registers a regular from the library in the one box: two letters, ↓ to the first regular, Enter. */
async function fromLibrary(letters, name) {
  await app.clear('player-name-input');
  await app.type('player-name-input', letters);
  await waitFor(async () => (await app.text('library-suggestions')).includes(name), { message: `${name} suggested for "${letters}"` });
  const first = await app.execute(`return document.querySelector('[data-testid=library-suggestion]').textContent`);
  assert.ok(first.includes(name), `${name} first for "${letters}": ${first}`);
  // Two letters alone would add a new player: the regular is chosen with the arrow.
  assert.equal(await app.attribute('new-player-option', 'aria-selected'), 'true');
  await clearStatus(app);
  await app.type('player-name-input', ARROW_DOWN);
  await waitFor(async () => (await app.attribute('library-suggestion', 'aria-selected')) === 'true', { message: 'the first regular chosen' });
  await app.type('player-name-input', ENTER);
  await status(app, `Registered ${name}`);
}

async function switchTo(name) {
  const options = await app.execute(`return [...document.querySelectorAll('[data-testid=event-switcher] option')].map((o) => [o.value, o.textContent])`);
  const wanted = options.find(([, text]) => text.startsWith(`${name} —`));
  assert.ok(wanted, `${name} in the switcher: ${JSON.stringify(options)}`);
  await clearStatus(app);
  await app.select('event-switcher', wanted[0]);
  await status(app, `${name} is the event you are working on now.`);
}

async function pair(round) {
  await nav(app, 'round', 'pair-round');
  await clearStatus(app);
  await app.click('pair-round');
  await status(app, `Round ${round} is paired`);
  return app.execute(`return [...document.querySelectorAll('[data-testid=pairing-row]')].map((tr) => Number(tr.dataset.table))`);
}

function appPid() {
  const out = execFileSync('pgrep', ['-n', '-f', 'tablekeeper-app'], { encoding: 'utf8' }).trim();
  return Number(out);
}

describe('a main event and two side events open together', () => {
  before(async () => {
    driver = await startDriver({ home });
    app = context.app = await driver.newSession();
  });

  after(async () => {
    try {
      await app?.close().catch(() => {});
    } finally {
      await driver?.stop();
      if (!context.failed && !process.env.E2E_KEEP) execFileSync('rm', ['-rf', home]);
      else console.log(`# kept ${home}`);
    }
  });

  const tables = {};

  step('the main event: eight players typed once join the library', async () => {
    await app.find('create-event', { timeout: 30000 });
    await createEvent('Main');
    await typePlayers(MAIN);
    const regulars = await cliData(['library', '--library', library, 'list']);
    assert.deepEqual(regulars.map((p) => p.name).sort(), [...MAIN].sort());
  });

  step('side event A: regulars registered from the library by two letters, tables from 101', async () => {
    await createEvent('Side A');
    await fromLibrary('em', 'Emma Novak');
    await fromLibrary('佐藤', '佐藤 花子');
    await fromLibrary('ив', 'Иван Петров');
    await typePlayers(['Olivia Brown']);
    assert.equal(await app.property('table-first', 'value'), '101');
  });

  step('side event B: its own players, tables from 201', async () => {
    await createEvent('Side B');
    await fromLibrary('ben', 'Ben Carter');
    await typePlayers(['Hana Kim', 'Lucas Silva', 'Ava Garcia']);
    assert.equal(await app.property('table-first', 'value'), '201');
  });

  step('rounds interleaved through the switcher; no table number used twice', async () => {
    tables['Side B'] = await pair(1);
    await switchTo('Main');
    tables.Main = await pair(1);
    await switchTo('Side A');
    tables['Side A'] = await pair(1);
    assert.deepEqual(tables.Main, [1, 2, 3, 4]);
    assert.deepEqual(tables['Side A'], [101, 102]);
    assert.deepEqual(tables['Side B'], [201, 202]);
    const all = Object.values(tables).flat();
    assert.equal(new Set(all).size, all.length, `every table number once: ${all}`);
    // Results interleaved: main table 1, side B table 201, main table 2.
    await switchTo('Main');
    await nav(app, 'results', 'result-input');
    await enterResult(app, 1, '1 a');
    await switchTo('Side B');
    await nav(app, 'results', 'result-input');
    await enterResult(app, 201, '201 b');
    await switchTo('Main');
    await nav(app, 'results', 'result-input');
    await enterResult(app, 2, '2 a');
  });

  step('the projector shows the three events with their rounds', async () => {
    await nav(app, 'timer', 'timer-projector');
    await onProjector(app, 'timer-projector', async () => {
      await waitFor(async () => (await app.findAll('[data-testid="projector-event"]')).length === 3, { message: 'three events on the projector' });
      const text = await app.text('projector-events');
      for (const name of ['Main', 'Side A', 'Side B']) assert.ok(text.includes(name), text);
    });
  });

  step("the phones' page lists every open event and follows one while the scorekeeper switches", async () => {
    await switchTo('Main');
    const port = await freePort();
    await shareOn(app, port);
    const room = async (code) => {
      const headers = { 'Content-Type': 'application/json', ...(code ? { 'X-Event': code } : {}) };
      const response = await fetch(`http://127.0.0.1:${port}/api/call/room`, { method: 'POST', headers, body: 'null' });
      return (await response.json()).data;
    };
    const shared = await room();
    assert.equal(shared.event, 'Main');
    assert.deepEqual(shared.events.map((e) => e.name).sort(), ['Main', 'Side A', 'Side B']);
    const sideB = shared.events.find((e) => e.name === 'Side B').code;
    assert.deepEqual((await room(sideB)).tables.map((t) => t.table), tables['Side B']);
    // The scorekeeper works on another event: the phones keep the shared one.
    await switchTo('Side A');
    assert.equal((await room()).event, 'Main');
    assert.equal((await room(sideB)).event, 'Side B');
  });

  step('killed mid-round in side event A: every file keeps what was entered', async () => {
    await switchTo('Side A');
    await nav(app, 'results', 'result-input');
    await enterResult(app, 101, '101 a');
    process.kill(appPid(), 'SIGKILL');
    await driver.stop();
    const round = async (name) => (await cliData(['pairings', files[name], '--round', '1'])).tables;
    const main = await round('Main');
    assert.deepEqual(main.map((t) => t.table), tables.Main);
    assert.deepEqual(main.filter((t) => t.result).map((t) => t.table), [1, 2]);
    const sideA = await round('Side A');
    assert.deepEqual(sideA.filter((t) => t.result).map((t) => t.table), [101]);
    const sideB = await round('Side B');
    assert.deepEqual(sideB.filter((t) => t.result).map((t) => t.table), [201]);
    // The app opens again; the library kept everyone.
    driver = await startDriver({ home });
    app = context.app = await driver.newSession({ args: [files['Side A']] });
    await app.find('event-summary');
    const regulars = await cliData(['library', '--library', library, 'list']);
    assert.equal(regulars.length, MAIN.length + 4, 'typed players joined the library, once each');
  });
});
