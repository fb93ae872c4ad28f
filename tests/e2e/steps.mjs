// Shared steps for the end-to-end tests of the real app (on top of webdriver.mjs): a test
// folder, steps that stop after the first failure, going to a screen, waiting for the status
// line, entering results, choosing a file in an <input type=file>, and the CLI.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { it } from 'node:test';
import { promisify } from 'node:util';

import { CLI_BINARY, ELEMENT, ENTER, waitFor } from './webdriver.mjs';

export const execFileAsync = promisify(execFile);

/** The `ui` strings of `language`'s catalogue. */
export function uiWords(language) {
  return JSON.parse(readFileSync(new URL(`../../crates/words/locales/${language}.json`, import.meta.url), 'utf8')).ui;
}

/**
 * The app's string `key` in `language` with `params` in place, as i18next makes it (a
 * `count` picks the language's plural form): what a test waits for in any language.
 */
export function said(language, key, params = {}) {
  let node = uiWords(language);
  const path = key.split('.');
  const last = path.pop();
  for (const part of path) node = node?.[part];
  const plural = 'count' in params ? `${last}_${new Intl.PluralRules(language).select(Number(params.count))}` : null;
  const template = (plural && node?.[plural]) ?? node?.[`${last}_other`] ?? node?.[last];
  if (typeof template !== 'string') throw new Error(`no string ${key} in ${language}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(params[name] ?? ''));
}

/** A fresh folder for one test file (TABLEKEEPER_HOME and the webview's XDG folders). */
export function testHome(name) {
  return process.env.E2E_HOME ? mkdtempSync(join(process.env.E2E_HOME, `${name}-`)) : mkdtempSync(join(tmpdir(), `tk-e2e-${name}-`));
}

/**
 * The end of a test file's run: the app's session closed and its driver stopped (even when
 * closing fails), then the test folder removed, or kept and named when a step failed or
 * E2E_KEEP is set.
 */
export async function endRun(context, driver, home) {
  try {
    await context.app?.close();
  } finally {
    await driver?.stop();
    if (!context.failed && !process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
    else console.log(`# kept ${home}`);
  }
}

/**
 * Steps that build on each other: once one fails the rest are skipped, and the window is
 * saved as a screenshot. `context.app` is read when a step fails.
 */
export function stepper(context, prefix, timeout = 180_000) {
  return function step(name, body) {
    it(name, { timeout }, async (t) => {
      if (context.failed) return t.skip('an earlier step failed');
      try {
        await body(t);
      } catch (error) {
        context.failed = true;
        await context.app?.screenshot(`${prefix}-failure-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
        throw error;
      }
    });
  };
}

export const rowSel = (testid, table) => `[data-testid="${testid}"][data-table="${table}"]`;

export async function count(app, selector) {
  return (await app.findAll(selector)).length;
}

/** Opens a screen from its tab and waits for `ready` (a data-testid) on it. */
export async function nav(app, route, ready) {
  await app.click(`nav-${route}`);
  await waitFor(async () => (await app.execute('return location.hash')) === `#/${route}`, { message: `route #/${route}` });
  if (ready) await app.find(ready);
}

/** `text` with every kind of space as a plain one. */
export const spaced = (text) => text.replace(/\s/gu, ' ');

/** The status line once it matches; a timeout names what the error area says. */
export async function status(app, test, { timeout = 20000 } = {}) {
  let last = '';
  let error = '';
  return waitFor(
    async () => {
      last = await app.text('status');
      error = (await app.text('error')).trim();
      // A no-break space (French puts one before ":") reads back as a plain one.
      const ok = typeof test === 'string' ? spaced(last).includes(spaced(test)) : test.test(spaced(last));
      return ok ? last : null;
    },
    { timeout, message: () => `status matching ${test} (status: ${JSON.stringify(last)}, error area: ${JSON.stringify(error)})` },
  );
}

/** The error area once it has text (optionally matching `test`). */
export async function errorShown(app, test = /./, { timeout = 20000 } = {}) {
  let last = '';
  return waitFor(
    async () => {
      last = (await app.text('error')).trim();
      // A no-break space (French puts one before ":") reads back as a plain one.
      const ok = typeof test === 'string' ? spaced(last).includes(spaced(test)) : test.test(spaced(last));
      return ok ? last : null;
    },
    { timeout, message: () => `error matching ${test} (error area: ${JSON.stringify(last)})` },
  );
}

/** Clears the status line, so the next status() waits for a new message. */
export async function clearStatus(app) {
  await app.execute(`const s = document.querySelector('[data-testid=status]'); if (s) s.textContent = '';`);
}

/** Types a result and Enter into the Results box; waits until the table shows it entered. */
export async function enterResult(app, table, keys) {
  const input = await app.find('result-input');
  await waitFor(async () => (await app.property(input, 'value')) === '', { message: 'an empty result box' });
  await clearStatus(app);
  await app.type(input, `${keys}${ENTER}`);
  await app.find(`${rowSel('result-row', table)}.entered`);
  await waitFor(async () => (await app.property('result-input', 'value')) === '', { message: `result box cleared after "${keys}"` });
}

/** Table numbers, seats and results of the Results screen's rows. */
export async function resultRows(app) {
  return app.execute(`return [...document.querySelectorAll('[data-testid=result-row]')].map((tr) => ({
    table: Number(tr.dataset.table), a: tr.cells[1].textContent, b: tr.cells[2].textContent,
    entered: tr.classList.contains('entered'), result: tr.cells[3].textContent }))`);
}

/** The standings the window shows. */
export async function uiStandings(app) {
  return app.execute(`return [...document.querySelectorAll('[data-testid=standings-row]')].map((tr) => ({
    rank: Number(tr.querySelector('[data-testid=standings-rank]').textContent),
    name: tr.querySelector('[data-testid=standings-name]').textContent,
    points: tr.querySelector('[data-testid=standings-points]').textContent,
    tiebreakers: [...tr.querySelectorAll('[data-testid=standings-tiebreaker]')].map((td) => td.textContent),
    player: Number(tr.dataset.player) }))`);
}

/**
 * Puts the file at `path` into an <input type=file> and fires `change`, as choosing it in
 * the file dialog does (the dialog itself is the desktop's, out of WebDriver's reach).
 */
export async function chooseFile(app, selector, path) {
  const id = await app.find(selector);
  const data = readFileSync(path).toString('base64');
  await app.execute(
    `const input = arguments[0];
     // A file box folded away (the Players screen's More) is opened first, as the organizer would.
     const folded = input.closest('details');
     if (folded) folded.open = true;
     const binary = atob(arguments[1]);
     const bytes = new Uint8Array(binary.length);
     for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
     const transfer = new DataTransfer();
     transfer.items.add(new File([bytes], arguments[2], { type: 'text/csv' }));
     input.files = transfer.files;
     input.dispatchEvent(new Event('change', { bubbles: true }));`,
    [{ [ELEMENT]: id }, data, basename(path)],
  );
}

/** Runs the CLI with --json; {ok, json, error}. */
export async function cli(args) {
  try {
    const { stdout } = await execFileAsync(CLI_BINARY, ['--json', ...args], { maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, json: JSON.parse(stdout) };
  } catch (error) {
    let json = null;
    try {
      json = error.stdout ? JSON.parse(error.stdout) : null;
    } catch {
      json = null;
    }
    return { ok: false, json, error };
  }
}

/** Runs the CLI and returns its `data`, failing with the CLI's own words. */
export async function cliData(args) {
  const result = await cli(args);
  if (!result.ok) throw new Error(`tablekeeper ${args.join(' ')} failed: ${JSON.stringify(result.json) ?? result.error?.message}`);
  return result.json.data;
}

/** Standings rows as the CLI gives them, in the shape uiStandings() reads. */
export function cliRows(data) {
  return data.rows.map((r) => ({ rank: r.rank, name: r.name, points: r.points, tiebreakers: r.tiebreakers.map((v) => v.display), player: r.player }));
}

/**
 * Closes the open event on the Start screen (the app holds its lock while it is open), so the
 * CLI can read the file; `closedText` is the status the app shows.
 */
export async function closeEvent(app, closedText) {
  await nav(app, 'start', 'close-event');
  await clearStatus(app);
  await app.click('close-event');
  await status(app, closedText);
}

/**
 * Clicks `button` (which opens the projector window), runs `body` in that window, closes it
 * and comes back to the main window.
 */
export async function onProjector(app, button, body) {
  const main = await app.cmd('GET', '/window');
  const before = await app.cmd('GET', '/window/handles');
  await app.click(button);
  const handles = await waitFor(async () => {
    const now = await app.cmd('GET', '/window/handles');
    return now.length > before.length ? now : null;
  }, { message: 'the projector window' });
  await app.cmd('POST', '/window', { handle: handles.find((h) => !before.includes(h)) });
  try {
    await body();
    // Closed as the organizer closes it (Escape), so the app can open it again later.
    // Pressed after the script answers: the window closing must not cut the answer off.
    await app.execute(`setTimeout(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })), 50); return true;`);
    await waitFor(async () => (await app.cmd('GET', '/window/handles')).length === before.length, { message: 'the projector window closed by Escape' });
  } finally {
    await app.cmd('POST', '/window', { handle: main });
  }
}

export { ENTER };

/**
 * A free TCP port on loopback for the app's server, below the system's range of ports for
 * outgoing connections (32768 and up): a port from that range, free when asked, can be taken
 * by any connection (WebDriver's, a browser's) before the app listens on it.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 10000);
    const free = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port from 20000 to 29999');
}

/** Turns sharing on in the app's Share screen on `port` and waits for its join code. */
export async function shareOn(app, port) {
  await nav(app, 'share', 'share-on');
  await app.clear('share-port');
  await app.type('share-port', String(port));
  await app.click('share-on');
  await app.find('share-join-code', { timeout: 20000 });
}

