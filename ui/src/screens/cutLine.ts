// "What do I need?" on the Standings screen: with a planned cut (or one typed
// here) and the Swiss rounds left, each player's line — locked in, in with a win, in with a
// draw, depends (on which tables, or the tiebreakers), can still make it, or out.
import { call } from '../api';
import type { CutLineRow } from '../bindings/CutLineRow';
import type { CutLineView } from '../bindings/CutLineView';
import { field, h } from '../dom';
import { t } from '../i18n';
import { run } from '../screen';
import { countOf } from './door';

/** A row's chance in words. */
export function chanceText(row: CutLineRow): string {
  if (row.chance !== 'depends') return t(`cutLine.chance.${row.chance}`);
  const tables = row.tables.join(', ');
  if (tables && row.tiebreakers) return t('cutLine.dependsTablesTiebreakers', { tables });
  if (tables) return t('cutLine.dependsTables', { tables });
  return row.tiebreakers ? t('cutLine.dependsTiebreakers') : t('cutLine.depends');
}

export function cutLinePanel(): HTMLElement {
  const cut = h('input', { type: 'number', min: '1', 'data-testid': 'cut-line-size', placeholder: t('cutLine.planned') });
  const show = h('button', { type: 'button', 'data-testid': 'cut-line-show' }, t('cutLine.show'));
  const summary = h('p', { 'data-testid': 'cut-line-summary', 'aria-live': 'polite' });
  const body = h('tbody', { 'data-testid': 'cut-line-rows' });

  const render = (view: CutLineView) => {
    summary.textContent = view.paired
      ? t('cutLine.summaryPaired', { cut: view.cut, rounds: view.rounds_left })
      : t('cutLine.summary', { cut: view.cut, rounds: view.rounds_left });
    body.replaceChildren(
      ...view.rows.map((row) =>
        h(
          'tr',
          { 'data-testid': 'cut-line-row', 'data-player': row.player, class: `chance-${row.chance}` },
          h('td', { class: 'num' }, String(row.rank)),
          h('td', {}, `${row.name} (${row.player})`),
          h('td', { class: 'num' }, row.points),
          h('td', {}, chanceText(row)),
        ),
      ),
    );
  };

  show.addEventListener('click', () =>
    void run(async () => {
      const size = countOf(cut.value);
      if (size === 'invalid') throw new Error(t('cutLine.sizeInvalid'));
      render(await call('projection', { cut: size }));
    }, show),
  );

  return h(
    'section',
    { class: 'panel', 'data-testid': 'cut-line-panel' },
    h('h3', {}, t('cutLine.title')),
    h('p', { class: 'hint' }, t('cutLine.hint')),
    h('div', { class: 'inline' }, field(t('cutLine.size'), cut, t('cutLine.sizeHint')), show),
    summary,
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...['rank', 'name', 'points', 'chance'].map((c) => h('th', { scope: 'col' }, t(`cutLine.columns.${c}`))))),
      body,
    ),
  );
}
