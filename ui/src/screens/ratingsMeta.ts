// Ratings and the meta over the season's events (the files chosen in the Season panel
// above, and the library's events in its dates): each title's Glicko-2 table, a click on a
// player saying why their rating moved, event by event; the meta as share bars and the
// matchup heat map — the same figures `tablekeeper meta --svg` draws, from the same data
// (docs/ratings.md, docs/meta.md).
import * as api from '../api';
import { call } from '../api';
import type { MetaView } from '../bindings/MetaView';
import type { RatingExplanationView } from '../bindings/RatingExplanationView';
import type { RatingsView } from '../bindings/RatingsView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { localName, percent as percentIn, t } from '../i18n';
import { showOnProjector } from '../projectorView';
import { run } from '../screen';
import { language, paper, printLanguage } from '../settings';
import * as state from '../state';
import { loadSeason } from './season';

/** The decks drawn in the heat map (the most played), as in the printed picture. */
export const MATRIX_DECKS = 10;

/** Tenths of a percent in the interface language ("12.5%", "12,5 %"). */
export function percent(perMille: number): string {
  return percentIn(perMille);
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
/**
 * The meta as a picture: the decks' shares, and the matchups' heat map. On the projector
 * nobody can point at a cell, so each carries its 95 % interval as a line of its own
 * instead of a tooltip.
 */
export function metaPicture(view: MetaView, { onProjector = false }: { onProjector?: boolean } = {}): HTMLElement {
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
    h('caption', {}, t(onProjector ? 'ratingsMeta.matchupsShown' : 'ratingsMeta.matchups')),
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
            const bounds = found.interval ? { low: Math.round(found.interval[0] * 100), high: Math.round(found.interval[1] * 100) } : null;
            const onScreen = onProjector && bounds;
            return h(
              'td',
              { style: `background:rgb(${r},${g},${b})`, title: bounds && !onProjector ? t('ratingsMeta.interval', bounds) : undefined, 'data-testid': 'meta-cell' },
              `${found.wins}-${found.losses}-${found.draws}`,
              h('br'),
              h('small', {}, percent(found.win_rate)),
              onScreen ? h('br') : null,
              onScreen ? h('small', { class: 'interval' }, t('ratingsMeta.intervalShort', bounds)) : null,
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

/** The ratings' drawing (SVG text made by the printing crate, names escaped there) as an
 * element: parsed as SVG, never as HTML, so nothing in it runs. */
export function pictureOf(svg: string, testid: string): HTMLElement {
  const holder = h('div', { class: 'chart', 'data-testid': testid, role: 'img' });
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  if (parsed.nodeName === 'svg') {
    parsed.removeAttribute('width');
    parsed.removeAttribute('height');
    holder.append(document.importNode(parsed, true));
  }
  return holder;
}

/** A date box of the panel: `YYYY-MM-DD`, empty for no bound. */
function dateBox(testid: string, value: string | undefined): HTMLInputElement {
  const box = h('input', { type: 'date', 'data-testid': testid });
  box.value = value ?? '';
  return box;
}

export function ratingsMetaPanel(): HTMLElement {
  const showRatings = h('button', { type: 'button', 'data-testid': 'ratings-show' }, t('ratingsMeta.showRatings'));
  const showMeta = h('button', { type: 'button', 'data-testid': 'meta-show' }, t('ratingsMeta.showMeta'));
  const area = h('div', { 'data-testid': 'ratings-meta-area' });
  const project = h('button', { type: 'button', 'data-testid': 'meta-projector' }, t('ratingsMeta.projector'));
  project.addEventListener('click', () => void run(() => showOnProjector('meta', t('ratingsMeta.title')), project));
  const season = seasonRequestFiles();
  const from = dateBox('meta-from', season.from);
  const to = dateBox('meta-to', season.to);
  /** The meta over the season's files and the library's events in the panel's dates. */
  const metaRequest = () => ({
    files: seasonRequestFiles().files,
    ...(from.value ? { from: from.value } : {}),
    ...(to.value ? { to: to.value } : {}),
    for_room: false,
  });
  const ratingsRequest = () => ({ files: seasonRequestFiles().files, library: false });
  const why = h('div');
  let explained: string | null = null;
  const explain = (player: string) =>
    void run(async () => {
      const request = { ...ratingsRequest(), explain: player };
      const [view, svg] = await Promise.all([call('ratings', request), call('ratings_picture', { ratings: request, language: language() })]);
      explained = player;
      const history = pictureOf(svg, 'rating-history');
      history.setAttribute('aria-label', t('ratingsMeta.historyOf', { name: player }));
      why.replaceChildren(history, explanation(view.explained));
      why.scrollIntoView({ block: 'nearest' });
    });
  showRatings.addEventListener('click', () =>
    void run(async () => {
      const [view, svg] = await Promise.all([call('ratings', ratingsRequest()), call('ratings_picture', { ratings: ratingsRequest(), language: language() })]);
      explained = null;
      why.replaceChildren();
      const board = pictureOf(svg, 'ratings-leaderboard');
      board.setAttribute('aria-label', t('ratingsMeta.leaderboard'));
      area.replaceChildren(view.titles.length > 0 ? board : h('span'), ratingsTables(view, explain), why);
    }, showRatings),
  );
  showMeta.addEventListener('click', () =>
    void run(async () => {
      area.replaceChildren(metaPicture(await call('meta', metaRequest())));
    }, showMeta),
  );

  // The same pictures printed (PDF, the printouts' paper and language) or saved to post (SVG).
  const printMeta = h('button', { type: 'button', 'data-testid': 'meta-print' }, t('ratingsMeta.printMeta'));
  const saveMeta = h('button', { type: 'button', 'data-testid': 'meta-svg' }, t('ratingsMeta.saveMeta'));
  const printRatings = h('button', { type: 'button', 'data-testid': 'ratings-print' }, t('ratingsMeta.printRatings'));
  const printed = (view: { path: string; opened: boolean }) => announce(t(view.opened ? 'print.opened' : 'print.saved', { path: view.path }));
  printMeta.addEventListener('click', () =>
    void run(async () => printed(await call('print_meta', { meta: metaRequest(), format: 'pdf', paper: paper(), language: printLanguage(), open: true })), printMeta),
  );
  printRatings.addEventListener('click', () =>
    void run(async () => {
      const ratings = explained ? { ...ratingsRequest(), explain: explained } : ratingsRequest();
      printed(await call('print_ratings', { ratings, format: 'pdf', paper: paper(), language: printLanguage(), open: true }));
    }, printRatings),
  );
  saveMeta.addEventListener('click', () =>
    void run(async () => {
      const folder = state.appInfo()?.default_folder;
      const name = `meta-${printLanguage()}.svg`;
      const target = await api.chooseExportFile(t('ratingsMeta.saveMeta'), folder ? joinPath(folder, name) : name, 'svg');
      if (!target) return;
      printed(await call('print_meta', { meta: metaRequest(), format: 'svg', paper: paper(), language: printLanguage(), open: false, output: target }));
    }, saveMeta),
  );

  // Each player's own rating on their phone (the open event's players, while it is shared).
  const publish = h('button', { type: 'button', 'data-testid': 'ratings-publish' }, t('ratingsMeta.publish'));
  const unpublish = h('button', { type: 'button', 'data-testid': 'ratings-unpublish' }, t('ratingsMeta.unpublish'));
  publish.addEventListener('click', () =>
    void run(async () => {
      const shown = await call('publish_ratings', ratingsRequest());
      announce(t('ratingsMeta.published', { rated: shown?.rated_players ?? 0, players: shown?.players ?? 0 }));
    }, publish),
  );
  unpublish.addEventListener('click', () =>
    void run(async () => {
      await call('publish_ratings', null);
      announce(t('ratingsMeta.unpublished'));
    }, unpublish),
  );
  const phones = state.event()
    ? h('div', { class: 'actions', role: 'group', 'aria-label': t('ratingsMeta.phones') }, h('span', { class: 'label' }, t('ratingsMeta.phones')), publish, unpublish)
    : null;

  return h(
    'section',
    { class: 'panel', 'data-testid': 'ratings-meta-panel' },
    h('h3', {}, t('ratingsMeta.title')),
    h('p', { class: 'hint' }, t('ratingsMeta.hint')),
    h('div', { class: 'inline' }, field(t('ratingsMeta.from'), from), field(t('ratingsMeta.to'), to)),
    h('div', { class: 'actions' }, showRatings, showMeta, project),
    h('div', { class: 'actions' }, printRatings, printMeta, saveMeta),
    phones,
    area,
  );
}
