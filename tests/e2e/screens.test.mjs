// End-to-end: every screen of the REAL app window at 1366×768, in every language of the
// catalogues, checked with axe-core inside the window (0 serious or critical violations),
// measured for clipped or overflowing text, and kept as a screenshot
// (ci-artifacts/screenshots/screen-<lang>-<route>.png); then once more in the pseudo-locale
// (every string 40 % longer, wrapped in ⟦ ⟧): nothing clipped, and no text on a control or a
// heading that did not come from a catalogue. Then the players' page in a real browser at
// 320 px and at 200 % zoom: axe again, and no sideways scroll.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

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
const LANGUAGES = JSON.parse(readFileSync(join(REPO, 'crates', 'words', 'locales', 'en.json'), 'utf8')).ui.settings.languages;

/**
 * Text cut or spilling in the page, measured: an element whose own text is wider than its
 * box where the box hides the rest (overflow hidden, an ellipsis) or is a control, a label or
 * a heading (its text runs over its neighbours); and the page scrolling sideways.
 */
const CLIPPED = `
  const found = [];
  const own = (el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
  const name = (el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '');
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const pen = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('[hidden], template, script, style, svg, canvas') || !visible(el)) continue;
    const text = own(el);
    if (!/\\p{L}/u.test(text)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.display === 'contents') continue;
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
    // Wider than its box: cut where the box hides the rest, over its neighbours where not.
    if (el.scrollWidth > el.clientWidth + 1) {
      found.push(name(el) + ': ' + JSON.stringify(text.slice(0, 60)) + ' ' + el.scrollWidth + '>' + el.clientWidth);
      continue;
    }
    // A box that lets a word break anywhere hides a word too long for it by cutting it in
    // two ("Confrontatio" / "n"): a word of a spaced script must fit whole.
    const labelled = /^(BUTTON|LABEL|TH|LEGEND|SUMMARY|H1|H2|H3|H4)$/.test(el.tagName);
    if (labelled && (style.overflowWrap === 'anywhere' || style.overflowWrap === 'break-word' || style.wordBreak === 'break-all')) {
      pen.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // A line may break after a hyphen: "Won-Lost-Drawn" is three words here.
      for (const marked of text.split(/\\s+|(?<=[-‐])/)) {
        const word = marked.replace(/[⟦⟧]/g, '');
        if (!/^[\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}%'’.,:;()-]+$/u.test(word)) continue;
        const wide = pen.measureText(word).width;
        if (wide > room + 1) { found.push('a word cut in ' + name(el) + ': ' + JSON.stringify(word) + ' ' + Math.round(wide) + '>' + Math.round(room)); break; }
      }
    }
  }
  // A placeholder wider than its box is cut by the box.
  for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (input.closest('[hidden]') || !visible(input) || input.value !== '') continue;
    const style = getComputedStyle(input);
    pen.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const wide = pen.measureText(input.placeholder).width;
    if (wide > room + 1) found.push('placeholder of ' + name(input) + ': ' + JSON.stringify(input.placeholder.slice(0, 60)) + ' ' + Math.round(wide) + '>' + Math.round(room));
  }
  const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (sideways > 1) found.push('the page scrolls sideways by ' + sideways + ' px');
  return found.slice(0, 12);
`;

/** Controls and headings whose own text has letters but no pseudo-locale marker. */
const UNMARKED = `
  const found = [];
  const own = (el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
  for (const el of document.querySelectorAll('button, label, h1, h2, h3, h4, th[scope=col], legend, summary, nav a')) {
    if (el.closest('[hidden], [data-data]')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const text = own(el);
    // What is left once every marked string is taken out must have no words of its own.
    let rest = text;
    for (let before = ''; before !== rest; ) { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ''); }
    if (!/\\p{L}{2}/u.test(rest)) continue;
    found.push(el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '') + ': ' + JSON.stringify(text.slice(0, 60)));
  }
  return found.slice(0, 12);
`;

/** Every screen once: axe, the measured clipping and a screenshot named `name-<route>`. */
async function visitEveryScreen(name, extraCheck = null) {
  const found = {};
  for (const route of ROUTES) {
    await nav(app, route);
    await app.find('main h2');
    // The screen's data arrive after its frame; axe reads what the owner then sees.
    await app.painted();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const problems = [];
    const bad = await violations(app);
    if (bad.length > 0) problems.push(...bad.map((v) => `axe ${v.id}: ${v.nodes.join(' | ')}`));
    problems.push(...(await app.execute(CLIPPED)).map((c) => `clipped ${c}`));
    if (extraCheck) problems.push(...(await app.execute(extraCheck)));
    if (problems.length > 0) found[route] = problems;
    await app.screenshot(`${name}-${route}`);
  }
  return found;
}

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

describe('every screen, read by axe-core and photographed, in every language and the pseudo-locale', () => {
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

  for (const [language, own] of Object.entries(LANGUAGES)) {
    // Each language is its own test (a failure in one does not hide another's).
    it(`every screen in ${own} (${language}): nothing serious for axe, nothing clipped`, { timeout: 180_000 }, async () => {
      if (language !== 'en') {
        await nav(app, 'settings', 'settings-language');
        await app.select('settings-language', language);
        await waitFor(async () => (await app.execute('return document.documentElement.lang')) === language, { message: `the window in ${own}` });
      }
      const found = await visitEveryScreen(`screen-${language}`);
      assert.deepEqual(found, {}, JSON.stringify(found, null, 1));
    });
  }

  step('every screen in the pseudo-locale: every string 40 % longer, none clipped, none from outside a catalogue', async () => {
    await nav(app, 'settings', 'settings-language');
    await app.select('settings-language', 'en');
    await app.execute(`localStorage.setItem('tablekeeper.pseudo', '1'); location.reload(); return true;`);
    await waitFor(async () => /⟦/.test(await app.execute(`return document.querySelector('nav')?.textContent ?? ''`)), { message: 'the window in the pseudo-locale' });
    try {
      const found = await visitEveryScreen('screen-pseudo', UNMARKED);
      assert.deepEqual(found, {}, JSON.stringify(found, null, 1));
    } finally {
      await app.execute(`localStorage.removeItem('tablekeeper.pseudo'); location.reload(); return true;`);
      await waitFor(async () => !/⟦/.test(await app.execute(`return document.querySelector('nav')?.textContent ?? ''`)), { message: 'the window back in English' });
    }
  });

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
    // The page's own chooser, independent of the laptop: Korean words at once.
    const korean = JSON.parse(readFileSync(join(REPO, 'crates', 'words', 'locales', 'ko.json'), 'utf8')).room;
    await phone.execute(`const chooser = document.getElementById('language'); chooser.value = 'ko'; chooser.dispatchEvent(new Event('change')); return true;`);
    await waitFor(async () => (await phone.execute(`return document.getElementById('tab-find')?.textContent ?? ''`)) === korean.find, { message: 'the phone page in Korean' });
    assert.equal(await phone.execute('return document.documentElement.lang'), 'ko');
    await phone.screenshot('phone-ko');
  });
});
