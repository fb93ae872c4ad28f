// @vitest-environment happy-dom
// The whole UI against a small fake shell (Tauri's mockIPC answering the one `call` command):
// create an event, register players with Enter, pair, enter results by keyboard with the
// shell's preview (replace, undo), drop, standings, the cut drawn as a bracket. It drives the
// same data-testid hooks the WebDriver end-to-end test uses.
import type { InvokeArgs } from '@tauri-apps/api/core';
import { mockIPC } from '@tauri-apps/api/mocks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BracketSeat, BracketView, EventView, PairingsView, PlayerView, ResultView, TableView } from './types';

type Fake = {
  players: PlayerView[];
  round: PairingsView | null;
  event: EventView | null;
  calls: string[];
  undone: number;
  /** Results recorded (each answer's step number follows it). */
  recorded: number;
  bracket: BracketView | null;
  /** Whether `call_here` refuses (the desk busy), and how often it did. */
  refuseHere: boolean;
  refusedHere: number;
  /** Players added to the standings only (a large field), and a name changed after the first ask. */
  standingsExtra: number;
  renamedAfterFirstAsk: string | null;
  /** The last round sent to a printer or put in one PDF (`print_round`). */
  printedTo?: { printer: string | null; copies: number; sheets: string[]; open: boolean } | null;
  /** No PDF viewer starts (`print_round` by hand answers `opened: false`). */
  noViewer?: boolean;
  /** The file whose folder the shell was asked to show (`show_in_folder`). */
  shownFolderOf?: string | null;
  /** The round the event records as printed (`print_round`), and how. */
  printed?: { round: number; printer: string | null; copies: number } | null;
  /** The shop's defaults (`set_preferences`). */
  preferences: { default_ruleset: string | null; default_title: string | null };
  /** Holds the answer to the Prizes screen's first ask (the event has no prize rules) until it opens. */
  prizesGate?: Promise<void> | null;
};

const fake: Fake = {
  players: [],
  round: null,
  event: null,
  calls: [],
  undone: 0,
  recorded: 0,
  bracket: null,
  refuseHere: false,
  refusedHere: 0,
  standingsExtra: 0,
  renamedAfterFirstAsk: null,
  preferences: { default_ruleset: null, default_title: null },
};

function eventView(): EventView {
  const active = fake.players.filter((p) => p.status === 'active').length;
  return {
    file: '/events/friday.tkevent',
    slip_code: '00002A',
    name: fake.event?.name ?? '',
    title: null,
    ruleset: { id: 'bandai', name_en: 'Bandai', name_ja: 'バンダイ' },
    planned_rounds: 3,
    rounds_paired: fake.round ? 1 : 0,
    current_round_complete: fake.round?.complete ?? true,
    players_registered: fake.players.length,
    players_active: active,
    recommended_rounds: 3,
    recommended_cut: 4,
    stage: fake.round ? 'swiss' : 'registration',
    structure: 'swiss',
    team_size: 0,
    structure_finished: null,
    read_only: null,
  };
}

const REGULAR = { number: 5, added_at: '2026-01-01T00:00:00Z', events: 3, last_seen: '2026-11-20T18:00:00Z', note: null, name: 'Zoe Regular', reading: null, publisher_id: null };

function player(id: number, name: string): PlayerView {
  const none = null;
  return { id, name, reading: none, publisher_id: none, nickname: none, joined_round: 1, status: 'active', dropped_after_round: none, fixed_table: none, disqualified: false, members: [] };
}

const message = (key: string, text: string, params: Record<string, string> = {}) => ({ key, params, text });

/** Who wins a typed result in this fake: seat A, seat B, or not a result. */
function side(result: unknown): 'a' | 'b' {
  const text = String(result).normalize('NFKC').toLowerCase();
  if (text === '1' || text === 'a') return 'a';
  if (text === '2' || text === 'b') return 'b';
  throw { kind: 'invalid-result', message: `'${String(result)}' is not a result. Use a | b …`, key: 'error.invalid-result.result-use', params: { text: String(result) } };
}

function decided(table: TableView, winner: 'a' | 'b'): TableView {
  return {
    ...table,
    a: { ...table.a, outcome: winner === 'a' ? 'win' : 'loss' },
    b: { ...table.b, outcome: winner === 'b' ? 'win' : 'loss' },
    result: {
      kind: 'win',
      summary: { key: 'result.summary.win', text: `${winner.toUpperCase()} wins`, params: { side: `@side.${winner}` } },
      winner,
    },
  };
}

/** The fake shell: every command's answer with its notices, as the real one answers. */
function backend(cmd: string, payload?: InvokeArgs): unknown {
  return { data: answer(cmd, payload), notices: [] };
}

function answer(cmd: string, payload?: InvokeArgs): unknown {
  const args = (payload ?? {}) as { name?: string; request?: Record<string, unknown> | null };
  const name = String(args.name);
  // The shell's quick path for a few commands; it refuses when the desk is busy.
  const here = ['record_result', 'preview_result', 'take_notices'];
  if (cmd === 'call_here' && (fake.refuseHere || !here.includes(name))) {
    fake.refusedHere += 1;
    throw { kind: 'run-elsewhere', message: 'not here', key: 'error.not-allowed.run-here', params: { name } };
  }
  if (cmd === 'show_in_folder') {
    fake.shownFolderOf = String((payload as { path?: string } | undefined)?.path);
    return true;
  }
  if (cmd !== 'call' && cmd !== 'call_here') throw { kind: 'unknown-command', message: `no ${cmd}`, key: 'error.unknown-command', params: { name: cmd } };
  fake.calls.push(name);
  const request = (args.request ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'app_info':
      return { version: '0.1.0', default_folder: '/events', data_folder: '/app-data', recent: [], open_event: null, startup_error: null, preferences: fake.preferences };
    case 'set_preferences':
      fake.preferences = request as Fake['preferences'];
      return { version: '0.1.0', default_folder: '/events', data_folder: '/app-data', recent: [], open_event: null, startup_error: null, preferences: fake.preferences };
    case 'catalogue':
      return {
        rulesets: [
          { id: 'bushiroad-en', name_en: 'Bushiroad', name_ja: 'ブシロード', source: '', points: '1/0/0/1', chain: [] },
          { id: 'bandai', name_en: 'Bandai', name_ja: 'バンダイ', source: '', points: '3/1/0/3', chain: [] },
        ],
        titles: [{ id: 'digimon', name_en: 'Digimon', name_ja: 'デジモン', ruleset: 'bandai', ruleset_ja: null, round_minutes: 35, match_length: 'bo1', extra_turns: 0, time_up_en: '', time_up_ja: '' }],
        structures: ['swiss', 'round-robin', 'two-loss', 'points-threshold', 'single-elimination'],
        penalties: ['caution', 'warning', 'game-loss', 'match-loss', 'disqualification', 'suspension'],
        selection_methods: ['ranking', 'nation-clan', 'ride-line', 'title', 'oshi', 'usage-rate'],
        export_formats: ['archive', 'standings-csv', 'results-csv', 'report'],
        encodings: ['utf8-bom', 'shift-jis'],
        documents: ['pairings', 'pairings-by-name', 'slips', 'slips-compact', 'standings', 'breakdown', 'bracket', 'score-card', 'deck-sheet'],
        papers: ['a4', 'letter'],
        languages: ['en', 'ja'],
      };
    case 'create_event':
      fake.event = { ...eventView(), name: String(request['name']) };
      return eventView();
    case 'summary':
      return eventView();
    case 'players':
      return fake.players;
    case 'add_players': {
      const names = request['names'] as string[];
      if (names.some((n) => fake.players.some((p) => p.name === n))) {
        throw { kind: 'duplicate-player', message: 'a player named Ann is already registered', key: 'error.duplicate-player', params: { name: 'Ann' } };
      }
      const added = names.map((n, i) => player(fake.players.length + i + 1, n));
      fake.players.push(...added);
      return added;
    }
    case 'library_find': {
      // One regular in the shop's library.
      const typed = String(request['typed']).toLowerCase();
      return 'zoe regular'.startsWith(typed) ? [REGULAR] : [];
    }
    case 'register_from_library': {
      const added = player(fake.players.length + 1, REGULAR.name);
      fake.players.push(added);
      return [added];
    }
    case 'drop_player': {
      const found = fake.players.find((p) => p.name === request['player'] || String(p.id) === request['player']);
      if (!found) throw { kind: 'unknown-player', message: 'no such player' };
      found.status = 'dropped';
      found.dropped_after_round = 1;
      return found;
    }
    case 'pair_round': {
      const seat = (p: PlayerView) => ({ player: p.id, name: p.name, points: null, outcome: null });
      const tables: TableView[] = [];
      for (let i = 0; i + 1 < fake.players.length; i += 2) {
        const [a, b] = [fake.players[i], fake.players[i + 1]];
        if (a && b) tables.push({ table: tables.length + 1, a: seat(a), b: seat(b), result: null });
      }
      fake.round = {
        round: 1,
        pairing_seed: '7',
        complete: false,
        tables,
        byes: [],
        late_entry_losses: [],
        rematches: [],
        explanation: { round: 1, regenerated_identically: true, bye: null, floats: [], rematches: [], forced_second_byes: [], notes: [message('explain.no-rule-bent', 'all paired by the rules')] },
      };
      return fake.round;
    }
    case 'pairings':
      if (!fake.round) throw { kind: 'no-round', message: 'no round' };
      return fake.round;
    case 'preview_result':
    case 'record_result': {
      const final = fake.bracket?.next === 'results' ? fake.bracket.rounds[0]?.matches[0] : undefined;
      if (final && request['round'] === null && request['table'] === 1) {
        const won = side(request['result']) === 'a' ? final.a : final.b;
        const twoNil: ResultView = { kind: 'win', summary: { key: 'result.summary.win', text: 'wins', params: {} }, winner: side(request['result']), games: null };
        final.winner = won?.player ?? null;
        final.result = twoNil;
        (fake.bracket as BracketView).champion = won ?? null;
        (fake.bracket as BracketView).next = 'finished';
        return { table: 1 };
      }
      const index = fake.round?.tables.findIndex((x) => x.table === request['table']) ?? -1;
      const table = fake.round?.tables[index];
      const winner = side(request['result']);
      if (!fake.round || !table) throw { kind: 'unknown-table', message: 'no such table', key: 'error.unknown-table', params: {} };
      if (table.result && !request['replace']) {
        throw { kind: 'result-exists', message: 'table 1 of round 1 already has a result', key: 'error.result-exists', params: { table: '1', round: '1' } };
      }
      const next = decided(table, winner);
      if (name !== 'record_result') return next;
      fake.round.tables[index] = next;
      fake.recorded += 1;
      const entered = fake.round.tables.filter((x) => x.result !== null).length;
      // One round trip: the answer carries where the round stands and the step it added.
      return {
        ...next,
        progress: { round: fake.round.round, entered, tables: fake.round.tables.length, complete: entered === fake.round.tables.length },
        step: { step: 10 + fake.recorded, recorded_at: '2026-11-22T04:06:05.025+00:00', description: [message('history.entered', `entered round 1 table ${next.table}`, { round: '1', table: String(next.table), result: '@@result.win', 'result.side': '@side.a' })], reason: null, undone: false },
        notices: [],
      };
    }
    case 'undo':
      fake.undone += 1;
      return { step: 9, recorded_at: '2026-11-22T04:06:05.025+00:00', description: [message('history.entered', 'entered round 1 table 1: A wins', { round: '1', table: '1', result: '@@result.win', 'result.side': '@side.a' })], reason: null, undone: true };
    case 'history':
      return [{ step: 1, recorded_at: '2026-11-22T04:00:00.000+00:00', description: [message('history.registered', 'registered Ann', { name: 'Ann' })], reason: null, undone: false }];
    case 'penalties':
      return [];
    case 'standings': {
      const extra = Array.from({ length: fake.standingsExtra }, (_, i) => player(1000 + i, `Guest ${String(i + 1).padStart(2, '0')}`));
      const players = [...fake.players, ...extra];
      const first = typeof request['first'] === 'number' ? request['first'] : null;
      const renamed = fake.renamedAfterFirstAsk;
      if (first === null && renamed !== null && players[0]) players[0] = { ...players[0], name: renamed };
      const rows = players.map((p, i) => ({
          rank: i + 1,
          player: p.id,
          name: p.name,
          points: '0',
          wins: 0,
          losses: 0,
          draws: 0,
          match_win: null,
          tiebreakers: [{ id: 'opp-match-win', exact: null, display: '—' }],
          decided_by_random: false,
          dropped: p.status === 'dropped',
          disqualified: false,
          eliminated: false,
        }));
      return { completed_rounds: 1, chain: ['opp-match-win'], random_seed: '1', rows: first === null ? rows : rows.slice(0, first) };
    }
    case 'bracket':
      return fake.bracket;
    case 'start_cut': {
      const seeds: BracketSeat[] = fake.players.slice(0, Number(request['size'])).map((p, i) => ({ seed: i + 1, player: p.id, name: p.name }));
      const [one, two] = seeds;
      fake.bracket = {
        size: seeds.length,
        third_place: Boolean(request['third_place']),
        double: Boolean(request['double_elimination']),
        seeds,
        rounds: [{ number: null, label: 'final', matches: [{ table: null, a: one ?? null, b: two ?? null, winner: null, result: null, bracket: null, part: null }] }],
        third_place_match: null,
        champion: null,
        next: 'pair',
      };
      return fake.bracket;
    }
    case 'pair_bracket_round': {
      // The final, being played: its result is taken in the bracket itself.
      const bracket = fake.bracket as BracketView;
      const [one, two] = bracket.seeds;
      bracket.rounds = [{ number: 2, label: 'final', matches: [{ table: 1, a: one ?? null, b: two ?? null, winner: null, result: null, bracket: null, part: null }] }];
      bracket.next = 'results';
      return { ...fake.round, round: 2, bracket_round: 'final' };
    }
    case 'backups':
      return [];
    case 'print':
      return { path: `/events/${String(request['document'])}.pdf`, bytes: 1000, opened: true };
    case 'printers':
      return { service: true, printers: ['Counter'], default_printer: 'Counter' };
    case 'print_round': {
      fake.printedTo = request as unknown as NonNullable<Fake['printedTo']>;
      const printer = (request['printer'] as string | null) ?? null;
      const round = fake.round?.round ?? 1;
      fake.printed = { round, printer, copies: Number(request['copies']) };
      if (printer === null) return { round, job: null, printer, copies: request['copies'], files: [], path: '/events/round-sheets-round-1-en.pdf', opened: Boolean(request['open']) && !fake.noViewer };
      return { round, job: 'Counter-7', printer, copies: request['copies'], files: [], path: null, opened: false };
    }
    case 'attention': {
      const round = fake.round;
      const printed = round && fake.printed?.round === round.round ? { printer: fake.printed.printer, copies: fake.printed.copies } : null;
      const progress = round ? { round: round.round, entered: 0, tables: round.tables.length, complete: round.complete, printed, bracket: round.bracket_round ?? null } : null;
      return { round: progress, next: round ? 'results' : 'register', clock: null, judge_calls: 0, newest_call: null, drop_requests: 0, disputed_reports: 0, entries_waiting: 0, mirror: null, silent_stations: [], stations_known: 0 };
    }
    case 'set_clock':
      return null;
    case 'prizes': {
      // No prize rules recorded; the first ask is answered once the test lets it.
      const none = { kind: 'invalid-prizes', message: 'no prize rules', key: 'error.invalid-prizes.none', params: {} };
      if (request['rules'] === null) return (fake.prizesGate ?? Promise.resolve()).then(() => Promise.reject(none));
      throw none;
    }
    default:
      throw { kind: 'internal', message: `fake shell has no ${name}`, key: 'error.internal', params: { detail: name } };
  }
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

async function until<T>(probe: () => T | null | undefined | false): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${probe.toString()}`);
}

function type(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
}

/** Opens a screen from its tab and waits until `ready` (a data-testid) is on it. */
async function navigate(route: string, ready: string): Promise<HTMLElement> {
  byId(`nav-${route}`)?.click();
  location.hash = `#/${route}`;
  return until(() => byId(ready));
}

describe('the app with a fake shell', () => {
  beforeAll(async () => {
    localStorage.setItem('tablekeeper.language', 'en');
    document.body.innerHTML = '<div id="app"></div>';
    location.hash = '#/start';
    mockIPC(backend);
    await import('./main');
    await until(() => byId('create-event'));
  });

  it('asks once which game the shop runs, and new events start with it', async () => {
    const game = await until(() => byId<HTMLSelectElement>('first-game'));
    // Another game names its rules: nothing is chosen silently.
    expect(byId('first-game-ruleset')?.closest<HTMLElement>('.field')?.hidden).toBe(true);
    game.value = '';
    game.dispatchEvent(new Event('change'));
    expect(byId('first-game-ruleset')?.closest<HTMLElement>('.field')?.hidden).toBe(false);
    const rules = byId<HTMLSelectElement>('first-game-ruleset') as HTMLSelectElement;
    rules.value = 'bandai';
    byId('first-game-save')?.click();
    await until(() => !byId('first-game-panel'));
    expect(fake.preferences).toEqual({ default_title: null, default_ruleset: 'bandai' });
    expect(byId('status')?.textContent).toContain('New events start as Bandai');
    expect(byId<HTMLSelectElement>('event-ruleset')?.value).toBe('bandai');
  });

  it('creates an event with the title preset choosing the ruleset', async () => {
    const title = await until(() => byId<HTMLSelectElement>('event-title'));
    title.value = 'digimon';
    title.dispatchEvent(new Event('change'));
    expect(byId<HTMLSelectElement>('event-ruleset')?.value).toBe('bandai');
    type(byId<HTMLInputElement>('event-name') as HTMLInputElement, 'Friday Digimon');
    byId('create-event')?.click();
    await until(() => location.hash === '#/registration' && byId('player-name-input'));
    expect(byId('event-summary')?.textContent).toContain('Friday Digimon');
  });

  it('adds players with Enter and keeps the name box focused', async () => {
    const input = await until(() => byId<HTMLInputElement>('player-name-input'));
    for (const name of ['Ann', 'Bob', 'Cat']) {
      type(input, name);
      press(input, 'Enter');
      await until(() => all('player-row').some((row) => row.textContent?.includes(name)));
      expect(input.value).toBe('');
    }
    expect(document.activeElement).toBe(input);
    const bulk = byId<HTMLTextAreaElement>('player-bulk') as HTMLTextAreaElement;
    bulk.value = 'Dan\n\nEve\tえヴ';
    byId('add-players-bulk')?.click();
    await until(() => all('player-row').length === 5);
    expect(byId('status')?.textContent).toContain('Added 2 players');
    // Registration done, round 1 is paired from here.
    expect(byId('registration-pair-round')?.hidden).toBe(false);
    expect(byId('registration-pair-round')?.textContent).toBe('Pair round 1 →');
  });

  it("offers the library's regulars in the one box, the new player last, chosen with the arrows", async () => {
    const input = byId<HTMLInputElement>('player-name-input') as HTMLInputElement;
    const selected = () => all('library-suggestion').concat(all('new-player-option')).map((item) => `${item.dataset.testid}:${item.getAttribute('aria-selected')}`);
    type(input, 'Zo');
    await until(() => all('library-suggestion').length === 1);
    // A name that only begins like a regular's stays a new player unless chosen.
    expect(selected()).toEqual(['library-suggestion:false', 'new-player-option:true']);
    expect(byId('new-player-option')?.textContent).toContain('Zo');
    press(input, 'ArrowDown');
    expect(selected()).toEqual(['library-suggestion:true', 'new-player-option:false']);
    expect(input.getAttribute('aria-activedescendant')).toBe(byId('library-suggestion')?.id);
    // The regular's own name is theirs at once.
    type(input, 'Zoe Regular');
    await until(() => selected()[0] === 'library-suggestion:true');
    press(input, 'Escape');
    expect(input.value).toBe('');
    expect(all('library-suggestion')).toHaveLength(0);
  });

  it('keeps the typed name and shows the error when adding fails', async () => {
    const input = byId<HTMLInputElement>('player-name-input') as HTMLInputElement;
    type(input, 'Ann');
    press(input, 'Enter');
    await until(() => byId('error')?.textContent);
    expect(byId('error')?.textContent).toContain('already registered');
    expect(byId('error')?.textContent).toContain('A player with this name is already registered');
    expect(input.value).toBe('Ann');
  });

  it('pairs a round and lists the tables', async () => {
    (await navigate('round', 'pair-round')).click();
    await until(() => all('pairing-row').length === 2);
    expect(all('pairing-row').map((row) => row.dataset['table'])).toEqual(['1', '2']);
    expect(byId('allow-rematches')?.closest('label')?.hidden).toBe(true);
    expect(byId('explanation')?.textContent).toContain('all paired by the rules');
    // The rounds panel follows the round just paired (it was asked before round 1).
    const shown = await until(() => byId('rounds-shown'));
    expect(shown.textContent).toContain('Round 1 of 3');
  });

  it('prints the sheets of the round with one click after pairing, then starts the clock with one key once seated', async () => {
    const before = fake.calls.length;
    const button = await until(() => byId('print-sheets'));
    button.click();
    // Printed, and the clock waits for the players: its button is next, focused.
    const clock = await until(() => byId('start-clock'));
    // No printer chosen: the whole round in one PDF, opened once to print from its dialog.
    expect(fake.calls.slice(before).filter((name) => name.startsWith('print') || name === 'set_clock')).toEqual(['print_round']);
    expect(fake.printedTo).toMatchObject({ printer: null, open: true, sheets: ['pairings', 'slips'] });
    expect(byId('status')?.textContent).toContain('Start the clock once the players are seated');
    await until(() => document.activeElement === clock);
    clock.click();
    // The round under way, the owner is taken to its results.
    await until(() => location.hash === '#/results' && byId('result-input'));
    expect(fake.calls.slice(before).filter((name) => name.startsWith('print') || name === 'set_clock')).toEqual(['print_round', 'set_clock']);
    const stored = Object.keys(localStorage).find((key) => key.startsWith('tablekeeper.timer'));
    expect(stored && JSON.parse(localStorage.getItem(stored) ?? '{}').runningSince).toBeGreaterThan(0);
    expect(byId('status')?.textContent).toContain('the clock is running');
  });

  it('sends the round’s sheets to the printer chosen in Settings as one job with its copies, no viewer', async () => {
    const printer = (await navigate('settings', 'settings-printer')) as HTMLSelectElement;
    await until(() => printer.options.length === 2);
    expect(printer.options[1]?.textContent).toBe("Counter (the system's default)");
    printer.value = 'Counter';
    printer.dispatchEvent(new Event('change'));
    const copies = byId<HTMLInputElement>('settings-copies') as HTMLInputElement;
    copies.value = '2';
    copies.dispatchEvent(new Event('change'));
    expect(byId('status')?.textContent).toContain('2 copies of each sheet');
    // Round 1 again as not yet printed (its pairing changed, say): its button sends the job.
    fake.printed = null;
    const before = fake.calls.length;
    (await navigate('round', 'print-sheets')).click();
    await until(() => byId('start-clock'));
    expect(fake.calls.slice(before).filter((name) => name === 'print' || name === 'print_round')).toEqual(['print_round']);
    expect(fake.printedTo).toMatchObject({ printer: 'Counter', copies: 2, sheets: ['pairings', 'slips'] });
    expect(byId('status')?.textContent).toContain('went to Counter (2 copies each)');
    localStorage.removeItem('tablekeeper.roundPrinter');
  });

  it('says where the round’s one PDF is when no viewer opens it, its folder one click away', async () => {
    fake.printed = null;
    fake.noViewer = true;
    // Round 1 again as not yet printed, from another screen.
    await navigate('standings', 'nav-standings');
    (await navigate('round', 'print-sheets')).click();
    const saved = await until(() => byId('sheets-saved'));
    expect(saved.textContent).toContain('/events/round-sheets-round-1-en.pdf');
    expect(byId('start-clock')).toBeTruthy();
    byId('show-in-folder')?.click();
    await until(() => fake.shownFolderOf);
    expect(fake.shownFolderOf).toBe('/events/round-sheets-round-1-en.pdf');
    fake.noViewer = false;
  });

  it('finds a player in the pairings above the full list, which stays as it is', async () => {
    const find = (await navigate('round', 'pairings-filter')) as HTMLInputElement;
    const matches = byId('pairings-matches') as HTMLElement;
    const full = byId('pairings-table') as HTMLElement;
    type(find, fake.players[0]?.name ?? '');
    expect(matches.hidden).toBe(false);
    expect(matches.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(matches.querySelector('caption')?.textContent).toContain('1');
    expect(matches.compareDocumentPosition(full) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(full.hidden).toBe(false);
    type(find, 'nobody here');
    expect(matches.hidden).toBe(true);
    expect(byId('pairings-no-match')?.hidden).toBe(false);
    type(find, '');
    expect(matches.hidden).toBe(true);
    expect(byId('pairings-no-match')?.hidden).toBe(true);
  });

  it('enters results from the keyboard, asks before replacing, and undoes with Ctrl+Z', async () => {
    const input = (await navigate('results', 'result-input')) as HTMLInputElement;
    await until(() => byId('outstanding-tables')?.textContent?.includes('Table 2'));
    type(input, '1 1');
    await until(() => byId('result-preview')?.textContent?.includes('Ann wins'));
    expect(fake.calls).toContain('preview_result');
    const before = fake.calls.length;
    press(input, 'Enter');
    await until(() => byId('status')?.textContent?.includes('Table 1'));
    expect(input.value).toBe('');
    expect(byId('outstanding-tables')?.textContent).not.toContain('Table 1:');
    // One round trip: the answer alone updates the row, the outstanding tables and the history.
    expect(fake.calls.slice(before)).toEqual(['record_result']);
    expect(byId('history')?.textContent).toContain('entered round 1 table 1');

    type(input, '1 x7');
    await until(() => byId('result-preview')?.dataset['state'] === 'error');
    expect(byId('result-preview')?.textContent).toContain('is not a result');
    const tries = fake.calls.filter((name) => name === 'record_result').length;
    press(input, 'Enter');
    await until(() => fake.calls.filter((name) => name === 'record_result').length > tries);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Said once, under the box, in the hint's words (1, 2, D, X, NS1 …), not `noshow-a`.
    await until(() => byId('result-preview')?.textContent?.includes('NS1 / NS2'));
    expect(byId('error')?.textContent).toBe('');
    expect(input.value).toBe('1 x7');

    type(input, '1b');
    press(input, 'Enter');
    await until(() => byId('confirm-replace'));
    expect(byId('error')?.textContent).not.toBe('');
    byId('confirm-cancel')?.click();
    expect(byId('confirm-replace')).toBeNull();
    expect(byId('error')?.textContent).toBe('');
    expect(document.activeElement).toBe(input);

    type(input, '1b');
    press(input, 'Enter');
    const replace = await until(() => byId('confirm-replace'));
    replace.click();
    await until(() => byId('status')?.textContent?.includes('Bob wins'));

    press(document.body, 'z', { ctrlKey: true });
    await until(() => fake.undone === 1);
    await until(() => byId('status')?.textContent?.includes('Undone'));
  });

  it('corrects a result the shell has previewed with one call: the question asks nothing', async () => {
    const input = (await navigate('results', 'result-input')) as HTMLInputElement;
    await until(() => byId('outstanding-tables'));
    type(input, '1b');
    await until(() => byId('result-preview')?.dataset['state'] === 'ok' && byId('result-preview')?.textContent?.includes('Bob wins'));
    const before = fake.calls.length;
    press(input, 'Enter');
    const replace = await until(() => byId('confirm-replace'));
    expect(fake.calls.slice(before)).toEqual([]);
    expect(byId('error')?.textContent).toContain('already has a result');
    replace.click();
    await until(() => byId('status')?.textContent?.includes('Bob wins'));
    expect(fake.calls.slice(before).filter((name) => name !== 'attention')).toEqual(['record_result']);
  });

  it('enters a result the usual way when the shell will not run it on the window thread', async () => {
    fake.refuseHere = true;
    try {
      const before = fake.refusedHere;
      const input = (await navigate('results', 'result-input')) as HTMLInputElement;
      type(input, '2 1');
      press(input, 'Enter');
      await until(() => byId('status')?.textContent?.includes('Table 2'));
      expect(input.value).toBe('');
      expect(fake.refusedHere).toBeGreaterThan(before);
    } finally {
      fake.refuseHere = false;
    }
  });

  it('opens the Results screen with one call per view it shows, and never asks for notices', async () => {
    await navigate('standings', 'standings-table');
    const before = fake.calls.length;
    await navigate('results', 'result-input');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The attention bar's poll is the shell's, every 2 seconds, not the screen's.
    const asked = fake.calls.slice(before).filter((name) => name !== 'attention');
    // Notices ride on every answer: no command needs a second trip for them.
    expect(fake.calls).not.toContain('take_notices');
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual(5);
  });

  it('drops a player from the Results screen', async () => {
    type(byId<HTMLInputElement>('drop-player-input') as HTMLInputElement, 'Eve');
    byId('drop-player')?.click();
    await until(() => byId('status')?.textContent?.includes('Eve has dropped'));
    // As on the Registration screen, the message takes the drop back while it is the newest
    // change (here the fake history's newest is a registration: said, not undone).
    const undone = fake.undone;
    byId('status-undo')?.click();
    await until(() => byId('status')?.textContent?.includes('Eve'));
    expect(fake.undone).toBe(undone);
  });

  it('shows standings with rank, name and points, and dropped players in words', async () => {
    expect(byId('status')?.textContent).toContain('Eve');
    await navigate('standings', 'standings-table');
    // The drop's message stays with the screen it was made on.
    expect(byId('status')?.textContent).toBe('');
    await until(() => all('standings-row').length === 5);
    const eve = all('standings-row').find((row) => row.querySelector('[data-testid="standings-name"]')?.textContent === 'Eve');
    expect(eve?.textContent).toContain('Dropped');
    expect(all('standings-rank')[0]?.textContent).toBe('1');
    expect(all('standings-points')[0]?.textContent).toBe('0');
  });

  it('shows the standings of a large field top first, then every row under it in order', async () => {
    fake.standingsExtra = 40;
    try {
      await navigate('start', 'create-event');
      await navigate('standings', 'standings-table');
      await until(() => all('standings-row').length === 45);
      expect(all('standings-rank').map((cell) => Number(cell.textContent))).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
      // A result that came in between the two asks: the whole table is shown again, once.
      fake.renamedAfterFirstAsk = 'Zed';
      await navigate('start', 'create-event');
      await navigate('standings', 'standings-table');
      await until(() => all('standings-row').length === 45 && all('standings-name')[0]?.textContent === 'Zed');
      expect(all('standings-rank').map((cell) => Number(cell.textContent))).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    } finally {
      fake.standingsExtra = 0;
      fake.renamedAfterFirstAsk = null;
    }
  });

  it('starts a top cut, pairs its final and shows the champion', async () => {
    const size = (await navigate('cut', 'cut-size')) as HTMLSelectElement;
    expect(size.value).toBe('4');
    size.value = '2';
    byId('start-cut')?.click();
    await until(() => byId('bracket'));
    expect(byId('bracket')?.textContent).toContain('Final');
    expect(byId('champion')).toBeNull();
    byId('pair-bracket-round')?.click();
    // The final takes its result in the bracket: click the winner, no trip to Results.
    await until(() => all('bracket-pick').length === 2);
    const bob = all('bracket-pick').find((seat) => seat.textContent?.includes('Bob'));
    bob?.click();
    const champion = await until(() => byId('champion'));
    expect(champion.textContent).toContain('Champion: Bob');
    expect(byId('bracket')?.textContent).toContain('✓ winner');
    expect(all('bracket-match')).toHaveLength(1);
    expect(byId('bracket-champion')?.textContent).toContain('Bob');
    // After the champion: no round left to pair, the payout is next.
    expect(byId('pair-bracket-round')).toBeNull();
    expect(byId('cut-to-payout')).not.toBeNull();
  });

  it('keeps prize rules pasted before the screen has read the recorded ones', async () => {
    let open = () => {};
    fake.prizesGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const rules = (await navigate('prizes', 'prizes-rules')) as HTMLTextAreaElement;
    const pasted = '[credit]\npool = 6000\n';
    type(rules as unknown as HTMLInputElement, pasted);
    open();
    // The answer (no rules yet: the example) comes after the paste and leaves it alone.
    await until(() => fake.calls.filter((name) => name === 'prizes').length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rules.value).toBe(pasted);
    fake.prizesGate = null;
  });

  it('has every navigation tab', () => {
    for (const route of ['start', 'registration', 'round', 'results', 'standings', 'cut', 'timer', 'settings']) {
      expect(byId(`nav-${route}`), route).not.toBeNull();
    }
  });
});
