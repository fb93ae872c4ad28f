// End-to-end: every capability that used to need the terminal, done in the REAL app window
//: default ruleset and title (Settings, with the About block), editing a player,
// a fixed table, tardiness (the ruleset's penalty shown, then applied), back to round N with
// the list of what it takes back, backups and restoring one, saving a copy, and re-entering a
// 40-player 4-round event played on paper (players, each round's pairings as given from CSV
// files, each round's results in bulk) with the standings compared with the CLI's. Then the
// app started with a file that does not open (the Start screen says why), and an event held
// by another Tablekeeper (the read-only banner).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { writePaperEvent, DROPPED_AFTER_ROUND_2, PLAYERS as PAPER_PLAYERS } from './fixtures/paper-event.mjs';
import {
  chooseFile,
  clearStatus,
  cliData,
  cliRows,
  closeEvent,
  count,
  endRun,
  enterResult,
  errorShown,
  nav,
  resultRows,
  rowSel,
  status,
  stepper,
  testHome,
  uiStandings,
} from './steps.mjs';
import { ENTER, startDriver, waitFor } from './webdriver.mjs';

const home = testHome('capabilities');
const context = { app: null, failed: false };
const step = stepper(context, 'capabilities');
const PLAYERS = ['Alice Archer', 'Bob Baker', 'Carol Chen', 'Dmitri Dvorak', 'Emma Evans', 'Gina Gomez', 'Hiro Hayashi', 'Ivan Ilic'];

let driver = null;

/**
 * Quits the app and starts it again (with `args`) under a fresh driver: a session the
 * WebKit driver fails to end (seen once on a busy machine: the DELETE never answered) cannot
 * hold up the next step.
 */
async function restartApp(args = []) {
  await quitApp();
  app = context.app = await driver.newSession({ args });
  return app;
}

/** Quits the app; the driver is started again, ready for the next session. */
async function quitApp() {
  try {
    await app?.close();
  } catch (error) {
    console.log(`# closing the app's session failed (${error.message}); the driver is restarted`);
  }
  await driver.stop();
  driver = await startDriver({ home });
}
let app = null;

/** Opens a <details> panel by its data-testid (clicking its summary). */
async function openPanel(testid) {
  await app.execute(`const d = document.querySelector('[data-testid="${testid}"]'); if (d && !d.open) d.querySelector('summary').click();`);
}

/** The row of the player named `name` on the Registration screen. */
async function playerRowId(name) {
  return waitFor(
    () => app.execute(`return [...document.querySelectorAll('[data-testid=player-row]')].find((tr) => tr.cells[1].textContent === arguments[0])?.dataset.player ?? null`, [name]),
    { message: `the row of ${name}` },
  );
}

async function openDetails(name) {
  const id = await playerRowId(name);
  // A click can land on the neighbouring row when the list moves under the pointer (the
  // status line above it appearing); then the other player's details open: click again.
  for (let attempt = 1; ; attempt++) {
    await app.click(`[data-testid=player-row][data-player="${id}"] [data-testid=edit-row]`);
    try {
      await app.find(`[data-testid=player-edit][data-player="${id}"]`, { timeout: attempt < 3 ? 5000 : 15000 });
      return id;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function pair(round) {
  await nav(app, 'round', 'pair-round');
  await clearStatus(app);
  await app.click('pair-round');
  try {
    await status(app, `Round ${round} is paired`, { timeout: 10000 });
    return;
  } catch {
    // A click lost under a loaded machine (seen once in a full run): click again only while
    // the event still has not paired the round, so a slow pairing is never paired twice.
    if (!(await app.text('event-summary')).includes(`Round ${round} of`)) await app.click('pair-round');
  }
  await status(app, `Round ${round} is paired`, { timeout: 60000 });
}

describe('every capability in the window', () => {
  const state = { event: null, paper: null, restoredKept: null };

  before(async () => {
    driver = await startDriver({ home });
    app = context.app = await driver.newSession();
    await app.setTimeouts({ script: 120000 });
  });

  after(() => endRun(context, driver, home));

  step('Settings: About shows the version and both folders', async () => {
    await app.find('create-event', { timeout: 30000 });
    await nav(app, 'settings', 'about');
    assert.match(await app.text('about-version'), /^\d+\.\d+\.\d+/);
    assert.equal(await app.text('about-events-folder'), join(home, 'events'));
    assert.equal(await app.text('about-data-folder'), join(home, 'app-data'));
  });

  step('Settings: a default title and ruleset are kept and chosen when creating', async () => {
    await app.select('settings-default-title', 'digimon');
    await app.select('settings-default-ruleset', 'bandai');
    await clearStatus(app);
    await app.click('settings-save-defaults');
    await status(app, 'Saved the defaults for new events');
    const preferences = JSON.parse(readFileSync(join(home, 'app-data', 'preferences.json'), 'utf8'));
    assert.equal(preferences.default_title, 'digimon');
    assert.equal(preferences.default_ruleset, 'bandai');
    await nav(app, 'start', 'event-title');
    assert.equal(await app.property('event-title', 'value'), 'digimon');
    assert.equal(await app.property('event-ruleset', 'value'), 'bandai');
    await app.type('event-name', 'Capabilities Cup');
    await app.type('event-rounds', '3');
    await app.click('create-event');
    await status(app, 'Created Capabilities Cup');
    assert.match(await app.text('event-summary'), /Capabilities Cup · Bandai/);
  });

  step('Settings: a mirror folder (a USB stick) keeps a whole copy of the event', async () => {
    const stick = join(home, 'STICK');
    mkdirSync(stick, { recursive: true });
    await nav(app, 'settings', 'settings-mirror');
    await app.type('mirror-folder', stick);
    await clearStatus(app);
    await app.click('mirror-use');
    await status(app, `The event is mirrored into ${stick}`);
    await app.waitForText('mirror-state', /Mirrored: the copy in .* has every change/);
    assert.ok(readdirSync(stick).some((name) => name.endsWith('.tkevent')), `a copy in ${stick}`);
    await nav(app, 'registration', 'player-bulk');
  });

  step('Settings: another shop’s bundle waits until its fingerprint is trusted, then counts', async () => {
    // Shop B, on its own library: a regular added and sent through the exchange folder.
    const exchangeFolder = join(home, 'EXCHANGE');
    mkdirSync(exchangeFolder, { recursive: true });
    const shopB = join(home, 'shop-b', 'players.tklibrary');
    await cliData(['exchange', '--library', shopB, 'name', 'Shop B']);
    await cliData(['library', '--library', shopB, 'add', 'Kenji Sato', '--reading', 'サトウ ケンジ']);
    const sent = await cliData(['exchange', '--library', shopB, 'export', '--to', exchangeFolder]);
    assert.equal(sent.changes, 1);
    const b = (await cliData(['exchange', '--library', shopB, 'status'])).shop.fingerprint;
    await nav(app, 'settings', 'settings-exchange');
    assert.match(await app.text('exchange-fingerprint'), /^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    await app.clear('exchange-shop-name');
    await app.type('exchange-shop-name', 'Capabilities Shop');
    await clearStatus(app);
    await app.click('exchange-save-name');
    await status(app, "The shop's name is saved");
    await app.type('exchange-folder', exchangeFolder);
    await clearStatus(app);
    await app.click('exchange-use');
    await status(app, `Files are exchanged through ${exchangeFolder}`);
    await clearStatus(app);
    await app.click('exchange-check');
    await status(app, 'Nothing new from the other shops');
    await app.waitForText('[data-testid=exchange-outcome][data-outcome=waiting]', /not trusted here yet/);
    await app.waitForText('exchange-waiting-shop', b);
    await app.screenshot('cap-exchange-waiting');
    await clearStatus(app);
    await app.click('exchange-trust');
    await status(app, /Taken: 0 events and 1 library changes/);
    await app.waitForText('exchange-trusted', `Shop B (${b})`);
    await clearStatus(app);
    await app.click('exchange-send');
    const said = await status(app, /written to|Nothing new to send/);
    // Shop B sees this shop's bundle (if one was written) waiting for its trust in turn.
    const seen = await cliData(['exchange', '--library', shopB, 'import', exchangeFolder]);
    const waiting = seen.bundles.filter((bundle) => bundle.outcome === 'waiting').length;
    assert.equal(waiting, /written to/.test(said) ? 1 : 0, JSON.stringify(seen.bundles));
    await nav(app, 'registration', 'player-bulk');
  });

  step('Registration: a player is corrected after registering (name, reading, ID, nickname)', async () => {
    await app.find('player-bulk');
    await app.execute(`document.querySelector('[data-testid=player-bulk]').closest('details').open = true`);
    await app.type('player-bulk', PLAYERS.join(ENTER));
    await app.click('add-players-bulk');
    await waitFor(async () => (await count(app, 'player-row')) === 8, { message: '8 players' });
    const id = await openDetails('Bob Baker');
    for (const [testid, value] of [
      ['edit-name', 'Robert Baker'],
      ['edit-reading', 'ロバート・ベイカー'],
      ['edit-publisher-id', 'BB-0002'],
      ['edit-nickname', 'Bobby'],
    ]) {
      await app.clear(testid);
      await app.type(testid, value);
    }
    await clearStatus(app);
    await app.click('edit-save');
    await status(app, `Saved the details of player ${id} (Robert Baker)`);
    await playerRowId('Robert Baker');
    assert.equal(await app.property('edit-reading', 'value'), 'ロバート・ベイカー');
    assert.equal(await app.property('edit-publisher-id', 'value'), 'BB-0002');
    assert.equal(await app.property('edit-nickname', 'value'), 'Bobby');
    await app.screenshot('cap-01-player-details');
    PLAYERS[1] = 'Robert Baker';
  });

  step('Registration: a player keeps a fixed table, and round 1 seats them there', async () => {
    await nav(app, 'registration', 'player-list');
    await openDetails('Emma Evans');
    await app.clear('fixed-table-input');
    await app.type('fixed-table-input', '4');
    await clearStatus(app);
    await app.click('fixed-table-set');
    await status(app, 'Emma Evans stays at table 4 every round');
    await app.waitForText(`[data-testid=player-row][data-player="5"]`, 'fixed at table 4');
    await pair(1);
    await app.waitForText(rowSel('pairing-row', 4), 'Emma Evans');
  });

  step('Tardiness: the ruleset’s penalty for the minutes is shown, then applied', async () => {
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 4, { message: '4 tables' });
    const [table1] = await resultRows(app);
    await nav(app, 'registration', 'player-list');
    await openDetails(table1.a);
    await app.type('tardy-minutes', '3');
    await app.click('tardy-check');
    await app.waitForText('tardy-preview', '3 minutes late: the ruleset gives no penalty');
    assert.equal(await app.property('tardy-apply', 'disabled'), true);
    await app.clear('tardy-minutes');
    await app.type('tardy-minutes', '12');
    // As with the rows above: a click that lands beside the button (the page moved under the
    // pointer) is made again; the preview is what the test reads.
    for (let attempt = 1; ; attempt++) {
      await app.click('tardy-check');
      try {
        await app.waitForText('tardy-preview', '12 minutes late: the ruleset gives Match loss', { timeout: attempt < 3 ? 5000 : 15000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await clearStatus(app);
    // The same for Apply, made again only while no penalty was recorded (the event's own
    // list says), so a click that did land is never made twice.
    const penalties = () => app.executeAsync(`const done = arguments[arguments.length - 1];
      window.__TAURI_INTERNALS__.invoke('call', { name: 'penalties', request: null }).then((a) => done(a.data.length), () => done(-1));`);
    const before = await penalties();
    for (let attempt = 1; ; attempt++) {
      await app.click('tardy-apply');
      try {
        await status(app, `Recorded Match loss for ${table1.a}`, { timeout: 5000 });
        break;
      } catch (error) {
        if ((await penalties()) !== before) {
          await status(app, `Recorded Match loss for ${table1.a}`, { timeout: 15000 });
          break;
        }
        if (attempt >= 3) throw error;
      }
    }
    await nav(app, 'results', 'penalty-list');
    await app.waitForText('penalty-list', `${table1.a} — Match loss`);
    await app.waitForText('history', /match loss/i);
  });

  step('Back to round 2: the list of what it takes back, then going back', async () => {
    for (const row of await resultRows(app)) if (!row.entered) await enterResult(app, row.table, `${row.table} 1`);
    await app.waitForText('outstanding-tables', 'All results are in.');
    await pair(2);
    await nav(app, 'results', 'result-input');
    await waitFor(async () => (await count(app, 'result-row')) === 4, { message: 'round 2 tables' });
    await enterResult(app, 1, '1 2');
    await enterResult(app, 2, '2 1');
    await nav(app, 'round', 'back-panel');
    await openPanel('back-panel');
    await app.clear('back-round-input');
    await app.type('back-round-input', '2');
    await app.click('back-preview');
    await app.find('back-list');
    const steps = await app.execute(`return [...document.querySelectorAll('[data-testid=back-step]')].map((li) => li.textContent)`);
    assert.ok(steps.length >= 3, `pairing round 2 and two results are taken back: ${JSON.stringify(steps)}`);
    assert.ok(steps.some((s) => /round 2/i.test(s)), JSON.stringify(steps));
    await app.screenshot('cap-02-back-to-round');
    await clearStatus(app);
    await app.click('back-confirm');
    await status(app, /Went back to before round 2: \d+ steps taken back/);
    await app.waitForText('event-summary', 'Round 1 of 3');
    await app.waitForText('#pairings-heading', 'round 1');
  });

  step('Backups: the list, and restoring one keeps the event as it was beside it', async () => {
    await nav(app, 'start', 'backups');
    await waitFor(async () => (await count(app, 'backup-row')) >= 1, { message: 'backups in the list' });
    const rows = await app.execute(`return [...document.querySelectorAll('[data-testid=backup-row]')].map((tr) => tr.cells[0].textContent)`);
    for (const file of rows) assert.ok(existsSync(file), `${file} exists`);
    // The oldest backup: the event when round 1 was paired.
    const buttons = await app.findAll('backup-restore');
    await app.click(buttons[buttons.length - 1]);
    await app.find('restore-confirm');
    assert.match(await app.text('restore-question'), /Replace the open event with the backup/);
    await app.screenshot('cap-03-restore-question');
    await clearStatus(app);
    await app.click('restore-confirm');
    await status(app, 'Restored the backup');
    const kept = await app.waitForText('restore-result', /kept as /);
    state.restoredKept = /kept as (.+)\.$/.exec(kept)?.[1] ?? '';
    assert.ok(existsSync(state.restoredKept), `the event before the restore is kept: ${state.restoredKept}`);
    assert.match(await app.text('event-summary'), /Capabilities Cup/);
  });

  step('Save a copy: written where asked, readable by the CLI; asks before replacing', async () => {
    const folder = join(home, 'stick');
    mkdirSync(folder, { recursive: true });
    const target = join(folder, 'capabilities-copy.tkevent');
    await nav(app, 'start', 'copy-path');
    await app.clear('copy-path');
    await app.type('copy-path', target);
    await clearStatus(app);
    await app.click('copy-save');
    await status(app, `Saved a copy as ${target}`);
    const copy = await cliData(['status', target]);
    assert.equal(copy.name, 'Capabilities Cup');
    await app.click('copy-save');
    await errorShown(app, /already exists|exists/i);
    await app.click('copy-replace-confirm');
    await status(app, `Saved a copy as ${target}`);
  });

  step('Start-up: a file the app was started with that does not open is explained', async () => {
    const broken = join(home, 'broken.tkevent');
    writeFileSync(broken, 'this is not an event file\n'.repeat(100));
    await restartApp([broken]);
    const text = await app.waitForText('startup-error', /not a Tablekeeper event file/, { timeout: 30000 });
    assert.ok(text.includes(broken), text);
    assert.equal(await app.text('event-summary'), 'No event open');
    await app.screenshot('cap-06-startup-error');
  });

  step('Read-only: an event another Tablekeeper holds opens with a banner, and changes are refused', async () => {
    await quitApp();
    const events = readdirSync(join(home, 'events')).filter((f) => f.startsWith('Capabilities-Cup') && f.endsWith('.tkevent'));
    const file = join(home, 'events', events[0]);
    // Another Tablekeeper: an OS lock on <event>.lock, as the store takes it.
    writeFileSync(`${file}.lock`, 'process 4242 on the judges’ laptop');
    const holder = spawn('flock', ['-x', `${file}.lock`, '-c', 'sleep 120'], { stdio: 'ignore', detached: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      app = context.app = await driver.newSession({ args: [file] });
      const banner = await app.waitForText('read-only-banner', /Read only:/, { timeout: 30000 });
      assert.match(banner, /another Tablekeeper has this event open/);
      assert.match(banner, /save a copy on the Event screen/);
      await app.screenshot('cap-04-read-only');
      await nav(app, 'registration', 'player-name-input');
      await app.type('player-name-input', `Late Comer${ENTER}`);
      await errorShown(app, /open in another Tablekeeper/);
    } finally {
      try {
        process.kill(-holder.pid, 'SIGTERM');
      } catch {
        holder.kill('SIGTERM');
      }
    }
  });
  step('Paper event: 40 players imported from CSV', async () => {
    state.paper = writePaperEvent(join(home, 'paper'));
    await restartApp();
    await app.find('create-event', { timeout: 30000 });
    await nav(app, 'start', 'event-name');
    await app.select('event-title', '');
    await app.select('event-ruleset', 'bandai');
    await app.type('event-name', 'Paper Re-entry');
    await app.type('event-rounds', '4');
    await app.click('create-event');
    await status(app, 'Created Paper Re-entry');
    await chooseFile(app, 'import-file', state.paper.players);
    await app.waitForText('import-preview', 'Players to import: 40');
    await app.click('import-confirm');
    await status(app, 'Imported 40 players');
    await app.waitForText('player-count', '40 registered, 40 playing');
  });

  for (const round of [1, 2, 3, 4]) {
    step(`Paper event: round ${round} entered as given from its CSV file, results in bulk`, async () => {
      const given = state.paper.rounds[round - 1];
      await nav(app, 'round', 'given-panel');
      await openPanel('given-panel');
      await chooseFile(app, 'given-csv', given.pairing);
      await app.clear('given-csv-reason');
      await app.type('given-csv-reason', 'played on paper during the power cut');
      await clearStatus(app);
      await app.click('given-csv-enter');
      await status(app, `Round ${round} was entered as given`, { timeout: 60000 });
      await waitFor(async () => (await count(app, 'pairing-row')) === given.lines.length, { message: `${given.lines.length} tables` });
      const warnings = (await app.exists('pairing-warnings')) ? await app.text('pairing-warnings') : '';
      if (round === 3) assert.match(warnings, /have different points/, warnings);
      if (round === 4) {
        assert.match(warnings, /rematch: Paper Player 01 and Paper Player 21 have already played each other/, warnings);
        assert.match(warnings, /second bye/, warnings);
      }
      if (round <= 2) assert.equal(warnings, '', 'rounds 1 and 2 are as the pairer would have them');
      if (round === 4) await app.screenshot('cap-05-paper-round-warnings');
      await nav(app, 'results', 'bulk-panel');
      await openPanel('bulk-panel');
      await app.type('bulk-results', given.lines.join(ENTER));
      await clearStatus(app);
      await app.click('bulk-record');
      await status(app, `Recorded ${given.lines.length} results`, { timeout: 60000 });
      await app.waitForText('outstanding-tables', 'All results are in.');
      if (round === 2) {
        await app.execute("document.querySelector('[data-testid=results-more]').open = true; return true;");
        await app.type('drop-player-input', DROPPED_AFTER_ROUND_2);
        await clearStatus(app);
        await app.click('drop-player');
        await status(app, `${DROPPED_AFTER_ROUND_2} has dropped`);
      }
    });
  }

  step('Paper event: the standings equal the CLI’s, on the app’s file and re-entered by the CLI', async () => {
    await nav(app, 'standings', 'standings-table');
    await waitFor(async () => (await count(app, 'standings-row')) === 40, { message: '40 standings rows' });
    assert.match(await app.text('main h3'), /After 4 completed rounds/);
    const shown = await uiStandings(app);
    const file = JSON.parse(JSON.stringify(await app.execute(`return document.querySelector('[data-testid=event-summary]').textContent`)));
    assert.match(file, /Paper Re-entry/);
    await closeEvent(app, 'Closed Paper Re-entry');
    const events = readdirSync(join(home, 'events')).filter((f) => f.startsWith('Paper-Re-entry') && f.endsWith('.tkevent'));
    assert.equal(events.length, 1, `one paper event file: ${events}`);
    const appFile = join(home, 'events', events[0]);
    assert.deepEqual(shown, cliRows(await cliData(['standings', appFile])), 'the window shows what the CLI computes from the same file');

    // The same paper event re-entered with the CLI gives every player the same points and
    // tiebreakers (ranks among fully tied players follow each event's own random seed).
    const reference = join(home, 'paper', 'cli.tkevent');
    await cliData(['create', '--name', 'Paper (CLI)', '--ruleset', 'bandai', '--rounds', '4', reference]);
    await cliData(['import-players', reference, state.paper.players]);
    for (const given of state.paper.rounds) {
      await cliData(['enter-pairing', '--reason', 'paper', reference, given.pairing]);
      await cliData(['results', reference, given.results]);
      if (given.round === 2) await cliData(['drop', reference, DROPPED_AFTER_ROUND_2]);
    }
    const byName = (rows) => Object.fromEntries(rows.map((r) => [r.name, { points: r.points, tiebreakers: r.tiebreakers }]));
    assert.deepEqual(byName(shown), byName(cliRows(await cliData(['standings', reference]))));
    assert.deepEqual(shown.map((r) => r.name).sort(), [...PAPER_PLAYERS].sort());
  });

});
