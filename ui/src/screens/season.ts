// The season: season rules as a form (their TOML, docs/seasons.md, under "Advanced") over
// event files picked from the library's events or a file picker,
// computed from the files as they are on disk (a corrected event changes the season), shown,
// printed, written as CSV, sent to the projector and published to the phones' page (as it
// stands when published). The rules and the list are remembered
// on this laptop (localStorage): the season's data are the event files themselves.
import * as api from '../api';
import { call } from '../api';
import type { SeasonRequest } from '../bindings/SeasonRequest';
import type { SeasonView } from '../bindings/SeasonView';
import { checkbox, field, h } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { t } from '../i18n';
import { showOnProjector } from '../projectorView';
import { run } from '../screen';
import { emptySeason, seasonFromToml, seasonToToml } from '../seasonForm';
import { paper, printLanguage } from '../settings';
import * as state from '../state';
import { seasonFormView } from './seasonFormView';

/** Where the season's rules and files are remembered (the projector reads them too). */
export const SEASON_KEY = 'tablekeeper.season';

/** The season as remembered, or null. */
export function loadSeason(storage: Pick<Storage, 'getItem'> = localStorage): SeasonRequest | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(SEASON_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { rules, files, from, to } = value as { rules?: unknown; files?: unknown; from?: unknown; to?: unknown };
    if (typeof rules !== 'string' || !Array.isArray(files)) return null;
    return {
      rules,
      files: files.filter((f): f is string => typeof f === 'string'),
      ...(typeof from === 'string' && from !== '' ? { from } : {}),
      ...(typeof to === 'string' && to !== '' ? { to } : {}),
    };
  } catch {
    return null;
  }
}

/** The event files listed one per line (blank lines and surrounding spaces ignored). */
export function filesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A season row's points in one event: counted among the best marked `*`, `—` not played. */
export function eventCell(points: number | null, counted: boolean): string {
  if (points === null) return '—';
  return counted ? `${points}*` : String(points);
}

/** The season's table (also the projector's). */
export function seasonTable(view: SeasonView): HTMLElement {
  return h(
    'table',
    { 'data-testid': 'season-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['rank', 'name', 'points', 'events', 'best', 'record'].map((c) => h('th', { scope: 'col' }, t(`season.columns.${c}`))),
        ...view.events.map((event, index) => h('th', { scope: 'col', title: event.name }, `#${index + 1}`)),
      ),
    ),
    h(
      'tbody',
      {},
      ...view.rows.map((row) =>
        h(
          'tr',
          { 'data-testid': 'season-row' },
          h('td', { class: 'num' }, row.rank === null ? '—' : String(row.rank)),
          h('th', { scope: 'row' }, row.name),
          h('td', { class: 'num' }, String(row.points)),
          h('td', { class: 'num' }, String(row.events_played)),
          h('td', { class: 'num' }, String(row.best_place)),
          h('td', { class: 'num' }, t('standings.wld', { wins: row.wins, losses: row.losses, draws: row.draws })),
          ...row.by_event.map((points, index) => h('td', { class: 'num' }, eventCell(points, row.counted.includes(index)))),
        ),
      ),
    ),
  );
}

export function seasonPanel(): HTMLElement {
  const saved = loadSeason();
  const rules = h('textarea', { 'data-testid': 'season-rules', rows: 10, spellcheck: 'false', class: 'mono' });
  rules.value = saved?.rules ?? t('season.template');
  const files = h('textarea', { 'data-testid': 'season-files', rows: 5, spellcheck: 'false', class: 'path' });
  files.value = (saved?.files ?? []).join('\n');
  const formNote = h('p', { class: 'notice', 'data-testid': 'season-form-note', hidden: true }, t('prizeForm.notAForm'));
  const advanced = h(
    'details',
    { 'data-testid': 'season-advanced' },
    h('summary', {}, t('seasonForm.advanced')),
    field(t('season.rules'), rules, t('season.rulesHint')),
    field(t('season.files'), files, t('season.filesHint')),
  );
  const from = h('input', { type: 'date', 'data-testid': 'season-from', value: saved?.from ?? '' });
  const to = h('input', { type: 'date', 'data-testid': 'season-to', value: saved?.to ?? '' });
  const shared = h('input', { type: 'checkbox', 'data-testid': 'season-shared', checked: saved?.shared === true });
  const add = h('button', { type: 'button', 'data-testid': 'season-add' }, t('season.add'));
  const addOpen = h('button', { type: 'button', 'data-testid': 'season-add-open' }, t('season.addOpen'));
  const addTcgPlus = h('button', { type: 'button', 'data-testid': 'season-add-tcgplus' }, t('season.addTcgPlus'));
  const addTom = h('button', { type: 'button', 'data-testid': 'season-add-tom' }, t('season.addTom'));
  const fromLibrary = h('button', { type: 'button', 'data-testid': 'season-from-library' }, t('seasonForm.fromLibrary'));
  const libraryList = h('ul', { class: 'plain', 'data-testid': 'season-library-events' });
  const chosen = h('ol', { 'data-testid': 'season-chosen' });
  const show = h('button', { type: 'button', class: 'primary', 'data-testid': 'season-show' }, t('season.show'));
  const print = h('button', { type: 'button', 'data-testid': 'season-print' }, t('season.print'));
  const csv = h('button', { type: 'button', 'data-testid': 'season-csv' }, t('season.csv'));
  const project = h('button', { type: 'button', 'data-testid': 'season-projector' }, t('season.projector'));
  const publish = h('button', { type: 'button', 'data-testid': 'season-publish' }, t('season.publish'));
  const unpublish = h('button', { type: 'button', 'data-testid': 'season-unpublish' }, t('season.unpublish'));
  const summary = h('p', { 'data-testid': 'season-summary', 'aria-live': 'polite' });
  const events = h('ol', { 'data-testid': 'season-events' });
  const table = h('div', { class: 'table-scroll' });

  // The rules' form, kept in step with the TOML under "Advanced" both ways.
  let form = emptySeason();
  const formView = seasonFormView(form, () => {
    rules.value = seasonToToml(form);
    formNote.hidden = true;
  });
  const showRules = (text: string) => {
    try {
      form = seasonFromToml(text);
      formView.show(form);
      formNote.hidden = true;
    } catch {
      formNote.hidden = false;
      advanced.open = true;
    }
  };
  showRules(rules.value);
  rules.addEventListener('input', () => showRules(rules.value));

  /** The chosen event files as a list, each with a way to take it out. */
  const drawChosen = () => {
    chosen.replaceChildren(
      ...filesOf(files.value).map((path) => {
        const remove = h('button', { type: 'button', class: 'link', 'data-testid': 'season-file-remove' }, t('prizeForm.remove'));
        remove.addEventListener('click', () => {
          files.value = filesOf(files.value)
            .filter((other) => other !== path)
            .join('\n');
          drawChosen();
        });
        return h('li', { 'data-testid': 'season-file' }, h('span', { class: 'path' }, path), ' ', remove);
      }),
    );
    if (chosen.childElementCount === 0) chosen.append(h('li', { class: 'hint' }, t('seasonForm.noEvents')));
  };
  drawChosen();
  files.addEventListener('input', drawChosen);

  /** The season as typed, remembered for next time and for the projector. */
  const request = (): SeasonRequest => {
    const season: SeasonRequest = {
      rules: rules.value,
      files: filesOf(files.value),
      ...(from.value ? { from: from.value } : {}),
      ...(to.value ? { to: to.value } : {}),
      ...(shared.checked ? { shared: true } : {}),
    };
    localStorage.setItem(SEASON_KEY, JSON.stringify(season));
    return season;
  };
  const addFile = (path: string) => {
    const list = filesOf(files.value);
    if (!list.includes(path)) list.push(path);
    files.value = list.join('\n');
    drawChosen();
  };

  fromLibrary.addEventListener('click', () =>
    void run(async () => {
      const known = await call('library_events', {});
      libraryList.replaceChildren(
        ...known.map((event) => {
          const pick = h('input', { type: 'checkbox', checked: filesOf(files.value).includes(event.file), 'data-testid': 'season-library-event' });
          pick.addEventListener('change', () => {
            if (pick.checked) addFile(event.file);
            else {
              files.value = filesOf(files.value)
                .filter((other) => other !== event.file)
                .join('\n');
              drawChosen();
            }
          });
          return h('li', {}, checkbox(t('seasonForm.libraryEvent', { name: event.name, date: event.date.slice(0, 10), players: event.players }), pick));
        }),
      );
      if (known.length === 0) libraryList.append(h('li', { class: 'hint' }, t('seasonForm.libraryEmpty')));
    }, fromLibrary),
  );
  add.addEventListener('click', () =>
    void run(async () => {
      const picked = await api.chooseEventFile(t('season.add'), t('start.eventFiles'));
      if (picked) addFile(picked);
    }, add),
  );
  addTcgPlus.addEventListener('click', () =>
    void run(async () => {
      const picked = await api.chooseTcgPlusFiles(t('season.addTcgPlus'), t('season.tcgPlusFiles'));
      for (const path of picked ?? []) addFile(path);
    }, addTcgPlus),
  );
  addTom.addEventListener('click', () =>
    void run(async () => {
      const picked = await api.chooseTomFiles(t('season.addTom'), t('season.tomFiles'));
      for (const path of picked ?? []) addFile(path);
    }, addTom),
  );
  addOpen.addEventListener('click', () => {
    const open = state.event();
    if (open) addFile(open.file);
  });
  show.addEventListener('click', () =>
    void run(async () => {
      const view = await call('season', request());
      summary.textContent = t('season.summary', { name: view.name, count: view.events.length });
      events.replaceChildren(
        ...view.events.map((event) =>
          h(
            'li',
            {},
            h('span', {}, event.name),
            ' ',
            h('span', { class: 'path' }, event.file),
            event.unfinished ? h('span', { class: 'hint', 'data-testid': 'season-unfinished' }, ' — ', t('season.unfinished')) : '',
            event.head_to_head_unknown ? h('span', { class: 'hint', 'data-testid': 'season-no-head-to-head' }, ' — ', t('season.noHeadToHead')) : '',
          ),
        ),
      );
      table.replaceChildren(seasonTable(view));
    }, show),
  );
  print.addEventListener('click', () =>
    void run(async () => {
      const view = await call('print_season', { season: request(), paper: paper(), language: printLanguage(), open: true });
      announce(t(view.opened ? 'print.opened' : 'print.saved', { path: view.path }));
    }, print),
  );
  csv.addEventListener('click', () =>
    void run(async () => {
      const folder = state.appInfo()?.default_folder;
      const name = 'season.csv';
      const target = await api.chooseExportFile(t('season.csv'), folder ? joinPath(folder, name) : name, 'csv');
      if (!target) return;
      const written = await call('export_season', { season: request(), path: target, encoding: null });
      announce(t('export.written', { path: written.written }));
    }, csv),
  );
  project.addEventListener('click', () =>
    void run(async () => {
      request();
      await showOnProjector('season', t('season.projectorTitle'));
    }, project),
  );

  publish.addEventListener('click', () =>
    void run(async () => {
      const shown = await call('publish_season', request());
      announce(t('season.published', { name: shown?.name ?? '' }));
    }, publish),
  );
  unpublish.addEventListener('click', () =>
    void run(async () => {
      await call('publish_season', null);
      announce(t('season.unpublished'));
    }, unpublish),
  );
  // Publishing needs the open event (its players' page); without one the buttons are left out.
  const phones = state.event() ? h('div', { class: 'actions', role: 'group', 'aria-label': t('season.phones') }, h('span', { class: 'label' }, t('season.phones')), publish, unpublish) : null;

  return h(
    'section',
    { class: 'panel', 'data-testid': 'season-panel' },
    h('h3', {}, t('season.title')),
    h('p', { class: 'hint' }, t('season.hint')),
    formView.element,
    formNote,
    h('h4', {}, t('seasonForm.events')),
    chosen,
    h('div', { class: 'actions' }, add, addTcgPlus, addTom, addOpen, fromLibrary),
    libraryList,
    h('div', { class: 'inline' }, field(t('season.from'), from, t('season.rangeHint')), field(t('season.to'), to)),
    h('label', { class: 'check' }, shared, ' ', t('exchange.shared')),
    advanced,
    h('div', { class: 'actions' }, show, print, csv, project),
    phones,
    summary,
    events,
    table,
  );
}
