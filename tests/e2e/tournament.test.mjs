// End-to-end: a whole small tournament driven through the REAL Tablekeeper window
// (Tauri v2 / WebKitGTK) with WebDriver. Run with tests/e2e/run.sh (needs the app and the
// CLI built: target/debug/tablekeeper-app, target/debug/tablekeeper).
//
// 9 players (one Japanese name) on the Bandai ruleset, 3 Swiss rounds with a bye every
// round, a draw, a double loss, an undo (Ctrl+Z) and the result entered again, a cancelled
// replace, a drop, a top 4 cut played to a champion, a standings CSV export, the timer and
// the Japanese interface. The standings the window shows are compared with
// `tablekeeper --json standings` on the same event file (after closing it in the app, which
// holds the file's lock while it is open).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';

import { APP_BINARY, CLI_BINARY, CONTROL, ENTER, REPO, startDriver, waitFor } from './webdriver.mjs';
import { onProjector } from './steps.mjs';

const run = promisify(execFile);
const ja = JSON.parse(readFileSync(join(REPO, 'crates', 'words', 'locales', 'ja.json'), 'utf8')).ui;

const PLAYERS = ['Alice Archer', 'Bob Baker', 'Carol Chen', 'Dmitri Dvorak', 'Emma Evans', '山田太郎', 'Gina Gomez', 'Hiro Hayashi', 'Ivan Ilic'];
const ROUNDS = 3;
const STEP_TIMEOUT = 120_000;

// Each run gets its own folder, also used as TABLEKEEPER_HOME (and the webview's XDG folders,
// so the language chosen in Settings does not leak into the next run).
const home = process.env.E2E_HOME ? mkdtempSync(join(process.env.E2E_HOME, 'tournament-')) : mkdtempSync(join(tmpdir(), 'tk-e2e-'));

let driver = null;
let app = null;
let failed = false;

/** Runs the steps in order; once one fails the rest are skipped (they build on it). */
function step(name, body) {
  it(name, { timeout: STEP_TIMEOUT }, async (t) => {
    if (failed) return t.skip('an earlier step failed');
    try {
      await body(t);
    } catch (error) {
      failed = true;
      await app?.screenshot(`failure-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
      throw error;
    }
  });
}

// ---- helpers on top of the client ---------------------------------------------------------

const rowSel = (testid, table) => `[data-testid="${testid}"][data-table="${table}"]`;

async function nav(route, ready) {
  await app.click(`nav-${route}`);
  await waitFor(async () => (await app.execute('return location.hash')) === `#/${route}`, { message: `route #/${route}` });
  if (ready) await app.find(ready);
}

/** The status line (aria-live) once it matches; a timeout names the error the app shows. */
async function status(test, { timeout = 15000 } = {}) {
  let last = '';
  let error = '';
  return waitFor(
    async () => {
      last = await app.text('status');
      error = (await app.text('error')).trim();
      return (typeof test === 'string' ? last.includes(test) : test.test(last)) ? last : null;
    },
    { timeout, message: () => `status matching ${test} (status: ${JSON.stringify(last)}, error area: ${JSON.stringify(error)})` },
  );
}

/**
 * Checks a UI fix made in `source` (under ui/src). The UI is embedded into the app binary at
 * build time, so a binary older than the fix gets a TODO instead of a failure.
 */
function expectFixed(t, source, ok, message) {
  if (ok) return;
  if (!process.env.CI && statSync(APP_BINARY).mtimeMs < statSync(join(REPO, 'ui', 'src', source)).mtimeMs) {
    t.todo(`${message} — fixed in ui/src/${source}; the app binary predates the fix, rebuild it`);
    return;
  }
  assert.fail(message);
}

async function count(selector) {
  return (await app.findAll(selector)).length;
}

/** Types a result into the keyboard box and presses Enter; waits until the table shows it. */
async function enterResult(table, keys) {
  const input = await app.find('result-input');
  await waitFor(async () => (await app.property(input, 'value')) === '', { message: 'an empty result box' });
  await app.type(input, `${keys}${ENTER}`);
  await app.find(`${rowSel('result-row', table)}.entered`);
  await waitFor(async () => (await app.property('result-input', 'value')) === '', { message: `result box cleared after "${keys}"` });
  await status(`Table ${table}:`);
}

/** Table numbers and seat names of the result rows the Results screen shows. */
async function resultRows() {
  return app.execute(`return [...document.querySelectorAll('[data-testid=result-row]')].map((tr) => ({
    table: Number(tr.dataset.table), a: tr.cells[1].textContent, b: tr.cells[2].textContent,
    entered: tr.classList.contains('entered'), result: tr.cells[3].textContent }))`);
}

async function pairRound(round) {
  await nav('round', 'pair-round');
  await app.click('pair-round');
  await status(`Round ${round} is paired`);
  await waitFor(async () => (await count('pairing-row')) === 4, { message: `4 tables in round ${round}` });
  const pairings = await app.execute(`return document.querySelector('#pairings-heading').textContent`);
  assert.match(pairings, new RegExp(`round ${round}\\b`, "i"));
  // 9 players: one bye every round.
  const byeLine = await app.execute(`return [...document.querySelectorAll('main p')].map((p) => p.textContent).find((t) => t.startsWith('Bye:')) ?? ''`);
  assert.match(byeLine, /^Bye: .+/, 'the round has a bye');
  return byeLine.slice('Bye: '.length);
}

async function uiStandings() {
  return app.execute(`return [...document.querySelectorAll('[data-testid=standings-row]')].map((tr) => ({
    rank: Number(tr.querySelector('[data-testid=standings-rank]').textContent),
    name: tr.querySelector('[data-testid=standings-name]').textContent,
    points: tr.querySelector('[data-testid=standings-points]').textContent,
    tiebreakers: [...tr.querySelectorAll('[data-testid=standings-tiebreaker]')].map((td) => td.textContent),
    player: Number(tr.dataset.player) }))`);
}

function eventFile() {
  const folder = join(home, 'events');
  const files = readdirSync(folder).filter((f) => f.endsWith('.tkevent'));
  assert.equal(files.length, 1, `one event file in ${folder}: ${files}`);
  return join(folder, files[0]);
}

async function cliStandings(file) {
  try {
    const { stdout } = await run(CLI_BINARY, ['--json', 'standings', file]);
    return { ok: true, json: JSON.parse(stdout) };
  } catch (error) {
    const out = error.stdout ? JSON.parse(error.stdout) : null;
    return { ok: false, json: out, error };
  }
}

// ---- the tournament -----------------------------------------------------------------------

describe('a 9-player Bandai tournament in the real app window', () => {
  const state = { dropped: null, byes: [], uiStandings: null, champion: null };

  before(async () => {
    driver = await startDriver({ home });
    // The first start of the app (fonts, WebKit caches) can take a few seconds.
    app = await driver.newSession();
    await app.setTimeouts({ script: 60000 });
  });

  after(async () => {
    try {
      await app?.close();
    } finally {
      await driver?.stop();
      if (!failed && !process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
      else console.log(`# kept ${home}`);
    }
  });

  step('shows the Start screen with nothing open', async () => {
    await app.find('create-event', { timeout: 30000 });
    assert.equal(await app.title(), 'Tablekeeper');
    assert.equal(await app.text('event-summary'), 'No event open');
    await app.screenshot('01-start');
  });

  step('creates a Bandai event with 3 planned rounds', async () => {
    await app.type('event-name', 'E2E Friday Digimon');
    await app.select('event-ruleset', 'bandai');
    await app.type('event-rounds', String(ROUNDS));
    await app.click('create-event');
    await status('Created E2E Friday Digimon');
    await app.find('player-name-input');
    assert.equal(await app.attribute('nav-registration', 'aria-current'), 'page');
    const summary = await app.text('event-summary');
    assert.match(summary, /E2E Friday Digimon · Bandai/);
    assert.match(summary, /3 Swiss rounds planned/);
    assert.ok(existsSync(eventFile()));
  });

  step('registers 9 players by typing names and Enter', async () => {
    const input = await app.find('player-name-input');
    for (const [index, name] of PLAYERS.entries()) {
      await app.type(input, `${name}${ENTER}`);
      await waitFor(async () => (await count('player-row')) === index + 1, { message: `${index + 1} player rows` });
      await waitFor(async () => (await app.property(input, 'value')) === '', { message: 'name box cleared' });
      // Focus stays in the box for the next name.
      assert.equal(await app.execute(`return document.activeElement?.dataset.testid ?? null`), 'player-name-input');
    }
    await app.waitForText('player-count', '9 registered, 9 playing');
    const names = await app.execute(`return [...document.querySelectorAll('[data-testid=player-row]')].map((tr) => tr.cells[1].textContent)`);
    assert.deepEqual(names, PLAYERS);
    await app.screenshot('02-registration');
  });

  step('round 1: pairs 4 tables and a bye', async () => {
    await nav('round', 'set-rounds-input');
    assert.equal(await app.property('set-rounds-input', 'value'), String(ROUNDS), 'the planned rounds are shown');
    state.byes.push(await pairRound(1));
    await app.screenshot('03-round-1-pairings');
  });

  step("round 1's pairings by name on the projector: every player once, the bye named", async () => {
    await onProjector(app, 'pairings-projector', async () => {
      await waitFor(async () => (await app.findAll('[data-testid="projector-pairing"]')).length === PLAYERS.length, { message: 'every player on the posted pairings' });
      const lines = await app.execute(`return [...document.querySelectorAll('[data-testid=projector-pairing]')].map((li) => [...li.children].map((c) => c.textContent))`);
      assert.deepEqual(lines.map((line) => line[1]).sort(), [...PLAYERS].sort());
      assert.equal(lines.filter((line) => line[2] === 'bye').length, 1, 'one bye');
      // Each table holds two players who name each other.
      for (const [table, name, versus] of lines.filter((line) => line[0] !== '—')) {
        assert.ok(lines.some((other) => other[0] === table && versus === `vs ${other[1]}` && other[2] === `vs ${name}`), `${name} at ${table}`);
      }
      await app.screenshot('03c-projector-pairings');
    });
  });

  step('round 1 results through the keyboard: win, draw, double loss, undo with Ctrl+Z', async (t) => {
    await nav('results', 'result-input');
    await waitFor(async () => (await count('result-row')) === 4, { message: '4 result rows' });
    await app.waitForText('outstanding-tables', 'Round 1: waiting for 4 tables');

    await enterResult(1, '1 1');
    await enterResult(2, '2 d');
    await enterResult(3, '3 x');
    await enterResult(4, '4 2');
    let rows = await resultRows();
    assert.match(rows[0].result, new RegExp(`^${rows[0].a} wins`));
    assert.match(rows[1].result, /draw/i);
    assert.match(rows[2].result, /double loss/i);
    assert.match(rows[3].result, new RegExp(`^${rows[3].b} wins`));

    // Ctrl+Z in the (empty) result box takes back the last result.
    assert.equal(await app.execute(`return document.activeElement?.dataset.testid ?? null`), 'result-input');
    await app.chord(CONTROL, 'z');
    await status(/^Undone: /);
    await app.find(`${rowSel('result-row', 4)}.missing`);
    await app.waitForText('outstanding-tables', 'Round 1: waiting for 1 table');
    await app.waitForText('history', '(undone)');

    // Table 4's slip scanned: a USB barcode scanner types the slip's code and Enter, as
    // keystrokes. Another event's slip is refused; this one goes to table 4.
    const { stdout } = await run(CLI_BINARY, ['--json', 'status', eventFile()]);
    const slipCode = JSON.parse(stdout).data.slip_code;
    assert.match(slipCode, /^[0-9A-F]{6}$/);
    const input = await app.find('result-input');
    const otherEvent = slipCode === '000000' ? '000001' : '000000';
    await app.type(input, `TK-${otherEvent}-1-4${ENTER}`);
    await app.waitForText('error', 'another event');
    await app.clear(input);
    await app.type(input, `TK-${slipCode}-1-4${ENTER}`);
    await waitFor(async () => (await app.property('result-input', 'value')) === '4 ', { message: 'the scanned slip names table 4' });
    await app.waitForText('result-preview', `Table 4: ${rows[3].a} vs ${rows[3].b}`);
    // Re-entered the other way round; the preview names the winner before Enter.
    await app.type(input, '1');
    await app.waitForText('result-preview', `Table 4: ${rows[3].a} vs ${rows[3].b} → ${rows[3].a} wins`);
    await app.type(input, ENTER);
    await app.find(`${rowSel('result-row', 4)}.entered`);
    await status('Table 4:');

    rows = await resultRows();
    assert.ok(rows.every((r) => r.entered));
    assert.match(rows[3].result, new RegExp(`^${rows[3].a} wins`));
    await app.waitForText('outstanding-tables', 'All results are in.');
    await app.screenshot('04-results');

    // Typing over an entered result asks before replacing; cancel keeps it.
    await app.type(input, `1 2${ENTER}`);
    await app.find('confirm-replace');
    assert.match(await app.text('error'), /already has a result/);
    await app.click('confirm-cancel');
    await waitFor(async () => !(await app.exists('confirm-replace')), { message: 'the question to close' });
    await app.clear(input);
    rows = await resultRows();
    assert.match(rows[0].result, new RegExp(`^${rows[0].a} wins`), 'table 1 unchanged after cancel');
    const leftOver = (await app.text('error')).trim();
    expectFixed(t, 'screens/results.ts', leftOver === '', `after Cancel the error still says: ${leftOver}`);
  });

  for (const round of [2, 3]) {
    step(`round ${round}: pair and enter every result`, async () => {
      let bye = await pairRound(round);
      if (round === 2) {
        await app.screenshot('03b-round-2-pairings');
        // Pair again before any result (a reason is required and logged); still 4 tables and a bye.
        await app.type('repair-reason', 'late table setup');
        await app.click('repair');
        await status('Round 2 was paired again');
        await waitFor(async () => (await count('pairing-row')) === 4, { message: '4 tables after pairing again' });
        const byeLine = await app.execute(`return [...document.querySelectorAll('main p')].map((p) => p.textContent).find((t) => t.startsWith('Bye:')) ?? ''`);
        assert.match(byeLine, /^Bye: .+/, 'the new pairing has a bye');
        bye = byeLine.slice('Bye: '.length);
      }
      state.byes.push(bye);
      await nav('results', 'result-input');
      await waitFor(async () => (await count('result-row')) === 4, { message: '4 result rows' });
      await app.waitForText('outstanding-tables', `Round ${round}: waiting for 4 tables`);
      for (const row of await resultRows()) {
        assert.equal(row.entered, false);
        await enterResult(row.table, `${row.table} ${row.table % 2 === 0 ? '2' : '1'}`);
      }
      await app.waitForText('outstanding-tables', 'All results are in.');
    });
  }

  step('the bye went to a different player every round', async () => {
    assert.equal(state.byes.length, ROUNDS);
    assert.equal(new Set(state.byes).size, ROUNDS, `byes: ${state.byes.join(', ')}`);
  });

  step('drops a player after the Swiss rounds (from the Results screen)', async () => {
    await nav('standings', 'standings-table');
    await waitFor(async () => (await count('standings-row')) === 9, { message: '9 standings rows' });
    const before = await uiStandings();
    state.dropped = before.at(-1).name; // the last-placed player leaves before the cut
    await nav('results', 'drop-player-input');
    await app.execute("document.querySelector('[data-testid=results-more]').open = true; return true;");
    await app.type('drop-player-input', state.dropped);
    await app.click('drop-player');
    await status(`${state.dropped} has dropped`);
    await nav('registration', 'player-list');
    await app.waitForText('player-count', '9 registered, 8 playing');
    const statusCell = await app.execute(
      `return [...document.querySelectorAll('[data-testid=player-row]')].find((tr) => tr.cells[1].textContent === arguments[0])?.cells[2].textContent`,
      [state.dropped],
    );
    assert.match(statusCell, /dropped/i);
  });

  step('standings after 3 rounds', async () => {
    await nav('standings', 'standings-table');
    await waitFor(async () => (await count('standings-row')) === 9, { message: '9 standings rows' });
    const table = await app.text('standings-table');
    assert.match(await app.execute(`return document.querySelector('main h3').textContent`), /After 3 completed rounds/);
    assert.ok(table.includes('山田太郎'));
    const rows = await uiStandings();
    assert.deepEqual(rows.map((r) => r.name).sort(), [...PLAYERS].sort());
    const droppedRow = await app.execute(`return document.querySelector('[data-testid=standings-row].inactive [data-testid=standings-name]')?.textContent`);
    assert.equal(droppedRow, state.dropped, 'the dropped player is marked');
    await app.screenshot('05-standings');
  });

  step('the standings on the projector, in their order', async () => {
    const shown = (await uiStandings()).map((row) => row.name);
    await onProjector(app, 'standings-projector', async () => {
      await waitFor(async () => (await app.findAll('[data-testid="projector-standing"]')).length === 9, { message: 'the standings on the projector' });
      const names = await app.execute(`return [...document.querySelectorAll('[data-testid=projector-standing] .name')].map((c) => c.textContent)`);
      assert.deepEqual(names, shown);
    });
  });

  step('standings show each column once', async (t) => {
    const headers = await app.execute(`return [...document.querySelectorAll('[data-testid=standings-table] thead th')].map((th) => th.textContent)`);
    const repeated = headers.filter((h, i) => headers.indexOf(h) !== i);
    expectFixed(t, 'screens/standings.ts', repeated.length === 0, `repeated standings column(s): ${repeated.join(', ')}`);
  });

  step('top cut: top 4, semifinals and final to a champion', async () => {
    await nav('cut', 'start-cut');
    await app.select('cut-size', '4');
    await app.click('start-cut');
    await status('The top 4 cut has started');
    await waitFor(async () => (await count('bracket-match')) >= 2, { message: 'the semifinal matches' });
    await app.waitForText('bracket-next', "enter this round's results");
    const semis = await app.execute(`return [...document.querySelectorAll('[data-testid=bracket-match]')].filter((li) => li.dataset.table).map((li) => ({ table: Number(li.dataset.table), text: li.textContent }))`);
    assert.equal(semis.length, 2, JSON.stringify(semis));
    const seeded = semis.map((m) => m.text).join(' ');
    assert.ok(!seeded.includes(state.dropped), 'the dropped player is not in the cut');
    for (let seed = 1; seed <= 4; seed++) assert.ok(seeded.includes(`(${seed})`), `seed ${seed} is in the bracket: ${seeded}`);
    await app.screenshot('06-cut-bracket');

    await nav('results', 'result-input');
    await waitFor(async () => (await count('result-row')) === 2, { message: '2 semifinal result rows' });
    for (const m of semis) await enterResult(m.table, `${m.table} 1`);

    await nav('cut', 'bracket');
    await app.waitForText('bracket-next', 'pair the next bracket round');
    await app.click('pair-bracket-round');
    await status(/Round 5 is paired: 1 table\./);
    await app.waitForText('bracket-next', "enter this round's results");
    const finalTable = await app.execute(
      `return [...document.querySelectorAll('[data-testid=bracket-match]')].map((li) => li.dataset.table).filter(Boolean).map(Number).filter((t) => !arguments[0].includes(t)).pop() ?? null`,
      [semis.map((m) => m.table)],
    );
    // The final's table may reuse a semifinal number; fall back to the Results screen's row.
    await nav('results', 'result-input');
    await waitFor(async () => (await count('result-row')) === 1, { message: 'the final result row' });
    const [final] = await resultRows();
    if (finalTable !== null) assert.equal(final.table, finalTable);
    await enterResult(final.table, `${final.table} 2`);

    await nav('cut', 'bracket');
    const champion = await app.waitForText('champion', /^Champion: .+ \(seed \d\)$/);
    await app.waitForText('bracket-next', 'The top cut is finished.');
    assert.ok(champion.includes(final.b), `the final's seat B (${final.b}) won: ${champion}`);
    state.champion = final.b;
    assert.match(await app.text('event-summary'), /Finished/i);
    await app.screenshot('07-champion');
  });

  step('the bracket on the projector window', async () => {
    await nav('cut', 'bracket-projector');
    await onProjector(app, 'bracket-projector', async () => {
      await app.find('projector-bracket');
      await waitFor(
        () => app.execute(`return document.querySelector('[data-testid=projector-bracket] [data-testid=bracket-champion]')?.textContent.includes(arguments[0]) ?? false`, [state.champion]),
        { message: 'the drawn bracket with its champion on the projector' },
      );
      const lines = await app.execute(`return document.querySelectorAll('[data-testid=projector-bracket] .bracket-lines path').length`);
      assert.ok(lines >= 3, `lines join the matches: ${lines}`);
      await app.screenshot('07b-projector-bracket');
    });
    await app.find('bracket');
  });

  step('exports the standings CSV to a chosen path', async () => {
    await nav('standings', 'export');
    // A save dialog only offers folders that exist; so does the path box.
    mkdirSync(join(home, 'exports'), { recursive: true });
    const target = join(home, 'exports', 'standings.csv');
    await app.select('export-format', 'standings-csv');
    await app.clear('export-path');
    await app.type('export-path', target);
    await app.click('export');
    await status(`Written to ${target}`);
    assert.ok(existsSync(target), `${target} exists`);
    const csv = readFileSync(target, 'utf8');
    for (const name of PLAYERS) assert.ok(csv.includes(name), `${name} in the CSV`);
  });

  step('prints the bracket, standings and breakdown as PDFs beside the event file', async () => {
    const printed = async (testid) => {
      await app.click(testid);
      // Without a PDF viewer on the test machine the app says where it saved the file; the
      // print runs off the window's thread, so wait for this document's file name.
      const document = testid.replace(/^pdf-/, '');
      const line = await status(new RegExp(`(Saved the PDF as|saved as) .+/${document}(-round-\\d+)?-en\\.pdf`), { timeout: 60000 });
      const path = /(\/.+?\.pdf)/.exec(line)[1];
      assert.ok(existsSync(path), `${path} exists`);
      const { stdout } = await run('pdftotext', ['-layout', path, '-']);
      return stdout;
    };
    await nav('cut', 'bracket');
    const bracketText = await printed('pdf-bracket');
    assert.ok(bracketText.includes(state.champion), `the champion ${state.champion} is on the bracket sheet`);
    await nav('standings', 'standings-table');
    const standingsText = await printed('pdf-standings');
    for (const name of PLAYERS) assert.ok(standingsText.includes(name), `${name} on the printed standings`);
    const breakdownText = await printed('pdf-breakdown');
    assert.ok(breakdownText.includes('山田太郎'), 'the Japanese name survives into the breakdown PDF');
  });

  step('timer: start and pause the round clock', async () => {
    await nav('timer', 'timer-toggle');
    await app.waitForText('timer-status', 'Not started');
    const before = await app.text('timer-display');
    assert.match(before, /^\d{1,3}:\d{2}$/);
    await app.click('timer-toggle');
    await app.waitForText('timer-status', 'Running');
    await app.waitForText('timer-display', (text) => text !== before, { timeout: 5000 });
    await app.screenshot('08-timer');
    await app.click('timer-toggle');
    await app.waitForText('timer-status', 'Paused');
  });

  step('reads the standings shown in the window', async () => {
    await nav('standings', 'standings-table');
    await waitFor(async () => (await count('standings-row')) === 9, { message: '9 standings rows' });
    state.uiStandings = await uiStandings();
    assert.equal(state.uiStandings.length, 9);
    // The tiebreak breakdown opens under the standings with every player's rounds.
    await app.execute(`document.querySelector('[data-testid=breakdown] summary').click()`);
    await waitFor(async () => (await count('breakdown-player')) === 9, { message: '9 players in the breakdown' });
    const rounds = await app.execute(
      `return [...document.querySelectorAll('[data-testid=breakdown-player]')].map((d) => d.querySelectorAll('tbody tr').length)`,
    );
    assert.ok(rounds.every((n) => n >= 3), `every player has a line per Swiss round: ${rounds}`);
  });

  step('settings: the interface switches to Japanese', async () => {
    await nav('settings', 'settings-language');
    await app.select('settings-language', 'ja');
    await app.waitForText('nav-settings', ja.nav.settings);
    assert.equal(await app.text('nav-start'), ja.nav.start);
    assert.equal(await app.text('nav-standings'), ja.nav.standings);
    assert.equal(await app.execute('return document.documentElement.lang'), 'ja');
    await app.screenshot('09-settings-ja');
    // And the standings in Japanese, names unchanged.
    await nav('standings', 'standings-table');
    await waitFor(async () => (await count('standings-row')) === 9, { message: '9 standings rows' });
    assert.deepEqual(await uiStandings(), state.uiStandings);
    await app.screenshot('10-standings-ja');
    await nav('settings', 'settings-language');
    await app.select('settings-language', 'en');
    await app.waitForText('nav-settings', 'Settings');
  });

  step('the CLI on the same event file gives the same standings', async () => {
    const file = eventFile();
    const inUse = (r) => !r.ok && r.json?.error?.kind === 'file-in-use';
    let result = await cliStandings(file);
    if (inUse(result)) {
      // The app holds the event's lock while the event is open: close it on the Start
      // screen (the window stays), then read the file with the CLI.
      await nav('start', 'close-event');
      await app.click('close-event');
      await status('Closed E2E Friday Digimon');
      await app.waitForText('event-summary', 'No event open');
      result = await waitFor(async () => {
        const r = await cliStandings(file);
        return inUse(r) ? null : r;
      }, { timeout: 20000, message: 'the CLI to get the event file after closing it in the app' }).catch(() => null);
      if (!result) {
        // Still locked: end the app itself, which releases the lock.
        await app.close();
        result = await waitFor(async () => {
          const r = await cliStandings(file);
          return inUse(r) ? null : r;
        }, { timeout: 20000, message: 'the CLI to get the event file after the app exited' });
      }
    }
    assert.ok(result.ok, `CLI standings failed: ${result.error?.message ?? ''} ${JSON.stringify(result.json)}`);
    const cli = result.json.data.rows.map((r) => ({
      rank: r.rank,
      name: r.name,
      points: r.points,
      tiebreakers: r.tiebreakers.map((v) => v.display),
      player: r.player,
    }));
    assert.deepEqual(state.uiStandings, cli);
    const dropped = result.json.data.rows.find((r) => r.name === state.dropped);
    assert.equal(dropped.dropped, true);
  });
});
