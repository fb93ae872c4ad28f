import { describe, expect, it } from 'vitest';

import type { PairingsView } from '../bindings/PairingsView';
import { pairingsByName } from './projectorBoards';

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
