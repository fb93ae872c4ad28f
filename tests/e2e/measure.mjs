// Measures the real app (not a test; prints one JSON report). Run: bash tests/e2e/run.sh measure
//
//  (a) cold start: from the session request (which starts the app) to
//      [data-testid=create-event] being in the page, and to the Start screen drawn (the page
//      marks the frame after the one that drew it, on the same clock as the launch: the
//      interactive Start screen, goal ≤ 1 s); median of 5 runs, each with a fresh TABLEKEEPER_HOME. (A
//      WebDriver screenshot is no measure of the first paint here: the first one alone takes
//      about a second.)
//  (b) result entry round trip including the durable save (SQLite, synchronous=FULL): inside
//      the page, performance.now() around window.__TAURI_INTERNALS__.invoke('call',
//      { name: 'record_result', request }) for each of the 128 tables of round 1 of a
//      256-player event (create_event, add_players, pair_round also through the shell's one
//      `call` command); p50 / p99.
//  (c) memory: VmRSS of tablekeeper-app and its WebKit child processes with that event open
//      and its standings (256 rows) on screen.
//  (d) the app at championship size: a 1024-player event played to round 10
//      through the shell, then in the window: 256 of round 10's results typed on the Results
//      screen (Enter → the row shows it, and how many calls to the shell each took: one
//      round trip), result entry → durably saved for the other 256 tables (p50/p99), pairing
//      round 11 by clicking Pair → its first 30 tables on screen (more than the window
//      shows) and → all 512 rows in the page, the pairings filter → the matching row alone
//      shown, switching to Standings → 30 rows on screen and → all 1024 in the page, and
//      opening the event again from Start's recent events → its Results screen (each timed
//      inside the page from the click or keystroke
//      to the frame that shows it, with requestAnimationFrame).
//
// Env: MEASURE_RUNS (default 5), E2E_HOME (where temp homes go; default the OS temp dir),
// MEASURE_PART (`all`, default; `start` for (a) alone; `1024` for (d) alone).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { APP_BINARY, startDriver, waitFor } from './webdriver.mjs';

const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const PLAYERS = 256;
const base = process.env.E2E_HOME ?? tmpdir();

const median = (xs) => percentile(xs, 50);
function percentile(values, p) {
  const xs = [...values].sort((a, b) => a - b);
  if (xs.length === 0) return null;
  // Nearest-rank percentile.
  const rank = Math.max(1, Math.ceil((p / 100) * xs.length));
  return xs[rank - 1];
}
const round1 = (x) => (x === null ? null : Math.round(x * 10) / 10);

/** pid → {ppid, comm, args} from ps. */
function processTable() {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,comm=,args='], { encoding: 'utf8' });
  const table = new Map();
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (m) table.set(Number(m[1]), { pid: Number(m[1]), ppid: Number(m[2]), comm: m[3], args: m[4] });
  }
  return table;
}

function descendants(root, table) {
  const found = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift();
    for (const p of table.values()) {
      if (p.ppid === pid) {
        found.push(p);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

function rssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The app process started by this driver and its WebKit children, with RSS in MiB. */
function appMemory(driverPid) {
  const table = processTable();
  const under = descendants(driverPid, table);
  const app = under.find((p) => p.args.startsWith(APP_BINARY) || p.comm.startsWith('tablekeeper'));
  if (!app) throw new Error(`no tablekeeper-app under driver ${driverPid}: ${under.map((p) => p.comm).join(', ')}`);
  const children = descendants(app.pid, table).filter((p) => /WebKit/i.test(p.comm) || /WebKit/i.test(p.args));
  const row = (p) => ({ pid: p.pid, process: p.comm, rss_mib: round1((rssKiB(p.pid) ?? 0) / 1024) });
  const processes = [row(app), ...children.map(row)];
  const web = processes.filter((p) => /WebProcess|WebKitWebProces/i.test(p.process));
  const sum = (rows) => round1(rows.reduce((s, p) => s + p.rss_mib, 0));
  return {
    processes,
    app_plus_web_processes_mib: sum([processes[0], ...web]),
    all_listed_mib: sum(processes),
  };
}

function smallestStep(values) {
  const xs = [...new Set(values.map((x) => Math.round(x * 1000) / 1000))].sort((a, b) => a - b);
  let step = null;
  for (let i = 1; i < xs.length; i++) step = step === null ? xs[i] - xs[i - 1] : Math.min(step, xs[i] - xs[i - 1]);
  return step === null ? null : Math.round(step * 1000) / 1000;
}

function filesystem(path) {
  try {
    const [, line] = execFileSync('df', ['-T', path], { encoding: 'utf8' }).trim().split('\n');
    return line.split(/\s+/)[1];
  } catch {
    return null;
  }
}

async function coldStarts() {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const home = mkdtempSync(join(base, 'tk-measure-start-'));
    const driver = await startDriver({ home });
    let app = null;
    try {
      const t0 = performance.now();
      const launchedAt = Date.now();
      app = await driver.newSession();
      const sessionMs = performance.now() - t0;
      await waitFor(() => app.findAll('create-event').then((ids) => ids.length > 0), { timeout: 60000, interval: 10, message: 'create-event' });
      const usableMs = performance.now() - t0;
      // The page's own account, on the same clock as the launch: when it began loading, and
      // when its first screen had been drawn (ui/src/main.ts marks it a frame later).
      const paint = await app.executeAsync(`
const done = arguments[arguments.length - 1];
const drawn = () => performance.getEntriesByName('tablekeeper:first-screen-drawn')[0]?.startTime;
const wait = () => (drawn() === undefined ? setTimeout(wait, 5) : done({ origin: performance.timeOrigin, frame: drawn() }));
wait();`);
      const fromLaunch = (pageMs) => (pageMs === null ? null : round1(paint.origin + pageMs - launchedAt));
      runs.push({
        session_ms: round1(sessionMs),
        create_event_present_ms: round1(usableMs),
        page_loaded_after_launch_ms: fromLaunch(0),
        start_screen_frame_ms: fromLaunch(paint.frame),
      });
    } finally {
      await app?.close().catch(() => {});
      await driver.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }
  return {
    runs,
    median_create_event_present_ms: median(runs.map((r) => r.create_event_present_ms)),
    median_start_screen_frame_ms: median(runs.map((r) => r.start_screen_frame_ms)),
  };
}

const SETUP = `
const done = arguments[arguments.length - 1];
const players = arguments[0];
// The shell answers { data, notices }.
const invoke = (name, request) => window.__TAURI_INTERNALS__.invoke('call', { name, request }).then((answered) => answered.data);
(async () => {
  const t0 = performance.now();
  const event = await invoke('create_event', { path: null, name: 'Measure 256', title: null, ruleset: 'bandai', planned_rounds: null });
  const names = Array.from({ length: players }, (_, i) => 'Player ' + String(i + 1).padStart(3, '0'));
  const tAdd = performance.now();
  const added = await invoke('add_players', { names });
  const tPair = performance.now();
  const pairings = await invoke('pair_round', { allow_rematches: false });
  const tEnd = performance.now();
  done({ ok: true, file: event.file, added: added.length, tables: pairings.tables.map((t) => t.table), byes: pairings.byes.length,
    create_ms: tAdd - t0, add_players_ms: tPair - tAdd, pair_round_ms: tEnd - tPair });
})().catch((e) => done({ ok: false, error: JSON.stringify(e) }));`;

const RECORD = `
const done = arguments[arguments.length - 1];
const tables = arguments[0];
// The shell answers { data, notices }.
const invoke = (name, request) => window.__TAURI_INTERNALS__.invoke('call', { name, request }).then((answered) => answered.data);
// As the window sends them (ui/src/api.ts): on the window's thread unless the shell refuses.
const quick = (name, request) =>
  window.__TAURI_INTERNALS__
    .invoke('call_here', { name, request })
    .then((answered) => answered.data)
    .catch((e) => (e?.kind === 'run-elsewhere' ? invoke(name, request) : Promise.reject(e)));
const results = ['a', 'b', 'draw', 'a', 'b', 'dl'];
(async () => {
  const times = [];
  const noop = [];
  for (const [i, table] of tables.entries()) {
    const request = { round: null, table, result: results[i % results.length], replace: false, override_reason: null };
    const t0 = performance.now();
    await quick('record_result', request);
    times.push(performance.now() - t0);
    // The baseline in the same loop: a command that does nothing (the window's round trip).
    const t1 = performance.now();
    await quick('take_notices', null);
    noop.push(performance.now() - t1);
  }
  done({ ok: true, times, noop });
})().catch((e) => done({ ok: false, error: JSON.stringify(e) }));`;

async function bigEvent() {
  const home = mkdtempSync(join(base, 'tk-measure-256-'));
  const driver = await startDriver({ home });
  let app = null;
  try {
    app = await driver.newSession();
    await app.find('create-event', { timeout: 60000 });
    await app.setTimeouts({ script: 300000 });
    const idle = appMemory(driver.pid);

    const setup = await app.executeAsync(SETUP, [PLAYERS]);
    if (!setup.ok) throw new Error(`setup failed: ${setup.error}`);
    const recorded = await app.executeAsync(RECORD, [setup.tables]);
    if (!recorded.ok) throw new Error(`record_result failed: ${recorded.error}`);
    const times = recorded.times;

    // Show the event in the UI: reload (the shell still has it open), then the standings.
    await app.execute('location.hash = "#/standings"; location.reload();');
    await app.waitForText('event-summary', 'Measure 256', { timeout: 30000 });
    await waitFor(async () => (await app.findAll('standings-row')).length === PLAYERS, { timeout: 60000, message: `${PLAYERS} standings rows` });
    await app.painted();
    const withEvent = appMemory(driver.pid);

    return {
      setup: {
        players: setup.added,
        tables: setup.tables.length,
        byes: setup.byes,
        create_event_ms: round1(setup.create_ms),
        add_players_ms: round1(setup.add_players_ms),
        pair_round_ms: round1(setup.pair_round_ms),
      },
      record_result: {
        samples: times.length,
        p50_ms: round1(percentile(times, 50)),
        p99_ms: round1(percentile(times, 99)),
        min_ms: round1(Math.min(...times)),
        max_ms: round1(Math.max(...times)),
        mean_ms: round1(times.reduce((s, x) => s + x, 0) / times.length),
        // WebKit coarsens performance.now(): the smallest step seen between samples.
        timer_step_ms: smallestStep(times),
        event_folder_filesystem: filesystem(join(home, 'events')),
      },
      memory_idle_start_screen: idle,
      memory_256_player_event_open: withEvent,
    };
  } finally {
    await app?.close().catch(() => {});
    await driver.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

const SETUP_1024 = `
const done = arguments[arguments.length - 1];
const [players, rounds] = arguments;
// The shell answers { data, notices }.
const invoke = (name, request) => window.__TAURI_INTERNALS__.invoke('call', { name, request }).then((answered) => answered.data);
(async () => {
  const event = await invoke('create_event', { path: null, name: 'Measure 1024', title: null, ruleset: 'bandai', planned_rounds: 12 });
  const names = Array.from({ length: players }, (_, i) => 'Player ' + String(i + 1).padStart(4, '0'));
  await invoke('add_players', { names });
  const outcomes = ['a', 'b', 'a', 'b', 'draw'];
  const pairTimes = [];
  for (let r = 1; r <= rounds; r++) {
    const t0 = performance.now();
    const pairings = await invoke('pair_round', { allow_rematches: false });
    pairTimes.push(performance.now() - t0);
    if (r === rounds) {
      done({ ok: true, file: event.file, pairTimes, tables: pairings.tables.map((t) => t.table) });
      return;
    }
    const lines = pairings.tables.map((t, i) => t.table + ' ' + outcomes[(i + r) % outcomes.length]);
    await invoke('record_results', { round: null, lines });
  }
})().catch((e) => done({ ok: false, error: JSON.stringify(e) }));`;

/**
 * Runs the statement \`action\` in the page; the ms until a frame shows \`ready\` (a function
 * body) true, and, with \`complete\`, until a frame shows that true too (long tables show
 * their first screenful at once and the rest over the next frames).
 */
async function untilShown(app, action, ready, complete = null) {
  const script = `
const done = arguments[arguments.length - 1];
const ready = () => { ${ready} };
const complete = () => { ${complete ?? 'return true;'} };
const t0 = performance.now();
let shown = null;
// Where the time goes: each call to the shell (its command, sent and answered, from the
// window's own log), and when the screen's synchronous work for a route change ended (a
// listener added after the router's).
let mounted = null;
const onRoute = () => { mounted = Math.round((performance.now() - t0) * 10) / 10; };
window.addEventListener('hashchange', onRoute, { once: true });
const since = (x) => (x === null ? null : Math.round((x - t0) * 10) / 10);
const finish = (report) => {
  window.removeEventListener('hashchange', onRoute);
  const calls = window.tablekeeperShellTimes().filter((c) => c.sent >= t0).map((c) => [c.name, since(c.sent), since(c.answered)]);
  done({ ...report, mounted, calls });
};
// When the page's DOM first had it (a frame may come later).
let inDom = null;
const observer = new MutationObserver(() => { if (inDom === null && ready()) { inDom = performance.now() - t0; observer.disconnect(); } });
observer.observe(document.body, { childList: true, subtree: true, characterData: true });
${action}
const check = () => {
  const now = performance.now();
  if (shown === null && ready()) shown = now - t0;
  if (shown !== null && complete()) return finish({ ok: true, ms: shown, complete_ms: now - t0, in_dom_ms: inDom });
  requestAnimationFrame(check);
};
requestAnimationFrame(check);
setTimeout(() => finish({ ok: false, error: 'not shown within 60 s' }), 60000);`;
  const result = await app.executeAsync(script);
  if (!result.ok) throw new Error(result.error);
  return complete
    ? {
        in_page_ms: result.in_dom_ms === null ? null : round1(result.in_dom_ms),
        on_screen_ms: round1(result.ms),
        all_rows_in_page_ms: round1(result.complete_ms),
        // [command, sent, answered] in ms from the click or keystroke, and when a route
        // change's synchronous work ended (null when the route did not change).
        calls_ms: result.calls,
        route_changed_ms: result.mounted,
      }
    : round1(result.ms);
}

// Result entry as the scorekeeper does it on the Results screen: the table and
// the result typed, Enter, until the table's row shows the result; every call the window
// makes to the shell meanwhile is counted (goal: one round trip per result).
const TYPED = `
const done = arguments[arguments.length - 1];
const tables = arguments[0];
const calls = () => window.tablekeeperShellCalls();
const input = document.querySelector('[data-testid=result-input]');
const body = document.querySelector('[data-testid=result-row]').parentElement;
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const entered = (table) => document.querySelector('[data-testid=result-row][data-table="' + table + '"].entered');
(async () => {
  const inPage = [];
  const onScreen = [];
  const trips = [];
  for (const table of tables) {
    input.value = table + ' 1';
    const before = calls();
    let shownAt = null;
    // The moment the row is in the page (a DOM change), apart from the next frame.
    const observer = new MutationObserver(() => {
      if (shownAt === null && entered(table)) shownAt = performance.now();
    });
    observer.observe(body, { childList: true, subtree: true, attributes: true });
    const t0 = performance.now();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const deadline = t0 + 10000;
    while (!entered(table)) {
      if (performance.now() > deadline) throw new Error('table ' + table + ' not shown as entered');
      await frame();
    }
    onScreen.push(performance.now() - t0);
    observer.disconnect();
    inPage.push((shownAt ?? performance.now()) - t0);
    // Anything the screen asks after showing it still counts.
    await frame();
    await frame();
    trips.push(calls() - before);
  }
  done({ ok: true, times: onScreen, inPage, trips });
})().catch((e) => {
  done({ ok: false, error: String(e) });
});`;

async function championship() {
  const PLAYERS_1024 = 1024;
  const home = mkdtempSync(join(base, 'tk-measure-1024-'));
  const driver = await startDriver({ home });
  let app = null;
  try {
    app = await driver.newSession();
    await app.find('create-event', { timeout: 60000 });
    await app.setTimeouts({ script: 1200000 });
    const setup = await app.executeAsync(SETUP_1024, [PLAYERS_1024, 10]);
    if (!setup.ok) throw new Error(`setup failed: ${setup.error}`);
    // The first 256 of round 10's tables typed on the Results screen, the rest through the
    // shell as the window sends them.
    const TYPED_TABLES = 256;
    await app.execute('location.hash = "#/results"; location.reload();');
    await app.find('result-input', { timeout: 60000 });
    await waitFor(
      async () => app.execute("return document.querySelectorAll('[data-testid=result-row]').length === 512;"),
      { timeout: 60000, message: "round 10's 512 tables on the Results screen" },
    );
    await app.painted();
    const typed = await app.executeAsync(TYPED, [setup.tables.slice(0, TYPED_TABLES)]);
    if (!typed.ok) throw new Error(`typing results failed: ${typed.error}`);
    const recorded = await app.executeAsync(RECORD, [setup.tables.slice(TYPED_TABLES)]);
    if (!recorded.ok) throw new Error(`record_result failed: ${recorded.error}`);
    // The window shows the event: the Round screen, ready to pair round 11.
    await app.execute('location.hash = "#/round"; location.reload();');
    await app.waitForText('event-summary', 'Measure 1024', { timeout: 60000 });
    await app.find('pair-round', { timeout: 60000 });
    // The screen has loaded round 10 (its 512 tables are in the page) before Pair is clicked,
    // as a scorekeeper sees it; clicking while it loads would time the loading too.
    await waitFor(
      async () =>
        app.execute(
          "return /10/.test(document.getElementById('pairings-heading')?.textContent ?? '') && document.querySelectorAll('[data-testid=pairings-table] [data-testid=pairing-row]').length === 512;",
        ),
      { timeout: 60000, message: "round 10's 512 tables on screen" },
    );
    await app.painted();
    // On screen: round 11's heading and its first 30 tables (the window shows about 20).
    const pairMs = await untilShown(
      app,
      "document.querySelector('[data-testid=pair-round]').click();",
      "return /11/.test(document.getElementById('pairings-heading')?.textContent ?? '') && document.querySelectorAll('[data-testid=pairings-table] [data-testid=pairing-row]').length >= 30;",
      "return document.querySelectorAll('[data-testid=pairings-table] [data-testid=pairing-row]').length === 512;",
    );
    // The floor under a keystroke's figure: a change that costs nothing, to its frame.
    const frameFloorMs = await untilShown(app, "document.body.dataset.measured = String(Date.now());", 'return true;');
    const filterMs = await untilShown(
      app,
      "const f = document.querySelector('[data-testid=pairings-filter]'); f.value = 'Player 0777'; f.dispatchEvent(new Event('input'));",
      "const m = document.querySelector('[data-testid=pairings-matches]'); return m !== null && !m.hidden && m.querySelectorAll('tbody tr').length === 1;",
    );
    const standingsMs = await untilShown(
      app,
      "location.hash = '#/standings';",
      "return document.querySelectorAll('[data-testid=standings-row]').length >= 30;",
      "return document.querySelectorAll('[data-testid=standings-row]').length === 1024;",
    );
    // Opening the event as the owner does (goal ≤ 300 ms): closed on Start, then its line
    // under "Recent events" clicked → round 11's tables on the Results screen. And the
    // shell's part of it alone (`open_event` through the window's one `call`).
    await app.execute("location.hash = '#/start';");
    await app.find('close-event', { timeout: 60000 });
    await app.execute("document.querySelector('[data-testid=close-event]').click();");
    await app.find('recent-event', { timeout: 60000 });
    await app.painted();
    const openMs = await untilShown(
      app,
      `document.querySelector('[data-testid=recent-event][title="' + ${JSON.stringify(setup.file)} + '"]').click();`,
      "return location.hash === '#/results' && document.querySelectorAll('[data-testid=result-row]').length >= 30;",
      "return document.querySelectorAll('[data-testid=result-row]').length === 512;",
    );
    const openInShell = await app.executeAsync(`
const done = arguments[arguments.length - 1];
const invoke = (name, request) => window.__TAURI_INTERNALS__.invoke('call', { name, request }).then((answered) => answered.data);
(async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    await invoke('close_event', null);
    const t0 = performance.now();
    await invoke('open_event', { path: arguments[0] });
    times.push(performance.now() - t0);
  }
  done({ ok: true, times });
})().catch((e) => done({ ok: false, error: JSON.stringify(e) }));`, [setup.file]);
    if (!openInShell.ok) throw new Error(`open_event failed: ${openInShell.error}`);
    // Where the click's time goes: the same round paired again straight through the shell
    // (undo, then pair_round), and reading the round's pairings (view + IPC) alone.
    const direct = await app.executeAsync(`
const done = arguments[arguments.length - 1];
// The shell answers { data, notices }.
const invoke = (name, request) => window.__TAURI_INTERNALS__.invoke('call', { name, request }).then((answered) => answered.data);
(async () => {
  await invoke('undo', null);
  const t0 = performance.now();
  await invoke('pair_round', { allow_rematches: false });
  const t1 = performance.now();
  await invoke('pairings', { round: null });
  const t2 = performance.now();
  await invoke('take_notices', null);
  const t3 = performance.now();
  const standings = await invoke('standings', { first: null });
  const t4 = performance.now();
  const text = JSON.stringify(standings);
  const t5 = performance.now();
  JSON.parse(text);
  const t6 = performance.now();
  done({ ok: true, pair_round_ms: t1 - t0, pairings_ms: t2 - t1, take_notices_ms: t3 - t2, standings_ms: t4 - t3, standings_kb: text.length / 1024, standings_parse_ms: t6 - t5 });
})().catch((e) => done({ ok: false, error: JSON.stringify(e) }));`);
    const times = recorded.times;
    const noop = recorded.noop;
    return {
      players: PLAYERS_1024,
      round_11_in_shell: direct,
      pair_round_in_shell_ms: setup.pairTimes.map(round1),
      round_10_record_result: {
        samples: times.length,
        p50_ms: round1(percentile(times, 50)),
        p99_ms: round1(percentile(times, 99)),
        max_ms: round1(Math.max(...times)),
        timer_step_ms: smallestStep(times),
        // The slowest entries and where in the sequence they came (a pattern names a cause).
        slowest: times
          .map((ms, index) => [index, round1(ms)])
          .sort((x, y) => y[1] - x[1])
          .slice(0, 8),
      },
      // The same window's round trip for a command that does nothing, timed after each
      // entry: the floor under the entry's figures on this machine.
      noop_command_baseline: {
        p50_ms: round1(percentile(noop, 50)),
        p99_ms: round1(percentile(noop, 99)),
        max_ms: round1(Math.max(...noop)),
      },
      results_screen_entry: {
        samples: typed.times.length,
        round_trips_per_result: { min: Math.min(...typed.trips), max: Math.max(...typed.trips) },
        // Enter → the row changed in the page (a MutationObserver), and → the frame that
        // shows it (checked once per animation frame, so in steps of a frame).
        enter_to_row_in_page_p50_ms: round1(percentile(typed.inPage, 50)),
        enter_to_row_in_page_p99_ms: round1(percentile(typed.inPage, 99)),
        enter_to_row_on_screen_p50_ms: round1(percentile(typed.times, 50)),
        enter_to_row_on_screen_p99_ms: round1(percentile(typed.times, 99)),
        // The slowest entries: [place in the sequence, ms on screen, calls to the shell].
        slowest: typed.times
          .map((ms, index) => [index, round1(ms), typed.trips[index]])
          .sort((x, y) => y[1] - x[1])
          .slice(0, 5),
      },
      pair_round_11_click_to_tables: pairMs,
      pairings_filter_keystroke_to_frame_ms: filterMs,
      empty_change_to_frame_ms: frameFloorMs,
      standings_switch_to_rows: standingsMs,
      // Start → the recent event clicked → its Results screen (a 1024-player event in round 11).
      open_recent_event_to_results: openMs,
      open_event_in_shell_ms: { median: round1(median(openInShell.times)), runs: openInShell.times.map(round1) },
    };
  } finally {
    await app?.close().catch(() => {});
    await driver.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

const PART = process.env.MEASURE_PART ?? 'all';
const report = {
  app: APP_BINARY,
  measured_at: new Date().toISOString(),
  machine: { cpus: (await import('node:os')).cpus().length, display: process.env.DISPLAY ?? null },
  ...(PART === 'all' || PART === 'start' ? { cold_start: await coldStarts() } : {}),
  ...(PART === 'all' ? await bigEvent() : {}),
  ...(PART === 'all' || PART === '1024' ? { championship_1024: await championship() } : {}),
};
console.log(JSON.stringify(report, null, 2));
