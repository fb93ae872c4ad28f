// Results: one keyboard box ("12 1", "7 2-1", Enter) with a live preview of what the shell
// would record, the outstanding tables always in view, every table's entered result,
// replace / lock-override confirmations, undo and redo (buttons, Ctrl+Z, Ctrl+Y), the
// history, a whole paper round's results at once, and drops and penalties from the same
// screen. The box only splits off the table number; the shell reads the result.
import { ApiError, call, normalizeError } from '../api';
import { field, fillRows, h, onEnter, select } from '../dom';
import { announce, clearError, errorText, showError, showProblem } from '../feedback';
import { clockTime, describeResult } from '../format';
import { t } from '../i18n';
import { go } from '../router';
import { stageStrip } from '../stageStrip';
import { say, sayAll } from '../i18n/messages';
import { splitEntry } from '../resultEntry';
import { fillNames, heading, pdfButtons, playerNames, requireEvent, run } from '../screen';
import { announceDropWithUndo } from './dropUndo';
import { historyDescription } from './historyDescription';
import { judgeCallsPanel } from './judgeCalls';
import * as state from '../state';
import type { RecordedView } from '../bindings/RecordedView';
import type { HistoryItem, Message, PairingsView, PenaltyView, TableView } from '../types';
import { labelOf, options, PENALTIES } from '../vocabulary';

/** Steps of the history the Results screen shows, newest first (History lists them all). */
const HISTORY_SHOWN = 200;

/** The infraction as typed, or a late arrival's by its minutes in the interface language. */
export function infractionText(penalty: Pick<PenaltyView, 'infraction' | 'late_minutes'>): string {
  return penalty.late_minutes != null ? t('registration.tardyInfraction', { minutes: penalty.late_minutes }) : penalty.infraction;
}

/** How long typing must pause before the preview asks the shell (ms). */
export const PREVIEW_DELAY = 150;

export function mountResults(root: HTMLElement): (() => void) | void {
  root.append(heading(t('results.title')));
  const event = requireEvent(root);
  if (!event) return;
  const strip = stageStrip();
  root.append(strip.element);

  let round: number | null = null;
  let pairings: PairingsView | null = null;
  let busy = false;

  const roundSelect = select(
    { 'data-testid': 'result-round' },
    [['', t('results.currentRound')], ...Array.from({ length: event.rounds_paired }, (_, i) => String(event.rounds_paired - i)).map((r) => [r, t('results.roundN', { round: r })] as const)],
    '',
  );
  const input = h('input', { type: 'text', 'data-testid': 'result-input', 'data-stage-action': 'results', autocomplete: 'off', spellcheck: 'false', class: 'entry' });
  const preview = h('p', { class: 'preview', id: 'result-preview', 'data-testid': 'result-preview' });
  const confirmArea = h('div', { class: 'confirm', 'data-testid': 'result-confirm' });
  const outstanding = h('ul', { class: 'outstanding' });
  const outstandingTitle = h('h3', { id: 'outstanding-heading' });
  const tables = h('tbody');
  // The newest steps only: a long event's whole log is hundreds of kilobytes to read and draw.
  const historyList = h('ol', { class: 'history', reversed: true, 'data-testid': 'history', tabindex: 0, 'aria-label': t('results.historyTitle') });
  const penaltyList = h('ul', { 'data-testid': 'penalty-list' });
  const names = playerNames('results-players');
  const undoButton = h('button', { type: 'button', 'data-testid': 'undo', 'aria-keyshortcuts': 'Control+Z' }, t('results.undo'));
  const redoButton = h('button', { type: 'button', 'data-testid': 'redo', 'aria-keyshortcuts': 'Control+Y' }, t('results.redo'));

  const findTable = (number: number): TableView | undefined => pairings?.tables.find((x) => x.table === number);

  const outstandingItem = (x: TableView) => {
    const pick = h('button', { type: 'button', class: 'link' }, t('results.tableVs', { table: x.table, a: x.a.name, b: x.b.name }));
    pick.addEventListener('click', () => {
      input.value = `${x.table} `;
      input.focus();
      updatePreview();
    });
    return h('li', { 'data-table': x.table }, pick);
  };
  // Every result in: the next step is one click away (the next round paired from here).
  const allIn = () => h('li', { class: 'done' }, pairings ? t('results.allIn') : t('round.noPairings'), pairings ? nextStep(pairings) : '');
  const tableRow = (x: TableView) =>
    h(
      'tr',
      { 'data-testid': 'result-row', 'data-table': x.table, class: x.result ? 'entered' : 'missing' },
      h('td', { class: 'num' }, x.table),
      h('td', {}, x.a.name),
      h('td', {}, x.b.name),
      h('td', {}, x.result ? describeResult(x) : t('results.missing')),
    );
  const renderOutstandingTitle = (open: number) => {
    outstandingTitle.textContent = !pairings
      ? t('results.outstandingTitle')
      : open === 0
        ? t('results.roundDone', { round: pairings.round })
        : t('results.outstanding', { count: open, round: pairings.round });
  };
  const renderTables = () => {
    const rows = pairings?.tables ?? [];
    const open = rows.filter((x) => x.result === null);
    renderOutstandingTitle(open.length);
    // A long round shows its first screenful at once and the rest a chunk per frame; a
    // result recorded meanwhile is read from the live list when its chunk comes.
    outstanding.replaceChildren();
    if (open.length > 0) fillRows(outstanding, rows, (x) => (x.result === null ? outstandingItem(x) : null));
    else outstanding.append(allIn());
    tables.replaceChildren();
    fillRows(tables, rows, tableRow);
  };
  /** One table changed: its row and its place among the outstanding, nothing else redrawn. */
  const renderTable = (x: TableView) => {
    tables.querySelector(`tr[data-table="${x.table}"]`)?.replaceWith(tableRow(x));
    const item = outstanding.querySelector(`li[data-table="${x.table}"]`);
    if (x.result) item?.remove();
    else if (!item) outstanding.append(outstandingItem(x));
    const open = pairings?.tables.filter((t) => t.result === null).length ?? 0;
    if (open === 0) outstanding.replaceChildren(allIn());
    renderOutstandingTitle(open);
  };
  const historyLine = (item: HistoryItem) =>
    h(
      'li',
      { value: item.step, class: item.undone ? 'undone' : undefined },
      h('span', { class: 'time' }, clockTime(item.recorded_at)),
      ' ',
      ...historyDescription(item.description),
      item.reason ? ` — ${t('results.reason', { reason: item.reason })}` : '',
      item.undone ? ` ${t('results.undoneMark')}` : '',
    );
  const renderHistory = (items: HistoryItem[]) => {
    historyList.replaceChildren(...[...items].reverse().map(historyLine));
  };
  const renderPenalties = (items: PenaltyView[]) => {
    penaltyList.replaceChildren(
      ...(items.length > 0
        ? items.map((p) =>
            h('li', {}, t('results.penaltyLine', { round: p.round, name: p.name, penalty: labelOf(PENALTIES, p.penalty), infraction: infractionText(p) }), p.note ? ` (${p.note})` : ''),
          )
        : [h('li', {}, t('results.noPenalties'))]),
    );
  };
  const refresh = async () => {
    const current = state.event();
    const [table, steps, given, all] = await Promise.all([
      current && current.rounds_paired > 0 ? call('pairings', { round }) : Promise.resolve(null),
      call('history', { newest: HISTORY_SHOWN }),
      call('penalties', null),
      call('players', null),
    ]);
    pairings = table;
    renderTables();
    renderHistory(steps);
    renderPenalties(given);
    fillNames(names, all.filter((p) => p.status === 'active').map((p) => p.name));
  };
  const afterChange = async (message: string) => {
    await refresh();
    await state.refreshEvent();
    announce(message);
  };

  let previewTimer: ReturnType<typeof setTimeout> | undefined;
  let previewSeq = 0;
  const setPreview = (text: string, kind: 'ok' | 'error' | 'pending' | 'empty') => {
    preview.textContent = text;
    preview.dataset['state'] = kind;
  };
  /** Why the shell refuses a result, in the words of the hint above the box (the shell's
   * own words teach the command line's `a / noshow-a`). */
  const refusal = (error: unknown): string => {
    const failure = normalizeError(error);
    return failure.key === 'error.invalid-result.result-use' ? t('results.notAResult', { text: failure.params['text'] ?? '' }) : errorText(failure);
  };
  /** The shell's last preview, in words, for the table and result it was asked about: a
   * correction's question reuses it instead of asking again. */
  let previewed: { round: number | null; table: number; result: string; words: string } | null = null;
  /** What the shell would record for this table, in words (or why it would refuse). */
  const askShell = async (table: TableView | undefined, number: number, result: string, seq: number) => {
    const replace = table?.result !== null && table?.result !== undefined;
    try {
      const view = await call('preview_result', { round, table: number, result, replace, override_reason: null });
      if (seq !== previewSeq) return;
      previewed = { round, table: number, result, words: describeResult(view) };
      const words = t('results.preview', { table: view.table, a: view.a.name, b: view.b.name, result: describeResult(view) });
      setPreview(table && replace ? `${words} ${t('results.previewReplaces', { old: describeResult(table) })}` : words, 'ok');
    } catch (error) {
      if (seq !== previewSeq) return;
      previewed = null;
      setPreview(refusal(error), 'error');
    }
  };
  const updatePreview = () => {
    clearTimeout(previewTimer);
    previewed = null;
    previewSeq += 1;
    const seq = previewSeq;
    const split = splitEntry(input.value);
    if (!split.ok) {
      const table = split.table === undefined ? undefined : findTable(split.table);
      if (split.error === 'missing-result' && table) setPreview(t('results.pickResult', { table: table.table, a: table.a.name, b: table.b.name }), 'pending');
      else if (split.error === 'missing-result' && pairings && split.table !== undefined) setPreview(t('results.noSuchTable', { table: split.table }), 'error');
      else if (split.error === 'empty') setPreview('', 'empty');
      else setPreview(t(`resultEntry.${split.error}`), split.error === 'missing-result' ? 'pending' : 'error');
      return;
    }
    const table = findTable(split.table);
    if (pairings && !table) {
      setPreview(t('results.noSuchTable', { table: split.table }), 'error');
      return;
    }
    previewTimer = setTimeout(() => void askShell(table, split.table, split.result, seq), PREVIEW_DELAY);
  };

  const closeConfirm = () => {
    confirmArea.replaceChildren();
    // The error above said "confirm below"; with the question gone it would only mislead.
    clearError();
    input.focus();
  };
  /**
   * Shows a recorded result from the answer alone (one round trip): the table's row, the
   * outstanding tables and the history's new step. A step that did more than enter the
   * result (a no-show that drops a player), and the round's last result (the event's stage
   * may change: the next round to pair, a finished bracket), read everything again.
   */
  const showRecorded = async (view: RecordedView): Promise<boolean> => {
    const shown = pairings;
    const more = (view.step?.description.length ?? 0) > 1;
    if (!shown || shown.round !== view.progress.round || more || view.progress.complete) return false;
    const { progress: _progress, step, ...table } = view;
    const index = shown.tables.findIndex((x) => x.table === table.table);
    if (index < 0) return false;
    shown.tables[index] = table;
    renderTable(table);
    if (step) historyList.prepend(historyLine(step));
    return true;
  };
  const record = async (table: number, result: string, replace: boolean, override: string | null) => {
    const view = await call('record_result', { round, table, result, replace, override_reason: override });
    clearTimeout(previewTimer);
    previewSeq += 1;
    input.value = '';
    setPreview('', 'empty');
    confirmArea.replaceChildren();
    const warnings = (view.warnings ?? []).map(say);
    const message = [t('results.recorded', { table: view.table, result: describeResult(view) }), ...warnings].join(' ');
    if (await showRecorded(view)) announce(message);
    else await afterChange(message);
    input.focus();
  };
  const askReplace = async (table: number, result: string) => {
    const existing = findTable(table);
    const replace = h('button', { type: 'button', class: 'primary', 'data-testid': 'confirm-replace' }, t('results.replace'));
    const cancel = h('button', { type: 'button', 'data-testid': 'confirm-cancel' }, t('common.cancel'));
    replace.addEventListener('click', () => void run(() => record(table, result, true, null), replace));
    cancel.addEventListener('click', closeConfirm);
    const next =
      previewed?.round === round && previewed.table === table && previewed.result === result
        ? previewed.words
        : await call('preview_result', { round, table, result, replace: true, override_reason: null }).then(describeResult, () => result);
    confirmArea.replaceChildren(
      h('p', {}, t('results.replaceQuestion', { table, old: existing ? describeResult(existing) : '?', new: next })),
      h('div', { class: 'actions' }, replace, cancel),
    );
    replace.focus();
  };
  const askOverride = (table: number, result: string) => {
    const reason = h('input', { type: 'text', 'data-testid': 'override-reason' });
    const confirm = h('button', { type: 'button', class: 'primary', 'data-testid': 'confirm-override' }, t('results.override'));
    const cancel = h('button', { type: 'button', 'data-testid': 'confirm-cancel' }, t('common.cancel'));
    const go = () => {
      if (!reason.value.trim()) return showProblem(t('round.reasonRequired'));
      void run(() => record(table, result, true, reason.value.trim()), confirm);
    };
    onEnter(reason, go);
    confirm.addEventListener('click', go);
    cancel.addEventListener('click', closeConfirm);
    confirmArea.replaceChildren(
      h('p', {}, t('results.lockedQuestion', { table })),
      field(t('results.overrideReason'), reason),
      h('div', { class: 'actions' }, confirm, cancel),
    );
    reason.focus();
  };
  // A barcode scanner types the slip's code (TK-…) and Enter: go to that table and wait
  // for its result; another event's or round's slip is refused by the shell.
  const scanSlip = async (code: string) => {
    const slip = await call('read_slip', { code });
    input.value = `${slip.table} `;
    updatePreview();
    input.focus();
  };
  const submit = () => {
    if (busy) return;
    // Every result in: Enter on the empty box does the round's next step (Pair round N →,
    // or on to the Finals or the payout), as its button beside the box would.
    if (input.value.trim() === '' && pairings && pairings.tables.length > 0 && pairings.tables.every((x) => x.result !== null)) {
      outstanding.querySelector<HTMLElement>('.done .primary')?.click();
      return;
    }
    if (/^\s*tk-/i.test(input.value)) {
      busy = true;
      scanSlip(input.value)
        .catch((error: unknown) => {
          showError(error);
          input.select();
        })
        .finally(() => {
          busy = false;
        });
      return;
    }
    const split = splitEntry(input.value);
    if (!split.ok) {
      showProblem(t(`resultEntry.${split.error}`));
      return;
    }
    // A correction the shell has already previewed (the table's result is on screen): asked
    // at once, then recorded in one call. Anything else goes to the shell, which refuses a
    // result it cannot take and a table that got a result elsewhere meanwhile.
    const shown = previewed?.round === round && previewed.table === split.table && previewed.result === split.result;
    if (findTable(split.table)?.result && shown) {
      const params = { round: String(pairings?.round ?? ''), table: String(split.table) };
      showError(new ApiError('result-exists', `table ${split.table} already has a result`, 'error.result-exists', params));
      askReplace(split.table, split.result).catch(showError);
      return;
    }
    busy = true;
    record(split.table, split.result, false, null)
      .catch(async (error: unknown) => {
        const kind = normalizeError(error).kind;
        // A result the table cannot take is said once, under the box that caused it.
        if (kind === 'invalid-result' || kind === 'unknown-table') {
          clearError();
          setPreview(refusal(error), 'error');
          input.select();
          return;
        }
        showError(error);
        if (kind === 'result-exists') await askReplace(split.table, split.result);
        else if (kind === 'result-locked') askOverride(split.table, split.result);
      })
      .finally(() => {
        busy = false;
      });
  };
  onEnter(input, submit);
  input.addEventListener('input', updatePreview);
  confirmArea.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeConfirm();
  });
  roundSelect.addEventListener('change', () => {
    round = roundSelect.value === '' ? null : Number(roundSelect.value);
    previewed = null;
    confirmArea.replaceChildren();
    void run(refresh);
  });

  const step = (action: () => Promise<HistoryItem>, message: string, button: HTMLButtonElement) =>
    void run(async () => {
      const item = await action();
      await afterChange(t(message, { step: item.step, description: sayAll(item.description) }));
    }, button);
  const undo = () => step(() => call('undo', null), 'results.undone', undoButton);
  const redo = () => step(() => call('redo', null), 'results.redone', redoButton);
  undoButton.addEventListener('click', undo);
  redoButton.addEventListener('click', redo);
  const shortcut = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    const isUndo = key === 'z' && !e.shiftKey;
    const isRedo = key === 'y' || (key === 'z' && e.shiftKey);
    if (!isUndo && !isRedo) return;
    // While a text box has text, Ctrl+Z keeps undoing typing as usual.
    const target = e.target;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.value !== '') return;
    e.preventDefault();
    if (isUndo) undo();
    else redo();
  };
  document.addEventListener('keydown', shortcut);

  const judges = judgeCallsPanel();
  root.append(
    h(
      'div',
      { class: 'results-layout' },
      h(
        'div',
        { class: 'results-main' },
        // The box and the open tables side by side, so the round's next step (the tables
        // still open, or "Pair round N →" once all are in) is in view on a 768-pixel screen.
        h(
          'section',
          { class: 'panel entry-panel' },
          h(
            'div',
            { class: 'entry-box' },
            field(t('results.entry'), input, t('results.entryHint')),
            preview,
            confirmArea,
            h('div', { class: 'inline' }, field(t('results.round'), roundSelect), undoButton, redoButton),
          ),
          h('div', { class: 'entry-open', 'aria-labelledby': 'outstanding-heading', role: 'region', 'data-testid': 'outstanding-tables' }, outstandingTitle, outstanding),
        ),
        bulkPanel(() => round, (message) => afterChange(message)),
        // Slips again for a table that lost theirs; printing runs while results are typed.
        h('section', { class: 'panel no-print' }, pdfButtons(['slips', 'pairings'], () => round ?? pairings?.round ?? null)),
        h(
          'section',
          { class: 'panel' },
          h('h3', {}, t('results.tablesTitle')),
          h(
            'table',
            { 'data-testid': 'results-table' },
            h('thead', {}, h('tr', {}, ...['table', 'a', 'b', 'result'].map((c) => h('th', { scope: 'col' }, t(`round.columns.${c}`))))),
            tables,
          ),
        ),
      ),
      h(
        'div',
        { class: 'results-side' },
        judges.element,
        // Rare at the counter: folded, so the round's own controls stay above the fold.
        h(
          'details',
          { class: 'panel more', 'data-testid': 'results-more' },
          h('summary', {}, t('results.more')),
          dropPanel(async () => {
            await refresh();
            await state.refreshEvent();
          }),
          penaltyPanel((message) => afterChange(message)),
        ),
        h('section', { class: 'panel' }, h('h3', {}, t('results.penaltiesTitle')), penaltyList),
        h('section', { class: 'panel' }, h('h3', {}, t('results.historyTitle')), historyList),
      ),
    ),
    names,
  );
  input.focus();
  void run(refresh);
  return () => {
    strip.stop();
    judges.stop();
    clearTimeout(previewTimer);
    document.removeEventListener('keydown', shortcut);
  };
}

/**
 * What follows a round whose results are all in: the next Swiss round paired at once (the
 * Round screen then offers its sheets and the clock), or, after the last planned round or in
 * the bracket, the way to the Finals or the payout.
 */
function nextStep(pairings: PairingsView): HTMLElement {
  const event = state.event();
  const swissDone = !!event && event.planned_rounds > 0 && pairings.round >= event.planned_rounds;
  if (pairings.bracket_round || event?.stage === 'cut') {
    return h('a', { href: '#/cut', class: 'button primary', 'data-testid': 'results-next-round', 'data-stage-action': 'next' }, t('stages.bracket'));
  }
  if (swissDone) {
    return (event?.planned_cut ?? 0) > 0
      ? h('a', { href: '#/cut', class: 'button primary', 'data-testid': 'results-to-cut', 'data-stage-action': 'next' }, t('stages.cut'))
      : h('a', { href: '#/prizes', class: 'button primary', 'data-testid': 'results-to-payout', 'data-stage-action': 'next' }, t('stages.payout'));
  }
  return pairNextButton(pairings.round + 1, 'results-next-round');
}

/** "Pair round N →" where the night's next step is pairing (Results once every result is
 * in; Players before round 1): the round paired, then shown on the Round screen. */
export function pairNextButton(round: number, testid: string): HTMLButtonElement {
  const pair = h('button', { type: 'button', class: 'primary', 'data-testid': testid, 'data-stage-action': 'next' }, t('results.pairNext', { round }));
  pair.addEventListener('click', () =>
    void run(async () => {
      const next = await call('pair_round', { allow_rematches: false });
      await state.refreshEvent();
      announce(t('round.paired', { round: next.round, count: next.tables.length }));
      go('round');
    }, pair),
  );
  return pair;
}

function dropPanel(refreshed: () => Promise<void>): HTMLElement {
  const player = h('input', { type: 'text', list: 'results-players', autocomplete: 'off', 'data-testid': 'drop-player-input' });
  const drop = h('button', { type: 'button', 'data-testid': 'drop-player' }, t('results.drop'));
  const go = () => {
    if (!player.value.trim()) return showProblem(t('round.onePlayer'));
    void run(async () => {
      const dropped = await call('drop_player', { player: player.value.trim() });
      player.value = '';
      await refreshed();
      // The message names who was dropped ("12" is a number until then) and takes it back.
      announceDropWithUndo(dropped.name, refreshed);
    }, drop);
  };
  onEnter(player, go);
  drop.addEventListener('click', go);
  return h('section', { class: 'panel' }, h('h3', {}, t('results.dropTitle')), h('div', { class: 'inline' }, field(t('round.player'), player), drop));
}

function penaltyPanel(changed: (message: string) => Promise<void>): HTMLElement {
  const player = h('input', { type: 'text', list: 'results-players', autocomplete: 'off', 'data-testid': 'penalty-player' });
  const offered = state.catalogue().penalties;
  const kind = select({ 'data-testid': 'penalty-kind' }, options(PENALTIES, offered), offered.includes('warning') ? 'warning' : offered[0]);
  const infraction = h('input', { type: 'text', 'data-testid': 'penalty-infraction' });
  const note = h('input', { type: 'text', 'data-testid': 'penalty-note' });
  const give = h('button', { type: 'button', 'data-testid': 'penalty-submit' }, t('results.givePenalty'));
  give.addEventListener('click', () => {
    if (!player.value.trim()) return showProblem(t('round.onePlayer'));
    if (!infraction.value.trim()) return showProblem(t('results.infractionRequired'));
    void run(async () => {
      const penalty = offered.find((p) => p === kind.value);
      if (!penalty) return;
      const given = await call('penalty', {
        player: player.value.trim(),
        penalty,
        infraction: infraction.value.trim(),
        note: note.value.trim() || null,
      });
      player.value = infraction.value = note.value = '';
      await changed(t('results.penaltyGiven', { name: given.name, penalty: labelOf(PENALTIES, given.penalty) }));
    }, give);
  });
  return h(
    'section',
    { class: 'panel' },
    h('h3', {}, t('results.penaltyTitle')),
    field(t('round.player'), player),
    field(t('results.penaltyKind'), kind),
    field(t('results.infraction'), infraction),
    field(t('results.note'), note),
    give,
  );
}

/**
 * A whole round's results at once, one "TABLE RESULT" line each (re-entering a round played
 * on paper): recorded as one step, all or none. Corrections' notes are shown.
 */
function bulkPanel(round: () => number | null, changed: (message: string) => Promise<void>): HTMLElement {
  const lines = h('textarea', { rows: 8, 'data-testid': 'bulk-results', spellcheck: 'false', class: 'mono' });
  const record = h('button', { type: 'button', class: 'primary', 'data-testid': 'bulk-record' }, t('results.bulk.record'));
  const warnings = h('div', { 'data-testid': 'bulk-warnings' });
  const showWarnings = (messages: Message[]) =>
    warnings.replaceChildren(
      messages.length > 0 ? h('div', { class: 'warnings', role: 'alert' }, h('h4', {}, t('round.warnings')), h('ul', {}, ...messages.map((m) => h('li', {}, say(m))))) : '',
    );
  record.addEventListener('click', () => {
    const typed = lines.value.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
    if (typed.length === 0) return showProblem(t('results.bulk.empty'));
    void run(async () => {
      const tables = await call('record_results', { round: round(), lines: typed });
      lines.value = '';
      const notes = tables.flatMap((table) => table.warnings ?? []);
      showWarnings(notes);
      await changed([t('results.bulk.recorded', { count: tables.length }), ...notes.map(say)].join(' '));
    }, record);
  });
  return h(
    'details',
    { class: 'panel', 'data-testid': 'bulk-panel' },
    h('summary', {}, t('results.bulk.title')),
    h('p', { class: 'hint' }, t('results.bulk.hint')),
    field(t('results.bulk.lines'), lines),
    record,
    warnings,
  );
}
