// @vitest-environment happy-dom
// The players' page (crates/lan/web, served by the LAN server) run in a DOM: it learns the
// stations' addresses while the room is healthy, and once the main laptop stops answering
// it moves to the first station that answers, carrying the player's code — no new QR code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const WEB = join(__dirname, '..', '..', 'crates', 'lan', 'web');
const STATION = '10.0.0.7:8080';

function view(extra: Record<string, unknown> = {}) {
  return {
    clock: null,
    version: 'v1',
    events: [],
    hosts: [STATION],
    moved_to: null,
    event: 'Locals',
    title: null,
    round: 1,
    bracket_round: null,
    tables: [],
    byes: [],
    reporting: 'off',
    standings: null,
    bracket: null,
    season: null,
    decks: null,
    ...extra,
  };
}

/** The phone's own player, as `me` answers. */
const ME = { player: 3, name: 'Alice', player_code: 'ABCDE-FGHJK', round: 1, table: null, bye: false, event_code: null };

const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The page at the main laptop's address, with `network` answering its requests. */
function openPage(network: (url: string) => Promise<Response>) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://192.168.1.10:8080/');
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  document.body.innerHTML = html.slice(html.indexOf('<body') + html.slice(html.indexOf('<body')).indexOf('>') + 1, html.lastIndexOf('</body>'));
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => network(String(input))));
  const moved = vi.fn();
  Object.defineProperty(window.location, 'assign', { value: moved, configurable: true });
  (globalThis as Record<string, unknown>).TABLEKEEPER_WORDS = { en: {}, ja: {} };
  // The two classic scripts share one scope, as in the page.
  // Started here rather than on DOMContentLoaded, so no earlier test's page starts again.
  const source = (readFileSync(join(WEB, 'room.js'), 'utf8') + '\n' + readFileSync(join(WEB, 'door.js'), 'utf8'))
    .replace("document.addEventListener('DOMContentLoaded', start);", '');
  const start = new Function(`${source}\nreturn start;`)() as () => void;
  start();
  return moved;
}

describe('the players page when the main laptop stops', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    localStorage.setItem('tablekeeper.room.me', JSON.stringify({ code: 'ABCDE-FGHJK', player: 3, name: 'Alice' }));
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves to the station that took over, as the same player', async () => {
    let mainUp = true;
    let stationUp = false;
    const moved = openPage(async (url) => {
      if (url.startsWith(`http://${STATION}/`)) {
        if (stationUp) return new Response('', { status: 200 });
        throw new TypeError('Failed to fetch');
      }
      if (!mainUp) throw new TypeError('Failed to fetch');
      if (url.endsWith('/api/call/room')) return answer({ ok: true, data: view() });
      if (url.endsWith('/api/call/me')) return answer({ ok: true, data: ME });
      return answer({ ok: false, error: { kind: 'no-event', message: 'not here' } });
    });
    await vi.advanceTimersByTimeAsync(2100);
    expect(JSON.parse(localStorage.getItem('tablekeeper.room.hosts') ?? '[]')).toEqual([STATION]);
    // The main laptop dies; the station is not serving yet: the page keeps trying.
    mainUp = false;
    await vi.advanceTimersByTimeAsync(8000);
    expect(moved).not.toHaveBeenCalled();
    // The station takes over: the next look finds it.
    stationUp = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(moved).toHaveBeenCalledTimes(1);
    expect(moved).toHaveBeenCalledWith(`http://${STATION}/#p=ABCDEFGHJK`);
  });

  it('moves at once when the old main laptop says where the event went', async () => {
    const moved = openPage(async (url) => {
      if (url.endsWith('/api/call/room')) return answer({ ok: true, data: view({ moved_to: STATION }) });
      if (url.endsWith('/api/call/me')) return answer({ ok: true, data: ME });
      return answer({ ok: false, error: { kind: 'no-event', message: 'not here' } });
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(moved).toHaveBeenCalledWith(`http://${STATION}/#p=ABCDEFGHJK`);
  });

  it('stays while a poll or two fails', async () => {
    let failures = 0;
    const moved = openPage(async (url) => {
      if (url.startsWith(`http://${STATION}/`)) return new Response('', { status: 200 });
      if (url.endsWith('/api/call/room')) {
        // One lost poll in three: never three seconds without an answer.
        failures += 1;
        if (failures % 3 === 0) throw new TypeError('Failed to fetch');
        return answer({ ok: true, data: view() });
      }
      if (url.endsWith('/api/call/me')) return answer({ ok: true, data: ME });
      return answer({ ok: false, error: { kind: 'no-event', message: 'not here' } });
    });
    await vi.advanceTimersByTimeAsync(20000);
    expect(moved).not.toHaveBeenCalled();
  });
});
