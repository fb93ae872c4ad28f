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

  it('tells the scorekeeper only when a bundle was taken, waits or was refused', () => {
    expect(worthSaying(['already-here', 'already-here'])).toBe(false);
    expect(worthSaying([])).toBe(false);
    expect(worthSaying(['already-here', 'waiting'])).toBe(true);
    expect(worthSaying(['tampered'])).toBe(true);
  });
});
