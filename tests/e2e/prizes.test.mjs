// End-to-end: prizes and a season in the REAL Tablekeeper window. Three weekly
// events are played through the CLI; the app opens the first, saves its prize rules into
// the event, draws the raffle and writes the payout sheet to sign as a PDF; then a season of
// the three events (the first listed twice: it counts once) is shown, printed as a PDF and
// sent to the projector and published to the players' page (read through the app's own
// server on loopback), and the CLI reads the same season and the recorded raffle back.

import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { clearStatus, cliData, closeEvent, endRun, execFileAsync, freePort, nav, onProjector, shareOn, status, stepper, testHome } from './steps.mjs';
import { startDriver, waitFor } from './webdriver.mjs';

const home = testHome('prizes');
const context = { app: null, failed: false };
const step = stepper(context, 'prizes');
const weeks = [1, 2, 3].map((n) => join(home, `week${n}.tkevent`));
const NAMES = ['Emma Novak', '佐藤 花子', 'Иван Петров', '김민준', 'Ben Carter', '张伟', 'Aiko Tanaka', 'Ólafur Arnalds'];
const DECKS = ['Red Hybrid', 'Blue Flare', 'Purple Imperialdramon'];
const PRIZE_RULES = 'currency = "JPY"\nties = "standings"\npool = 6000\nplace = [{ down_to = 1, amount = 3000 }, { down_to = 2, amount = 2000 }, { down_to = 4, amount = 500 }]\n[raffle]\nprizes = ["Playmat"]\n';
const SEASON_RULES = 'name = "Friday League"\nparticipation = 1\nper_win = 3\nplacing = [{ down_to = 1, points = 5 }, { down_to = 4, points = 2 }]\n';

let driver = null;
let app = null;
/** Week 1's winner, as the CLI's standings name them before the app opens the event. */
let winner = '';

/** A finished three-round event: the players of `names`, seat A winning every table. */
async function playEvent(file, name, names) {
  await cliData(['create', file, '--name', name, '--ruleset', 'bandai', '--rounds', '3']);
  for (const [index, player] of names.entries()) {
    await cliData(['add-player', file, player]);
    await cliData(['deck', file, player, '--name', DECKS[index % DECKS.length]]);
  }
  for (let round = 1; round <= 3; round++) {
    const pairings = await cliData(['pair', file]);
    const lines = pairings.tables.filter((table) => table.b).map((table) => `${table.table} a`);
    const results = join(home, `results-${round}.txt`);
    writeFileSync(results, `${lines.join('\n')}\n`);
    await cliData(['results', file, results]);
  }
}

/** Sets a text box's value as pasting it would (multi-line text, one input event). */
async function paste(testid, text) {
  await app.execute(
    `const box = document.querySelector('[data-testid="' + arguments[0] + '"]');
     box.value = arguments[1];
     box.dispatchEvent(new Event('input', { bubbles: true }));`,
    [testid, text],
  );
}

async function pdfText(path) {
  const { stdout } = await execFileAsync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-']);
  return stdout;
}

describe('prizes and a season in the real app window', () => {
  before(async () => {
    await playEvent(weeks[0], 'Friday week 1', NAMES);
    await playEvent(weeks[1], 'Friday week 2', NAMES.slice(0, 6));
    await playEvent(weeks[2], 'Friday week 3', [...NAMES.slice(2), 'Nguyễn Văn An']);
    winner = (await cliData(['standings', weeks[0]])).rows[0].name;
    driver = await startDriver({ home });
    app = context.app = await driver.newSession({ args: [weeks[0]] });
  });

  after(() => endRun(context, driver, home));

  let payout = null;

  step('the prize rules written as text show in the form, and the form round-trips them', async () => {
    await nav(app, 'prizes', 'prizes-panel');
    // An event without prize rules starts from the example, shown in the form.
    await waitFor(async () => (await app.property('prize-currency', 'value')) === 'JPY', { message: 'the example rules in the form' });
    await paste('prizes-rules', PRIZE_RULES);
    await waitFor(async () => (await app.property('prize-pool', 'value')) === '6000', { message: 'the pasted pool in the form' });
    assert.equal((await app.findAll('[data-testid="prize-place-row"]')).length, 3, 'three ladder rows');
    assert.equal(await app.property('prize-ties-standings', 'checked'), true);
    assert.equal(await app.property('prize-raffle', 'value'), 'Playmat');
    // The payout beside the form follows the rules before they are saved.
    await waitFor(async () => (await app.text('prizes-status')).includes('not saved'), { message: 'rules being tried' });
    await waitFor(async () => (await app.text('prizes-totals')).includes('Credit paid: 6000 JPY'), { message: 'the previewed payout' });
  });

  step('the payout is made in the form, from a preset, without typing TOML', async () => {
    await app.click('prize-preset-credit-top-four');
    // Eight players: a pool of 500 each, 50/30/10/10.
    await waitFor(async () => (await app.property('prize-pool', 'value')) === '4000', { message: 'the preset pool' });
    await app.type('prize-raffle', 'Playmat');
    await waitFor(async () => (await app.text('prizes-totals')).includes('Credit paid: 4000 JPY'), { message: 'the preset previewed' });
    await app.screenshot('13-prizes-form');
    // The text under "Advanced" is the form's, so what is saved is what the form shows.
    const written = await app.property('prizes-rules', 'value');
    assert.match(written, /pool = 4000/);
    assert.match(written, /prizes = \[ "Playmat" \]/);
    await app.click('prizes-save');
    await status(app, 'The prize rules are saved in the event.');
    const rows = await app.findAll('[data-testid="prizes-row"]');
    assert.equal(rows.length, 4, 'places 1 to 4 receive credit');
    // The first place is the standings' first (no cut: the final order is the standings').
    const first = await app.execute(`return document.querySelector('[data-testid=prizes-row] th').textContent`);
    assert.ok(first.startsWith(winner), `${first} is ${winner}`);
  });

  step('the raffle is drawn once, with its seed shown', async () => {
    await app.click('prizes-draw');
    await status(app, 'The raffle is drawn');
    const totals = await app.text('prizes-totals');
    assert.match(totals, /Credit paid: 4000 JPY/);
    const seed = /Raffle seed (\d+)/.exec(totals)?.[1];
    assert.ok(seed, totals);
    assert.ok((await app.text('prizes-rows')).includes('Playmat (raffle)'));
    assert.equal(await app.property('prizes-draw', 'disabled'), true, 'drawn once');
    payout = { seed, rows: await app.text('prizes-rows') };
  });

  step('the payout sheet to sign is written as a PDF', async () => {
    await clearStatus(app);
    await app.click('pdf-payout');
    const shown = await status(app, /PDF/);
    const path = join(home, 'week1 printouts', 'payout-en.pdf');
    assert.ok(shown.includes(path), shown);
    const text = await pdfText(path);
    assert.match(text, /Prize payout/);
    assert.match(text, /Received \(signature\)/);
    assert.match(text, new RegExp(`Raffle seed ${payout.seed}`));
  });

  let season = null;

  step('a season of three events is shown; an event listed twice counts once', async () => {
    await paste('season-rules', SEASON_RULES);
    await paste('season-files', [...weeks, weeks[0]].join('\n'));
    // The rules written as text show in the form; the files as a list.
    assert.equal(await app.property('season-name', 'value'), 'Friday League');
    assert.equal(await app.property('season-per-win', 'value'), '3');
    assert.equal((await app.findAll('[data-testid="season-placing-row"]')).length, 2);
    assert.equal((await app.findAll('[data-testid="season-file"]')).length, 4);
    // The library has seen none of these events (their players were typed, not registered from it).
    await app.click('season-from-library');
    await app.waitForText('season-library-events', 'The library has no events yet');
    await app.click('season-show');
    await waitFor(async () => (await app.text('season-summary')).includes('Friday League: 3 events'), {
      message: async () => `the season's summary (${await app.text('season-summary')}, error: ${await app.text('error')})`,
    });
    await app.execute(`document.querySelector('[data-testid=season-panel]').scrollIntoView()`);
    await app.screenshot('14-season-form');
    const rows = await app.execute(`return [...document.querySelectorAll('[data-testid=season-row]')].map((tr) => [...tr.cells].map((c) => c.textContent))`);
    // Nine people played: the eight of week 1, and one new in week 3.
    assert.equal(rows.length, 9);
    season = rows;
  });

  step("the season's ratings and meta: a rating explained, the decks' shares and matchups drawn", async () => {
    await app.click('ratings-show');
    await waitFor(async () => (await app.findAll('[data-testid="rating-row"]')).length === 9, { message: 'nine rated players' });
    // The leaderboard and the history are the printed pictures' own drawing.
    await waitFor(async () => (await app.findAll('[data-testid="ratings-leaderboard"] svg rect')).length >= 9, { message: 'the leaderboard drawn' });
    await app.click('rating-why');
    await app.waitForText('rating-explanation', /expected \d+%/);
    await waitFor(async () => (await app.findAll('[data-testid="rating-history"] svg circle')).length >= 2, { message: "the player's rating history drawn" });
    await app.execute(`document.querySelector('[data-testid=ratings-meta-panel]').scrollIntoView()`);
    await app.screenshot('16-ratings-why');
    await app.click('meta-show');
    await waitFor(async () => (await app.findAll('[data-testid="meta-deck"]')).length === 3, { message: 'three decks in the meta' });
    const bars = await app.text('meta-bars');
    for (const deck of DECKS) assert.ok(bars.includes(deck), `${deck} in ${bars}`);
    assert.ok((await app.findAll('[data-testid="meta-cell"]')).length >= 3, 'matchups drawn');
    await app.execute(`document.querySelector('[data-testid=meta-picture]').scrollIntoView()`);
    await app.screenshot('17-meta');
    // The same picture on the projector, from the season's files.
    await onProjector(app, 'meta-projector', async () => {
      await waitFor(async () => (await app.findAll('[data-testid="projector-meta"] [data-testid="meta-deck"]')).length === 3, { message: 'the meta on the projector' });
      await app.screenshot('17b-projector-meta');
    });
  });

  step('the meta and the ratings are printed as the same pictures (PDF)', async () => {
    await clearStatus(app);
    await app.click('meta-print');
    const meta = (await status(app, /meta-en\.pdf/)).match(/\/\S*meta-en\.pdf/)?.[0] ?? '';
    assert.ok(existsSync(meta), `the meta's PDF at ${meta}`);
    const metaText = await pdfText(meta);
    assert.match(metaText, /Meta share/);
    for (const deck of DECKS) assert.ok(metaText.includes(deck), `${deck} printed in\n${metaText}`);
    await clearStatus(app);
    await app.click('ratings-print');
    const ratings = (await status(app, /ratings-en\.pdf/)).match(/\/\S*ratings-en\.pdf/)?.[0] ?? '';
    const ratingsText = await pdfText(ratings);
    // The leaderboard, then the history of the player last explained: a page each.
    assert.equal(ratingsText.split('\f').filter((page) => page.trim()).length, 2, ratingsText);
  });

  step('the season is printed as a PDF naming every player', async () => {
    await clearStatus(app);
    await app.click('season-print');
    const shown = await status(app, /PDF/);
    const path = join(home, 'season printouts', 'season-en.pdf');
    assert.ok(shown.includes(path), shown);
    const text = await pdfText(path);
    assert.match(text, /Season standings/);
    for (const name of [...NAMES, 'Nguyễn Văn An']) assert.ok(text.includes(name), `${name} in\n${text}`);
  });

  step('the projector shows the season', async () => {
    await onProjector(app, 'season-projector', async () => {
      await waitFor(async () => (await app.findAll('[data-testid="season-row"]')).length === 9, { message: 'the season on the projector' });
    });
  });

  step("the season is published to the players' page, and taken down", async () => {
    const port = await freePort();
    await shareOn(app, port);
    await nav(app, 'prizes', 'season-publish');
    await clearStatus(app);
    await app.click('season-publish');
    await status(app, "is on the players' page");
    const room = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/call/room`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'null' });
      return (await response.json()).data;
    };
    const shown = await room();
    assert.equal(shown.season?.name, 'Friday League');
    assert.deepEqual(shown.season.rows.map((row) => [row.rank === null ? '—' : String(row.rank), row.name, String(row.points)]), season.map((cells) => cells.slice(0, 3)));
    await clearStatus(app);
    await app.click('season-unpublish');
    await status(app, 'no longer');
    assert.equal((await room()).season, null);
  });

  step('the CLI reads the same season, and the recorded raffle from the event file', async () => {
    await closeEvent(app, 'Closed Friday week 1.');
    const rules = join(home, 'season.toml');
    writeFileSync(rules, SEASON_RULES);
    const cli = await cliData(['season', rules, ...weeks, weeks[0]]);
    assert.deepEqual(
      cli.rows.map((row) => [row.rank === null ? '—' : String(row.rank), row.name, String(row.points)]),
      season.map((cells) => cells.slice(0, 3)),
    );
    const recorded = await cliData(['prizes', weeks[0]]);
    assert.equal(recorded.raffle_seed, payout.seed);
    assert.equal(recorded.credit_paid, 4000);
    assert.ok(existsSync(join(home, 'season printouts', 'season-en.pdf')));
  });
});
