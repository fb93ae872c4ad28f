// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ShareState } from '../api';
import { portInBox } from './share';

const serving = (port: number, stopped = false): ShareState => ({
  port,
  urls: [`http://192.168.1.5:${port}/`],
  qr_svg: null,
  join_code: 'K7PX-M3QD-ABCD-EFGH-JKMN',
  local_url: `http://127.0.0.1:${port}/`,
  stopped: stopped ? { key: 'error.io', params: {}, text: 'gone' } : null,
});

describe('the port box on Share', () => {
  it('shows the port the network reaches while sharing runs, not the one typed before', () => {
    // A station that took over serves on the port it could get.
    expect(portInBox(serving(8081), '8080')).toBe('8081');
  });

  it('keeps what was typed while nothing is shared, or after sharing stopped by itself', () => {
    expect(portInBox(null, '9000')).toBe('9000');
    expect(portInBox(serving(8081, true), '8080')).toBe('8080');
  });
});
