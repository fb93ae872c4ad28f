import { describe, expect, it } from 'vitest';
import { mirrorState } from './mirrorPanel';

const view = (step: number | null, newest: number | null, problem = false) => ({
  folder: '/media/STICK',
  file: '/media/STICK/week.tkevent',
  step,
  newest,
  problem: problem ? { key: 'error.io', params: {}, text: 'gone' } : null,
});

describe('where the mirror stands', () => {
  it('says whether the copy has every step, how many are still to write, or that it failed', () => {
    expect(mirrorState({ folder: null, file: null, step: null, newest: null, problem: null }).key).toBe('mirror.off');
    expect(mirrorState(view(null, null))).toEqual({ key: 'mirror.chosen', params: { folder: '/media/STICK' } });
    expect(mirrorState(view(12, 12))).toEqual({ key: 'mirror.upToDate', params: { folder: '/media/STICK', step: 12 } });
    expect(mirrorState(view(10, 12))).toEqual({ key: 'mirror.writing', params: { folder: '/media/STICK', count: 2 } });
    expect(mirrorState(view(10, 12, true))).toEqual({ key: 'mirror.problem', params: { folder: '/media/STICK', step: 10 } });
  });
});
