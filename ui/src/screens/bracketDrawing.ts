// The top-cut bracket drawn as a bracket (bracketLayout.ts places it): a column per round,
// a box per match with the seeds, names, table and result, the winner marked, lines to the
// next round (dashed where a loser plays on), and the champion. Plain HTML boxes over one SVG
// of lines; used by the Top cut screen and the projector window.
import { BOX_HEIGHT, BOX_WIDTH, layoutBracket, type Box } from '../bracketLayout';
import { h } from '../dom';
import { bracketLabel, gameScore } from '../format';
import { has, t } from '../i18n';
import type { BracketMatchView, BracketSeat, BracketView, ResultView } from '../types';

const SVG = 'http://www.w3.org/2000/svg';

/** A match's result in words: the game score, a bye or a double loss; who won is marked. */
export function bracketResult(result: ResultView | null): string | null {
  if (result === null) return null;
  if (result.games) return gameScore(result);
  if (result.kind === 'bye') return t('round.bye');
  if (result.kind === 'double-loss') return t('result.doubleLoss');
  return null;
}

/** Records that seat `side` of `match` won (the Top cut screen; the projector only shows). */
export type OnWinner = (match: BracketMatchView, side: 'a' | 'b', seat: BracketSeat) => void;

function seatLine(match: BracketMatchView, seat: BracketSeat | null, bye: boolean, side: 'a' | 'b', onWinner?: OnWinner): HTMLElement {
  if (!seat) {
    return h('div', { class: 'seat empty' }, bye ? t('round.bye') : t('cut.undecided'));
  }
  const decided = match.winner !== null;
  const won = decided && match.winner === seat.player;
  // A match being played takes its result here: click the winner (no trip to Results).
  if (onWinner && !decided && match.table !== null && match.a !== null && match.b !== null) {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'seat pick',
        'data-player': seat.player,
        'data-testid': 'bracket-pick',
        'aria-label': t('cut.pickWinner', { name: seat.name, table: match.table }),
        title: t('cut.pickWinner', { name: seat.name, table: match.table }),
      },
      h('span', { class: 'seed' }, t('cut.seedNumber', { seed: seat.seed })),
      h('span', { class: 'name' }, seat.name),
    );
    button.addEventListener('click', () => onWinner(match, side, seat));
    return button;
  }
  return h(
    'div',
    { class: `seat${won ? ' won' : decided ? ' lost' : ''}`, 'data-player': seat.player },
    h('span', { class: 'seed' }, t('cut.seedNumber', { seed: seat.seed })),
    h('span', { class: 'name' }, seat.name),
    won ? h('span', { class: 'mark' }, '✓', h('span', { class: 'visually-hidden' }, ` ${t('cut.winner')}`)) : null,
  );
}

function part(match: BracketMatchView): string | null {
  if (match.bracket === null) return null;
  const name = match.part && has(`cut.parts.${match.part}`) ? t(`cut.parts.${match.part}`) : (match.part ?? '');
  return t('cut.bracketNo', { bracket: match.bracket, part: name });
}

function matchBox(box: Box, match: BracketMatchView, onWinner?: OnWinner): HTMLElement {
  const result = bracketResult(match.result);
  const bye = match.a !== null && match.b === null && (match.table === null || match.result?.kind === 'bye');
  const top = [
    box.kind === 'third-place' ? bracketLabel('third-place') : null,
    match.table !== null ? t('cut.tableNo', { table: match.table }) : null,
    part(match),
  ].filter((x): x is string => x !== null);
  return h(
    'div',
    {
      class: `bracket-box${match.winner !== null ? ' decided' : ''}${box.kind === 'third-place' ? ' third' : ''}`,
      'data-testid': box.kind === 'third-place' ? 'third-place-match' : 'bracket-match',
      'data-table': match.table ?? '',
      'data-part': match.part ?? '',
      style: `left:${box.x}px;top:${box.y}px;width:${BOX_WIDTH}px;height:${BOX_HEIGHT}px`,
    },
    h('div', { class: 'box-top' }, h('span', {}, top.join(' ')), result ? h('span', { class: 'result', 'data-testid': 'bracket-result' }, result) : null),
    seatLine(match, match.a, false, 'a', onWinner),
    seatLine(match, match.b, bye, 'b', onWinner),
  );
}

function championBox(box: Box): HTMLElement {
  return h(
    'div',
    {
      class: `bracket-box champion-box${box.champion ? ' decided' : ''}`,
      'data-testid': 'bracket-champion',
      style: `left:${box.x}px;top:${box.y}px;width:${BOX_WIDTH}px;height:${BOX_HEIGHT}px`,
    },
    h('div', { class: 'box-top' }, t('cut.championTitle')),
    box.champion
      ? h('div', { class: 'seat won' }, h('span', { class: 'seed' }, t('cut.seedNumber', { seed: box.champion.seed })), h('span', { class: 'name' }, box.champion.name))
      : h('div', { class: 'seat empty' }, t('cut.undecided')),
  );
}

function columnTitle(label: string, number: number | null): string {
  const name = label === 'champion' ? t('cut.championTitle') : bracketLabel(label);
  return number !== null ? t('cut.columnTitle', { name, round: t('results.roundN', { round: number }) }) : name;
}

/** The bracket as a drawing (scrolls sideways when wider than the window); with `onWinner`
 * the matches being played take their winner by a click. */
export function bracketDrawing(view: BracketView, onWinner?: OnWinner): HTMLElement {
  const layout = layoutBracket(view);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', String(layout.width));
  svg.setAttribute('height', String(layout.height));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'bracket-lines');
  for (const line of layout.lines) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', line.path);
    path.setAttribute('class', `line ${line.kind}`);
    svg.append(path);
  }
  const boxes = layout.boxes.map((box) => (box.match ? matchBox(box, box.match, onWinner) : championBox(box)));
  const titles = layout.columns.map((column) =>
    h('h4', { class: 'bracket-column', style: `left:${column.x}px;width:${BOX_WIDTH}px` }, columnTitle(column.label, column.number)),
  );
  const sections = layout.sections.map((section) =>
    h('p', { class: 'bracket-section', 'data-testid': `bracket-section-${section.label}`, style: `top:${section.y - 22}px` }, t(`cut.sections.${section.label}`)),
  );
  const canvas = h('div', { class: 'bracket-canvas', style: `width:${layout.width}px;height:${layout.height}px` }, ...titles, ...sections, ...boxes);
  canvas.prepend(svg);
  return h('div', { class: 'bracket-drawing', 'data-testid': 'bracket', role: 'group', 'aria-label': t('cut.bracketTitle', { size: view.size }) }, canvas);
}
