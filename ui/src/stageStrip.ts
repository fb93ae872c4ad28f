// The round's stage strip at the top of the Round, Results and Finals screens: Paired → Printed →
// Clock running → 9/12 in → Pair round 3, each stage done, the current one or still to
// come, each a link to where it is done. The counts are the attention view's (one ask a
// second for the whole window), and so is "printed": the event records the round's sheets
// as out (a printer took the job, or one PDF was made to print by hand), so a station and a
// laptop that took over show it too.
import type { AttentionView } from './bindings/AttentionView';
import { h } from './dom';
import { t } from './i18n';
import * as state from './state';
import { onAttention } from './attention';

export type StageState = 'done' | 'current' | 'todo';
export interface StageItem {
  id: 'paired' | 'printed' | 'clock' | 'results' | 'next';
  text: string;
  href: string;
  state: StageState;
}

/** The Swiss rounds and the top cut the organizer planned (`0`: not said). */
export interface Plan {
  rounds: number;
  cut: number;
}

/** The open event's plan. */
export function eventPlan(): Plan {
  const event = state.event();
  return { rounds: event?.planned_rounds ?? 0, cut: event?.planned_cut ?? 0 };
}

/** The stages of the round `view` is on; empty before round 1 is paired. A stage still to
 * do says what to do ("Print the sheets"); one done says what happened ("✓ Sheets printed"). */
export function stageItems(view: AttentionView, plan: Plan = { rounds: 0, cut: 0 }): StageItem[] {
  const round = view.round;
  if (!round) return [];
  // A clock set for this round but never started is still to start.
  const clockStarted = view.clock !== null && view.clock.round === round.round && (view.clock.started || view.clock.running);
  // While the last planned round is played, what comes after it is the cut or the payout,
  // never a round nobody planned.
  const last = plan.rounds > 0 && round.round >= plan.rounds;
  // A bracket round is played on the Finals, and after the final comes the payout.
  const bracket = round.bracket;
  const afterThis: [string, string] =
    bracket !== null
      ? bracket === 'final'
        ? [t('stages.payout'), '#/prizes']
        : [t('stages.bracket'), '#/cut']
      : !last
        ? [t('stages.pair', { round: round.round + 1 }), '#/round']
        : plan.cut > 0
          ? [t('stages.cut'), '#/cut']
          : [t('stages.payout'), '#/prizes'];
  const here = bracket !== null ? '#/cut' : null;
  const next: Record<AttentionView['next'], [string, string]> = {
    register: afterThis,
    results: afterThis,
    'pair-round': [t('stages.pair', { round: round.round + 1 }), '#/round'],
    'pair-bracket-round': [t('stages.bracket'), '#/cut'],
    cut: [t('stages.cut'), '#/cut'],
    payout: [t('stages.payout'), '#/prizes'],
  };
  const done = [true, round.printed !== null, clockStarted, round.complete, false];
  // A later stage done (results in without printing) leaves no earlier one current.
  const current = round.complete ? 4 : done.findIndex((isDone, index) => !isDone && !done.slice(index + 1).some(Boolean));
  const counts = { entered: round.entered, tables: round.tables };
  const items: Omit<StageItem, 'state'>[] = [
    { id: 'paired', text: bracket !== null ? t(`cut.labels.${bracket}`) : t('stages.paired', { round: round.round }), href: here ?? '#/round' },
    { id: 'printed', text: round.printed === null ? t('stages.print') : round.printed.printer === null ? t('stages.printedByHand') : t('stages.printed'), href: here ?? '#/round' },
    { id: 'clock', text: !done[2] ? t('stages.startClock') : view.clock?.running ? t('stages.clock') : t('stages.clockPaused'), href: '#/timer' },
    { id: 'results', text: done[3] ? t('stages.results', counts) : t('stages.enter', counts), href: here ?? '#/results' },
    { id: 'next', text: next[view.next][0], href: next[view.next][1] },
  ];
  return items.map((item, index) => ({ ...item, state: done[index] ? 'done' : index === current ? 'current' : 'todo' }));
}

/** The current stage: a button that does it where its own control is on the screen (the
 * control carries `data-stage-action` with the stage's id: Print, Start the clock, the
 * result box, Pair round N …), else goes to the screen where it is done. */
export function currentStage(item: StageItem): HTMLElement {
  const button = h('button', { type: 'button', 'aria-current': 'step', 'data-testid': 'stage-act' }, item.text);
  button.addEventListener('click', () => {
    const control = document.querySelector<HTMLElement>(`[data-stage-action="${item.id}"]`);
    if ((control instanceof HTMLButtonElement && !control.disabled) || control instanceof HTMLAnchorElement) control.click();
    else if (control instanceof HTMLInputElement) control.focus();
    else location.hash = item.href;
  });
  return button;
}

/** The strip, following the attention view until the screen goes. */
export function stageStrip(): { element: HTMLElement; stop: () => void } {
  const list = h('ol', {});
  const element = h('nav', { class: 'stage-strip no-print', 'data-testid': 'stage-strip', 'aria-label': t('stages.label'), hidden: true }, list);
  let shown = '';
  const stop = onAttention((view) => {
    const items = stageItems(view, eventPlan());
    const key = JSON.stringify(items);
    if (key === shown) return;
    shown = key;
    element.hidden = items.length === 0;
    list.replaceChildren(
      ...items.map((item) =>
        h(
          'li',
          { class: item.state, 'data-testid': `stage-${item.id}`, 'data-state': item.state },
          item.state === 'current'
            ? currentStage(item)
            : h('a', { href: item.href }, item.state === 'done' ? `✓ ${item.text}` : item.text),
        ),
      ),
    );
  });
  return { element, stop };
}
