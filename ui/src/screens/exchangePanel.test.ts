import { describe, expect, it } from 'vitest';
import { worthSaying } from '../exchangeWatch';
import { importSummary, shopLabel } from './exchangePanel';

describe('the exchange between shops', () => {
  it('shows a shop by its name and fingerprint, or its fingerprint alone', () => {
    expect(shopLabel({ name: 'Card Shop Kanda', fingerprint: '3F2A-9C41-0B7E-55D2' })).toBe('Card Shop Kanda (3F2A-9C41-0B7E-55D2)');
    expect(shopLabel({ name: '', fingerprint: '3F2A-9C41-0B7E-55D2' })).toBe('3F2A-9C41-0B7E-55D2');
  });

  it('says what an import took, or that nothing was new', () => {
    const view = { bundles: [], events: 0, changes: 0, conflicts: [], players: 40 };
    expect(importSummary(view)).toEqual({ key: 'exchange.nothingNew', params: {} });
    expect(importSummary({ ...view, events: 3, changes: 120 })).toEqual({ key: 'exchange.taken', params: { events: 3, changes: 120, players: 40 } });
  });

  it('tells the scorekeeper once of each bundle taken, waiting or refused', () => {
    const told = new Set<string>();
    const here = { file: 'a.tkbundle', outcome: 'already-here' };
    const waiting = { file: 'b.tkbundle', outcome: 'waiting' };
    expect(worthSaying([here], told)).toBe(0);
    expect(worthSaying([], told)).toBe(0);
    expect(worthSaying([here, waiting], told)).toBe(1);
    expect(worthSaying([here, waiting], told)).toBe(0);
    expect(worthSaying([{ file: 'b.tkbundle', outcome: 'taken' }, { file: 'c.tkbundle', outcome: 'tampered' }], told)).toBe(2);
  });
});
