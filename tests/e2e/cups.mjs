// A CUPS scheduler of the test's own for the real print path: its configuration, spool and
// socket in a temporary folder, one printer (`counter`, a raw queue on a file device) whose
// jobs are written to a file as received, and the scheduler stopped at the end. `null` where
// CUPS is not installed (./tk setup installs it; CI has it).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from './webdriver.mjs';

export async function startCups() {
  if (!['/usr/sbin/cupsd', '/usr/sbin/lpadmin'].every(existsSync)) return null;
  // Its own folder, open to CUPS's filters (they run as the scheduler's user, lp, when the
  // scheduler runs as root): not inside a test home only its owner can enter.
  const dir = mkdtempSync(join(tmpdir(), 'tkcups-'));
  chmodSync(dir, 0o755);
  for (const sub of ['etc', 'spool', 'cache', 'state', 'tmp', 'log', 'out']) mkdirSync(join(dir, sub), { recursive: true });
  const socket = join(dir, 'cups.sock');
  const output = join(dir, 'out', 'job');
  writeFileSync(
    join(dir, 'etc', 'cupsd.conf'),
    `Listen ${socket}\nLogLevel warn\nWebInterface No\nDefaultAuthType None\n<Location />\n  Order allow,deny\n  Allow all\n</Location>\n<Location /admin>\n  Order allow,deny\n  Allow all\n</Location>\n<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n`,
  );
  writeFileSync(
    join(dir, 'etc', 'cups-files.conf'),
    [
      `ServerRoot ${dir}/etc`,
      `RequestRoot ${dir}/spool`,
      `CacheDir ${dir}/cache`,
      `StateDir ${dir}/state`,
      `TempDir ${dir}/tmp`,
      `ErrorLog ${dir}/log/error_log`,
      `AccessLog ${dir}/log/access_log`,
      `PageLog ${dir}/log/page_log`,
      'FileDevice Yes',
      'ServerBin /usr/lib/cups',
      'DataDir /usr/share/cups',
      'Sandboxing Relaxed',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/cupsd', ['-f', '-c', join(dir, 'etc', 'cupsd.conf'), '-s', join(dir, 'etc', 'cups-files.conf')], { stdio: 'ignore' });
  await waitFor(async () => existsSync(socket), { message: 'the test’s own CUPS listens', timeout: 10000 });
  const added = spawnSync('/usr/sbin/lpadmin', ['-p', 'counter', '-E', '-m', 'raw', '-v', `file://${output}`], { env: { ...process.env, CUPS_SERVER: socket }, encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`lpadmin: ${added.stderr}`);
  let jobs = 0;
  return {
    socket,
    /** The next job the printer received, once it holds `documents` PDFs: their bytes. */
    async nextJob(documents) {
      jobs += 1;
      const count = () => {
        if (!existsSync(output)) return 0;
        return (readFileSync(output, 'latin1').match(/%PDF-/g) ?? []).length;
      };
      await waitFor(async () => count() === documents && this.jobsCompleted() >= jobs, { message: `job ${jobs} with ${documents} PDFs at the printer`, timeout: 20000 });
      return readFileSync(output, 'latin1');
    },
    /** Jobs the printer has completed. */
    jobsCompleted() {
      const listed = spawnSync('lpstat', ['-W', 'completed', '-o', 'counter'], { env: { ...process.env, CUPS_SERVER: socket, LC_ALL: 'C' }, encoding: 'utf8' });
      return listed.stdout.split('\n').filter((line) => line.trim()).length;
    },
    /** Stops the scheduler, then removes its folder (it writes there until it has gone). */
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        console.log(`# the test's CUPS folder ${dir} was left: ${error.message}`);
      }
    },
  };
}
