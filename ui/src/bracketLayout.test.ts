// The bracket drawing: columns per round, each match joined to where its winner (and, for a
// third-place match or a lower bracket, its loser) plays next, and the champion at the end.
import { describe, expect, it } from 'vitest';
import { BOX_HEIGHT, GAP_Y, layoutBracket, loserOf } from './bracketLayout';
import type { BracketMatchView, BracketSeat, BracketView } from './types';

const seat = (seed: number): BracketSeat => ({ seed, player: seed, name: `P${seed}` });
const match = (a: number | null, b: number | null, winner: number | null = null, extra: Partial<BracketMatchView> = {}): BracketMatchView => ({
  table: null,
  a: a === null ? null : seat(a),
  b: b === null ? null : seat(b),
  winner,
  result:
    winner === null
      ? null
      : { kind: 'win', summary: { key: 'result.summary.score', text: '2-0', params: { score: '2-0' } }, winner: 'a', games: { a: 2, b: 0, draws: 0 } },
  bracket: null,
  part: null,
  ...extra,
});

function topEight(): BracketView {
  return {
    size: 8,
    third_place: true,
    double: false,
    seeds: [1, 2, 3, 4, 5, 6, 7, 8].map(seat),
    rounds: [
      { number: 4, label: 'quarterfinal', matches: [match(1, 8, 1), match(4, 5, 4), match(2, 7, 7), match(3, 6, 3)] },
      { number: 5, label: 'semifinal', matches: [match(1, 4, 1), match(7, 3, 3)] },
      { number: null, label: 'final', matches: [match(null, null)] },
    ],
    third_place_match: match(4, 7),
    champion: null,
    next: 'results',
  };
}

describe('layoutBracket', () => {
  it('puts each round in its own column, left to right, and the champion last', () => {
    const layout = layoutBracket(topEight());
    expect(layout.columns.map((c) => c.label)).toEqual(['quarterfinal', 'semifinal', 'final', 'champion']);
    const xs = layout.columns.map((c) => c.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(layout.boxes.filter((b) => b.kind === 'match')).toHaveLength(7);
    expect(layout.boxes.find((b) => b.kind === 'champion')).toBeDefined();
  });

  it('centres each match between the two it follows from, and joins them', () => {
    const layout = layoutBracket(topEight());
    const box = (id: string) => layout.boxes.find((b) => b.id === id);
    expect(box('r1m0')?.y).toBe(((box('r0m0')?.y ?? 0) + (box('r0m1')?.y ?? 0)) / 2);
    expect(box('r2m0')?.y).toBe(((box('r1m0')?.y ?? 0) + (box('r1m1')?.y ?? 0)) / 2);
    const into = (id: string) => layout.lines.filter((l) => l.to === id && l.kind === 'winner').map((l) => l.from).sort();
    expect(into('r1m0')).toEqual(['r0m0', 'r0m1']);
    expect(into('r1m1')).toEqual(['r0m2', 'r0m3']);
    expect(into('r2m0')).toEqual(['r1m0', 'r1m1']);
    expect(into('champion')).toEqual(['r2m0']);
  });

  it('joins the semifinal losers to the third-place match', () => {
    const layout = layoutBracket(topEight());
    const losers = layout.lines.filter((l) => l.to === 'third').map((l) => [l.from, l.kind]);
    expect(losers.sort()).toEqual([
      ['r1m0', 'loser'],
      ['r1m1', 'loser'],
    ]);
  });

  it('spaces the first round by box height and gap, and lines go right', () => {
    const layout = layoutBracket(topEight());
    const first = layout.boxes.filter((b) => b.column === 0).map((b) => b.y);
    expect(first[1]! - first[0]!).toBe(BOX_HEIGHT + GAP_Y);
    for (const line of layout.lines) expect(line.path).toMatch(/^M [\d.]+ [\d.]+ H [\d.]+ V [\d.]+ H [\d.]+$/);
    expect(layout.height).toBeGreaterThan(Math.max(...layout.boxes.map((b) => b.y)));
  });

  it('draws double elimination in an upper and a lower part, losers dropping down', () => {
    const view: BracketView = {
      size: 4,
      third_place: false,
      double: true,
      seeds: [1, 2, 3, 4].map(seat),
      rounds: [
        { number: 4, label: 'double-elimination', matches: [match(1, 4, 1, { bracket: 1, part: 'upper' }), match(2, 3, 2, { bracket: 2, part: 'upper' })] },
        { number: 5, label: 'double-elimination', matches: [match(1, 2, 2, { bracket: 3, part: 'upper' }), match(4, 3, 3, { bracket: 4, part: 'lower' })] },
        { number: 6, label: 'double-elimination', matches: [match(1, 3, 1, { bracket: 5, part: 'lower' })] },
        { number: 7, label: 'double-elimination', matches: [match(2, 1, 2, { bracket: 6, part: 'grand-final' })] },
      ],
      third_place_match: null,
      champion: seat(2),
      next: 'finished',
    };
    const layout = layoutBracket(view);
    expect(layout.sections.map((s) => s.label)).toEqual(['upper', 'lower']);
    const lowerTop = layout.sections[1]?.y ?? 0;
    const box = (column: number, bracket: number) => layout.boxes.find((b) => b.column === column && b.match?.bracket === bracket);
    expect(box(1, 4)?.y).toBeGreaterThanOrEqual(lowerTop);
    expect(box(1, 3)?.y).toBeLessThan(lowerTop);
    const line = (from: string | undefined, to: string | undefined) => layout.lines.find((l) => l.from === from && l.to === to)?.kind;
    // Bracket 1: seed 1 wins into bracket 3 (upper), seed 4 drops to bracket 4 (lower).
    expect(line(box(0, 1)?.id, box(1, 3)?.id)).toBe('winner');
    expect(line(box(0, 1)?.id, box(1, 4)?.id)).toBe('loser');
    // Bracket 3's loser (seed 1) drops to bracket 5; the lower final's winner meets seed 2.
    expect(line(box(1, 3)?.id, box(2, 5)?.id)).toBe('loser');
    expect(line(box(2, 5)?.id, box(3, 6)?.id)).toBe('winner');
    expect(layout.lines.find((l) => l.to === 'champion')?.from).toBe(box(3, 6)?.id);
  });

  it('knows who lost a decided match', () => {
    expect(loserOf(match(1, 8, 1))).toBe(8);
    expect(loserOf(match(1, 8))).toBeNull();
    expect(loserOf(match(1, null, 1))).toBeNull();
  });
});
