// Standings: rank, name, points, record and every tiebreaker as the ruleset displays it,
// dropped and disqualified players marked in words; what each player needs for the cut
// (cutLine.ts); printing and exporting the event.
import * as api from '../api';
import { call } from '../api';
import { FIRST_ROWS, afterPaint, field, fillRows, h, select } from '../dom';
import { announce } from '../feedback';
import { joinPath } from '../format';
import { decimal, has, t } from '../i18n';
import { heading, pdfButtons, printButton, projectorButton, requireEvent, run } from '../screen';
import * as state from '../state';
import { breakdownPanel } from './breakdown';
import { cutLinePanel } from './cutLine';
import type { ExportFormat, StandingsRowView, StandingsView } from '../types';
import { CSV_ENCODINGS, EXPORT_EXTENSIONS, EXPORT_FORMATS, options } from '../vocabulary';

export function mountStandings(root: HTMLElement): void {
  root.append(heading(t('standings.title')));
  if (!requireEvent(root)) return;
  const content = h('section', { class: 'panel' });
  root.append(content, cutLinePanel(), breakdownPanel(), exportPanel());
  void run(async () => {
    // The top of the table first (a large event's whole table is a long message), then
    // the whole table: its rows go under the ones shown, or replace them if a result came
    // in between.
    const top = await call('standings', { first: FIRST_ROWS });
    const shown = render(content, top);
    if (top.rows.length < FIRST_ROWS) return;
    // Printing the page waits for the whole table, which is asked for once the top is on
    // screen (reading a long answer would otherwise hold up that frame).
    shown.print.disabled = true;
    await afterPaint();
    const all = await call('standings', { first: null }).finally(() => {
      shown.print.disabled = false;
    });
    if (!shown.body.isConnected) return;
    if (sameTop(top, all)) shown.add(all.rows.slice(top.rows.length));
    else render(content, all);
  });
}

/** Whether `all` begins with the rows of `top` (nothing changed between the two asks). */
function sameTop(top: StandingsView, all: StandingsView): boolean {
  return (
    top.completed_rounds === all.completed_rounds &&
    JSON.stringify(top.chain) === JSON.stringify(all.chain) &&
    JSON.stringify(top.rows) === JSON.stringify(all.rows.slice(0, top.rows.length))
  );
}

/** A tiebreaker's column name; unknown ids are shown as they are. */
function tiebreakerName(id: string): string {
  return has(`tiebreakers.${id}`) ? t(`tiebreakers.${id}`) : id;
}

function statusText(row: StandingsRowView): string {
  const parts: string[] = [];
  if (row.disqualified) parts.push(t('standings.disqualified'));
  else if (row.dropped) parts.push(t('standings.dropped'));
  else if (row.eliminated) parts.push(t('standings.eliminated'));
  if (row.decided_by_random) parts.push(t('standings.random'));
  return parts.join(', ');
}

/**
 * Whether the player's own match-win rate gets a column of its own: only when the ruleset
 * reports it and its tiebreaker chain does not already show it (Bandai's chain starts with
 * `match-win`), as the CLI's table does.
 */
export function showMatchWinColumn(standings: StandingsView): boolean {
  return !standings.chain.includes('match-win') && standings.rows.some((row) => row.match_win !== null);
}

/** The table as shown, and a way to add rows under it. */
type Shown = { body: HTMLElement; print: HTMLButtonElement; add: (rows: readonly StandingsRowView[]) => void };

function render(section: HTMLElement, standings: StandingsView): Shown {
  const withMatchWin = showMatchWinColumn(standings);
  // Each column's kind sets its width (a fixed layout: rows added a frame at a time never
  // make the browser measure every cell again).
  const headers: [string, string][] = [
    [t('standings.rank'), 'rank'],
    [t('standings.name'), 'name'],
    [t('standings.points'), 'points'],
    [t('standings.record'), 'value'],
    ...(withMatchWin ? [[tiebreakerName('match-win'), 'value'] as [string, string]] : []),
    ...standings.chain.map((id): [string, string] => [tiebreakerName(id), 'value']),
    [t('standings.status'), 'status'],
  ];
  const body = h('tbody');
  const print = printButton('print-standings');
  const rowOf = (row: StandingsRowView) =>
    h(
      'tr',
      { 'data-testid': 'standings-row', 'data-player': row.player, class: row.dropped ? 'inactive' : undefined },
      h('td', { class: 'num', 'data-testid': 'standings-rank' }, row.rank),
      h('th', { scope: 'row', 'data-testid': 'standings-name' }, row.name),
      h('td', { class: 'num', 'data-testid': 'standings-points' }, row.points),
      h('td', { class: 'num' }, t('standings.wld', { wins: row.wins, losses: row.losses, draws: row.draws })),
      withMatchWin ? h('td', { class: 'num' }, row.match_win ? decimal(row.match_win.display) : '—') : null,
      ...row.tiebreakers.map((value) => h('td', { class: 'num', 'data-testid': 'standings-tiebreaker' }, decimal(value.display))),
      h('td', {}, statusText(row)),
    );
  const heading = t('standings.after', { rounds: standings.completed_rounds });
  section.replaceChildren(
    h('h3', {}, heading),
    h('div', { class: 'actions no-print' }, print, projectorButton('standings', 'standings-projector')),
    pdfButtons(['standings', 'breakdown', 'cut-line']),
    h(
      'div',
      // A region the keyboard can scroll when the columns are wider than the window.
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': heading },
      h(
        'table',
        { 'data-testid': 'standings-table', class: 'standings-grid' },
        h('thead', {}, h('tr', {}, ...headers.map(([text, kind]) => h('th', { scope: 'col', class: `col-${kind}` }, text)))),
        body,
      ),
    ),
  );
  // The first rows show at once; the rest follow a chunk per frame.
  const add = (rows: readonly StandingsRowView[]) => fillRows(body, rows, rowOf);
  add(standings.rows);
  return { body, print, add };
}

function exportPanel(): HTMLElement {
  const { export_formats: formats, encodings } = state.catalogue();
  const format = select({ 'data-testid': 'export-format' }, options(EXPORT_FORMATS, formats), 'standings-csv');
  const encoding = select({ 'data-testid': 'export-encoding' }, options(CSV_ENCODINGS, encodings), 'utf8-bom');
  const path = h('input', { type: 'text', 'data-testid': 'export-path', autocomplete: 'off' });
  const choose = h('button', { type: 'button', 'data-testid': 'export-choose' }, t('export.choose'));
  const write = h('button', { type: 'button', class: 'primary', 'data-testid': 'export' }, t('export.export'));
  const chosen = (): ExportFormat => formats.find((id) => id === format.value) ?? 'standings-csv';
  const ask = async (): Promise<string | null> => {
    const id = chosen();
    const extension = EXPORT_EXTENSIONS[id];
    const name = `${state.event()?.name ?? 'event'}-${id}.${extension}`;
    const folder = state.appInfo()?.default_folder;
    const picked = await api.chooseExportFile(t('export.choose'), folder ? joinPath(folder, name) : name, extension);
    if (picked) path.value = picked;
    return picked;
  };
  choose.addEventListener('click', () => void run(ask, choose));
  write.addEventListener('click', () => {
    void run(async () => {
      const target = path.value.trim() || (await ask());
      if (!target) return;
      const written = await call('export', { format: chosen(), path: target, encoding: encodings.find((e) => e === encoding.value) ?? null });
      const lost = written.unrepresentable ?? [];
      announce([t('export.written', { path: written.written }), lost.length > 0 ? t('export.unrepresentable', { chars: lost.join(' ') }) : ''].join(' '));
    }, write);
  });
  return h(
    'section',
    { class: 'panel no-print' },
    h('h3', {}, t('export.title')),
    field(t('export.format'), format),
    field(t('export.encoding'), encoding, t('export.encodingHint')),
    h('div', { class: 'inline' }, field(t('export.path'), path), choose),
    h('div', { class: 'actions' }, write),
  );
}
