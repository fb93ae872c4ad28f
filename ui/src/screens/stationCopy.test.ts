import { describe, expect, it } from 'vitest';
import { copyState } from './start';

describe("a station's copy of the event", () => {
  it('says whether it is up to date, how far behind, or that the main laptop is silent', () => {
    expect(copyState(null).key).toBe('station.copyNone');
    expect(copyState({ file: '/x.tkevent', step: 12, newest: 12, problem: null })).toEqual({ key: 'station.copyUpToDate', params: { step: 12 } });
    expect(copyState({ file: '/x.tkevent', step: 10, newest: 12, problem: null })).toEqual({ key: 'station.copyBehind', params: { step: 10, count: 2 } });
    const silent = { kind: 'connection-lost', message: 'gone', key: 'error.connection-lost', params: {} } as never;
    expect(copyState({ file: '/x.tkevent', step: 10, newest: 12, problem: silent }).key).toBe('station.copyStale');
  });
});
