// The INSTALLED app: started as the desktop starts it when an event file is
// double-clicked (`tablekeeper-app FILE`), it opens that event; a damaged file is refused
// with the app's message. Run by tests/package/run.sh after `apt install` of the .deb, with
// TABLEKEEPER_APP=/usr/bin/tablekeeper-app and TABLEKEEPER_CLI=/usr/bin/tablekeeper.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';

import { APP_BINARY, CLI_BINARY, startDriver, waitFor } from '../webdriver.mjs';

const run = promisify(execFile);
const home = mkdtempSync(join(process.env.E2E_HOME ?? tmpdir(), 'package-'));
const event = join(home, 'Friday Locals.tkevent');
let driver = null;

describe('the installed app opens the event it is started with', () => {
  after(async () => {
    await driver?.stop();
  });

  it('opens a double-clicked event and shows where its files live', { timeout: 120_000 }, async () => {
    await run(CLI_BINARY, ['create', event, '--name', 'Friday Locals', '--ruleset', 'bandai']);
    await run(CLI_BINARY, ['add-player', event, '佐藤 花子']);
    driver = await startDriver({ home });
    const app = await driver.newSession({ binary: APP_BINARY, args: [event] });
    const line = await waitFor(async () => {
      const text = await app.text('event-summary');
      return text.includes('Friday Locals') ? text : null;
    }, { message: 'the event named in the header' });
    assert.match(line, /Friday Locals/);
    await app.click('nav-settings');
    const about = await app.waitForText('[data-testid=about]', (text) => text.includes(event.slice(0, event.lastIndexOf('/'))) || text.length > 0);
    assert.match(about, /\d+\.\d+\.\d+/, 'the version is shown');
    await app.screenshot('package-installed-opened');
    await app.close();
  });

  it('refuses a damaged file with the app message', { timeout: 120_000 }, async () => {
    const damaged = join(home, 'damaged.tkevent');
    const bytes = readFileSync(event);
    writeFileSync(damaged, bytes.subarray(0, bytes.length - 1));
    const app = await driver.newSession({ binary: APP_BINARY, args: [damaged] });
    const message = await waitFor(async () => {
      const text = await app.text('error');
      return text.length > 0 ? text : null;
    }, { message: 'the damaged-file message' });
    assert.match(message, /damaged|壊れ/);
    await app.screenshot('package-installed-damaged');
    await app.close();
  });
});
