// @vitest-environment happy-dom
// The players' page (crates/lan/web, served by the LAN server) run in a DOM: it learns the
// stations' addresses while the room is healthy, and once the main laptop stops answering
// it moves to the first station that answers, carrying the player's code — no new QR code.
// A phone that entered through the door's form follows the room on to round 1's pairings.
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

/** The page at the main laptop's address (`path`: `/`, or `/enter` from the door's poster),
 * with `network` answering its requests, in `words` (none: each word is its key). */
function openPage(
  network: (url: string, init?: RequestInit) => Promise<Response>,
  { path = '/', words = {} }: { path?: string; words?: Record<string, string> } = {},
) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://192.168.1.10:8080${path}`);
  const html = readFileSync(join(WEB, 'index.html'), 'utf8');
  document.body.innerHTML = html.slice(html.indexOf('<body') + html.slice(html.indexOf('<body')).indexOf('>') + 1, html.lastIndexOf('</body>'));
  vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL, init?: RequestInit) => network(String(input), init)));
  const moved = vi.fn();
  Object.defineProperty(window.location, 'assign', { value: moved, configurable: true });
  (globalThis as Record<string, unknown>).TABLEKEEPER_WORDS = { en: words, ja: {} };
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

describe('a phone that entered at the door', () => {
  /** The English words of the page, as /words.js gives them. */
  const EN = JSON.parse(readFileSync(join(__dirname, '..', '..', 'crates', 'words', 'locales', 'en.json'), 'utf8')).room;
  const EVENT = 'ABC123';
  const ENTRY_CODE = 'EEEEE-NNNNN';
  const PLAYER_CODE = 'PPPPP-QQQQQ';
  const plain = (code: string) => code.replace(/-/g, '');

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows round 1 in the header and the Pairings tab after entering while full, waiting, being accepted and checking in', async () => {
    /** The event as the main laptop holds it: the door full, then a seat freed, then round 1. */
    let stage: 'open' | 'waiting' | 'accepted' | 'checked-in' | 'paired' = 'open';
    const roomPolls: { event: string | null }[] = [];
    const meCodes: string[] = [];
    const me = () => {
      const base = { event: 'Locals', event_code: EVENT, name: 'Alice', can_withdraw: true, bye: false, standing: null,
        dropped: false, drop_request: null, call: null, clock: null, cut_line: null, rating: null };
      if (stage === 'waiting' || stage === 'accepted') {
        return { ...base, entry: { number: 9, state: stage, place_in_line: stage === 'waiting' ? 1 : null }, player: null,
          player_code: null, can_check_in: stage === 'accepted', round: null, table: null, record: null };
      }
      return { ...base, entry: { number: 9, state: 'accepted', place_in_line: null }, player: 9, player_code: null,
        can_check_in: false, round: stage === 'paired' ? 1 : null, record: { wins: 0, losses: 0, draws: 0, points: '0' },
        table: stage === 'paired' ? { table: 4, opponent: { number: 2, name: 'Bob' }, result: null, seat_a: true } : null };
    };
    openPage(async (url, init) => {
      // The shop's network: an answer takes a moment.
      await new Promise((resolve) => setTimeout(resolve, 40));
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const command = url.slice(url.indexOf('/api/call/') + '/api/call/'.length);
      const refused = (kind: string) => answer({ ok: false, error: { kind, message: kind } });
      switch (command) {
        case 'room': {
          roomPolls.push({ event: headers['X-Event'] ?? null });
          if (headers['X-Event'] && headers['X-Event'] !== EVENT) return refused('no-event');
          const paired = stage === 'paired';
          return answer({ ok: true, data: view({
            hosts: [STATION], round: paired ? 1 : null, version: paired ? '14.5.0.0.0.|h1|false' : '12.5.0.0.0.|h1|false',
            tables: paired ? [{ table: 4, a: { number: 9, name: 'Alice' }, b: { number: 2, name: 'Bob' }, result: null, report: null }] : [],
          }) });
        }
        case 'door':
          return answer({ ok: true, data: { event: 'Locals', title: null, open: true, mode: 'open', closes_at: null,
            seats: 8, seats_left: 0, waiting: 1, check_in: true, team_size: 0 } });
        case 'enter':
          stage = 'waiting';
          return answer({ ok: true, data: { code: ENTRY_CODE, me: me() } });
        case 'check_in_by_code':
          if (body.code !== plain(ENTRY_CODE)) return refused('wrong-code');
          stage = 'checked-in';
          // The entry is a player now: the phone keeps the player's own code from here on.
          return answer({ ok: true, data: { ...me(), player_code: PLAYER_CODE } });
        case 'me': {
          meCodes.push(body.code);
          if (body.code === plain(ENTRY_CODE)) return answer({ ok: true, data: { ...me(), player_code: stage === 'waiting' || stage === 'accepted' ? null : PLAYER_CODE } });
          if (body.code === plain(PLAYER_CODE) && me().player) return answer({ ok: true, data: me() });
          return refused('wrong-code');
        }
        default:
          return refused('unknown-command');
      }
    }, { path: '/enter', words: EN });
    const text = (id: string) => document.getElementById(id)?.textContent ?? '';
    await vi.advanceTimersByTimeAsync(500);
    expect(text('round')).toBe(EN.noRound);

    // The door is full: the player enters through the page's form and waits.
    (document.getElementById('enter-name') as HTMLInputElement).value = 'Alice';
    (document.getElementById('enter-form') as HTMLFormElement).requestSubmit();
    await vi.advanceTimersByTimeAsync(2500);
    expect(text('mine-entry')).toContain('waiting list');
    // The page follows the event the entry belongs to.
    expect(roomPolls.at(-1)).toEqual({ event: EVENT });

    // A seat frees: accepted; "I'm here".
    stage = 'accepted';
    await vi.advanceTimersByTimeAsync(1500);
    const checkIn = document.getElementById('mine-check-in') as HTMLButtonElement;
    expect(checkIn.hidden).toBe(false);
    checkIn.click();
    await vi.advanceTimersByTimeAsync(1500);
    expect(checkIn.hidden).toBe(true);
    expect(meCodes.at(-1)).toBe(plain(PLAYER_CODE));
    expect(JSON.parse(localStorage.getItem('tablekeeper.room.me') ?? 'null')).toMatchObject({ code: plain(PLAYER_CODE), player: 9 });

    // A station pairs round 1: the phone's own table, the header and the Pairings tab, with no reload.
    (document.getElementById('tab-pairings') as HTMLButtonElement).click();
    stage = 'paired';
    await vi.advanceTimersByTimeAsync(2500);
    expect(text('mine-table-number')).toBe('Table 4');
    expect(text('round')).toBe('Round 1');
    expect((document.getElementById('pairings') as HTMLElement).hidden).toBe(false);
    const rows = [...document.querySelectorAll('#pairings-rows tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([['4', 'Alice (9)', 'Bob (2)', '']]);
    expect(text('status')).not.toBe(EN.offline);
  });
});
