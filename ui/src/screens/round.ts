// Round: planned rounds, pairing the next Swiss round (rematches allowed only after the
// shell says they cannot be avoided), pairings by table and by name, why they are as they
// are, swap / give-bye / pair-again with a required reason, a round played on paper entered
// as given (table by table or from a CSV file), and going back to an earlier round.
import * as api from '../api';
import { call } from '../api';
import { append, checkbox, field, fillRows, h, onEnter } from '../dom';
import { announce, showError, showProblem } from '../feedback';
import { bracketLabel, clockTime, describeResult, foldName } from '../format';
import { t } from '../i18n';
import { interfaceLanguage, say, sayAll } from '../i18n/messages';
import { deckCheckPanel } from './deckChecks';
import { clockStartedFor, startRoundClock } from './timer';
import { paper, printLanguage, roundCopies, roundPrinter, roundSheets } from '../settings';
import { go } from '../router';
import { stageStrip } from '../stageStrip';
import { confirmStep, fillNames, heading, pdfButtons, playerNames, printButton, projectorButton, requireEvent, run } from '../screen';
import * as state from '../state';
import type { EventView, ExplanationView, GivenTable, HistoryItem, PairingsView, SeatView, TableView } from '../types';

export function mountRound(root: HTMLElement): () => void {
  root.append(heading(t('round.title')));
  const event = requireEvent(root);
  if (!event) return () => undefined;
  const strip = stageStrip();
  root.append(strip.element);

  const view = h('section', { class: 'panel', 'aria-labelledby': 'pairings-heading' });
  const pairing = pairPanel((pairings) => changed(pairings, t('round.paired', { round: pairings.round, count: pairings.tables.length })));
  const explanation = h('div');
  const names = playerNames('round-players');
  const show = (pairings: PairingsView | null) => {
    renderPairings(view, pairings);
    explanation.replaceChildren(pairings?.explanation ? explanationPanel(pairings.explanation) : '');
  };
  const changed = async (pairings: PairingsView, message: string) => {
    show(pairings);
    await state.refreshEvent();
    announce(message);
    startArea.replaceChildren(roundStart(pairings.round, startArea, toResults));
  };
  // Right after pairing: the round's sheets to the printer, then the clock once seated.
  const startArea = h('div', { class: 'no-print' });
  const toResults = () => go('results');
  // "Round 2 of 3" follows the event (a round paired here, on Results or at a station);
  // drawn again only when the round or the plan changes, never under a typed number.
  const rounds = h('div');
  let roundsShown = '';
  const showRounds = (current: EventView | null) => {
    const key = current ? `${current.rounds_paired}/${current.planned_rounds}` : '';
    if (!current || key === roundsShown) return;
    roundsShown = key;
    rounds.replaceChildren(roundsPanel(current));
  };
  showRounds(event);
  const stopRounds = state.onEventChange(showRounds);

  root.append(
    event.structure_finished
      ? h('p', { class: 'notice', 'data-testid': 'structure-finished' }, t('round.structureFinished', { reason: say(event.structure_finished) }))
      : '',
    rounds,
    pairing.element,
    startArea,
    view,
    explanation,
    event.rounds_paired > 0 ? deckCheckPanel() : '',
    changePanel(changed),
    givenPanel(event, (pairings) =>
      changed(pairings, [t('round.givenEntered', { round: pairings.round, count: pairings.tables.length }), (pairings.warnings ?? []).length > 0 ? t('round.givenWarnings', { count: (pairings.warnings ?? []).length }) : ''].join(' ').trim()),
    ),
    backPanel(async (message) => {
      const current = await state.refreshEvent();
      show(current && current.rounds_paired > 0 ? await call('pairings', { round: null, explain: true }) : null);
      announce(message);
    }),
    names,
  );
  show(null);
  void run(async () => {
    await state.refreshEvent();
    pairing.follow();
    const all = await call('players', null);
    fillNames(names, all.filter((p) => p.status === 'active').map((p) => p.name));
    if (state.event()?.rounds_paired) {
      const current = await call('pairings', { round: null, explain: true });
      show(current);
      // A round paired from Results (or before a restart): printed yet or not, its clock
      // started or not, the button for what it still needs.
      const open = state.event();
      if (open && !open.current_round_complete && !current.bracket_round) startArea.replaceChildren((await roundStartStep(current.round, startArea, toResults)) ?? '');
    }
  });
  return () => {
    strip.stop();
    pairing.stop();
    stopRounds();
  };
}

/** The round's sheets, then its clock, shown in `area`; `started` once the clock runs. */
export function roundStart(round: number, area: HTMLElement, started: () => void): HTMLElement {
  return printSheets(round, (saved) => area.replaceChildren(startClock(round, started), ...(saved ? [savedSheets(saved)] : [])));
}

/** The round's one PDF, saved but opened by no viewer: where it is, and its folder one click
 * away (the file manager prints it too). */
function savedSheets(path: string): HTMLElement {
  const show = h('button', { type: 'button', 'data-testid': 'show-in-folder' }, t('round.showInFolder'));
  show.addEventListener('click', () => {
    void run(async () => {
      if (!(await api.showInFolder(path))) showProblem(t('round.folderNotOpened', { path }));
    }, show);
  });
  return h('section', { class: 'panel', 'data-testid': 'sheets-saved' }, h('p', {}, t('print.saved', { path })), show);
}

/** What a round paired earlier still needs (a restart, a trip to another screen, a laptop
 * that took over): its sheets, unless the event records them out, or its clock; `null` when
 * both are done. */
export async function roundStartStep(round: number, area: HTMLElement, started: () => void): Promise<HTMLElement | null> {
  const progress = (await call('attention', null)).round;
  const printed = progress?.round === round && progress.printed !== null;
  if (!printed) return roundStart(round, area, started);
  return clockStartedFor(round) ? null : startClock(round, started);
}

/** The moment after pairing: one button prints the round's sheets chosen in Settings (the
 * pairings and the match slips unless chosen otherwise; paper and language from Settings),
 * then the clock waits for the players to sit: "Start the clock" is the next button, focused,
 * so it is one key once the room is seated (decisions.md, "The night at the counter"). */
function printSheets(round: number, printed: (savedNotOpened: string | null) => void): HTMLElement {
  const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'print-sheets', 'data-stage-action': 'printed' }, t('round.printSheets'));
  button.addEventListener('click', () => {
    void run(async () => {
      // One job to the printer chosen in Settings, with its copies, and no viewer; without
      // one, the whole round in one PDF, opened once to print from its dialog. Either way
      // the event records the round's sheets as out.
      const printer = roundPrinter() || null;
      const sent = await call('print_round', { round, sheets: roundSheets(), paper: paper(), language: printLanguage(), printer, copies: roundCopies(), open: printer === null });
      if (sent.printer !== null) announce(t('round.sheetsSent', { round, printer: sent.printer, count: sent.copies }));
      else if (sent.opened) announce(t('round.sheetsPrinted', { round }));
      else announce(t('print.saved', { path: sent.path ?? '' }));
      printed(sent.printer === null && !sent.opened ? sent.path : null);
    }, button);
  });
  return h('section', { class: 'panel', 'data-testid': 'round-start' }, h('p', {}, t('round.printSheetsHint')), button);
}

/** The round's clock, started once the players are seated; then `started` (a Swiss round
 * goes on to its results, a bracket round stays on the Finals). */
function startClock(round: number, started: () => void): HTMLElement {
  const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'start-clock', 'data-stage-action': 'clock' }, t('round.startClock', { round }));
  button.addEventListener('click', () => {
    startRoundClock(round);
    announce(t('round.clockStarted', { round }));
    started();
  });
  // Focused at once: Enter starts the clock.
  window.requestAnimationFrame(() => button.focus());
  return h('section', { class: 'panel', 'data-testid': 'round-clock' }, h('p', {}, t('round.startClockHint')), button);
}

function roundsPanel(event: EventView): HTMLElement {
  const input = h('input', {
    type: 'number',
    min: 1,
    max: 30,
    'data-testid': 'set-rounds-input',
    value: String(event.planned_rounds || event.recommended_rounds || ''),
  });
  const set = h('button', { type: 'button', 'data-testid': 'set-rounds' }, t('round.setRounds'));
  const apply = () => {
    const rounds = Number(input.value);
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > 30) {
      showProblem(t('start.roundsInvalid'));
      return;
    }
    void run(async () => {
      state.setEvent(await call('set_rounds', { rounds }));
      announce(t('round.roundsSet', { rounds }));
    }, set);
  };
  onEnter(input, apply);
  set.addEventListener('click', apply);
  const form = h('div', { class: 'inline' }, field(t('round.plannedRounds'), input), set);
  // Asked once, before round 1; shown (and changeable on request) after it.
  if (event.rounds_paired > 0 && event.planned_rounds > 0) {
    return h(
      'details',
      { class: 'panel no-print', 'data-testid': 'rounds-shown' },
      h('summary', {}, t('round.roundsShown', { round: event.rounds_paired, count: event.planned_rounds })),
      form,
    );
  }
  return h(
    'section',
    { class: 'panel no-print' },
    h('h3', {}, t('round.roundsTitle')),
    h('p', {}, t('round.recommended', { players: event.players_active, rounds: event.recommended_rounds })),
    form,
  );
}

function pairPanel(paired: (pairings: PairingsView) => Promise<void>): { element: HTMLElement; stop: () => void; follow: () => void } {
  const pair = h('button', { type: 'button', class: 'primary', 'data-testid': 'pair-round' }, t('round.pair'));
  // While a round is being played, Pair waits, and says why and where to go.
  const waits = h('p', { class: 'hint', 'data-testid': 'pair-waits', hidden: true });
  const follow = () => {
    const event = state.event();
    const playing = !!event && event.stage === 'swiss' && event.rounds_paired > 0 && !event.current_round_complete;
    pair.disabled = playing;
    waits.hidden = !playing;
    waits.replaceChildren(playing ? t('round.pairWaits', { round: event.rounds_paired }) : '', ' ', playing ? h('a', { href: '#/results' }, t('round.toResults')) : '');
  };
  const allow = h('input', { 'data-testid': 'allow-rematches' });
  const allowBox = checkbox(t('round.allowRematches'), allow);
  allowBox.hidden = true;
  pair.addEventListener('click', () => {
    pair.disabled = true;
    call('pair_round', { allow_rematches: allow.checked })
      .then(async (pairings) => {
        allow.checked = false;
        allowBox.hidden = true;
        await paired(pairings);
      })
      .catch((error: unknown) => {
        showError(error);
        if (error instanceof api.ApiError && error.kind === 'rematch-unavoidable') {
          allowBox.hidden = false;
          allow.focus();
        }
      })
      .finally(follow);
  });
  // Followed from the event as read when the screen opens (results may have come from a
  // station or a phone meanwhile), then on every change.
  const stop = state.onEventChange(follow);
  return { element: h('section', { class: 'panel no-print' }, h('h3', {}, t('round.pairTitle')), h('div', { class: 'actions' }, pair, allowBox), waits), stop, follow };
}

function seatText(seat: SeatView): string {
  return seat.points === null ? seat.name : t('round.seatPoints', { name: seat.name, points: seat.points });
}

/** The "by name" order of the interface language (Korean in Hangul order, Traditional
 * Chinese by strokes), as the printed sheet sorts in its language; made once per language. */
const nameOrders = new Map<string, Intl.Collator>();
function nameOrder(): Intl.Collator {
  const language = interfaceLanguage();
  let collator = nameOrders.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    nameOrders.set(language, collator);
  }
  return collator;
}

/** Tables whose names are folded for the filter per task (a few milliseconds). */
const FOLD_SLICE = 64;

function renderPairings(section: HTMLElement, pairings: PairingsView | null): void {
  const stage = pairings?.bracket_round ? ` — ${bracketLabel(pairings.bracket_round)}` : '';
  const title = h('h3', { id: 'pairings-heading' }, pairings ? t('round.pairingsOf', { round: pairings.round }) + stage : t('round.pairingsTitle'));
  if (!pairings) {
    section.replaceChildren(title, h('p', {}, t('round.noPairings')));
    return;
  }
  const columns = (names: string[]) => h('thead', {}, h('tr', {}, ...names.map((c) => h('th', { scope: 'col' }, t(`round.columns.${c}`)))));
  const tableRow = (table: TableView) =>
    h(
      'tr',
      { 'data-testid': 'pairing-row', 'data-table': table.table },
      h('td', { class: 'num' }, table.table),
      h('td', {}, seatText(table.a)),
      h('td', {}, seatText(table.b)),
      h('td', {}, describeResult(table)),
    );
  const byTableBody = h('tbody');
  const byTable = h('table', { 'data-testid': 'pairings-table', class: 'pairings-grid by-table' }, columns(['table', 'a', 'b', 'result']), byTableBody);
  fillRows(byTableBody, pairings.tables, tableRow);
  // By name: sorted and built the first time it is asked for (a hidden 1024-row table
  // would double the work of showing a round).
  type NameSeat = { name: string; table: string; opponent: string };
  let seats: NameSeat[] | null = null;
  const seatsByName = (): NameSeat[] =>
    (seats ??= pairings.tables
      .flatMap((table) => [
        { name: table.a.name, table: String(table.table), opponent: table.b.name },
        { name: table.b.name, table: String(table.table), opponent: table.a.name },
      ])
      .concat(pairings.byes.map((seat) => ({ name: seat.name, table: t('round.bye'), opponent: '—' })))
      // One collator for the whole sort rather than one per comparison.
      .sort((x, y) => nameOrder().compare(x.name, y.name)));
  const nameRow = (s: NameSeat) => h('tr', {}, h('td', {}, s.name), h('td', { class: 'num' }, s.table), h('td', {}, s.opponent));
  let byName: HTMLTableElement | null = null;
  const nameTable = (): HTMLTableElement => {
    if (!byName) {
      const body = h('tbody');
      byName = h('table', { 'data-testid': 'pairings-by-name', class: 'pairings-grid by-name' }, columns(['name', 'table', 'opponent']), body);
      byName.hidden = true;
      byTable.after(byName);
      fillRows(body, seatsByName(), nameRow);
    }
    return byName;
  };
  // Finding a player: the rows (of the view being shown) whose names or numbers contain
  // the typed fragment, in a small table above the full one (hiding the full table on a
  // keystroke took longer than a frame at 512 tables; it stays as it is). Keys are folded
  // once, at the first keystroke; each keystroke is one pass and a few rows to lay out.
  let nameKeys: string[] | null = null;
  const keyOf = (names: string[]) => names.map(foldName).join('\u0000');
  const tableKeys: string[] = [];
  const foldTables = (count: number) => {
    const end = Math.min(pairings.tables.length, tableKeys.length + count);
    for (let i = tableKeys.length; i < end; i++) {
      const table = pairings.tables[i] as TableView;
      tableKeys.push(keyOf([table.a.name, table.b.name, String(table.a.player), String(table.b.player)]));
    }
  };
  // Folded a few tables at a time shortly after the tables show, so the first keystroke
  // only searches and no frame waits for the folding (2048 names in any script take
  // longer than a frame).
  const foldInSlices = () => {
    if (!section.isConnected || tableKeys.length === pairings.tables.length) return;
    foldTables(FOLD_SLICE);
    setTimeout(foldInSlices, 0);
  };
  setTimeout(foldInSlices, 250);
  const matchesHead = h('thead');
  const matchesBody = h('tbody');
  const matchesCaption = h('caption');
  const matches = h('table', { 'data-testid': 'pairings-matches', class: 'pairings-grid no-print', hidden: true }, matchesCaption, matchesHead, matchesBody);
  const noMatch = h('p', { 'data-testid': 'pairings-no-match', hidden: true }, t('round.noMatch'));
  const find = h('input', { type: 'search', 'data-testid': 'pairings-filter', autocomplete: 'off', spellcheck: 'false', 'aria-label': t('round.filter'), placeholder: t('round.filter') });
  let showNames = false;
  const show = () => {
    const fragment = foldName(find.value);
    const filtering = fragment !== '';
    byTable.hidden = showNames;
    if (showNames || byName) nameTable().hidden = !showNames;
    matches.hidden = !filtering;
    if (!filtering) {
      noMatch.hidden = true;
      return;
    }
    let hits: HTMLElement[];
    if (showNames) {
      const all = seatsByName();
      nameKeys ??= all.map((s) => keyOf([s.name]));
      hits = all.filter((_, i) => nameKeys?.[i]?.includes(fragment)).map(nameRow);
      matchesHead.replaceChildren(...columns(['name', 'table', 'opponent']).childNodes);
      matches.className = 'pairings-grid by-name no-print';
    } else {
      foldTables(pairings.tables.length);
      hits = pairings.tables.filter((_, i) => tableKeys[i]?.includes(fragment)).map(tableRow);
      matchesHead.replaceChildren(...columns(['table', 'a', 'b', 'result']).childNodes);
      matches.className = 'pairings-grid by-table no-print';
    }
    matchesBody.replaceChildren(...hits);
    matchesCaption.textContent = t('round.found', { count: hits.length });
    matches.hidden = hits.length === 0;
    noMatch.hidden = hits.length > 0;
  };
  find.addEventListener('input', show);
  const toggle = h('button', { type: 'button', class: 'no-print', 'data-testid': 'pairings-toggle', 'aria-pressed': 'false' }, t('round.byName'));
  toggle.addEventListener('click', () => {
    showNames = !showNames;
    toggle.setAttribute('aria-pressed', String(showNames));
    show();
  });
  const warnings = pairings.warnings ?? [];
  section.replaceChildren();
  append(
    section,
    title,
    h('div', { class: 'actions no-print' }, find, toggle, printButton('print-pairings'), projectorButton('pairings', 'pairings-projector')),
    pdfButtons(['pairings', 'pairings-by-name', 'slips'], () => pairings.round),
    matches,
    noMatch,
    byTable,
    pairings.byes.length > 0 ? h('p', {}, t('round.byes', { names: pairings.byes.map((s) => s.name).join(', ') })) : null,
    pairings.late_entry_losses.length > 0
      ? h('p', {}, t('round.lateEntries', { names: pairings.late_entry_losses.map((s) => s.name).join(', ') }))
      : null,
    warnings.length > 0
      ? h('div', { class: 'warnings', 'data-testid': 'pairing-warnings', role: 'alert' }, h('h4', {}, t('round.warnings')), h('ul', {}, ...warnings.map((w) => h('li', {}, say(w)))))
      : null,
  );
}

function explanationPanel(explanation: ExplanationView): HTMLElement {
  const items: (string | HTMLElement)[] = [];
  if (explanation.bye) {
    items.push(t('round.explain.bye', { name: explanation.bye.player.name, points: explanation.bye.player.points, reason: say(explanation.bye.reason) }));
  }
  for (const float of explanation.floats) {
    items.push(
      t('round.explain.float', {
        higher: float.higher.name,
        higherPoints: float.higher.points,
        lower: float.lower.name,
        lowerPoints: float.lower.points,
        reason: say(float.reason),
      }),
    );
  }
  if (explanation.rematches.length > 0) items.push(t('round.explain.rematches', { count: explanation.rematches.length }));
  if (explanation.forced_second_byes.length > 0) items.push(t('round.explain.secondBye', { players: explanation.forced_second_byes.join(', ') }));
  items.push(...explanation.notes.map(say));
  const enteredAsGiven = explanation.notes.some((note) => note.key === 'explain.entered-as-given');
  if (!enteredAsGiven) items.push(explanation.regenerated_identically ? t('round.explain.identical') : t('round.explain.changed'));
  return h(
    'details',
    { class: 'panel no-print', 'data-testid': 'explanation' },
    h('summary', {}, t('round.explain.title', { round: explanation.round })),
    h('ul', {}, ...items.map((item) => h('li', {}, item))),
  );
}

/** Swap two players or give the bye; both need a reason, kept in the event log. */
function changePanel(changed: (pairings: PairingsView, message: string) => Promise<void>): HTMLElement {
  const box = (testid: string) => h('input', { type: 'text', list: 'round-players', autocomplete: 'off', 'data-testid': testid });
  const a = box('swap-a');
  const b = box('swap-b');
  const swapReason = h('input', { type: 'text', 'data-testid': 'swap-reason' });
  const swap = h('button', { type: 'button', 'data-testid': 'swap' }, t('round.swap'));
  swap.addEventListener('click', () => {
    if (!a.value.trim() || !b.value.trim()) return showProblem(t('round.twoPlayers'));
    if (!swapReason.value.trim()) return showProblem(t('round.reasonRequired'));
    void run(async () => {
      const pairings = await call('swap', { a: a.value.trim(), b: b.value.trim(), reason: swapReason.value.trim() });
      await changed(pairings, t('round.swapped', { a: a.value.trim(), b: b.value.trim() }));
      a.value = b.value = swapReason.value = '';
    }, swap);
  });
  const player = box('bye-player');
  const byeReason = h('input', { type: 'text', 'data-testid': 'bye-reason' });
  const give = h('button', { type: 'button', 'data-testid': 'give-bye' }, t('round.giveBye'));
  give.addEventListener('click', () => {
    if (!player.value.trim()) return showProblem(t('round.onePlayer'));
    if (!byeReason.value.trim()) return showProblem(t('round.reasonRequired'));
    void run(async () => {
      const pairings = await call('give_bye', { player: player.value.trim(), reason: byeReason.value.trim() });
      await changed(pairings, t('round.byeGiven', { name: player.value.trim() }));
      player.value = byeReason.value = '';
    }, give);
  });
  return h(
    'section',
    { class: 'panel no-print' },
    h('h3', {}, t('round.changeTitle')),
    h('p', { class: 'hint' }, t('round.changeHint')),
    h(
      'fieldset',
      {},
      h('legend', {}, t('round.swapTitle')),
      field(t('round.firstPlayer'), a),
      field(t('round.secondPlayer'), b),
      field(t('round.reason'), swapReason),
      swap,
    ),
    h('fieldset', {}, h('legend', {}, t('round.byeTitle')), field(t('round.player'), player), field(t('round.reason'), byeReason), give),
    repairFieldset(changed),
  );
}

/** Pair the current round again from scratch; the shell refuses once a result is in. */
function repairFieldset(changed: (pairings: PairingsView, message: string) => Promise<void>): HTMLElement {
  const reason = h('input', { type: 'text', 'data-testid': 'repair-reason' });
  const repair = h('button', { type: 'button', 'data-testid': 'repair' }, t('round.repair'));
  repair.addEventListener('click', () => {
    if (!reason.value.trim()) return showProblem(t('round.reasonRequired'));
    void run(async () => {
      const pairings = await call('repair_round', { reason: reason.value.trim(), allow_rematches: false });
      await changed(pairings, t('round.repaired', { round: pairings.round }));
      reason.value = '';
    }, repair);
  });
  return h('fieldset', {}, h('legend', {}, t('round.repairTitle')), h('p', { class: 'hint' }, t('round.repairHint')), field(t('round.reason'), reason), repair);
}

/**
 * A round played on paper (a power cut, a laptop that came late), entered exactly as it was
 * played: table by table, or a CSV file of `table,player_a,player_b` (an empty table or
 * player B for the bye). The shell checks it and answers with what the pairer would not have
 * done (rematches, a second bye, different points at a table).
 */
function givenPanel(event: EventView, entered: (pairings: PairingsView) => Promise<void>): HTMLElement {
  const rows = h('tbody');
  const addRow = (table: number | null) => {
    const cell = (testid: string, attrs: Record<string, string | number>) => h('input', { type: 'text', autocomplete: 'off', 'data-testid': testid, ...attrs });
    const number = cell('given-table', { inputmode: 'numeric', size: 4, value: table === null ? '' : String(table), 'aria-label': t('round.given.table') });
    const a = cell('given-a', { list: 'round-players', 'aria-label': t('round.given.a') });
    const b = cell('given-b', { list: 'round-players', 'aria-label': t('round.given.b') });
    rows.append(h('tr', { 'data-testid': 'given-row' }, h('td', {}, number), h('td', {}, a), h('td', {}, b)));
  };
  // The rows are made when the panel is first opened: a table per two players is 1,536
  // boxes at 1,024 players, which every visit to this screen would build and every move to
  // another screen take down (about 15 ms on a 2-core laptop) for a panel a power cut needs.
  const prepare = () => {
    if (rows.children.length > 0) return;
    const active = (state.event() ?? event).players_active;
    const tableCount = Math.max(1, Math.floor(active / 2));
    for (let table = 1; table <= tableCount; table += 1) addRow(table);
    if (active % 2 === 1) addRow(null);
  };
  const more = h('button', { type: 'button', 'data-testid': 'given-add-row' }, t('round.given.addRow'));
  more.addEventListener('click', () => {
    addRow(rows.children.length + 1);
    rows.lastElementChild?.querySelector<HTMLInputElement>('[data-testid=given-a]')?.focus();
  });
  const reason = h('input', { type: 'text', 'data-testid': 'given-reason', autocomplete: 'off' });
  const enter = h('button', { type: 'button', class: 'primary', 'data-testid': 'given-enter' }, t('round.given.enter'));
  const tables = (): GivenTable[] | null => {
    const out: GivenTable[] = [];
    for (const row of rows.querySelectorAll('tr')) {
      const [number, a, b] = [...row.querySelectorAll('input')].map((input) => input.value.trim());
      if (!a && !b) continue;
      if (!a) return null;
      const table = Number((number ?? '').normalize('NFKC'));
      out.push({ table: Number.isInteger(table) && table > 0 ? table : 0, a, b: b || null });
    }
    return out;
  };
  enter.addEventListener('click', () => {
    const given = tables();
    if (given === null) return showProblem(t('round.given.firstPlayer'));
    if (given.length === 0) return showProblem(t('round.given.empty'));
    if (!reason.value.trim()) return showProblem(t('round.reasonRequired'));
    void run(async () => {
      const pairings = await call('enter_pairing', { tables: given, csv: null, reason: reason.value.trim() });
      await entered(pairings);
    }, enter);
  });

  const file = h('input', { type: 'file', accept: '.csv,text/csv', 'data-testid': 'given-csv' });
  const csvReason = h('input', { type: 'text', 'data-testid': 'given-csv-reason', autocomplete: 'off' });
  const importCsv = h('button', { type: 'button', class: 'primary', 'data-testid': 'given-csv-enter' }, t('round.given.csvEnter'));
  importCsv.addEventListener('click', () => {
    const chosen = file.files?.[0];
    if (!chosen) return showProblem(t('round.given.csvMissing'));
    if (!csvReason.value.trim()) return showProblem(t('round.reasonRequired'));
    void run(async () => {
      const bytes = Array.from(new Uint8Array(await chosen.arrayBuffer()));
      const pairings = await call('enter_pairing', { tables: [], csv: bytes, reason: csvReason.value.trim() });
      file.value = '';
      await entered(pairings);
    }, importCsv);
  });

  const panel = h(
    'details',
    { class: 'panel no-print', 'data-testid': 'given-panel' },
    h('summary', {}, t('round.given.title')),
    h('p', { class: 'hint' }, t('round.given.hint')),
    h(
      'fieldset',
      {},
      h('legend', {}, t('round.given.byTable')),
      h('p', { class: 'hint' }, t('round.given.byeHint')),
      h(
        'table',
        { class: 'given' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('round.given.table')), h('th', { scope: 'col' }, t('round.given.a')), h('th', { scope: 'col' }, t('round.given.b')))),
        rows,
      ),
      h('div', { class: 'actions' }, more),
      field(t('round.reason'), reason),
      enter,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('round.given.csvTitle')),
      h('p', { class: 'hint' }, t('round.given.csvHint')),
      field(t('round.given.csvFile'), file),
      field(t('round.reason'), csvReason),
      importCsv,
    ),
  );
  panel.addEventListener('toggle', () => {
    if (panel.open) prepare();
  });
  return panel;
}

/**
 * Back to round N: first what it would take back (every step since round N was paired),
 * then, confirmed, those steps are undone as one step (nothing is deleted; redo brings them
 * back).
 */
function backPanel(done: (message: string) => Promise<void>): HTMLElement {
  const rounds = state.event()?.rounds_paired ?? 0;
  const input = h('input', { type: 'number', min: 1, max: Math.max(1, rounds), inputmode: 'numeric', 'data-testid': 'back-round-input', value: rounds > 0 ? String(rounds) : '' });
  const preview = h('button', { type: 'button', 'data-testid': 'back-preview' }, t('round.back.preview'));
  const area = h('div', { 'data-testid': 'back-area' });
  const item = (step: HistoryItem) =>
    h('li', { 'data-testid': 'back-step' }, h('span', { class: 'time' }, clockTime(step.recorded_at)), ' ', sayAll(step.description), step.reason ? ` — ${t('results.reason', { reason: step.reason })}` : '');
  const ask = () => {
    const round = Number(input.value);
    if (!Number.isInteger(round) || round < 1) return showProblem(t('round.back.invalid'));
    void run(async () => {
      const steps = await call('back_to_round', { round, confirm: false });
      const list = h('ol', { class: 'history', 'data-testid': 'back-list', tabindex: 0 }, ...steps.map(item));
      const question = h('div', {}, h('p', {}, t('round.back.question', { round, count: steps.length })), list);
      confirmStep(area, question, t('round.back.confirm', { round }), 'back', (button) => {
        void run(async () => {
          const undone = await call('back_to_round', { round, confirm: true });
          area.replaceChildren();
          await done(t('round.back.done', { round, count: undone.length }));
        }, button);
      });
    }, preview);
  };
  onEnter(input, ask);
  preview.addEventListener('click', ask);
  return h(
    'details',
    { class: 'panel no-print', 'data-testid': 'back-panel' },
    h('summary', {}, t('round.back.title')),
    h('p', { class: 'hint' }, t('round.back.hint')),
    h('div', { class: 'inline' }, field(t('round.back.round'), input), preview),
    area,
  );
}
