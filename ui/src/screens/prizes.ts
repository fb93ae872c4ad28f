// Prizes: the event's prize rules as a form (or as their TOML under "Advanced",
// docs/prizes.md) with the payout previewed beside it before they are saved, saved into the event's log, the door-prize raffle drawn once with a recorded
// seed, and the payout in the final order — printed as a sheet to sign or written as CSV.
// The season's table over several event files is below it (season.ts).
import * as api from '../api';
import { call, normalizeError } from '../api';
import type { PayoutLineView } from '../bindings/PayoutLineView';
import type { PayoutView } from '../bindings/PayoutView';
import { field, h } from '../dom';
import { announce, errorText } from '../feedback';
import { joinPath } from '../format';
import { t } from '../i18n';
import { emptyForm, formFromToml, formToToml, presetForm } from '../prizeForm';
import { heading, pdfButtons, run } from '../screen';
import * as state from '../state';
import { prizeFormView } from './prizeFormView';
import { ratingsMetaPanel } from './ratingsMeta';
import { seasonPanel } from './season';
import { wrapUpPanel } from './wrapUp';

export function mountPrizes(root: HTMLElement): void {
  root.append(heading(t('prizes.title')));
  root.append(state.event() ? prizesPanel() : h('p', { class: 'notice', 'data-testid': 'prizes-no-event' }, t('prizes.noEvent')));
  root.append(seasonPanel());
  root.append(ratingsMetaPanel());
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
  // A raffle nobody can take part in is said while the rules are written, not after a draw.
  if (view.raffle_pending && view.raffle_entrants === 0) lines.push(t('prizes.raffleNobody'));
  if (view.raffle_undrawn.length > 0) {
    lines.push(t('prizes.raffleUndrawn', { prizes: view.raffle_undrawn.join(', '), entrants: view.raffle_entrants }));
  }
  if (view.raffle_seed !== null) lines.push(t('prizes.raffleSeed', { seed: view.raffle_seed }));
  else if (view.raffle_pending) lines.push(t('prizes.rafflePending'));
  return lines;
}

function prizesPanel(): HTMLElement {
  const rules = h('textarea', { 'data-testid': 'prizes-rules', rows: 12, spellcheck: 'false', class: 'mono' });
  const advanced = h('details', { 'data-testid': 'prizes-advanced' }, h('summary', {}, t('prizeForm.advanced')), field(t('prizes.rules'), rules, t('prizes.rulesHint')));
  const formNote = h('p', { class: 'notice', 'data-testid': 'prizes-form-note', hidden: true }, t('prizeForm.notAForm'));
  const status = h('p', { 'data-testid': 'prizes-status', 'aria-live': 'polite' });
  const problem = h('p', { class: 'problems', role: 'alert', 'data-testid': 'prizes-problem', hidden: true });
  const body = h('tbody', { 'data-testid': 'prizes-rows' });
  const totals = h('ul', { 'data-testid': 'prizes-totals' });
  const save = h('button', { type: 'button', class: 'primary', 'data-testid': 'prizes-save' }, t('prizes.save'));
  const draw = h('button', { type: 'button', 'data-testid': 'prizes-draw' }, t('prizes.draw'));
  const csv = h('button', { type: 'button', 'data-testid': 'prizes-csv' }, t('prizes.csv'));
  const sheet = pdfButtons(['payout']);
  // The night's close, beside the payout it prints.
  const wrapUp = wrapUpPanel(() => !sheet.hidden);

  /** Whether the raffle can be drawn now (saved rules with a raffle not drawn yet). */
  let drawable = false;
  /** Runs a button's command, then leaves the draw button as the answer says. */
  const act = (button: HTMLButtonElement, action: () => Promise<void>) =>
    void run(action, button).then(() => {
      draw.disabled = !drawable;
    });
  const render = (view: PayoutView) => {
    problem.hidden = true;
    status.textContent = view.recorded ? t('prizes.recorded') : t('prizes.trying');
    drawable = view.recorded && view.raffle_pending;
    draw.disabled = !drawable;
    sheet.hidden = !view.recorded || view.rules === '';
    wrapUp.render();
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

  // The payout previewed as the rules are edited: the engine reads the same TOML it saves.
  let previewTimer: ReturnType<typeof setTimeout> | undefined;
  let previewed = 0;
  const preview = () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => {
      const asked = ++previewed;
      call('prizes', { rules: rules.value, raffle_seed: null }).then(
        (view) => asked === previewed && render(view),
        (error: unknown) => {
          if (asked !== previewed) return;
          problem.textContent = errorText(normalizeError(error));
          problem.hidden = false;
          status.textContent = t('prizes.trying');
        },
      );
    }, 250);
  };
  const context = () => {
    const event = state.event();
    return { players: event?.field || event?.players_active || 0, rounds: event?.planned_rounds ?? 0, currency: form.currency || 'JPY' };
  };
  let form = emptyForm();
  /** Whether the scorekeeper has changed the rules on this visit (by text, form or preset). */
  let edited = false;
  const view = prizeFormView(
    form,
    () => {
      edited = true;
      rules.value = formToToml(form);
      formNote.hidden = true;
      preview();
    },
    (preset) => {
      edited = true;
      form = presetForm(preset, context(), t('prizeForm.pack'));
      view.show(form);
      rules.value = formToToml(form);
      formNote.hidden = true;
      preview();
    },
  );
  /** Shows `text` in the form when the form can hold it; says so when it cannot. */
  const showText = (text: string) => {
    try {
      form = formFromToml(text);
      view.show(form);
      formNote.hidden = true;
    } catch {
      formNote.hidden = false;
      advanced.open = true;
    }
  };
  rules.addEventListener('input', () => {
    edited = true;
    showText(rules.value);
    preview();
  });

  save.addEventListener('click', () =>
    act(save, async () => {
      clearTimeout(previewTimer);
      previewed++;
      render(await call('set_prizes', { rules: rules.value }));
      announce(rules.value.trim() === '' ? t('prizes.removed') : t('prizes.saved'));
      // The payout of a finished event saved: closing the night is what comes next.
      if (state.event()?.stage === 'finished') wrapUp.reveal();
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

  // The recorded rules, or an example to start from when the event has none yet. Rules
  // typed, pasted or picked before this answer comes stay as they are: their own preview
  // says what they pay.
  void run(async () => {
    try {
      const recorded = await call('prizes', { rules: null, raffle_seed: null });
      if (edited) return;
      rules.value = recorded.rules;
      showText(recorded.rules);
      render(recorded);
    } catch (error) {
      if (normalizeError(error).kind !== 'invalid-prizes') throw error;
      draw.disabled = true;
      sheet.hidden = true;
      wrapUp.render();
      if (edited) return;
      rules.value = t('prizes.template');
      showText(rules.value);
      status.textContent = t('prizes.none');
    }
  });

  return h(
    'section',
    { class: 'panel', 'data-testid': 'prizes-panel' },
    h('h3', {}, t('prizes.eventTitle')),
    h('p', { class: 'hint' }, t('prizes.hint')),
    h(
      'div',
      { class: 'prize-layout' },
      h('div', {}, view.element, formNote, advanced),
      h(
        'div',
        { class: 'prize-preview', 'data-testid': 'prizes-preview' },
        h('h4', {}, t('prizeForm.preview')),
        status,
        problem,
        h(
          'table',
          {},
          h('thead', {}, h('tr', {}, ...['place', 'player', 'prizes'].map((c) => h('th', { scope: 'col' }, t(`prizes.columns.${c}`))))),
          body,
        ),
        totals,
        h('div', { class: 'actions' }, save, draw, csv),
        sheet,
      ),
    ),
    wrapUp.element,
  );
}
