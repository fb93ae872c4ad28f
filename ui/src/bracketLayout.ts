// Where each match of a top-cut bracket goes when it is drawn as a bracket: one column per
// round, each match joined to the match its winner (solid) or loser (dashed, into the lower
// bracket or the third-place match) plays next, and the champion at the end. Pure: the Top
// cut screen and the projector window draw the boxes and lines it returns.
import type { BracketMatchView, BracketPart, BracketSeat, BracketView } from './types';

export const BOX_WIDTH = 232;
export const BOX_HEIGHT = 76;
export const GAP_X = 56;
export const GAP_Y = 18;
/** Room above the boxes for the column headings. */
export const HEADER = 36;
/** Room between the upper and the lower bracket of double elimination. */
export const SECTION_GAP = 44;

export type BoxKind = 'match' | 'third-place' | 'champion';

export type Box = {
  id: string;
  kind: BoxKind;
  column: number;
  x: number;
  y: number;
  /** The match (null for the champion's box). */
  match: BracketMatchView | null;
  /** For the champion's box. */
  champion: BracketSeat | null;
};

export type Line = {
  from: string;
  to: string;
  /** `winner`: the winner moves on; `loser`: the loser plays on (lower bracket, third place). */
  kind: 'winner' | 'loser';
  /** SVG path from the right edge of `from` to the left edge of `to`. */
  path: string;
};

export type Column = {
  x: number;
  /** The bracket round's label (`semifinal`, `double-elimination`, …), or `champion`. */
  label: string;
  /** The event round number once paired. */
  number: number | null;
};

export type Section = { label: 'upper' | 'lower'; y: number };

export type Layout = {
  width: number;
  height: number;
  columns: Column[];
  boxes: Box[];
  lines: Line[];
  /** Double elimination: where the upper and the lower bracket start. */
  sections: Section[];
};

const unit = BOX_HEIGHT + GAP_Y;
const columnX = (column: number) => column * (BOX_WIDTH + GAP_X);

/** The players of a match (seat A, seat B), when seated. */
function players(match: BracketMatchView): number[] {
  return [match.a?.player, match.b?.player].filter((p): p is number => p !== undefined);
}

/** The player who lost a decided match with two players. */
export function loserOf(match: BracketMatchView): number | null {
  if (match.winner === null || !match.a || !match.b) return null;
  return match.winner === match.a.player ? match.b.player : match.a.player;
}

function elbow(from: Box, to: Box): string {
  const x1 = from.x + BOX_WIDTH;
  const y1 = from.y + BOX_HEIGHT / 2;
  const x2 = to.x;
  const y2 = to.y + BOX_HEIGHT / 2;
  const middle = x1 + Math.max(12, (x2 - x1) / 2);
  return `M ${x1} ${y1} H ${middle} V ${y2} H ${x2}`;
}

/**
 * Joins each match to the next match of each of its players: the winner's (solid) and the
 * loser's (dashed). Works for any bracket, whatever decided who meets whom.
 */
function linkByPlayers(boxes: Box[], byColumn: Box[][], lines: Line[], linked: Set<string>): void {
  for (const box of boxes) {
    const match = box.match;
    if (!match || box.kind === 'champion') continue;
    for (const player of players(match)) {
      // The match this player played last before this one.
      for (let column = box.column - 1; column >= 0; column -= 1) {
        const earlier = (byColumn[column] ?? []).find((b) => b.match !== null && players(b.match).includes(player));
        if (!earlier?.match) continue;
        const kind = earlier.match.winner === player ? 'winner' : loserOf(earlier.match) === player ? 'loser' : null;
        const key = `${earlier.id}>${box.id}`;
        if (kind && !linked.has(key)) {
          linked.add(key);
          lines.push({ from: earlier.id, to: box.id, kind, path: elbow(earlier, box) });
        }
        break;
      }
    }
  }
}

export function layoutBracket(view: BracketView): Layout {
  return view.double ? doubleLayout(view) : singleLayout(view);
}

function singleLayout(view: BracketView): Layout {
  const boxes: Box[] = [];
  const lines: Line[] = [];
  const linked = new Set<string>();
  const byColumn: Box[][] = [];
  const first = view.rounds[0]?.matches.length ?? 0;
  const columnHeight = Math.max(1, first) * unit;
  view.rounds.forEach((round, column) => {
    const previous = byColumn[column - 1] ?? [];
    // A fixed bracket: two slots of one round feed one of the next. A random draw every
    // round (or anything else) spreads the matches and joins them by their players.
    const halves = column > 0 && previous.length === round.matches.length * 2 && !view.random_each_round;
    const boxesHere = round.matches.map((match, index): Box => {
      let y: number;
      if (column === 0) y = HEADER + index * unit;
      else if (halves) {
        const a = previous[2 * index];
        const b = previous[2 * index + 1];
        y = a && b ? (a.y + b.y) / 2 : HEADER + index * unit;
      } else {
        const slot = columnHeight / Math.max(1, round.matches.length);
        y = HEADER + index * slot + (slot - unit) / 2;
      }
      return { id: `r${column}m${index}`, kind: 'match', column, x: columnX(column), y, match, champion: null };
    });
    if (halves) {
      boxesHere.forEach((box, index) => {
        for (const feeder of [previous[2 * index], previous[2 * index + 1]]) {
          if (!feeder) continue;
          linked.add(`${feeder.id}>${box.id}`);
          lines.push({ from: feeder.id, to: box.id, kind: 'winner', path: elbow(feeder, box) });
        }
      });
    }
    byColumn.push(boxesHere);
    boxes.push(...boxesHere);
  });
  const last = byColumn.length - 1;
  const finalBox = byColumn[last]?.[0];
  let height = HEADER + columnHeight;
  if (view.third_place_match && last >= 0) {
    const y = (finalBox?.y ?? HEADER) + unit * 1.5;
    const third: Box = { id: 'third', kind: 'third-place', column: last, x: columnX(last), y, match: view.third_place_match, champion: null };
    byColumn[last]?.push(third);
    boxes.push(third);
    height = Math.max(height, y + unit);
  }
  linkByPlayers(boxes, byColumn, lines, linked);
  const columns: Column[] = view.rounds.map((round, column) => ({ x: columnX(column), label: round.label, number: round.number }));
  if (finalBox) {
    const column = byColumn.length;
    const champion: Box = { id: 'champion', kind: 'champion', column, x: columnX(column), y: finalBox.y, match: null, champion: view.champion };
    boxes.push(champion);
    columns.push({ x: columnX(column), label: 'champion', number: null });
    lines.push({ from: finalBox.id, to: champion.id, kind: 'winner', path: elbow(finalBox, champion) });
  }
  return { width: columnX(columns.length) - GAP_X, height, columns, boxes, lines, sections: [] };
}

const UPPER_PARTS: ReadonlySet<BracketPart> = new Set<BracketPart>(['upper', 'grand-final', 'reset']);

function doubleLayout(view: BracketView): Layout {
  const boxes: Box[] = [];
  const lines: Line[] = [];
  const byColumn: Box[][] = [];
  const upper = view.rounds.map((round) => round.matches.filter((m) => UPPER_PARTS.has(m.part ?? 'upper')));
  const lower = view.rounds.map((round) => round.matches.filter((m) => !UPPER_PARTS.has(m.part ?? 'upper')));
  const upperRows = Math.max(1, ...upper.map((m) => m.length));
  const lowerRows = Math.max(0, ...lower.map((m) => m.length));
  const upperTop = HEADER + 24;
  const lowerTop = upperTop + upperRows * unit + SECTION_GAP;
  const place = (matches: BracketMatchView[], rows: number, top: number, column: number, prefix: string): Box[] =>
    matches.map((match, index) => {
      const slot = (rows * unit) / matches.length;
      return { id: `${prefix}${column}m${index}`, kind: 'match', column, x: columnX(column), y: top + index * slot + (slot - unit) / 2, match, champion: null };
    });
  view.rounds.forEach((_, column) => {
    const here = [...place(upper[column] ?? [], upperRows, upperTop, column, 'u'), ...place(lower[column] ?? [], Math.max(1, lowerRows), lowerTop, column, 'l')];
    byColumn.push(here);
    boxes.push(...here);
  });
  linkByPlayers(boxes, byColumn, lines, new Set());
  const columns: Column[] = view.rounds.map((round, column) => ({ x: columnX(column), label: round.label, number: round.number }));
  if (view.champion) {
    const column = byColumn.length;
    const lastPlayed = [...boxes].reverse().find((b) => b.match?.winner === view.champion?.player);
    const champion: Box = { id: 'champion', kind: 'champion', column, x: columnX(column), y: lastPlayed?.y ?? upperTop, match: null, champion: view.champion };
    boxes.push(champion);
    columns.push({ x: columnX(column), label: 'champion', number: null });
    if (lastPlayed) lines.push({ from: lastPlayed.id, to: champion.id, kind: 'winner', path: elbow(lastPlayed, champion) });
  }
  const sections: Section[] = [{ label: 'upper', y: upperTop }];
  if (lowerRows > 0) sections.push({ label: 'lower', y: lowerTop });
  const height = lowerRows > 0 ? lowerTop + lowerRows * unit : upperTop + upperRows * unit;
  return { width: columnX(columns.length) - GAP_X, height, columns, boxes, lines, sections };
}
