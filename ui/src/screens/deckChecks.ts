// Deck checks on the Round screen: pick K tables of the round at random (the app
// avoids players checked earlier in the event while it can; the seed is recorded), give a
// checked table its time extension (the Timer screen shows it), and print the judges' list.
import { call } from '../api';
import type { DeckCheckView } from '../bindings/DeckCheckView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { t } from '../i18n';
import { pdfButtons, run } from '../screen';

export function deckCheckPanel(): HTMLElement {
  const count = h('input', { type: 'number', min: 1, max: 50, value: '2', 'data-testid': 'deck-check-count' });
  const pick = h('button', { type: 'button', 'data-testid': 'deck-check-pick' }, t('deckChecks.pick'));
  const list = h('tbody', { 'data-testid': 'deck-check-rows' });
  const seeds = h('p', { class: 'hint', 'data-testid': 'deck-check-seeds' });

  const render = (checks: DeckCheckView[]) => {
    list.replaceChildren(
      ...checks.flatMap((check) =>
        check.tables.map((table) => {
          const minutes = h('input', { type: 'number', min: 0, max: 60, value: String(table.extension_minutes), 'data-testid': 'deck-check-minutes' });
          const save = h('button', { type: 'button', 'data-testid': 'deck-check-extend' }, t('deckChecks.extend'));
          save.addEventListener('click', () =>
            void run(async () => {
              const value = Number(minutes.value);
              if (!Number.isInteger(value) || value < 0 || value > 60) throw new Error(t('deckChecks.minutesInvalid'));
              render(await call('deck_check_extension', { table: table.table, minutes: value, round: check.round }));
              announce(t('deckChecks.extended', { table: table.table, minutes: value }));
            }, save),
          );
          return h(
            'tr',
            { 'data-testid': 'deck-check-row', 'data-table': table.table },
            h('td', { class: 'num' }, String(table.table)),
            h('td', {}, table.players.map((p) => `${p.name} (${p.number})`).join(' / ')),
            h('td', {}, h('div', { class: 'inline' }, field(t('deckChecks.minutes'), minutes), save)),
          );
        }),
      ),
    );
    seeds.textContent = checks.map((check) => t('deckChecks.seed', { seed: check.seed })).join(' ');
  };

  pick.addEventListener('click', () =>
    void run(async () => {
      const k = Number(count.value);
      if (!Number.isInteger(k) || k < 1) throw new Error(t('deckChecks.countInvalid'));
      const check = await call('deck_check', { count: k, round: null, seed: null });
      render(await call('deck_checks', { round: check.round }));
      announce(t('deckChecks.picked', { tables: check.tables.map((table) => table.table).join(', ') }));
    }, pick),
  );
  void run(async () => render(await call('deck_checks', { round: null }))).catch(() => undefined);

  return h(
    'section',
    { class: 'panel', 'data-testid': 'deck-check-panel' },
    h('h3', {}, t('deckChecks.title')),
    h('p', { class: 'hint' }, t('deckChecks.hint')),
    h('div', { class: 'inline' }, field(t('deckChecks.count'), count), pick),
    h('table', {}, h('thead', {}, h('tr', {}, ...['table', 'players', 'extension'].map((c) => h('th', { scope: 'col' }, t(`deckChecks.columns.${c}`))))), list),
    seeds,
    pdfButtons(['deck-checks']),
  );
}
