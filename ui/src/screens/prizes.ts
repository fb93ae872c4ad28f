// Prizes: the event's prize rules as text (docs/prizes.md), tried before they
// are saved, saved into the event's log, the door-prize raffle drawn once with a recorded
// seed, and the payout in the final order — printed as a sheet to sign or written as CSV.
// The season's table over several event files is below it (season.ts).
import * as api from '../api';
import { call, normalizeError } from '../api';
import type { PayoutLineView } from '../bindings/PayoutLineView';
import type { PayoutView } from '../bindings/PayoutView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { t } from '../i18n';
import { heading, pdfButtons, run } from '../screen';
import * as state from '../state';
import { seasonPanel } from './season';

export function mountPrizes(root: HTMLElement): void {
  root.append(heading(t('prizes.title')));
  root.append(state.event() ? prizesPanel() : h('p', { class: 'notice', 'data-testid': 'prizes-no-event' }, t('prizes.noEvent')));
  root.append(seasonPanel());
}

/** A line's prizes in words: credit, items and raffle prizes. */
export function prizeText(line: PayoutLineView, currency: string): string {
  const parts: string[] = [];
  if (line.credit > 0) parts.push(`${line.credit} ${currency}`.trim());
  parts.push(...line.items.map((item) => t('prizes.item', { count: item.count, name: item.name })));
  parts.push(...line.raffle.map((prize) => t('prizes.raffleItem', { name: prize })));
  return parts.join(', ');
}

/** The totals under the table: credit against the pool, each item, the raffle. */
export function totalsText(view: PayoutView): string[] {
  const lines = [t('prizes.paid', { paid: view.credit_paid, currency: view.currency })];
  if (view.credit_pool !== null && view.credit_left !== null) {
    lines.push(t('prizes.pool', { pool: view.credit_pool, left: view.credit_left, currency: view.currency }));
  }
  for (const item of view.items) {
    lines.push(
      item.pool !== null && item.left !== null
        ? t('prizes.itemPool', { name: item.name, given: item.given, pool: item.pool, left: item.left })
        : t('prizes.itemGiven', { name: item.name, given: item.given }),
    );
    if (item.short > 0) lines.push(t('prizes.itemShort', { name: item.name, short: item.short }));
  }
  if (view.raffle_undrawn.length > 0) {
    lines.push(t('prizes.raffleUndrawn', { prizes: view.raffle_undrawn.join(', '), entrants: view.raffle_entrants }));
  }
  if (view.raffle_seed !== null) lines.push(t('prizes.raffleSeed', { seed: view.raffle_seed }));
  else if (view.raffle_pending) lines.push(t('prizes.rafflePending'));
  return lines;
}

function prizesPanel(): HTMLElement {
  const rules = h('textarea', { 'data-testid': 'prizes-rules', rows: 12, spellcheck: 'false', class: 'mono' });
  const status = h('p', { 'data-testid': 'prizes-status', 'aria-live': 'polite' });
  const body = h('tbody', { 'data-testid': 'prizes-rows' });
  const totals = h('ul', { 'data-testid': 'prizes-totals' });
  const tryRules = h('button', { type: 'button', 'data-testid': 'prizes-try' }, t('prizes.try'));
  const save = h('button', { type: 'button', class: 'primary', 'data-testid': 'prizes-save' }, t('prizes.save'));
  const draw = h('button', { type: 'button', 'data-testid': 'prizes-draw' }, t('prizes.draw'));
  const csv = h('button', { type: 'button', 'data-testid': 'prizes-csv' }, t('prizes.csv'));
  const sheet = pdfButtons(['payout']);

  /** Whether the raffle can be drawn now (saved rules with a raffle not drawn yet). */
  let drawable = false;
  /** Runs a button's command, then leaves the draw button as the answer says. */
  const act = (button: HTMLButtonElement, action: () => Promise<void>) =>
    void run(action, button).then(() => {
      draw.disabled = !drawable;
    });
  const render = (view: PayoutView) => {
    status.textContent = view.recorded ? t('prizes.recorded') : t('prizes.trying');
    drawable = view.recorded && view.raffle_pending;
    draw.disabled = !drawable;
    sheet.hidden = !view.recorded || view.rules === '';
    body.replaceChildren(
      ...view.lines
        .filter((line) => line.credit > 0 || line.items.length > 0 || line.raffle.length > 0)
        .map((line) =>
          h(
            'tr',
            { 'data-testid': 'prizes-row', 'data-player': line.player },
            h('td', { class: 'num' }, line.tied ? t('prizes.tied', { place: line.place }) : String(line.place)),
            h('th', { scope: 'row' }, `${line.name} (${line.player})`),
            h('td', {}, prizeText(line, view.currency)),
          ),
        ),
    );
    totals.replaceChildren(...totalsText(view).map((line) => h('li', {}, line)));
  };

  tryRules.addEventListener('click', () => act(tryRules, async () => render(await call('prizes', { rules: rules.value, raffle_seed: null }))));
  save.addEventListener('click', () =>
    act(save, async () => {
      render(await call('set_prizes', { rules: rules.value }));
      announce(rules.value.trim() === '' ? t('prizes.removed') : t('prizes.saved'));
    }),
  );
  draw.addEventListener('click', () =>
    act(draw, async () => {
      const view = await call('draw_raffle', { seed: null });
      render(view);
      announce(t('prizes.drawn', { seed: view.raffle_seed ?? '' }));
    }),
  );
  csv.addEventListener('click', () =>
    void run(async () => {
      const name = `${state.event()?.name ?? 'event'}-payout.csv`;
      const folder = state.appInfo()?.default_folder;
      const target = await api.chooseExportFile(t('prizes.csv'), folder ? joinPath(folder, name) : name, 'csv');
      if (!target) return;
      const written = await call('export', { format: 'payout-csv', path: target, encoding: null });
      announce(t('export.written', { path: written.written }));
    }, csv),
  );

  // The recorded rules, or a template to start from when the event has none yet.
  void run(async () => {
    try {
      const view = await call('prizes', { rules: null, raffle_seed: null });
      rules.value = view.rules;
      render(view);
    } catch (error) {
      if (normalizeError(error).kind !== 'invalid-prizes') throw error;
      rules.value = t('prizes.template');
      status.textContent = t('prizes.none');
      draw.disabled = true;
      sheet.hidden = true;
    }
  });

  return h(
    'section',
    { class: 'panel', 'data-testid': 'prizes-panel' },
    h('h3', {}, t('prizes.eventTitle')),
    h('p', { class: 'hint' }, t('prizes.hint')),
    field(t('prizes.rules'), rules, t('prizes.rulesHint')),
    h('div', { class: 'actions' }, tryRules, save, draw, csv),
    status,
    sheet,
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...['place', 'player', 'prizes'].map((c) => h('th', { scope: 'col' }, t(`prizes.columns.${c}`))))),
      body,
    ),
    totals,
  );
}
