// Timer: the round clock (start, pause, resume, extend, reset), extra minutes for single
// tables, the time-up procedure of the event's title (else its ruleset family), and the
// projector window.
import { call } from '../api';
import { showOnProjector } from '../projectorView';
import { field, h, onEnter } from '../dom';
import { announce, showProblem } from '../feedback';
import { t } from '../i18n';
import { heading, run } from '../screen';
import * as state from '../state';
import { language } from '../settings';
import * as timer from '../timer';
import type { TitleSummary } from '../types';

const DEFAULT_MINUTES = 50;

/** The event's title preset, if it has one. */
function titlePreset(): TitleSummary | null {
  const title = state.event()?.title;
  return state.catalogue().titles.find((x) => x.id === title) ?? null;
}

/** The round length of the event's title preset, else 50 minutes. */
function roundMinutes(): number {
  const preset = titlePreset();
  return preset && preset.round_minutes > 0 ? preset.round_minutes : DEFAULT_MINUTES;
}

/** The title's time-up procedure and extra turns in the interface language, if any. */
function titleProcedure(): string | undefined {
  const preset = titlePreset();
  if (!preset) return undefined;
  const text = language() === 'ja' ? preset.time_up_ja : preset.time_up_en;
  return preset.extra_turns > 0 ? `${text} ${t('timer.extraTurns', { turns: preset.extra_turns })}` : text;
}

/** Tells the room (phones on the shop's network) the clock; a failure only means no phone sees it. */
function shareClock(clock: timer.TimerState): void {
  void call('set_clock', {
    clock: { duration_ms: clock.durationMs, used_ms: clock.usedMs, running_since: clock.runningSince, round: clock.round },
  }).catch(() => undefined);
}

/** Starts a fresh clock for `round` at the title's round length, kept for the Timer screen
 * and shared with the room (the Round screen's "Start the clock", after its sheets). */
export function startRoundClock(round: number): void {
  const event = state.event();
  const family = event ? timer.familyOf(event.ruleset.id) : 'bushiroad';
  const key = timer.timerKey(event?.file);
  const titleText = titleProcedure();
  const fresh = timer.newTimer(roundMinutes(), family, round);
  const clock = timer.start(titleText === undefined ? fresh : { ...fresh, procedure: titleText }, Date.now());
  timer.saveTimer(localStorage, clock, key);
  shareClock(clock);
}

/** Whether this laptop started the clock of `round` (running, paused or up since). */
export function clockStartedFor(round: number): boolean {
  const clock = timer.loadTimer(localStorage, timer.timerKey(state.event()?.file));
  return !!clock && clock.round === round && timer.status(clock, Date.now()) !== 'ready';
}

export function mountTimer(root: HTMLElement): () => void {
  const event = state.event();
  const family = event ? timer.familyOf(event.ruleset.id) : 'bushiroad';
  const currentRound = event && event.rounds_paired > 0 ? event.rounds_paired : null;
  const key = timer.timerKey(event?.file);
  let clock = timer.loadTimer(localStorage, key) ?? timer.newTimer(roundMinutes(), family, currentRound);
  const titleText = titleProcedure();
  clock = titleText === undefined ? { ...clock, family } : { ...clock, family, procedure: titleText };
  // A clock that is not running belongs to the newest paired round.
  if (timer.status(clock, Date.now()) === 'ready') clock = { ...clock, round: currentRound };
  let wasUp = timer.isUp(clock, Date.now());

  const display = h('p', { class: 'clock', 'data-testid': 'timer-display', role: 'timer', 'aria-live': 'off' });
  const roundLine = h('p', { 'data-testid': 'timer-round' });
  const statusLine = h('p', { class: 'clock-status', 'data-testid': 'timer-status' });
  const procedure = h('div', { class: 'procedure', 'data-testid': 'timer-procedure' });
  const tableList = h('ul', { 'data-testid': 'timer-table-list' });
  const minutes = h('input', { type: 'number', min: 1, max: 240, value: String(roundMinutes()), 'data-testid': 'timer-minutes' });
  // One button that starts, pauses and resumes, so focus stays on it while its label changes.
  const toggle = h('button', { type: 'button', class: 'primary', 'data-testid': 'timer-toggle' });
  toggle.addEventListener('click', () => {
    const now = Date.now();
    const status = timer.status(clock, now);
    if (status === 'running') update(timer.pause(clock, now));
    else if (status === 'paused') update(timer.resume(clock, now));
    else {
      // A length typed before the first start applies without pressing Reset.
      const length = Number(minutes.value);
      const ready = status === 'ready' && Number.isInteger(length) && length >= 1 ? timer.reset(clock, length) : clock;
      update(timer.start({ ...ready, tableExtensions: clock.tableExtensions }, now));
    }
  });
  const resetButton = h('button', { type: 'button', 'data-testid': 'timer-reset' }, t('timer.reset'));
  resetButton.addEventListener('click', () => {
    const length = Number(minutes.value);
    if (!Number.isInteger(length) || length < 1) return showProblem(t('timer.minutesInvalid'));
    update({ ...timer.reset(clock, length), round: state.event()?.rounds_paired || null });
  });

  const extendBy = h('input', { type: 'number', min: 1, max: 60, value: '5', 'data-testid': 'timer-extend-minutes' });
  const extendButton = h('button', { type: 'button', 'data-testid': 'timer-extend' }, t('timer.extend'));
  extendButton.addEventListener('click', () => {
    const extra = Number(extendBy.value);
    if (!Number.isInteger(extra) || extra < 1) return showProblem(t('timer.minutesInvalid'));
    update(timer.extend(clock, extra));
    announce(t('timer.extended', { minutes: extra }));
  });

  const tableNo = h('input', { type: 'number', min: 1, 'data-testid': 'timer-table' });
  const tableMinutes = h('input', { type: 'number', min: 1, max: 60, value: '3', 'data-testid': 'timer-table-minutes' });
  const addTable = h('button', { type: 'button', 'data-testid': 'timer-table-add' }, t('timer.addTable'));
  const addExtension = () => {
    const table = Number(tableNo.value);
    const extra = Number(tableMinutes.value);
    if (!Number.isInteger(table) || table < 1) return showProblem(t('timer.tableInvalid'));
    if (!Number.isInteger(extra) || extra < 1) return showProblem(t('timer.minutesInvalid'));
    update(timer.setTableExtension(clock, table, extra));
    announce(t('timer.tableExtended', { table, minutes: extra }));
    tableNo.value = '';
    tableNo.focus();
  };
  onEnter(tableNo, addExtension);
  addTable.addEventListener('click', addExtension);

  const projector = h('button', { type: 'button', 'data-testid': 'timer-projector' }, t('timer.projector'));
  projector.addEventListener('click', () => void run(() => showOnProjector('clock', t('timer.projectorTitle')), projector));

  /** Per-table lines: rebuilt when the list changes, their clocks refreshed by tick(). */
  let tableClocks: { extension: timer.TableExtension; text: HTMLElement }[] = [];

  function update(next: timer.TimerState): void {
    clock = next;
    timer.saveTimer(localStorage, clock, key);
    shareClock(clock);
    tableClocks = clock.tableExtensions.map((extension) => ({ extension, text: h('span') }));
    tableList.replaceChildren(
      ...(tableClocks.length > 0
        ? tableClocks.map(({ extension, text }) => {
            const remove = h('button', { type: 'button', 'aria-label': t('timer.removeTable', { table: extension.table }) }, t('common.remove'));
            remove.addEventListener('click', () => {
              update(timer.setTableExtension(clock, extension.table, 0));
              tableNo.focus();
            });
            return h('li', { 'data-table': extension.table }, text, ' ', remove);
          })
        : [h('li', {}, t('timer.noTables'))]),
    );
    tick();
  }

  function tick(): void {
    const now = Date.now();
    const status = timer.status(clock, now);
    roundLine.textContent = clock.round !== null ? t('results.roundN', { round: clock.round }) : '';
    display.textContent = timer.formatClock(timer.remaining(clock, now));
    statusLine.textContent = t(`timer.status.${status}`);
    toggle.textContent = t(`timer.toggle.${status}`);
    const up = status === 'up';
    if (up !== wasUp || procedure.childElementCount === 0) {
      procedure.hidden = !up;
      procedure.replaceChildren(h('h3', {}, t('timer.upTitle')), h('p', {}, timer.procedureText(clock, t)));
      if (up) announce(t('timer.upTitle'));
    }
    wasUp = up;
    for (const { extension, text } of tableClocks) {
      const left = timer.formatClock(timer.tableRemaining(clock, extension, now));
      text.textContent = t('timer.tableLine', { table: extension.table, minutes: extension.minutes, clock: left });
    }
  }

  root.append(
    heading(t('timer.title')),
    h(
      'section',
      { class: 'panel' },
      roundLine,
      display,
      statusLine,
      procedure,
      h('div', { class: 'actions' }, toggle, projector),
      h('div', { class: 'inline' }, field(t('timer.length'), minutes, t('timer.lengthHint')), resetButton),
      h('div', { class: 'inline' }, field(t('timer.extendBy'), extendBy), extendButton),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h3', {}, t('timer.tablesTitle')),
      h('div', { class: 'inline' }, field(t('timer.table'), tableNo), field(t('timer.tableMinutes'), tableMinutes), addTable),
      tableList,
    ),
  );
  update(clock);
  // Deck checks' time extensions join the round's table extensions.
  if (event && event.rounds_paired > 0) {
    void call('deck_checks', { round: null })
      .then((checks) => {
        let next = clock;
        for (const table of checks.flatMap((check) => check.tables)) {
          const shown = next.tableExtensions.find((e) => e.table === table.table);
          if (table.extension_minutes > 0 && shown?.minutes !== table.extension_minutes) {
            next = timer.setTableExtension(next, table.table, table.extension_minutes);
          }
        }
        if (next !== clock) update(next);
      })
      .catch(() => undefined);
  }
  const interval = window.setInterval(tick, 250);
  return () => window.clearInterval(interval);
}
