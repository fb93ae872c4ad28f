// A tiny W3C WebDriver client (built-in fetch only) for driving the real Tablekeeper app
// through WebKitWebDriver (webkit2gtk-driver). See /work/main/tests/e2e/run.sh.
//
//   const driver = await startDriver({ home });        // WebKitWebDriver on a free port
//   const app = await driver.newSession();             // starts target/debug/tablekeeper-app
//   await app.click('[data-testid=create-event]');
//   await app.close();                                  // the app exits
//   await driver.stop();
//
// The driver passes its own environment to the app, so TABLEKEEPER_HOME (and XDG folders,
// which hold the webview's localStorage) are set on the driver process.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const APP_BINARY = process.env.TABLEKEEPER_APP ?? join(REPO, 'target', 'debug', 'tablekeeper-app');
export const CLI_BINARY = process.env.TABLEKEEPER_CLI ?? join(REPO, 'target', 'debug', 'tablekeeper');
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(REPO, 'ci-artifacts', 'screenshots');

export const ENTER = '\uE007';
export const CONTROL = '\uE009';
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A blank (all-white) window screenshot is ~5 KB of PNG; a real screen is far larger. */
const BLANK_PNG_BASE64 = 12000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long a screenshot may take: about 0.1 s, the app's first one about 1 s. */
const SCREENSHOT_ANSWER_MS = 3000;

/** A base64 PNG of the whole X display the tests run on (ImageMagick's `import`). */
function displayCapture() {
  return execFileSync('import', ['-window', 'root', 'png:-'], { maxBuffer: 64 * 1024 * 1024 }).toString('base64');
}

/** Polls `predicate` until it returns a truthy value (returned) or `timeout` ms pass. */
export async function waitFor(predicate, { timeout = 15000, interval = 100, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let lastError = null;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError ? ` (last error: ${lastError.message})` : '';
      const what = typeof message === 'function' ? message() : message;
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${why}`);
    }
    await sleep(interval);
  }
}

async function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.on('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

export class WebDriverError extends Error {
  constructor(status, error, message) {
    super(`${error}: ${message} (HTTP ${status})`);
    this.status = status;
    this.error = error;
  }
}

/** A WebDriver request; one that hangs (a stuck browser or app) fails after `timeout` ms. */
async function request(base, method, path, body, timeout = 120_000) {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebDriverError(response.status, 'bad-response', text.slice(0, 300));
  }
  const value = json.value;
  if (!response.ok || (value && typeof value === 'object' && 'error' in value && value.error)) {
    throw new WebDriverError(response.status, value?.error ?? 'unknown', value?.message ?? text.slice(0, 300));
  }
  return value;
}

/**
 * Starts `WebKitWebDriver --port=<free>` with TAURI_WEBVIEW_AUTOMATION=true. Without a
 * DISPLAY the driver itself runs under `xvfb-run -a`.
 * `home` becomes TABLEKEEPER_HOME and the XDG folders of the app.
 */
export async function startDriver({ home, port, env = {} } = {}) {
  port ??= await freePort();
  const childEnv = { ...process.env, TAURI_WEBVIEW_AUTOMATION: 'true', ...env };
  if (home) {
    mkdirSync(home, { recursive: true });
    childEnv.TABLEKEEPER_HOME = home;
    childEnv.XDG_DATA_HOME = join(home, 'xdg-data');
    childEnv.XDG_CONFIG_HOME = join(home, 'xdg-config');
    childEnv.XDG_CACHE_HOME = join(home, 'xdg-cache');
  }
  const command = childEnv.DISPLAY ? ['WebKitWebDriver', [`--port=${port}`]] : ['xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`]];
  // detached: its own process group, so stop() ends the driver and whatever it started.
  const child = spawn(command[0], command[1], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  track(child);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (exited) throw new Error(`WebKitWebDriver exited ${JSON.stringify(exited)}: ${log}`);
      const status = await request(base, 'GET', '/status');
      return status?.ready !== false;
    },
    { timeout: 20000, message: `WebKitWebDriver on port ${port}` },
  ).catch((error) => {
    killGroup(child);
    throw error;
  });
  return new Driver(base, child, () => log);
}

// Drivers still running when this process ends (a test killed by a timeout, Ctrl+C) are
// ended with it, so no WebKitWebDriver or app is left behind.
const running = new Set();
let exitHooks = false;
function track(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHooks) return;
  exitHooks = true;
  process.once('exit', () => {
    for (const c of running) killGroup(c, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const c of running) killGroup(c, 'SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

function killGroup(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export class Driver {
  constructor(base, child, log) {
    this.base = base;
    this.child = child;
    this.log = log;
  }

  get pid() {
    return this.child.pid;
  }

  /** Creates a session, which starts the app. */
  async newSession({ binary = APP_BINARY, args = [] } = {}) {
    const value = await request(this.base, 'POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary, args } } },
    });
    return new Session(this.base, value.sessionId, value.capabilities);
  }

  /** Ends the driver (and its process group); waits until it has exited. */
  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    killGroup(this.child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(this.child, 'SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  }
}

export class Session {
  constructor(base, id, capabilities) {
    this.base = base;
    this.id = id;
    this.capabilities = capabilities;
    this.closed = false;
    /** Element ids this session has handed out, so click(id) and click(selector) both work. */
    this.elements = new Set();
  }

  cmd(method, path, body) {
    return request(this.base, method, `/session/${this.id}${path}`, body);
  }

  /** Deletes the session; the app exits. Safe to call twice. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    await request(this.base, 'DELETE', `/session/${this.id}`, undefined, 30_000);
  }

  // ---- elements -------------------------------------------------------------------------

  /** A CSS selector; a bare word is taken as a data-testid. */
  static css(selector) {
    return /^[a-z0-9-]+$/.test(selector) ? `[data-testid="${selector}"]` : selector;
  }

  async findNow(selector) {
    const value = await this.cmd('POST', '/element', { using: 'css selector', value: Session.css(selector) });
    this.elements.add(value[ELEMENT]);
    return value[ELEMENT];
  }

  /** Waits for the element to be present and returns its id. */
  async find(selector, { timeout = 15000 } = {}) {
    return waitFor(
      async () => {
        try {
          return await this.findNow(selector);
        } catch (error) {
          if (error.error === 'no such element') return null;
          throw error;
        }
      },
      { timeout, message: `element ${selector}` },
    );
  }

  async findAll(selector, from = null) {
    const path = from ? `/element/${from}/elements` : '/elements';
    const values = await this.cmd('POST', path, { using: 'css selector', value: Session.css(selector) });
    const ids = values.map((v) => v[ELEMENT]);
    for (const id of ids) this.elements.add(id);
    return ids;
  }

  async exists(selector) {
    return (await this.findAll(selector)).length > 0;
  }

  async resolve(target) {
    return this.elements.has(target) ? target : this.find(target);
  }

  async click(target) {
    const id = await this.resolve(target);
    await this.cmd('POST', `/element/${id}/click`, {});
  }

  /** Sends keys to the element (keeps what is in it; use clear() first to replace). */
  async type(target, text) {
    const id = await this.resolve(target);
    await this.cmd('POST', `/element/${id}/value`, { text });
  }

  async clear(target) {
    const id = await this.resolve(target);
    await this.cmd('POST', `/element/${id}/clear`, {});
  }

  async text(target) {
    const id = await this.resolve(target);
    return this.cmd('GET', `/element/${id}/text`);
  }

  async property(target, name) {
    const id = await this.resolve(target);
    return this.cmd('GET', `/element/${id}/property/${name}`);
  }

  async attribute(target, name) {
    const id = await this.resolve(target);
    return this.cmd('GET', `/element/${id}/attribute/${name}`);
  }

  /** Selects the option with `value` in a <select> (sets it and fires change, as a user would). */
  async select(target, value) {
    const id = await this.resolve(target);
    await this.execute(
      `const el = arguments[0];
       if (![...el.options].some((o) => o.value === arguments[1])) throw new Error('no option ' + arguments[1]);
       el.value = arguments[1];
       el.dispatchEvent(new Event('input', { bubbles: true }));
       el.dispatchEvent(new Event('change', { bubbles: true }));`,
      [{ [ELEMENT]: id }, value],
    );
  }

  /** Keys to whatever has focus (W3C actions), e.g. chord(CONTROL, 'z'). */
  async chord(...keys) {
    const down = keys.map((value) => ({ type: 'keyDown', value }));
    const up = [...keys].reverse().map((value) => ({ type: 'keyUp', value }));
    await this.cmd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: [...down, ...up] }] });
    await this.cmd('DELETE', '/actions').catch(() => {});
  }

  // ---- page -----------------------------------------------------------------------------

  execute(script, args = []) {
    return this.cmd('POST', '/execute/sync', { script, args });
  }

  /** Async script: the last argument is the callback. */
  executeAsync(script, args = []) {
    return this.cmd('POST', '/execute/async', { script, args });
  }

  async setTimeouts(timeouts) {
    await this.cmd('POST', '/timeouts', timeouts);
  }

  title() {
    return this.cmd('GET', '/title');
  }

  /** Waits until the element's text satisfies `test` (a string to include, a RegExp or a function). */
  async waitForText(selector, test, { timeout = 15000 } = {}) {
    const ok = typeof test === 'string' ? (s) => s.includes(test) : test instanceof RegExp ? (s) => test.test(s) : test;
    let last = '';
    return waitFor(
      async () => {
        last = await this.text(await this.find(selector, { timeout }));
        return ok(last) ? last : null;
      },
      { timeout, message: () => `text of ${selector} to match ${test} (last: ${JSON.stringify(last.slice(0, 300))})` },
    );
  }

  /** Resolves after the page has painted twice (two animation frames). */
  async painted() {
    await this.executeAsync('const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));');
  }

  /**
   * A base64 PNG of the window. Right after start-up WebKitGTK can hand back an all-white
   * image (a few KB) although the DOM is there, so a tiny image is taken again.
   */
  async capture({ timeout = 8000 } = {}) {
    await this.painted();
    const deadline = Date.now() + timeout;
    for (;;) {
      // WebKitWebDriver never answers a screenshot of a second window (the projector) when
      // the app draws without the DMA-BUF renderer (src-tauri/src/renderer.rs), although
      // the window is drawn and every other command works: the X display's own picture
      // then stands in for it.
      const data = await Promise.race([this.cmd('GET', '/screenshot'), sleep(SCREENSHOT_ANSWER_MS).then(() => null)]);
      if (data === null) return displayCapture();
      if (data.length > BLANK_PNG_BASE64 || Date.now() > deadline) return data;
      await sleep(250);
    }
  }

  /** Saves a PNG of the window to $E2E_ARTIFACTS/<name>.png and returns the path. */
  async screenshot(name, dir = ARTIFACTS) {
    const data = await this.capture();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.png`);
    writeFileSync(file, Buffer.from(data, 'base64'));
    return file;
  }
}
