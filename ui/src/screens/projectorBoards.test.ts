// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';

import type { PairingsView } from '../bindings/PairingsView';
import type { StandingsView } from '../bindings/StandingsView';
import { pairingsByName, standingsBoard } from './projectorBoards';

const seat = (player: number, name: string) => ({ player, name, points: null, outcome: null });
const table = (number: number, a: ReturnType<typeof seat>, b: ReturnType<typeof seat>) => ({ table: number, a, b, result: null });

const VIEW: PairingsView = {
  round: 2,
  pairing_seed: '1',
  complete: false,
  tables: [table(1, seat(3, 'Zoë Adams'), seat(1, 'ben Carter')), table(2, seat(2, 'Émile Zola'), seat(5, 'Aiko Tanaka'))],
  byes: [seat(4, 'Иван Петров')],
  late_entry_losses: [],
  rematches: [],
};

describe('the posted pairings', () => {
  it('lists every player once, by name, with their table and opponent', () => {
    const lines = pairingsByName(VIEW, 'en');
    expect(lines.map((line) => line.name)).toEqual(['Aiko Tanaka', 'ben Carter', 'Émile Zola', 'Zoë Adams', 'Иван Петров']);
    expect(lines[1]).toEqual({ name: 'ben Carter', player: 1, table: 1, opponent: 'Zoë Adams', seat: 'B' });
    expect(lines[4]).toEqual({ name: 'Иван Петров', player: 4, table: null, opponent: null, seat: null });
  });

  it('keeps two players of one name apart by number', () => {
    const twins: PairingsView = { ...VIEW, tables: [table(1, seat(7, 'Sam Lee'), seat(6, 'Sam Lee'))], byes: [] };
    expect(pairingsByName(twins, 'en').map((line) => line.player)).toEqual([6, 7]);
  });
});

describe('the projected standings', () => {
  const row = (rank: number, player: number, name: string) =>
    ({ rank, player, name, points: '9', wins: 3, losses: 0, draws: 0, match_win: null, tiebreakers: [], decided_by_random: false, dropped: false }) as unknown as StandingsView['rows'][number];
  const view = { completed_rounds: 3, rows: [row(1, 2, 'Aiko Tanaka'), row(2, 1, 'Ben Carter')] } as unknown as StandingsView;

  it('shows no deck while the decks are hidden', () => {
    const board = standingsBoard(view, null);
    expect(board.querySelectorAll('[data-testid=projector-deck]')).toHaveLength(0);
  });

  it("shows each player's deck once they are revealed", () => {
    const board = standingsBoard(view, [{ number: 2, name: 'Aiko Tanaka', deck: 'Dragon Empire / Overdress' }]);
    const decks = [...board.querySelectorAll('[data-testid=projector-deck]')].map((d) => d.textContent?.trim());
    expect(decks).toEqual(['Dragon Empire / Overdress']);
  });
});
