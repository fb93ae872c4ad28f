// Ratings and the meta over the season's events (the files chosen in the Season panel
// above, and the library's events in its dates): each title's Glicko-2 table, a click on a
// player saying why their rating moved, event by event; the meta as share bars and the
// matchup heat map — the same figures `tablekeeper meta --svg` draws, from the same data
// (docs/ratings.md, docs/meta.md).
import { call } from '../api';
import type { MetaView } from '../bindings/MetaView';
import type { RatingExplanationView } from '../bindings/RatingExplanationView';
import type { RatingsView } from '../bindings/RatingsView';
import { h } from '../dom';
import { localName, t } from '../i18n';
import { showOnProjector } from '../projectorView';
import { run } from '../screen';
import * as state from '../state';
import { loadSeason } from './season';

/** The decks drawn in the heat map (the most played), as in the printed picture. */
export const MATRIX_DECKS = 10;

/** "12.5%" for tenths of a percent. */
export function percent(perMille: number): string {
  return `${Math.floor(perMille / 10)}.${perMille % 10}%`;
}

/** The heat colour of a win rate (per mille): red at 0, white at 500, green at 1000 — the
 * same arithmetic as the printed picture (crates/print/src/charts.rs). */
export function heat(rate: number): [number, number, number] {
  const r = Math.max(0, Math.min(1000, Math.trunc(rate)));
  const towards = (from: number, to: number, part: number) => from + Math.trunc((to * part) / 500) - Math.trunc((from * part) / 500);
  if (r <= 500) return [towards(214, 255, r), towards(69, 255, r), towards(65, 255, r)];
  const part = r - 500;
  return [towards(255, 46, part), towards(255, 160, part), towards(255, 90, part)];
}

/** A rated title's name: its title preset's, else its ruleset's, in the interface language. */
function titleName(id: string): string {
  const catalogue = state.catalogue();
  const known = catalogue.titles.find((x) => x.id === id) ?? catalogue.rulesets.find((x) => x.id === id);
  return known ? localName(known) : id;
}

/** The files the ratings and the meta are read from: the season panel's, as remembered. */
export function seasonRequestFiles(): { files: string[]; from?: string; to?: string } {
  const season = loadSeason();
  return { files: season?.files ?? [], ...(season?.from ? { from: season.from } : {}), ...(season?.to ? { to: season.to } : {}) };
}

function ratingsTables(view: RatingsView, explain: (key: string) => void): HTMLElement {
  if (view.titles.length === 0) return h('p', { class: 'hint' }, t('ratingsMeta.noRatings'));
  return h(
    'div',
    {},
    ...view.titles.map((title) =>
      h(
        'div',
        { class: 'table-scroll' },
        h('h4', {}, t('ratingsMeta.titleHeading', { title: titleName(title.title), count: title.events.length })),
        h(
          'table',
          { 'data-testid': 'ratings-table' },
          h('thead', {}, h('tr', {}, ...['rank', 'name', 'rating', 'matches', 'why'].map((c) => h('th', { scope: 'col' }, t(`ratingsMeta.columns.${c}`))))),
          h(
            'tbody',
            {},
            ...title.rows.map((row) => {
              const why = h('button', { type: 'button', class: 'link', 'data-testid': 'rating-why', 'aria-label': t('ratingsMeta.whyNamed', { name: row.name }) }, t('ratingsMeta.why'));
              why.addEventListener('click', () => explain(row.name));
              return h(
                'tr',
                { 'data-testid': 'rating-row' },
                h('td', { class: 'num' }, row.rank),
                h('th', { scope: 'row' }, row.name, row.provisional ? h('span', { class: 'note' }, ` · ${t('ratingsMeta.provisional')}`) : null),
                h('td', { class: 'num' }, `${Math.round(row.rating)} ±${Math.round(row.deviation)}`),
                h('td', { class: 'num' }, row.matches),
                h('td', {}, why),
              );
            }),
          ),
        ),
      ),
    ),
  );
}

function explanation(explained: RatingExplanationView[]): HTMLElement {
  return h(
    'div',
    { 'data-testid': 'rating-explanation' },
    ...explained.map((one) =>
      h(
        'section',
        {},
        h('h4', {}, t('ratingsMeta.whyHeading', { name: one.name, title: titleName(one.title) })),
        ...one.changes.map((change) =>
          h(
            'div',
            { class: 'rating-change' },
            h(
              'p',
              {},
              h('strong', {}, change.event),
              ' ',
              t('ratingsMeta.moved', { before: Math.round(change.before.rating), after: Math.round(change.after.rating), change: signed(change.after.rating - change.before.rating) }),
            ),
            h(
              'ul',
              {},
              ...change.matches.map((share) =>
                h(
                  'li',
                  {},
                  t('ratingsMeta.share', {
                    opponent: share.opponent,
                    rating: Math.round(share.opponent_rating),
                    expected: Math.round(share.expected * 100),
                    result: t(share.actual >= 1 ? 'ratingsMeta.won' : share.actual > 0 ? 'ratingsMeta.drew' : 'ratingsMeta.lost'),
                    change: signed(share.change),
                  }),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** "+12.3" / "−4.0". */
function signed(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded >= 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}

/** The meta: a bar per deck, then the heat map of the most played decks. */
export function metaPicture(view: MetaView): HTMLElement {
  const name = (label: string) => (label === '' ? t('ratingsMeta.noDeck') : label);
  const shown = view.decks.slice(0, MATRIX_DECKS).map((deck) => deck.label);
  const bars = h(
    'ul',
    { class: 'meta-bars', 'data-testid': 'meta-bars' },
    ...view.decks.map((deck) =>
      h(
        'li',
        { 'data-testid': 'meta-deck' },
        h('span', { class: 'label' }, name(deck.label)),
        h('span', { class: 'bar', style: `width:${deck.share / 10}%` }),
        h('span', { class: 'figure' }, t('ratingsMeta.deckFigure', { share: percent(deck.share), cut: deck.top_cut })),
      ),
    ),
  );
  const cell = (row: string, column: string) => view.matchups.find((m) => m.row === row && m.column === column);
  const matrix = h(
    'table',
    { class: 'heat-map', 'data-testid': 'meta-matrix' },
    h('caption', {}, t('ratingsMeta.matchups')),
    h('thead', {}, h('tr', {}, h('td', {}), ...shown.map((_, index) => h('th', { scope: 'col' }, index + 1)))),
    h(
      'tbody',
      {},
      ...shown.map((row, index) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, `${index + 1}. ${name(row)}`),
          ...shown.map((column) => {
            const found = cell(row, column);
            if (!found) return h('td', { class: 'empty' }, '—');
            const [r, g, b] = heat(found.win_rate);
            const interval = found.interval ? t('ratingsMeta.interval', { low: Math.round(found.interval[0] * 100), high: Math.round(found.interval[1] * 100) }) : '';
            return h(
              'td',
              { style: `background:rgb(${r},${g},${b})`, title: interval, 'data-testid': 'meta-cell' },
              `${found.wins}-${found.losses}-${found.draws}`,
              h('br'),
              h('small', {}, percent(found.win_rate)),
            );
          }),
        ),
      ),
    ),
  );
  return h(
    'div',
    { class: 'meta-picture', 'data-testid': 'meta-picture' },
    h('h4', {}, t('ratingsMeta.metaHeading', { events: view.events, players: view.players })),
    bars,
    matrix,
  );
}

export function ratingsMetaPanel(): HTMLElement {
  const showRatings = h('button', { type: 'button', 'data-testid': 'ratings-show' }, t('ratingsMeta.showRatings'));
  const showMeta = h('button', { type: 'button', 'data-testid': 'meta-show' }, t('ratingsMeta.showMeta'));
  const area = h('div', { 'data-testid': 'ratings-meta-area' });
  const project = h('button', { type: 'button', 'data-testid': 'meta-projector' }, t('ratingsMeta.projector'));
  project.addEventListener('click', () => void run(() => showOnProjector('meta', t('ratingsMeta.title')), project));
  const why = h('div');
  const explain = (player: string) =>
    void run(async () => {
      const { files } = seasonRequestFiles();
      const view = await call('ratings', { files, explain: player, library: false });
      why.replaceChildren(explanation(view.explained));
      why.scrollIntoView({ block: 'nearest' });
    });
  showRatings.addEventListener('click', () =>
    void run(async () => {
      const { files } = seasonRequestFiles();
      const view = await call('ratings', { files, library: false });
      why.replaceChildren();
      area.replaceChildren(ratingsTables(view, explain), why);
    }, showRatings),
  );
  showMeta.addEventListener('click', () =>
    void run(async () => {
      area.replaceChildren(metaPicture(await call('meta', seasonRequestFiles())));
    }, showMeta),
  );
  return h(
    'section',
    { class: 'panel', 'data-testid': 'ratings-meta-panel' },
    h('h3', {}, t('ratingsMeta.title')),
    h('p', { class: 'hint' }, t('ratingsMeta.hint')),
    h('div', { class: 'actions' }, showRatings, showMeta, project),
    area,
  );
}
