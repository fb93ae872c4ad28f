// Round: planned rounds, pairing the next Swiss round (rematches allowed only after the
// shell says they cannot be avoided), pairings by table and by name, why they are as they
// are, and swap / give-bye / pair-again with a required reason.
import * as api from '../api';
import { append, checkbox, field, h, onEnter } from '../dom';
import { announce, showError, showProblem } from '../feedback';
import { bracketLabel, describeResult } from '../format';
import { t } from '../i18n';
import { fillNames, heading, pdfButtons, playerNames, printButton, requireEvent, run } from '../screen';
import * as state from '../state';
import type { EventView, ExplanationView, PairingsView, SeatView } from '../types';

export function mountRound(root: HTMLElement): void {
  root.append(heading(t('round.title')));
  const event = requireEvent(root);
  if (!event) return;

  const view = h('section', { class: 'panel', 'aria-labelledby': 'pairings-heading' });
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
  };

  root.append(
    event.structure_finished
      ? h('p', { class: 'notice', 'data-testid': 'structure-finished' }, t('round.structureFinished', { reason: event.structure_finished }))
      : '',
    roundsPanel(event),
    pairPanel((pairings) => changed(pairings, t('round.paired', { round: pairings.round, tables: pairings.tables.length }))),
    view,
    explanation,
    changePanel(changed),
    names,
  );
  show(null);
  void run(async () => {
    const all = await api.players();
    fillNames(names, all.filter((p) => p.status === 'active').map((p) => p.name));
    if (state.event()?.rounds_paired) show(await api.pairings({ round: null }));
  });
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
      state.setEvent(await api.setRounds({ rounds }));
      announce(t('round.roundsSet', { rounds }));
    }, set);
  };
  onEnter(input, apply);
  set.addEventListener('click', apply);
  return h(
    'section',
    { class: 'panel no-print' },
    h('h3', {}, t('round.roundsTitle')),
    h('p', {}, t('round.recommended', { players: event.players_active, rounds: event.recommended_rounds })),
    h('div', { class: 'inline' }, field(t('round.plannedRounds'), input), set),
  );
}

function pairPanel(paired: (pairings: PairingsView) => Promise<void>): HTMLElement {
  const pair = h('button', { type: 'button', class: 'primary', 'data-testid': 'pair-round' }, t('round.pair'));
  const allow = h('input', { 'data-testid': 'allow-rematches' });
  const allowBox = checkbox(t('round.allowRematches'), allow);
  allowBox.hidden = true;
  pair.addEventListener('click', () => {
    pair.disabled = true;
    api
      .pairRound({ allow_rematches: allow.checked })
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
      .finally(() => {
        pair.disabled = false;
      });
  });
  return h('section', { class: 'panel no-print' }, h('h3', {}, t('round.pairTitle')), h('div', { class: 'actions' }, pair, allowBox));
}

function seatText(seat: SeatView): string {
  return seat.points === null ? seat.name : t('round.seatPoints', { name: seat.name, points: seat.points });
}

function renderPairings(section: HTMLElement, pairings: PairingsView | null): void {
  const stage = pairings?.bracket_round ? ` — ${bracketLabel(pairings.bracket_round)}` : '';
  const title = h('h3', { id: 'pairings-heading' }, pairings ? t('round.pairingsOf', { round: pairings.round }) + stage : t('round.pairingsTitle'));
  if (!pairings) {
    section.replaceChildren(title, h('p', {}, t('round.noPairings')));
    return;
  }
  const byTable = h(
    'table',
    { 'data-testid': 'pairings-table' },
    h('thead', {}, h('tr', {}, ...['table', 'a', 'b', 'result'].map((c) => h('th', { scope: 'col' }, t(`round.columns.${c}`))))),
    h(
      'tbody',
      {},
      ...pairings.tables.map((table) =>
        h(
          'tr',
          { 'data-testid': 'pairing-row', 'data-table': table.table },
          h('td', { class: 'num' }, table.table),
          h('td', {}, seatText(table.a)),
          h('td', {}, seatText(table.b)),
          h('td', {}, describeResult(table)),
        ),
      ),
    ),
  );
  const seats = pairings.tables
    .flatMap((table) => [
      { name: table.a.name, table: String(table.table), opponent: table.b.name },
      { name: table.b.name, table: String(table.table), opponent: table.a.name },
    ])
    .concat(pairings.byes.map((seat) => ({ name: seat.name, table: t('round.bye'), opponent: '—' })))
    .sort((x, y) => x.name.localeCompare(y.name));
  const byName = h(
    'table',
    { 'data-testid': 'pairings-by-name' },
    h('thead', {}, h('tr', {}, ...['name', 'table', 'opponent'].map((c) => h('th', { scope: 'col' }, t(`round.columns.${c}`))))),
    h('tbody', {}, ...seats.map((s) => h('tr', {}, h('td', {}, s.name), h('td', { class: 'num' }, s.table), h('td', {}, s.opponent)))),
  );
  byName.hidden = true;
  const toggle = h('button', { type: 'button', class: 'no-print', 'data-testid': 'pairings-toggle', 'aria-pressed': 'false' }, t('round.byName'));
  toggle.addEventListener('click', () => {
    const showNames = byName.hidden;
    byName.hidden = !showNames;
    byTable.hidden = showNames;
    toggle.setAttribute('aria-pressed', String(showNames));
  });
  const warnings = pairings.warnings ?? [];
  section.replaceChildren();
  append(
    section,
    title,
    h('div', { class: 'actions no-print' }, toggle, printButton('print-pairings')),
    pdfButtons(['pairings', 'pairings-by-name', 'slips'], () => pairings.round),
    byTable,
    byName,
    pairings.byes.length > 0 ? h('p', {}, t('round.byes', { names: pairings.byes.map((s) => s.name).join(', ') })) : null,
    pairings.late_entry_losses.length > 0
      ? h('p', {}, t('round.lateEntries', { names: pairings.late_entry_losses.map((s) => s.name).join(', ') }))
      : null,
    warnings.length > 0
      ? h('div', { class: 'warnings', 'data-testid': 'pairing-warnings' }, h('h4', {}, t('round.warnings')), h('ul', {}, ...warnings.map((w) => h('li', {}, w))))
      : null,
  );
}

function explanationPanel(explanation: ExplanationView): HTMLElement {
  const items: (string | HTMLElement)[] = [];
  if (explanation.bye) {
    items.push(t('round.explain.bye', { name: explanation.bye.player.name, points: explanation.bye.player.points, reason: explanation.bye.reason }));
  }
  for (const float of explanation.floats) {
    items.push(
      t('round.explain.float', {
        higher: float.higher.name,
        higherPoints: float.higher.points,
        lower: float.lower.name,
        lowerPoints: float.lower.points,
        reason: float.reason,
      }),
    );
  }
  if (explanation.rematches.length > 0) items.push(t('round.explain.rematches', { count: explanation.rematches.length }));
  if (explanation.forced_second_byes.length > 0) items.push(t('round.explain.secondBye', { players: explanation.forced_second_byes.join(', ') }));
  items.push(...explanation.notes);
  items.push(explanation.regenerated_identically ? t('round.explain.identical') : t('round.explain.changed'));
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
      const pairings = await api.swap({ a: a.value.trim(), b: b.value.trim(), reason: swapReason.value.trim() });
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
      const pairings = await api.giveBye({ player: player.value.trim(), reason: byeReason.value.trim() });
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
      const pairings = await api.repairRound({ reason: reason.value.trim(), allow_rematches: false });
      await changed(pairings, t('round.repaired', { round: pairings.round }));
      reason.value = '';
    }, repair);
  });
  return h('fieldset', {}, h('legend', {}, t('round.repairTitle')), h('p', { class: 'hint' }, t('round.repairHint')), field(t('round.reason'), reason), repair);
}
