// The shop's player library on the Registration screen: type two letters of a
// name or reading, a library number or a publisher ID, and register the player found with a
// click or Enter (their details are copied into the event). Players typed in by hand join
// the library by themselves. Below, the library itself: players that look like one person
// merged, a player's history across events, a player removed on request, and the library
// moved to another laptop as a file.
import * as api from '../api';
import { call } from '../api';
import type { LibraryPlayerView } from '../bindings/LibraryPlayerView';
import type { PlayerHistoryView } from '../bindings/PlayerHistoryView';
import { field, h } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { t } from '../i18n';
import { confirmStep, run } from '../screen';
import * as state from '../state';
import { PENALTIES, label } from '../vocabulary';
import { toolNumbers, toolPlayersSection } from './toolPlayers';

/** A library player in one line: name, reading, publisher ID, events and last seen. */
export function playerLine(player: LibraryPlayerView): string {
  const parts = [player.reading ? `${player.name} (${player.reading})` : player.name];
  if (player.publisher_id) parts.push(t('library.id', { id: player.publisher_id }));
  parts.push(...toolNumbers(player));
  parts.push(
    player.last_seen
      ? t('library.seen', { count: player.events, date: player.last_seen.slice(0, 10) })
      : t('library.neverSeen'),
  );
  return `${player.number} · ${parts.join(' · ')}`;
}

/** The library itself: duplicates, history, removal, moving laptops. */
export function libraryPanel(): HTMLElement {
  const summary = h('p', { 'data-testid': 'library-summary' });
  const duplicates = h('div', { 'data-testid': 'library-duplicates' });
  const number = h('input', { type: 'number', min: 1, 'data-testid': 'library-number' });
  const history = h('div', { 'data-testid': 'library-history' });
  const showHistory = h('button', { type: 'button', 'data-testid': 'library-history-show' }, t('library.history'));
  const remove = h('button', { type: 'button', 'data-testid': 'library-remove' }, t('library.remove'));
  const question = h('div', { 'data-testid': 'library-remove-question' });
  const path = h('input', { type: 'text', 'data-testid': 'library-path', autocomplete: 'off', spellcheck: 'false' });
  const exportButton = h('button', { type: 'button', 'data-testid': 'library-export' }, t('library.export'));
  const importButton = h('button', { type: 'button', 'data-testid': 'library-import' }, t('library.import'));

  const refresh = async () => {
    const info = await call('library_info', null);
    summary.textContent = t('library.summary', { count: info.players, path: info.path });
    const groups = await call('library_duplicates', null);
    duplicates.replaceChildren(
      ...(groups.length === 0
        ? [h('p', {}, t('library.noDuplicates'))]
        : groups.map((group) => {
            const [keep, ...others] = group;
            const merge = h('button', { type: 'button', 'data-testid': 'library-merge' }, t('library.merge'));
            merge.addEventListener('click', () =>
              void run(async () => {
                if (!keep) return;
                for (const other of others) await call('library_merge', { keep: keep.number, other: other.number });
                announce(t('library.merged', { name: keep.name }));
                await refresh();
              }, merge),
            );
            return h('div', { class: 'duplicate', 'data-testid': 'library-duplicate' }, h('ul', {}, ...group.map((p) => h('li', {}, playerLine(p)))), merge);
          })),
    );
  };
  const chosen = (): number | null => {
    const value = Number(number.value);
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  showHistory.addEventListener('click', () =>
    void run(async () => {
      const n = chosen();
      if (n === null) throw new Error(t('library.numberRequired'));
      history.replaceChildren(historyTable(await call('library_history', { number: n })));
    }, showHistory),
  );
  remove.addEventListener('click', () => {
    const n = chosen();
    if (n === null) return void run(() => Promise.reject(new Error(t('library.numberRequired'))));
    confirmStep(question, t('library.removeQuestion', { number: n }), t('library.removeConfirm'), 'library-remove', () =>
      void run(async () => {
        const gone = await call('library_remove', { number: n });
        question.replaceChildren();
        history.replaceChildren();
        announce(t('library.removed', { name: gone.name }));
        await refresh();
      }),
    );
  });
  exportButton.addEventListener('click', () =>
    void run(async () => {
      const folder = state.appInfo()?.default_folder;
      const target = path.value.trim() || (await api.chooseExportFile(t('library.export'), folder ? joinPath(folder, 'players.tklibrary') : 'players.tklibrary', 'tklibrary'));
      if (!target) return;
      const written = await call('library_export', { path: target });
      announce(t('library.exported', { path: written.written }));
    }, exportButton),
  );
  importButton.addEventListener('click', () =>
    void run(async () => {
      const source = path.value.trim() || (await api.chooseLibraryFile(t('library.import')));
      if (!source) return;
      const done = await call('library_import', { path: source });
      announce(t('library.imported', { added: done.added, matched: done.matched }));
      await refresh();
    }, importButton),
  );
  const panel = h(
    'details',
    { class: 'panel', 'data-testid': 'library-panel' },
    h('summary', {}, t('library.title')),
    summary,
    h('h4', {}, t('library.duplicatesTitle')),
    duplicates,
    h('h4', {}, t('library.playerTitle')),
    h('div', { class: 'inline' }, field(t('library.number'), number), showHistory, remove),
    question,
    history,
    toolPlayersSection(),
    h('h4', {}, t('library.moveTitle')),
    h('p', { class: 'hint' }, t('library.moveHint')),
    h('div', { class: 'inline' }, field(t('library.path'), path), exportButton, importButton),
  );
  panel.addEventListener('toggle', () => {
    if (panel.open) void run(refresh);
  });
  return panel;
}

/** A player's history: each event with place, record and penalties (never counted here). */
export function historyTable(view: PlayerHistoryView): HTMLElement {
  return h(
    'div',
    {},
    h('p', {}, t('library.historyOf', { name: view.player.name, count: view.events.length })),
    h(
      'table',
      { 'data-testid': 'library-history-table' },
      h('thead', {}, h('tr', {}, ...['date', 'event', 'place', 'record', 'penalties'].map((c) => h('th', { scope: 'col' }, t(`library.columns.${c}`))))),
      h(
        'tbody',
        {},
        ...view.events.map((event) =>
          h(
            'tr',
            { 'data-testid': 'library-history-row' },
            h('td', {}, event.date.slice(0, 10)),
            h('td', {}, event.name),
            h('td', { class: 'num' }, event.readable && event.place !== null ? t('library.place', { place: event.place, players: event.players }) : t('library.unreadable')),
            h('td', { class: 'num' }, event.readable ? t('standings.wld', { wins: event.wins, losses: event.losses, draws: event.draws }) : ''),
            h('td', {}, event.penalties.map((p) => `${label(PENALTIES, p.penalty)}: ${p.infraction}`).join('; ')),
          ),
        ),
      ),
    ),
    h('p', { class: 'hint' }, t('library.penaltiesHint')),
  );
}
