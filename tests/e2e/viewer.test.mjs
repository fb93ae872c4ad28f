// End-to-end: a printed PDF and the PDF viewer, in the REAL app window. The rest of the run
// has no viewer (run.sh sets TABLEKEEPER_VIEWER empty, so every machine says the same words
// whatever it has installed); here the app is given a stand-in viewer that writes down the
// file it was asked to open, then one that cannot start. The owner reads "Opened the PDF in
// your PDF viewer" only when a viewer really started with that file, and otherwise where the
// file was saved.

import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';

import { cliData, endRun, nav, status, stepper, testHome } from './steps.mjs';
import { startDriver, waitFor } from './webdriver.mjs';

const home = testHome('viewer');
const context = { app: null, failed: false };
const step = stepper(context, 'viewer');
const file = join(home, 'viewer-demo.tkevent');
const opened = join(home, 'viewer-opened.txt');
const standIn = join(home, 'stand-in-viewer.sh');

let driver = null;
let app = null;

/** Starts the app on the demo event with `viewer` as TABLEKEEPER_VIEWER. */
async function startWith(viewer) {
  await app?.close().catch(() => {});
  await driver?.stop();
  driver = await startDriver({ home, env: { TABLEKEEPER_VIEWER: viewer } });
  app = context.app = await driver.newSession({ args: [file] });
}

/** Prints the standings from the Standings screen; the status line that answered. */
async function printStandings() {
  await nav(app, 'standings', 'standings-table');
  await app.click('pdf-standings');
  return status(app, /(Opened the PDF in your PDF viewer \(saved as|Saved the PDF as) .+standings.*\.pdf/, { timeout: 60000 });
}

describe('a printed PDF and the PDF viewer', () => {
  before(async () => {
    await cliData(['demo', file]);
    writeFileSync(standIn, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`);
    chmodSync(standIn, 0o755);
  });

  after(() => endRun(context, driver, home));

  step('with a viewer: says it opened the PDF, and the viewer was given that very file', async () => {
    await startWith(standIn);
    const line = await printStandings();
    const match = /^Opened the PDF in your PDF viewer \(saved as (.+\.pdf)\)\./.exec(line);
    assert.ok(match, `the opened words, not: ${line}`);
    assert.ok(existsSync(match[1]), `${match[1]} exists`);
    await waitFor(() => existsSync(opened) && readFileSync(opened, 'utf8').includes(match[1]), { message: 'the stand-in viewer was started with the PDF' });
  });

  step('with a viewer that cannot start: says where the PDF was saved', async () => {
    await startWith(join(home, 'no-such-viewer'));
    const line = await printStandings();
    const match = /^Saved the PDF as (.+\.pdf)\./.exec(line);
    assert.ok(match, `the saved words, not: ${line}`);
    assert.ok(existsSync(match[1]), `${match[1]} exists`);
  });
});
